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

  /**
   * Type-7 quantile of {@code values} (not modified), exact on the longs: the two order statistics it needs are found
   * by selection ({@link #select}, expected linear time) rather than a full sort, with the same result; only the
   * interpolation is in double. NaN when empty.
   */
  public static double type7(long[] values, double p) {
    return type7InPlace(values.clone(), values.length, p);
  }

  /**
   * {@link #type7(long[], double)} of the first {@code n} values of {@code a}, reordering them in place instead of
   * copying them (for a buffer about to be dropped).
   */
  public static double type7InPlace(long[] a, int n, double p) {
    checkProbability(p);
    if (n == 0) {
      return Double.NaN;
    }
    double h = (n - 1) * p;
    int lo = (int) Math.floor(h);
    double frac = h - lo;
    select(a, n, lo, MAX_SELECT_ROUNDS);
    long x = a[lo];
    if (frac == 0.0) {
      return x;
    }
    long y = minFrom(a, n, lo + 1);
    return (double) x + frac * ((double) y - (double) x);
  }

  /**
   * Type-7 quantile of doubles found by selection (no NaN allowed; {@code values} is reordered): the same number
   * {@link #type7Sorted(double[], double)} gives on the sorted values, ordered as {@link Arrays#sort(double[])} orders
   * them ({@code -0.0} before {@code 0.0}, {@code +Infinity} above every finite value). NaN when empty.
   */
  public static double type7Select(double[] values, double p) {
    checkProbability(p);
    int n = values.length;
    if (n == 0) {
      return Double.NaN;
    }
    long[] keys = new long[n];
    for (int i = 0; i < n; i++) {
      if (Double.isNaN(values[i])) {
        throw new IllegalArgumentException("NaN in quantile input");
      }
      keys[i] = sortableBits(values[i]);
    }
    double h = (n - 1) * p;
    int lo = (int) Math.floor(h);
    double frac = h - lo;
    select(keys, lo, MAX_SELECT_ROUNDS);
    double a = fromSortableBits(keys[lo]);
    if (frac == 0.0) {
      return a;
    }
    return interpolate(a, fromSortableBits(minFrom(keys, lo + 1)), frac);
  }

  /** A long whose signed order is {@link Double#compare}'s order of the (non-NaN) double. */
  static long sortableBits(double v) {
    long bits = Double.doubleToRawLongBits(v);
    return bits ^ ((bits >> 63) & Long.MAX_VALUE);
  }

  /** The inverse of {@link #sortableBits}. */
  static double fromSortableBits(long key) {
    return Double.longBitsToDouble(key ^ ((key >> 63) & Long.MAX_VALUE));
  }

  /** Partition rounds {@link #select} takes before it sorts what is left (bounds the worst case at O(n log n)). */
  static final int MAX_SELECT_ROUNDS = 64;

  /**
   * Reorders {@code a} so that {@code a[k]} is the value {@link Arrays#sort(long[])} would put there, everything
   * before it no larger and everything after it no smaller: Hoare's FIND (quickselect, Hoare 1961, CACM 4(7) 321,
   * doi:10.1145/366622.366647) with a median-of-three pivot; after {@code maxRounds} partitions the remaining range
   * is sorted instead, so adversarial data cannot make it quadratic.
   */
  static void select(long[] a, int k, int maxRounds) {
    select(a, a.length, k, maxRounds);
  }

  /** {@link #select(long[], int, int)} on the first {@code n} values of {@code a}. */
  static void select(long[] a, int n, int k, int maxRounds) {
    int lo = 0;
    int hi = n - 1;
    int rounds = 0;
    while (lo < hi) {
      if (rounds++ >= maxRounds) {
        Arrays.sort(a, lo, hi + 1);
        return;
      }
      long pivot = median3(a[lo], a[(lo + hi) >>> 1], a[hi]);
      int i = lo;
      int j = hi;
      while (i <= j) {
        while (a[i] < pivot) {
          i++;
        }
        while (a[j] > pivot) {
          j--;
        }
        if (i <= j) {
          long t = a[i];
          a[i] = a[j];
          a[j] = t;
          i++;
          j--;
        }
      }
      // now a[lo..j] <= pivot, a[i..hi] >= pivot and everything strictly between equals pivot
      if (k <= j) {
        hi = j;
      } else if (k >= i) {
        lo = i;
      } else {
        return;
      }
    }
  }

  private static long median3(long x, long y, long z) {
    return Math.max(Math.min(x, y), Math.min(Math.max(x, y), z));
  }

  /** Smallest of {@code a[from..)}; {@code from < a.length}. */
  private static long minFrom(long[] a, int from) {
    return minFrom(a, a.length, from);
  }

  /** Smallest of {@code a[from..n)}; {@code from < n}. */
  private static long minFrom(long[] a, int n, int from) {
    long m = a[from];
    for (int i = from + 1; i < n; i++) {
      m = Math.min(m, a[i]);
    }
    return m;
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
    return interpolate(sorted[lo], sorted[lo + 1], frac);
  }

  /** {@code a + frac (b - a)} for neighbours {@code a <= b}; an infinite endpoint is returned as is. */
  private static double interpolate(double a, double b, double frac) {
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

  /**
   * Type-7 quantile of longs already sorted ascending (not checked); the difference is taken in double so it cannot
   * overflow.
   */
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
    return nearestRankInPlace(values.clone(), values.length, percentile);
  }

  /**
   * {@link #nearestRank(long[], double)} of the first {@code n} values of {@code a}, reordering them in place instead
   * of copying them (for a buffer about to be dropped).
   */
  public static double nearestRankInPlace(long[] a, int n, double percentile) {
    checkPercentile(percentile);
    if (n == 0) {
      return Double.NaN;
    }
    int k = (int) nearestRankIndex(n, percentile) - 1;
    select(a, n, k, MAX_SELECT_ROUNDS);
    return a[k];
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
