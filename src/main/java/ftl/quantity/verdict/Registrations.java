package ftl.quantity.verdict;

import ftl.data.Campaign;
import ftl.data.DataSet;
import ftl.data.io.DataException;
import ftl.data.io.UtcTimestamp;
import ftl.data.ledger.LedgerRow;
import ftl.data.ledger.LedgerSchema;
import ftl.data.registration.Registration;
import ftl.data.registration.RegistrationTable;
import ftl.data.registration.VerdictKind;
import ftl.quantity.core.Format;
import ftl.quantity.core.Quantity;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The registrations of a data root's verdicts, checked against its ledgers: the table {@code registrations.csv}
 * ({@link RegistrationTable}). A row's {@code data_first_run_at} may not be later than the earliest run of any campaign
 * it names that is under the root (a later time would let a rule set after the data pass for confirmatory); the rule's
 * commit time is checked against git history by {@code RegistrationHistoryTest}.
 */
public final class Registrations {
  private Registrations() {}

  /** The registrations of {@code data}, by verdict key; empty when the root has no table. */
  public static Map<String, Registration> of(DataSet data) {
    if (data.gate().isEmpty()) {
      return Map.of();
    }
    Map<String, Registration> table = RegistrationTable.read(data.gate().get());
    Map<String, Long> firstRun = new LinkedHashMap<>();
    for (Campaign c : data.campaigns()) {
      long min = Long.MAX_VALUE;
      for (LedgerRow r : c.runs()) {
        OptionalLong ms = UtcTimestamp.epochMillis(r.field(LedgerSchema.STARTED_AT));
        if (ms.isPresent()) {
          min = Math.min(min, ms.getAsLong());
        }
      }
      if (min != Long.MAX_VALUE) {
        firstRun.put(c.name(), min - Math.floorMod(min, 1000L)); // whole seconds, as the table writes them
      }
    }
    for (Registration reg : table.values()) {
      for (String c : reg.campaigns()) {
        Long first = firstRun.get(c);
        if (first != null && reg.dataFromMillis() > first) {
          String file = reg.source().substring(0, reg.source().lastIndexOf(':'));
          long line = Long.parseLong(reg.source().substring(reg.source().lastIndexOf(':') + 1));
          throw new DataException(file, line, "data_first_run_at of " + reg.verdictKey() + " is "
              + Instant.ofEpochMilli(reg.dataFromMillis()) + ", later than the first run of campaign " + c
              + " (" + Instant.ofEpochMilli(first) + " in its ledger)", null);
        }
      }
    }
    return table;
  }

  /**
   * Refuses a data root whose registration table leaves a verdict without a row (issue 43: a row deleted from
   * {@code registrations.csv} silently made its verdict exploratory and moved the tallies): with a table present, every
   * verdict of {@code entries} must be registered, by the table or by a plan's criteria.
   *
   * @param table the table's rows ({@link #of}); empty when the root has no table, and then nothing is required
   */
  public static void requireEveryVerdict(DataSet data, Map<String, Registration> table, List<Quantity> entries,
                                         Map<String, Registration> registrations) {
    if (table.isEmpty()) {
      return;
    }
    for (Quantity q : entries) {
      if (q.format() == Format.VERDICT && !registrations.containsKey(q.key())) {
        throw new DataException(data.displayRoot() + "/" + RegistrationTable.FILE, 0, "verdict " + q.key()
            + " has no row: a verdict the table leaves out would be exploratory by default, so a deleted row would "
            + "move the tallies", null);
      }
    }
  }

  /** The kind of verdict {@code key}: its registration's, or exploratory when nothing registers it. */
  static VerdictKind kind(Map<String, Registration> registrations, String key) {
    Registration r = registrations.get(key);
    return r == null ? VerdictKind.EXPLORATORY : r.kind();
  }
}
