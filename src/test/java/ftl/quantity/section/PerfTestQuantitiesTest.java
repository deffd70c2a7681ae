package ftl.quantity.section;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import ftl.data.DataSet;
import ftl.data.io.DataException;
import ftl.data.registration.VerdictKind;
import ftl.quantity.Registry;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.Computed;
import ftl.quantity.core.Value;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * RabbitMQ PerfTest's folder ({@code omb/systems/perftest}, synthetic: three ok runs and a failed one): what its
 * latency metric left out, from its own counters, and the medians it printed, per condition; the plan's criterion
 * judged with the digest the ledger proves; and bad files refused naming the file.
 */
class PerfTestQuantitiesTest {
  @TempDir Path tmp;

  private static Value value(DataSet d, String key) {
    return Registry.forData(d).byKey(key).orElseThrow(() -> new AssertionError("no entry " + key)).computation()
        .apply(new Analysis(d));
  }

  private static double real(DataSet d, String key) {
    return ((Value.Real) value(d, key)).value();
  }

  private DataSet copy(Consumer<Path> edit) throws IOException {
    Path from = OmbSystemQuantitiesTest.ROOT.resolve("perftest");
    Path to = tmp.resolve("root/perftest");
    try (Stream<Path> files = Files.walk(from)) {
      for (Path p : files.filter(Files::isRegularFile).toList()) {
        Path t = to.resolve(from.relativize(p).toString());
        Files.createDirectories(t.getParent());
        Files.copy(p, t);
      }
    }
    edit.accept(to);
    return DataSet.scan(tmp.resolve("root"), "root");
  }

  private static void append(Path p, String text) {
    try {
      Files.writeString(p, Files.readString(p, StandardCharsets.UTF_8) + text, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void fixture_leftOutAndPrintedMedians_asComputedByHand() {
    DataSet d = DataSet.scan(OmbSystemQuantitiesTest.ROOT, "systems");
    assertThat(value(d, "perftest.runs")).isEqualTo(new Value.Count(3));
    assertThat(value(d, "perftest.runsNotOk")).isEqualTo(new Value.Count(1));
    assertThat(value(d, "perftest.consumed")).isEqualTo(new Value.Count(3000));
    assertThat(real(d, "perftest.leftOut.nanos")).isCloseTo(0, Offset.offset(1e-12));
    assertThat(real(d, "perftest.leftOut.millis")).isCloseTo(0.8, Offset.offset(1e-12));
    assertThat(real(d, "perftest.leftOut.max.millis")).isCloseTo(0.9, Offset.offset(1e-12));
    assertThat(real(d, "perftest.leftOut.min.millis")).isCloseTo(0.7, Offset.offset(1e-12));
    assertThat(real(d, "perftest.printedMedian.nanos")).isEqualTo(250);
    assertThat(real(d, "perftest.printedMedian.millis")).as("1, 1, 0, 1, 1 ms").isEqualTo(1000);
    assertThat(value(d, "perftest.printedMedian.empty")).isInstanceOf(Value.Unavailable.class);
    assertThat(value(d, "perftest.leftOut.empty")).isInstanceOf(Value.Unavailable.class);
    Registry r = Registry.forData(d);
    assertThat(Computed.of(r.byKey("criterion.perftest.leftOutMillis").orElseThrow(), new Analysis(d)).text())
        .isEqualTo("held");
    assertThat(r.registrations().stream().filter(x -> x.verdictKey().equals("criterion.perftest.leftOutMillis"))
        .findFirst()
        .orElseThrow().kind()).isEqualTo(VerdictKind.CONFIRMATORY);
    assertThat(PerfTestQuantities.sources(new Analysis(d))).containsExactly("systems/perftest/ledger.csv",
        "systems/perftest/runs/p01.txt", "systems/perftest/runs/p01.prom", "systems/perftest/runs/p02.txt",
        "systems/perftest/runs/p02.prom", "systems/perftest/runs/p03.txt", "systems/perftest/runs/p03.prom");
  }

  @Test
  void noFolder_unavailable_noPlan_noConditionEntries() throws IOException {
    DataSet none = DataSet.scan(tmp.resolve("nothing"), "nothing");
    assertThat(value(none, "perftest.runs")).isInstanceOf(Value.Unavailable.class);
    assertThat(PerfTestQuantities.sources(new Analysis(none))).isEmpty();
    DataSet noPlan = copy(p -> {
      try {
        Files.delete(p.resolve("plan.json"));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
    Registry r = Registry.forData(noPlan);
    assertThat(r.byKey("perftest.leftOut.millis")).isEmpty();
    assertThat(r.byKey("criterion.perftest.leftOutMillis")).isEmpty();
  }

  @Test
  void folderWithoutLedger_unavailable() throws IOException {
    DataSet d = copy(p -> {
      try {
        Files.delete(p.resolve("ledger.csv"));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
    assertThat(value(d, "perftest.runs")).isInstanceOf(Value.Unavailable.class);
    assertThat(PerfTestQuantities.registered(d)).isEmpty();
  }

  @Test
  void planWithoutCriteria_noVerdict() throws IOException {
    DataSet d = copy(p -> {
      try {
        ObjectMapper m = new ObjectMapper();
        ObjectNode n = (ObjectNode) m.readTree(p.resolve("plan.json").toFile());
        n.remove("criteria");
        Files.writeString(p.resolve("plan.json"), m.writeValueAsString(n));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
    assertThat(Registry.forData(d).byKey("criterion.perftest.leftOutMillis")).isEmpty();
    assertThat(Registry.forData(d).byKey("perftest.leftOut.millis")).isPresent();
  }

  @Test
  void tamperedOutput_refusedNamingTheLedgerLine() throws IOException {
    DataSet d = copy(p -> append(p.resolve("runs/p02.txt"), "one more line\n"));
    assertThatThrownBy(() -> Registry.forData(d)).isInstanceOf(DataException.class)
        .hasMessageContaining("perftest/ledger.csv:3").hasMessageContaining("runs/p02.txt has SHA-256");
  }
}
