package ftl.harness.system;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.data.Campaign;
import ftl.data.DataSet;
import ftl.data.LedgerRow;
import ftl.harness.campaign.CampaignRunner;
import ftl.harness.campaign.Ledger;
import ftl.quantity.Analysis;
import ftl.quantity.RunResult;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A short campaign through {@code ftl campaign run}'s runner on each real server the archive starts (Debian's
 * {@code rabbitmq-server} and {@code nats-server}): two blocks of two conditions, 300 measured events per run, so each
 * block starts its own server. Every ledger row names the system, its client and server versions, and the host's load;
 * the archive's reader and analysis read the campaign back (schema version 7), with the millisecond stamp the body
 * carries as {@code create_ms}, so OpenMessaging Benchmark's guard is replayed on these systems as on Kafka. About 40 s
 * (RabbitMQ, most of it two node boots) and 15 s (NATS) on an idle 2-core host; the timeout is a hang guard.
 */
class SystemCampaignIT {
  @TempDir Path tmp;

  @ParameterizedTest
  @ValueSource(strings = {"rabbitmq", "nats"})
  @Timeout(400)
  void campaign_realServer_twoBlocksEachOnItsOwnServer_readBackByTheAnalysis(String system) throws Exception {
    Path planFile = tmp.resolve("plan.json");
    Files.writeString(planFile, """
        {"campaign": "it-%s", "system": "%s", "description": "IT: 2 blocks x 2 conditions", "seed": 5, "blocks": 2,
         "warmup": {"events": 100},
         "defaults": {"events": 300, "payload_bytes": 100},
         "conditions": [{"name": "s1ms", "send_interval": "1ms"}, {"name": "s750us", "send_interval": "750us", "start_phase_us": 300}]}
        """.formatted(system, system));
    Path out = tmp.resolve("it-" + system);
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    CampaignRunner.Summary s = new CampaignRunner(Path.of("").toAbsolutePath(), null,
        new PrintStream(err, true, StandardCharsets.UTF_8), false).scratchRoot(tmp.resolve("scratch"))
        .instrumentWarmupEvents(500).run(planFile, out);
    String log = err.toString(StandardCharsets.UTF_8);
    assertThat(s.ran()).as(log).isEqualTo(4);
    assertThat(log.split("starting the " + system + " server", -1)).as("one server per block: " + log).hasSize(3);
    List<Map<String, String>> rows = Ledger.open(out.resolve("ledger.csv")).rows();
    assertThat(rows).as(log).hasSize(4).allMatch(r -> r.get("status").equals("ok"));
    for (Map<String, String> row : rows) {
      String id = row.get("run_id");
      assertThat(row).as(id).containsEntry("system", system).containsEntry("instrument", system)
          .containsEntry("events_written", "300").containsEntry("acks", "").containsEntry("kafka_version", "");
      assertThat(row.get("client_version")).as(id).isEqualTo(system.equals("nats") ? "2.21.1" : "5.37.1");
      assertThat(row.get("server_version")).as(id).isEqualTo(system.equals("nats") ? "2.9.10" : "3.10.8");
      assertThat(row.get("broker_lifetime")).as(id).isEqualTo(row.get("block"));
      assertThat(row.get("bootstrap")).as(id).isEqualTo("embedded");
      assertThat(row.get("driver_counters")).as(id).isNotEmpty();
      assertThat(row.get("other_cpu_pct")).as(id).matches("[0-9]+\\.[0-9]");
      assertThat(row.get("steal_pct")).as(id).matches("[0-9]+\\.[0-9]{3}");
      assertThat(Long.parseLong(row.get("create_ms_mismatch"))).as(id).isBetween(0L, 300L);
      assertThat(row.get("instrument_warmup_events")).as(id).isEqualTo("500");
      if (row.get("condition").equals("s750us")) {
        // aligned to 300 us on the wall clock through one paired reading of the two clocks, so the send lands a few us
        // early when they drift apart and late when the pacer is (an idle host: a few us; a starved one: hundreds)
        assertThat(row).as(id).containsEntry("start_phase_us", "300");
        assertThat(Integer.parseInt(row.get("first_send_phase_us"))).as(id).isBetween(280, 900);
      } else {
        assertThat(row).as(id).containsEntry("start_phase_us", "");
      }
    }
    DataSet data = DataSet.scan(tmp, tmp.toString());
    Campaign c = data.campaigns().stream().filter(x -> x.name().equals("it-" + system)).findFirst().orElseThrow();
    assertThat(c.runs()).extracting(LedgerRow::system).containsOnly(system);
    for (LedgerRow row : c.runs()) {
      RunResult r = Analysis.scan(c, row);
      assertThat(r.sign().complete()).as(row.runId()).isEqualTo(300);
      assertThat(r.guard().taken()).as(row.runId() + ": every event carries its millisecond stamp").isEqualTo(300);
      assertThat(r.guard().medianFlightNanos()).as(row.runId()).isPositive();
    }
  }
}
