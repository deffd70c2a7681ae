package ftl.data.ledger;

import ftl.data.io.Echo;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The kind of queue a RabbitMQ run declares for its messages: a condition field of a RabbitMQ plan and of the ledger
 * ({@link LedgerSchema#QUEUE_TYPE}; empty on the other systems, which have no such choice). Both are declared over AMQP
 * 0-9-1 with {@code x-queue-type}, fresh for every run and deleted after it.
 */
public enum QueueType {
  /** A classic queue, consumed in no-ack mode: each message is delivered once and then gone. */
  CLASSIC,
  /**
   * A stream (an append-only log, RabbitMQ 3.9 and later), durable and non-exclusive as a stream must be, consumed
   * with a prefetch and manual acknowledgments from its first offset.
   */
  STREAM,
  /**
   * A quorum queue (a replicated Raft log, RabbitMQ 3.8 and later), durable as a quorum queue must be, every message
   * written to its log before the confirm, consumed in no-ack mode as a classic queue; OpenMessaging Benchmark's
   * shipped RabbitMQ driver declares this kind.
   */
  QUORUM;

  public String word() { return name().toLowerCase(Locale.ROOT); }

  /** The words of the plan and the ledger, in declaration order. */
  public static List<String> words() {
    return Arrays.stream(values()).map(QueueType::word).toList();
  }

  public static QueueType ofWord(String w) {
    for (QueueType q : values()) {
      if (q.word().equals(w)) {
        return q;
      }
    }
    throw new IllegalArgumentException("must be one of " + String.join(", ", words()) + " (was \"" + Echo.of(w)
        + "\")");
  }
}
