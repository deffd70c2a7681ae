package ftl.stats;

import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * Ratio of two pooled negative rates, with a percentile-bootstrap confidence interval over runs: the
 * priority collapse factor (default over SCHED_FIFO at fixed utilisation), the geometry ratio at identical
 * utilisation.
 *
 * <p>Formula: each group's rate is pooled, {@code r = sum(negatives) / sum(events)} over its runs, and the
 * ratio is {@code R = r_num / r_den}; dimensionless. Interval: percentile bootstrap (Efron and Tibshirani
 * 1993, "An Introduction to the Bootstrap", ch. 13) — in each of {@code resamples} replicates, the runs of
 * each group are resampled with replacement within that group (group sizes kept), {@code R*} is recomputed
 * from the resampled pooled rates, and the interval is the type-7 quantiles ({@link Quantiles}) at
 * {@code (1 - level) / 2} and {@code (1 + level) / 2} of the replicates. Replicates whose ratio is 0/0 or
 * has no events are left out and counted ({@code undefinedResamples}); replicates with a zero denominator
 * rate are kept as {@code +Infinity} (counted in {@code infiniteResamples}) and order above every finite
 * ratio. Replicate {@code i} draws from its own {@link SplitMix64} generator derived from the declared seed and
 * {@code i} ({@link SplitMix64#forReplicate}; the engine is {@link Bootstraps}), so an interval is reproducible bit
 * for bit, whichever core computes which replicate.
 *
 * <p>Degenerate cases are reported by {@link Status}, never thrown: no events in a group, zero negatives in
 * the denominator group (ratio {@code +Infinity}), zero negatives in both (0/0, {@code NaN}). The interval is
 * computed only when the status is {@link Status#DEFINED}; otherwise its bounds are {@code NaN}.
 */
public final class RateRatio {

  private RateRatio() {}

  /** Declared default: 2,000 bootstrap replicates. */
  public static final int DEFAULT_RESAMPLES = 2000;
  /** Declared default seed of the bootstrap generator. */
  public static final long DEFAULT_SEED = 20_260_101L;
  /** Declared default confidence level. */
  public static final double DEFAULT_LEVEL = 0.95;

  /** What kind of number the point ratio is. */
  public enum Status {
    /** Both groups have events and the denominator group has at least one negative: the ratio is finite. */
    DEFINED,
    /** The numerator group has no events: its rate, and the ratio, are undefined ({@code NaN}). */
    NUMERATOR_NO_EVENTS,
    /** The denominator group has no events: its rate, and the ratio, are undefined ({@code NaN}). */
    DENOMINATOR_NO_EVENTS,
    /** Neither group has a negative: the ratio is 0/0 ({@code NaN}). */
    BOTH_NO_NEGATIVES,
    /** Only the denominator group has no negative: the ratio is {@code +Infinity}. */
    DENOMINATOR_NO_NEGATIVES
  }

  /**
   * Declared bootstrap: number of replicates, generator seed, confidence level.
   *
   * @param resamples {@code >= 1}
   * @param seed the declared seed from which every replicate's generator is derived ({@link SplitMix64#forReplicate})
   * @param level confidence level in (0, 1)
   */
  public record Bootstrap(int resamples, long seed, double level) {
    public Bootstrap {
      if (resamples < 1) {
        throw new IllegalArgumentException("resamples must be at least 1: " + resamples);
      }
      if (!(level > 0.0 && level < 1.0)) {
        throw new IllegalArgumentException("confidence level must be in (0, 1): " + level);
      }
    }

    /** {@link #DEFAULT_RESAMPLES} replicates, {@link #DEFAULT_SEED}, {@link #DEFAULT_LEVEL}. */
    public static Bootstrap standard() {
      return new Bootstrap(DEFAULT_RESAMPLES, DEFAULT_SEED, DEFAULT_LEVEL);
    }
  }

  /**
   * A rate ratio with its interval.
   *
   * @param numerator pooled rate of the numerator group
   * @param denominator pooled rate of the denominator group
   * @param ratio {@code numerator.value() / denominator.value()}; {@code NaN} or {@code +Infinity} per status
   * @param status what kind of number {@code ratio} is
   * @param lower lower bound of the percentile-bootstrap interval; {@code NaN} unless {@code DEFINED}
   * @param upper upper bound; may be {@code +Infinity}; {@code NaN} unless {@code DEFINED}
   * @param bootstrap the declared bootstrap
   * @param undefinedResamples replicates left out because their ratio was undefined
   * @param infiniteResamples replicates whose ratio was {@code +Infinity}
   */
  public record Estimate(Rate numerator, Rate denominator, double ratio, Status status, double lower,
                         double upper, Bootstrap bootstrap, int undefinedResamples, int infiniteResamples) {
    public Estimate {
      Objects.requireNonNull(numerator, "numerator");
      Objects.requireNonNull(denominator, "denominator");
      Objects.requireNonNull(status, "status");
      Objects.requireNonNull(bootstrap, "bootstrap");
      if (status == Status.DEFINED && !(Double.isFinite(ratio) && ratio >= 0.0)) {
        throw new IllegalArgumentException("a defined ratio must be finite and non-negative: " + ratio);
      }
      if (lower > upper) {
        throw new IllegalArgumentException("interval bounds out of order: " + lower + " > " + upper);
      }
      if (undefinedResamples < 0 || infiniteResamples < 0
          || (long) undefinedResamples + infiniteResamples > bootstrap.resamples()) {
        throw new IllegalArgumentException("replicate counts out of range");
      }
    }
  }

  /**
   * Range of finite ratios over conditions, the "7 to 80x" style figure.
   *
   * @param min smallest defined ratio; {@code NaN} when no condition has one
   * @param max largest defined ratio; {@code NaN} when no condition has one
   * @param included conditions whose ratio entered the range (status {@code DEFINED})
   * @param excluded conditions left out because their ratio was undefined or infinite
   */
  public record Range(double min, double max, int included, int excluded) {
    public Range {
      if (included < 0 || excluded < 0) {
        throw new IllegalArgumentException("condition counts must not be negative");
      }
      if (included > 0 && !(min <= max)) {
        throw new IllegalArgumentException("range out of order: " + min + " > " + max);
      }
      if (included == 0 && !(Double.isNaN(min) && Double.isNaN(max))) {
        throw new IllegalArgumentException("an empty range has NaN bounds");
      }
    }
  }

  /**
   * Point ratio of two pooled rates, with its status; see the class javadoc. Dimensionless.
   */
  public static Status status(Rate numerator, Rate denominator) {
    if (numerator.total() == 0) {
      return Status.NUMERATOR_NO_EVENTS;
    }
    if (denominator.total() == 0) {
      return Status.DENOMINATOR_NO_EVENTS;
    }
    if (denominator.count() == 0) {
      return numerator.count() == 0 ? Status.BOTH_NO_NEGATIVES : Status.DENOMINATOR_NO_NEGATIVES;
    }
    return Status.DEFINED;
  }

  /** {@code (n.count / n.total) / (d.count / d.total)}, computed as {@code n.count d.total / (n.total d.count)}. */
  static double ratio(Rate numerator, Rate denominator, Status status) {
    switch (status) {
      case DEFINED:
        return ((double) numerator.count() * (double) denominator.total())
            / ((double) numerator.total() * (double) denominator.count());
      case DENOMINATOR_NO_NEGATIVES:
        return Double.POSITIVE_INFINITY;
      default:
        return Double.NaN;
    }
  }

  /**
   * Rate ratio of two groups of runs with its percentile-bootstrap interval (class javadoc).
   *
   * @param numeratorRuns per-run rates (negatives / events) of the numerator group, e.g. default priority
   * @param denominatorRuns per-run rates of the denominator group, e.g. SCHED_FIFO
   */
  public static Estimate estimate(List<Rate> numeratorRuns, List<Rate> denominatorRuns, Bootstrap bootstrap) {
    Rate num = Rate.pooled(numeratorRuns);
    Rate den = Rate.pooled(denominatorRuns);
    Status status = status(num, den);
    double point = ratio(num, den, status);
    if (status != Status.DEFINED) {
      return new Estimate(num, den, point, status, Double.NaN, Double.NaN, bootstrap, 0, 0);
    }
    Counts a = Counts.of(numeratorRuns);
    Counts b = Counts.of(denominatorRuns);
    Bootstraps.Interval ci = Bootstraps.percentile(bootstrap, rng -> {
      Rate ra = a.resample(rng);
      Rate rb = b.resample(rng);
      return ratio(ra, rb, status(ra, rb));
    });
    return new Estimate(num, den, point, status, ci.lower(), ci.upper(), bootstrap, ci.undefined(), ci.infinite());
  }

  /** Rate ratio with {@link Bootstrap#standard()}. */
  public static Estimate estimate(List<Rate> numeratorRuns, List<Rate> denominatorRuns) {
    return estimate(numeratorRuns, denominatorRuns, Bootstrap.standard());
  }

  /**
   * A group's per-run counts in primitive arrays, resampled at array speed: one run drawn {@code n} times with
   * replacement ({@link SplitMix64#nextInt}), its counts and totals summed into a pooled rate.
   */
  record Counts(long[] counts, long[] totals) {
    static Counts of(List<Rate> runs) {
      long[] c = new long[runs.size()];
      long[] t = new long[runs.size()];
      for (int i = 0; i < c.length; i++) {
        c[i] = runs.get(i).count();
        t[i] = runs.get(i).total();
      }
      return new Counts(c, t);
    }

    Rate resample(SplitMix64 rng) {
      int n = counts.length;
      long count = 0;
      long total = 0;
      for (int j = 0; j < n; j++) {
        int pick = rng.nextInt(n);
        count += counts[pick];
        total += totals[pick];
      }
      return new Rate(count, total);
    }
  }

  /**
   * Min–max of the point ratios over conditions whose status is {@link Status#DEFINED}; the others are
   * counted as excluded. Dimensionless. Degenerate case: no defined condition gives {@code NaN} bounds.
   */
  public static Range range(Collection<Estimate> conditions) {
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    int included = 0;
    int excluded = 0;
    for (Estimate e : conditions) {
      if (e.status() != Status.DEFINED) {
        excluded++;
        continue;
      }
      included++;
      min = Math.min(min, e.ratio());
      max = Math.max(max, e.ratio());
    }
    if (included == 0) {
      return new Range(Double.NaN, Double.NaN, 0, excluded);
    }
    return new Range(min, max, included, excluded);
  }
}
