package ftl.harness.system;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.data.ledger.Event;
import ftl.data.ledger.LedgerCells;
import ftl.data.ledger.LedgerSchema;
import ftl.data.ledger.QueueType;
import ftl.data.ledger.RunStatus;
import ftl.harness.plan.Condition;
import ftl.harness.run.FinishedRun;
import ftl.harness.run.StampBook;
import ftl.harness.run.StampingThread;
import ftl.harness.run.ThreadPlacement;
import ftl.verify.BesideOthers;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The system-neutral run loop on an in-memory stand-in system (no server): acknowledgments on one thread, deliveries
 * on another, as a real client does. It checks the loop, not any system: the probe, the warm-up, the book filled, the
 * verdict, and a publish that fails.
 */
@Tag("slow") // starts real RabbitMQ and NATS servers: left out of the quick loop (mvn -Pquick test)
@BesideOthers // paced runs that mostly wait (issue #31)
class SystemRunTest {

  /**
   * Acks every publish on an "io" thread, then delivers it on a "recv" thread; fails publishes from {@code failFrom}.
   */
  static class LoopbackSystem implements MessagingSystem {
    final long failFromSeq;
    /** The server "dies" (alive() turns false) when this seq is published. */
    long dieAtSeq = Long.MAX_VALUE;
    volatile boolean alive = true;
    final ExecutorService io = Executors.newSingleThreadExecutor(r -> new Thread(r, "loopback-io"));
    final ExecutorService recv = Executors.newSingleThreadExecutor(r -> new Thread(r, "loopback-recv"));
    volatile boolean destinationClosed;

    LoopbackSystem(long failFromSeq) {
      this.failFromSeq = failFromSeq;
    }

    @Override
    public SystemName name() { return SystemName.NATS; }

    @Override
    public String clientVersion() { return "client-1"; }

    @Override
    public String serverVersion() { return "server-2"; }

    @Override
    public String endpoint() { return "loopback"; }

    @Override
    public boolean alive() { return alive; }

    @Override
    public Destination open(String runName, int payloadBytes, Completion completion, Delivery delivery) {
      return new Destination() {
        @Override
        public String name() { return "loop-" + runName; }

        @Override
        public void publish(long seq) throws IOException {
          if (seq == dieAtSeq) {
            alive = false;
          }
          if (seq != SystemRun.PROBE_SEQ && seq >= failFromSeq) {
            throw new IOException("connection reset");
          }
          io.execute(() -> {
            completion.completed(seq, null);
            recv.execute(() -> delivery.delivered(seq, Event.MISSING));
          });
        }

        @Override
        public Map<String, String> cells() { return Map.of("loopback", "yes"); }

        @Override
        public void close() { destinationClosed = true; }
      };
    }

    @Override
    public void close() {
      io.shutdown();
      recv.shutdown();
      try {
        io.awaitTermination(5, TimeUnit.SECONDS);
        recv.awaitTermination(5, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  static final SystemRun.Settings FAST = SystemRun.Settings.DEFAULTS.withWarmupEvents(20).withEvents(200)
      .withSendIntervalNanos(100_000L).withPayloadBytes(10);

  @Test
  @Timeout(30)
  void run_loopbackSystem_fillsEveryStampAndIsOk() {
    try (LoopbackSystem sys = new LoopbackSystem(Long.MAX_VALUE)) {
      FinishedRun r = SystemRun.run(sys, "t1", FAST);
      assertThat(r.status()).as(r.reason()).isEqualTo(RunStatus.OK);
      assertThat(r.reason()).isEmpty();
      assertThat(SystemRunAssertions.destination(r)).isEqualTo("loop-t1");
      assertThat(r.cells()).containsEntry(LedgerSchema.SYSTEM.name(), "nats")
          .containsEntry(LedgerSchema.CLIENT_VERSION.name(), "client-1")
          .containsEntry(LedgerSchema.SERVER_VERSION.name(), "server-2");
      assertThat(SystemRunAssertions.driverCounters(r)).containsEntry("loopback", "yes");
      assertThat(r.book().foreign()).as("the probe").isEqualTo(1);
      assertThat(r.book().received()).isEqualTo(220);
      assertThat(r.book().acked()).isEqualTo(220);
      SpanSummary s = SpanSummary.of(r.book());
      assertThat(s.sent()).isEqualTo(200);
      assertThat(s.complete()).isEqualTo(200);
      assertThat(s.flightNegative()).isZero();
      // the delivery is handed on only after the acknowledgment was stamped: no negative A here
      assertThat(s.ackNegative()).isZero();
      assertThat(s.ackNegativeShare()).isZero();
      for (int seq = 0; seq < 200; seq++) {
        Event e = r.book().event(seq);
        assertThat(e.ackNanos()).isGreaterThanOrEqualTo(e.sendNanos());
        assertThat(e.recvNanos()).isGreaterThanOrEqualTo(e.ackNanos());
        if (seq > 0) {
          assertThat(r.book().intendedNanos(seq) - r.book().intendedNanos(seq - 1)).isEqualTo(100_000L);
        }
      }
      assertThat(sys.destinationClosed).isTrue();
    }
  }

  @Test
  @Timeout(30)
  void run_publishFailsMidRun_isFailedWithTheReasonAndTheCounts() {
    try (LoopbackSystem sys = new LoopbackSystem(50)) {
      FinishedRun r = SystemRun.run(sys, "t2", FAST);
      assertThat(r.status()).isEqualTo(RunStatus.FAILED);
      assertThat(r.reason()).contains("publish failed: IOException: connection reset");
      // the send of seq 50 was stamped before its publish failed: no ack, no delivery
      assertThat(r.counts().written()).isEqualTo(51);
      assertThat(r.counts().acksMissing()).isEqualTo(1);
      assertThat(r.counts().recvsMissing()).isEqualTo(1);
      assertThat(SpanSummary.of(r.book()).complete()).isEqualTo(50);
    }
  }

  @Test
  @Timeout(30)
  void run_serverDiesMidRun_stopsSendingAndIsFailedNamingIt() {
    try (LoopbackSystem sys = new LoopbackSystem(Long.MAX_VALUE)) {
      sys.dieAtSeq = 100;
      // 20,000 sends every 100 us would take 2 s; the coordinator sees the death within about 100 ms
      FinishedRun r = SystemRun.run(sys, "t3", FAST.withEvents(20_000));
      assertThat(r.status()).isEqualTo(RunStatus.FAILED);
      assertThat(r.reason()).contains("nats server is gone");
      assertThat(r.counts().written()).isGreaterThan(100).isLessThan(20_000);
    }
  }

  @Test
  @Timeout(30)
  void run_withPlacement_stampingThreadsFromTheProbeAppliedAndRecorded() {
    try (LoopbackSystem sys = new LoopbackSystem(Long.MAX_VALUE)) {
      LedgerCells cells = new LedgerCells();
      ThreadPlacement placement = new ThreadPlacement(
          Condition.named("c").build(), cells);
      FinishedRun r = SystemRun.run(sys, "t4", FAST, placement);
      assertThat(r.status()).as(r.reason()).isEqualTo(RunStatus.OK);
      assertThat(r.threads().ack().comm()).as("the thread that acknowledged the probe").isEqualTo("loopback-io");
      assertThat(r.threads().recv().comm()).as("the thread that delivered it").isEqualTo("loopback-recv");
      assertThat(r.threads().ack().tid()).isPositive().isNotEqualTo(r.threads().recv().tid());
      assertThat(cells.get(LedgerSchema.PRIORITY_APPLIED)).isEqualTo("applied");
      assertThat(cells.get(LedgerSchema.GEOMETRY_APPLIED)).isEqualTo("applied");
      assertThat(cells.get(LedgerSchema.STAMP_THREADS)).matches("ack \\[loopback-io\\] tid " + r.threads().ack().tid()
          + " SCHED_OTHER cpus [0-9,-]+; receive \\[loopback-recv\\] tid " + r.threads().recv().tid()
          + " SCHED_OTHER cpus [0-9,-]+");
      assertThat(cells.get(LedgerSchema.JVM_THREADS)).contains("SCHED_OTHER");
      assertThat(cells.get(LedgerSchema.PRIORITY_RESTORED)).startsWith("nothing to restore");
      assertThat(r.book().received()).isEqualTo(220);
    }
  }

  @Test
  @Timeout(30)
  void run_probeAckedOnThePublishingThread_ackThreadUnknownAndPlacementAborts() {
    // a client that completes a publish before it returns (as jnats' future does when the PubAck came first)
    MessagingSystem synchronous = new LoopbackSystem(Long.MAX_VALUE) {
      @Override
      public Destination open(String runName, int payloadBytes, Completion completion, Delivery delivery) {
        return new Destination() {
          @Override public String name() { return "sync-" + runName; }

          @Override public void publish(long seq) {
            completion.completed(seq, null);
            recv.execute(() -> delivery.delivered(seq, Event.MISSING));
          }

          @Override public Map<String, String> cells() { return Map.of(); }

          @Override public void close() {}
        };
      }
    };
    try (synchronous) {
      FinishedRun quick = SystemRun.run(synchronous, "t5", FAST);
      assertThat(quick.status()).as("the quick look manipulates nothing: " + quick.reason()).isEqualTo(RunStatus.OK);
      assertThat(quick.threads().ack().tid()).isEqualTo(StampingThread.UNKNOWN);
      LedgerCells cells = new LedgerCells();
      FinishedRun r = SystemRun.run(synchronous, "t6", FAST, new ThreadPlacement(
          Condition.named("c").build(), cells));
      assertThat(r.status()).isEqualTo(RunStatus.ABORTED);
      assertThat(r.reason()).startsWith("manipulation refused: stamping threads not identified (ack tid -1 comm null, "
          + "receive tid " + r.threads().recv().tid() + " comm loopback-recv)");
      assertThat(cells.get(LedgerSchema.PRIORITY_APPLIED)).isEqualTo("refused");
      assertThat(r.book().sentTotal()).as("no send after a refusal").isZero();
    }
  }

  @Test
  @Timeout(60)
  void campaignRun_loopbackDefaultCondition_writesTheManipulationColumnsAsKafka() {
    try (LoopbackSystem sys = new LoopbackSystem(Long.MAX_VALUE)) {
      Condition c = Condition.named("c").events(200).warmupEvents(20)
          .sendIntervalNanos(100_000L).build();
      FinishedRun o = SystemCampaignRun.run(sys, "t7", c, System.getProperty("java.class.path"));
      assertThat(o.status()).as(o.reason()).isEqualTo(RunStatus.OK);
      assertThat(o.cells()).containsEntry("priority_applied", "applied").containsEntry("geometry_applied", "applied")
          .containsEntry("load_applied", "applied").containsEntry("load_measured_pct", "0.0")
          .containsEntry("priority_restored", "nothing to restore (the JVM's threads were not raised)")
          .containsEntry("jvm_threads_late", "0").containsKeys("stamp_threads", "jvm_threads", "sched_rt_runtime_us");
      assertThat(o.cells().get("stamp_threads")).startsWith("ack [loopback-io] tid ")
          .contains("; receive [loopback-recv] tid ");
    }
  }

  @Test
  void configuredFor_streamOnASystemThatIsNotRabbitMq_refused() {
    try (LoopbackSystem sys = new LoopbackSystem(Long.MAX_VALUE)) {
      Assertions.assertThatThrownBy(() -> SystemCampaignRun.configuredFor(sys,
              Condition.named("c").queueType(QueueType.STREAM).build()))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("queue_type stream applies to rabbitmq only, not nats");
      assertThat(SystemCampaignRun.configuredFor(sys, Condition.named("c").build())).isSameAs(sys);
    }
  }

  @Test
  void spans_noCompleteEvent_areNaNAndZeroCounts() {
    SpanSummary s = SpanSummary.of(StampBook.system(0, 3));
    assertThat(s.complete()).isZero();
    assertThat(s.medianFlightNanos()).isNaN();
    assertThat(s.ackNegativeShare()).isNaN();
  }

  @Test
  void settings_outOfRange_areRefused() {
    Assertions.assertThatThrownBy(() -> SystemRun.Settings.DEFAULTS.withEvents(0))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("events 0");
  }
}
