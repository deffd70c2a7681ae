package ftl.quantity.core;

import ftl.stats.ConfirmCoverage;
import ftl.stats.GridLaw;
import ftl.stats.GuardCounts;
import ftl.stats.GuardResult;
import ftl.stats.SignCheckResult;
import ftl.stats.WindowedCorrelation;
import java.util.Objects;

/**
 * What one pass over one run's events file gave, apart from the ledger: the part of a {@link RunResult} the run
 * summary cache ({@code ftl.cache.RunSummary}) stores, declared once for both.
 *
 * @param sha256 SHA-256 of the events file as read (already checked against the ledger)
 * @param rows event rows in the file
 * @param sign the sign check ({@link ftl.stats.SignCheck})
 * @param guard OpenMessaging Benchmark's positivity guard replayed on {@code create_ms} ({@link ftl.stats.GuardAccounting})
 * @param wallMicrosGuard the same guard on the microsecond wall clock: {@code recv_us - send_us > 0}
 * @param grid the grid law per event from the run's own send phases and flights ({@link GridLaw#predictRun})
 * @param medianDisplacementNanos type-7 median of {@code D = ack_ns - send_ns} over complete events, NaN if none
 * @param medianAckSpanNanos type-7 median of {@code A = recv_ns - ack_ns} over complete events, NaN if none
 * @param correlation the exact state of the paired co-moments of (D, A) inside {@link Analysis#RHO_WINDOW}
 * @param firstSendPhaseMicros {@code send_us mod 1000} of the first event in the file
 * @param detail what quantities beyond the summary need from the same pass ({@link RunDetail})
 * @param coverage the negative spans split by how many messages each acknowledgment completed
 *     ({@link ConfirmCoverage}; {@link ConfirmCoverage.Result#NONE} when no event's {@code ack_covered} says)
 */
// Twelve components: each is a separate result of the one pass, and the cache writes each in its own field.
public record ScanResult(String sha256, long rows, SignCheckResult sign, GuardResult guard, GuardCounts wallMicrosGuard,
                         GridLaw.RunPrediction grid, double medianDisplacementNanos, double medianAckSpanNanos,
                         WindowedCorrelation.State correlation, long firstSendPhaseMicros, RunDetail detail,
                         ConfirmCoverage.Result coverage) {

  public ScanResult {
    Objects.requireNonNull(detail, "detail");
    Objects.requireNonNull(coverage, "coverage");
  }

  /** A result whose events said nothing of how many messages an acknowledgment completed. */
  public ScanResult(String sha256, long rows, SignCheckResult sign, GuardResult guard, GuardCounts wallMicrosGuard,
                    GridLaw.RunPrediction grid, double medianDisplacementNanos, double medianAckSpanNanos,
                    WindowedCorrelation.State correlation, long firstSendPhaseMicros, RunDetail detail) {
    this(sha256, rows, sign, guard, wallMicrosGuard, grid, medianDisplacementNanos, medianAckSpanNanos, correlation,
        firstSendPhaseMicros, detail, ConfirmCoverage.Result.NONE);
  }

  /** This result with another detail. */
  ScanResult withDetail(RunDetail d) {
    return new ScanResult(sha256, rows, sign, guard, wallMicrosGuard, grid, medianDisplacementNanos, medianAckSpanNanos,
        correlation, firstSendPhaseMicros, d, coverage);
  }
}
