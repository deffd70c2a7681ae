package ftl.stats;

/**
 * Log-scale summary of positive per-block values (rates, ratios): the geometric mean and a Student t interval computed
 * on the natural logs and mapped back by {@code exp}, so no interval of a non-negative quantity reaches below zero
 * (an arithmetic t interval of skewed rates can).
 *
 * <p>Formula: with {@code l_i = ln(x_i)}, {@code i = 1 .. n}, the estimate is the geometric mean
 * {@code GM = exp(mean(l))} and the interval {@code exp(mean(l) -+ t(1 - alpha/2, n - 1) s_l / sqrt(n))}, {@code s_l}
 * the sample standard deviation of the logs (divisor {@code n - 1}), {@code t} Student's quantile (Commons Math
 * {@link org.apache.commons.math3.distribution.TDistribution}, via {@link BlockStats#mean}), two-sided at level
 * {@code 1 - alpha}. Unit: the values' own. Source: the t interval on log-transformed data (Limpert, Stahel and Abbt
 * 2001, BioScience 51:341–352, {@code doi:10.1641/0006-3568(2001)051[0341:LNDATS]2.0.CO;2}); the interval covers the
 * geometric mean (the median of a log-normal), not the arithmetic mean.
 *
 * <p>Degenerate cases: {@code n = 0} gives NaN everywhere; {@code n = 1} gives the value as estimate and NaN ends; all
 * values equal give ends equal to the estimate. A value that is zero, negative or not finite is refused: a block
 * with no event of interest needs a rule of its own (for rate ratios {@link BlockRateRatio}), never a silent drop.
 */
public final class LogScale {
  private LogScale() {}

  /**
   * Geometric mean of positive per-block values and its back-transformed t interval (class javadoc).
   *
   * @param values one positive finite value per block
   * @param level confidence level in (0, 1), e.g. 0.95
   * @return blocks {@code n}, estimate {@code GM}, ends (NaN when {@code n < 2})
   * @throws IllegalArgumentException when a value is not finite and positive, or the level lies outside (0, 1)
   */
  public static BlockStats.Interval summary(double[] values, double level) {
    return exp(BlockStats.mean(logs(values), level));
  }

  /**
   * Natural logs of positive values.
   *
   * @param values each finite and above 0
   * @throws IllegalArgumentException when a value is not finite and positive
   */
  public static double[] logs(double[] values) {
    double[] out = new double[values.length];
    for (int i = 0; i < out.length; i++) {
      double v = values[i];
      if (!(v > 0 && Double.isFinite(v))) {
        throw new IllegalArgumentException("a log-scale value must be finite and above 0: " + v);
      }
      out[i] = Math.log(v);
    }
    return out;
  }

  /** An interval on the log scale mapped back by {@code exp}: estimate and ends; NaN stays NaN. */
  static BlockStats.Interval exp(BlockStats.Interval onLogs) {
    return new BlockStats.Interval(onLogs.blocks(), Math.exp(onLogs.estimate()), Math.exp(onLogs.lower()),
        Math.exp(onLogs.upper()));
  }
}
