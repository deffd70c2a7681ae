package ftl.report;

import ftl.stats.ExactHistogram;

/**
 * The percentiles {@code ftl report} prints of one span (flight T, displacement D or ack-referenced span A) over the
 * events of a condition: nearest-rank percentiles ({@link ExactHistogram#nearestRank}, HdrHistogram's rule, the one the
 * benchmark tools print, so a figure here compares with theirs) of the values floored to {@link #RESOLUTION_NANOS},
 * exact at that resolution. Every value in ns; a value is a multiple of the resolution.
 *
 * @param count values the percentiles are taken over (0: none, and every other field 0)
 * @param minNanos smallest value
 * @param p50Nanos 50th percentile
 * @param p99Nanos 99th percentile
 * @param p999Nanos 99.9th percentile
 * @param maxNanos largest value
 */
public record Spread(long count, long minNanos, long p50Nanos, long p99Nanos, long p999Nanos, long maxNanos) {

  /**
   * The resolution of the report's spans, ns: 0.1 us, the last digit the report prints. Flooring to it bounds a
   * condition's histogram by the span of its values rather than by its events (a pool of millions of events over a few
   * milliseconds holds tens of thousands of distinct values), and moves no printed digit.
   */
  public static final long RESOLUTION_NANOS = 100;

  /** No value. */
  public static final Spread EMPTY = new Spread(0, 0, 0, 0, 0, 0);

  public Spread {
    if (count < 0) {
      throw new IllegalArgumentException("count must not be negative: " + count);
    }
    if (count > 0 && !(minNanos <= p50Nanos && p50Nanos <= p99Nanos && p99Nanos <= p999Nanos
        && p999Nanos <= maxNanos)) {
      throw new IllegalArgumentException("percentiles must ascend: " + minNanos + " " + p50Nanos + " " + p99Nanos + " "
          + p999Nanos + " " + maxNanos);
    }
  }

  /** The spread of a histogram of values in units of {@link #RESOLUTION_NANOS}; {@link #EMPTY} when it is empty. */
  public static Spread of(ExactHistogram units) {
    if (units.total() == 0) {
      return EMPTY;
    }
    return new Spread(units.total(), ns(units.min()), ns(units.nearestRank(50)), ns(units.nearestRank(99)),
        ns(units.nearestRank(99.9)), ns(units.max()));
  }

  /** A value in ns floored to the resolution, in its units. */
  static long units(long nanos) {
    return Math.floorDiv(nanos, RESOLUTION_NANOS);
  }

  private static long ns(long units) {
    return Math.multiplyExact(units, RESOLUTION_NANOS);
  }

  /** True when the spread holds values. */
  public boolean defined() {
    return count > 0;
  }
}
