package ftl.quantity.core;

import ftl.stats.ExactFraction;
import ftl.stats.ExactHistogram;
import ftl.stats.Rate;
import ftl.stats.SmoothLimit;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The detail of a {@link ScanResult}: what quantities beyond a run's summary need from its events, reduced in the
 * scan's one pass to a size that does not grow with the number of events (exact histograms of whole units, counts at
 * a few thresholds), so a cache can store it and an analysis can hold it for thousands of runs.
 *
 * @param flightSum the delivered events' flights {@code recv_ns - send_ns} reduced to the smooth limit's sum at the
 *     1 ms quantum ({@link SmoothLimit.Sum}; the replay campaign's smooth limit)
 * @param catchUp catch-up pairs over pairs of the send stamps ({@link ftl.stats.Pacing#catchUp}); {@link Rate#EMPTY}
 *     when the ledger records no send interval
 * @param flightUnitNanos the unit of {@code flightUnits}, ns: {@code gcd(send interval, 1000)} when the ledger
 *     records a send interval, else 1000 (the held-out grid law is exact at this unit: {@link
 *     ftl.stats.HeldOutGridLaw#thresholdUnits})
 * @param flightUnits exact histogram of {@code floor(flight / unit)} over the delivered events, held only until the
 *     analysis has pooled it by condition ({@link Analysis}); empty after that
 * @param gridOwnAtLeast the run's own flights at or above each threshold of its schedule ({@link
 *     ftl.stats.HeldOutGridLaw#thresholdUnits}); empty when the run has no schedule or before the analysis set it
 * @param gridOwnAtLeastIntended the same counts at the thresholds of the schedule placed from the ledger's intended
 *     start phase {@code start_phase_us} instead of the achieved phase of the first measured send ({@link
 *     ScanNeeds#ownCountsIntended}); empty when the ledger records no intended phase or before the analysis set it
 * @param sendPhasesMicros exact histogram of {@code send_us mod 1000} of the delivered events, only for the campaigns
 *     of {@link ScanNeeds#STAMP_CAMPAIGNS} (empty otherwise)
 * @param wallFlightsMicros exact histogram of {@code recv_us - send_us} of the same events, us (same campaigns)
 * @param completeFlightsNanos exact histogram of the flights {@code recv_ns - send_ns} of the complete events, ns,
 *     only for the campaign whose runs predict OpenMessaging Benchmark's ({@link ScanNeeds#COMPLETE_FLIGHTS}; empty
 *     otherwise): the prediction needs them exact, and takes them from here instead of reading the files again
 */
public record ScanDetail(SmoothLimit.Sum flightSum, Rate catchUp, long flightUnitNanos, ExactHistogram flightUnits,
                        List<Long> gridOwnAtLeast, List<Long> gridOwnAtLeastIntended, ExactHistogram sendPhasesMicros,
                        ExactHistogram wallFlightsMicros,
                        ExactHistogram completeFlightsNanos) {

  public ScanDetail {
    Objects.requireNonNull(flightSum, "flightSum");
    Objects.requireNonNull(catchUp, "catchUp");
    Objects.requireNonNull(flightUnits, "flightUnits");
    Objects.requireNonNull(gridOwnAtLeast, "gridOwnAtLeast");
    Objects.requireNonNull(gridOwnAtLeastIntended, "gridOwnAtLeastIntended");
    Objects.requireNonNull(sendPhasesMicros, "sendPhasesMicros");
    Objects.requireNonNull(wallFlightsMicros, "wallFlightsMicros");
    Objects.requireNonNull(completeFlightsNanos, "completeFlightsNanos");
    gridOwnAtLeast = List.copyOf(gridOwnAtLeast);
    gridOwnAtLeastIntended = List.copyOf(gridOwnAtLeastIntended);
    if (flightUnitNanos < 1) {
      throw new IllegalArgumentException("the flight unit must be positive: " + flightUnitNanos);
    }
    if (flightUnits.total() != 0 && flightUnits.total() != flightSum.flights()) {
      throw new IllegalArgumentException("the flight histogram holds " + flightUnits.total() + " flights, the sum "
          + flightSum.flights());
    }
  }

  /** The run's delivered flights. */
  public long flights() {
    return flightSum.flights();
  }

  /**
   * This detail once its flight histogram has been pooled: the histogram dropped, the run's own counts kept at the
   * thresholds of its achieved and of its intended schedule.
   */
  ScanDetail pooled(long[] ownAtLeast, long[] ownAtLeastIntended) {
    return new ScanDetail(flightSum, catchUp, flightUnitNanos, ExactHistogram.empty(),
        Arrays.stream(ownAtLeast).boxed().toList(), Arrays.stream(ownAtLeastIntended).boxed().toList(),
        sendPhasesMicros, wallFlightsMicros, completeFlightsNanos);
  }

  /**
   * The unit of a run's flight histogram for its ledger's send interval (0 when it records none): {@code gcd(s, 1000)},
   * which is {@code 1000 / b} for {@code s / 1000 = a / b} in lowest terms ({@link ftl.stats.ExactFraction}).
   */
  static long flightUnitFor(long sendIntervalNanos) {
    return sendIntervalNanos <= 0 ? 1000L : 1000L / ExactFraction.of(sendIntervalNanos, 1000L).denominator();
  }
}
