package ftl.harness.run;

import ftl.data.Event;
import ftl.data.LedgerCells;
import ftl.data.LedgerSchema;
import ftl.harness.host.HostCounters;
import ftl.harness.host.JvmPriority;
import ftl.harness.host.ProcFs;
import ftl.harness.plan.Condition;
import ftl.harness.plan.Plan;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * One run on a Kafka cluster: a fresh topic, one producer and one consumer in this JVM, the condition's
 * manipulations applied to the two stamping threads and read back, warm-up sends, measured sends, drain,
 * tear-down. See the package doc of {@code ftl.harness} for the thread layout and the pitfalls.
 *
 * <p>It coordinates; the parts live along their seams: {@link RunClients} (the resources of a run and their
 * tear-down), {@link ThreadPlacement} (thread placement and the manipulations, owning the {@code *_applied}
 * columns), {@link Sender} and {@link Receiver} (the two thread bodies, on the injected clock), {@link HostCounters}
 * (other processes' CPU), and {@link RunVerdict} (the status, a pure function of the stamp book, the errors and
 * the broker's state, tested without a broker).
 */
public final class KafkaRun {

  /** The broker the run talks to: the embedded one (pid known, can die) or an external cluster. */
  public interface BrokerHandle {
    String bootstrap();

    /** Broker pid, or -1 for an external cluster (not placed, not watched). */
    long pid();

    boolean alive();

    /** Why the broker is not alive (exit code), for the ledger's reason. */
    String death();

    /** Every broker process of an embedded cluster (one for the single broker; none for an external cluster). */
    default List<Long> pids() {
      return pid() > 0 ? List.of(pid()) : List.of();
    }

    /**
     * The local cluster's brokers' own log folders ({@code logs/} holding {@code broker.log}), read after a run for ISR
     * changes; empty for an external cluster, whose logs the instrument cannot read.
     */
    default List<Path> logDirs() {
      return List.of();
    }

    /** The brokers of the cluster: 1 for the single embedded broker, the local cluster's size, 0 when unknown (external). */
    default int brokers() {
      return pid() > 0 ? 1 : 0;
    }

    /** The ledger's {@code cluster_network}: loopback (single embedded broker), loopback-addresses, or external. */
    default String network() {
      return pid() > 0 ? "loopback" : "external";
    }
  }

  /** Producer {@code client.id}; its I/O thread is {@code kafka-producer-network-thread | ftl-p}. */
  public static final String PRODUCER_CLIENT_ID = "ftl-p";
  /** Name of the consumer (receive-stamping) thread; unambiguous as a 15-char {@code comm}. */
  public static final String RECV_THREAD = "ftl-recv";
  /** Name of the pacing (send-stamping) thread. */
  public static final String SEND_THREAD = "ftl-send";
  /** {@code comm} of the producer I/O thread: its Java name truncated to 15 characters by the kernel. */
  public static final String PRODUCER_IO_COMM = "kafka-producer-";

  private static final long DRAIN_IDLE_MILLIS = 5_000;

  private final String runId;
  private final Condition condition;
  private final BrokerHandle broker;
  private final String childClasspath;
  private final ftl.harness.replay.SendSchedule schedule;
  private final MonotonicClock nanoClock;
  private final ftl.harness.plan.StableFlights stableFlights;

  public KafkaRun(String runId, Condition condition, BrokerHandle broker, String childClasspath) {
    this(runId, condition, broker, childClasspath, null);
  }

  /**
   * A run whose warm-up follows the plan's {@code stable_flights} rule ({@code stableFlights}; null = first_sends),
   * its measured sends {@code schedule} (null = one every {@code send_interval}).
   */
  public KafkaRun(String runId, Condition condition, BrokerHandle broker, String childClasspath,
                  ftl.harness.replay.SendSchedule schedule, ftl.harness.plan.StableFlights stableFlights) {
    this(runId, condition, broker, childClasspath, schedule, MonotonicClock.SYSTEM, stableFlights);
  }

  /**
   * A run whose measured sends follow {@code schedule} (send {@code seq} due at {@code start + offset(seq)}) instead of
   * one every {@code send_interval}; null = fixed interval. Warm-up sends are paced every {@code send_interval} either way.
   */
  public KafkaRun(String runId, Condition condition, BrokerHandle broker, String childClasspath,
                  ftl.harness.replay.SendSchedule schedule) {
    this(runId, condition, broker, childClasspath, schedule, MonotonicClock.SYSTEM, null);
  }

  /**
   * As above, every monotonic reading of the run (the stamps, the pacer, the alignment, the drain, the duration)
   * from {@code nanoClock}; production passes {@code System.nanoTime}.
   */
  KafkaRun(String runId, Condition condition, BrokerHandle broker, String childClasspath,
           ftl.harness.replay.SendSchedule schedule, MonotonicClock nanoClock, ftl.harness.plan.StableFlights stableFlights) {
    if (stableFlights != null && stableFlights.maxEvents() != condition.warmupEvents()) {
      throw new IllegalArgumentException("under stable_flights a condition reserves max_events (" + stableFlights.maxEvents()
          + ") warm-up slots, not " + condition.warmupEvents());
    }
    this.stableFlights = stableFlights;
    this.runId = runId;
    this.condition = condition;
    this.broker = broker;
    this.childClasspath = childClasspath;
    this.schedule = schedule;
    this.nanoClock = nanoClock;
    if (schedule != null && schedule.size() < condition.events()) {
      throw new IllegalArgumentException("schedule has " + schedule.size() + " sends, the condition asks for " + condition.events());
    }
  }

  public RunOutcome run() {
    return new Attempt().run();
  }

  /** One execution of the run: its parts as fields, so each step reads what it needs. */
  private final class Attempt {
    private final Instant startedAt = Instant.now();
    private final long t0 = nanoClock.nowNanos();
    private final LedgerCells cells = new LedgerCells();
    private final StampBook book = new StampBook(condition.warmupEvents(), condition.events(), nanoClock, WallClock.SYSTEM);
    private final RunState state = new RunState();
    private final ThreadPlacement placement = new ThreadPlacement(condition, cells);
    private final RunClients clients = new RunClients(condition, broker,
        "ftl-" + runId + "-" + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 16));
    private HostCounters host;

    RunOutcome run() {
      cells.put(LedgerSchema.TOPIC, clients.topic());
      cells.put(LedgerSchema.CLOCK_OFFSET_US, condition.clockOffsetMicros());
      cells.put(LedgerSchema.FETCH_MIN_BYTES, condition.fetchMinBytes());
      cells.put(LedgerSchema.FETCH_MAX_WAIT_MS, condition.fetchMaxWaitMillis());
      cells.put(LedgerSchema.REPLICATION_FACTOR, condition.replicationFactor());
      cells.put(LedgerSchema.MIN_INSYNC_REPLICAS, condition.minInsyncReplicas());
      cells.put(LedgerSchema.BROKERS, broker.brokers() > 0 ? String.valueOf(broker.brokers()) : "");
      cells.put(LedgerSchema.CLUSTER_NETWORK, broker.network());
      String[] rt = JvmPriority.rtThrottling(Path.of("/proc"));
      cells.put(LedgerSchema.SCHED_RT_RUNTIME_US, rt[0]);
      cells.put(LedgerSchema.SCHED_RT_PERIOD_US, rt[1]);
      host = HostCounters.start();
      List<String> refused = List.of();
      String failure = null;
      try {
        placement.placeBroker(broker);
        placement.startLoad(childClasspath);
        clients.open(book, state, nanoClock);
        RunClients.TopicShape shape = clients.shapeAtStart();
        cells.put(LedgerSchema.LEADER_BROKER, shape.leaders());
        cells.put(LedgerSchema.ISR_START, shape.isr());
        if (clients.clusterBrokers() > 0) {
          cells.put(LedgerSchema.BROKERS, clients.clusterBrokers());
        }
        // Whole-JVM priority first (fifo-jvm), then the manipulations on the two stamping threads, each read back.
        placement.applyToJvm();
        placement.applyToStampingThreads(producerIoThread(state.producerTid.get()), consumerThread(state.consumerTid.get()));
        refused = placement.refused();
        if (refused.isEmpty()) {
          sendAndDrain();
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        failure = "interrupted";
      } catch (Exception e) {
        failure = "client error: " + oneLine(e);
      }
      return finish(refused, failure);
    }

    /** The sends on the pacing thread, watched; then the drain: every ack and delivery, or until nothing moves. */
    private void sendAndDrain() throws InterruptedException {
      Pacer pacer = new Pacer(nanoClock, LockSupport::parkNanos, Pacer.DEFAULT_SPIN_NANOS);
      Thread sender = new Thread(new Sender(condition, schedule, clients.producer(), clients.topic(), book, state, pacer,
          nanoClock, WallClock.SYSTEM, () -> state.senderTimerSlack = Pacer.tightenTimerSlack(), stableFlights), SEND_THREAD);
      sender.start();
      while (sender.isAlive()) {
        sender.join(100);
        if (!broker.alive()) {
          state.stopSending = true;
        }
        rescanJvm();
      }
      long sent = book.sentTotal();
      long lastProgress = nanoClock.nowNanos();
      long lastCount = -1;
      while (broker.alive()) {
        long count = book.received() + book.acked() + book.ackErrors();
        if (book.received() >= sent && book.acked() + book.ackErrors() >= sent) {
          break;
        }
        if (count != lastCount) {
          lastCount = count;
          lastProgress = nanoClock.nowNanos();
        } else if (nanoClock.nowNanos() - lastProgress > TimeUnit.MILLISECONDS.toNanos(DRAIN_IDLE_MILLIS)) {
          break;
        }
        Thread.sleep(10);
      }
      rescanJvm();
    }

    private void rescanJvm() {
      if (!placement.rescanJvm()) {
        state.stopSending = true;
      }
    }

    /**
     * The topic's leaders and ISR after the run, and whether they changed: differ from the start, or a local broker
     * logged an ISR change of the topic during the run (a shrink and re-expansion leaves start and end equal).
     */
    private void recordIsrEnd(boolean brokerDied) {
      RunClients.TopicShape start = clients.shapeAtStart();
      if (start == null) {
        return; // the run never got a full ISR: its failure says why
      }
      RunClients.TopicShape end = brokerDied ? null : clients.describe();
      cells.put(LedgerSchema.ISR_END, end == null ? "" : end.isr());
      boolean changed = end == null || !end.equals(start) || clients.loggedIsrChanges() > 0;
      cells.put(LedgerSchema.ISR_CHANGED, changed ? "yes" : "no");
    }

    /** Restores, tears down, records what the run measured and decides its status. */
    private RunOutcome finish(List<String> refused, String failure) {
      boolean brokerDied = !broker.alive();
      String brokerDeath = brokerDied ? broker.death() : null;
      placement.restoreFirst();
      clients.closeClients(brokerDied, state);
      placement.restoreAgain();
      java.util.Set<Long> ours = HostCounters.processTree(-1);
      for (long pid : broker.pids()) {
        ours.addAll(HostCounters.processTree(pid));
      }
      ours.add(placement.loadPid());
      host.end(ours, cells);
      boolean loadDied = placement.stopLoad();
      recordIsrEnd(brokerDied);
      clients.deleteTopic(brokerDied);

      GuardTally tally = GuardTally.of(book);
      PacingLag lag = PacingLag.of(book);
      RunVerdict.Counts counts = RunVerdict.Counts.of(book);
      ftl.stats.Rate burst = PacingLag.burstShare(book, condition.sendIntervalNanos());
      cells.put(LedgerSchema.PACING_BURST_SHARE, burst.defined() ? String.format(Locale.ROOT, "%.6f", burst.value()) : "");
      if (stableFlights != null) {
        cells.put(LedgerSchema.WARMUP_EVENTS, state.warmupSent);
        cells.put(LedgerSchema.WARMUP_CONVERGED, state.warmupConverged ? "yes" : "no");
      }
      cells.put(LedgerSchema.PACER_SPIN_NS, Pacer.DEFAULT_SPIN_NANOS);
      cells.put(LedgerSchema.PACER_TIMERSLACK_NS, state.senderTimerSlack < 0 ? "" : String.valueOf(state.senderTimerSlack));
      cells.put(LedgerSchema.EVENTS_WRITTEN, counts.written());
      cells.put(LedgerSchema.ACKS_MISSING, counts.acksMissing());
      cells.put(LedgerSchema.RECVS_MISSING, counts.recvsMissing());
      cells.put(LedgerSchema.SEND_ERRORS, book.ackErrors());
      cells.put(LedgerSchema.DUPLICATES, book.duplicates());
      cells.put(LedgerSchema.CREATE_MS_MISMATCH, createMismatches(book, condition.clockOffsetMicros()));
      if (book.sent(0)) {
        cells.put(LedgerSchema.FIRST_SEND_PHASE_US, Math.floorMod(book.event(0).sendMicros(), 1000L));
      }
      RunVerdict v = RunVerdict.of(new RunVerdict.Events(refused, brokerDeath, failure, state.clientError,
          state.consumerError.get(), placement.jvmRefused(), placement.notRestored(), loadDied), counts);
      long durationMillis = TimeUnit.NANOSECONDS.toMillis(nanoClock.nowNanos() - t0);
      return new RunOutcome(v.status(), v.reason(), book, tally, lag, startedAt, durationMillis, cells.asMap());
    }
  }

  /**
   * The producer's I/O thread as the manipulations address it: the tid its probe callback read from
   * {@code /proc/thread-self}, which must be named {@link #PRODUCER_IO_COMM}.
   */
  static StampingThread producerIoThread(int tid) {
    return new StampingThread("producer", "producer-io", tid, PRODUCER_IO_COMM);
  }

  /** The consumer thread as the manipulations address it: the tid it read itself, named {@link #RECV_THREAD}. */
  static StampingThread consumerThread(int tid) {
    return new StampingThread("consumer", "consumer", tid, RECV_THREAD);
  }

  /**
   * The record again with its timestamp set explicitly to the emulated producer clock's millisecond,
   * {@link #offsetCreateMillis}: Kafka keeps a producer-set timestamp as the record's CreateTime (topics
   * default to {@code message.timestamp.type=CreateTime}).
   *
   * <p><b>WARNING</b>: one {@code ProducerRecord} allocation (about 40 bytes) between the send stamp and
   * {@code send()}, so it lies inside the flight; it is taken only in clock-offset conditions, which need the
   * send stamp's wall clock before the record can be built.
   */
  static ProducerRecord<byte[], byte[]> offsetRecord(ProducerRecord<byte[], byte[]> rec, long sendMicros, long offsetMicros) {
    return new ProducerRecord<>(rec.topic(), null, offsetCreateMillis(sendMicros, offsetMicros), rec.key(), rec.value());
  }

  /**
   * CreateTime of a record sent at true wall time {@code sendMicros} by a producer whose clock reads
   * {@code offsetMicros} ahead of the true one: {@code floor((sendMicros + offsetMicros) / 1000)}, whole ms.
   */
  public static long offsetCreateMillis(long sendMicros, long offsetMicros) {
    return Math.floorDiv(Math.addExact(sendMicros, offsetMicros), 1000L);
  }

  /**
   * Events whose delivered CreateTime differs from {@code floor((send_us + offset) / 1000)}. With an offset the
   * producer sets it, so any mismatch means Kafka rewrote it; with none it counts the events whose CreateTime
   * (read inside {@code send()}) fell in a later millisecond than the send stamp.
   */
  public static long createMismatches(StampBook book, long offsetMicros) {
    long n = 0;
    for (int seq = 0; seq < book.events(); seq++) {
      if (book.sent(seq)) {
        Event e = book.event(seq);
        if (e.createMillis() != Event.MISSING && e.createMillis() != offsetCreateMillis(e.sendMicros(), offsetMicros)) {
          n++;
        }
      }
    }
    return n;
  }

  /**
   * Monotonic start time whose wall-clock microsecond phase within the millisecond is {@code phaseMicros}, at
   * least {@code leadNanos} after {@code nowNanos}, given a pair of readings {@code (nowNanos, nowMicros)}
   * taken together.
   */
  public static long alignedStartNanos(long nowNanos, long nowMicros, int phaseMicros, long leadNanos) {
    long earliestUs = nowMicros + (leadNanos + 999) / 1000;
    long shift = Math.floorMod(phaseMicros - Math.floorMod(earliestUs, 1000L), 1000L);
    long targetUs = earliestUs + shift;
    return nowNanos + (targetUs - nowMicros) * 1000L;
  }

  static byte[] key(long seq) {
    byte[] k = new byte[8];
    for (int i = 7; i >= 0; i--) {
      k[i] = (byte) seq;
      seq >>>= 8;
    }
    return k;
  }

  static long seqOf(byte[] key) {
    if (key == null || key.length != 8) {
      return Long.MIN_VALUE;
    }
    long v = 0;
    for (int i = 0; i < 8; i++) {
      v = (v << 8) | (key[i] & 0xff);
    }
    return v;
  }

  static String oneLine(Throwable e) {
    StringBuilder out = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      String m = t.getMessage();
      out.append(out.length() == 0 ? "" : " <- ").append(t.getClass().getSimpleName())
          .append(m == null ? "" : ": " + m.replace('\n', ' '));
    }
    return out.toString();
  }

  static String fmt1(double v) {
    return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.1f", v);
  }

  /** The default warm-up rule's word ({@code first_sends}); a plan's own is {@link Plan#warmupRule()}. */
  public static String warmupRule() { return Plan.WARMUP_RULE; }
}
