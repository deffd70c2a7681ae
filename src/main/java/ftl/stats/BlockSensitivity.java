package ftl.stats;

import java.util.Arrays;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * Two alternatives to a block design's Student t interval, for a sensitivity row beside a registered verdict (issue
 * #59): the t test's own p-values, which a family correction needs, and a percentile bootstrap over blocks.
 *
 * <p>{@link #tTest}: for block values {@code y_1 .. y_n} (differences from the rule's bound, on the scale the rule
 * compares: {@code ln} of a ratio, or a mean's own unit) the statistic is {@code t = m / (s / sqrt(n))} with
 * {@code m} the mean and {@code s} the sample standard deviation ({@code n - 1} in the denominator), referred to
 * Student's t with {@code n - 1} degrees of freedom: {@code p_greater = 1 - F(t)}, {@code p_less = F(t)},
 * {@code p_two_sided = 2 min(p_greater, p_less)}. A registered rule "the 95 % interval lies above the bound" holds
 * iff {@code p_greater < 0.025}. Source: Student 1908; any text on the one-sample t test.
 *
 * <p>{@link #bootstrapMean}: {@code B} resamples of the {@code n} block values drawn with replacement, replicate
 * {@code i} from {@link SplitMix64#forReplicate}{@code (seed, i)}; the interval is the {@code (1-level)/2} and
 * {@code (1+level)/2} quantiles of the {@code B} resample means (type 7). Source: Efron and Tibshirani 1993,
 * <i>An Introduction to the Bootstrap</i>, §13.3. With few blocks the percentile interval is narrower than the t
 * interval: it is a sensitivity row, never the registered test.
 *
 * <p>Degenerate cases: fewer than 2 values, or values that are all equal (no spread), give NaN p-values and a NaN
 * interval; a non-finite value is refused.
 */
public final class BlockSensitivity {
  private BlockSensitivity() {}

  /**
   * The t test's three p-values.
   *
   * @param greater {@code 1 - F(t)}: evidence that the mean lies above 0
   * @param less {@code F(t)}: evidence that the mean lies below 0
   * @param twoSided {@code 2 min(greater, less)}
   */
  public record TTest(int blocks, double greater, double less, double twoSided) {}

  /** The one-sample t test of the class javadoc. */
  public static TTest tTest(double[] y) {
    requireFinite(y);
    int n = y.length;
    double m = Arrays.stream(y).sum() / Math.max(n, 1);
    double ss = 0;
    for (double v : y) {
      ss += (v - m) * (v - m);
    }
    if (n < 2 || ss == 0) {
      return new TTest(n, Double.NaN, Double.NaN, Double.NaN);
    }
    double t = m / (Math.sqrt(ss / (n - 1)) / Math.sqrt(n));
    double f = new TDistribution(null, n - 1).cumulativeProbability(t);
    return new TTest(n, 1 - f, f, Math.min(1, 2 * Math.min(f, 1 - f)));
  }

  /**
   * The percentile bootstrap interval over blocks of the mean (class javadoc).
   *
   * @param x one value per block
   * @param resamples {@code B >= 1}
   * @param seed the generator's seed
   * @param level in (0, 1)
   * @return {@code {lower, upper}}
   */
  public static double[] bootstrapMean(double[] x, int resamples, long seed, double level) {
    requireFinite(x);
    if (resamples < 1 || !(level > 0 && level < 1)) {
      throw new IllegalArgumentException("resamples must be at least 1 and level lie in (0, 1): " + resamples + ", "
          + level);
    }
    int n = x.length;
    double spread = Arrays.stream(x).max().orElse(0) - Arrays.stream(x).min().orElse(0);
    if (n < 2 || spread == 0) {
      return new double[] {Double.NaN, Double.NaN};
    }
    double[] means = new double[resamples];
    for (int i = 0; i < resamples; i++) {
      SplitMix64 rng = SplitMix64.forReplicate(seed, i);
      double sum = 0;
      for (int j = 0; j < n; j++) {
        sum += x[rng.nextInt(n)];
      }
      means[i] = sum / n;
    }
    return new double[] {Quantiles.type7(means, (1 - level) / 2), Quantiles.type7(means, (1 + level) / 2)};
  }

  private static void requireFinite(double[] values) {
    for (double v : values) {
      if (!Double.isFinite(v)) {
        throw new IllegalArgumentException("block value not finite: " + v);
      }
    }
  }
}
