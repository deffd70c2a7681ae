package ftl.data;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One run as its campaign's ledger records it.
 *
 * @param runId unique within the campaign
 * @param condition the condition name the run belongs to
 * @param status {@code ok}, {@code failed} or {@code aborted}
 * @param eventsFile path of the events file relative to the campaign folder ("" if none)
 * @param eventsSha256 lower-case hex SHA-256 of the events file as stored ("" if none)
 * @param fields every column of the row, in ledger order, including unknown extra columns
 * @param line the line of the ledger file the row is on (header is line 1)
 */
public record LedgerRow(String runId, String condition, RunStatus status, String eventsFile,
                        String eventsSha256, Map<String, String> fields, long line) {

  public LedgerRow {
    Objects.requireNonNull(runId, "runId");
    Objects.requireNonNull(condition, "condition");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(eventsFile, "eventsFile");
    Objects.requireNonNull(eventsSha256, "eventsSha256");
    fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
  }

  /** The value of a column, or {@code ""} when the ledger has no such column. */
  public String field(String column) {
    return fields.getOrDefault(column, "");
  }

  /** True when the run enters the analysis. */
  public boolean ok() {
    return status == RunStatus.OK;
  }

  /** The instrument that produced the run ({@code kafka} unless the ledger says otherwise). */
  public String instrument() {
    String v = field("instrument");
    return v.isEmpty() ? "kafka" : v;
  }
}
