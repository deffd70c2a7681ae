package ftl.data;

import ftl.data.io.DataException;
import ftl.data.io.DataGate;
import ftl.data.io.FileIdentity;
import ftl.data.io.JsonValue;
import ftl.data.ledger.Event;
import ftl.data.ledger.EventFormat;
import ftl.data.ledger.EventReader;
import ftl.data.ledger.Identifiers;
import ftl.data.ledger.LedgerRow;
import ftl.data.ledger.LedgerSchema;
import ftl.data.registration.Criteria;
import ftl.data.registration.PlanDigest;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A campaign folder: its ledger rows and, when pre-registered, its plan. Its events files are opened only
 * through the {@link DataGate} of its data root ({@link #readEvents}).
 *
 * @param name folder name under the data root (a safe identifier, {@link Identifiers})
 * @param dir absolute folder
 * @param displayDir the folder as named in messages (relative to the archive where possible)
 * @param plan the parsed {@code plan.json}, empty when the campaign was not pre-registered
 * @param runs every ledger row, in ledger order
 * @param gate the gate of the data root the campaign lies in
 * @param relDir the folder relative to the gate's root ({@code ""} when it is the root)
 * @param criteria the plan's registered criteria ({@link Criteria}); empty when it has none
 * @param planDigest the plan digest every ledger row names, checked equal to the plan's ({@link PlanDigest#check});
 *     empty when the rows name none (a ledger written before the column)
 */
public record Campaign(String name, Path dir, String displayDir, Optional<JsonValue> plan, List<LedgerRow> runs,
                       DataGate gate, String relDir, Optional<Criteria.Section> criteria, Optional<String> planDigest) {

  public Campaign {
    Objects.requireNonNull(name);
    Objects.requireNonNull(dir);
    Objects.requireNonNull(plan);
    Objects.requireNonNull(gate);
    Objects.requireNonNull(relDir);
    Objects.requireNonNull(criteria);
    Objects.requireNonNull(planDigest);
    runs = List.copyOf(runs);
  }

  /** A campaign whose folder is itself the root of a gate, without registered criteria or plan digest (tests). */
  public Campaign(String name, Path dir, String displayDir, Optional<JsonValue> plan, List<LedgerRow> runs) {
    this(name, dir, displayDir, plan, runs, DataGate.of(dir, displayDir), "", Optional.empty(), Optional.empty());
  }

  /**
   * An integer ledger column of a run that the analysis needs (the ledger reader has checked its type).
   *
   * @throws DataException naming the ledger line when the cell is empty
   */
  public long requireInteger(LedgerRow row, String column) {
    String v = row.field(column);
    if (v.isEmpty()) {
      throw new DataException(ledgerName(), row.line(), column + " is empty, and the analysis of campaign " + name
          + " needs it", null);
    }
    return Long.parseLong(v);
  }

  /** Whether a plan was registered before the runs: a {@code plan.json}, in a campaign not {@link #unregistered()}. */
  public boolean preRegistered() {
    return plan.isPresent() && !unregistered();
  }

  /**
   * Whether the ledger marks the campaign unregistered (issue #54): a practitioner's workspace outside the archive's
   * {@code data/}, some row's {@code registered} cell {@code no}. Its plan's criteria give no confirmatory verdict.
   */
  public boolean unregistered() {
    return runs.stream().anyMatch(r -> r.field(LedgerSchema.REGISTERED).equals(LedgerSchema.REGISTERED_NO));
  }

  /** The ledger file, for messages. */
  public String ledgerName() {
    return displayDir + "/" + EventFormat.LEDGER_FILE;
  }

  /** The events file of a run, absolute (for cache keys and messages; never opened by this path). */
  public Path eventsPath(LedgerRow row) {
    return dir.resolve(row.eventsFile()).normalize();
  }

  /** The events file of a run relative to the gate's root. */
  public String eventsRel(LedgerRow row) {
    return relDir.isEmpty() ? row.eventsFile() : relDir + "/" + row.eventsFile();
  }

  /** The events file of a run, as named in messages. */
  public String eventsName(LedgerRow row) {
    return displayDir + "/" + row.eventsFile();
  }

  /**
   * Streams a run's events file through the gate (see {@link EventReader#read(java.io.InputStream, String, String,
   * Consumer)}).
   */
  public EventReader.FileSummary readEvents(LedgerRow row, Consumer<Event> sink) {
    return EventReader.read(gate.openEvents(eventsRel(row)), eventsName(row), null, sink);
  }

  /** The identity of a run's events file, through the gate ({@link DataGate#eventsIdentity}). */
  public Optional<FileIdentity> eventsIdentity(LedgerRow row) {
    return gate.eventsIdentity(eventsRel(row));
  }

  /** The stored bytes of a run's events file, opened through the gate (for hashing). */
  public InputStream openEvents(LedgerRow row) {
    return gate.openEvents(eventsRel(row));
  }
}
