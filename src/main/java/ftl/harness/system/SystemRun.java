package ftl.harness.system;

import ftl.data.ledger.LedgerCells;
import ftl.data.ledger.LedgerSchema;
import ftl.harness.host.LocalListeners;
import ftl.harness.plan.Condition;
import ftl.harness.plan.ConditionDefaults;
import ftl.harness.run.FinishedRun;
import ftl.harness.run.KafkaRun;
import ftl.harness.run.MonotonicClock;
import ftl.harness.run.Pacer;
import ftl.harness.run.RunDriver;
import ftl.harness.run.RunLoop;
import ftl.harness.run.RunVerdict;
import ftl.harness.run.StampBook;
import ftl.harness.run.StampingThread;
import ftl.harness.run.ThreadPlacement;
import ftl.harness.run.WallClock;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * One run of the instrument on any {@link MessagingSystem}: the system's driver of the one {@link RunLoop}, which a
 * Kafka run goes through too, filling a {@link StampBook} as a Kafka run does. The driver supplies a fresh
 * destination, a probe message whose acknowledgment and delivery prove the path, and the sending thread's body:
 * warm-up sends paced every send interval and awaited, the measured sends paced by the same {@link Pacer} from a start
 * {@link #LEAD_NANOS} ahead; the loop drains (every acknowledgment and delivery, or nothing moved for
 * {@link RunLoop#DRAIN_IDLE_MILLIS}), closes the destination (deleting it) and decides the status, {@link
 * RunVerdict}'s, on the same counts.
 *
 * <p>Stamps: {@code send_ns}/{@code send_us} on the sending thread {@link #SEND_THREAD} right before
 * {@link MessagingSystem.Destination#publish}, {@code ack_ns} in the system's completion callback, {@code recv_ns}/
 * {@code recv_us} and {@code create_ms} on delivery — the {@link StampBook}'s own methods, so their costs and their
 * WARNINGs are those of the Kafka run.
 *
 * <p>Stamping threads: the probe's acknowledgment and its delivery are the first stamps of the run, and each of the
 * two threads that take them records itself there ({@link StampingThread#current}: its tid from
 * {@code /proc/thread-self} and its {@code comm}), after the stamp and for the probe only, so no measured stamp pays
 * for it. A campaign run passes a {@link ThreadPlacement}: after the probe, before the first (warm-up) send, it
 * applies the condition's priority and geometry to exactly those two threads, as a Kafka run does to its producer
 * I/O thread and its consumer thread, re-scans the JVM every 100 ms during the sends and the drain under
 * {@code fifo-jvm}, and restores it before and after the destination is closed; a refusal aborts the run before its
 * sends. An acknowledgment of the probe taken on the thread that published it (NATS' {@code publishAsync} future
 * when the PubAck came first) identifies no thread: the client's completion thread is then unknown, and a placement
 * refuses the run. The quick look passes none and manipulates nothing. The load generator (the loop's, with a
 * placement) and the start phase are the campaign run's ({@link SystemCampaignRun}, {@link Settings#startPhaseMicros}).
 */
public final class SystemRun {
  /** Name of the sending (send-stamping) thread, {@link RunLoop#SEND_THREAD}. */
  public static final String SEND_THREAD = RunLoop.SEND_THREAD;
  /** Name of the receiving (receive-stamping) thread, {@link RunLoop#RECV_THREAD}. */
  public static final String RECV_THREAD = RunLoop.RECV_THREAD;
  /** The seq of the probe message (outside every run's seqs: counted as foreign by the book). */
  static final long PROBE_SEQ = Long.MIN_VALUE;
  static final long LEAD_NANOS = 2_000_000L;
  static final long PROBE_TIMEOUT_MILLIS = 15_000;
  static final long WARMUP_DRAIN_NANOS = TimeUnit.SECONDS.toNanos(10);

  /**
   * What a run sends.
   *
   * @param warmupEvents sends before the measured ones, stamped but not measured
   * @param events measured sends
   * @param sendIntervalNanos time between two sends
   * @param payloadBytes bytes after the 8-byte seq
   */
  public record Settings(int warmupEvents, int events, long sendIntervalNanos, int payloadBytes, int startPhaseMicros) {
    /** {@link #startPhaseMicros} of a run whose first measured send is not aligned. */
    public static final int UNALIGNED = -1;
    /** Warm-up sends of a smoke run, as each run of the Kafka smoke plan ({@code smoke-plan.json}'s {@code warmup}). */
    public static final int SMOKE_WARMUP_EVENTS = 500;
    /** Measured sends of a smoke run, as the Kafka smoke plan's ({@code smoke-plan.json}'s {@code defaults}). */
    public static final int SMOKE_EVENTS = 3000;
    /**
     * The smoke defaults: {@link #SMOKE_WARMUP_EVENTS} and {@link #SMOKE_EVENTS}, and every other field the declared
     * condition default ({@link ConditionDefaults}: 100 payload bytes every 1 ms, no start phase), by name.
     */
    public static final Settings DEFAULTS = of(Condition.named("smoke").warmupEvents(SMOKE_WARMUP_EVENTS)
        .events(SMOKE_EVENTS).build());

    /**
     * @param startPhaseMicros wall-clock phase within the millisecond (0..999) the first measured send is aligned to,
     *     as a Kafka run's {@code start_phase_us} ({@link ftl.harness.run.KafkaRun#alignedStartNanos}); {@link
     *     #UNALIGNED} for none
     */
    public Settings {
      if (warmupEvents < 0 || events < 1 || sendIntervalNanos < 1 || payloadBytes < 0 || payloadBytes > 1_000_000
          || startPhaseMicros < UNALIGNED || startPhaseMicros > 999) {
        throw new IllegalArgumentException("settings out of range: warm-up " + warmupEvents + ", events " + events
            + ", interval " + sendIntervalNanos + " ns, payload " + payloadBytes + " bytes, start phase "
            + startPhaseMicros + " us");
      }
    }

    /** What {@code condition} sends: its warm-up and measured sends, send interval, payload and start phase. */
    public static Settings of(Condition condition) {
      return new Settings(condition.warmupEvents(), condition.events(), condition.sendIntervalNanos(),
          condition.payloadBytes(), condition.startPhaseMicros().orElse(UNALIGNED));
    }

    public Settings withEvents(int n) { return new Settings(warmupEvents, n, sendIntervalNanos, payloadBytes,
        startPhaseMicros); }

    public Settings withWarmupEvents(int n) { return new Settings(n, events, sendIntervalNanos, payloadBytes,
        startPhaseMicros); }

    public Settings withSendIntervalNanos(long ns) { return new Settings(warmupEvents, events, ns, payloadBytes,
        startPhaseMicros); }

    public Settings withPayloadBytes(int n) { return new Settings(warmupEvents, events, sendIntervalNanos, n,
        startPhaseMicros); }
  }

  private SystemRun() {}

  /** Role of the acknowledgment's stamping thread in {@code stamp_threads} and in a refusal. */
  public static final String ACK_ROLE = "ack";
  /** Role of the delivery's stamping thread in {@code stamp_threads} and in a refusal. */
  public static final String RECV_ROLE = "receive";

  /**
   * Runs once on {@code system}, manipulating nothing (the quick look); the destination is {@code ftl-<runName>}.
   * Never throws for what the system does.
   */
  public static FinishedRun run(MessagingSystem system, String runName, Settings settings) {
    return run(system, runName, settings, (ThreadPlacement) null);
  }

  /**
   * Runs once on {@code system} with the condition's manipulations of {@code placement} on the two stamping threads
   * (the class doc); null = none. Never throws for what the system does.
   */
  public static FinishedRun run(MessagingSystem system, String runName, Settings settings, ThreadPlacement placement) {
    return run(system, runName, settings, new Placement(placement, new LedgerCells(), null), MonotonicClock.SYSTEM);
  }

  /**
   * A run's manipulations and where they are recorded: what a campaign run adds to the quick look.
   *
   * @param threads the condition's manipulations of the two stamping threads (the class doc); null = none
   * @param cells the run's ledger cells (the loop's, the placement's, and the driver's)
   * @param childClasspath the classpath of the load generator's JVM (a placement's condition with {@code load_pct});
   *     null when the run has no placement
   */
  record Placement(ThreadPlacement threads, LedgerCells cells, String childClasspath) {}

  /**
   * Runs once on {@code system} through the one {@link RunLoop}, its cells (the loop's, the placement's, and the
   * destination, the system and its versions, the driver's counters) into {@code placement}'s cells.
   */
  static FinishedRun run(MessagingSystem system, String runName, Settings settings, Placement placement,
                         MonotonicClock nanoClock) {
    StampBook book = new StampBook(settings.warmupEvents(), settings.events(), nanoClock, WallClock::micros);
    Driver driver = new Driver(system, runName, settings, book, nanoClock);
    return RunLoop.run(driver, book, placement.threads(), placement.cells(),
        new RunLoop.Spec(settings.sendIntervalNanos(), 0, placement.childClasspath()),
        nanoClock);
  }

  /**
   * A {@link MessagingSystem}'s side of the {@link RunLoop}: its destination opened with the two callbacks that stamp
   * the book, the probe, the sending thread's body, the close.
   */
  private static final class Driver implements RunDriver {
    private final MessagingSystem system;
    private final String runName;
    private final Settings settings;
    private final StampBook book;
    private final MonotonicClock nanoClock;
    private final CountDownLatch probeAcked = new CountDownLatch(1);
    private final CountDownLatch probeDelivered = new CountDownLatch(1);
    private final AtomicReference<String> probeError = new AtomicReference<>();
    private final AtomicReference<Thread> prober = new AtomicReference<>();
    private final AtomicReference<StampingThread> ackThread = new AtomicReference<>(StampingThread.unknown(ACK_ROLE));
    private final AtomicReference<StampingThread> recvThread = new AtomicReference<>(StampingThread.unknown(RECV_ROLE));
    private final AtomicBoolean stop = new AtomicBoolean();
    private final AtomicReference<String> senderError = new AtomicReference<>();
    private MessagingSystem.Destination dest;
    private String destination = "";

    Driver(MessagingSystem system, String runName, Settings settings, StampBook book, MonotonicClock nanoClock) {
      this.system = system;
      this.runName = runName;
      this.settings = settings;
      this.book = book;
      this.nanoClock = nanoClock;
    }

    @Override
    public StampingThreads open() throws IOException, InterruptedException {
      MessagingSystem.Completion completion = (seq, error, covered) -> {
        if (seq == PROBE_SEQ) {
          if (error != null) {
            probeError.set(String.valueOf(error));
          }
          if (probeAcked.getCount() > 0 && Thread.currentThread() != prober.get()) {
            ackThread.set(StampingThread.current(ACK_ROLE));
          }
          probeAcked.countDown();
          return;
        }
        int slot = book.slotOf(seq);
        if (slot >= 0) {
          book.stampAck(slot, error, covered);
        }
      };
      MessagingSystem.Delivery delivery = (seq, createMillis) -> {
        book.stampRecv(seq, createMillis);
        if (seq == PROBE_SEQ && probeDelivered.getCount() > 0) {
          recvThread.set(StampingThread.current(RECV_ROLE));
          probeDelivered.countDown();
        }
      };
      dest = system.open(runName, settings.payloadBytes(), completion, delivery);
      destination = dest.name();
      prober.set(Thread.currentThread());
      probe(dest, probeAcked, probeDelivered, probeError);
      return new StampingThreads(ackThread.get(), recvThread.get());
    }

    @Override
    public Runnable sender() {
      return () -> send(dest, settings, book, stop, senderError, nanoClock);
    }

    @Override
    public void stopSending() { stop.set(true); }

    @Override
    public boolean alive() { return system.alive(); }

    @Override
    public String death() { return system.death(); }

    /**
     * The server this system started; for one it connected to ({@code --url}), the processes serving its endpoint on
     * this host ({@link LocalListeners#pidsOfEndpoint}), found again at each call: their CPU is the system's own.
     */
    @Override
    public List<Long> serverPids() {
      long started = system.serverPid();
      return started > 0 ? List.of(started) : List.copyOf(LocalListeners.pidsOfEndpoint(system.endpoint()));
    }

    @Override
    public void closeClients(boolean serverDied) {
      if (dest != null) {
        dest.close();
      }
    }

    /** The destination, the system with its client and server versions, the driver's counters. */
    @Override
    public void finish(LedgerCells cells, boolean serverDied) {
      cells.put(LedgerSchema.TOPIC, destination);
      cells.put(LedgerSchema.SYSTEM, system.name().ledgerName());
      cells.put(LedgerSchema.CLIENT_VERSION, system.clientVersion());
      cells.put(LedgerSchema.SERVER_VERSION, system.serverVersion());
      cells.put(LedgerSchema.DRIVER_COUNTERS, SystemCampaignRun.driverCounters(cells()));
      cells.put(LedgerSchema.ACKS_COVERING_SEVERAL, SystemCampaignRun.acksCoveringSeveral(book));
    }

    /** The driver's counters ({@link MessagingSystem.Destination#cells()}); empty before the destination was opened. */
    Map<String, String> cells() {
      return dest == null ? Map.of() : dest.cells();
    }

    @Override
    public String senderError() { return senderError.get(); }

    @Override
    public String receiverError() { return cells().get("receive_error"); }
  }

  /**
   * One probe message: its acknowledgment and its delivery (each stamping thread identified) within
   * {@link #PROBE_TIMEOUT_MILLIS} each.
   */
  private static void probe(MessagingSystem.Destination dest, CountDownLatch probeAcked, CountDownLatch probeDelivered,
                            AtomicReference<String> probeError) throws IOException, InterruptedException {
    dest.publish(PROBE_SEQ);
    if (!probeAcked.await(PROBE_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)) {
      throw new IllegalStateException("probe message not acknowledged within " + PROBE_TIMEOUT_MILLIS / 1000 + " s");
    }
    if (probeError.get() != null) {
      throw new IllegalStateException("probe message refused: " + probeError.get());
    }
    if (!probeDelivered.await(PROBE_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)) {
      throw new IllegalStateException("probe message not delivered within " + PROBE_TIMEOUT_MILLIS / 1000 + " s");
    }
  }

  /** The sending thread's body: warm-up sends and their drain, then the measured sends. */
  private static void send(MessagingSystem.Destination dest, Settings settings, StampBook book, AtomicBoolean stop,
                           AtomicReference<String> senderError, MonotonicClock nanoClock) {
    Pacer.tightenTimerSlack();
    Pacer pacer = new Pacer(nanoClock, LockSupport::parkNanos, Pacer.DEFAULT_SPIN_NANOS);
    long interval = settings.sendIntervalNanos();
    try {
      int warmup = book.warmup();
      if (warmup > 0) {
        long start = nanoClock.nowNanos() + LEAD_NANOS;
        for (int s = 0; s < warmup && !stop.get(); s++) {
          long due = Pacer.intendedNanos(start, s, interval);
          pacer.awaitNanos(due);
          book.stampSend(s, due);
          dest.publish(book.seqOf(s));
        }
        long deadline = nanoClock.nowNanos() + WARMUP_DRAIN_NANOS;
        while (!stop.get() && (book.received() < warmup || book.acked() + book.ackErrors() < warmup)
            && nanoClock.nowNanos() < deadline) {
          Thread.sleep(1);
        }
      }
      long start = settings.startPhaseMicros() == Settings.UNALIGNED ? nanoClock.nowNanos() + LEAD_NANOS
          : KafkaRun.alignedStartNanos(nanoClock.nowNanos(), WallClock.micros(), settings.startPhaseMicros(),
          LEAD_NANOS);
      for (int seq = 0; seq < book.events() && !stop.get(); seq++) {
        int s = warmup + seq;
        long due = Pacer.intendedNanos(start, seq, interval);
        pacer.awaitNanos(due);
        book.stampSend(s, due);
        dest.publish(seq);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      senderError.set("sender interrupted");
    } catch (IOException | RuntimeException e) {
      senderError.set("publish failed: " + RunLoop.oneLine(e));
    }
  }
}
