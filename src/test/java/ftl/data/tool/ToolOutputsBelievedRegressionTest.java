package ftl.data.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.cli.ExitCode;
import ftl.cli.Main;
import ftl.data.io.DataException;
import ftl.data.io.DataGate;
import ftl.data.io.Sha256;
import ftl.verify.TempArchive;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/**
 * Issue 43, item 4: the tools' outputs were believed. A PerfTest run reporting more latency samples than messages
 * consumed (10^15 of 27,661) was accepted and a criterion held on it; an OMB run whose end-to-end count exceeded the
 * messages it received gave a dropped share of -33 %; a run named twice (PerfTest, OMB's RabbitMQ and NATS drivers) was
 * counted twice; a Prometheus sample's timestamp was read as its value (consumed 1.76 x 10^12); sums that overflow a
 * long were accepted. Each is now bad data (exit 3) naming the file and line; the OMB run file's own cases are in the
 * malformed corpus ({@code e2e-above-received.csv}, {@code count-huge.csv}, {@code e2e-overflow.csv}). Every input
 * here is synthetic, written by the test.
 */
class ToolOutputsBelievedRegressionTest {
  @TempDir Path tmp;

  static final String HEADER = String.join(",", PerfTestFormat.LEDGER_HEADER);
  static final String OUT = "id: r01, time: 1.000s, sent: 1000 msg/s, received: 1000 msg/s, "
      + "min/median/75th/95th/99th consumer latency: 0/1/1/1/2 ms\n";

  static String sha(String text) {
    return HexFormat.of().formatHex(Sha256.jdk().digest(text.getBytes(StandardCharsets.UTF_8)));
  }

  /** A PerfTest row for run {@code id} at 1,000 msg/s naming {@code txt} and {@code prom} under runs/. */
  static String row(String id, String txt, String out, String prom, String metrics) {
    return id + ",c,ok,\"\",1,0,2026-12-01T00:00:00.000Z,1000,yes,30,100,28,runs/" + txt + "," + sha(out) + ",runs/"
        + prom
        + "," + sha(metrics) + ",0.1,0.1,2.16.0,5.13.1,127.0.0.1:5672,cpu,2,k,jvm," + "a".repeat(64) + ","
        + "1".repeat(40);
  }

  /** A synthetic PerfTest folder: files by name under runs/, and the ledger's rows. */
  private List<PerfTestReader.Run> perftest(Map<String, String> files, String... rows) throws IOException {
    return perftest(tmp, files, rows);
  }

  /** As {@link #perftest(Map, String...)}, in {@code tmp} (named {@code t} in messages). */
  static List<PerfTestReader.Run> perftest(Path tmp, Map<String, String> files, String... rows) throws IOException {
    Path d = tmp.resolve("perftest");
    Files.createDirectories(d.resolve("runs"));
    for (var f : files.entrySet()) {
      Files.writeString(d.resolve("runs/" + f.getKey()), f.getValue());
    }
    Files.writeString(d.resolve("ledger.csv"), HEADER + "\n" + String.join("\n", rows) + "\n");
    return PerfTestReader.read(DataGate.of(tmp, "t"), "perftest", "t/perftest");
  }

  private List<PerfTestReader.Run> oneRun(String prom) throws IOException {
    return perftest(Map.of("r01.txt", OUT, "r01.prom", prom), row("r01", "r01.txt", OUT, "r01.prom", prom));
  }

  static Stream<Arguments> badMetrics() {
    return Stream.of(
        Arguments.of("latency samples 10^15 of 27,661 consumed",
            "client_consumed_total 27661.0\nperftest_latency_seconds_count 1.0E15\n", 2, "is not a count of at most"),
        Arguments.of("latency samples a second's deliveries above consumed",
            "client_consumed_total 27661.0\nperftest_latency_seconds_count 28662.0\n", 2,
            "perftest_latency_seconds_count 28662 exceeds client_consumed_total 27661"),
        Arguments.of("sum of two samples above 2^40",
            "client_consumed_total{a=\"1\"} 1099511627776\nclient_consumed_total{a=\"2\"} "
            + "1\nperftest_latency_seconds_count 1\n",
            2, "sum to more than 1099511627776"),
        Arguments.of("three tokens after the metric",
            "client_consumed_total 27661.0 1764000000000 7\nperftest_latency_seconds_count 1.0\n", 1,
            "is \"metric value [timestamp]\""),
        Arguments.of("a timestamp that is not an integer",
            "client_consumed_total 27661.0 soon\nperftest_latency_seconds_count 1.0\n", 1,
            "timestamp of client_consumed_total"),
        Arguments.of("labels never closed",
            "client_consumed_total{a=\"}\" 27661.0\nperftest_latency_seconds_count 1.0\n", 1,
            "labels of client_consumed_total"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badMetrics")
  void perftestMetrics_inconsistent_refusedNamingFileAndLine(String label, String prom, long line, String message) {
    assertThatThrownBy(() -> oneRun(prom)).isInstanceOf(DataException.class)
        .hasMessageContaining("t/perftest/runs/r01.prom:" + line + ": ").hasMessageContaining(message);
  }

  @Test
  void perftestMetrics_sampleWithTimestamp_valueNotTimestamp() throws IOException {
    PerfTestReader.Run r = oneRun("client_consumed_total{q=\"a}b\",x=\"\\\"\"} 27661.0 1764000000000\n"
        + "perftest_latency_seconds_count\t27664.0\t1764000000000\n").get(0);
    assertThat(r.consumed()).isEqualTo(27_661);
    assertThat(r.latencyCount()).isEqualTo(27_664); // a few ahead: the two counters are not read atomically
  }

  @Test
  void perftestLedger_oneRunNamedTwice_refused() throws IOException {
    String prom = "client_consumed_total 100\nperftest_latency_seconds_count 90\n";
    Map<String, String> files = Map.of("r01.txt", OUT, "r01.prom", prom, "r02.txt", OUT + " ",
        "r02.prom", prom);
    assertThatThrownBy(() -> perftest(files, row("r01", "r01.txt", OUT, "r01.prom", prom),
        row("r02", "r01.txt", OUT, "r02.prom", prom))).isInstanceOf(DataException.class)
        .hasMessageContaining(
        "t/perftest/ledger.csv:3: run r02 names the stdout_file runs/r01.txt as the run on line 2");
    // a copy of the metrics under another name: the same content, one run counted twice
    assertThatThrownBy(() -> perftest(files, row("r01", "r01.txt", OUT, "r01.prom", prom),
        row("r02", "r02.txt", OUT + " ", "r02.prom", prom))).isInstanceOf(DataException.class)
        .hasMessageContaining("t/perftest/ledger.csv:3: run r02 names the same metrics_file content");
  }

  static final Path OMB = Path.of("src/test/resources/ftl/quantity/omb/full");

  /** The synthetic OMB root with {@code edit} applied to omb-real's ledger lines. */
  private Path ombRoot(UnaryOperator<List<String>> edit) throws IOException {
    Path data = tmp.resolve("data");
    TempArchive.copyTree(OMB, data);
    Path ledger = data.resolve("omb-real/ledger.csv");
    Files.write(ledger, edit.apply(new ArrayList<>(Files.readAllLines(ledger, StandardCharsets.UTF_8))),
        StandardCharsets.UTF_8);
    return data;
  }

  @Test
  void ombLedger_runFileNamedTwice_refused() throws IOException {
    Path data = ombRoot(l -> {
      l.add(l.get(1).replaceFirst("^r01,", "r99,"));
      return l;
    });
    assertThatThrownBy(() -> OmbLedgerReader.read(data.resolve("omb-real"), "data/omb-real"))
        .isInstanceOf(DataException.class).hasMessageContaining("data/omb-real/ledger.csv:")
        .hasMessageContaining("run r99 names the run file runs/r01.csv as the run on line 2");
  }

  @Test
  void ombLedger_runNamedTwice_refusedThroughTheCli() throws IOException {
    Path data = ombRoot(l -> {
      l.add(l.get(1).replaceFirst("^r01,", "r99,"));
      return l;
    });
    StringWriter err = new StringWriter();
    CommandLine cl = Main.commandLine();
    cl.setErr(new PrintWriter(err, true));
    cl.setOut(new PrintWriter(new StringWriter(), true));
    int code = cl.execute("--root", tmp.toString(), "--data", data.toString(), "list", "--json");
    assertThat(code).as("stderr: %s", err).isEqualTo(ExitCode.BAD_DATA);
    assertThat(err.toString()).contains("data/omb-real/ledger.csv:")
        .contains("names the run file runs/r01.csv as the run on line 2")
        .doesNotContain("\tat ").doesNotContain("Exception");
  }
}
