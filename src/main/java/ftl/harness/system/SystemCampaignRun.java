package ftl.harness.system;

import ftl.data.LedgerCells;
import ftl.data.LedgerSchema;
import ftl.harness.host.HostCounters;
import ftl.harness.host.JvmPriority;
import ftl.harness.host.ProcFs;
import ftl.harness.plan.Condition;
import ftl.harness.run.GuardTally;
import ftl.harness.run.PacingLag;
import ftl.harness.run.Pacer;
import ftl.harness.run.RunOutcome;
import ftl.harness.run.RunVerdict;
import ftl.harness.run.StampBook;
import ftl.harness.run.ThreadPlacement;
import ftl.harness.run.WallClock;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * One campaign run on a system other than Kafka: the system-neutral loop ({@link SystemRun}) on the condition's
 * sends, with the condition's manipulations and what the campaign's ledger records about the host around it, as a
 * Kafka run records them: the background load ({@code load_pct}), and on the two stamping threads the probe
 * identified (the client's completion thread, the delivery thread) the priority and the core geometry, each read
 * back by the one implementation, {@link ThreadPlacement}, into the same columns ({@code load_applied},
 * {@code load_measured_pct}, {@code jvm_threads}, {@code priority_applied}, {@code geometry_applied},
 * {@code stamp_threads}, {@code priority_restored}, {@code jvm_threads_late}); a refusal aborts the run before its
 * sends. Then load average, real-time throttling, other processes' CPU (the client JVM, the server's whole process
 * tree and the load generator are ours), steal, interrupts, pacing lag and bursts, the guard tally, and the system
 * with its client and server versions. The first measured send is aligned to the condition's {@code start_phase_us}
 * when it has one. Not applied on these systems, and refused in their plans ({@link ftl.harness.plan.Plan#SYSTEM_FIELDS}):
 * the broker's cores, the clock offset and Kafka's client settings.
 */
public final class SystemCampaignRun {
  private SystemCampaignRun() {}

  /**
   * Runs {@code condition} once on {@code system}; never throws for what the system does.
   *
   * @param childClasspath the classpath of the load generator's JVM ({@link ftl.harness.broker.EmbeddedBroker#childClasspath()})
   */
  public static RunOutcome run(MessagingSystem system, String runId, Condition condition, String childClasspath) {
    Instant startedAt = Instant.now();
    long t0 = System.nanoTime();
    LedgerCells cells = new LedgerCells();
    String[] rt = JvmPriority.rtThrottling(Path.of("/proc"));
    cells.put(LedgerSchema.SCHED_RT_RUNTIME_US, rt[0]);
    cells.put(LedgerSchema.SCHED_RT_PERIOD_US, rt[1]);
    Set<Long> ours = HostCounters.processTree(system.serverPid());
    HostCounters host = HostCounters.start();
    ThreadPlacement placement = new ThreadPlacement(condition, cells);
    SystemRun.Settings settings = new SystemRun.Settings(condition.warmupEvents(), condition.events(),
        condition.sendIntervalNanos(), condition.payloadBytes(), condition.startPhaseMicros().orElse(SystemRun.Settings.UNALIGNED));
    try {
      placement.startLoad(childClasspath);
    } catch (IOException | RuntimeException e) {
      placement.stopLoad();
      return notRun(settings, "client error: " + SystemRun.oneLine(e), startedAt, t0, cells);
    }
    SystemRun.Result r = SystemRun.run(configuredFor(system, condition), runId, settings, placement);
    ours.addAll(HostCounters.processTree(system.serverPid()));
    ours.add(placement.loadPid());
    host.end(ours, cells);
    // the load generator stops after the CPU readings, so its ticks are still there to be counted as ours
    boolean loadDied = placement.stopLoad();
    RunVerdict verdict = RunVerdict.of(r.events().withLoadDied(loadDied), r.counts());
    cells.put(LedgerSchema.TOPIC, r.destination());
    StampBook book = r.book();
    ftl.stats.Rate burst = PacingLag.burstShare(book, condition.sendIntervalNanos());
    cells.put(LedgerSchema.PACING_BURST_SHARE, burst.defined() ? String.format(Locale.ROOT, "%.6f", burst.value()) : "");
    cells.put(LedgerSchema.PACER_SPIN_NS, Pacer.DEFAULT_SPIN_NANOS);
    cells.put(LedgerSchema.EVENTS_WRITTEN, r.counts().written());
    cells.put(LedgerSchema.ACKS_MISSING, r.counts().acksMissing());
    cells.put(LedgerSchema.RECVS_MISSING, r.counts().recvsMissing());
    cells.put(LedgerSchema.SEND_ERRORS, book.ackErrors());
    cells.put(LedgerSchema.DUPLICATES, book.duplicates());
    cells.put(LedgerSchema.CREATE_MS_MISMATCH, ftl.harness.run.KafkaRun.createMismatches(book, 0));
    if (book.sent(0)) {
      cells.put(LedgerSchema.FIRST_SEND_PHASE_US, Math.floorMod(book.event(0).sendMicros(), 1000L));
    }
    cells.put(LedgerSchema.SYSTEM, system.name().ledgerName());
    cells.put(LedgerSchema.CLIENT_VERSION, system.clientVersion());
    cells.put(LedgerSchema.SERVER_VERSION, system.serverVersion());
    cells.put(LedgerSchema.DRIVER_COUNTERS, driverCounters(r.cells()));
    cells.put(LedgerSchema.ACKS_COVERING_SEVERAL, acksCoveringSeveral(book));
    return new RunOutcome(verdict.status(), verdict.reason(), book, GuardTally.of(book), PacingLag.of(book), startedAt,
        r.durationMillis(), cells.asMap());
  }

  /**
   * {@code system} with the condition's settings of that system's own: on RabbitMQ the queue type of the run's fresh
   * queue ({@code queue_type}, a view on the same server); any other system has none (a plan cannot give it one).
   *
   * @throws IllegalArgumentException for a queue type other than classic on a system that is not RabbitMQ
   */
  static MessagingSystem configuredFor(MessagingSystem system, Condition condition) {
    if (system instanceof RabbitMqSystem rabbit) {
      return rabbit.withQueueType(condition.queueType());
    }
    if (condition.queueType() != ftl.harness.plan.ConditionDefaults.QUEUE_TYPE) {
      throw new IllegalArgumentException("queue_type " + condition.queueType().word() + " applies to rabbitmq only, not "
          + system.name());
    }
    return system;
  }

  /** A run that could not start (the load generator's JVM did not): failed, nothing sent, as a Kafka run records it. */
  private static RunOutcome notRun(SystemRun.Settings settings, String failure, Instant startedAt, long t0, LedgerCells cells) {
    StampBook book = new StampBook(settings.warmupEvents(), settings.events(), ftl.harness.run.MonotonicClock.SYSTEM, WallClock.SYSTEM);
    RunVerdict.Counts counts = RunVerdict.Counts.of(book);
    RunVerdict v = RunVerdict.of(new RunVerdict.Events(List.of(), null, failure, null, null, null, List.of(), false), counts);
    cells.put(LedgerSchema.EVENTS_WRITTEN, counts.written());
    return new RunOutcome(v.status(), v.reason(), book, GuardTally.of(book), PacingLag.of(book), startedAt,
        TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0), cells.asMap());
  }

  /**
   * Measured events whose acknowledgment completed several messages ({@code ack_covered} above 1), or {@code ""} when
   * no measured acknowledgment said how many it completed (the system does not say).
   */
  static String acksCoveringSeveral(StampBook book) {
    long several = 0;
    boolean told = false;
    for (int seq = 0; seq < book.events(); seq++) {
      if (book.sent(seq)) {
        ftl.data.Event e = book.event(seq);
        told |= e.ackCovered() != ftl.data.Event.MISSING;
        several += e.ackCoveredSeveral() ? 1 : 0;
      }
    }
    return told ? String.valueOf(several) : "";
  }

  /** The driver's counters as {@code key=value} pairs joined by {@code ;}, in key order (empty when it keeps none). */
  static String driverCounters(Map<String, String> cells) {
    StringBuilder out = new StringBuilder();
    for (Map.Entry<String, String> e : new TreeMap<>(cells).entrySet()) {
      out.append(out.length() == 0 ? "" : ";").append(e.getKey()).append('=').append(e.getValue().replace(';', ',').replace('\n', ' '));
    }
    return out.toString();
  }
}
