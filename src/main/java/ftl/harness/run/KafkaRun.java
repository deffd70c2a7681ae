package ftl.harness.run;

import ftl.data.ledger.Event;
import ftl.data.ledger.LedgerCells;
import ftl.data.ledger.LedgerSchema;
import ftl.harness.host.HostCounters;
import ftl.harness.plan.Condition;
import ftl.harness.plan.StableFlights;
import ftl.harness.replay.SendSchedule;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * One run on a Kafka cluster: Kafka's driver of the one {@link RunLoop} (a fresh topic, one producer and one consumer
 * in this JVM), the loop doing what every system's run does (the manipulations applied to the two stamping threads
 * and read back, warm-up and measured sends, drain, the host's counters, the verdict). See the package doc of
 * {@code ftl.harness} for the thread layout and the pitfalls.
 *
 * <p>Kafka's parts live along their seams: {@link RunClients} (the resources of a run, the topic's shape and ISR wait,
 * and their tear-down), {@link Sender} and {@link Receiver} (the two thread bodies, on the injected clock, with the
 * producer's and the consumer's settings); the loop's parts are shared: {@link ThreadPlacement} (thread placement and
 * the manipulations, owning the {@code *_applied} columns), {@link HostCounters} (other processes' CPU) and
 * {@link RunVerdict} (the status, a pure function of the stamp book, the errors and the broker's state, tested
 * without a broker).
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
     * The processes whose CPU is the run's own beside this JVM ({@code other_run_pct} leaves them out): the brokers the
     * runner started ({@link #pids}), and for a cluster named with {@code --bootstrap} its brokers that serve on this
     * host ({@link ftl.harness.host.LocalListeners}), never placed or watched.
     */
    default List<Long> ownPids() {
      return pids();
    }

    /**
     * The local cluster's brokers' own log folders ({@code logs/} holding {@code broker.log}), read after a run for ISR
     * changes; empty for an external cluster, whose logs the instrument cannot read.
     */
    default List<Path> logDirs() {
      return List.of();
    }

    /**
     * The brokers of the cluster: 1 for the single embedded broker, the local cluster's size, 0 when unknown
     * (external).
     */
    default int brokers() {
      return pid() > 0 ? 1 : 0;
    }

    /**
     * The cluster named with {@code --bootstrap}: its client settings and the existing topic the runs use; null for
     * the embedded broker or local cluster.
     */
    default KafkaCluster external() {
      return null;
    }

    /** The ledger's {@code cluster_network}: loopback (single embedded broker), loopback-addresses, or external. */
    default String network() {
      return pid() > 0 ? "loopback" : "external";
    }
  }

  /** Producer {@code client.id}; its I/O thread is {@code kafka-producer-network-thread | ftl-p}. */
  public static final String PRODUCER_CLIENT_ID = "ftl-p";
  /** Name of the consumer (receive-stamping) thread, {@link RunLoop#RECV_THREAD}. */
  public static final String RECV_THREAD = RunLoop.RECV_THREAD;
  /** Name of the pacing (send-stamping) thread, {@link RunLoop#SEND_THREAD}. */
  public static final String SEND_THREAD = RunLoop.SEND_THREAD;
  /** {@code comm} of the producer I/O thread: its Java name truncated to 15 characters by the kernel. */
  public static final String PRODUCER_IO_COMM = "kafka-producer-";

  private final String runId;
  private final Condition condition;
  private final BrokerHandle broker;
  private final String childClasspath;
  private final SendSchedule schedule;
  private final MonotonicClock nanoClock;
  private final StableFlights stableFlights;

  public KafkaRun(String runId, Condition condition, BrokerHandle broker, String childClasspath) {
    this(runId, condition, broker, childClasspath, null);
  }

  /**
   * A run whose warm-up follows the plan's {@code stable_flights} rule ({@code stableFlights}; null = first_sends),
   * its measured sends {@code schedule} (null = one every {@code send_interval}).
   */
  public KafkaRun(String runId, Condition condition, BrokerHandle broker, String childClasspath,
                  SendSchedule schedule, StableFlights stableFlights) {
    this(runId, condition, broker, childClasspath, schedule, MonotonicClock.SYSTEM, stableFlights);
  }

  /**
   * A run whose measured sends follow {@code schedule} (send {@code seq} due at {@code start + offset(seq)}) instead of
   * one every {@code send_interval}; null = fixed interval. Warm-up sends are paced every {@code send_interval} either
   * way.
   */
  public KafkaRun(String runId, Condition condition, BrokerHandle broker, String childClasspath,
                  SendSchedule schedule) {
    this(runId, condition, broker, childClasspath, schedule, MonotonicClock.SYSTEM, null);
  }

  /**
   * As above, every monotonic reading of the run (the stamps, the pacer, the alignment, the drain, the duration)
   * from {@code nanoClock}; production passes {@code System.nanoTime}.
   */
  KafkaRun(String runId, Condition condition, BrokerHandle broker, String childClasspath,
           SendSchedule schedule, MonotonicClock nanoClock, StableFlights stableFlights) {
    if (stableFlights != null && stableFlights.maxEvents() != condition.warmupEvents()) {
      throw new IllegalArgumentException("under stable_flights a condition reserves max_events ("
          + stableFlights.maxEvents()
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
      throw new IllegalArgumentException("schedule has " + schedule.size() + " sends, the condition asks for "
          + condition.events());
    }
  }

  public FinishedRun run() {
    return new Attempt().run();
  }

  /**
   * One execution of the run: Kafka's side of the {@link RunLoop} (the topic and its shape, the clients, the sending
   * and receiving threads, the ISR at the end), its parts as fields so each step reads what it needs.
   */
  private final class Attempt implements RunDriver {
    private final LedgerCells cells = new LedgerCells();
    private final StampBook book = new StampBook(condition.warmupEvents(), condition.events(), nanoClock,
        WallClock.SYSTEM);
    private final RunState state = new RunState();
    private final ThreadPlacement placement = new ThreadPlacement(condition, cells);
    private final RunClients clients = new RunClients(condition, broker,
        "ftl-" + runId + "-" + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 16));

    FinishedRun run() {
      cells.put(LedgerSchema.TOPIC, clients.topic());
      cells.put(LedgerSchema.CLOCK_OFFSET_US, condition.clockOffsetMicros());
      cells.put(LedgerSchema.REPLICATION_FACTOR, condition.replicationFactor());
      cells.put(LedgerSchema.MIN_INSYNC_REPLICAS, condition.minInsyncReplicas());
      cells.put(LedgerSchema.BROKERS, broker.brokers() > 0 ? String.valueOf(broker.brokers()) : "");
      cells.put(LedgerSchema.CLUSTER_NETWORK, broker.network());
      KafkaCluster ext = broker.external();
      cells.put(LedgerSchema.CLIENT_CONFIG, ext == null ? "" : ext.config().summary());
      cells.put(LedgerSchema.TOPIC_EXISTING, clients.existingTopic() ? "yes" : "no");
      RunLoop.Spec spec = new RunLoop.Spec(condition.sendIntervalNanos(), condition.clockOffsetMicros(),
          childClasspath);
      FinishedRun o = RunLoop.run(this, book, placement, cells, spec, nanoClock);
      // a client library's message may echo a client-config value: none reaches the ledger or the terminal
      String reason = ext == null ? o.reason() : ext.config().redact(o.reason());
      return reason.equals(o.reason()) ? o : o.withVerdict(new RunVerdict(o.status(), reason));
    }

    @Override
    public void prepare() {
      placement.placeBroker(broker);
    }

    @Override
    public StampingThreads open() throws Exception {
      clients.open(book, state, nanoClock);
      RunClients.TopicShape shape = clients.shapeAtStart();
      cells.put(LedgerSchema.LEADER_BROKER, shape.leaders());
      cells.put(LedgerSchema.ISR_START, shape.isr());
      if (clients.existingTopic()) {
        // the topic as it is on the cluster, not as the plan would have created it
        cells.put(LedgerSchema.PARTITIONS, clients.partitions());
        cells.put(LedgerSchema.REPLICATION_FACTOR, clients.replicationFactor());
        cells.put(LedgerSchema.MIN_INSYNC_REPLICAS, clients.minInsyncReplicas());
      }
      if (clients.clusterBrokers() > 0) {
        cells.put(LedgerSchema.BROKERS, clients.clusterBrokers());
      }
      return new StampingThreads(producerIoThread(state.producerTid.get()), consumerThread(state.consumerTid.get()));
    }

    @Override
    public Runnable sender() {
      Pacer pacer = new Pacer(nanoClock, LockSupport::parkNanos, Pacer.DEFAULT_SPIN_NANOS);
      return new Sender(condition, schedule, clients.producer(), clients.topic(), book, state, pacer, nanoClock,
          WallClock.SYSTEM, () -> state.senderTimerSlack = Pacer.tightenTimerSlack(), stableFlights);
    }

    @Override
    public void stopSending() { state.stopSending = true; }

    @Override
    public boolean alive() { return broker.alive(); }

    @Override
    public String death() { return broker.death(); }

    @Override
    public List<Long> serverPids() { return broker.ownPids(); }

    @Override
    public void closeClients(boolean serverDied) {
      clients.closeClients(serverDied, state);
    }

    /** The ISR at the end, the topic deleted, and the sending thread's own cells. */
    @Override
    public void finish(LedgerCells out, boolean serverDied) {
      recordIsrEnd(serverDied);
      clients.deleteTopic(serverDied);
      if (stableFlights != null) {
        out.put(LedgerSchema.WARMUP_EVENTS, state.warmupSent);
        out.put(LedgerSchema.WARMUP_CONVERGED, state.warmupConverged ? "yes" : "no");
      }
      out.put(LedgerSchema.PACER_TIMERSLACK_NS, state.senderTimerSlack < 0 ? ""
          : String.valueOf(state.senderTimerSlack));
    }

    @Override
    public String senderError() { return state.clientError; }

    @Override
    public String receiverError() { return state.consumerError.get(); }

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
  static ProducerRecord<byte[], byte[]> offsetRecord(ProducerRecord<byte[], byte[]> rec, long sendMicros,
      long offsetMicros) {
    return new ProducerRecord<>(rec.topic(), null, offsetCreateMillis(sendMicros, offsetMicros), rec.key(),
        rec.value());
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

  static String fmt1(double v) {
    return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.1f", v);
  }

}
