package ftl.quantity.core;

import ftl.stats.ConfirmCoverage;
import ftl.stats.GridLaw;
import ftl.stats.GuardCounts;
import ftl.stats.GuardResult;
import ftl.stats.SignCheckResult;
import ftl.stats.WindowedCorrelation;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * What one pass over one run's events file gave, with the ledger values the pass took: the part of a {@link ScannedRun}
 * that comes from its events file, and what the run-summary cache ({@code ftl.cache.DiskRunSummaryCache}) stores of a
 * run, keyed by {@code sha256} and valid only for the same {@code parameters}. The correlation is held as its exact
 * {@link WindowedCorrelation.State}, so a restored result merges bit for bit as the scanned one.
 *
 * @param sha256 SHA-256 of the events file as read (already checked against the ledger), lower-case hex
 * @param rows event rows in the file, at least one
 * @param sign the sign check ({@link ftl.stats.SignCheck})
 * @param guard OpenMessaging Benchmark's positivity guard replayed on {@code create_ms} ({@link
 *     ftl.stats.GuardAccounting})
 * @param wallMicrosGuard the same guard on the microsecond wall clock: {@code recv_us - send_us > 0}
 * @param grid the grid law per event from the run's own send phases and flights ({@link GridLaw#predictRun})
 * @param medianDisplacementNanos type-7 median of {@code D = ack_ns - send_ns} over complete events, NaN if none
 * @param medianAckSpanNanos type-7 median of {@code A = recv_ns - ack_ns} over complete events, NaN if none
 * @param correlation the exact state of the paired co-moments of (D, A) inside {@link Analysis#RHO_WINDOW}
 * @param firstSendPhaseMicros {@code send_us mod 1000} of the first event in the file
 * @param detail what quantities beyond the summary need from the same pass ({@link ScanDetail})
 * @param coverage the negative spans split by how many messages each acknowledgment completed
 *     ({@link ConfirmCoverage}; {@link ConfirmCoverage.Result#NONE} when no event's {@code ack_covered} says)
 * @param parameters the ledger values the pass took ({@link Analysis.ScanParameters}): a stored result serves only a
 *     run with the same
 */
// Thirteen components: each is a separate result of the one pass (or an input it took from the ledger), and the cache
// writes each in its own field.
public record ScanResult(String sha256, long rows, SignCheckResult sign, GuardResult guard, GuardCounts wallMicrosGuard,
                         GridLaw.RunPrediction grid, double medianDisplacementNanos, double medianAckSpanNanos,
                         WindowedCorrelation.State correlation, long firstSendPhaseMicros, ScanDetail detail,
                         ConfirmCoverage.Result coverage, Analysis.ScanParameters parameters) {

  private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");

  public ScanResult {
    if (!SHA256.matcher(sha256).matches()) {
      throw new IllegalArgumentException("not a lower-case hex SHA-256: " + sha256);
    }
    if (rows < 1) {
      throw new IllegalArgumentException("an events file has at least one row, not " + rows);
    }
    Objects.requireNonNull(sign, "sign");
    Objects.requireNonNull(guard, "guard");
    Objects.requireNonNull(wallMicrosGuard, "wallMicrosGuard");
    Objects.requireNonNull(grid, "grid");
    Objects.requireNonNull(correlation, "correlation");
    Objects.requireNonNull(detail, "detail");
    Objects.requireNonNull(coverage, "coverage");
    Objects.requireNonNull(parameters, "parameters");
  }

  /** This result with another detail. */
  ScanResult withDetail(ScanDetail d) {
    return new ScanResult(sha256, rows, sign, guard, wallMicrosGuard, grid, medianDisplacementNanos, medianAckSpanNanos,
        correlation, firstSendPhaseMicros, d, coverage, parameters);
  }
}
