package ftl.harness.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.io.DataException;
import ftl.data.ledger.EventFormat;
import ftl.harness.plan.Plan;
import ftl.harness.plan.PlanParser;
import ftl.harness.run.StampBook;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The runner's side of blocks and long runs, without a broker: every committed campaign's schedule is the same bytes
 * as before blocks existed, a blocked plan's schedule names each run's block, broker lifetimes continue from the
 * ledger on resume, and a one-minute run at 1 ms fits its stamp arrays and its events file.
 */
class BlocksAndSizingTest {

  @TempDir Path dir;

  /** Every committed campaign with both a schedule.csv and a plan the instrument's parser takes. */
  static Stream<Path> committedSchedules() throws IOException {
    try (Stream<Path> dirs = Files.list(Path.of("data"))) {
      return dirs.filter(d -> Files.isRegularFile(d.resolve("schedule.csv"))
          && Files.isRegularFile(d.resolve(EventFormat.PLAN_FILE)))
          // the tools' own plans (OpenMessaging Benchmark's, RabbitMQ PerfTest's), not the instrument's
          .filter(d -> !List.of("omb-real", "omb-rabbitmq", "omb-nats", "perftest")
          .contains(d.getFileName().toString()))
          .sorted().toList().stream();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("committedSchedules")
  void scheduleCsv_committedPlan_sameBytesAsItsCommittedSchedule(Path campaign) throws IOException {
    // the campaigns before blocks and the blocked ones (the confirmatory one, the other systems' and their pilots:
    // a fifth column) alike
    Plan plan = PlanParser.read(campaign.resolve(EventFormat.PLAN_FILE));
    assertThat(plan.blocked()).isEqualTo(List.of("confirm", "rabbitmq", "nats", "rabbitmq-pilot", "nats-pilot",
        "rabbitmq-manip", "nats-manip", "nats-manip2", "setting", "cluster", "rabbitmq-queues", "hosts", "wire")
        .contains(campaign.getFileName().toString()));
    if (plan.strata() != null) {
      // a stratified plan's schedule grows by one stratum per boot: each recomputed from the plan, its boot and clocks
      List<String> lines = Files.readAllLines(campaign.resolve("schedule.csv"), StandardCharsets.UTF_8);
      assertThat(lines.get(0)).isEqualTo(StratumScheduleFile.HEADER);
      List<String> expected = new java.util.ArrayList<>(List.of(StratumScheduleFile.HEADER));
      int s = 1;
      while (expected.size() < lines.size()) {
        String stratum = String.valueOf(s);
        List<String> its = lines.stream().skip(1).filter(l -> l.split(",")[5].equals(stratum)).toList();
        assertThat(its).as("stratum " + stratum).isNotEmpty();
        String boot = its.get(0).split(",")[6];
        List<String> clocks = plan.strata().offeredOf(its.stream().map(l -> l.split(",")[7]).distinct().toList());
        ftl.harness.plan.Strata.StratumSchedule st =
            ftl.harness.plan.Strata.schedule(plan, s, boot, clocks, expected.size() - 1);
        StratumScheduleFile.rows(st).forEach(r -> expected.add(r.csv()));
        s++;
      }
      assertThat(lines).isEqualTo(expected);
      return;
    }
    assertThat(CampaignRunner.scheduleCsv(plan.schedule(), plan.blocked()))
        .isEqualTo(Files.readString(campaign.resolve("schedule.csv"), StandardCharsets.UTF_8));
  }

  @Test
  void scheduleCsv_blockedPlan_fifthColumnIsTheBlock() {
    Plan plan =
        PlanParser.parse("plan.json",
        "{\"campaign\":\"k\",\"blocks\":2,\"conditions\":[{\"name\":\"a\"},{\"name\":\"b\"}]}"
        .getBytes(StandardCharsets.UTF_8));
    String csv = CampaignRunner.scheduleCsv(plan.schedule(), plan.blocked());
    List<String> lines = csv.lines().toList();
    assertThat(lines.get(0)).isEqualTo("run_id,condition,repeat,order_index,block");
    assertThat(lines).hasSize(5);
    assertThat(lines.subList(1, 3)).allMatch(l -> l.endsWith(",1")).allMatch(l -> l.contains(",1,"));
    assertThat(lines.subList(3, 5)).allMatch(l -> l.endsWith(",2"));
    assertThat(lines.get(1)).startsWith("r0001,");
    assertThat(lines.get(4)).startsWith("r0004,").contains(",3,");
  }

  @Test
  void lifetimesInLedger_resume_continuesFromTheLargest() {
    assertThat(CampaignRunner.lifetimesInLedger(List.of(), dir.resolve("ledger.csv"))).isZero();
    assertThat(CampaignRunner.lifetimesInLedger(List.of(Map.of("broker_lifetime", "1"), Map.of("broker_lifetime", "3"),
        Map.of("broker_lifetime", ""), Map.of()), dir.resolve("ledger.csv"))).isEqualTo(3);
    assertThatThrownBy(() -> CampaignRunner.lifetimesInLedger(List.of(Map.of("broker_lifetime", "1"),
        Map.of("broker_lifetime", "x")), dir.resolve("ledger.csv")))
        .isInstanceOf(DataException.class).hasMessageContaining("ledger.csv:3").hasMessageContaining("broker_lifetime");
  }

  @Test
  void bytesFor_oneMinuteAt1ms_afewMegabytes() {
    assertThat(StampBook.bytesFor(0, 60_000)).isEqualTo(3_600_000L);
    assertThat(StampBook.bytesFor(60_000, 60_000)).isEqualTo(7_200_000L);
    assertThat(StampBook.bytesFor(10_000_000, 10_000_000)).isEqualTo(1_200_000_000L);
  }

  @Test
  void checkStampMemory_runLargerThanHalfTheHeap_refusedBeforeTheFirstRun() {
    Plan plan =
        PlanParser.parse("plan.json", ("{\"campaign\":\"k\",\"warmup\":{\"rule\":\"stable_flights\",\"window\":500,"
        + "\"tolerance_us\":10,\"min_events\":5000,\"max_events\":120000},\"conditions\":[{\"name\":\"long\",\"event"
        + "s\":60000}]}")
        .getBytes(StandardCharsets.UTF_8));
    CampaignRunner.checkStampMemory(plan, 64L << 20); // 10.8 MB of arrays in a 64 MiB heap: fine
    assertThatThrownBy(() -> CampaignRunner.checkStampMemory(plan, 16L << 20))
        .isInstanceOf(CampaignRunner.InstrumentException.class).hasMessageContaining("condition long needs 11 MB")
        .hasMessageContaining("120000 warm-up slots + 60000 events");
  }

  @Test
  void write_oneMinuteAt1ms_everyEventInTheFile() throws IOException {
    int events = 60_000;
    long[] ns = {0};
    long[] us = {1_700_000_000_000_000L};
    StampBook b = new StampBook(0, events, () -> ns[0] += 1_000, () -> us[0] += 1);
    long before = usedHeap();
    for (int i = 0; i < events; i++) {
      b.stampSend(i, i * 1_000_000L);
      b.stampAck(i, null);
      b.stampRecv(i, 1_700_000_000_000L + i);
    }
    String sha = EventFileWriter.write(dir.resolve("events/r0001.csv.gz"), b);
    assertThat(usedHeap() - before).as("the writer streams: no copy of the run in memory").isLessThan(64L << 20);
    assertThat(sha).isEqualTo(EventFileWriter.sha256(dir.resolve("events/r0001.csv.gz")));
    long rows = 0;
    String last = null;
    try (BufferedReader r = new BufferedReader(new InputStreamReader(new GZIPInputStream(
        Files.newInputStream(dir.resolve("events/r0001.csv.gz"))), StandardCharsets.US_ASCII))) {
      r.readLine();
      for (String line; (line = r.readLine()) != null; ) {
        rows++;
        last = line;
      }
    }
    assertThat(rows).isEqualTo(events);
    assertThat(last).startsWith("59999,");
  }

  private static long usedHeap() {
    Runtime rt = Runtime.getRuntime();
    return rt.totalMemory() - rt.freeMemory();
  }
}
