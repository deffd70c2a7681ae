package ftl.harness.run;

import ftl.harness.plan.Condition;
import ftl.harness.plan.StableFlights;
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
  private final StableFlights stableFlights;

  /** As below, under the {@code first_sends} warm-up rule. */
  Sender(Condition condition, SendSchedule schedule, Producer<byte[], byte[]> producer, String topic, StampBook book,
         RunState state, Pacer pacer, MonotonicClock nanoClock, WallClock wallMicros, Runnable onStart) {
    this(condition, schedule, producer, topic, book, state, pacer, nanoClock, wallMicros, onStart, null);
  }

  /**
   * @param schedule the replay schedule of the measured sends, null = one every {@code send_interval}
   * @param pacer waits until each send is due
   * @param nanoClock the monotonic clock of the alignment and the warm-up wait (the book's own)
   * @param wallMicros the wall clock read beside it for the alignment
   * @param onStart run first on the pacing thread (tightens its timer slack in production)
   * @param stableFlights the {@code stable_flights} warm-up rule, whose {@code max_events} are the book's warm-up
   *                      slots; null = {@code first_sends}, every warm-up slot sent
   */
  Sender(Condition condition, SendSchedule schedule, Producer<byte[], byte[]> producer, String topic, StampBook book,
         RunState state, Pacer pacer, MonotonicClock nanoClock, WallClock wallMicros, Runnable onStart,
         StableFlights stableFlights) {
    if (stableFlights != null && stableFlights.maxEvents() != book.warmup()) {
      throw new IllegalArgumentException("the book reserves " + book.warmup()
          + " warm-up slots, the rule's max_events is "
          + stableFlights.maxEvents());
    }
    this.stableFlights = stableFlights;
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
        int sent = stableFlights == null ? warmupFirstSends(start, value, callbacks, interval, offsetUs, explicit)
            : warmupStableFlights(start, value, callbacks, interval, offsetUs, explicit);
        state.warmupSent = sent;
        long deadline = nanoClock.nowNanos() + WARMUP_DRAIN_NANOS;
        while (!state.stopSending && (book.received() < sent || book.acked() + book.ackErrors() < sent)
            && nanoClock.nowNanos() < deadline) {
          Thread.sleep(1);
        }
      }
      long start = measuredStart();
      for (int seq = 0; seq < book.events() && !state.stopSending; seq++) {
        int s = warmup + seq;
        ProducerRecord<byte[], byte[]> rec = new ProducerRecord<>(topic, KafkaRun.key(seq), value);
        long due = schedule == null ? Pacer.intendedNanos(start, seq, interval)
            : Pacer.scheduledNanos(start, schedule, seq);
        pacer.awaitNanos(due);
        book.stampSend(s, due);
        producer.send(explicit ? KafkaRun.offsetRecord(rec, book.sendMicrosAt(s), offsetUs) : rec, callbacks[s]);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      state.clientError = "sender interrupted";
    } catch (RuntimeException e) {
      state.clientError = "send failed: " + RunLoop.oneLine(e);
    }
  }

  /** The first_sends warm-up: every warm-up slot, paced; returns the sends made. */
  private int warmupFirstSends(long start, byte[] value, AckCallback[] callbacks, long interval, long offsetUs,
      boolean explicit) {
    int s = 0;
    for (; s < book.warmup() && !state.stopSending; s++) {
      send(s, Pacer.intendedNanos(start, s, interval), value, callbacks, offsetUs, explicit);
    }
    return s;
  }

  /**
   * The stable_flights warm-up ({@link ftl.harness.plan.StableFlights}): warm-up sends paced every
   * {@code send_interval} without a break, each complete window judged by the rule as soon as all its sends are
   * delivered, at the latest when the next window's last send is made (on the flights delivered by then), and after
   * {@code max_events} sends once the last window is delivered or the warm-up drain time has passed. Returns the
   * warm-up sends made (at least the rule's end point) and leaves the decision in {@link RunState}.
   */
  private int warmupStableFlights(long start, byte[] value, AckCallback[] callbacks, long interval, long offsetUs,
                                  boolean explicit) throws InterruptedException {
    StableFlights.Decider rule = stableFlights.decider();
    int w = stableFlights.window();
    int max = stableFlights.maxEvents();
    long[] scratch = new long[w];
    int s = 0;
    long lastDrainWait = -1;
    long lastScanReceived = -1;
    while (!state.stopSending) {
      int judged = rule.windowsJudged();
      int end = rule.ended() ? rule.endSends() : max;
      if (!rule.ended() && (long) (judged + 1) * w <= s) {
        // window `judged` is complete: judge it when delivered, or when it is due anyway
        int from = judged * w;
        long received = book.received();
        // at the latest once the next window's last send is made; after max_events, once delivered or after the drain
        // time
        boolean due = s >= from + 2L * w;
        if (!due && received >= from + (long) w && received != lastScanReceived) {
          lastScanReceived = received;
          due = book.warmupDelivered(from, w) == w;
        }
        if (s >= max && !due) {
          due = book.warmupDelivered(from, w) == w;
        }
        if (s >= max && !due) {
          if (lastDrainWait < 0) {
            lastDrainWait = nanoClock.nowNanos() + WARMUP_DRAIN_NANOS;
          }
          if (nanoClock.nowNanos() < lastDrainWait) {
            Thread.sleep(1);
            continue;
          }
          due = true;
        }
        if (due) {
          rule.window(book.warmupMedianFlightNanos(from, w, scratch));
          continue;
        }
      }
      if (s >= end) {
        break;
      }
      send(s, Pacer.intendedNanos(start, s, interval), value, callbacks, offsetUs, explicit);
      s++;
    }
    state.warmupConverged = rule.ended() && rule.converged();
    return s;
  }

  /** One send of slot {@code s}, due at {@code due}: the record built, the pacer awaited, the stamp, {@code send()}. */
  private void send(int s, long due, byte[] value, AckCallback[] callbacks, long offsetUs, boolean explicit) {
    ProducerRecord<byte[], byte[]> rec = new ProducerRecord<>(topic, KafkaRun.key(book.seqOf(s)), value);
    pacer.awaitNanos(due);
    book.stampSend(s, due);
    producer.send(explicit ? KafkaRun.offsetRecord(rec, book.sendMicrosAt(s), offsetUs) : rec, callbacks[s]);
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
