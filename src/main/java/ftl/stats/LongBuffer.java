package ftl.stats;

import java.util.Arrays;

/** Growable array of longs, the storage behind exact streaming medians. Package-private. */
final class LongBuffer {

  private long[] values = new long[16];
  private int size;

  void add(long v) {
    if (size == values.length) {
      values = Arrays.copyOf(values, values.length * 2);
    }
    values[size++] = v;
  }

  void addAll(LongBuffer other) {
    for (int i = 0; i < other.size; i++) {
      add(other.values[i]);
    }
  }

  /** A copy of the values, in the order they were added. */
  long[] toArray() {
    return Arrays.copyOf(values, size);
  }
}
