package ftl.stats;

/**
 * The smooth limit of the grid law: the positivity guard's retention when send phases are spread uniformly over
 * the quantum instead of sitting on the b points of a fixed interval (a replayed, irregular send stream; or a
 * uniformly random start phase averaged over runs).
 *
 * <p>Formula: a sample of flight {@code T} sent at phase {@code u} (a fraction of the quantum {@code q}) is kept
 * iff {@code u >= 1 - T/q} when {@code T < q}, and always when {@code T >= q}; with {@code u} uniform on [0, 1)
 * and independent of {@code T}, {@code P(kept | T) = min(T, q)/q}, so retention {@code R = E[min(T, q)] / q},
 * estimated as {@code sum(min(max(T, 0), q)) / (n q)} over a flight sample (a negative flight, impossible on one
 * clock, counts as 0: never kept). Dimensionless, in [0, 1]. Degenerate case: no flight, {@code NaN}. Source: the
 * grid law of the original record (retention approaches {@code L/q} as {@code b} grows) averaged over a flight
 * distribution; docs/architecture.md#vocabulary, "grid law".
 */
public final class SmoothLimit {
  private SmoothLimit() {}

  /**
   * A flight sample reduced to what the limit needs; mergeable across runs.
   *
   * @param clippedNanos sum over the flights of {@code min(max(T, 0), q)}, nanoseconds
   * @param flights      how many flights
   * @param quantumNanos the quantum {@code q}, nanoseconds, positive
   */
  public record Sum(long clippedNanos, long flights, long quantumNanos) {
    public Sum {
      if (quantumNanos <= 0) {
        throw new IllegalArgumentException("quantum must be positive: " + quantumNanos);
      }
      if (flights < 0 || clippedNanos < 0 || clippedNanos > flights * quantumNanos) {
        throw new IllegalArgumentException("inconsistent sum: " + clippedNanos + " ns over " + flights + " flights");
      }
    }

    /** An empty sample. */
    public static Sum empty(long quantumNanos) {
      return new Sum(0, 0, quantumNanos);
    }

    /** This sample with one more flight. */
    public Sum plus(long flightNanos) {
      return new Sum(clippedNanos + Math.min(Math.max(flightNanos, 0), quantumNanos), flights + 1, quantumNanos);
    }

    /** The union of two samples of the same quantum. */
    public Sum merge(Sum other) {
      if (other.quantumNanos != quantumNanos) {
        throw new IllegalArgumentException("quanta differ: " + quantumNanos + " and " + other.quantumNanos);
      }
      return new Sum(clippedNanos + other.clippedNanos, flights + other.flights, quantumNanos);
    }

    /** Predicted retention {@code E[min(T, q)] / q}; NaN when the sample is empty. */
    public double retention() {
      return flights == 0 ? Double.NaN : (double) clippedNanos / ((double) flights * quantumNanos);
    }
  }

  /** The sample of {@code flightsNanos} at quantum {@code quantumNanos}. */
  public static Sum of(long[] flightsNanos, long quantumNanos) {
    Sum s = Sum.empty(quantumNanos);
    for (long t : flightsNanos) {
      s = s.plus(t);
    }
    return s;
  }
}
