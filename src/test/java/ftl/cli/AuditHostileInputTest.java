package ftl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.data.tool.ToolOutputFormat;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code ftl audit} on hostile outputs at the size cap (16 MiB; {@code AuditCommandTest} has the malformed cases made
 * from real outputs, and a 2 GiB file refused from its size; {@code EndlessLineRegressionTest} a file that grows past
 * the cap while read): a number of sixteen million digits, a line of sixteen million characters, a JSON bomb of eight
 * million open brackets, OpenMessaging Benchmark result JSON of five fields and nested 60,000 deep, a file cut inside a
 * UTF-8 character. Each is one line on stderr naming the file (and the line where there is one), exit 3, within ten
 * seconds, with nothing echoed past 80 characters of data and every known format named where the format is unknown.
 */
class AuditHostileInputTest {
  private static final int NEAR_CAP = (16 << 20) - 4096;

  @TempDir
  Path tmp;

  /** A hostile output: its bytes, then the words the error must hold. */
  record Hostile(byte[] bytes, List<String> says) {}

  static Stream<Arguments> hostile() throws IOException {
    List<String> perf = Files.readAllLines(AuditCommandTest.DEMO.resolve("perf-1.txt"), StandardCharsets.UTF_8);
    String digits = "9".repeat(NEAR_CAP - 200);
    String known = ToolOutputFormat.ids();
    return Stream.of(
        Arguments.of(Named.of("a record count of 16 million digits", new Hostile(utf8(perf.get(0) + "\n"
            + perf.get(1).replace("5000 records", digits + " records") + "\n"), List.of(":2: a line of 16,773,065"
            + " characters, longer than any a tool prints (at most 65,536)")))),
        Arguments.of(Named.of("a line of 16 million characters after the tool's first line",
        new Hostile(utf8(perf.get(0)
            + "\n" + "x".repeat(NEAR_CAP) + "\n" + perf.get(1) + "\n"),
            List.of(":2: a line of 16,773,120 characters")))),
        Arguments.of(Named.of("a JSON bomb: 8 million open brackets", new Hostile(utf8("[".repeat(8 << 20)),
            List.of(":1: a line of 8,388,608 characters")))),
        Arguments.of(Named.of("deep nesting under the line cap: 60,000 brackets, 1,000 lines", new Hostile(
            utf8(("[".repeat(60) + "\n").repeat(1000)), List.of("not an output ftl audit knows", known.split(", ")[0],
            "not read: nats bench")))),
        Arguments.of(Named.of("an OpenMessaging Benchmark result of five fields, compact (the first missing named)",
            new Hostile(
            utf8("{\"workload\": \"1-topic-1-partition-1kb\", \"driver\": \"Kafka\", \"publishRate\": [1000.0],"
                + " \"endToEndLatency50pct\": [1.0], \"aggregatedEndToEndLatency50pct\": 1.0}\n"),
                List.of("no field \"messageSize\": not a whole result of OMB's TestResult")))),
        Arguments.of(Named.of("an OpenMessaging Benchmark result nested 60,000 deep", new Hostile(
            utf8("{\"aggregatedEndToEndLatency50pct\": 1.0,\n\"newField\": " + "[".repeat(60_000) + "\n"),
                List.of("not valid JSON: Document nesting depth")))),
        Arguments.of(Named.of("cut inside a UTF-8 character",
        new Hostile(cut(utf8(String.join("\n", perf) + "\n\u00b5"), 1),
            List.of("not UTF-8 text")))));
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] cut(byte[] b, int n) {
    return java.util.Arrays.copyOf(b, b.length - n);
  }

  @ParameterizedTest
  @MethodSource("hostile")
  void audit_hostileOutputAtTheCap_oneLineExitThreeInBoundedTime(Hostile h) throws IOException {
    Path f = Files.write(tmp.resolve("out.txt"), h.bytes());
    long start = System.nanoTime();
    CliRunner.Result r = CliRunner.run("audit", f.toString());
    long tookNanos = System.nanoTime() - start;
    assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.BAD_DATA);
    assertThat(r.err()).startsWith("ftl: " + f).doesNotContain("Exception").doesNotContain("\tat ");
    for (String s : h.says()) {
      assertThat(r.err()).contains(s);
    }
    assertThat(r.err().lines()).hasSize(1);
    assertThat(r.err().length() + r.out().length()).as("nothing echoed beyond a message").isLessThan(4000);
    assertThat(tookNanos).as("seconds").isLessThan(10_000_000_000L);
  }
}
