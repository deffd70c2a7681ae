package ftl.stats;

/**
 * The declared window of rho(D, A): a pair enters iff {@code minDisplacementNanos <= D <= maxDisplacementNanos}
 * and {@code minAckSpanNanos <= A <= maxAckSpanNanos} — both bounds inclusive, nanoseconds.
 *
 * @param minDisplacementNanos lowest {@code D} admitted, inclusive
 * @param maxDisplacementNanos highest {@code D} admitted, inclusive, {@code >= min}
 * @param minAckSpanNanos lowest {@code A} admitted, inclusive (may be negative: {@code A} is a proxy)
 * @param maxAckSpanNanos highest {@code A} admitted, inclusive, {@code >= min}
 */
public record CorrelationWindow(long minDisplacementNanos, long maxDisplacementNanos, long minAckSpanNanos,
                                long maxAckSpanNanos) {

  /** Admits every pair. */
  public static final CorrelationWindow ALL =
      new CorrelationWindow(Long.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE, Long.MAX_VALUE);

  public CorrelationWindow {
    if (minDisplacementNanos > maxDisplacementNanos) {
      throw new IllegalArgumentException(
          "displacement window empty: " + minDisplacementNanos + " > " + maxDisplacementNanos);
    }
    if (minAckSpanNanos > maxAckSpanNanos) {
      throw new IllegalArgumentException("ack-span window empty: " + minAckSpanNanos + " > " + maxAckSpanNanos);
    }
  }

  /** True iff the pair lies inside the window (bounds inclusive). */
  public boolean contains(long displacementNanos, long ackSpanNanos) {
    return displacementNanos >= minDisplacementNanos && displacementNanos <= maxDisplacementNanos
        && ackSpanNanos >= minAckSpanNanos && ackSpanNanos <= maxAckSpanNanos;
  }
}
