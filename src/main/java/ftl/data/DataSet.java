package ftl.data;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A data root: every campaign folder under it (a folder holding {@code ledger.csv}), its ledger parsed
 * and checked, its plan parsed when present. Event files are not read here; they are streamed on demand.
 *
 * @param root absolute data root
 * @param displayRoot the root as named in messages
 * @param dictionary the data dictionary the files are checked against
 * @param campaigns campaigns in folder-name order
 * @param otherFolders folders under the root that are not campaigns (no ledger, or an OMB ledger, see
 *     {@link OmbFormat#isOmbLedger}), e.g. {@code audit}, {@code omb-real}
 */
public record DataSet(Path root, String displayRoot, DataDictionary dictionary, List<Campaign> campaigns,
                      List<String> otherFolders) {

  public DataSet {
    campaigns = List.copyOf(campaigns);
    otherFolders = List.copyOf(otherFolders);
  }

  /** True when at least one campaign with at least one ok run is present. */
  public boolean hasRuns() {
    return campaigns.stream().anyMatch(c -> c.runs().stream().anyMatch(LedgerRow::ok));
  }

  /**
   * Scans a data root. A root that does not exist is an empty data set (no campaign data present).
   *
   * @param root the data root
   * @param displayRoot how messages name it (e.g. {@code data})
   */
  public static DataSet scan(Path root, String displayRoot) {
    Path abs = root.toAbsolutePath().normalize();
    DataDictionary dictionary = DataDictionary.forRoot(abs, displayRoot);
    List<Campaign> campaigns = new ArrayList<>();
    List<String> other = new ArrayList<>();
    if (!Files.isDirectory(abs)) {
      return new DataSet(abs, displayRoot, dictionary, campaigns, other);
    }
    List<Path> dirs;
    try (Stream<Path> s = Files.list(abs)) {
      dirs = s.filter(Files::isDirectory).sorted().toList();
    } catch (IOException e) {
      throw new DataException(displayRoot, 0, "cannot list: " + e.getMessage(), e);
    }
    for (Path dir : dirs) {
      String name = dir.getFileName().toString();
      String display = displayRoot + "/" + name;
      Path ledger = dir.resolve(EventFormat.LEDGER_FILE);
      if (!Files.exists(ledger) || OmbFormat.isOmbLedger(ledger, display + "/" + EventFormat.LEDGER_FILE)) {
        // no ledger, or the ledger of the real OpenMessaging Benchmark runs (not the instrument's format)
        other.add(name);
        continue;
      }
      List<LedgerRow> rows = LedgerReader.read(ledger, display + "/" + EventFormat.LEDGER_FILE, dir, dictionary);
      Path plan = dir.resolve(EventFormat.PLAN_FILE);
      Optional<JsonNode> planNode = Files.exists(plan)
          ? Optional.of(PlanReader.read(plan, display + "/" + EventFormat.PLAN_FILE))
          : Optional.empty();
      campaigns.add(new Campaign(name, dir, display, planNode, rows));
    }
    return new DataSet(abs, displayRoot, dictionary, campaigns, other);
  }
}
