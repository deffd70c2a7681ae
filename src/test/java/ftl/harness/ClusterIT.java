package ftl.harness;

import static org.assertj.core.api.Assertions.assertThat;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A local cluster of three brokers (issue #46), each its own JVM on its own loopback address, started by the campaign
 * runner from a plan's {@code brokers}: one short block with a replicated topic at acks=1 and at acks=all and an
 * unreplicated one. Checks the ledger's cluster columns and that no broker process outlives the campaign. Three broker
 * JVMs take about 30 s of a 2-core host to serve; where they cannot start within the cluster's time budget the test is
 * skipped with the reason, and a run the instrument failed only because the host was starved skips it too (as
 * {@link HarnessIT}). It judges correctness, not timing.
 */
class ClusterIT {

  @TempDir Path tmp;

  @Test
  @Timeout(value = 600, unit = TimeUnit.SECONDS)
  void campaign_threeBrokers_ledgerRecordsTheClusterAndNoBrokerOutlivesIt() throws Exception {
    Path planFile = tmp.resolve("plan.json");
    Files.writeString(planFile, """
        {"campaign": "cluster-it", "description": "IT: a local cluster of three brokers", "seed": 5, "brokers": 3,
        "blocks": 1,
         "warmup": {"rule": "first_sends", "events": 100},
         "defaults": {"events": 300, "payload_bytes": 64},
         "conditions": [{"name": "rf1"},
                        {"name": "rf3-acks1", "replication_factor": 3, "min_insync_replicas": 2},
                        {"name": "rf3-acksall", "replication_factor": 3, "min_insync_replicas": 2, "acks": "all"}]}
        """);
    Path out = tmp.resolve("cluster");
    List<Long> pids = new ArrayList<>();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    CampaignRunner runner = new CampaignRunner(Path.of("").toAbsolutePath(), null,
        new PrintStream(err, true, StandardCharsets.UTF_8), false)
        .scratchRoot(tmp.resolve("scratch")).instrumentWarmupEvents(500)
        .listener(new CampaignRunner.Listener() {
          @Override
          public void runStarting(Plan.ScheduledRun run, KafkaRun.BrokerHandle broker) {
            synchronized (pids) {
              if (pids.isEmpty()) {
                pids.addAll(broker.pids());
              }
            }
          }
        });
    try {
      runner.run(planFile, out);
    } catch (CampaignRunner.InstrumentException e) {
      String log = err.toString(StandardCharsets.UTF_8);
      assumeTrue(!e.getMessage().contains("did not start"),
          () -> "skipped: this machine could not start a cluster of three brokers in its time budget: "
          + e.getMessage());
      throw new AssertionError(log, e);
    }
    String log = err.toString(StandardCharsets.UTF_8);
    assertThat(log).contains("starting a local Kafka cluster of 3 brokers", "the cluster served after");
    assertThat(pids).as("three broker processes").hasSize(3).doesNotHaveDuplicates();
    for (long pid : pids) {
      assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))
          .as("broker pid " + pid + " after the campaign")
          .isFalse();
    }

    List<Map<String, String>> rows = Ledger.open(out.resolve("ledger.csv")).rows();
    assertThat(rows).as(log).hasSize(3);
    for (Map<String, String> row : rows) {
      assumeTrue(row.get("status").equals("ok") || !HarnessIT.STARVED.matcher(row.get("reason")).find(),
          () -> "skipped: host too busy for the instrument, run " + row.get("run_id") + " " + row.get("status")
              + " (" + row.get("reason") + ")");
    }
    for (Map<String, String> row : rows) {
      String id = row.get("run_id") + " " + row.get("condition");
      assertThat(row.get("status")).as(id + " " + row.get("reason")).isEqualTo("ok");
      assertThat(row.get("brokers")).as(id).isEqualTo("3");
      assertThat(row.get("cluster_network")).as(id).isEqualTo("loopback-addresses");
      assertThat(row.get("broker_start_ms")).as(id + ": the cluster's start, recorded with every run it served")
          .matches("[1-9][0-9]*");
      assertThat(row.get("isr_changed")).as(id).isIn("yes", "no");
      assertThat(row.get("leader_broker")).as(id).matches("[123]");
      boolean replicated = !row.get("condition").equals("rf1");
      assertThat(row.get("replication_factor")).as(id).isEqualTo(replicated ? "3" : "1");
      assertThat(row.get("min_insync_replicas")).as(id).isEqualTo(replicated ? "2" : "1");
      assertThat(row.get("acks")).as(id).isEqualTo(row.get("condition").equals("rf3-acksall") ? "all" : "1");
      if (replicated) {
        assertThat(row.get("isr_start")).as(id).isEqualTo("1+2+3");
      } else {
        assertThat(row.get("isr_start")).as(id).isEqualTo(row.get("leader_broker"));
      }
      if (row.get("isr_changed").equals("no")) {
        assertThat(row.get("isr_end")).as(id).isEqualTo(row.get("isr_start"));
      }
      assertThat(Files.exists(out.resolve(row.get("events_file")))).as(id).isTrue();
    }
  }
}
