package ftl.cache;

import ftl.data.Campaign;
import ftl.data.ledger.LedgerRow;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.RunResult;
import ftl.quantity.core.ScanResult;
import ftl.stats.WindowedCorrelation;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * What the cache stores of a {@link RunResult}: its {@link ScanResult} (every field that comes from the events file;
 * the campaign and the ledger row come from the ledger), and the ledger values the scan took. The correlation is
 * held as its exact {@link WindowedCorrelation.State}, so a restored result merges bit for bit as the scanned one.
 *
 * @param scan what the pass over the events file gave; its SHA-256 is lower-case hex and it has at least one row
 * @param parameters the ledger values the scan took ({@link Analysis.ScanParameters}): a stored summary serves only a
 *     run with the same
 */
public record RunSummary(ScanResult scan, Analysis.ScanParameters parameters) {

  private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");

  public RunSummary {
    Objects.requireNonNull(scan, "scan");
    if (!SHA256.matcher(scan.sha256()).matches()) {
      throw new IllegalArgumentException("not a lower-case hex SHA-256: " + scan.sha256());
    }
    if (scan.rows() < 1) {
      throw new IllegalArgumentException("an events file has at least one row, not " + scan.rows());
    }
    Objects.requireNonNull(scan.sign(), "sign");
    Objects.requireNonNull(scan.guard(), "guard");
    Objects.requireNonNull(scan.wallMicrosGuard(), "wallMicrosGuard");
    Objects.requireNonNull(scan.grid(), "grid");
    Objects.requireNonNull(scan.correlation(), "correlation");
    Objects.requireNonNull(parameters, "parameters");
  }

  /** The SHA-256 of the events file the summary was computed from (its key in the cache). */
  public String sha256() {
    return scan.sha256();
  }

  /** The summary of a scanned run (before the analysis pooled its flights: the detail is stored whole). */
  public static RunSummary of(RunResult r) {
    return new RunSummary(r.scan(), Analysis.ScanParameters.of(r.campaign(), r.row()));
  }

  /** The run result of {@code row} of {@code campaign}. */
  public RunResult toResult(Campaign campaign, LedgerRow row) {
    return new RunResult(campaign, row, scan);
  }
}
