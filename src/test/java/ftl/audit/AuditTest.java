package ftl.audit;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.data.io.DataGate;
import ftl.data.tool.HarnessTable;
import ftl.data.tool.PerfTestReader;
import ftl.trust.Outcome;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What {@code ftl audit} concludes on every real tool output the archive commits: Kafka's two tools' demonstration
 * outputs, OpenMessaging Benchmark's two result JSON files, and RabbitMQ PerfTest's twelve runs (standard output and
 * scrape), judged by the archive's harness audit.
 * Each case gives every rule's outcome, and the failing figures where one fails.
 */
class AuditTest {
  static final Path DATA = Path.of("data");
  static final String HOLDS = "HOLDS";
  static final String FAILS = "FAILS";
  static final String NOT = "NOT_JUDGED";

  static List<HarnessTable.Row> harness() {
    return HarnessTable.read(DataGate.of(DATA, "data"));
  }

  static OutputAudit audit(String rel) throws IOException {
    return Audit.of("data/" + rel, Files.readString(DATA.resolve(rel), StandardCharsets.UTF_8), Optional.empty(),
        harness(),
        "data/" + HarnessTable.FILE);
  }

  /** File, outcomes of resolution, kept share and sign, the harness row's line, and what fails resolution. */
  static Stream<Arguments> realOutputs() {
    String demo = "audit/demo/outputs/";
    return Stream.of(
        Arguments.of(Named.of("ProducerPerformance: a 1 ms median on millisecond stamps", demo + "perf-1.txt"),
            FAILS, HOLDS, HOLDS, 5, List.of("50th percentile 1 ms (line 2)")),
        Arguments.of(Named.of("ProducerPerformance, with a progress line", demo + "perf-2.txt"), FAILS, HOLDS, HOLDS, 5,
            List.of("50th percentile 1 ms (line 3)")),
        Arguments.of(Named.of("ProducerPerformance", demo + "perf-3.txt"), FAILS, HOLDS, HOLDS, 5,
            List.of("50th percentile 1 ms (line 2)")),
        Arguments.of(Named.of("EndToEndLatency: a 1 ms median truncated from nanoseconds", demo + "e2e-1.txt"), FAILS,
        HOLDS,
            HOLDS, 4, List.of("50th percentile 1 ms (line 8)")),
        Arguments.of(Named.of("EndToEndLatency", demo + "e2e-2.txt"), FAILS, HOLDS, HOLDS, 4,
            List.of("50th percentile 1 ms (line 8)")),
        Arguments.of(Named.of("EndToEndLatency: a 0 ms median", demo + "e2e-3.txt"), FAILS, HOLDS, HOLDS, 4,
            List.of("50th percentile 0 ms (line 8)")),
        Arguments.of(Named.of("PerfTest nanosecond mode: resolved, kept share unknown", "perftest/runs/r01.txt"),
        HOLDS, NOT,
            HOLDS, 6, List.of()),
        Arguments.of(Named.of("PerfTest --use-millis: 1 ms figures, wall clock folded by abs", "perftest/runs/r02.txt"),
            FAILS, NOT, FAILS, 7, null),
        Arguments.of(Named.of("PerfTest scrape, nanosecond mode", "perftest/runs/r01.prom"), NOT, HOLDS, HOLDS, 6,
        List.of()),
        Arguments.of(Named.of("PerfTest scrape, --use-millis: 22 % kept", "perftest/runs/r02.prom"), NOT, FAILS, FAILS,
        7,
            List.of()),
        Arguments.of(Named.of("OMB result at 1,000 msg/s: a 1 ms end-to-end median, drops uncounted", demo
            + "omb-1.json"), FAILS, NOT, FAILS, 2, List.of("end-to-end average 1.5671353159462709 ms (line 1634)",
            "end-to-end 50th percentile 1 ms (line 1635)", "end-to-end 75th percentile 2 ms (line 1636)",
            "end-to-end 95th percentile 2 ms (line 1637)")),
        Arguments.of(Named.of("OMB result at 500 msg/s: a 2 ms end-to-end median", demo + "omb-2.json"), FAILS, NOT,
            FAILS, 2, List.of("end-to-end 50th percentile 2 ms (line 1219)", "end-to-end 75th percentile 2 ms (line"
            + " 1220)", "end-to-end 95th percentile 2 ms (line 1221)")));
  }

  @ParameterizedTest
  @MethodSource("realOutputs")
  void audit_realOutput_judgedByEveryRule(String rel, String resolution, String kept, String sign, long harnessLine,
                                          List<String> unresolved) throws IOException {
    OutputAudit a = audit(rel);
    assertThat(a.results()).extracting(r -> r.outcome().name()).containsExactly(resolution, kept, sign);
    assertThat(a.evidence().harness().orElseThrow().line()).isEqualTo(harnessLine);
    if (unresolved != null) {
      assertThat(a.results().get(0).failing()).isEqualTo(unresolved);
    }
    assertThat(a.trusted()).isEqualTo(!List.of(resolution, kept, sign).contains(FAILS));
  }

  @Test
  void audit_perfTestMillis_everyOneMillisecondFigureUnresolved() throws IOException {
    OutputAudit a = audit("perftest/runs/r02.txt");
    RuleResult r = a.results().get(0);
    // 30 lines of five figures; in ms mode the quantum is 1 ms and figures print exactly: w = 2 ms, so 1 and 2 ms fail
    assertThat(r.judged()).isEqualTo(150);
    assertThat(a.evidence().figures()).filteredOn(f -> f.name().equals("median")).hasSize(30)
        .allMatch(f -> f.valueNanos() == 1e6 && f.widthNanos(1_000_000) == 2e6);
    assertThat(r.failing()).hasSize((int) a.evidence().figures().stream().filter(f -> f.valueNanos() <= 2e6).count());
    assertThat(r.evidence()).contains("median 30 of 30 lines");
  }

  @Test
  void audit_perfTestStdout_keptShareUnknownWithWhatIsNeeded() throws IOException {
    RuleResult r = audit("perftest/runs/r01.txt").results().get(1);
    assertThat(r.evidence()).startsWith("unknown: this output holds no sample count")
        .contains("perftest_latency_seconds_count against client_consumed_total");
  }

  /** The grid law at PerfTest's rates: 1,000 msg/s is s = q (b = 1), 800 msg/s is s/q = 5/4. */
  @Test
  void audit_perfTestMillis_gridLawAtTheSendRate() throws IOException {
    GridNote at1000 = audit("perftest/runs/r02.txt").grid().orElseThrow();
    assertThat(at1000.sendIntervalNanos()).isEqualTo(1_000_000);
    assertThat(at1000.quantumNanos()).isEqualTo(1_000_000);
    assertThat(at1000.phases()).isEqualTo(1);
    GridNote at800 = audit("perftest/runs/r04.txt").grid().orElseThrow();
    assertThat(at800.sendIntervalNanos()).isEqualTo(1_250_000);
    assertThat(at800.reduced().numerator()).isEqualTo(5);
    assertThat(at800.phases()).isEqualTo(4);
    // the Kafka tools keep zero differences: no guard, no grid note
    assertThat(audit("audit/demo/outputs/perf-1.txt").grid()).isEmpty();
  }

  /** The counts of every committed scrape agree with the archive's own reading of its PerfTest runs. */
  @Test
  void audit_everyCommittedScrape_agreesWithTheArchivesCounts() throws IOException {
    List<PerfTestReader.Run> runs = PerfTestReader.read(DataGate.of(DATA, "data"), "perftest", "data/perftest");
    assertThat(runs).hasSize(12);
    for (PerfTestReader.Run run : runs) {
      OutputAudit a = audit("perftest/" + run.metricsFile());
      assertThat(a.evidence().counts().delivered()).as(run.runId()).hasValue(run.consumed());
      assertThat(a.evidence().counts().kept()).as(run.runId()).hasValue(run.latencyCount());
      assertThat(1 - a.evidence().counts().keptShare()).as(run.runId()).isEqualTo(run.leftOut());
      assertThat(a.results().get(1).outcome()).as(run.runId())
          .isEqualTo(run.useMillis() ? Outcome.FAILS : Outcome.HOLDS);
    }
  }

  /**
   * OMB's result: the end-to-end latency on the Kafka driver's row (1 ms), the publish latency on the framework's own
   * (1 ns, truncated to µs), each figure judged on its own quantum; the grid law at the rounded median publish rate.
   */
  @Test
  void audit_ombResult_twoLatenciesEachOnItsOwnQuantum() throws IOException {
    OutputAudit a = audit("audit/demo/outputs/omb-1.json");
    assertThat(a.evidence().alsoMeasured()).singleElement().satisfies(h -> {
      assertThat(h.line()).isEqualTo(3);
      assertThat(h.latency()).startsWith("publish");
    });
    assertThat(a.evidence().figures()).hasSize(16);
    Figure p50 = a.evidence().figures().get(9);
    assertThat(p50.name()).isEqualTo("publish 50th percentile");
    assertThat(p50.printed()).isEqualTo("1.207 ms");
    assertThat(p50.line()).isEqualTo(30);
    assertThat(p50.quantumOr(1_000_000)).isEqualTo(1);
    assertThat(p50.widthNanos(1)).isEqualTo(1_002.0);
    Figure e2eMax = a.evidence().figures().get(7);
    assertThat(e2eMax.printed()).isEqualTo("23 ms");
    assertThat(e2eMax.quantumOr(1_000_000)).isEqualTo(1_000_000);
    assertThat(e2eMax.printStepNanos()).isZero();
    GridNote g = a.grid().orElseThrow();
    assertThat(g.sendIntervalNanos()).isEqualTo(1_000_000);
    assertThat(g.phases()).isEqualTo(1);
    assertThat(audit("audit/demo/outputs/omb-2.json").grid().orElseThrow().sendIntervalNanos()).isEqualTo(2_000_000);
    assertThat(a.results().get(1).evidence()).startsWith("unknown: this output holds no count of end-to-end samples")
        .contains("publish 1,000 to 1,014 msg/s (line 9)").contains("backlog at each period's end 0 (line 12)");
  }

  /** Another driver's result is judged on that driver's row; a driver the harness audit has no row for, not at all. */
  @Test
  void audit_ombResultOfAnotherDriver_itsOwnRowOrNone() throws IOException {
    String real = Files.readString(DATA.resolve("audit/demo/outputs/omb-1.json"), StandardCharsets.UTF_8);
    OutputAudit rabbit = Audit.of("rabbit.json", real.replace("\"driver\" : \"Kafka\"", "\"driver\" : \"RabbitMQ\""),
        Optional.empty(), harness(), "data/" + HarnessTable.FILE);
    assertThat(rabbit.evidence().harness().orElseThrow().harness()).isEqualTo("OpenMessaging Benchmark (RabbitMQ"
        + " driver)");
    OutputAudit pulsar = Audit.of("pulsar.json", real.replace("\"driver\" : \"Kafka\"", "\"driver\" : \"Pulsar\""),
        Optional.empty(), harness(), "data/" + HarnessTable.FILE);
    assertThat(pulsar.evidence().harness()).isEmpty();
    assertThat(pulsar.evidence().harnessWhy()).contains("no row for OMB's end-to-end latency with the driver Pulsar");
    assertThat(pulsar.results()).extracting(r -> r.outcome().name()).containsExactly(NOT, NOT, NOT);
  }

  /** HdrHistogram's step at OMB's 5 significant digits: 1 µs up to 2^18 µs, then doubling. */
  @Test
  void hdrUnit_isOneMicrosecondBelow262msThenDoubles() {
    assertThat(Audit.hdrUnitMicros(0)).isEqualTo(1);
    assertThat(Audit.hdrUnitMicros(262_143)).isEqualTo(1);
    assertThat(Audit.hdrUnitMicros(262_144)).isEqualTo(2);
    assertThat(Audit.hdrUnitMicros(524_288)).isEqualTo(4);
    assertThat(Audit.hdrUnitMicros(60_000_000)).isEqualTo(256);
  }

  @Test
  void figure_width_isTwoQuantaPlusThePrintStep() {
    Figure f = new Figure("50th percentile", "1 ms", 1e6, 1e6, 8);
    assertThat(f.widthNanos(1)).isEqualTo(1_000_002.0);
    assertThat(f.resolved(1)).isFalse();
    assertThat(new Figure("50th percentile", "2 ms", 2e6, 1e6, 8).resolved(1)).isTrue();
    assertThat(new Figure("95th percentile", "3 ms", 3e6, 0, 2).resolved(1_000_000)).isTrue();
    assertThat(new Figure("50th percentile", "2 ms", 2e6, 0, 2).resolved(1_000_000)).isFalse();
  }
}
