package ftl.quantity.section;

import ftl.quantity.core.Values;

import ftl.quantity.core.ToolFolders;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import ftl.data.DataSet;
import ftl.data.io.DataException;
import ftl.data.registration.VerdictKind;
import ftl.quantity.Registry;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.CampaignCatalogue;
import ftl.quantity.core.Computed;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.Value;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * OpenMessaging Benchmark's other drivers' folders ({@code omb/systems}, synthetic): what OMB counted per condition of
 * the plan, its median beside our instrument's flight on the same system, the plan's criteria judged with the digest
 * the ledger proves, and every way a folder can lack what an entry needs (no folder, no ledger, no plan, no criteria,
 * no digest, no run, no sample, no campaign of ours) giving an unavailable value or no entry, never a number.
 */
class OmbSystemQuantitiesTest {
  static final Path ROOT = Path.of("src/test/resources/ftl/quantity/omb/systems");

  @TempDir Path tmp;

  private static String text(DataSet d, String key) {
    return Computed.of(Registry.forData(d).byKey(key).orElseThrow(() -> new AssertionError("no entry " + key)),
        new Analysis(d)).text();
  }

  private static Value value(DataSet d, String key) {
    return Registry.forData(d).byKey(key).orElseThrow(() -> new AssertionError("no entry " + key)).computation()
        .apply(new Analysis(d));
  }

  private static VerdictKind kind(Registry r, String key) {
    return r.registrations().stream().filter(x -> x.verdictKey().equals(key)).findFirst().orElseThrow().kind();
  }

  /** A copy of the fixture root with {@code edit} applied to it. */
  private DataSet copy(Consumer<Path> edit) throws IOException {
    Path to = tmp.resolve("root");
    try (Stream<Path> files = Files.walk(ROOT)) {
      for (Path p : files.filter(Files::isRegularFile).toList()) {
        Path t = to.resolve(ROOT.relativize(p).toString());
        Files.createDirectories(t.getParent());
        Files.copy(p, t);
      }
    }
    edit.accept(to);
    return DataSet.scan(to, "root");
  }

  private static void rewrite(Path file, String from, String to) {
    try {
      String s = Files.readString(file, StandardCharsets.UTF_8);
      assertThat(s).contains(from);
      Files.writeString(file, s.replace(from, to), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void fixture_countsDroppedMedianAndInflation_asComputedByHand() {
    DataSet d = DataSet.scan(ROOT, "systems");
    assertThat(text(d, "ombNats.runs")).isEqualTo("2");
    assertThat(text(d, "ombNats.runsNotOk")).isEqualTo("1");
    assertThat(text(d, "ombNats.messages")).isEqualTo("2,000");
    assertThat(((Value.Real) value(d, "ombNats.dropped.n1")).value()).isCloseTo(0.35, Offset.offset(1e-12));
    assertThat(((Value.Real) value(d, "ombNats.dropped.max.n1")).value()).isCloseTo(0.5, Offset.offset(1e-12));
    assertThat(((Value.Real) value(d, "ombNats.dropped.min.n1")).value()).isCloseTo(0.2, Offset.offset(1e-12));
    assertThat(value(d, "ombNats.e2eMedian.n1")).isEqualTo(new Value.Real(1));
    assertThat(((Value.Real) value(d, "ombNats.e2eOverFlight.n1")).value()).isCloseTo(2.5, Offset.offset(1e-12));
    assertThat(text(d, "ombRabbitmq.runs")).isEqualTo("1");
  }

  /**
   * OMB's median over our flight like with like ({@code e2eOverLikeFlight}): a number when both exist, else unavailable
   * naming what is missing. The fixture's NATS campaign stands in for the queue campaign of OMB's RabbitMQ driver.
   */
  @Test
  void overLikeFlight_eachMissingPart_unavailableNamingIt() {
    DataSet d = DataSet.scan(ROOT, "systems");
    OmbSystemQuantities.Tool t = new OmbSystemQuantities.Tool(CampaignCatalogue.OMB_NATS, "ombNats",
        "nats", "NATS JetStream", "nats", Map.of("n1", OmbSystemQuantities.FLIGHT_CONDITION));
    OmbSystemQuantities.Folder f = OmbSystemQuantities.read(d, t).orElseThrow();
    Analysis a = new Analysis(d);
    Quantity both = OmbSystemQuantities.overLikeFlight(f, t, "n1", OmbSystemQuantities.FLIGHT_CONDITION);
    assertThat(both.key()).isEqualTo("ombNats.e2eOverLikeFlight.n1");
    assertThat(both.computation().apply(a)).isEqualTo(value(d, "ombNats.e2eOverFlight.n1"));
    Value noSample = OmbSystemQuantities.overLikeFlight(f, t, "n2", OmbSystemQuantities.FLIGHT_CONDITION).computation()
        .apply(a);
    assertThat(((Value.Unavailable) noSample).reason()).isEqualTo("no end-to-end sample");
    Value noFlight = OmbSystemQuantities.overLikeFlight(f, t, "n1", "nope").computation().apply(a);
    assertThat(((Value.Unavailable) noFlight).reason()).isEqualTo("no block of campaign nats has a nope flight");
  }

  @Test
  void conditionWithoutRuns_everyEntryUnavailable() {
    DataSet d = DataSet.scan(ROOT, "systems");
    for (String k : new String[] {"ombNats.dropped.n2", "ombNats.dropped.max.n2", "ombNats.dropped.min.n2",
        "ombNats.e2eMedian.n2", "ombNats.e2eOverFlight.n2"}) {
      assertThat(value(d, k)).as(k).isInstanceOf(Value.Unavailable.class);
    }
  }

  @Test
  void criteria_judgedConfirmatory_whenEveryRowNamesThePlansDigest() {
    DataSet d = DataSet.scan(ROOT, "systems");
    Registry r = Registry.forData(d);
    assertThat(Computed.of(r.byKey("criterion.omb-nats.droppedSome").orElseThrow(), new Analysis(d)).text())
        .isEqualTo("held");
    assertThat(Computed.of(r.byKey("criterion.omb-nats.medianOneTick").orElseThrow(), new Analysis(d)).text())
        .isEqualTo("held");
    assertThat(kind(r, "criterion.omb-nats.droppedSome")).isEqualTo(VerdictKind.CONFIRMATORY);
    assertThat(r.byKey("ombRabbitmq.dropped.a")).as("no plan: no per-condition entries").isEmpty();
  }

  @Test
  void ledgerWithoutDigests_criteriaExploratory() throws IOException {
    DataSet d = copy(root -> {
      Path l = root.resolve("omb-nats/ledger.csv");
      try {
        String s = Files.readString(l);
        Files.writeString(l, s.replaceAll(",plan_sha256\n", "\n").replaceAll(",[0-9a-f]{64}\n", "\n"));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
    assertThat(kind(Registry.forData(d), "criterion.omb-nats.droppedSome"))
        .isEqualTo(VerdictKind.EXPLORATORY);
  }

  @Test
  void rowsNamingTwoDigests_refusedNamingTheLedger() throws IOException {
    DataSet d = copy(root -> {
      Path l = root.resolve("omb-nats/ledger.csv");
      try {
        List<String> lines = new ArrayList<>(Files.readAllLines(l));
        String last = lines.get(lines.size() - 1);
        lines.set(lines.size() - 1, last.substring(0, last.length() - 64) + "b".repeat(64));
        Files.write(l, lines);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
    assertThatThrownBy(() -> Registry.forData(d)).isInstanceOf(DataException.class)
        .hasMessageContaining("omb-nats/ledger.csv").hasMessageContaining("one ledger is taken under one plan");
  }

  @Test
  void planChangedAfterItsRuns_refused() throws IOException {
    DataSet d = copy(root -> rewrite(root.resolve("omb-nats/plan.json"), "synthetic plan", "synthetic plan, edited"));
    assertThatThrownBy(() -> Registry.forData(d)).isInstanceOf(DataException.class)
        .hasMessageContaining("the plan was changed after its runs");
  }

  @Test
  void planWithoutCriteria_noVerdict_entriesStill() throws IOException {
    DataSet d = copy(root -> {
      try {
        Path p = root.resolve("omb-nats/plan.json");
        ObjectMapper m = new ObjectMapper();
        ObjectNode n = (ObjectNode) m.readTree(p.toFile());
        n.remove("criteria");
        Files.writeString(p, m.writeValueAsString(n));
        // the rows still name the old digest: without criteria nothing is judged, so nothing is checked
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
    Registry r = Registry.forData(d);
    assertThat(r.byKey("criterion.omb-nats.droppedSome")).isEmpty();
    assertThat(r.byKey("ombNats.dropped.n1")).isPresent();
  }

  @Test
  void noCampaignOfOursOnTheSystem_inflationUnavailable() throws IOException {
    DataSet d = copy(root -> {
      try (Stream<Path> s = Files.walk(root.resolve("nats"))) {
        for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(p);
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
    assertThat(value(d, "ombNats.e2eOverFlight.n1")).isInstanceOf(Value.Unavailable.class);
    assertThat(((Value.Unavailable) value(d, "ombNats.e2eOverFlight.n1")).reason())
        .contains("no block of campaign nats");
  }

  @Test
  void folderWithoutLedger_andNoFolder_unavailable() throws IOException {
    DataSet d = copy(root -> {
      try {
        Files.delete(root.resolve("omb-rabbitmq/ledger.csv"));
        Files.delete(root.resolve("omb-rabbitmq/runs/r01.csv"));
        Files.delete(root.resolve("omb-rabbitmq/runs"));
        Files.writeString(root.resolve("omb-rabbitmq/notes.txt"), "a folder without a ledger\n");
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
    assertThat(value(d, "ombRabbitmq.runs")).isInstanceOf(Value.Unavailable.class);
    DataSet empty = DataSet.scan(tmp.resolve("nothing"), "nothing");
    assertThat(value(empty, "ombNats.runs")).isInstanceOf(Value.Unavailable.class);
    assertThat(OmbSystemQuantities.sources(new Analysis(empty))).isEmpty();
    assertThat(OmbSystemQuantities.sources(new Analysis(DataSet.scan(ROOT, "systems"))))
        .contains("systems/omb-nats/ledger.csv", "systems/omb-nats/runs/r01.csv", "systems/omb-rabbitmq/runs/r01.csv")
        .doesNotContain("systems/omb-nats/runs/r03.csv");
  }

  @Test
  void digest_noRun_namesNone() {
    assertThat(ToolFolders.digest(List.of(), "a".repeat(64), "l")).isEmpty();
  }

  @Test
  void helpers_emptyInputs_unavailable() {
    assertThat(Values.mean(new double[0])).isInstanceOf(Value.Unavailable.class);
    assertThat(Values.extreme(new double[0], true)).isInstanceOf(Value.Unavailable.class);
    assertThat(OmbSystemQuantities.median(List.of())).isInstanceOf(Value.Unavailable.class);
  }
}
