package ftl.stats;

import java.util.Arrays;
import java.util.List;

/**
 * An exact histogram of integers: the distinct values of a sample, ascending, each with how many times it occurs.
 * Nothing is binned or rounded, so every count it answers ({@link #atLeast}, {@link #below}) is the count the sorted
 * sample would give by binary search; its size is the number of <em>distinct</em> values, so a sample of flights in
 * whole microseconds (a few thousand distinct values whatever the number of events) takes the same memory at any
 * length. Mergeable across runs ({@link #merge}); a leave-one-out count is a difference of two histograms' counts.
 *
 * <p>Why not HdrHistogram: it is exact only below {@code 2 x 10^d} for {@code d <= 5} significant digits, and bins
 * larger values; a flight sample from a hostile data root can hold any 64-bit value, and the grid law's counts must be
 * exact. Immutable; the arrays are never exposed.
 */
public final class ExactHistogram {

  private static final ExactHistogram EMPTY = new ExactHistogram(new long[0], new long[0]);

  /** Distinct values, strictly ascending. */
  private final long[] values;
  /** {@code atLeast[i]} = number of sample values {@code >= values[i]}; one more entry, 0, at the end. */
  private final long[] atLeast;

  private ExactHistogram(long[] values, long[] counts) {
    this.values = values;
    this.atLeast = new long[values.length + 1];
    for (int i = values.length - 1; i >= 0; i--) {
      atLeast[i] = Math.addExact(atLeast[i + 1], counts[i]);
    }
  }

  /** The histogram with no value. */
  public static ExactHistogram empty() {
    return EMPTY;
  }

  /** The histogram of {@code sample} (any order; the array is not changed). */
  public static ExactHistogram of(long[] sample) {
    long[] sorted = sample.clone();
    Arrays.sort(sorted);
    return ofSorted(sorted, sorted.length);
  }

  /**
   * The histogram of the first {@code n} values of {@code buffer}, which it may reorder (a scan's own buffer, handed
   * over: no copy): values within a narrow span ({@link #countingSpan}) are counted, others sorted in place.
   */
  public static ExactHistogram sortingInPlace(long[] buffer, int n) {
    if (n > 0) {
      long min = buffer[0];
      long max = buffer[0];
      for (int i = 1; i < n; i++) {
        min = Math.min(min, buffer[i]);
        max = Math.max(max, buffer[i]);
      }
      long span = max - min; // negative when the difference overflows a long
      if (span >= 0 && span <= countingSpan(n)) {
        return counted(buffer, n, min, (int) span);
      }
    }
    Arrays.sort(buffer, 0, n);
    return ofSorted(buffer, n);
  }

  /**
   * The widest span of values (max - min) that {@link #sortingInPlace} counts, one counter per possible value, rather
   * than sorting: a send phase spans 1,000 µs, a run's flights mostly a few thousand.
   */
  static long countingSpan(long n) {
    return 8L * n + 1024;
  }

  /** The histogram of {@code buffer[0..n)}, whose values lie in {@code [min, min + span]}, by counting each value. */
  private static ExactHistogram counted(long[] buffer, int n, long min, int span) {
    long[] perValue = new long[span + 1];
    for (int i = 0; i < n; i++) {
      perValue[(int) (buffer[i] - min)]++;
    }
    return ofCounters(perValue, min);
  }

  /** The histogram whose value {@code min + i} occurs {@code perValue[i]} times (0: absent). */
  private static ExactHistogram ofCounters(long[] perValue, long min) {
    int distinct = 0;
    for (long count : perValue) {
      distinct += count == 0 ? 0 : 1;
    }
    long[] v = new long[distinct];
    long[] c = new long[distinct];
    int k = 0;
    for (int i = 0; i < perValue.length; i++) {
      if (perValue[i] != 0) {
        v[k] = min + i;
        c[k++] = perValue[i];
      }
    }
    return new ExactHistogram(v, c);
  }

  /** The histogram of the first {@code n} values of an ascending array (not checked: the caller sorted it). */
  static ExactHistogram ofSorted(long[] sorted, int n) {
    int distinct = 0;
    for (int i = 0; i < n; i++) {
      if (i == 0 || sorted[i] != sorted[i - 1]) {
        distinct++;
      }
    }
    long[] v = new long[distinct];
    long[] c = new long[distinct];
    int k = -1;
    for (int i = 0; i < n; i++) {
      if (i == 0 || sorted[i] != sorted[i - 1]) {
        v[++k] = sorted[i];
      }
      c[k]++;
    }
    return new ExactHistogram(v, c);
  }

  /**
   * The histogram with the given distinct values and their counts (e.g. as stored).
   *
   * @throws IllegalArgumentException when the arrays differ in length, the values are not strictly ascending, or a
   *     count is not positive
   */
  public static ExactHistogram ofCounts(long[] values, long[] counts) {
    if (values.length != counts.length) {
      throw new IllegalArgumentException(values.length + " values but " + counts.length + " counts");
    }
    for (int i = 0; i < values.length; i++) {
      if (counts[i] < 1) {
        throw new IllegalArgumentException("count of " + values[i] + " must be positive: " + counts[i]);
      }
      if (i > 0 && values[i] <= values[i - 1]) {
        throw new IllegalArgumentException("values must be strictly ascending (index " + i + ")");
      }
    }
    return new ExactHistogram(values.clone(), counts.clone());
  }

  /** The union of samples (counts added value by value). */
  public static ExactHistogram merge(List<ExactHistogram> parts) {
    if (parts.size() < 2) {
      return parts.isEmpty() ? EMPTY : parts.get(0);
    }
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    long distinct = 0;
    for (ExactHistogram h : parts) {
      if (h.values.length > 0) {
        min = Math.min(min, h.values[0]);
        max = Math.max(max, h.values[h.values.length - 1]);
        distinct += h.values.length;
      }
    }
    long span = max - min; // negative when the difference overflows a long, or when every part is empty
    if (distinct > 0 && span >= 0 && span <= countingSpan(distinct)) {
      return mergeByCounting(parts, min, (int) span);
    }
    return mergeByTree(parts);
  }

  /** {@link #merge} pairwise, as a balanced tree: each value is copied about log2(parts) times. */
  static ExactHistogram mergeByTree(List<ExactHistogram> parts) {
    if (parts.isEmpty()) {
      return EMPTY;
    }
    if (parts.size() == 1) {
      return parts.get(0);
    }
    int half = parts.size() / 2;
    return mergeByTree(parts.subList(0, half)).plus(mergeByTree(parts.subList(half, parts.size())));
  }

  /**
   * {@link #merge} of parts whose values lie in {@code [min, min + span]}: one counter per possible value, each part's
   * counts added in, one pass (a condition's pool of flights in whole microseconds spans far less than its values).
   */
  private static ExactHistogram mergeByCounting(List<ExactHistogram> parts, long min, int span) {
    long[] perValue = new long[span + 1];
    for (ExactHistogram h : parts) {
      for (int i = 0; i < h.values.length; i++) {
        int at = (int) (h.values[i] - min);
        perValue[at] = Math.addExact(perValue[at], h.count(i));
      }
    }
    return ofCounters(perValue, min);
  }

  /** The union of this sample and {@code other}: one linear merge of the two ascending value lists. */
  public ExactHistogram plus(ExactHistogram other) {
    if (other.values.length == 0) {
      return this;
    }
    if (values.length == 0) {
      return other;
    }
    long[] v = new long[values.length + other.values.length];
    long[] c = new long[v.length];
    int i = 0;
    int j = 0;
    int k = 0;
    while (i < values.length || j < other.values.length) {
      if (j == other.values.length || (i < values.length && values[i] < other.values[j])) {
        v[k] = values[i];
        c[k++] = count(i++);
      } else if (i == values.length || other.values[j] < values[i]) {
        v[k] = other.values[j];
        c[k++] = other.count(j++);
      } else {
        v[k] = values[i];
        c[k++] = Math.addExact(count(i++), other.count(j++));
      }
    }
    return k == v.length ? new ExactHistogram(v, c) : new ExactHistogram(Arrays.copyOf(v, k), Arrays.copyOf(c, k));
  }

  /**
   * This sample without {@code part}, a sub-multiset of it (e.g. the pool of a condition without one of its runs).
   *
   * @throws IllegalArgumentException when {@code part} holds a value more often than this sample does
   */
  public ExactHistogram minus(ExactHistogram part) {
    long[] v = new long[values.length];
    long[] c = new long[values.length];
    int k = 0;
    int j = 0;
    for (int i = 0; i < values.length; i++) {
      long n = count(i);
      if (j < part.values.length && part.values[j] == values[i]) {
        n -= part.count(j++);
      }
      if (n < 0 || (j < part.values.length && part.values[j] < values[i])) {
        throw new IllegalArgumentException("not a sub-multiset: " + (n < 0 ? values[i] : part.values[j])
            + " occurs more often in the part");
      }
      if (n > 0) {
        v[k] = values[i];
        c[k++] = n;
      }
    }
    if (j < part.values.length) {
      throw new IllegalArgumentException("not a sub-multiset: " + part.values[j] + " occurs more often in the part");
    }
    return new ExactHistogram(Arrays.copyOf(v, k), Arrays.copyOf(c, k));
  }

  /** How many sample values there are. */
  public long total() {
    return atLeast[0];
  }

  /** How many distinct values there are (the histogram's size). */
  public int distinct() {
    return values.length;
  }

  /** The {@code i}-th distinct value, ascending. */
  public long value(int i) {
    return values[i];
  }

  /** How many times the {@code i}-th distinct value occurs. */
  public long count(int i) {
    return atLeast[i] - atLeast[i + 1];
  }

  /**
   * The nearest-rank percentile of the sample, as HdrHistogram (and so OpenMessaging Benchmark) reports one: the value
   * at the one-based rank {@link Quantiles#nearestRankIndex} of the sorted sample, which is a value of the sample; unit
   * that of the values. Degenerate case: an empty histogram has none ({@link IllegalStateException}); the caller checks
   * {@link #total()} first. Source: {@link Quantiles#nearestRank}, of which this is the histogram form (same rank).
   *
   * @param percentile in (0, 100]
   */
  public long nearestRank(double percentile) {
    if (values.length == 0) {
      throw new IllegalStateException("no value: an empty histogram has no percentile");
    }
    long below = Quantiles.nearestRankIndex(total(), percentile) - 1; // values strictly before the rank
    // the first distinct value i with more than `below` values up to and including it: total - atLeast[i + 1] > below
    int lo = 0;
    int hi = values.length - 1;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (total() - atLeast[mid + 1] > below) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    return values[lo];
  }

  /** The smallest value; {@link IllegalStateException} when the histogram is empty. */
  public long min() {
    if (values.length == 0) {
      throw new IllegalStateException("no value: an empty histogram has no minimum");
    }
    return values[0];
  }

  /** The largest value; {@link IllegalStateException} when the histogram is empty. */
  public long max() {
    if (values.length == 0) {
      throw new IllegalStateException("no value: an empty histogram has no maximum");
    }
    return values[values.length - 1];
  }

  /** Number of sample values {@code >= x}: what {@code sorted.length - lowerBound(sorted, x)} gives on the sample. */
  public long atLeast(long x) {
    return atLeast[(int) GridLaw.countBelow(values, x)]; // the lower bound of x among the distinct values
  }

  /** Number of sample values strictly below {@code x}. */
  public long below(long x) {
    return total() - atLeast(x);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ExactHistogram h && Arrays.equals(values, h.values) && Arrays.equals(atLeast, h.atLeast);
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(values) + Arrays.hashCode(atLeast);
  }

  @Override
  public String toString() {
    return "ExactHistogram[" + values.length + " distinct of " + total() + "]";
  }
}
