package ftl.harness.system;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.data.ledger.Event;
import ftl.data.ledger.LedgerSchema;
import ftl.data.ledger.RunStatus;
import ftl.harness.run.FinishedRun;
import ftl.harness.run.StampBook;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What every system's integration test asserts on a run's stamps (shared by {@link RabbitMqIT}, {@link NatsIT} and
 * {@link KafkaSystemIT}).
 */
final class SystemRunAssertions {
  private SystemRunAssertions() {}

  /**
   * The run is ok; every measured event has send, ack and receive stamps and both wall stamps; on the one monotonic
   * clock every flight is positive and so is every displacement; {@code create_ms} is Kafka's CreateTime between the
   * two wall stamps, and empty on the systems that carry none;
   * the counts agree (each seq delivered once, nothing foreign but the probe).
   */
  static void assertStamps(FinishedRun r, int events) {
    assertThat(r.status()).as("status (reason: %s)", r.reason()).isEqualTo(RunStatus.OK);
    StampBook book = r.book();
    assertThat(book.measuredSent()).isEqualTo(events);
    assertThat(r.counts().acksMissing()).isZero();
    assertThat(r.counts().recvsMissing()).isZero();
    assertThat(book.ackErrors()).isZero();
    assertThat(book.duplicates()).isZero();
    assertThat(book.foreign()).as("the probe alone").isEqualTo(1);
    assertThat(book.received()).isEqualTo(book.slots());
    assertThat(book.acked()).isEqualTo(book.slots());
    for (int seq = 0; seq < events; seq++) {
      Event e = book.event(seq);
      assertThat(e.hasAck()).as("ack of %d", seq).isTrue();
      assertThat(e.hasRecv()).as("receive of %d", seq).isTrue();
      assertThat(e.recvNanos() - e.sendNanos()).as("flight T of %d", seq).isPositive();
      assertThat(e.ackNanos() - e.sendNanos()).as("displacement D of %d", seq).isPositive();
      assertThat(e.recvMicros()).as("recv_us of %d", seq).isGreaterThanOrEqualTo(e.sendMicros());
      // Kafka's CreateTime read inside send(), or the millisecond stamp the body carries (read at publish), both after
      // send_us and before the delivery, on the same wall clock
      assertThat(e.createMillis()).as("create_ms of %d on %s", seq, r.cells().get(LedgerSchema.SYSTEM.name()))
          .isBetween(Math.floorDiv(e.sendMicros(), 1000L), Math.floorDiv(e.recvMicros(), 1000L));
    }
    SpanSummary s = SpanSummary.of(r.book());
    assertThat(s.complete()).isEqualTo(events);
    assertThat(s.flightNegative()).isZero();
    assertThat(s.medianFlightNanos()).isPositive();
  }

  /** The destination the run opened ({@code topic}: the queue, the stream or the topic). */
  static String destination(FinishedRun r) {
    return r.cells().get(LedgerSchema.TOPIC.name());
  }

  /** The driver's counters of the run, read back from its {@code driver_counters} cell ({@code key=value;...}). */
  static Map<String, String> driverCounters(FinishedRun r) {
    Map<String, String> out = new LinkedHashMap<>();
    String all = r.cells().get(LedgerSchema.DRIVER_COUNTERS.name());
    for (String pair : all.isEmpty() ? new String[0] : all.split(";")) {
      int eq = pair.indexOf('=');
      out.put(pair.substring(0, eq), pair.substring(eq + 1));
    }
    return out;
  }
}
