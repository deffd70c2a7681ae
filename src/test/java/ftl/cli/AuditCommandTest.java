package ftl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code ftl audit} on the real outputs the archive commits (exit 0 and 1 with the verdict, JSON for machines), and on
 * malformed ones made from them: cut short, altered, binary, hostile, of no known format. Each malformed file is exit 3
 * with one line naming the file and line, and nothing raw reaches the terminal.
 */
class AuditCommandTest {
  static final Path DEMO = Path.of("data/audit/demo/outputs");
  static final Path PERFTEST = Path.of("data/perftest/runs");

  @TempDir Path tmp;

  @Test
  void audit_perfTestNanos_trustedExitZero() {
    CliRunner.Result r = CliRunner.run("audit", PERFTEST.resolve("r01.txt").toString());
    assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.OK);
    assertThat(r.out()).contains("data/perftest/runs/r01.txt: RabbitMQ PerfTest, recognised by")
        .contains("TRUSTED: every rule that could be judged holds (2 of 3); not judged: audit.kept-share.")
        .contains("Measured: end-to-end (consumer latency), default nanosecond mode, from System.nanoTime")
        .contains("Samples: unknown: this output holds no sample count")
        .containsPattern("median +202 \u00b5s to 370 \u00b5s +30 lines +1\\.002 \u00b5s +30 of 30");
  }

  @Test
  void audit_producerPerformance_notTrustedExitOne() {
    CliRunner.Result r = CliRunner.run("audit", DEMO.resolve("perf-1.txt").toString());
    assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.DISAGREE);
    assertThat(r.out()).contains("NOT TRUSTED: 1 of 3 rules fail (audit.resolution).")
        .contains("on a quantum of 1 ms (data/audit/harnesses.csv:5)")
        .containsPattern("50th percentile +1 ms +2 +2 ms +no")
        .containsPattern("audit.resolution +FAILS +1 of 6 latency figures");
  }

  @Test
  void audit_perfTestMillis_gridLawAndFoldedNegatives() {
    CliRunner.Result r = CliRunner.run("audit", PERFTEST.resolve("r04.txt").toString());
    assertThat(r.code()).isEqualTo(ExitCode.DISAGREE);
    assertThat(r.out())
        .contains("NOT TRUSTED: 2 of 3 rules fail (audit.resolution, audit.sign); not judged: audit.kept-share.")
        .contains("Grid law: send interval s = 1.25 ms (1 / the median sent rate printed, 800 msg/s), quantum q = 1 ms:"
            + " s/q = 5/4 in lowest terms, so the sends fall on 4 phases of the quantum.");
  }

  @Test
  void audit_scrapeMillis_countsTheShareLeftOut() {
    CliRunner.Result r = CliRunner.run("audit", PERFTEST.resolve("r02.prom").toString());
    assertThat(r.code()).isEqualTo(ExitCode.DISAGREE);
    assertThat(r.out())
        .contains("Samples: 6,181 latency samples (line 49) of 27,632 deliveries (line 3): 77.63 % left out.")
        .containsPattern("audit.kept-share +FAILS +kept 6,181 of 27,632 delivered: 22.37 % < 99.00 %");
  }

  @Test
  void audit_ombResult_notTrustedExitOne() {
    CliRunner.Result r = CliRunner.run("audit", DEMO.resolve("omb-1.json").toString());
    assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.DISAGREE);
    assertThat(r.out()).contains("data/audit/demo/outputs/omb-1.json: OpenMessaging Benchmark result JSON (TestResult),"
            + " recognised by its key \"publishLatency50pct\" or \"aggregatedEndToEndLatency50pct\"")
        .contains("NOT TRUSTED: 2 of 3 rules fail (audit.resolution, audit.sign); not judged: audit.kept-share.")
        .contains("to System.currentTimeMillis, on a quantum of 1 ms (data/audit/harnesses.csv:2).")
        .contains("Left out: a zero difference is dropped, a negative one dropped; drops counted by the tool: no.")
        .contains("Measured: publish (send to ack callback), from System.nanoTime to System.nanoTime, on a quantum of"
            + " 1 ns (data/audit/harnesses.csv:3).")
        .contains("Samples: unknown: this output holds no count of end-to-end samples")
        .contains("Grid law: send interval s = 1 ms (each of 1 producer paced at R / 1, R = the median publish rate,"
            + " 1000 msg/s")
        .containsPattern("end-to-end 50th percentile +1 ms +1635 +2 ms +no")
        .containsPattern("publish 50th percentile +1\\.207 ms +30 +1\\.002 \u00b5s +yes")
        .containsPattern("audit.resolution +FAILS +4 of 16 latency figures are at most their width w = 2q \\+ p"
            + " \\(q = 1 ms\\)")
        .containsPattern("audit.sign +FAILS +harness audit line 2: negative difference dropped with wall-clock stamps");
    CliRunner.Result forced = CliRunner.run("audit", "--format", "omb-result", DEMO.resolve("omb-2.json").toString());
    assertThat(forced.code()).isEqualTo(ExitCode.DISAGREE);
    assertThat(forced.out()).contains("read as --format omb-result");
  }

  @Test
  void audit_ombResultJson_bothLatenciesWithTheirQuanta() throws IOException {
    CliRunner.Result r = CliRunner.run("audit", "--json", DEMO.resolve("omb-1.json").toString());
    assertThat(r.code()).isEqualTo(ExitCode.DISAGREE);
    JsonNode o = new ObjectMapper().readTree(r.out()).get(0);
    assertThat(o.get("format").asText()).isEqualTo("omb-result");
    assertThat(o.get("harness").get("line").asLong()).isEqualTo(2);
    assertThat(o.get("harness").get("zero_difference").asText()).isEqualTo("dropped");
    assertThat(o.get("also_measured")).hasSize(1);
    assertThat(o.get("also_measured").get(0).get("line").asLong()).isEqualTo(3);
    assertThat(o.get("samples").get("kept").isNull()).isTrue();
    assertThat(o.get("grid_law").get("send_interval_ns").asLong()).isEqualTo(1_000_000);
    assertThat(o.get("grid_law").get("b").asLong()).isEqualTo(1);
    JsonNode figures = o.get("figures");
    assertThat(figures).hasSize(16);
    assertThat(figures.get(1).get("name").asText()).isEqualTo("end-to-end 50th percentile");
    assertThat(figures.get(1).get("value_ns").asDouble()).isEqualTo(1e6);
    assertThat(figures.get(1).get("quantum_ns").asLong()).isEqualTo(1_000_000);
    assertThat(figures.get(1).get("resolved").asBoolean()).isFalse();
    assertThat(figures.get(9).get("name").asText()).isEqualTo("publish 50th percentile");
    assertThat(figures.get(9).get("value_ns").asDouble()).isEqualTo(1_207_000);
    assertThat(figures.get(9).get("quantum_ns").asLong()).isEqualTo(1);
    assertThat(figures.get(9).get("width_ns").asDouble()).isEqualTo(1_002);
    List<String> rules = new ArrayList<>();
    o.get("rules").forEach(x -> rules.add(x.get("id").asText() + "=" + x.get("outcome").asText()));
    assertThat(rules).containsExactly("audit.resolution=fails", "audit.kept-share=not_judged", "audit.sign=fails");
  }

  /** Malformed copies of omb-1.json in src/test/resources (see its README): exit 3, one line with file and line. */
  @ParameterizedTest
  @MethodSource("ombMalformed")
  void audit_malformedOmbResult_exitThreeNamingFileAndLine(String file, String expected) {
    Path f = Path.of("src/test/resources/ftl/audit/omb-malformed").resolve(file);
    CliRunner.Result r = CliRunner.run("audit", f.toString());
    assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.BAD_DATA);
    assertThat(r.err()).startsWith("ftl: " + f + expected).doesNotContain("Exception");
    assertThat(r.err().lines()).hasSize(1);
  }

  static Stream<Arguments> ombMalformed() {
    return Stream.of(
        Arguments.of("omb-1-truncated.json", ":800: not valid JSON: Unexpected end-of-input"),
        Arguments.of("omb-1-wrong-type.json", ":4: messageSize: must be an integer, not the string \"100\""),
        Arguments.of("omb-1-negative-count.json", ":5: topics: must be an integer in [0, 1099511627776] (was -1)"),
        Arguments.of("omb-1-negative-latency.json", ":1635: aggregatedEndToEndLatency50pct: must be in [0, 86400000]"
            + " (was -1.0)"),
        Arguments.of("omb-1-period-missing.json", ":11: \"consumeRate\" has 5 periods"));
  }

  @Test
  void audit_severalFiles_worstExitCodeAndEveryFileAudited() throws IOException {
    Path bad = Files.writeString(tmp.resolve("bad.txt"), "hello\n");
    CliRunner.Result r = CliRunner.run("audit", PERFTEST.resolve("r01.txt").toString(),
        DEMO.resolve("e2e-3.txt").toString(),
        bad.toString());
    assertThat(r.code()).isEqualTo(ExitCode.BAD_DATA);
    assertThat(r.out()).contains("r01.txt: RabbitMQ PerfTest").contains("e2e-3.txt: Kafka EndToEndLatency");
    assertThat(CliRunner.run("audit", PERFTEST.resolve("r01.txt").toString(), tmp.resolve("absent.txt").toString(),
        bad.toString()).code()).isEqualTo(ExitCode.NOT_FOUND);
    assertThat(CliRunner.run("audit", PERFTEST.resolve("r01.txt").toString(), DEMO.resolve("e2e-3.txt").toString())
        .code())
        .isEqualTo(ExitCode.DISAGREE);
  }

  @Test
  void audit_json_oneObjectPerFileWithNumbers() throws IOException {
    Path bad = Files.writeString(tmp.resolve("bad.txt"), "Percentiles: 50th = 1\n");
    CliRunner.Result r = CliRunner.run("audit", "--json", DEMO.resolve("perf-1.txt").toString(), bad.toString());
    assertThat(r.code()).isEqualTo(ExitCode.BAD_DATA);
    JsonNode all = new ObjectMapper().readTree(r.out());
    assertThat(all).hasSize(2);
    JsonNode perf = all.get(0);
    assertThat(perf.get("format").asText()).isEqualTo("kafka-producer-perf-test");
    assertThat(perf.get("trusted").asBoolean()).isFalse();
    assertThat(perf.get("harness").get("line").asLong()).isEqualTo(5);
    assertThat(perf.get("harness").get("quantum_ns").asLong()).isEqualTo(1_000_000);
    assertThat(perf.get("samples").get("kept").asLong()).isEqualTo(5000);
    assertThat(perf.get("samples").get("delivered").isNull()).isTrue();
    assertThat(perf.get("figures")).hasSize(6);
    assertThat(perf.get("figures").get(2).get("value_ns").asDouble()).isEqualTo(1e6);
    assertThat(perf.get("figures").get(2).get("resolved").asBoolean()).isFalse();
    List<String> rules = new ArrayList<>();
    perf.get("rules").forEach(x -> rules.add(x.get("id").asText() + "=" + x.get("outcome").asText()));
    assertThat(rules).containsExactly("audit.resolution=fails", "audit.kept-share=holds", "audit.sign=holds");
    assertThat(all.get(1).get("error").get("line").asLong()).isEqualTo(1);
    assertThat(all.get(1).get("error").get("problem").asText()).contains("not the tool's percentile line");
  }

  @Test
  void audit_unknownFormatOption_usageError() {
    CliRunner.Result r = CliRunner.run("audit", "--format", "omb", DEMO.resolve("perf-1.txt").toString());
    assertThat(r.code()).isEqualTo(ExitCode.USAGE);
    assertThat(r.err()).contains("--format omb is not a format audit reads").contains("omb-result")
        .contains("not read: nats bench");
  }

  @Test
  void audit_formatOptionThatDoesNotFit_badData() {
    CliRunner.Result r = CliRunner.run("audit", "--format", "perftest", DEMO.resolve("perf-1.txt").toString());
    assertThat(r.code()).isEqualTo(ExitCode.BAD_DATA);
    assertThat(r.err()).contains("perf-1.txt:").contains("no interval line");
  }

  /** A real output, with the change a case makes to its lines. */
  record Broken(Path from, UnaryOperator<List<String>> change) {}

  static List<String> set(List<String> lines, int line, String text) {
    List<String> out = new ArrayList<>(lines);
    out.set(line - 1, text);
    return out;
  }

  static List<String> drop(List<String> lines, int line) {
    List<String> out = new ArrayList<>(lines);
    out.remove(line - 1);
    return out;
  }

  /** Malformed outputs made from real ones: the change, then the line and words the error must give. */
  static Stream<Arguments> malformed() {
    Path perf1 = DEMO.resolve("perf-1.txt");
    Path perf2 = DEMO.resolve("perf-2.txt");
    Path e2e1 = DEMO.resolve("e2e-1.txt");
    Path r01 = PERFTEST.resolve("r01.txt");
    Path prom = PERFTEST.resolve("r02.prom");
    return Stream.of(
        Arguments.of(Named.of("ProducerPerformance without its total (stopped before its summary)",
            new Broken(perf2, l -> drop(l, 3))), ":2: no total line"),
        Arguments.of(Named.of("ProducerPerformance total cut mid-line",
            new Broken(perf1, l -> set(l, 2, l.get(1).substring(0, 70)))), ":2: begins as a ProducerPerformance line"),
        Arguments.of(Named.of("ProducerPerformance 50th above its 95th",
            new Broken(perf1, l -> set(l, 2, l.get(1).replace("1 ms 50th", "44 ms 50th")))),
            ":2: the 95th percentile (43 ms)"
            + " is below the 50th"),
        Arguments.of(Named.of("ProducerPerformance count of 20 digits",
            new Broken(perf1, l -> set(l, 2, l.get(1).replace("5000 records", "99999999999999999999 records")))),
            ":2: records 99999999999999999999 is above"),
        Arguments.of(Named.of("EndToEndLatency without its percentiles (poll timed out)",
        new Broken(e2e1, l -> drop(l, 8))),
            "no \"Percentiles\" line"),
        Arguments.of(Named.of("EndToEndLatency percentiles decreasing",
            new Broken(e2e1, l -> set(l, 8, "Percentiles: 50th = 30, 99th = 11, 99.9th = 21"))),
            ":8: the 99th percentile"
            + " (11 ms) is below the 50th"),
        Arguments.of(Named.of("EndToEndLatency percentile that overflows a long",
            new Broken(e2e1, l -> set(l, 8, "Percentiles: 50th = 99999999999999999999, 99th = 11, 99.9th = 21"))),
            ":8: 50th percentile 99999999999999999999 ms is beyond one day"),
        Arguments.of(Named.of("EndToEndLatency average below its own progress lines",
            new Broken(e2e1, l -> set(l, 7, "Avg latency: 0.0001 ms"))), ":7: the average 0.0001 ms"),
        Arguments.of(Named.of("EndToEndLatency progress lines out of order",
            new Broken(e2e1, l -> set(l, 3, "3000\t1.0"))), ":3: progress line for record 3000 where the tool prints"
            + " record 1000"),
        Arguments.of(Named.of("PerfTest without its summary (cut short)",
            new Broken(r01, l -> l.subList(0, 35))), "no summary line"),
        Arguments.of(Named.of("PerfTest interval line cut mid-line",
            new Broken(r01, l -> set(l, 10, l.get(9).substring(0, 65)))), ":10: begins as a PerfTest interval line"),
        Arguments.of(Named.of("PerfTest lines of two runs",
            new Broken(r01, l -> set(l, 20, l.get(19).replace("id: r01", "id: r99")))),
            ":20: id \"r99\" where line 1 has"
            + " \"r01\""),
        Arguments.of(Named.of("PerfTest percentiles decreasing",
            new Broken(r01, l -> set(l, 5, l.get(4).replace("189/370/651", "189/370/151")))),
            ":5: the 75th latency (151)"
            + " is below the median"),
        Arguments.of(Named.of("PerfTest median of 400 digits (cut at 80 characters in the message)",
            new Broken(r01, l -> set(l, 5, l.get(4).replace("189/370/651", "189/" + "9".repeat(400) + "/651")))),
            ":5: median latency 99999999999999999999999999999999999999999999999999999999999999999999999999999... (400"
            + " characters) \u00b5s is beyond one day"),
        Arguments.of(Named.of("PerfTest scrape with 10^15 latency samples",
            new Broken(prom, l -> l.stream().map(x -> x.startsWith("perftest_latency_seconds_count ")
                ? "perftest_latency_seconds_count 1.0E15" : x).toList())), "is not a count of at most 1099511627776"),
        Arguments.of(Named.of("PerfTest scrape with more samples than deliveries",
            new Broken(prom, l -> l.stream().map(x -> x.startsWith("perftest_latency_seconds_count ")
                ? "perftest_latency_seconds_count 99999.0" : x).toList())), "exceeds client_consumed_total 27632"),
        Arguments.of(Named.of("PerfTest scrape without its consumed counter (no -mc)",
            new Broken(prom, l -> l.stream().filter(x -> !x.startsWith("client_consumed_total")).toList())),
            "no series client_consumed_total"),
        Arguments.of(Named.of("terminal escape in a line",
        new Broken(perf1, l -> set(l, 1, "\u001b[2J\u001b]0;owned\u0007"))),
            ":1: control character \\x1b"),
        Arguments.of(Named.of("a right-to-left override in a line",
        new Broken(r01, l -> set(l, 36, "id: r01, \u202egvd"))),
            ":36: control character \\u202e"),
        Arguments.of(Named.of("no known format", new Broken(perf1, l -> List.of("hello", "world"))),
            "not an output ftl audit knows"),
        Arguments.of(Named.of("two outputs in one file", new Broken(perf1, l -> {
          List<String> out = new ArrayList<>(l);
          out.add("Avg latency: 1.0000 ms");
          return out;
        })), "holds lines of kafka-producer-perf-test and kafka-e2e-latency"),
        Arguments.of(Named.of("empty", new Broken(perf1, l -> List.of())), ": empty"));
  }

  @ParameterizedTest
  @MethodSource("malformed")
  void audit_malformedOutput_exitThreeNamingFileAndLine(Broken b, String expected) throws IOException {
    List<String> lines = new ArrayList<>(Files.readAllLines(b.from(), StandardCharsets.UTF_8));
    Path f = tmp.resolve("out.txt");
    List<String> changed = b.change().apply(lines);
    Files.writeString(f, changed.isEmpty() ? "" : String.join("\n", changed) + "\n", StandardCharsets.UTF_8);
    CliRunner.Result r = CliRunner.run("audit", f.toString());
    assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.BAD_DATA);
    assertThat(r.err()).startsWith("ftl: " + f).contains(expected).doesNotContain("\tat ").doesNotContain("Exception");
    assertThat(r.err().lines()).hasSize(1);
    assertThat(r.err() + r.out()).doesNotContain("\u001b").doesNotContain("\u202e");
  }

  @Test
  void audit_binaryFile_exitThree() throws IOException {
    byte[] b = new byte[512];
    for (int i = 0; i < b.length; i++) {
      b[i] = (byte) i;
    }
    Path f = Files.write(tmp.resolve("core"), b);
    CliRunner.Result r = CliRunner.run("audit", f.toString());
    assertThat(r.code()).isEqualTo(ExitCode.BAD_DATA);
    assertThat(r.err()).isEqualTo("ftl: " + f + ": not UTF-8 text" + System.lineSeparator());
  }

  /** A 2 GiB file (sparse: one line of NULs) is refused from its size, before a byte is read. */
  @Test
  void audit_twoGigabyteLine_refusedAtTheCapInBoundedTime() throws IOException {
    Path f = tmp.resolve("huge.txt");
    try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
      raf.setLength(2L << 30);
    }
    long start = System.nanoTime();
    CliRunner.Result r = CliRunner.run("audit", f.toString());
    assertThat(r.code()).isEqualTo(ExitCode.BAD_DATA);
    assertThat(r.err()).contains("tool output larger than the cap of 16777216 bytes");
    assertThat(System.nanoTime() - start).isLessThan(10_000_000_000L);
  }

  @Test
  void audit_folderOrMissingFile_refused() {
    CliRunner.Result folder = CliRunner.run("audit", tmp.toString());
    assertThat(folder.code()).isEqualTo(ExitCode.BAD_DATA);
    assertThat(folder.err()).contains("is a folder, not a tool output");
    CliRunner.Result missing = CliRunner.run("audit", tmp.resolve("nope.txt").toString());
    assertThat(missing.code()).isEqualTo(ExitCode.NOT_FOUND);
    assertThat(missing.err()).contains("no such file");
  }
}
