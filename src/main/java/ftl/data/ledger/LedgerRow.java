package ftl.data.ledger;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One run as its campaign's ledger records it. The condition fields reach the analysis typed, through the
 * columns {@link LedgerSchema} declares ({@link #priority()}, {@link #geometry()}, {@link #loadPercent()},
 * {@link #integer(LedgerSchema.Column)}, {@link #manipulationsApplied()}); {@link #field(String)} remains for
 * columns no schema declares (carried from other instruments).
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
    // the reader's cells are unmodifiable and shared with nobody; any other map is copied
    fields = fields instanceof RowCells ? fields : Collections.unmodifiableMap(new LinkedHashMap<>(fields));
  }

  /** The value of a column, or {@code ""} when the ledger has no such column. */
  public String field(String column) {
    return fields.getOrDefault(column, "");
  }

  /** The value of a declared column, or {@code ""} when the ledger (an older layout) has no such column. */
  public String field(LedgerSchema.Column column) {
    return field(column.name());
  }

  /**
   * An integer column's value; empty when the cell is empty or the ledger lacks the column. The reader has checked
   * the cell parses ({@link DataDictionary#checkLedgerCell}).
   */
  public OptionalLong integer(LedgerSchema.Column column) {
    if (column.type() != LedgerSchema.Type.INTEGER) {
      throw new IllegalArgumentException(column.name() + " is not an integer column");
    }
    String v = field(column);
    return v.isEmpty() ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(v));
  }

  /** The scheduling of the client's threads; empty for an instrument that records none (the no-JVM cross-check). */
  public Optional<Priority> priority() {
    String v = field(LedgerSchema.PRIORITY);
    return v.isEmpty() ? Optional.empty() : Optional.of(Priority.ofWord(v));
  }

  /** The core geometry of the two stamping threads; empty for an instrument that records none. */
  public Optional<Geometry> geometry() {
    String v = field(LedgerSchema.GEOMETRY);
    return v.isEmpty() ? Optional.empty() : Optional.of(Geometry.ofWord(v));
  }

  /**
   * The emulated offset of the producer's wall clock from the consumer's, us ({@link LedgerSchema#CLOCK_OFFSET_US});
   * 0 when the cell is empty or the ledger predates the column (one clock).
   */
  public long clockOffsetMicros() {
    return integer(LedgerSchema.CLOCK_OFFSET_US).orElse(0);
  }

  /** Background load requested per core, percent; empty for an instrument that records none. */
  public OptionalLong loadPercent() {
    return integer(LedgerSchema.LOAD_PCT);
  }

  /** True when the run's priority is {@code p}. */
  public boolean at(Priority p) {
    return priority().filter(p::equals).isPresent();
  }

  /** True when the run's geometry is {@code g}. */
  public boolean at(Geometry g) {
    return geometry().filter(g::equals).isPresent();
  }

  /** True when the run's requested background load is {@code percent}. */
  public boolean atLoadPercent(long percent) {
    OptionalLong l = loadPercent();
    return l.isPresent() && l.getAsLong() == percent;
  }

  /**
   * True when every manipulation the run records was read back as applied ({@link LedgerSchema#manipulationsApplied}).
   */
  public boolean manipulationsApplied() {
    return LedgerSchema.manipulationsApplied(fields);
  }

  /** True when the run enters the analysis. */
  public boolean ok() {
    return status == RunStatus.OK;
  }

  /** The instrument that produced the run ({@code kafka} unless the ledger says otherwise). */
  public String instrument() {
    String v = field(LedgerSchema.INSTRUMENT);
    return v.isEmpty() ? Instrument.KAFKA.word() : v;
  }

  /** The messaging system the run measured ({@code kafka} unless the ledger says otherwise). */
  public String system() {
    String v = field(LedgerSchema.SYSTEM);
    return v.isEmpty() ? Instrument.KAFKA.word() : v;
  }
}
