package ftl.harness.system;

import static ftl.data.ledger.Events.event;
import static org.assertj.core.api.Assertions.assertThat;

import ftl.data.Campaign;
import ftl.data.DataSet;
import ftl.data.ledger.Event;
import ftl.data.ledger.LedgerRow;
import ftl.harness.campaign.CampaignRunner;
import ftl.harness.campaign.Ledger;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.ScannedRun;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
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
         "conditions": [{"name": "s1ms", "send_interval": "1ms"}, {"name": "s750us", "send_interval": "750us",
         "start_phase_us": 300}]}
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
      assertThat(row.get("steal_pct")).as(id).matches(row.get("steal_reported").equals("yes") ? "[0-9]+\\.[0-9]{3}"
          : "");
      assertThat(Long.parseLong(row.get("create_ms_mismatch"))).as(id).isBetween(0L, 300L);
      assertThat(row.get("instrument_warmup_events")).as(id).isEqualTo("500");
      if (row.get("condition").equals("s750us")) {
        // Aligned to 300 us on the wall clock through one paired reading of the two clocks. The alignment is judged on
        // the first send's intended time, as HarnessIT judges its start phase: the achieved send is as late as the
        // pacer (once 944 us, 644 late, beside another integration test), the intended one is not. Its wall phase is
        // send_us moved back by the send's pacing lag (send_ns - intended_ns); it is a few us early when the two clocks
        // drift apart (up to 34 us in the committed RabbitMQ and NATS campaigns), late only when the paired reading
        // was.
        assertThat(row).as(id).containsEntry("start_phase_us", "300");
        assertThat(Integer.parseInt(row.get("first_send_phase_us"))).as(id + " achieved, recorded").isBetween(0, 999);
        assertThat(firstIntendedWallPhase(out.resolve(row.get("events_file")))).as(id + " intended")
            .isBetween(250L, 900L);
      } else {
        assertThat(row).as(id).containsEntry("start_phase_us", "");
      }
    }
    DataSet data = DataSet.scan(tmp, tmp.toString());
    Campaign c = data.campaigns().stream().filter(x -> x.name().equals("it-" + system)).findFirst().orElseThrow();
    assertThat(c.runs()).extracting(LedgerRow::system).containsOnly(system);
    for (LedgerRow row : c.runs()) {
      ScannedRun r = Analysis.scan(c, row);
      assertThat(r.sign().complete()).as(row.runId()).isEqualTo(300);
      assertThat(r.guard().taken()).as(row.runId() + ": every event carries its millisecond stamp").isEqualTo(300);
      assertThat(r.guard().medianFlightNanos()).as(row.runId()).isPositive();
    }
  }

  /** True when this process may set SCHED_FIFO on its threads: CAP_SYS_NICE (bit 23) in its effective set. */
  static boolean canRaisePriority() throws IOException {
    for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
      if (line.startsWith("CapEff:")) {
        return (Long.parseUnsignedLong(line.substring(7).strip(), 16) >>> 23 & 1) == 1;
      }
    }
    return false;
  }

  /**
   * The manipulations on each system's own stamping threads, through the campaign runner on one server: SCHED_FIFO
   * with the split geometry (the client's completion thread on core 0, the delivery thread on the last core), and
   * a second condition with the background load (on RabbitMQ on a stream queue, on NATS with the shared geometry).
   * Each is read back into the Kafka run's columns, the threads named by the comm they had at the probe; without
   * CAP_SYS_NICE the fifo run must be aborted with priority_applied refused, never measured without it. Each run's
   * events are stamped. About 12 s (RabbitMQ, most of it the node's boot) and 5 s (NATS) on an idle 2-core host.
   */
  @ParameterizedTest
  @ValueSource(strings = {"rabbitmq", "nats"})
  @Timeout(240)
  void campaign_manipulationsOnTheStampingThreads_appliedReadBackAndRecorded(String system) throws Exception {
    boolean rabbit = system.equals("rabbitmq");
    Path planFile = tmp.resolve("plan.json");
    Files.writeString(planFile, """
        {"campaign": "it-manip-%s", "system": "%s", "description": "IT: fifo-split, and load (rabbitmq: on a stream)",
         "seed": 3, "warmup": {"events": 50}, "defaults": {"events": 300, "send_interval": "1ms"},
         "conditions": [{"name": "fifo-split", "priority": "fifo", "geometry": "split"},
                        {"name": "second", "load_pct": 30, %s}]}
        """.formatted(system, system, rabbit ? "\"queue_type\": \"stream\"" : "\"geometry\": \"shared\""));
    Path out = tmp.resolve("it-manip-" + system);
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    long t0 = System.nanoTime();
    CampaignRunner.Summary s = new CampaignRunner(Path.of("").toAbsolutePath(), null,
        new PrintStream(err, true, StandardCharsets.UTF_8), false).scratchRoot(tmp.resolve("scratch"))
        .instrumentWarmupEvents(200).run(planFile, out);
    String log = err.toString(StandardCharsets.UTF_8);
    System.out.printf("%s manipulations campaign: %.1f s%n", system, (System.nanoTime() - t0) / 1e9);
    assertThat(s.ran()).as(log).isEqualTo(2);
    Map<String, Map<String, String>> rows = new HashMap<>();
    Ledger.open(out.resolve("ledger.csv")).rows().forEach(r -> rows.put(r.get("condition"), r));
    rows.values()
        .forEach(r -> System.out.printf("%s %s: %s, %s; priority %s, geometry %s, load %s (%s%%); stamp_threads %s%n",
        system, r.get("condition"), r.get("status"), r.get("reason"), r.get("priority_applied"),
        r.get("geometry_applied"),
        r.get("load_applied"), r.get("load_measured_pct"), r.get("stamp_threads")));
    String ackComm = rabbit ? "AMQP Connection" : "ftl-p:\\d+";
    int last = Runtime.getRuntime().availableProcessors() - 1;

    Map<String, String> fifo = rows.get("fifo-split");
    if (canRaisePriority()) {
      assertThat(fifo.get("status")).as(fifo.get("reason")).isEqualTo("ok");
      assertThat(fifo).containsEntry("priority", "fifo").containsEntry("priority_applied", "applied")
          .containsEntry("geometry", "split").containsEntry("geometry_applied", "applied")
          .containsEntry("load_applied", "applied").containsEntry("load_measured_pct", "0.0")
          .containsEntry("events_written", "300").containsEntry("acks_missing", "0")
          .containsEntry("recvs_missing", "0");
      assertThat(fifo.get("stamp_threads"))
          .as("both stamping threads read back as SCHED_FIFO, ack on cpu 0, receive on the last")
          .matches("ack \\[" + ackComm
          + "\\] tid \\d+ SCHED_FIFO/50 cpus 0; receive \\[ftl-recv\\] tid \\d+ SCHED_FIFO/50 cpus " + last);
      assertThat(fifo.get("jvm_threads")).as("no thread of the JVM left real-time by the run before")
          .doesNotContain("SCHED_FIFO");
      assertThat(fifo.get("sched_rt_runtime_us")).matches("-?[0-9]+");
      assertStamped(out, fifo);
    } else {
      assertThat(fifo).as("never measured without its manipulation").containsEntry("status", "aborted")
          .containsEntry("priority_applied", "refused").containsEntry("events_written", "0");
      assertThat(fifo.get("reason")).contains("manipulation refused: priority fifo: ack tid");
    }

    Map<String, String> second = rows.get("second");
    assertThat(second.get("status")).as(second.get("reason")).isEqualTo("ok");
    assertThat(second).containsEntry("priority", "default").containsEntry("priority_applied", "applied")
        .containsEntry("geometry_applied", "applied").containsEntry("load_pct", "30")
        .containsEntry("load_applied", "applied")
        .containsEntry("priority_restored", "nothing to restore (the JVM's threads were not raised)");
    assertThat(Double.parseDouble(second.get("load_measured_pct"))).as("the generator's CPU share per core")
        .isBetween(5.0, 60.0);
    assertThat(second.get("stamp_threads")).matches("ack \\[" + ackComm + "\\] tid \\d+ SCHED_OTHER cpus [0-9,-]+; "
        + "receive \\[ftl-recv\\] tid \\d+ SCHED_OTHER cpus [0-9,-]+");
    if (rabbit) {
      assertThat(second).containsEntry("queue_type", "stream");
      assertThat(second.get("driver_counters")).contains("queue_type=stream").contains("confirms_unknown=0");
      assertThat(fifo).containsEntry("queue_type", "classic");
    } else {
      assertThat(second).containsEntry("queue_type", "").containsEntry("geometry", "shared");
      assertThat(second.get("stamp_threads")).matches(".* cpus " + last + "; .* cpus " + last);
    }
    assertStamped(out, second);
  }

  /** The run's events file: every one of its 300 measured events has its three monotonic stamps, T >= 0. */
  private static void assertStamped(Path campaign, Map<String, String> row) throws IOException {
    assertThat(row).containsEntry("events_written", "300").containsEntry("acks_missing", "0")
        .containsEntry("recvs_missing", "0");
    List<Event> events = new ArrayList<>();
    try (BufferedReader r = new BufferedReader(new InputStreamReader(
        new GZIPInputStream(Files.newInputStream(campaign.resolve(row.get("events_file")))),
        StandardCharsets.US_ASCII))) {
      r.readLine();
      for (String line; (line = r.readLine()) != null; ) {
        String[] c = line.split(",", -1);
        events.add(event(Long.parseLong(c[0]), Long.parseLong(c[1]), Long.parseLong(c[2]), Long.parseLong(c[3]),
            Long.parseLong(c[4]), Long.parseLong(c[5]), Long.parseLong(c[6])));
      }
    }
    assertThat(events).as(row.get("run_id")).hasSize(300).allMatch(Event::complete)
        .allMatch(e -> e.flightNanos() >= 0);
  }

  /** {@code (send_us - (send_ns - intended_ns) / 1000) mod 1000} of the events file's first send (seq 0). */
  static long firstIntendedWallPhase(Path events) throws IOException {
    try (BufferedReader r = new BufferedReader(new InputStreamReader(
        new GZIPInputStream(Files.newInputStream(events)), StandardCharsets.US_ASCII))) {
      assertThat(r.readLine()).as(events.toString()).endsWith(",intended_ns,ack_covered");
      String[] c = r.readLine().split(",", -1);
      assertThat(c[0]).as("the first row is seq 0").isEqualTo("0");
      long lagMicros = Math.floorDiv(Long.parseLong(c[1]) - Long.parseLong(c[7]), 1000L);
      return Math.floorMod(Long.parseLong(c[4]) - lagMicros, 1000L);
    }
  }
}
