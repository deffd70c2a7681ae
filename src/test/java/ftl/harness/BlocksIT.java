package ftl.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import ftl.harness.campaign.CampaignRunner;
import ftl.harness.campaign.Ledger;
import ftl.harness.plan.Plan;
import ftl.harness.run.KafkaRun;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Replication by broker lifetime on the real embedded broker: a plan of two blocks and two conditions, its warm-up
 * decided by the stable_flights rule, about 200 measured events per run. The campaign is interrupted before the last
 * run of block 2 and resumed, so the test sees three broker lifetimes: block 1, the start of block 2, and the resumed
 * rest of block 2. The instrument warm-up after each broker start is shortened to 500 sends (the ledger records it).
 * About 30-40 s on an idle 2-core host; as {@link HarnessIT}, it judges correctness, not timing, and a run the
 * instrument failed only because the host was starved skips the test.
 */
class BlocksIT {

  @TempDir Path tmp;

  /** Thrown by the test's listener to interrupt the campaign before a run. */
  static final class Interrupt extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Interrupt() { super("interrupted by the test"); }
  }

  @Test
  @Timeout(value = 600, unit = TimeUnit.SECONDS)
  void campaign_twoBlocksInterruptedAndResumed_freshBrokerPerBlockAndPerResume() throws Exception {
    Path planFile = tmp.resolve("plan.json");
    Files.writeString(planFile, """
        {"campaign": "blocks", "description": "IT: 2 blocks x 2 conditions, stable_flights warm-up", "seed": 3,
        "blocks": 2,
         "warmup": {"rule": "stable_flights", "window": 20, "tolerance_us": 5000, "min_events": 40, "max_events": 400},
         "defaults": {"events": 200, "payload_bytes": 64},
         "conditions": [{"name": "a-1ms", "send_interval": "1ms"}, {"name": "b-500us", "send_interval": "500us"}]}
        """);
    Path out = tmp.resolve("blocks");
    Map<String, Long> brokerPid = new LinkedHashMap<>();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    CampaignRunner first = runner(err).listener(new CampaignRunner.Listener() {
      @Override
      public void runStarting(Plan.ScheduledRun run, KafkaRun.BrokerHandle broker) {
        if (run.runId().equals("r0004")) {
          throw new Interrupt();
        }
        brokerPid.put(run.runId(), broker.pid());
      }
    });
    assertThatThrownBy(() -> first.run(planFile, out)).isInstanceOf(Interrupt.class);
    assertThat(Ledger.open(out.resolve("ledger.csv")).rows()).as(err.toString(StandardCharsets.UTF_8)).hasSize(3);
    CampaignRunner.Summary s = runner(err).listener(new CampaignRunner.Listener() {
      @Override
      public void runStarting(Plan.ScheduledRun run, KafkaRun.BrokerHandle broker) {
        brokerPid.put(run.runId(), broker.pid());
      }
    }).resume(out);
    String log = err.toString(StandardCharsets.UTF_8);
    assertThat(s.ran()).as(log).isEqualTo(1);
    List<Map<String, String>> rows = Ledger.open(out.resolve("ledger.csv")).rows();
    assertThat(rows).as(log).hasSize(4);
    for (Map<String, String> row : rows) {
      assumeTrue(row.get("status").equals("ok") || !HarnessIT.STARVED.matcher(row.get("reason")).find(),
          () -> "skipped: host too busy for the instrument, run " + row.get("run_id") + " " + row.get("status")
              + " (" + row.get("reason") + ")");
    }
    assertThat(rows).as(log).allMatch(r -> r.get("status").equals("ok"));

    // the schedule: two contiguous blocks, each with both conditions once, and the block in schedule.csv
    List<String> schedule = Files.readAllLines(out.resolve("schedule.csv"));
    assertThat(schedule.get(0)).isEqualTo("run_id,condition,repeat,order_index,block");
    assertThat(schedule.subList(1, 5)).extracting(l -> l.substring(l.lastIndexOf(',') + 1))
        .containsExactly("1", "1", "2", "2");

    Map<String, Map<String, String>> byId = new LinkedHashMap<>();
    rows.forEach(r -> byId.put(r.get("run_id"), r));
    assertThat(byId.keySet()).containsExactlyInAnyOrder("r0001", "r0002", "r0003", "r0004");
    assertThat(List.of("r0001", "r0002", "r0003", "r0004")).extracting(id -> byId.get(id).get("block"))
        .containsExactly("1", "1", "2", "2");
    assertThat(List.of("r0001", "r0002", "r0003", "r0004")).extracting(id -> byId.get(id).get("broker_lifetime"))
        .as("block 1 on the first broker, block 2 on a fresh one, the resumed rest of block 2 on a third")
        .containsExactly("1", "1", "2", "3");
    assertThat(List.of("r0001", "r0002", "r0003")).extracting(id -> byId.get(id).get("condition"))
        .as("each block runs both conditions").contains("a-1ms", "b-500us");
    // the broker really restarted: another process at each block boundary and at the resume
    assertThat(brokerPid.get("r0001")).isEqualTo(brokerPid.get("r0002"));
    assertThat(brokerPid.get("r0003")).isNotEqualTo(brokerPid.get("r0002"));
    assertThat(brokerPid.get("r0004")).isNotEqualTo(brokerPid.get("r0003")).isNotEqualTo(brokerPid.get("r0002"));
    assertThat(log.split("starting the embedded Kafka broker", -1)).as(log).hasSize(4);
    assertThat(log).contains("ftl: block 1 of 2", "ftl: block 2 of 2");

    for (Map<String, String> row : rows) {
      String id = row.get("run_id");
      assertThat(row.get("warmup_rule")).isEqualTo("stable_flights");
      assertThat(row.get("instrument_warmup_events")).as(id).isNotBlank();
      assertThat(row.get("events_written")).isEqualTo("200");
      int warmup = Integer.parseInt(row.get("warmup_events"));
      assertThat(row.get("warmup_converged")).as(id).isIn("yes", "no");
      if (row.get("warmup_converged").equals("yes")) {
        // converged at a window end at or after min_events (two windows at least), plus the sends made meanwhile
        assertThat(warmup).as(id + " warm-up sends").isBetween(40, 400);
      } else {
        assertThat(warmup).as(id + " warm-up sends when not converged").isEqualTo(400);
      }
      assertThat(Double.parseDouble(row.get("pacing_burst_share"))).as(id).isBetween(0.0, 1.0);
      // steal is measured where the boot reports it, and n/a (empty, never 0) where its counter never moved (issue #53)
      assertThat(row.get("steal_pct")).as(id + " steal_pct (this host has /proc/stat)")
          .matches(row.get("steal_reported").equals("yes") ? "[0-9]+\\.[0-9]{3}" : "");
      assertThat(row.get("steal_reported")).as(id).isIn("yes", "no");
      assertThat(Long.parseLong(row.get("interrupts"))).as(id).isPositive();
      assertThat(row.get("plan_sha256")).isEqualTo(rows.get(0).get("plan_sha256"));
    }
  }

  private CampaignRunner runner(ByteArrayOutputStream err) {
    return new CampaignRunner(Path.of("").toAbsolutePath(), null, new PrintStream(err, true, StandardCharsets.UTF_8),
        false)
        .scratchRoot(tmp.resolve("scratch")).instrumentWarmupEvents(500);
  }
}
