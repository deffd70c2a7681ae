package ftl.stats;

import java.util.Objects;

/**
 * Exact two-sample permutation test between blocks: do the blocks of one condition (e.g. 4 blocks under clock source
 * {@code tsc}) differ from those of another (4 blocks under {@code kvm-clock})? Under the null hypothesis the condition
 * labels are exchangeable among the {@code n1 + n2} blocks, so every split into {@code n1} and {@code n2} is equally
 * likely.
 *
 * <p>Formula: with values {@code a_1 .. a_n1} and {@code b_1 .. b_n2} the statistic is the difference of means
 * {@code d = mean(a) - mean(b)}, in the values' unit; {@link #ofLogs} takes positive values (rates, ratios) and tests
 * their natural logs, so {@code d} is the log of the ratio of geometric means (dimensionless). Every one of the
 * {@code C(n1 + n2, n1)} splits of the pooled values is enumerated and counted by the rule of
 * {@link ExactPermutation}, with the tie scale {@code sum(|pooled|) (1/n1 + 1/n2)}, a bound of {@code |d|} over all
 * splits: {@code p_greater = #{d* >= d - tol} / C}, {@code p_less = #{d* <= d + tol} / C},
 * {@code p_two_sided = #{|d*| >= |d| - tol} / C}, {@code tol = 1e-12 sum(|pooled|) (1/n1 + 1/n2)}. No random numbers,
 * so no seed. Smallest attainable one-sided p: {@code 1 / C(n1 + n2, n1)}, e.g. {@code 1/70 = 0.014} for 4 against 4
 * blocks. Source: Fisher–Pitman permutation test (Pitman 1937, J. R. Statist. Soc. Suppl. 4:119–130); Good 2005,
 * <i>Permutation, Parametric and Bootstrap Tests of Hypotheses</i>, §3.3.
 *
 * <p>Degenerate cases: an empty group gives a NaN statistic and NaN p-values; more than {@link #MAX_SPLITS} splits
 * are refused.
 */
public final class TwoSamplePermutation {
  private TwoSamplePermutation() {}

  /** The most splits enumerated: {@code 10^6}. */
  public static final long MAX_SPLITS = 1_000_000L;

  /**
   * A two-sample permutation test's result.
   *
   * @param firstBlocks {@code n1 >= 0}
   * @param secondBlocks {@code n2 >= 0}
   * @param difference {@code d = mean(first) - mean(second)}; NaN when a group is empty
   * @param p the three p-values over {@code C(n1 + n2, n1)} splits
   */
  public record Result(int firstBlocks, int secondBlocks, double difference, ExactPermutation.PValues p) {
    public Result {
      Objects.requireNonNull(p, "p");
      if (firstBlocks < 0 || secondBlocks < 0) {
        throw new IllegalArgumentException("block counts must not be negative: " + firstBlocks + ", " + secondBlocks);
      }
    }
  }

  /**
   * {@code C(n1 + n2, n1)}, the number of splits; {@code -1} when it exceeds {@link #MAX_SPLITS}.
   *
   * @param firstBlocks {@code n1 >= 0}
   * @param secondBlocks {@code n2 >= 0}
   */
  public static long splits(int firstBlocks, int secondBlocks) {
    if (firstBlocks < 0 || secondBlocks < 0) {
      throw new IllegalArgumentException("block counts must not be negative: " + firstBlocks + ", " + secondBlocks);
    }
    long n = (long) firstBlocks + secondBlocks;
    int k = Math.min(firstBlocks, secondBlocks);
    long c = 1;
    for (int i = 0; i < k; i++) {
      c = c * (n - i) / (i + 1); // C(n, i + 1), exact; increasing while i + 1 <= n / 2
      if (c > MAX_SPLITS) {
        return -1;
      }
    }
    return c;
  }

  /**
   * The test of the class javadoc on the natural logs of positive values.
   *
   * @param first positive finite values of the first condition, one per block
   * @param second positive finite values of the second condition
   * @throws IllegalArgumentException when a value is not finite and positive, or the splits exceed {@link #MAX_SPLITS}
   */
  public static Result ofLogs(double[] first, double[] second) {
    return test(LogScale.logs(first), LogScale.logs(second));
  }

  /**
   * The test of the class javadoc on values as given.
   *
   * @param first finite values of the first condition, one per block
   * @param second finite values of the second condition
   * @throws IllegalArgumentException when a value is not finite, or the splits exceed {@link #MAX_SPLITS}
   */
  public static Result test(double[] first, double[] second) {
    int n1 = first.length;
    int n2 = second.length;
    long count = splits(n1, n2);
    if (count < 0) {
      throw new IllegalArgumentException("an exact two-sample test of " + n1 + " and " + n2 + " blocks would enumerate"
          + " more than " + MAX_SPLITS + " splits");
    }
    double[] pool = new double[n1 + n2];
    System.arraycopy(first, 0, pool, 0, n1);
    System.arraycopy(second, 0, pool, n1, n2);
    double total = 0;
    double largest = 0;
    for (double v : pool) {
      if (!Double.isFinite(v)) {
        throw new IllegalArgumentException("block value not finite: " + v);
      }
      total += v;
      largest += Math.abs(v);
    }
    if (n1 == 0 || n2 == 0) {
      return new Result(n1, n2, Double.NaN, ExactPermutation.PValues.undefined());
    }
    // Splits in lexicographic order of the first group's indices; the first split is the observed one, and every
    // split's statistic is computed the same way, so the observed split ties with itself.
    int[] idx = new int[n1];
    for (int i = 0; i < n1; i++) {
      idx[i] = i;
    }
    double observed = difference(pool, idx, total, n2);
    ExactPermutation.Tally tally = new ExactPermutation.Tally(observed, largest * (1.0 / n1 + 1.0 / n2));
    do {
      tally.add(difference(pool, idx, total, n2));
    } while (next(idx, pool.length));
    return new Result(n1, n2, mean(first) - mean(second), tally.result());
  }

  private static double difference(double[] pool, int[] idx, double total, int n2) {
    double s = 0;
    for (int i : idx) {
      s += pool[i];
    }
    return s / idx.length - (total - s) / n2;
  }

  /**
   * Advances {@code idx} to the next {@code k}-subset of {@code [0, n)} in lexicographic order; false after the last.
   */
  private static boolean next(int[] idx, int n) {
    int k = idx.length;
    int i = k - 1;
    while (i >= 0 && idx[i] == n - k + i) {
      i--;
    }
    if (i < 0) {
      return false;
    }
    idx[i]++;
    for (int j = i + 1; j < k; j++) {
      idx[j] = idx[j - 1] + 1;
    }
    return true;
  }

  private static double mean(double[] values) {
    double s = 0;
    for (double v : values) {
      s += v;
    }
    return s / values.length;
  }
}
