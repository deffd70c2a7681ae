package ftl.cache;

import ftl.data.Campaign;
import ftl.data.LedgerRow;
import ftl.quantity.Analysis;
import ftl.quantity.RunDetail;
import ftl.quantity.RunResult;
import ftl.stats.GridLaw;
import ftl.stats.GuardResult;
import ftl.stats.SignCheckResult;
import ftl.stats.WindowedCorrelation;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Every field of a {@link RunResult} that comes from the events file: all of them but the campaign and the
 * ledger row, which come from the ledger. The correlation is held as its exact
 * {@link WindowedCorrelation.State}, so a restored result merges bit for bit as the scanned one.
 *
 * @param sha256 lower-case hex SHA-256 of the events file's stored bytes the summary was computed from
 * @param parameters the ledger values the scan took ({@link Analysis.ScanParameters}): a stored summary serves only a
 *     run with the same
 * @param detail the run's detail as scanned, with its whole flight histogram and no own counts (those depend on the
 *     ledger's schedule and are recomputed by the analysis)
 */
public record RunSummary(String sha256, long rows, SignCheckResult sign, GuardResult guard,
                         ftl.stats.GuardCounts wallMicrosGuard, GridLaw.RunPrediction grid, double medianDisplacementNanos,
                         double medianAckSpanNanos, WindowedCorrelation.State correlation,
                         long firstSendPhaseMicros, Analysis.ScanParameters parameters, RunDetail detail) {

  private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");

  public RunSummary {
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
    Objects.requireNonNull(parameters, "parameters");
    Objects.requireNonNull(detail, "detail");
  }

  /** The summary of a scanned run (before the analysis pooled its flights: the detail is stored whole). */
  public static RunSummary of(RunResult r) {
    return new RunSummary(r.sha256(), r.rows(), r.sign(), r.guard(), r.wallMicrosGuard(), r.grid(),
        r.medianDisplacementNanos(), r.medianAckSpanNanos(), r.correlation().state(), r.firstSendPhaseMicros(),
        Analysis.ScanParameters.of(r.campaign(), r.row()), r.detail());
  }

  /** The run result of {@code row} of {@code campaign}, with a correlation of its own restored from the state. */
  public RunResult toResult(Campaign campaign, LedgerRow row) {
    return new RunResult(campaign, row, sha256, rows, sign, guard, wallMicrosGuard, grid, medianDisplacementNanos,
        medianAckSpanNanos, WindowedCorrelation.restore(correlation), firstSendPhaseMicros, detail);
  }
}
