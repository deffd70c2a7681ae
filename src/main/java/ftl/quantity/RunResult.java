package ftl.quantity;

import ftl.data.Campaign;
import ftl.data.LedgerRow;
import ftl.stats.CorrelationResult;
import ftl.stats.GridLaw;
import ftl.stats.GuardResult;
import ftl.stats.Rate;
import ftl.stats.SignCheckResult;
import ftl.stats.WindowedCorrelation;

/**
 * What one pass over one ok run's events file gave.
 *
 * @param campaign the run's campaign
 * @param row the run's ledger row
 * @param sha256 SHA-256 of the events file as read (already checked against the ledger)
 * @param rows event rows in the file
 * @param sign the sign check ({@link ftl.stats.SignCheck})
 * @param guard OpenMessaging Benchmark's positivity guard replayed on {@code create_ms} ({@link ftl.stats.GuardAccounting})
 * @param wallMicrosGuard the same guard on the microsecond wall clock: {@code recv_us - send_us > 0}
 * @param grid the grid law per event from the run's own send phases and flights ({@link GridLaw#predictRun})
 * @param medianDisplacementNanos type-7 median of {@code D = ack_ns - send_ns} over complete events, NaN if none
 * @param medianAckSpanNanos type-7 median of {@code A = recv_ns - ack_ns} over complete events, NaN if none
 * @param correlation paired co-moments of (D, A) inside {@link Analysis#RHO_WINDOW}, mergeable across runs;
 *     never mutated after the scan
 * @param firstSendPhaseMicros {@code send_us mod 1000} of the first event in the file
 * @param detail what quantities beyond the summary need from the same pass ({@link RunDetail})
 */
public record RunResult(Campaign campaign, LedgerRow row, String sha256, long rows, SignCheckResult sign,
                        GuardResult guard, ftl.stats.GuardCounts wallMicrosGuard, GridLaw.RunPrediction grid,
                        double medianDisplacementNanos, double medianAckSpanNanos,
                        WindowedCorrelation correlation, long firstSendPhaseMicros, RunDetail detail) {

  public RunResult {
    java.util.Objects.requireNonNull(detail, "detail");
  }

  /** This result with another detail (the analysis pools the flight histogram and keeps the run's own counts). */
  RunResult withDetail(RunDetail d) {
    return new RunResult(campaign, row, sha256, rows, sign, guard, wallMicrosGuard, grid, medianDisplacementNanos,
        medianAckSpanNanos, correlation, firstSendPhaseMicros, d);
  }

  /** The sign check: a run is rejected when any complete event has a negative ack-referenced span. */
  public boolean rejected() {
    return sign.rejected();
  }

  /** Guard retention kept / taken, NaN when nothing was delivered. */
  public double retention() {
    return guard.taken() == 0 ? Double.NaN : (double) guard.kept() / guard.taken();
  }

  /** Negative ack-referenced spans over complete events. */
  public Rate ackNegativeRate() {
    return new Rate(sign.ackNegative(), sign.complete());
  }

  /** This run's rho(D, A) alone. */
  public CorrelationResult rho() {
    return new WindowedCorrelation(Analysis.RHO_WINDOW).merge(correlation).result();
  }

  /** A declared ledger column of the run ({@code ""} when its ledger lacks it). */
  public String field(ftl.data.LedgerSchema.Column column) {
    return row.field(column);
  }
}
