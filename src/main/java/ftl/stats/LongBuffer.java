package ftl.stats;

import java.util.Arrays;

/**
 * Growable array of longs, the storage behind exact streaming medians and exact histograms of a run's values. Not
 * thread-safe.
 */
public final class LongBuffer {

  private long[] values = new long[16];
  private int size;

  /** Appends a value. */
  public void add(long v) {
    if (size == values.length) {
      values = Arrays.copyOf(values, values.length * 2);
    }
    values[size++] = v;
  }

  /** Forgets every value, keeping the storage. */
  void clear() {
    size = 0;
  }

  void addAll(LongBuffer other) {
    for (int i = 0; i < other.size; i++) {
      add(other.values[i]);
    }
  }

  /** {@link Quantiles#nearestRank(long[], double)} of the values, found in place (their order changes). */
  double nearestRank(double percentile) {
    return Quantiles.nearestRankInPlace(values, size, percentile);
  }

  /** {@link Quantiles#type7(long[], double)} of the values, found in place (their order changes). */
  double type7(double p) {
    return Quantiles.type7InPlace(values, size, p);
  }

  /** The values as an exact histogram ({@link ExactHistogram#sortingInPlace}: their order here changes). */
  public ExactHistogram histogram() {
    return ExactHistogram.sortingInPlace(values, size);
  }

}
