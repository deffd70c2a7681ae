package ftl.harness.run;

import ftl.harness.plan.Condition;
import ftl.harness.replay.SendSchedule;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;

/**
 * The pacing thread's body ({@link KafkaRun#SEND_THREAD}): warm-up sends, a wait for the warm-up's acknowledgments
 * and deliveries, then the measured sends on their own schedule (one every {@code send_interval}, or a replay
 * {@link SendSchedule}), aligned to the planned wall-clock phase when the condition names one. Every time it reads
 * comes from the injected clocks (the pacer's, the book's, and the pair read for the alignment), so the body runs
 * in a test on a {@code MockProducer} and a simulated clock.
 */
final class Sender implements Runnable {
  /** Lead of the first send after the schedule is fixed. */
  static final long LEAD_NANOS = 2_000_000L;
  /** Longest wait for the warm-up's acknowledgments and deliveries before the measured sends. */
  static final long WARMUP_DRAIN_NANOS = TimeUnit.SECONDS.toNanos(10);

  private final Condition condition;
  private final SendSchedule schedule;
  private final Producer<byte[], byte[]> producer;
  private final String topic;
  private final StampBook book;
  private final RunState state;
  private final Pacer pacer;
  private final MonotonicClock nanoClock;
  private final WallClock wallMicros;
  private final Runnable onStart;

  /**
   * @param schedule the replay schedule of the measured sends, null = one every {@code send_interval}
   * @param pacer waits until each send is due
   * @param nanoClock the monotonic clock of the alignment and the warm-up wait (the book's own)
   * @param wallMicros the wall clock read beside it for the alignment
   * @param onStart run first on the pacing thread (tightens its timer slack in production)
   */
  Sender(Condition condition, SendSchedule schedule, Producer<byte[], byte[]> producer, String topic, StampBook book,
         RunState state, Pacer pacer, MonotonicClock nanoClock, WallClock wallMicros, Runnable onStart) {
    this.condition = condition;
    this.schedule = schedule;
    this.producer = producer;
    this.topic = topic;
    this.book = book;
    this.state = state;
    this.pacer = pacer;
    this.nanoClock = nanoClock;
    this.wallMicros = wallMicros;
    this.onStart = onStart;
  }

  /** One completion callback per slot, allocated before the run so the send path allocates none of ours. */
  private static final class AckCallback implements Callback {
    private final StampBook book;
    private final int slot;

    AckCallback(StampBook book, int slot) {
      this.book = book;
      this.slot = slot;
    }

    @Override
    public void onCompletion(RecordMetadata metadata, Exception exception) {
      book.stampAck(slot, exception);
    }
  }

  @Override
  public void run() {
    onStart.run();
    byte[] value = new byte[condition.payloadBytes()];
    for (int i = 0; i < value.length; i++) {
      value[i] = (byte) ('a' + i % 26);
    }
    AckCallback[] callbacks = new AckCallback[book.slots()];
    for (int s = 0; s < callbacks.length; s++) {
      callbacks[s] = new AckCallback(book, s);
    }
    long interval = condition.sendIntervalNanos();
    long offsetUs = condition.clockOffsetMicros();
    boolean explicit = condition.explicitCreateTime();
    try {
      int warmup = book.warmup();
      if (warmup > 0) {
        long start = nanoClock.nowNanos() + LEAD_NANOS;
        for (int s = 0; s < warmup && !state.stopSending; s++) {
          ProducerRecord<byte[], byte[]> rec = new ProducerRecord<>(topic, KafkaRun.key(book.seqOf(s)), value);
          long due = Pacer.intendedNanos(start, s, interval);
          pacer.awaitNanos(due);
          book.stampSend(s, due);
          producer.send(explicit ? KafkaRun.offsetRecord(rec, book.sendMicrosAt(s), offsetUs) : rec, callbacks[s]);
        }
        long deadline = nanoClock.nowNanos() + WARMUP_DRAIN_NANOS;
        while (!state.stopSending && (book.received() < warmup || book.acked() + book.ackErrors() < warmup)
            && nanoClock.nowNanos() < deadline) {
          Thread.sleep(1);
        }
      }
      long start = measuredStart();
      for (int seq = 0; seq < book.events() && !state.stopSending; seq++) {
        int s = warmup + seq;
        ProducerRecord<byte[], byte[]> rec = new ProducerRecord<>(topic, KafkaRun.key(seq), value);
        long due = schedule == null ? Pacer.intendedNanos(start, seq, interval) : Pacer.scheduledNanos(start, schedule, seq);
        pacer.awaitNanos(due);
        book.stampSend(s, due);
        producer.send(explicit ? KafkaRun.offsetRecord(rec, book.sendMicrosAt(s), offsetUs) : rec, callbacks[s]);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      state.clientError = "sender interrupted";
    } catch (RuntimeException e) {
      state.clientError = "send failed: " + KafkaRun.oneLine(e);
    }
  }

  /**
   * Monotonic time of the first measured send: {@link #LEAD_NANOS} from now, at the planned wall-clock phase when
   * the condition names one. A (monotonic, wall) pair read close together: a preemption between the two reads
   * would shift the aligned phase by its length, so keep the tightest of a few tries and use the midpoint.
   */
  long measuredStart() {
    long nowNs = 0;
    long nowUs = 0;
    long best = Long.MAX_VALUE;
    for (int k = 0; k < 5; k++) {
      long a = nanoClock.nowNanos();
      long us = wallMicros.nowMicros();
      long b = nanoClock.nowNanos();
      if (b - a < best) {
        best = b - a;
        nowNs = a + (b - a) / 2;
        nowUs = us;
      }
    }
    return condition.startPhaseMicros().isPresent()
        ? KafkaRun.alignedStartNanos(nowNs, nowUs, condition.startPhaseMicros().getAsInt(), LEAD_NANOS)
        : nowNs + LEAD_NANOS;
  }
}
