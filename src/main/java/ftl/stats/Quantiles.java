package ftl.stats;

import java.util.Arrays;

/**
 * Sample quantiles with declared estimators.
 *
 * <p><b>Type 7</b> (Hyndman and Fan 1996, "Sample quantiles in statistical packages", The American
 * Statistician 50(4), definition 7; R's default, Commons Math {@code Percentile.EstimationType.R_7}): for
 * sorted values {@code x[0..n-1]} and a probability {@code p} in [0, 1], {@code h = (n - 1) p},
 * {@code Q(p) = x[floor h] + (h - floor h) (x[floor h + 1] - x[floor h])}. The median is {@code Q(0.5)},
 * the mean of the two middle values when {@code n} is even. Unit: that of the data. Degenerate case:
 * {@code n = 0} gives {@code NaN}.
 *
 * <p><b>Nearest rank</b> as HdrHistogram 2.2.2's {@code AbstractHistogram.getValueAtPercentile} counts it,
 * which is what OpenMessaging Benchmark reports: rank {@code r = max(1, ceil(nextDown(P) n / 100))} for a
 * percentile {@code P} in (0, 100], value {@code x[r - 1]}. No interpolation; for the median this is the
 * lower middle value when {@code n} is even. HdrHistogram also rounds a value up to the top of its bucket;
 * that bucketing is not modelled here (it is the identity below 2^17 units at 5 significant digits, the
 * configuration OpenMessaging Benchmark uses).
 */
public final class Quantiles {

  private Quantiles() {}

  /** Type-7 quantile of {@code values} (not modified); see the class javadoc. NaN when empty. */
  public static double type7(double[] values, double p) {
    double[] sorted = values.clone();
    for (double v : sorted) {
      if (Double.isNaN(v)) {
        throw new IllegalArgumentException("NaN in quantile input");
      }
    }
    Arrays.sort(sorted);
    return type7Sorted(sorted, p);
  }

  /** Type-7 quantile of {@code values} (not modified); sorting and selection are exact on the longs, only the interpolation is in double. NaN when empty. */
  public static double type7(long[] values, double p) {
    long[] sorted = values.clone();
    Arrays.sort(sorted);
    return type7Sorted(sorted, p);
  }

  /** Type-7 median, {@code type7(values, 0.5)}; NaN when empty. */
  public static double median(double[] values) {
    return type7(values, 0.5);
  }

  /** Type-7 median, {@code type7(values, 0.5)}; NaN when empty. */
  public static double median(long[] values) {
    return type7(values, 0.5);
  }

  /**
   * Type-7 quantile of values already sorted ascending (not checked). An infinite endpoint is returned as
   * is rather than interpolated, so {@code +Infinity} orders above every finite value.
   */
  public static double type7Sorted(double[] sorted, double p) {
    checkProbability(p);
    int n = sorted.length;
    if (n == 0) {
      return Double.NaN;
    }
    double h = (n - 1) * p;
    int lo = (int) Math.floor(h);
    double frac = h - lo;
    if (frac == 0.0) {
      return sorted[lo];
    }
    double a = sorted[lo];
    double b = sorted[lo + 1];
    if (a == b) {
      return a;
    }
    if (Double.isInfinite(b)) {
      return b;
    }
    if (Double.isInfinite(a)) {
      return a;
    }
    return a + frac * (b - a);
  }

  /** Type-7 quantile of longs already sorted ascending (not checked); the difference is taken in double so it cannot overflow. */
  public static double type7Sorted(long[] sorted, double p) {
    checkProbability(p);
    int n = sorted.length;
    if (n == 0) {
      return Double.NaN;
    }
    double h = (n - 1) * p;
    int lo = (int) Math.floor(h);
    double frac = h - lo;
    long a = sorted[lo];
    if (frac == 0.0) {
      return a;
    }
    long b = sorted[lo + 1];
    return (double) a + frac * ((double) b - (double) a);
  }

  /**
   * One-based rank HdrHistogram 2.2.2 walks to for percentile {@code percentile} (0–100] of {@code n}
   * values: {@code max(1, ceil(nextDown(percentile) n / 100))}. Requires {@code n >= 1}.
   */
  public static long nearestRankIndex(long n, double percentile) {
    if (n < 1) {
      throw new IllegalArgumentException("need at least one value, got " + n);
    }
    checkPercentile(percentile);
    double requested = Math.min(Math.max(Math.nextAfter(percentile, Double.NEGATIVE_INFINITY), 0.0), 100.0);
    long rank = (long) Math.ceil(requested * n / 100.0);
    return Math.max(rank, 1);
  }

  /**
   * Nearest-rank percentile as OpenMessaging Benchmark reports it through HdrHistogram (class javadoc):
   * the value at rank {@link #nearestRankIndex}. Unit: that of the data. NaN when empty.
   */
  public static double nearestRank(long[] values, double percentile) {
    checkPercentile(percentile);
    if (values.length == 0) {
      return Double.NaN;
    }
    long[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[(int) nearestRankIndex(sorted.length, percentile) - 1];
  }

  private static void checkProbability(double p) {
    if (!(p >= 0.0 && p <= 1.0)) {
      throw new IllegalArgumentException("probability must be in [0, 1]: " + p);
    }
  }

  private static void checkPercentile(double percentile) {
    if (!(percentile > 0.0 && percentile <= 100.0)) {
      throw new IllegalArgumentException("percentile must be in (0, 100]: " + percentile);
    }
  }
}
