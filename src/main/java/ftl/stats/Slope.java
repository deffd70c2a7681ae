package ftl.stats;

import java.util.Objects;

/**
 * The ordinary least-squares slope of {@code y} on {@code x} with a pairs percentile-bootstrap interval: how
 * much one per-run figure grows with another (e.g. median displacement D with median flight T).
 *
 * <p>Formula: {@code b = S_xy / S_xx}, {@code S_xy = sum (x - mean x)(y - mean y)}, {@code S_xx = sum (x - mean x)^2};
 * unit: the unit of {@code y} per unit of {@code x}. Interval: in each declared replicate the {@code n} pairs
 * are resampled with replacement and {@code b} recomputed; a replicate with {@code S_xx = 0} (every pair at one
 * {@code x}) is left out and counted; the interval is the type-7 quantiles at {@code (1 -+ level) / 2} (Efron and
 * Tibshirani 1993, ch. 9 and 13); random numbers from {@link Bootstraps}. Degenerate cases: fewer than 2 pairs or
 * {@code S_xx = 0} give {@code NaN} and no interval.
 */
public final class Slope {
  private Slope() {}

  /**
   * A slope with its interval.
   *
   * @param slope {@code S_xy / S_xx}; {@code NaN} when undefined
   * @param lower lower end of the interval; {@code NaN} when the slope is undefined or every replicate was
   * @param upper upper end; {@code NaN} likewise
   * @param pairs number of pairs
   * @param undefinedResamples replicates left out because every resampled pair had the same x
   * @param bootstrap the declared bootstrap
   */
  public record Estimate(double slope, double lower, double upper, int pairs, int undefinedResamples,
                         RateRatio.Bootstrap bootstrap) {
    public Estimate {
      Objects.requireNonNull(bootstrap, "bootstrap");
      if (lower > upper) {
        throw new IllegalArgumentException("interval bounds out of order: " + lower + " > " + upper);
      }
      if (pairs < 0 || undefinedResamples < 0 || undefinedResamples > bootstrap.resamples()) {
        throw new IllegalArgumentException("counts out of range");
      }
    }
  }

  /** {@code S_xy / S_xx} over the pairs at the given indices (class javadoc); {@code NaN} if undefined. */
  static double ols(double[] x, double[] y, int[] idx) {
    int n = idx.length;
    if (n < 2) {
      return Double.NaN;
    }
    double mx = 0;
    double my = 0;
    for (int i : idx) {
      mx += x[i];
      my += y[i];
    }
    mx /= n;
    my /= n;
    double sxy = 0;
    double sxx = 0;
    for (int i : idx) {
      sxy += (x[i] - mx) * (y[i] - my);
      sxx += (x[i] - mx) * (x[i] - mx);
    }
    return sxx == 0 ? Double.NaN : sxy / sxx;
  }

  /** The OLS slope of {@code y} on {@code x} with its pairs-bootstrap interval (class javadoc). */
  public static Estimate estimate(double[] x, double[] y, RateRatio.Bootstrap bootstrap) {
    if (x.length != y.length) {
      throw new IllegalArgumentException("x and y differ in length: " + x.length + " vs " + y.length);
    }
    for (int i = 0; i < x.length; i++) {
      if (!Double.isFinite(x[i]) || !Double.isFinite(y[i])) {
        throw new IllegalArgumentException("pair " + i + " is not finite: " + x[i] + ", " + y[i]);
      }
    }
    int n = x.length;
    int[] all = new int[n];
    for (int i = 0; i < n; i++) {
      all[i] = i;
    }
    double b = ols(x, y, all);
    if (Double.isNaN(b)) {
      return new Estimate(b, Double.NaN, Double.NaN, n, 0, bootstrap);
    }
    Bootstraps.Interval ci = Bootstraps.percentile(bootstrap, rng -> {
      int[] idx = new int[n];
      for (int i = 0; i < n; i++) {
        idx[i] = rng.nextInt(n);
      }
      return ols(x, y, idx);
    });
    return new Estimate(b, ci.lower(), ci.upper(), n, ci.undefined(), bootstrap);
  }
}
