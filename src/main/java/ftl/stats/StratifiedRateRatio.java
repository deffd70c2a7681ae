package ftl.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import org.apache.commons.math3.random.RandomGenerator;
import org.apache.commons.math3.random.Well19937c;

/**
 * One rate ratio pooled over strata, and per-stratum tests with a multiplicity correction: the priority
 * collapse of the negative-A rate over every stratum of fixed geometry, load, acks and send interval, and the
 * whole-JVM collapse of campaign fifojvm over strata of broker placement and background load. This is the
 * archive's one Mantel–Haenszel estimator.
 *
 * <p><b>Mantel–Haenszel rate ratio</b> for counts over person-time (here: negatives over events), Rothman,
 * Greenland and Lash, <i>Modern Epidemiology</i>, 3rd ed., ch. 15: with, in stratum {@code s}, {@code a_s}
 * negatives in {@code N1_s} events of the numerator group (default priority) and {@code b_s} in {@code N0_s} of
 * the denominator group (SCHED_FIFO), {@code N_s = N1_s + N0_s},
 * <pre>  RR_MH = sum_s a_s N0_s / N_s  /  sum_s b_s N1_s / N_s ;</pre>
 * dimensionless. A stratum lacking events in either group contributes nothing and is counted (in a replicate
 * too: a stratum whose resampled runs hold no event in a group adds nothing to either sum). Interval:
 * stratified percentile bootstrap (Efron and Tibshirani 1993, ch. 13): in each replicate the runs of every
 * stratum and group are resampled with replacement within that stratum and group, {@code RR_MH} recomputed, and
 * the type-7 quantiles of the replicates taken ({@link Quantiles}); replicates with a zero denominator sum are
 * {@code +Infinity} (counted), with both sums zero are left out (counted). Random numbers: {@link Bootstraps}
 * (one {@link SplitMix64} per replicate, derived from the declared seed). Degenerate
 * case: a zero denominator sum gives {@code +Infinity} or, with a zero numerator sum, NaN; no interval then.
 *
 * <p><b>Per-stratum test</b>: a Monte Carlo permutation test of "priority does not change the rate", which
 * respects that events of one run are not independent: the runs' priority labels are permuted within the
 * stratum, the statistic {@code |r_num - r_den|} of pooled rates recomputed, and
 * {@code p = (1 + #{stat* >= stat}) / (1 + permutations)} (Phipson and Smyth 2010, doi:10.2202/1544-6115.1585).
 * Its permutations are drawn from Commons Math's {@code Well19937c} seeded with the declared seed, the one exception
 * to the archive's generator ({@link SplitMix64}): the committed p-values were computed with it, and drawing them
 * from SplitMix64 instead changes printed numbers (tried: three stratum p-values and a count of strata below the
 * level change), so the exception stays, fixed by Commons Math 3.6.1's {@code Well19937c} stream.
 * <b>Holm</b> step-down correction (Holm 1979, Scand. J. Statist. 6:65–70): with the {@code m} p-values sorted
 * ascending, {@code p'_(i) = max_{j <= i} min(1, (m - j + 1) p_(j))}.
 */
public final class StratifiedRateRatio {

  private StratifiedRateRatio() {}

  /** One stratum: the per-run rates of its numerator group and of its denominator group. */
  public record Stratum(String name, List<Rate> numerator, List<Rate> denominator) {
    public Stratum {
      Objects.requireNonNull(name, "name");
      numerator = List.copyOf(numerator);
      denominator = List.copyOf(denominator);
    }
  }

  /**
   * The pooled estimate.
   *
   * @param ratio {@code RR_MH}; NaN or {@code +Infinity} in the degenerate cases
   * @param lower lower bound of the stratified bootstrap interval; NaN unless the ratio is finite
   * @param upper upper bound; may be {@code +Infinity}; NaN unless the ratio is finite
   * @param strata strata that contributed (events in both groups)
   * @param skipped strata that did not
   * @param undefinedResamples replicates left out (0/0)
   * @param infiniteResamples replicates with a zero denominator sum
   */
  public record Pooled(double ratio, double lower, double upper, int strata, int skipped, int undefinedResamples,
                       int infiniteResamples) {
    public Pooled {
      if (strata < 0 || skipped < 0 || undefinedResamples < 0 || infiniteResamples < 0) {
        throw new IllegalArgumentException("counts must not be negative");
      }
      if (lower > upper) {
        throw new IllegalArgumentException("interval bounds out of order: " + lower + " > " + upper);
      }
    }

    /** Whether the ratio is a finite number. */
    public boolean defined() {
      return Double.isFinite(ratio);
    }
  }

  /**
   * {@code RR_MH} of pooled per-group rates, one {@code [numerator Rate, denominator Rate]} pair per stratum; a
   * stratum where either group has no event contributes nothing.
   */
  static double mantelHaenszel(List<Rate[]> strata) {
    double num = 0;
    double den = 0;
    for (Rate[] s : strata) {
      if (s[0].total() == 0 || s[1].total() == 0) {
        continue;
      }
      double n = (double) s[0].total() + s[1].total();
      num += s[0].count() * (double) s[1].total() / n;
      den += s[1].count() * (double) s[0].total() / n;
    }
    return num / den;
  }

  /** The Mantel–Haenszel rate ratio over strata with its stratified bootstrap interval (class javadoc). */
  public static Pooled pooled(List<Stratum> strata, RateRatio.Bootstrap bootstrap) {
    List<Stratum> used = strata.stream()
        .filter(s -> Rate.pooled(s.numerator()).total() > 0 && Rate.pooled(s.denominator()).total() > 0).toList();
    int skipped = strata.size() - used.size();
    double point = mantelHaenszel(used.stream().map(s -> new Rate[] {Rate.pooled(s.numerator()), Rate.pooled(s.denominator())}).toList());
    if (!Double.isFinite(point)) {
      return new Pooled(point, Double.NaN, Double.NaN, used.size(), skipped, 0, 0);
    }
    List<RateRatio.Counts[]> groups = used.stream()
        .map(s -> new RateRatio.Counts[] {RateRatio.Counts.of(s.numerator()), RateRatio.Counts.of(s.denominator())}).toList();
    Bootstraps.Interval ci = Bootstraps.percentile(bootstrap, rng -> {
      List<Rate[]> replicate = new ArrayList<>(groups.size());
      for (RateRatio.Counts[] g : groups) {
        replicate.add(new Rate[] {g[0].resample(rng), g[1].resample(rng)});
      }
      return mantelHaenszel(replicate);
    });
    return new Pooled(point, ci.lower(), ci.upper(), used.size(), skipped, ci.undefined(), ci.infinite());
  }

  /**
   * Monte Carlo permutation p-value of one stratum (class javadoc); dimensionless in (0, 1]. Degenerate case:
   * a group without events gives NaN (no test).
   */
  public static double permutationPValue(Stratum s, int permutations, long seed) {
    if (permutations < 1) {
      throw new IllegalArgumentException("permutations must be at least 1: " + permutations);
    }
    Rate num = Rate.pooled(s.numerator());
    Rate den = Rate.pooled(s.denominator());
    if (num.total() == 0 || den.total() == 0) {
      return Double.NaN;
    }
    double observed = Math.abs(num.value() - den.value());
    List<Rate> all = new ArrayList<>(s.numerator());
    all.addAll(s.denominator());
    // the runs' counts and totals as two arrays, shuffled by the same swaps: no object per run and permutation
    int n = all.size();
    long[] count = new long[n];
    long[] total = new long[n];
    for (int i = 0; i < n; i++) {
      count[i] = all.get(i).count();
      total[i] = all.get(i).total();
    }
    int k = s.numerator().size();
    RandomGenerator rng = new Well19937c(seed);
    int atLeast = 0;
    for (int p = 0; p < permutations; p++) {
      for (int i = n - 1; i > 0; i--) { // Fisher–Yates
        int j = rng.nextInt(i + 1);
        long c = count[i];
        count[i] = count[j];
        count[j] = c;
        long t = total[i];
        total[i] = total[j];
        total[j] = t;
      }
      // the pooled rates of the first k runs and of the rest, summed exactly as Rate.pooled sums them
      long aCount = 0;
      long aTotal = 0;
      for (int i = 0; i < k; i++) {
        aCount = Math.addExact(aCount, count[i]);
        aTotal = Math.addExact(aTotal, total[i]);
      }
      long bCount = 0;
      long bTotal = 0;
      for (int i = k; i < n; i++) {
        bCount = Math.addExact(bCount, count[i]);
        bTotal = Math.addExact(bTotal, total[i]);
      }
      // a permuted group may hold only runs without events: its rate is then 0/0, which is no larger a difference
      double stat = aTotal == 0 || bTotal == 0 ? 0.0
          : Math.abs((double) aCount / (double) aTotal - (double) bCount / (double) bTotal);
      if (stat >= observed - 1e-15) {
        atLeast++;
      }
    }
    return (1.0 + atLeast) / (1.0 + permutations);
  }

  /** Holm-adjusted p-values, in the input order (class javadoc). NaN inputs are refused. */
  public static double[] holm(double[] p) {
    int m = p.length;
    Integer[] order = new Integer[m];
    for (int i = 0; i < m; i++) {
      if (Double.isNaN(p[i])) {
        throw new IllegalArgumentException("NaN p-value: leave untested strata out before correcting");
      }
      order[i] = i;
    }
    Arrays.sort(order, Comparator.comparingDouble(i -> p[i]));
    double[] out = new double[m];
    double running = 0;
    for (int r = 0; r < m; r++) {
      running = Math.max(running, Math.min(1.0, (m - r) * p[order[r]]));
      out[order[r]] = running;
    }
    return out;
  }
}
