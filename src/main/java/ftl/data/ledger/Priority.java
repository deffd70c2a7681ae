package ftl.data.ledger;

import java.util.Arrays;
import java.util.List;

/**
 * Scheduling policy applied to the client's threads: a condition field of the plan and of the ledger
 * ({@link LedgerSchema#PRIORITY}); the harness applies it, the analysis selects runs by it.
 */
public enum Priority {
  /** Left as the JVM created them: SCHED_OTHER, nice 0. */
  DEFAULT("default"),
  /**
   * SCHED_FIFO at {@link #FIFO_PRIORITY} on just the two stamping threads (Kafka: producer I/O and consumer;
   * RabbitMQ and NATS: the client's completion thread and the delivery thread).
   */
  FIFO("fifo"),
  /**
   * SCHED_FIFO at {@link #FIFO_PRIORITY} on every thread of the client JVM (producer I/O, consumer, pacer, GC,
   * compiler and every thread created during the run), each read back; restored to SCHED_OTHER after the run.
   */
  FIFO_JVM("fifo-jvm");

  /** Real-time priority used for {@link #FIFO} and {@link #FIFO_JVM}. */
  public static final int FIFO_PRIORITY = 50;

  private final String word;

  Priority(String word) {
    this.word = word;
  }

  public String word() { return word; }

  /** The words of the plan and the ledger, in declaration order. */
  public static List<String> words() {
    return Arrays.stream(values()).map(Priority::word).toList();
  }

  public static Priority ofWord(String w) {
    for (Priority p : values()) {
      if (p.word.equals(w)) {
        return p;
      }
    }
    throw new IllegalArgumentException("must be one of default, fifo, fifo-jvm (was \"" + w + "\")");
  }
}
