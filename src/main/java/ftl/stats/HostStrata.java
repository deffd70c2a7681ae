package ftl.stats;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * The host protocol's statistics (issue #53): boots as strata, blocks within boots. Pure: it receives, per boot and
 * block, each condition's count of negative ack-referenced spans among its complete events, and returns the within-boot
 * contrasts (exact sign-flip tests, Holm within a boot's family), the boots' rates on the log scale, the clock-source
 * contrast within a boot, and the between-boot random-effects summaries.
 *
 * <p>Rules, as the plan registers them ({@code data/hosts/plan.json}, {@code predictions.analysis}):
 * <ul>
 *   <li>a block's rate ratio is {@link BlockRateRatio#of} (0.5 added to both counts when either is zero, counted);</li>
 *   <li>a block's rate of one condition is {@code x / n}, or {@code (x + 0.5) / n} when {@code x = 0} (counted);</li>
 *   <li>a contrast's p is the exact one-sided sign-flip p ({@link SignFlip}, "greater") of the per-block log ratios,
 *       Holm-adjusted ({@link Holm}) over the boot's family; its estimate the geometric mean of the ratios with a
 *       Student t interval of the logs ({@link BlockStats#mean});</li>
 *   <li>a boot's estimate for the between-boot model is the mean log of its blocks with the variance of that mean,
 *       {@code s^2 / n} (NaN below two blocks);</li>
 *   <li>the clock-source contrast of a boot is the difference of the mean log base rate under the first clock source
 *       and the second ({@code tsc} over {@code kvm-clock}), variance {@code s1^2/n1 + s2^2/n2}, with an exact
 *       two-sample permutation test ({@link TwoSamplePermutation}) and a t interval on {@code n1 + n2 - 2} degrees of
 *       freedom;</li>
 *   <li>between boots: DerSimonian–Laird and REML fits ({@link RandomEffectsMeta}); the spread of a rate is the largest
 *       over the smallest boot geometric mean.</li>
 * </ul>
 */
public final class HostStrata {
  private HostStrata() {}

  /** The zero-count continuity correction of a single rate, as of a ratio ({@link BlockRateRatio#CORRECTION}). */
  public static final double CORRECTION = BlockRateRatio.CORRECTION;

  /**
   * A condition's negatives among its complete events in one block.
   *
   * @param negatives {@code x >= 0}
   * @param events {@code n >= 1}, at least {@code x}
   */
  public record Count(long negatives, long events) {
    public Count {
      if (events < 1 || negatives < 0 || negatives > events) {
        throw new IllegalArgumentException("a count has 0 <= negatives <= events, events >= 1: " + negatives + " of "
            + events);
      }
    }

    /** {@code x / n}, or {@code (x + 0.5) / n} when {@code x = 0}. */
    public double rate() {
      return (negatives == 0 ? CORRECTION : negatives) / (double) events;
    }

    /** Whether {@link #rate} took the correction. */
    public boolean corrected() {
      return negatives == 0;
    }
  }

  /**
   * One block of a boot.
   *
   * @param block the campaign's block number
   * @param clock the clock source the block ran under ("" when none was planned)
   * @param counts by condition: the usable conditions only
   */
  public record Block(int block, String clock, Map<String, Count> counts) {
    public Block {
      Objects.requireNonNull(clock, "clock");
      counts = Map.copyOf(counts);
    }
  }

  /**
   * A contrast of two conditions: {@code numerator} over {@code denominator}.
   *
   * @param id its key segment
   */
  public record Contrast(String id, String numerator, String denominator) {
  }

  /**
   * A rate or ratio summarised over a boot's blocks on the log scale.
   *
   * @param blocks the blocks it rests on
   * @param corrected blocks that took the zero-count correction
   * @param interval geometric mean and its t interval ({@link BlockStats.Interval}, ends NaN below two blocks)
   * @param logMean mean of the logs (NaN without blocks)
   * @param logVariance variance of that mean, {@code s^2 / n} (NaN below two blocks)
   */
  public record LogSummary(int blocks, int corrected, BlockStats.Interval interval, double logMean,
      double logVariance) {
    static LogSummary of(double[] logs, int corrected, double level) {
      BlockStats.Interval l = BlockStats.mean(logs, level);
      double var = Double.NaN;
      if (logs.length >= 2) {
        double ss = 0;
        for (double v : logs) {
          ss += (v - l.estimate()) * (v - l.estimate());
        }
        var = ss / (logs.length - 1) / logs.length;
      }
      return new LogSummary(logs.length, corrected, new BlockStats.Interval(l.blocks(), Math.exp(l.estimate()),
          Math.exp(l.lower()), Math.exp(l.upper())), l.estimate(), var);
    }
  }

  /**
   * A within-boot contrast.
   *
   * @param summary the geometric mean ratio over blocks
   * @param p the exact one-sided sign-flip p ("greater"); NaN without blocks
   * @param pHolm {@code p} Holm-adjusted within the boot's family
   */
  public record ContrastResult(LogSummary summary, double p, double pHolm) {
  }

  /**
   * The clock-source contrast within one boot: the base rate under {@code first} over that under {@code second}.
   *
   * @param firstBlocks blocks under the first clock source
   * @param secondBlocks blocks under the second
   * @param ratio {@code exp(mean log first - mean log second)}
   * @param lower lower end of its t interval
   * @param upper upper end
   * @param logDifference the difference of mean logs
   * @param logVariance {@code s1^2/n1 + s2^2/n2}
   * @param p the exact two-sample permutation test's p-values
   */
  public record ClockContrast(int firstBlocks, int secondBlocks, double ratio, double lower, double upper,
      double logDifference,
                              double logVariance, ExactPermutation.PValues p) {
  }

  /**
   * One boot's results.
   *
   * @param rates each condition's rate summarised over the boot's blocks
   * @param contrasts the family's contrasts, in family order
   * @param clock the clock-source contrast of {@code base}, or null when the boot ran under fewer than two clock
   *     sources (or either has fewer than two blocks)
   */
  public record BootResult(Map<String, LogSummary> rates, Map<String, ContrastResult> contrasts, ClockContrast clock) {
    public BootResult {
      rates = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(rates));
      contrasts = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(contrasts));
    }
  }

  /**
   * One boot's statistics.
   *
   * @param blocks the boot's blocks (usable runs only)
   * @param conditions the conditions whose rates are summarised
   * @param family the within-boot contrasts, Holm-adjusted together
   * @param clocks the two clock sources of the clock contrast, first over second, and the condition it compares
   * @param level confidence level of every interval
   */
  public static BootResult boot(List<Block> blocks, List<String> conditions, List<Contrast> family, ClockPair clocks,
      double level) {
    Map<String, LogSummary> rates = new LinkedHashMap<>();
    for (String c : conditions) {
      List<Double> logs = new ArrayList<>();
      int corrected = 0;
      for (Block b : blocks) {
        Count k = b.counts().get(c);
        if (k != null) {
          logs.add(Math.log(k.rate()));
          corrected += k.corrected() ? 1 : 0;
        }
      }
      rates.put(c, LogSummary.of(logs.stream().mapToDouble(Double::doubleValue).toArray(), corrected, level));
    }
    List<LogSummary> summaries = new ArrayList<>();
    double[] raw = new double[family.size()];
    for (int i = 0; i < family.size(); i++) {
      Contrast k = family.get(i);
      List<Double> logs = new ArrayList<>();
      int corrected = 0;
      for (Block b : blocks) {
        Count x1 = b.counts().get(k.numerator());
        Count x0 = b.counts().get(k.denominator());
        if (x1 != null && x0 != null) {
          BlockRateRatio.Block r = BlockRateRatio.of(x1.negatives(), x1.events(), x0.negatives(), x0.events());
          logs.add(r.logRatio());
          corrected += r.corrected() ? 1 : 0;
        }
      }
      double[] v = logs.stream().mapToDouble(Double::doubleValue).toArray();
      summaries.add(LogSummary.of(v, corrected, level));
      raw[i] = v.length == 0 ? Double.NaN : SignFlip.test(v).p().greater();
    }
    double[] adjusted = holm(raw);
    Map<String, ContrastResult> contrasts = new LinkedHashMap<>();
    for (int i = 0; i < family.size(); i++) {
      contrasts.put(family.get(i).id(), new ContrastResult(summaries.get(i), raw[i], adjusted[i]));
    }
    return new BootResult(rates, contrasts, clocks == null ? null : clockContrast(blocks, clocks, level));
  }

  /** Holm over the defined p-values; an undefined one stays NaN and does not count in the family. */
  static double[] holm(double[] raw) {
    List<Integer> defined = new ArrayList<>();
    for (int i = 0; i < raw.length; i++) {
      if (!Double.isNaN(raw[i])) {
        defined.add(i);
      }
    }
    double[] out = new double[raw.length];
    java.util.Arrays.fill(out, Double.NaN);
    if (defined.isEmpty()) {
      return out;
    }
    double[] p = defined.stream().mapToDouble(i -> raw[i]).toArray();
    double[] adj = Holm.adjust(p);
    for (int j = 0; j < adj.length; j++) {
      out[defined.get(j)] = adj[j];
    }
    return out;
  }

  /**
   * The two clock sources of the clock-source contrast and the condition whose rate it compares.
   *
   * @param first the numerator's clock source ({@code tsc})
   * @param second the denominator's ({@code kvm-clock})
   * @param condition the condition ({@code base})
   */
  public record ClockPair(String first, String second, String condition) {
  }

  private static ClockContrast clockContrast(List<Block> blocks, ClockPair pair, double level) {
    List<Double> a = new ArrayList<>();
    List<Double> b = new ArrayList<>();
    for (Block k : blocks) {
      Count c = k.counts().get(pair.condition());
      if (c == null) {
        continue;
      }
      if (k.clock().equals(pair.first())) {
        a.add(c.rate());
      } else if (k.clock().equals(pair.second())) {
        b.add(c.rate());
      }
    }
    if (a.size() < 2 || b.size() < 2) {
      return null;
    }
    double[] la = LogScale.logs(a.stream().mapToDouble(Double::doubleValue).toArray());
    double[] lb = LogScale.logs(b.stream().mapToDouble(Double::doubleValue).toArray());
    LogSummary sa = LogSummary.of(la, 0, level);
    LogSummary sb = LogSummary.of(lb, 0, level);
    double diff = sa.logMean() - sb.logMean();
    double var = sa.logVariance() + sb.logVariance();
    double half = new TDistribution(null, la.length + lb.length - 2).inverseCumulativeProbability(1 - (1 - level) / 2)
        * Math.sqrt(var);
    return new ClockContrast(la.length, lb.length, Math.exp(diff), Math.exp(diff - half), Math.exp(diff + half), diff,
        var,
        TwoSamplePermutation.test(la, lb).p());
  }

  /**
   * Between boots: the random-effects fits of one per-boot log estimate.
   *
   * @param dl the DerSimonian–Laird fit
   * @param reml the REML fit
   */
  public record Between(RandomEffectsMeta.Fit dl, RandomEffectsMeta.Fit reml) {
  }

  /**
   * The random-effects fits of boots' log summaries; null when a boot lacks a positive variance (fewer than two blocks,
   * or blocks without spread) or no boot is given.
   */
  public static Between between(List<LogSummary> boots, double level) {
    if (boots.isEmpty()) {
      return null;
    }
    double[] y = new double[boots.size()];
    double[] v = new double[boots.size()];
    for (int i = 0; i < y.length; i++) {
      y[i] = boots.get(i).logMean();
      v[i] = boots.get(i).logVariance();
      if (!(v[i] > 0)) { // a variance above 0 needs two blocks, and so a finite mean
        return null;
      }
    }
    return new Between(RandomEffectsMeta.derSimonianLaird(y, v, level), RandomEffectsMeta.reml(y, v, level));
  }

  /**
   * The pooled clock-source contrast over the boots that measured it: one boot, its own ratio and t interval; more,
   * the DerSimonian–Laird pooled estimate and its confidence interval, mapped back by exp. Null when none did.
   *
   * @return {ratio, lower, upper}
   */
  public static double[] pooledClock(List<ClockContrast> boots, double level) {
    if (boots.isEmpty()) {
      return null;
    }
    if (boots.size() == 1) {
      ClockContrast c = boots.get(0);
      return new double[] {c.ratio(), c.lower(), c.upper()};
    }
    double[] y = boots.stream().mapToDouble(ClockContrast::logDifference).toArray();
    double[] v = boots.stream().mapToDouble(ClockContrast::logVariance).toArray();
    RandomEffectsMeta.Fit f = RandomEffectsMeta.derSimonianLaird(y, v, level);
    return new double[] {Math.exp(f.mu()), Math.exp(f.confidence().lower()), Math.exp(f.confidence().upper())};
  }

  /**
   * The spread of a rate between boots: the largest boot geometric mean over the smallest; NaN below two boots or when
   * a boot has none.
   */
  public static double spread(List<LogSummary> boots) {
    if (boots.size() < 2) {
      return Double.NaN;
    }
    double max = Double.NEGATIVE_INFINITY;
    double min = Double.POSITIVE_INFINITY;
    for (LogSummary s : boots) {
      if (!Double.isFinite(s.logMean())) {
        return Double.NaN;
      }
      max = Math.max(max, s.logMean());
      min = Math.min(min, s.logMean());
    }
    return Math.exp(max - min);
  }
}
