package ftl.data.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.io.DataException;
import ftl.data.io.DataGate;
import ftl.data.io.Sha256;
import ftl.data.ledger.RunStatus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** RabbitMQ PerfTest's folder read back, and every malformed part refused with the file and line (exit 3). */
class PerfTestReaderTest {
  @TempDir Path tmp;

  private static final String HEADER = String.join(",", PerfTestFormat.LEDGER_HEADER);

  private static String sha(String text) {
    return HexFormat.of().formatHex(Sha256.jdk().digest(text.getBytes(StandardCharsets.UTF_8)));
  }

  private static final String OUT = "id: r01, time: 1.000s, sent: 1000 msg/s, received: 1000 msg/s, "
      + "min/median/75th/95th/99th consumer latency: 0/1/1/1/2 ms\n"
      + "id: r01, time: 2.000s, sent: 1000 msg/s, received: 1000 msg/s, min/median/75th/95th/99th consumer latency: "
      + "0/0/0/0/0 ms\n";
  private static final String PROM = "# TYPE client_consumed_total counter\nclient_consumed_total{x=\"1\"} 900.0\n"
      + "client_consumed_total{x=\"2\"} 100.0\nperftest_latency_seconds_count 250.0\n";

  /** A folder with one ok run r01 (its files as given) and the ledger row {@code row} (null: the default one). */
  private List<PerfTestReader.Run> read(String out, String prom, String row) throws IOException {
    Path d = tmp.resolve("perftest");
    Files.createDirectories(d.resolve("runs"));
    Files.writeString(d.resolve("runs/r01.txt"), out);
    Files.writeString(d.resolve("runs/r01.prom"), prom);
    String r = row != null ? row : "r01,c,ok,\"\",1,0,2026-12-01T00:00:00.000Z,1000,yes,30,100,28,runs/r01.txt,"
        + sha(out)
        + ",runs/r01.prom," + sha(prom) + ",0.1,0.1,2.16.0,5.13.1,127.0.0.1:5672,cpu,2,k,jvm," + "a".repeat(64) + ","
        + "1".repeat(40);
    Files.writeString(d.resolve("ledger.csv"), HEADER + "\n" + r + "\n");
    return PerfTestReader.read(DataGate.of(tmp, "t"), "perftest", "t/perftest");
  }

  @Test
  void read_okRun_countsAndPrintedMedians() throws IOException {
    PerfTestReader.Run r = read(OUT, PROM, null).get(0);
    assertThat(r.consumed()).isEqualTo(1000);
    assertThat(r.latencyCount()).isEqualTo(250);
    assertThat(r.leftOut()).isEqualTo(0.75);
    assertThat(r.useMillis()).isTrue();
    assertThat(r.printedMediansMicros()).containsExactly(1000.0, 0.0);
    assertThat(
        PerfTestReader.medians("id: x, time: 1.000s, received: 9 msg/s, min/median/75th/95th/99th consumer latency:"
        + " 10/250/300/400/500 \u00b5s"))
        .containsExactly(250.0);
    assertThat(new PerfTestReader.Run("x", "c", RunStatus.FAILED, false, 1, 0, 0, List.of(), "", "", "", "", 2)
        .leftOut()).isNaN();
    // the two counters of one scrape are not read atomically: a few more samples than deliveries is read as it is
    assertThat(read(OUT, "client_consumed_total 1000.0\nperftest_latency_seconds_count 1003.0\n", null).get(0)
        .leftOut())
        .isCloseTo(-0.003, Offset.offset(1e-12));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "no consumed series | perftest_latency_seconds_count 5.0 | no series client_consumed_total",
      "not a number | client_consumed_total x\\nperftest_latency_seconds_count 1.0 | is not a number",
      "not a count | client_consumed_total 1.5\\nperftest_latency_seconds_count 1.0 | is not a count",
      "negative | client_consumed_total -1.0\\nperftest_latency_seconds_count 1.0 | is not a count"})
  void read_badMetrics_refusedNamingTheMetricsFile(String label, String prom, String expected) {
    assertThatThrownBy(() -> read(OUT, prom.replace("\\n", "\n") + "\n", null)).isInstanceOf(DataException.class)
        .hasMessageContaining("t/perftest/runs/r01.prom").hasMessageContaining(expected);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "bad status | r01,c,aborted | is not ok or failed",
      "bad mode | r01,c,failed,x,1,0,t,1000,maybe | use_millis must be yes or no",
      "bad rate | r01,c,failed,x,1,0,t,fast,no | rate_msg_per_s must be a positive number",
      "zero rate | r01,c,failed,x,1,0,t,0,no | rate_msg_per_s must be a positive number",
      "unsafe id | r 01,c,failed,x,1,0,t,1000,no | is not a safe identifier",
      "file outside runs | r01,c,ok,x,1,0,t,1000,no,30,100,28,../x.txt | is not a file under runs/",
      "missing file | r01,c,ok,x,1,0,t,1000,no,30,100,28,runs/r02.txt | runs/r02.txt is missing",
      "wrong digest | r01,c,ok,x,1,0,t,1000,no,30,100,28,runs/r01.txt,0000 | has SHA-256"})
  void read_badRow_refusedNamingTheLedgerLine(String label, String start, String expected) {
    String[] cells = new String[PerfTestFormat.LEDGER_HEADER.size()];
    Arrays.fill(cells, "");
    String[] given = start.split(",", -1);
    System.arraycopy(given, 0, cells, 0, given.length);
    assertThatThrownBy(() -> read(OUT, PROM, String.join(",", cells))).isInstanceOf(DataException.class)
        .hasMessageContaining("t/perftest/ledger.csv:2").hasMessageContaining(expected);
  }

  @Test
  void read_badTable_refused() throws IOException {
    Path d = tmp.resolve("perftest");
    Files.createDirectories(d);
    Files.writeString(d.resolve("ledger.csv"), "run_id,condition\n");
    assertThatThrownBy(() -> PerfTestReader.read(DataGate.of(tmp, "t"), "perftest", "t/perftest"))
        .isInstanceOf(DataException.class).hasMessageContaining("ledger.csv:1").hasMessageContaining("header lacks");
    Files.writeString(d.resolve("ledger.csv"), HEADER + "\n");
    assertThatThrownBy(() -> PerfTestReader.read(DataGate.of(tmp, "t"), "perftest", "t/perftest"))
        .isInstanceOf(DataException.class).hasMessageContaining("no runs after the header");
    Files.writeString(d.resolve("ledger.csv"), HEADER + "\nr01,c\n");
    assertThatThrownBy(() -> PerfTestReader.read(DataGate.of(tmp, "t"), "perftest", "t/perftest"))
        .isInstanceOf(DataException.class).hasMessageContaining("ledger.csv:2").hasMessageContaining("fields, found 2");
    String failed = "r01,c,failed,x,1,0,t,1000,no" + ",".repeat(PerfTestFormat.LEDGER_HEADER.size() - 9);
    Files.writeString(d.resolve("ledger.csv"), HEADER + "\n" + failed + "\n" + failed + "\n");
    assertThatThrownBy(() -> PerfTestReader.read(DataGate.of(tmp, "t"), "perftest", "t/perftest"))
        .isInstanceOf(DataException.class).hasMessageContaining("ledger.csv:3")
        .hasMessageContaining("duplicate run_id");
  }
}
