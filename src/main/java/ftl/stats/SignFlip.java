package ftl.stats;

import java.util.Objects;

/**
 * Exact sign-flip test over blocks: are paired per-block differences (per-block log rate ratios, or any paired
 * differences) centred on zero? Under the null hypothesis each block's difference is as likely to have either sign,
 * so every one of the {@code 2^n} sign assignments is equally likely.
 *
 * <p>Formula: for block values {@code x_1 .. x_n} the statistic is their mean {@code m = sum(x_i) / n}, in the values'
 * own unit (dimensionless for log ratios). Every assignment {@code s in {-1, +1}^n} is enumerated and its mean
 * {@code sum(s_i x_i) / n} counted by the rule of {@link ExactPermutation} with the tie scale
 * {@code sum(|x_i|) / n}, the largest mean any assignment reaches: {@code p_greater = #{mean >= m - tol} / 2^n},
 * {@code p_less = #{mean <= m + tol} / 2^n}, {@code p_two_sided = #{|mean| >= |m| - tol} / 2^n},
 * {@code tol = 1e-12 sum(|x_i|) / n}. No random numbers, so no seed. Source: Fisher's randomisation test of paired
 * differences (Fisher 1935, <i>The Design of Experiments</i>, §21); Good 2005, <i>Permutation, Parametric and
 * Bootstrap Tests of Hypotheses</i>, §3.1.
 *
 * <p>Smallest attainable p-value: {@code 1 / 2^n} one-sided ({@link #smallestAttainable}), and twice that two-sided
 * when {@code m != 0} (the mirrored assignment ties). With 5 blocks it is {@code 1/32 = 0.031 > 0.025}: a one-sided
 * test at 0.025 cannot reject with 5 blocks whatever they show; with 6 blocks it is {@code 1/64 = 0.016}.
 *
 * <p>Degenerate cases: {@code n = 0} has no statistic and NaN p-values ({@link ExactPermutation.PValues#undefined});
 * {@code n > }{@link #MAX_BLOCKS} is refused (the enumeration would pass {@code 2^24 = 16.8} million assignments).
 */
public final class SignFlip {
  private SignFlip() {}

  /** The most blocks enumerated: {@code 2^24} assignments. */
  public static final int MAX_BLOCKS = 24;

  /**
   * A sign-flip test's result.
   *
   * @param blocks {@code n}, {@code 0 <= n <= MAX_BLOCKS}
   * @param mean the observed mean {@code m}; NaN when {@code n = 0}
   * @param p the three p-values over {@code 2^n} assignments
   */
  public record Result(int blocks, double mean, ExactPermutation.PValues p) {
    public Result {
      Objects.requireNonNull(p, "p");
      if (blocks < 0 || blocks > MAX_BLOCKS) {
        throw new IllegalArgumentException("blocks must lie in [0, " + MAX_BLOCKS + "]: " + blocks);
      }
      if (p.arrangements() != 1L << blocks) {
        throw new IllegalArgumentException("a sign-flip test over " + blocks + " blocks has 2^" + blocks
            + " assignments, not " + p.arrangements());
      }
    }
  }

  /** {@code 1 / 2^n}, the smallest one-sided p-value an exact sign-flip test over {@code n} blocks can give. */
  public static double smallestAttainable(int blocks) {
    if (blocks < 0 || blocks > 62) {
      throw new IllegalArgumentException("blocks must lie in [0, 62]: " + blocks);
    }
    return 1.0 / (1L << blocks);
  }

  /**
   * How many one-sided tests over {@code blocks} blocks Holm's first step can reject at {@code level} at best: the
   * smallest attainable p ({@link #smallestAttainable}) must reach {@code level / k}, so {@code k = floor(level 2^n)};
   * 0 when not even one test can ({@code 2^-n > level}: at the level 0.025, five blocks or fewer).
   *
   * @param level the one-sided level, in (0, 1)
   * @throws IllegalArgumentException for blocks outside [0, 62] or a level outside (0, 1)
   */
  public static long testsWithinReach(int blocks, double level) {
    if (!(level > 0 && level < 1)) {
      throw new IllegalArgumentException("a level lies in (0, 1): " + level);
    }
    double pMin = smallestAttainable(blocks);
    return (long) Math.floor(level / pMin + 1e-9);
  }

  /**
   * The exact sign-flip test of the class javadoc.
   *
   * @param values one finite paired difference per block (e.g. {@code ln(rate_1 / rate_0)})
   * @throws IllegalArgumentException when a value is not finite or there are more than {@link #MAX_BLOCKS}
   */
  public static Result test(double[] values) {
    int n = values.length;
    if (n > MAX_BLOCKS) {
      throw new IllegalArgumentException("an exact sign-flip test enumerates 2^n assignments; " + n + " blocks exceed "
          + MAX_BLOCKS);
    }
    double sum = 0;
    double largest = 0;
    for (double v : values) {
      if (!Double.isFinite(v)) {
        throw new IllegalArgumentException("block value not finite: " + v);
      }
      sum += v;
      largest += Math.abs(v);
    }
    if (n == 0) {
      return new Result(0, Double.NaN, ExactPermutation.PValues.undefined());
    }
    // Counted on the sum scale (n times the mean: same order, same ties, tolerance 1e-12 sum|x_i|). Meet in the
    // middle: each assignment's sum is one half's sum plus the other's, each half summed directly, so the 2^n sums
    // carry no accumulated rounding. The observed assignment (all signs +) is the last of each half.
    int low = n / 2;
    double[] lowSums = halfSums(values, 0, low);
    double[] highSums = halfSums(values, low, n);
    double observed = lowSums[lowSums.length - 1] + highSums[highSums.length - 1];
    ExactPermutation.Tally tally = new ExactPermutation.Tally(observed, largest);
    for (double h : highSums) {
      for (double l : lowSums) {
        tally.add(l + h);
      }
    }
    return new Result(n, sum / n, tally.result());
  }

  /** Sums of {@code +-values[from..to)} for every sign mask (bit set: sign +), each summed in index order. */
  private static double[] halfSums(double[] values, int from, int to) {
    int width = to - from;
    double[] sums = new double[1 << width];
    for (int mask = 0; mask < sums.length; mask++) {
      double s = 0;
      for (int i = 0; i < width; i++) {
        s += (mask >>> i & 1) == 1 ? values[from + i] : -values[from + i];
      }
      sums[mask] = s;
    }
    return sums;
  }
}
