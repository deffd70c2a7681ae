package ftl.data;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A campaign folder: its ledger rows and, when pre-registered, its plan.
 *
 * @param name folder name under the data root
 * @param dir absolute folder
 * @param displayDir the folder as named in messages (relative to the archive where possible)
 * @param plan the parsed {@code plan.json}, empty when the campaign was not pre-registered
 * @param runs every ledger row, in ledger order
 */
public record Campaign(String name, Path dir, String displayDir, Optional<JsonNode> plan, List<LedgerRow> runs) {

  public Campaign {
    Objects.requireNonNull(name);
    Objects.requireNonNull(dir);
    Objects.requireNonNull(plan);
    runs = List.copyOf(runs);
  }

  public boolean preRegistered() {
    return plan.isPresent();
  }

  /** The ledger file, for messages. */
  public String ledgerName() {
    return displayDir + "/" + EventFormat.LEDGER_FILE;
  }

  /** The events file of a run, absolute. */
  public Path eventsPath(LedgerRow row) {
    return dir.resolve(row.eventsFile()).normalize();
  }

  /** The events file of a run, as named in messages. */
  public String eventsName(LedgerRow row) {
    return displayDir + "/" + row.eventsFile();
  }
}
