package ftl.data.ledger;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The cells of one ledger row as the instrument writes them, keyed by the columns {@link LedgerSchema}
 * declares: a cell goes in only under a column the harness writes, and only with a value the reader will
 * accept (its type, its allowed words), so the writer cannot record what the analysis would refuse. A refused
 * cell is a bug in the harness ({@link IllegalArgumentException}), never bad data.
 */
public final class LedgerCells {
  private final Map<String, String> cells = new LinkedHashMap<>();

  /** Sets a cell ({@code ""} for empty). */
  public LedgerCells put(LedgerSchema.Column column, String value) {
    Objects.requireNonNull(value, column.name());
    if (!column.writtenByHarness()) {
      throw new IllegalArgumentException("the harness does not write column " + column.name());
    }
    if (!column.allows(value)) {
      throw new IllegalArgumentException(column.name() + " \"" + value + "\" is not one of " + column.allowed());
    }
    if (!value.isEmpty() && !DataDictionary.conforms(column.type().word(), value)) {
      throw new IllegalArgumentException(column.name() + " \"" + value + "\" is not of type " + column.type().word());
    }
    cells.put(column.name(), value);
    return this;
  }

  /** Sets an integer cell. */
  public LedgerCells put(LedgerSchema.Column column, long value) {
    return put(column, Long.toString(value));
  }

  /** Every cell of {@code other} (by column name), each set and checked in its order. */
  public LedgerCells putAll(Map<String, String> other) {
    for (Map.Entry<String, String> e : other.entrySet()) {
      put(LedgerSchema.column(e.getKey()).orElseThrow(
          () -> new IllegalArgumentException("no ledger column " + e.getKey())),
          e.getValue());
    }
    return this;
  }

  /** The cell of a column, or {@code null} when not set. */
  public String get(LedgerSchema.Column column) {
    return cells.get(column.name());
  }

  /** The cells by column name, in the order they were first set (read-only). */
  public Map<String, String> asMap() {
    return Collections.unmodifiableMap(cells);
  }
}
