package ftl.quantity;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.data.Campaign;
import ftl.data.DataSet;
import ftl.data.ledger.LedgerRow;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.Computed;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.Value;
import ftl.verify.TempArchive;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A quantity's {@code sources} name every campaign file its value depends on: on the synthetic roots of
 * {@code src/test/resources/ftl/quantity/roots}, each quantity is computed again over a copy of the root that keeps
 * only the ledgers and events files its sources list (every other campaign's folder deleted and every other events file
 * overwritten with text no reader accepts, the folders outside the campaigns kept), and gives the same value. A
 * quantity that read a file its sources leave out would fail there, on a missing file or another value.
 */
class SourcesSufficeTest {

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"full", "bare", "systems", "confirm", "replay", "iso", "mixed", "newc", "onedlaw", "minimal"})
  void everyQuantity_recomputedFromItsSourcesOnly_givesTheSameValue(String root, @TempDir Path tmp) throws IOException {
    DataSet full = DataSet.scan(RegistryFixtureTest.ROOTS.resolve(root), root);
    Registry registry = Registry.forData(full);
    Analysis a = new Analysis(full);
    Map<List<String>, List<Quantity>> bySources = new IdentityHashMap<>();
    Map<String, Value> values = new HashMap<>();
    for (Quantity q : registry.all()) {
      Value v = Computed.of(q, a).value();
      values.put(q.key(), v);
      bySources.computeIfAbsent(Sources.of(a, q), k -> new ArrayList<>()).add(q);
    }
    assertThat(bySources).isNotEmpty();
    int n = 0;
    for (Map.Entry<List<String>, List<Quantity>> group : bySources.entrySet()) {
      Path copy = tmp.resolve("g" + n++);
      TempArchive.copyTree(RegistryFixtureTest.ROOTS.resolve(root), copy);
      keepOnly(full, Set.copyOf(group.getKey()), copy);
      Analysis restricted = new Analysis(DataSet.scan(copy, root));
      for (Quantity q : group.getValue()) {
        assertThat(Computed.of(q, restricted).value()).as("%s from %s", q.key(), group.getKey())
            .isEqualTo(values.get(q.key()));
      }
    }
  }

  @Test
  void sources_aCampaignsQuantity_namesThatCampaignOnly_aLedgerCountNoEvents() {
    DataSet full = DataSet.scan(RegistryFixtureTest.ROOTS.resolve("full"), "full");
    Registry registry = Registry.forData(full);
    Analysis a = new Analysis(full);
    List<String> collapse = Sources.of(a, registry.byKey("collapse.range.modeA").orElseThrow());
    assertThat(collapse).first().isEqualTo("full/modeA/ledger.csv");
    assertThat(collapse).allMatch(f -> f.startsWith("full/modeA/")).hasSizeGreaterThan(1);
    assertThat(Sources.of(a, registry.byKey("runs.total").orElseThrow()))
        .containsExactly("full/modeA/ledger.csv", "full/modeB/ledger.csv", "full/payload/ledger.csv");
    assertThat(Sources.of(a, registry.byKey("audit.harnesses.rows").orElseThrow()))
        .startsWith("full/audit/demo/outputs/e2e-1.txt").contains("full/audit/harnesses.csv")
        .doesNotContain("full/audit/README.md");
  }

  @Test
  void sources_aTableQuantity_withoutAnAuditFolderOrWithoutARoot_namesNoTableFile() {
    DataSet minimal = DataSet.scan(RegistryFixtureTest.ROOTS.resolve("iso"), "iso");
    Quantity published = Registry.forData(minimal).byKey("exposure.published.count").orElseThrow();
    assertThat(published.scope()).isEqualTo(Quantity.Scope.TABLE);
    assertThat(minimal.otherFolders()).doesNotContain("audit");
    assertThat(Sources.of(new Analysis(minimal), published)).noneMatch(f -> f.contains("/audit/"));
    DataSet none = DataSet.scan(Path.of("no-such-data-root"), "none");
    assertThat(none.gate()).isEmpty();
    assertThat(Sources.of(new Analysis(none), Registry.forData(none).byKey("exposure.published.count").orElseThrow()))
        .isEmpty();
  }

  /**
   * Deletes from {@code copy} every campaign whose ledger {@code sources} does not name; spoils every unnamed events
   * file.
   */
  private static void keepOnly(DataSet full, Set<String> sources, Path copy) throws IOException {
    for (Campaign c : full.campaigns()) {
      Path dir = copy.resolve(c.relDir());
      if (!sources.contains(c.ledgerName())) {
        deleteTree(dir);
        continue;
      }
      for (LedgerRow r : c.runs()) {
        if (r.ok() && !sources.contains(c.eventsName(r))) {
          // present (the data set requires an ok run's file) but unreadable: reading it fails its digest or its header
          Files.writeString(copy.resolve(c.eventsRel(r)), "not the events file: the sources leave it out\n");
        }
      }
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
