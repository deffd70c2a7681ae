package ftl.data.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.io.DataException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Known answers of the readers of other tools' outputs, on the real outputs committed in the archive: Kafka's
 * ProducerPerformance and EndToEndLatency from the audit demonstration ({@code data/audit/demo/outputs}, kafka-tools
 * 4.4.0, 2026-11-30), OpenMessaging Benchmark's result JSON ({@code omb-*.json}, 2026-12-06) and RabbitMQ PerfTest
 * 2.16.0's standard output and Prometheus scrapes ({@code data/perftest/runs},
 * 2026-12-01). Every value is the one printed in the file.
 */
class ToolOutputReadersTest {
  static final Path DEMO = Path.of("data/audit/demo/outputs");
  static final Path PERFTEST = Path.of("data/perftest/runs");

  static String text(Path p) throws IOException {
    return Files.readString(p, StandardCharsets.UTF_8);
  }

  /** perf-N.txt: records, rate, avg, max, p50, p95, p99, p99.9, total line, progress lines. */
  static Stream<Arguments> producerPerformance() {
    return Stream.of(
        Arguments.of(Named.of("perf-1: total only", "perf-1.txt"), 5000L, 993.838203, 5.31, 463.0, 1L, 43L, 50L, 52L,
        2L, 0),
        Arguments.of(Named.of("perf-2: one progress line, then the total", "perf-2.txt"), 5000L, 993.443274, 4.84,
        466.0,
            1L, 34L, 48L, 53L, 3L, 1),
        Arguments.of(Named.of("perf-3: total only", "perf-3.txt"), 5000L, 994.431185, 4.28, 455.0, 1L, 29L, 40L, 47L,
        2L, 0));
  }

  @ParameterizedTest
  @MethodSource("producerPerformance")
  void producerPerformance_realOutput_readsThePrintedTotal(String file, long records, double rate, double avg,
      double max,
                                                           long p50, long p95, long p99, long p999, long line,
                                                           int windows) throws IOException {
    String t = text(DEMO.resolve(file));
    assertThat(ToolOutputFormat.recognise(t)).containsExactly(ToolOutputFormat.KAFKA_PRODUCER_PERF);
    ProducerPerformanceReader.Output o = ProducerPerformanceReader.read(t, file);
    assertThat(o.total()).isEqualTo(new ProducerPerformanceReader.Total(records, rate, avg, max, p50, p95, p99, p999,
        line));
    assertThat(o.windows()).hasSize(windows);
    assertThat(o.steadyState()).isNull();
  }

  @Test
  void producerPerformance_progressLine_readsItsWindow() throws IOException {
    assertThat(ProducerPerformanceReader.read(text(DEMO.resolve("perf-2.txt")), "perf-2.txt").windows())
        .containsExactly(new ProducerPerformanceReader.Window(4999, 4.8, 466.0, 2));
  }

  /** e2e-N.txt: average, p50, p99, p99.9, the progress lines' first latency, fewest records. */
  static Stream<Arguments> endToEnd() {
    return Stream.of(
        Arguments.of(Named.of("e2e-1: two consumer warnings after the results", "e2e-1.txt"), 1.7510, 1L, 11L, 21L,
            "162.60984299999998", 4001L),
        Arguments.of(Named.of("e2e-2", "e2e-2.txt"), 1.6523, 1L, 9L, 23L, "119.476654", 4001L),
        Arguments.of(Named.of("e2e-3: a median printed as 0 ms", "e2e-3.txt"), 1.3071, 0L, 8L, 17L, "110.846465",
        4001L));
  }

  @ParameterizedTest
  @MethodSource("endToEnd")
  void endToEnd_realOutput_readsAverageAndPercentiles(String file, double avg, long p50, long p99, long p999,
                                                      String firstProgress, long fewest) throws IOException {
    String t = text(DEMO.resolve(file));
    assertThat(ToolOutputFormat.recognise(t)).containsExactly(ToolOutputFormat.KAFKA_E2E_LATENCY);
    EndToEndLatencyReader.Output o = EndToEndLatencyReader.read(t, file);
    assertThat(List.of(o.avgMillis(), o.p50Millis(), o.p99Millis(), o.p999Millis()))
        .containsExactly(avg, p50, p99, p999);
    assertThat(o.avgLine()).isEqualTo(7);
    assertThat(o.percentilesLine()).isEqualTo(8);
    assertThat(o.progress()).extracting(EndToEndLatencyReader.Progress::index)
        .containsExactly(0L, 1000L, 2000L, 3000L, 4000L);
    assertThat(o.progress().get(0).printed()).isEqualTo(firstProgress);
    assertThat(o.fewestRecords()).isEqualTo(fewest);
  }

  /** rNN.txt: unit, first interval's five figures, summary rates. */
  static Stream<Arguments> perfTest() {
    return Stream.of(
        Arguments.of(Named.of("r01: nanosecond mode, 1,000 msg/s", "r01.txt"), PerfTestStdoutReader.Unit.MICROS,
            new long[] {189, 370, 651, 6560, 10124}, 995.0, 995.0),
        Arguments.of(Named.of("r02: --use-millis, 1,000 msg/s", "r02.txt"), PerfTestStdoutReader.Unit.MILLIS,
            new long[] {1, 1, 1, 6, 28}, 995.0, 995.0),
        Arguments.of(Named.of("r04: --use-millis, 800 msg/s", "r04.txt"), PerfTestStdoutReader.Unit.MILLIS, null, null,
        null));
  }

  @ParameterizedTest
  @MethodSource("perfTest")
  void perfTest_realOutput_readsIntervalsAndSummary(String file, PerfTestStdoutReader.Unit unit, long[] first,
                                                    Double sending, Double receiving) throws IOException {
    String t = text(PERFTEST.resolve(file));
    assertThat(ToolOutputFormat.recognise(t)).containsExactly(ToolOutputFormat.PERFTEST);
    PerfTestStdoutReader.Output o = PerfTestStdoutReader.read(t, file);
    assertThat(o.testId()).isEqualTo(file.replace(".txt", ""));
    assertThat(o.unit()).isEqualTo(unit);
    assertThat(o.intervals()).hasSize(30);
    assertThat(o.intervals().get(0).line()).isEqualTo(5);
    assertThat(o.intervals().get(29).seconds()).isGreaterThanOrEqualTo(30.0);
    assertThat(o.producers()).isEqualTo(1);
    assertThat(o.consumers()).isEqualTo(1);
    assertThat(o.confirmLatencyPrinted()).isFalse();
    if (first != null) {
      assertThat(o.intervals().get(0).latency()).containsExactly(first);
      assertThat(o.sendingRateAvg()).isEqualTo(sending);
      assertThat(o.receivingRateAvg()).isEqualTo(receiving);
    }
  }

  @Test
  void perfTest_millisRuns_printAOneMillisecondMedianOnEveryLine() throws IOException {
    for (String f : List.of("r02.txt", "r04.txt", "r06.txt", "r08.txt", "r10.txt", "r12.txt")) {
      PerfTestStdoutReader.Output o = PerfTestStdoutReader.read(text(PERFTEST.resolve(f)), f);
      assertThat(o.intervals()).as(f).extracting(i -> i.latency()[1]).containsOnly(1L);
    }
  }

  /** rNN.prom: consumed, latency samples, clock mode. */
  static Stream<Arguments> scrape() {
    return Stream.of(
        Arguments.of(Named.of("r01: nanosecond mode, more samples than deliveries by 3 (scrape skew)", "r01.prom"),
        27661L,
            27664L, 0L, PerfTestStdoutReader.Unit.MICROS),
        Arguments.of(Named.of("r02: --use-millis, 77.6 % left out", "r02.prom"), 27632L, 6181L, 27639L,
            PerfTestStdoutReader.Unit.MILLIS),
        Arguments.of(Named.of("r12: --use-millis at 800 msg/s", "r12.prom"), 21977L, 5588L, 21978L,
            PerfTestStdoutReader.Unit.MILLIS));
  }

  @ParameterizedTest
  @MethodSource("scrape")
  void scrape_realScrape_readsTheCountsAndTheClockMode(String file, long consumed, long latency, long published,
                                                       PerfTestStdoutReader.Unit unit) throws IOException {
    String t = text(PERFTEST.resolve(file));
    assertThat(ToolOutputFormat.recognise(t)).containsExactly(ToolOutputFormat.PERFTEST_PROMETHEUS);
    PerfTestScrapeReader.Output o = PerfTestScrapeReader.read(t, file);
    assertThat(o.consumed()).isEqualTo(consumed);
    assertThat(o.latencyCount()).isEqualTo(latency);
    if (published > 0) {
      assertThat(o.published()).isEqualTo(published);
    }
    assertThat(o.unit()).isEqualTo(unit);
  }

  /** Every committed scrape's mode, told from its latencies, is the mode its ledger row records. */
  @Test
  void scrape_everyCommittedRun_modeAgreesWithTheLedger() throws IOException {
    List<String> ledger = Files.readAllLines(Path.of("data/perftest/ledger.csv"));
    List<String> header = List.of(ledger.get(0).split(","));
    int run = header.indexOf("run_id");
    int millis = header.indexOf("use_millis");
    for (String row : ledger.subList(1, ledger.size())) {
      String[] cells = row.split(",");
      PerfTestScrapeReader.Output o = PerfTestScrapeReader.read(text(PERFTEST.resolve(cells[run] + ".prom")),
          cells[run]);
      assertThat(o.unit()).as(cells[run]).isEqualTo(cells[millis].equals("yes") ? PerfTestStdoutReader.Unit.MILLIS
          : PerfTestStdoutReader.Unit.MICROS);
    }
  }

  /**
   * omb-N.json (OpenMessaging Benchmark 85599891, Kafka driver, 2026-12-06): workload, the first publish rate, the
   * backlogs, the aggregated end-to-end and publish medians with their lines, the maximum, the quantile maps' sizes.
   */
  static Stream<Arguments> ombResults() {
    return Stream.of(
        Arguments.of(Named.of("omb-1: 1,000 msg/s", "omb-1.json"), "1 topic / 1 partition / 100b / 1000 msg/s",
            1013.8462657964894, List.of(0.0, 0.0, 0.0, 0.0, 0.0, 0.0), 1.0, 1635L, 23.0, 1.207, 30L, 23, 954),
        Arguments.of(Named.of("omb-2: 500 msg/s", "omb-2.json"), "1 topic / 1 partition / 100b / 500 msg/s",
            507.28265845556183, List.of(1.0, 0.0, 0.0, 0.0, 0.0, 0.0), 2.0, 1219L, 31.0, 1.241, 30L, 28, 766));
  }

  @ParameterizedTest
  @MethodSource("ombResults")
  void ombResult_realOutput_readsTestResultsFields(String file, String workload, double firstRate,
      List<Double> backlog, double e2eP50, long e2eP50Line, double e2eMax, double pubP50, long pubP50Line,
      int e2eQuantiles, int pubQuantiles) throws IOException {
    String t = text(DEMO.resolve(file));
    assertThat(ToolOutputFormat.recognise(t)).containsExactly(ToolOutputFormat.OMB_RESULT);
    OmbResultReader.Output o = OmbResultReader.read(t, file);
    assertThat(o.text("workload")).isEqualTo(workload);
    assertThat(o.text("driver")).isEqualTo("Kafka");
    assertThat(List.of(o.value("messageSize"), o.value("topics"), o.value("partitions"), o.value("producersPerTopic"),
        o.value("consumersPerTopic"))).containsExactly(100.0, 1.0, 1.0, 1.0, 1.0);
    assertThat(o.periods()).isEqualTo(6);
    assertThat(o.field("publishRate").values().get(0)).isEqualTo(firstRate);
    assertThat(o.field("backlog").values()).isEqualTo(backlog);
    assertThat(o.field("aggregatedEndToEndLatency50pct")).satisfies(f -> {
      assertThat(f.value()).isEqualTo(e2eP50);
      assertThat(f.line()).isEqualTo(e2eP50Line);
    });
    assertThat(o.value("aggregatedEndToEndLatencyMax")).isEqualTo(e2eMax);
    assertThat(o.field("aggregatedPublishLatency50pct")).satisfies(f -> {
      assertThat(f.value()).isEqualTo(pubP50);
      assertThat(f.line()).isEqualTo(pubP50Line);
    });
    OmbResultReader.Field q = o.field("aggregatedEndToEndLatencyQuantiles");
    assertThat(q.keys()).hasSize(e2eQuantiles).isSorted().endsWith(100.0);
    // the map's 100th percentile is the aggregated maximum: one histogram
    assertThat(q.values().get(q.values().size() - 1)).isEqualTo(e2eMax);
    assertThat(o.field("aggregatedPublishLatencyQuantiles").keys()).hasSize(pubQuantiles);
    assertThat(o.unknown()).isEmpty();
  }

  /** Malformed copies of omb-1.json (src/test/resources/ftl/audit/omb-malformed/README.md): line and problem. */
  static Stream<Arguments> ombMalformed() {
    return Stream.of(
        Arguments.of("omb-1-truncated.json", 800L, "not valid JSON: Unexpected end-of-input"),
        Arguments.of("omb-1-wrong-type.json", 4L, "messageSize: must be an integer, not the string \"100\""),
        Arguments.of("omb-1-negative-count.json", 5L, "topics: must be an integer in [0, 1099511627776] (was -1)"),
        Arguments.of("omb-1-negative-latency.json", 1635L, "aggregatedEndToEndLatency50pct: must be in [0, 86400000]"
            + " (was -1.0)"),
        Arguments.of("omb-1-period-missing.json", 11L, "\"consumeRate\" has 5 periods, \"publishRate\" 6"));
  }

  @ParameterizedTest
  @MethodSource("ombMalformed")
  void ombResult_malformedCopy_refusedAtItsLine(String file, long line, String problem) throws IOException {
    String t = text(Path.of("src/test/resources/ftl/audit/omb-malformed").resolve(file));
    assertThat(ToolOutputFormat.recognise(t)).containsExactly(ToolOutputFormat.OMB_RESULT);
    assertThatThrownBy(() -> OmbResultReader.read(t, file)).isInstanceOfSatisfying(DataException.class, e -> {
      assertThat(e.line()).isEqualTo(line);
      assertThat(e.problem()).contains(problem);
    });
  }

  @Test
  void ombResult_otherBadShapes_refusedWithTheirReason() throws IOException {
    String real = text(DEMO.resolve("omb-1.json"));
    assertThatThrownBy(() -> OmbResultReader.read("[1]", "x.json")).hasMessageContaining("not a JSON object");
    assertThatThrownBy(() -> OmbResultReader.read(real + "{}", "x.json"))
        .hasMessageContaining(":1642: content after the first JSON value");
    assertThatThrownBy(() -> OmbResultReader.read(real.replace("\"driver\" : \"Kafka\",", ""), "x.json"))
        .hasMessageContaining("no field \"driver\"");
    assertThatThrownBy(() -> OmbResultReader.read(real.replace("\"driver\" : \"Kafka\"", "\"driver\" : 1"), "x.json"))
        .hasMessageContaining(":3: driver: must be a string (was 1)");
    assertThatThrownBy(() -> OmbResultReader.read(real.replace("\"workload\" :", "\"driver\" :"), "x.json"))
        .hasMessageContaining("Duplicate field 'driver'");
    assertThatThrownBy(() -> OmbResultReader.read(real.replace("\"backlog\" : [ 0, 0", "\"backlog\" : [ 0.5, 0"),
        "x.json")).hasMessageContaining(":12: backlog[0]: must be an integer (was 0.5)");
    assertThatThrownBy(() -> OmbResultReader.read(real.replace("\"backlog\" : [ 0, 0, 0, 0, 0, 0 ]",
        "\"backlog\" : 0"), "x.json")).hasMessageContaining(":12: backlog: not a list (one entry per period)");
    assertThatThrownBy(() -> OmbResultReader.read(real.replace("\"aggregatedEndToEndLatencyQuantiles\" : {",
        "\"aggregatedEndToEndLatencyQuantiles\" : {\n    \"101.0\" : 1.0,"), "x.json"))
        .hasMessageContaining("not a percentile in [0, 100]");
    assertThatThrownBy(() -> OmbResultReader.read(real.replace("\"aggregatedEndToEndLatencyQuantiles\" : {",
        "\"aggregatedEndToEndLatencyQuantiles\" : {\n    \"0x1p3\" : 1.0,"), "x.json"))
        .hasMessageContaining(":1610: aggregatedEndToEndLatencyQuantiles.0x1p3: not a percentile");
    assertThatThrownBy(() -> OmbResultReader.read(real.replace("\"aggregatedEndToEndLatencyQuantiles\" : {",
        "\"aggregatedEndToEndLatencyQuantiles\" : [ ], \"x\" : {"), "x.json"))
        .hasMessageContaining("aggregatedEndToEndLatencyQuantiles: not a map from percentile to value");
    assertThatThrownBy(() -> OmbResultReader.read(real.replace("\"topics\" : 1,", "\"topics\" : [ 1 ],"), "x.json"))
        .hasMessageContaining(":5: topics: must be an integer (was [1])");
    assertThatThrownBy(() -> OmbResultReader.read(real.replace("\"topics\" : 1,", "\"topics\" : { },"), "x.json"))
        .hasMessageContaining(":5: topics: must be an integer (was {})");
    assertThatThrownBy(() -> OmbResultReader.read(real.replace("\"topics\" : 1,", "\"topics\" : null,"), "x.json"))
        .hasMessageContaining(":5: topics: must be an integer (was null)");
    assertThatThrownBy(() -> OmbResultReader.read(real.replace("\"publishErrorRate\" : [ 0.0",
        "\"publishErrorRate\" : [ 2.0E9"), "x.json"))
        .hasMessageContaining(":10: publishErrorRate[0]: must be in [0, 1000000000] (was 2.0E9)");
    String none = real.replaceAll("(?m)^(  \"(publish|consume|publishError)Rate\" : )\\[.*\\]", "$1[ ]")
        .replaceAll("(?m)^(  \"(backlog|publishLatency|publishDelayLatency|endToEndLatency)[A-Za-z0-9]*\" : )\\[.*\\]",
            "$1[ ]");
    assertThatThrownBy(() -> OmbResultReader.read(none, "x.json")).hasMessageContaining(":9: no period");
    OmbResultReader.Output extra = OmbResultReader.read("{\n  \"newField\" : [ 1, { } ],\n"
        + real.substring(2), "x.json");
    assertThat(extra.unknown()).containsExactly("newField");
    assertThat(extra.field("driver").line()).isEqualTo(4);
  }
}
