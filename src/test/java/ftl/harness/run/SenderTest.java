package ftl.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.harness.plan.Condition;
import ftl.harness.plan.PlanParser;
import ftl.harness.plan.StableFlights;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

/**
 * The pacing thread's body without a broker or a sleep: Kafka's {@code MockProducer} acknowledges each send at
 * once and the test delivers it to the book; the clock is simulated (each monotonic read advances it 100 ns, the
 * pacer's park advances it by the time asked), the wall clock reads it with a fixed offset.
 */
class SenderTest {
  /** Wall clock minus monotonic clock, microseconds: a wall phase of 567 us at monotonic 0. */
  private static final long WALL_BASE_MICROS = 1_700_000_000_000_567L;

  private final AtomicLong now = new AtomicLong(5_000_000_000L);

  private long nanos() {
    return now.addAndGet(100);
  }

  private long wallMicros() {
    return now.get() / 1000 + WALL_BASE_MICROS;
  }

  private Pacer pacer() {
    return new Pacer(this::nanos, n -> now.addAndGet(n), 0);
  }

  private static Condition condition(String extra) {
    String json = "{\"campaign\": \"t\", \"seed\": 1, \"warmup\": {\"rule\": \"first_sends\", \"events\": 3},"
        + " \"conditions\": [{\"name\": \"c\", \"send_interval\": \"1ms\", \"events\": 6, \"payload_bytes\": 16"
        + extra + "}]}";
    return PlanParser.parse("plan.json", json.getBytes(StandardCharsets.UTF_8)).conditions().get(0);
  }

  /** A producer that acknowledges every send at once and delivers it to the book; throws on seq {@code failSeq}. */
  private static MockProducer<byte[], byte[]> producer(StampBook book, long failSeq) {
    return new MockProducer<>(true, null, new ByteArraySerializer(), new ByteArraySerializer()) {
      @Override
      public synchronized Future<RecordMetadata> send(ProducerRecord<byte[], byte[]> record, Callback callback) {
        long seq = KafkaRun.seqOf(record.key());
        if (seq == failSeq) {
          throw new IllegalStateException("broker gone");
        }
        Future<RecordMetadata> f = super.send(record, callback);
        book.stampRecv(seq, record.timestamp() == null ? 0 : record.timestamp());
        return f;
      }
    };
  }

  @Test
  void run_alignedCondition_sendsWarmupThenMeasuredOnTheGridAtThePlannedPhase() {
    Condition c = condition(", \"start_phase_us\": 300");
    StampBook book = new StampBook(c.warmupEvents(), c.events(), this::nanos, this::wallMicros);
    RunState state = new RunState();
    AtomicBoolean started = new AtomicBoolean();
    new Sender(c, null, producer(book, Long.MAX_VALUE), "topic", book, state, pacer(), this::nanos, this::wallMicros,
        () -> started.set(true)).run();
    assertThat(started).isTrue();
    assertThat(state.clientError).isNull();
    assertThat(book.sentTotal()).isEqualTo(9);
    assertThat(book.measuredSent()).isEqualTo(6);
    assertThat(book.acked()).isEqualTo(9);
    assertThat(book.received()).isEqualTo(9);
    long first = book.intendedNanos(0);
    for (int seq = 0; seq < 6; seq++) {
      assertThat(book.intendedNanos(seq) - first).as("seq " + seq).isEqualTo(seq * 1_000_000L);
      assertThat(book.event(seq).sendNanos()).as("sent at or after its due time")
          .isGreaterThanOrEqualTo(book.intendedNanos(seq));
    }
    long phase = Math.floorMod(first / 1000 + WALL_BASE_MICROS, 1000L);
    assertThat(phase).as("wall phase of the first intended send").isBetween(299L, 301L);
  }

  @Test
  void run_stopSendingBeforeTheStart_sendsNothing() {
    Condition c = condition("");
    StampBook book = new StampBook(c.warmupEvents(), c.events(), this::nanos, this::wallMicros);
    RunState state = new RunState();
    state.stopSending = true;
    new Sender(c, null, producer(book, Long.MAX_VALUE), "topic", book, state, pacer(), this::nanos, this::wallMicros,
        () -> { }).run();
    assertThat(book.sentTotal()).isZero();
    assertThat(state.clientError).isNull();
  }

  @Test
  void run_sendThrows_stopsAndRecordsTheClientError() {
    Condition c = condition("");
    StampBook book = new StampBook(c.warmupEvents(), c.events(), this::nanos, this::wallMicros);
    RunState state = new RunState();
    new Sender(c, null, producer(book, 3), "topic", book, state, pacer(), this::nanos, this::wallMicros, () -> { })
        .run();
    assertThat(state.clientError).startsWith("send failed: IllegalStateException: broker gone");
    assertThat(book.measuredSent()).as("seq 3 was stamped before its send() threw").isEqualTo(4);
    RunVerdict v = RunVerdict.of(new RunVerdict.Events(List.of(), null, null, state.clientError, null, null,
        List.of(), false), RunVerdict.Counts.of(book));
    assertThat(v.reason()).startsWith("client error: send failed").contains("short: 4 of 6 events sent");
  }

  @Test
  void measuredStart_noPhase_isTheLeadAfterNow() {
    Condition c = condition("");
    StampBook book = new StampBook(c.warmupEvents(), c.events(), this::nanos, this::wallMicros);
    long before = now.get();
    long start = new Sender(c, null, producer(book, Long.MAX_VALUE), "topic", book, new RunState(), pacer(),
        this::nanos,
        this::wallMicros, () -> { }).measuredStart();
    assertThat(start - before).isBetween(Sender.LEAD_NANOS, Sender.LEAD_NANOS + 2_000);
  }

  private static Condition stableCondition(int max) {
    String json = "{\"campaign\": \"t\", \"seed\": 1, \"warmup\": {\"rule\": \"stable_flights\", \"window\": 10,"
        + " \"tolerance_us\": 1, \"min_events\": 30, \"max_events\": " + max + "},"
        + " \"conditions\": [{\"name\": \"c\", \"send_interval\": \"1ms\", \"events\": 6, \"payload_bytes\": 16}]}";
    return PlanParser.parse("plan.json", json.getBytes(StandardCharsets.UTF_8)).conditions().get(0);
  }

  private static StableFlights rule(int max) {
    return new StableFlights(10, 1.0, 30, max);
  }

  @Test
  void run_stableFlightsSteady_warmupEndsAtTheFirstStableWindowFromMinEvents() {
    Condition c = stableCondition(200);
    StampBook book = new StampBook(c.warmupEvents(), c.events(), this::nanos, this::wallMicros);
    RunState state = new RunState();
    new Sender(c, null, producer(book, Long.MAX_VALUE), "topic", book, state, pacer(), this::nanos, this::wallMicros,
        () -> { }, rule(200)).run();
    assertThat(state.clientError).isNull();
    // every warm-up send is delivered inside send(), so each window is judged at once: windows end at 10, 20, 30
    // sends, equal medians, and min_events = 30 makes the third window the first that may end the warm-up
    assertThat(state.warmupSent).isEqualTo(30);
    assertThat(state.warmupConverged).isTrue();
    assertThat(book.sentTotal()).isEqualTo(36);
    assertThat(book.measuredSent()).isEqualTo(6);
    for (int slot = 1; slot < 30; slot++) {
      assertThat(book.intendedNs[slot] - book.intendedNs[slot - 1]).as("warm-up paced like measured sends")
          .isEqualTo(1_000_000L);
    }
  }

  @Test
  void run_stableFlightsAlternating_warmupEndsAtMaxEventsNotConverged() {
    Condition c = stableCondition(200);
    StampBook book = new StampBook(c.warmupEvents(), c.events(), this::nanos, this::wallMicros);
    RunState state = new RunState();
    // every other window's flights are 1 ms longer: no two consecutive medians agree
    MockProducer<byte[], byte[]> p = new MockProducer<>(true, null, new ByteArraySerializer(),
        new ByteArraySerializer()) {
      @Override
      public synchronized Future<RecordMetadata> send(ProducerRecord<byte[], byte[]> record, Callback callback) {
        long seq = KafkaRun.seqOf(record.key());
        Future<RecordMetadata> f = super.send(record, callback);
        if (seq < 0 && ((seq + 200) / 10) % 2 == 1) {
          now.addAndGet(1_000_000);
        }
        book.stampRecv(seq, record.timestamp() == null ? 0 : record.timestamp());
        return f;
      }
    };
    new Sender(c, null, p, "topic", book, state, pacer(), this::nanos, this::wallMicros, () -> { }, rule(200)).run();
    assertThat(state.warmupSent).isEqualTo(200);
    assertThat(state.warmupConverged).isFalse();
    assertThat(book.measuredSent()).isEqualTo(6);
  }

  @Test
  void new_bookNotSizedForTheRule_refused() {
    Condition c = stableCondition(200);
    StampBook book = new StampBook(100, c.events(), this::nanos, this::wallMicros);
    Assertions.assertThatThrownBy(() -> new Sender(c, null, producer(book, Long.MAX_VALUE), "topic", book,
        new RunState(), pacer(), this::nanos, this::wallMicros, () -> { }, rule(200)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("max_events is 200");
  }
}
