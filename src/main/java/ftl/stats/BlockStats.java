package ftl.stats;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * Intervals whose unit of replication is the block: one broker lifetime of a campaign with blocks, in which every
 * condition ran once. Runs within a block share a broker process and are not independent replicates; blocks are.
 * Source of the method: Student's t interval on block-level summaries, the standard analysis of a randomised complete
 * block design with one observation per condition and block (e.g. Montgomery, <i>Design and Analysis of
 * Experiments</i>, ch. 4).
 *
 * <p><b>Mean</b> ({@link #mean}): for block values {@code x_1 .. x_n}, the estimate is the mean {@code m}, the interval
 * {@code m -+ t(1 - alpha/2, n - 1) s / sqrt(n)} with {@code s} the sample standard deviation (divisor {@code n - 1})
 * and {@code t} Student's quantile (Commons Math {@link TDistribution}); two-sided at level {@code 1 - alpha}. Unit:
 * the values' own.
 *
 * <p><b>Ratio</b> ({@link #ratio}): for paired block values {@code x_b > 0}, {@code y_b > 0}, the log ratios
 * {@code l_b = ln(x_b / y_b)} get the mean interval above, and the estimate and ends are mapped back by {@code exp}:
 * the geometric mean ratio and its interval; dimensionless.
 *
 * <p>Degenerate cases: with {@code n = 0} every part is NaN; with {@code n = 1} the estimate is the one value and the
 * ends are NaN (no spread); with {@code s = 0} the ends equal the estimate. The caller counts blocks it could not use.
 */
public final class BlockStats {
  private BlockStats() {}

  /**
   * An estimate over blocks and its two-sided interval.
   *
   * @param blocks the blocks it rests on, {@code n >= 0}
   * @param estimate the mean (or geometric mean ratio); NaN when {@code n = 0}
   * @param lower lower end; NaN when {@code n < 2}
   * @param upper upper end; NaN when {@code n < 2}
   */
  public record Interval(int blocks, double estimate, double lower, double upper) {
    public Interval {
      if (blocks < 0) {
        throw new IllegalArgumentException("blocks must not be negative: " + blocks);
      }
    }
  }

  /**
   * Mean of block values and its t interval.
   *
   * @param values one finite value per block
   * @param level confidence level in (0, 1), e.g. 0.95
   * @throws IllegalArgumentException when a value is not finite or the level is outside (0, 1)
   */
  public static Interval mean(double[] values, double level) {
    if (!(level > 0 && level < 1)) {
      throw new IllegalArgumentException("level must lie in (0, 1): " + level);
    }
    int n = values.length;
    double sum = 0;
    for (double v : values) {
      if (!Double.isFinite(v)) {
        throw new IllegalArgumentException("block value not finite: " + v);
      }
      sum += v;
    }
    if (n == 0) {
      return new Interval(0, Double.NaN, Double.NaN, Double.NaN);
    }
    double m = sum / n;
    if (n == 1) {
      return new Interval(1, m, Double.NaN, Double.NaN);
    }
    double ss = 0;
    for (double v : values) {
      ss += (v - m) * (v - m);
    }
    double half = new TDistribution(null, n - 1).inverseCumulativeProbability(1 - (1 - level) / 2)
        * Math.sqrt(ss / (n - 1)) / Math.sqrt(n);
    return new Interval(n, m, m - half, m + half);
  }

  /**
   * Geometric mean ratio of paired block values and its t interval on the log scale.
   *
   * @param numerators {@code x_b}, each finite and above 0
   * @param denominators {@code y_b}, each finite and above 0, as many as the numerators
   * @param level confidence level in (0, 1)
   * @throws IllegalArgumentException when the arrays differ in length or a value is not finite and positive
   */
  public static Interval ratio(double[] numerators, double[] denominators, double level) {
    if (numerators.length != denominators.length) {
      throw new IllegalArgumentException("numerators and denominators differ in length: " + numerators.length + ", "
          + denominators.length);
    }
    double[] logs = new double[numerators.length];
    for (int i = 0; i < logs.length; i++) {
      double x = numerators[i];
      double y = denominators[i];
      if (!(x > 0 && y > 0 && Double.isFinite(x) && Double.isFinite(y))) {
        throw new IllegalArgumentException("a ratio's block values must be finite and above 0: " + x + ", " + y);
      }
      logs[i] = Math.log(x / y);
    }
    return LogScale.exp(mean(logs, level));
  }
}
