package ftl.data.tool;

import ftl.data.ledger.RunStatus;
import java.util.Map;
import java.util.Objects;

/**
 * One row of the real OpenMessaging Benchmark ledger ({@link OmbFormat#LEDGER_HEADER}), checked.
 *
 * @param runId run identifier (safe characters)
 * @param condition the plan's condition (safe characters)
 * @param status {@code ok} or {@code failed}; only ok runs are analysed, the others counted
 * @param rateMsgPerSecond OMB's fixed publish rate, messages per second, positive
 * @param sendIntervalNanos {@code round(1e9 / rate)}, ns, positive
 * @param runFile per-run file relative to the folder; empty for a failed run
 * @param runSha256 its SHA-256; empty for a failed run
 * @param messagesReceived the ledger's copy of the run file's received count (checked against it)
 * @param e2eCount the ledger's copy of the run file's end-to-end histogram count (checked against it)
 * @param fields every cell by column
 * @param line line of the row in the ledger
 */
public record OmbLedgerRow(String runId, String condition, RunStatus status, double rateMsgPerSecond,
                           long sendIntervalNanos, String runFile, String runSha256, long messagesReceived,
                           long e2eCount, Map<String, String> fields, long line) {
  public OmbLedgerRow {
    Objects.requireNonNull(runId);
    Objects.requireNonNull(condition);
    Objects.requireNonNull(status);
    Objects.requireNonNull(runFile);
    Objects.requireNonNull(runSha256);
    fields = Map.copyOf(fields);
  }

  /** Whether the run entered the analysis. */
  public boolean ok() {
    return status == RunStatus.OK;
  }

  /** A cell of the row, empty when the column is absent. */
  public String field(String column) {
    return fields.getOrDefault(column, "");
  }
}
