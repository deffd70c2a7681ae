package ftl.stats;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

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
 * <p><b>Per-stratum test</b>: a permutation test of "priority does not change the rate", which respects that
 * events of one run are not independent: the unit permuted is the run, whose priority label is exchanged within
 * its stratum. With {@code k} runs of the numerator group among the stratum's {@code n}, the statistic is the
 * two-sided {@code |a/A - b/B|}, the difference of the pooled rates of any {@code k} runs ({@code a} negatives
 * in {@code A} events) and of the other {@code n - k} ({@code b} in {@code B}); a group with no events gives
 * statistic 0. <b>Exact</b> ({@link #permutationTest}): every one of the {@code C(n, k)} relabellings is counted
 * by a dynamic programme over the runs (the number of {@code k}-subsets with each {@code (a, A)}), and
 * {@code p = #{relabellings with statistic >= observed} / C(n, k)}, the observed labelling among them; the
 * comparison is made exactly ({@code |aB - bA| A0 B0 >= |a0 B0 - b0 A0| A B} in {@link BigInteger}). No random
 * numbers, so no seed. Only when the programme would hold more than {@link #EXACT_STATE_LIMIT} partial sums (or
 * {@code C(n, k)} overflows a long) is the p-value a Monte Carlo estimate instead: {@code permutations}
 * relabellings drawn by Fisher–Yates from {@link SplitMix64} seeded with the declared seed, and
 * {@code p = (1 + #{stat* >= stat}) / (1 + permutations)} (Phipson and Smyth 2010, doi:10.2202/1544-6115.1585),
 * with the same exact comparison; the result says which it is.
 * <b>Holm</b> step-down correction ({@link Holm}; Holm 1979, Scand. J. Statist. 6:65–70): with the {@code m}
 * p-values sorted ascending, {@code p'_(i) = max_{j <= i} min(1, (m - j + 1) p_(j))}.
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
    double point = mantelHaenszel(used.stream().map(
        s -> new Rate[] {Rate.pooled(s.numerator()), Rate.pooled(s.denominator())}).toList());
    if (!Double.isFinite(point)) {
      return new Pooled(point, Double.NaN, Double.NaN, used.size(), skipped, 0, 0);
    }
    List<RateRatio.Counts[]> groups = used.stream()
        .map(s -> new RateRatio.Counts[] {RateRatio.Counts.of(s.numerator()), RateRatio.Counts.of(s.denominator())})
        .toList();
    Bootstraps.Interval ci = Bootstraps.percentile(bootstrap, rng -> {
      List<Rate[]> replicate = new ArrayList<>(groups.size());
      for (RateRatio.Counts[] g : groups) {
        replicate.add(new Rate[] {g[0].resample(rng), g[1].resample(rng)});
      }
      return mantelHaenszel(replicate);
    });
    return new Pooled(point, ci.lower(), ci.upper(), used.size(), skipped, ci.undefined(), ci.infinite());
  }

  /** Most partial sums {@code (size, a, A)} the exact programme holds before the test falls back to Monte Carlo. */
  public static final int EXACT_STATE_LIMIT = 2_000_000;

  /**
   * A permutation p-value and how it was obtained.
   *
   * @param p the p-value, dimensionless in (0, 1]; NaN when a group has no events (no test)
   * @param exact true when every relabelling was counted, false for a Monte Carlo estimate
   * @param relabellings {@code C(n, k)} when exact, the permutations drawn otherwise; 0 when untested
   */
  public record PermutationTest(double p, boolean exact, long relabellings) {}

  /**
   * The per-stratum permutation test (class javadoc): exact when the programme stays within
   * {@link #EXACT_STATE_LIMIT}, else a Monte Carlo estimate from {@code permutations} relabellings seeded with
   * {@code seed}. Degenerate case: a group without events gives p NaN (no test).
   */
  public static PermutationTest permutationTest(Stratum s, int permutations, long seed) {
    return permutationTest(s, permutations, seed, EXACT_STATE_LIMIT);
  }

  /** {@link #permutationTest(Stratum, int, long)} with the exact programme's limit given. */
  static PermutationTest permutationTest(Stratum s, int permutations, long seed, int stateLimit) {
    if (permutations < 1) {
      throw new IllegalArgumentException("permutations must be at least 1: " + permutations);
    }
    Rate num = Rate.pooled(s.numerator());
    Rate den = Rate.pooled(s.denominator());
    if (num.total() == 0 || den.total() == 0) {
      return new PermutationTest(Double.NaN, false, 0);
    }
    PermutationTest exact = exactTest(s, num, den, stateLimit);
    return exact != null ? exact : new PermutationTest(monteCarloPValue(s, num, den, permutations, seed), false,
        permutations);
  }

  /** The test's p-value ({@link #permutationTest}). */
  public static double permutationPValue(Stratum s, int permutations, long seed) {
    return permutationTest(s, permutations, seed).p();
  }

  /** Whether the split {@code (a, A)} of a stratum totalling {@code (c, t)} is at least as far apart as observed. */
  private static boolean atLeastObserved(long a, long bigA, long c, long t, Rate num, Rate den) {
    long b = c - a;
    long bigB = t - bigA;
    if (bigA == 0 || bigB == 0) {
      // statistic 0 reaches only an observed 0
      return Math.multiplyExact(num.count(), den.total()) == Math.multiplyExact(den.count(), num.total());
    }
    BigInteger lhs = BigInteger.valueOf(a).multiply(BigInteger.valueOf(bigB))
        .subtract(BigInteger.valueOf(b).multiply(BigInteger.valueOf(bigA))).abs()
        .multiply(BigInteger.valueOf(num.total())).multiply(BigInteger.valueOf(den.total()));
    BigInteger rhs = BigInteger.valueOf(num.count()).multiply(BigInteger.valueOf(den.total()))
        .subtract(BigInteger.valueOf(den.count()).multiply(BigInteger.valueOf(num.total()))).abs()
        .multiply(BigInteger.valueOf(bigA)).multiply(BigInteger.valueOf(bigB));
    return lhs.compareTo(rhs) >= 0;
  }

  /** The exact test, or null when the programme outgrows its limit or {@code C(n, k)} a long. */
  private static PermutationTest exactTest(Stratum s, Rate num, Rate den, int stateLimit) {
    List<Rate> all = new ArrayList<>(s.numerator());
    all.addAll(s.denominator());
    int k = s.numerator().size();
    // level[m]: the number of m-subsets of the runs seen so far with each (negatives, events) sum
    SumCounts[] level = new SumCounts[k + 1];
    for (int m = 0; m <= k; m++) {
      level[m] = new SumCounts();
    }
    level[0].add(0, 0, 1);
    long states = 1;
    try {
      for (int i = 0; i < all.size(); i++) {
        Rate r = all.get(i);
        for (int m = Math.min(i, k - 1); m >= 0; m--) {
          SumCounts from = level[m];
          SumCounts into = level[m + 1];
          for (int slot = 0; slot < from.ways.length; slot++) {
            if (from.ways[slot] != 0 && into.add(from.counts[slot] + r.count(), from.totals[slot] + r.total(),
                from.ways[slot]) && ++states > stateLimit) {
              return null;
            }
          }
        }
      }
      long c = Math.addExact(num.count(), den.count());
      long t = Math.addExact(num.total(), den.total());
      long relabellings = 0;
      long atLeast = 0;
      SumCounts last = level[k];
      for (int slot = 0; slot < last.ways.length; slot++) {
        if (last.ways[slot] == 0) {
          continue;
        }
        relabellings = Math.addExact(relabellings, last.ways[slot]);
        if (atLeastObserved(last.counts[slot], last.totals[slot], c, t, num, den)) {
          atLeast = Math.addExact(atLeast, last.ways[slot]);
        }
      }
      return new PermutationTest((double) atLeast / (double) relabellings, true, relabellings);
    } catch (ArithmeticException overflow) {
      return null;
    }
  }

  /**
   * The exact programme's partial sums {@code (negatives, events)} of some runs, each with the number of subsets
   * that reach it: an open-addressing table (linear probing, at most half full) over three parallel arrays, so a
   * state costs no object (the programme holds up to {@link #EXACT_STATE_LIMIT}; a hash map of records was a
   * quarter of {@code ftl reproduce}'s CPU). A slot is empty when its count of subsets is 0, which a held state
   * never has. The sums of counts are exact ({@link Math#addExact}), so the p-value does not depend on the order of
   * the slots.
   */
  private static final class SumCounts {
    long[] counts = new long[16];
    long[] totals = new long[16];
    long[] ways = new long[16];
    int size;

    /** Adds {@code n} subsets reaching {@code (count, total)}; true when that sum was not held before. */
    boolean add(long count, long total, long n) {
      int mask = ways.length - 1;
      int slot = slot(count, total, mask);
      while (ways[slot] != 0) {
        if (counts[slot] == count && totals[slot] == total) {
          ways[slot] = Math.addExact(ways[slot], n);
          return false;
        }
        slot = (slot + 1) & mask;
      }
      counts[slot] = count;
      totals[slot] = total;
      ways[slot] = n;
      if (2 * ++size > ways.length) {
        grow();
      }
      return true;
    }

    /** The home slot of a sum: SplitMix64's finalizer ({@link SplitMix64#mix64}) of both parts. */
    private static int slot(long count, long total, int mask) {
      return (int) SplitMix64.mix64(count * SplitMix64.GAMMA + total) & mask;
    }

    private void grow() {
      long[] oldCounts = counts;
      long[] oldTotals = totals;
      long[] oldWays = ways;
      counts = new long[2 * oldWays.length];
      totals = new long[2 * oldWays.length];
      ways = new long[2 * oldWays.length];
      int mask = ways.length - 1;
      for (int i = 0; i < oldWays.length; i++) {
        if (oldWays[i] != 0) {
          int slot = slot(oldCounts[i], oldTotals[i], mask);
          while (ways[slot] != 0) {
            slot = (slot + 1) & mask;
          }
          counts[slot] = oldCounts[i];
          totals[slot] = oldTotals[i];
          ways[slot] = oldWays[i];
        }
      }
    }
  }

  /** The Monte Carlo estimate (class javadoc). */
  private static double monteCarloPValue(Stratum s, Rate num, Rate den, int permutations, long seed) {
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
    long c = Math.addExact(num.count(), den.count());
    long t = Math.addExact(num.total(), den.total());
    int k = s.numerator().size();
    SplitMix64 rng = new SplitMix64(seed);
    int atLeast = 0;
    for (int p = 0; p < permutations; p++) {
      for (int i = n - 1; i > 0; i--) { // Fisher–Yates
        int j = rng.nextInt(i + 1);
        long x = count[i];
        count[i] = count[j];
        count[j] = x;
        long y = total[i];
        total[i] = total[j];
        total[j] = y;
      }
      long aCount = 0;
      long aTotal = 0;
      for (int i = 0; i < k; i++) {
        aCount = Math.addExact(aCount, count[i]);
        aTotal = Math.addExact(aTotal, total[i]);
      }
      if (atLeastObserved(aCount, aTotal, c, t, num, den)) {
        atLeast++;
      }
    }
    return (1.0 + atLeast) / (1.0 + permutations);
  }

  /**
   * Holm-adjusted p-values, in the input order: {@link Holm#adjust} (class javadoc). NaN inputs are refused.
   */
  public static double[] holm(double[] p) {
    return Holm.adjust(p);
  }
}
