package ftl.data;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A data root: every campaign folder under it (a folder holding {@code ledger.csv}), its ledger parsed
 * and checked, its plan parsed when present. Event files are not read here; they are streamed on demand.
 * Every file is opened through the root's {@link DataGate}.
 *
 * @param root absolute data root
 * @param displayRoot the root as named in messages
 * @param dictionary the data dictionary the files are checked against
 * @param campaigns campaigns in folder-name order
 * @param otherFolders folders under the root that are not campaigns (no ledger, or an OMB ledger, see
 *     {@link OmbFormat#isOmbLedger}), e.g. {@code audit}, {@code omb-real}
 * @param gate the gate every file under the root is opened through; empty when the root does not exist
 */
public record DataSet(Path root, String displayRoot, DataDictionary dictionary, List<Campaign> campaigns,
                      List<String> otherFolders, Optional<DataGate> gate) {

  public DataSet {
    campaigns = List.copyOf(campaigns);
    otherFolders = List.copyOf(otherFolders);
  }

  /** True when at least one campaign with at least one ok run is present. */
  public boolean hasRuns() {
    return campaigns.stream().anyMatch(c -> c.runs().stream().anyMatch(LedgerRow::ok));
  }

  /**
   * Scans a data root. A root that does not exist is an empty data set (no campaign data present); the CLI
   * refuses a {@code --data} that names no folder before it gets here.
   *
   * @param root the data root
   * @param displayRoot how messages name it (e.g. {@code data})
   * @throws DataException for a root that is not a folder, or any bad file or name under it
   */
  public static DataSet scan(Path root, String displayRoot) {
    Path abs = root.toAbsolutePath().normalize();
    List<Campaign> campaigns = new ArrayList<>();
    List<String> other = new ArrayList<>();
    if (!java.nio.file.Files.exists(abs, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      return new DataSet(abs, displayRoot, DataDictionary.bundled(), campaigns, other, Optional.empty());
    }
    DataGate gate = DataGate.of(abs, displayRoot);
    DataDictionary dictionary = DataDictionary.forRoot(gate);
    for (String name : gate.list("")) {
      if (gate.type(name) != DataGate.Type.FOLDER) {
        continue;
      }
      String ledger = name + "/" + EventFormat.LEDGER_FILE;
      if (!gate.isFile(ledger) || ombLedger(gate, ledger)) {
        // no ledger, or the ledger of the real OpenMessaging Benchmark runs (not the instrument's format)
        other.add(name);
        continue;
      }
      Identifiers.require(name, "campaign folder name", gate.name(name), 0);
      if (name.contains(".")) {
        throw new DataException(gate.name(name), 0, "campaign folder name \"" + name
            + "\" contains '.', which separates the parts of registry keys", null);
      }
      List<LedgerRow> rows = LedgerReader.read(gate, ledger, name, dictionary);
      String plan = name + "/" + EventFormat.PLAN_FILE;
      Optional<JsonNode> planNode = gate.isFile(plan) ? Optional.of(PlanReader.read(gate, plan)) : Optional.empty();
      campaigns.add(new Campaign(name, abs.resolve(name), gate.name(name), planNode, rows, gate, name));
    }
    return new DataSet(abs, displayRoot, dictionary, campaigns, other, Optional.of(gate));
  }

  /** Whether a ledger, read through the gate, is the OMB runs' ledger ({@link OmbFormat#isOmbLedger}'s rule). */
  private static boolean ombLedger(DataGate gate, String ledger) {
    String text = DataGate.text(gate.read(ledger, DataGate.Kind.LEDGER), gate.name(ledger));
    int nl = text.indexOf('\n');
    String first = (nl < 0 ? text : text.substring(0, nl)).trim();
    java.util.List<String> header = java.util.Arrays.asList(first.split(",", -1));
    return header.contains(OmbFormat.MARKER_COLUMN) && !header.contains("events_file");
  }

  /**
   * SHA-256 identifying the data: over every file of the data root but the campaigns' events files (the
   * ledgers carry their SHA-256, so they cover the events too), in path order, each line
   * {@code <sha256>  <path>}. Taken through the gate, so a link or special file anywhere is refused.
   */
  public String digest() {
    if (gate.isEmpty()) {
      return java.util.HexFormat.of().formatHex(DataGate.sha256().digest());
    }
    return gate.get().digest(rel -> !rel.contains("/" + EventFormat.EVENTS_DIR + "/"));
  }
}
