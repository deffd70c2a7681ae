package ftl.harness.system;

import ftl.data.ledger.Event;
import ftl.data.ledger.LedgerCells;
import ftl.harness.plan.Condition;
import ftl.harness.plan.ConditionDefaults;
import ftl.harness.run.FinishedRun;
import ftl.harness.run.MonotonicClock;
import ftl.harness.run.StampBook;
import ftl.harness.run.ThreadPlacement;
import java.util.Map;
import java.util.TreeMap;

/**
 * One campaign run on a system other than Kafka: the one run loop ({@link ftl.harness.run.RunLoop}, driven by
 * {@link SystemRun}) on the condition's sends, with the condition's manipulations and what the campaign's ledger
 * records about the host around it, as a Kafka run records them: the background load ({@code load_pct}), and on the two
 * stamping threads the probe identified (the client's completion thread, the delivery thread) the priority and the core
 * geometry, each read back by the one implementation, {@link ThreadPlacement}, into the same columns ({@code
 * load_applied}, {@code load_measured_pct}, {@code jvm_threads}, {@code priority_applied}, {@code geometry_applied},
 * {@code stamp_threads}, {@code priority_restored}, {@code jvm_threads_late}); a refusal aborts the run before its
 * sends. Then load average, real-time throttling, other processes' CPU (the client JVM, the server's whole process
 * tree and the load generator are ours), steal, interrupts, pacing lag and bursts, the guard tally, and the system
 * with its client and server versions. The first measured send is aligned to the condition's {@code start_phase_us}
 * when it has one. Not applied on these systems, and refused in their plans ({@link
 * ftl.harness.plan.Plan#SYSTEM_FIELDS}): the broker's cores, the clock offset and Kafka's client settings.
 */
public final class SystemCampaignRun {
  private SystemCampaignRun() {}

  /**
   * Runs {@code condition} once on {@code system}; never throws for what the system does.
   *
   * @param childClasspath the classpath of the load generator's JVM ({@link
   *     ftl.harness.broker.EmbeddedBroker#childClasspath()})
   */
  public static FinishedRun run(MessagingSystem system, String runId, Condition condition, String childClasspath) {
    LedgerCells cells = new LedgerCells();
    ThreadPlacement placement = new ThreadPlacement(condition, cells);
    SystemRun.Settings settings = SystemRun.Settings.of(condition);
    return SystemRun.run(configuredFor(system, condition), runId, settings,
        new SystemRun.Placement(placement, cells, childClasspath), MonotonicClock.SYSTEM);
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
    if (condition.queueType() != ConditionDefaults.QUEUE_TYPE) {
      throw new IllegalArgumentException("queue_type " + condition.queueType().word()
          + " applies to rabbitmq only, not "
          + system.name());
    }
    return system;
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
        Event e = book.event(seq);
        told |= e.ackCovered() != Event.MISSING;
        several += e.ackCoveredSeveral() ? 1 : 0;
      }
    }
    return told ? String.valueOf(several) : "";
  }

  /** The driver's counters as {@code key=value} pairs joined by {@code ;}, in key order (empty when it keeps none). */
  static String driverCounters(Map<String, String> cells) {
    StringBuilder out = new StringBuilder();
    for (Map.Entry<String, String> e : new TreeMap<>(cells).entrySet()) {
      out.append(out.length() == 0 ? "" : ";").append(e.getKey()).append('=')
          .append(e.getValue().replace(';', ',').replace('\n', ' '));
    }
    return out.toString();
  }
}
