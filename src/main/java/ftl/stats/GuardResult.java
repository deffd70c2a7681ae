package ftl.stats;

/**
 * OpenMessaging Benchmark's positivity guard applied to one run (or to several pooled).
 *
 * <p>The guard records an end-to-end sample only if {@code M = recv_ms - create_ms > 0}, in whole
 * milliseconds with {@code recv_ms = floor(recv_us / 1000)} (docs/architecture.md#vocabulary, "positivity guard";
 * source: OpenMessaging Benchmark's {@code WorkloadGenerator}, which records the end-to-end latency only when it is
 * positive). Counts, in events: {@code taken} every delivered event whose {@code M} is computable;
 * {@code kept} with {@code M > 0}; {@code droppedZero} with {@code M = 0}; {@code droppedNegative} with
 * {@code M < 0}, of which {@code oneTickNegative} have {@code M = -1}. Conservation:
 * {@code kept + droppedZero + droppedNegative = taken}. {@code withoutM} counts events that never entered
 * (no {@code recv_us} or no {@code create_ms}), so they are reported rather than lost.
 *
 * <p>Medians: {@code guardMedianMillis} is the median the guard would report — the nearest-rank median
 * ({@link Quantiles#nearestRank}, HdrHistogram's rule) of the kept {@code M}, ms, {@code NaN} when nothing
 * was kept; {@code allSamplesMedianMillis} is the same rule over every taken {@code M}, ms, {@code NaN}
 * when {@code taken = 0}; {@code medianFlightNanos} is the type-7 median ({@link Quantiles#type7}) of the
 * flights {@code T} of the taken events that have {@code recv_ns}, ns, {@code NaN} when there are none.
 * Removing the lowest samples can only raise a nearest-rank median, so
 * {@code guardMedianMillis >= allSamplesMedianMillis} whenever both are defined.
 */
public record GuardResult(long taken, long kept, long droppedZero, long droppedNegative, long oneTickNegative,
                          long withoutM, double guardMedianMillis, double allSamplesMedianMillis,
                          double medianFlightNanos) {

  public GuardResult {
    new GuardCounts(taken, kept, droppedZero, droppedNegative, oneTickNegative, withoutM); // the counts' own checks
    if ((kept == 0) != Double.isNaN(guardMedianMillis)) {
      throw new IllegalArgumentException("guard median must be NaN exactly when nothing was kept");
    }
    if ((taken == 0) != Double.isNaN(allSamplesMedianMillis)) {
      throw new IllegalArgumentException("all-samples median must be NaN exactly when nothing was taken");
    }
    if (kept > 0 && !(guardMedianMillis >= 1.0 && guardMedianMillis >= allSamplesMedianMillis)) {
      throw new IllegalArgumentException("guard median " + guardMedianMillis
          + " must be at least 1 ms and at least the all-samples median " + allSamplesMedianMillis);
    }
  }

  /** The counts without the medians. */
  public GuardCounts counts() {
    return new GuardCounts(taken, kept, droppedZero, droppedNegative, oneTickNegative, withoutM);
  }

  /** Retention {@code kept / taken}, dimensionless in [0, 1]; undefined (0/0) when {@code taken = 0}. */
  public Rate retention() {
    return new Rate(kept, taken);
  }

  /** Samples the guard deleted: {@code droppedZero + droppedNegative}. */
  public long dropped() {
    return droppedZero + droppedNegative;
  }
}
