package ftl.harness.run;

import ftl.data.ledger.LedgerCells;
import ftl.data.ledger.LedgerSchema;
import ftl.harness.host.HostCounters;
import ftl.harness.host.JvmPriority;
import ftl.stats.Rate;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The one run loop of the instrument, for every system (issue #42): what a {@link RunDriver} supplies (connect, send,
 * acknowledge, receive) inside the steps every run takes in the same order. The host's real-time throttling and
 * counters read at the start; the driver's preparation; the load generator; the destination opened and the path
 * proved by the driver's probe; the condition's manipulations on the whole JVM and on the two stamping threads the
 * probe named, each read back ({@link ThreadPlacement}), a refusal ending the run before its sends; the sends on
 * {@link #SEND_THREAD}, watched every 100 ms (the server alive, the JVM re-scanned under {@code fifo-jvm}); the
 * drain (every acknowledgment and delivery, or nothing moved for {@link #DRAIN_IDLE_MILLIS}); the manipulations
 * restored around the clients' close; the host's counters read at the end (this JVM, the server's process tree and
 * the load generator are ours); the load generator stopped after them, so its CPU is still there to be counted as
 * ours; the driver's tear-down and cells; the counts' cells and the verdict ({@link RunVerdict}), all in one {@link
 * FinishedRun}.
 *
 * <p>A run without a {@link ThreadPlacement} (the quick look of {@code ftl.harness.system.SystemRun}) manipulates
 * nothing, starts no load and reads no host counters; it is stamped, drained and judged by the same code.
 */
public final class RunLoop {
  /** Name of the pacing (send-stamping) thread, on every system. */
  public static final String SEND_THREAD = "ftl-send";
  /** Name of the receiving (receive-stamping) thread, on every system; unambiguous as a 15-char {@code comm}. */
  public static final String RECV_THREAD = "ftl-recv";
  /** The drain ends when nothing was acknowledged or delivered for this long. */
  public static final long DRAIN_IDLE_MILLIS = 5_000;

  /**
   * What a run sends that the loop's cells need.
   *
   * @param sendIntervalNanos the condition's send interval (the pacing bursts are counted against it)
   * @param clockOffsetMicros the emulated producer clock offset ({@code create_ms} mismatches are counted against it)
   * @param childClasspath the classpath of the load generator's JVM; null for a run without a placement
   */
  public record Spec(long sendIntervalNanos, long clockOffsetMicros, String childClasspath) {}

  private final RunDriver driver;
  private final StampBook book;
  private final ThreadPlacement placement;
  private final LedgerCells cells;
  private final Spec spec;
  private final MonotonicClock nanoClock;

  private RunLoop(RunDriver driver, StampBook book, ThreadPlacement placement, LedgerCells cells, Spec spec,
                  MonotonicClock nanoClock) {
    this.driver = driver;
    this.book = book;
    this.placement = placement;
    this.cells = cells;
    this.spec = spec;
    this.nanoClock = nanoClock;
  }

  /**
   * Runs {@code driver} once, stamping {@code book}, writing the run's cells into {@code cells}. Never throws for what
   * the system does: a failure is the verdict's.
   *
   * @param placement the condition's manipulations, writing their own columns into {@code cells}; null = none
   * @param nanoClock every monotonic reading of the loop (the drain, the duration): the book's own clock
   */
  // Six parameters: the driver and what the caller built around it for this run; the loop holds them as fields.
  public static FinishedRun run(RunDriver driver, StampBook book, ThreadPlacement placement, LedgerCells cells,
      Spec spec,
                             MonotonicClock nanoClock) {
    return new RunLoop(driver, book, placement, cells, spec, nanoClock).run();
  }

  private FinishedRun run() {
    Instant startedAt = Instant.now();
    long t0 = nanoClock.nowNanos();
    HostCounters host = null;
    Set<Long> ours = new HashSet<>();
    if (placement != null) {
      String[] rt = JvmPriority.rtThrottling(Path.of("/proc"));
      cells.put(LedgerSchema.SCHED_RT_RUNTIME_US, rt[0]);
      cells.put(LedgerSchema.SCHED_RT_PERIOD_US, rt[1]);
      ours.addAll(ourProcesses());
      host = HostCounters.start();
    }
    List<String> refused = List.of();
    String failure = null;
    RunDriver.StampingThreads threads = new RunDriver.StampingThreads(StampingThread.unknown("ack"),
        StampingThread.unknown("receive"));
    try {
      driver.prepare();
      if (placement != null) {
        placement.startLoad(spec.childClasspath());
      }
      threads = driver.open();
      if (placement != null) {
        // whole-JVM priority first (fifo-jvm), then the two stamping threads, each read back
        placement.applyToJvm();
        placement.applyToStampingThreads(threads.ack(), threads.recv());
        refused = placement.refused();
      }
      if (refused.isEmpty()) {
        sendAndDrain();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      failure = "interrupted";
    } catch (Exception e) {
      failure = "client error: " + oneLine(e);
    }
    boolean serverDied = !driver.alive();
    String death = serverDied ? driver.death() : null;
    if (placement != null) {
      placement.restoreFirst();
    }
    driver.closeClients(serverDied);
    boolean loadDied = false;
    if (placement != null) {
      placement.restoreAgain();
      ours.addAll(ourProcesses());
      ours.add(placement.loadPid());
      host.end(ours, cells);
      loadDied = placement.stopLoad();
    }
    driver.finish(cells, serverDied);
    RunVerdict.Counts counts = RunVerdict.Counts.of(book);
    recordCounts(counts);
    RunVerdict.Events events = new RunVerdict.Events(refused, death, failure, driver.senderError(),
        driver.receiverError(),
        placement == null ? null : placement.jvmRefused(), placement == null ? List.of() : placement.notRestored(),
        loadDied);
    RunVerdict verdict = RunVerdict.of(events, counts);
    long durationMillis = TimeUnit.NANOSECONDS.toMillis(nanoClock.nowNanos() - t0);
    return new FinishedRun(verdict, events, counts, book, threads, GuardTally.of(book), PacingLag.of(book), startedAt,
        durationMillis, cells.asMap());
  }

  /** This JVM and every server process with its descendants now (a process gone by the end still counts as ours). */
  private Set<Long> ourProcesses() {
    Set<Long> out = HostCounters.processTree(-1);
    for (long pid : driver.serverPids()) {
      out.addAll(HostCounters.processTree(pid));
    }
    return out;
  }

  /**
   * The sends on {@link #SEND_THREAD}, watched every 100 ms (the server alive; under {@code fifo-jvm} the JVM's new
   * threads raised, {@link ThreadPlacement#rescanJvm}, a refusal stopping the sends); then the drain: every
   * acknowledgment and delivery, or nothing moved for {@link #DRAIN_IDLE_MILLIS}; then one more re-scan.
   */
  private void sendAndDrain() throws InterruptedException {
    Thread sender = new Thread(driver.sender(), SEND_THREAD);
    sender.start();
    while (sender.isAlive()) {
      sender.join(100);
      if (!driver.alive()) {
        driver.stopSending(); // the server is gone: no more sends (the verdict names it)
      }
      if (placement != null && !placement.rescanJvm()) {
        driver.stopSending(); // a thread created during a fifo-jvm run could not be raised (the verdict names it)
      }
    }
    long sent = book.sentTotal();
    long lastProgress = nanoClock.nowNanos();
    long lastCount = -1;
    while (driver.alive()) {
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
    if (placement != null) {
      placement.rescanJvm();
    }
  }

  /**
   * The cells every run writes from its book: pacing, counts, errors, duplicates, CreateTime mismatches, first phase.
   */
  private void recordCounts(RunVerdict.Counts counts) {
    Rate burst = PacingLag.burstShare(book, spec.sendIntervalNanos());
    cells.put(LedgerSchema.PACING_BURST_SHARE, burst.defined() ? String.format(Locale.ROOT, "%.6f", burst.value())
        : "");
    cells.put(LedgerSchema.PACER_SPIN_NS, Pacer.DEFAULT_SPIN_NANOS);
    cells.put(LedgerSchema.EVENTS_WRITTEN, counts.written());
    cells.put(LedgerSchema.ACKS_MISSING, counts.acksMissing());
    cells.put(LedgerSchema.RECVS_MISSING, counts.recvsMissing());
    cells.put(LedgerSchema.SEND_ERRORS, book.ackErrors());
    cells.put(LedgerSchema.DUPLICATES, book.duplicates());
    cells.put(LedgerSchema.CREATE_MS_MISMATCH, KafkaRun.createMismatches(book, spec.clockOffsetMicros()));
    if (book.sent(0)) {
      cells.put(LedgerSchema.FIRST_SEND_PHASE_US, Math.floorMod(book.event(0).sendMicros(), 1000L));
    }
  }

  /** An exception and its causes on one line, for a ledger reason: {@code Class: message <- Cause: message}. */
  public static String oneLine(Throwable e) {
    StringBuilder out = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      String m = t.getMessage();
      out.append(out.length() == 0 ? "" : " <- ").append(t.getClass().getSimpleName())
          .append(m == null ? "" : ": " + m.replace('\n', ' '));
    }
    return out.toString();
  }
}
