package ftl.harness.run;

import ftl.data.ledger.LedgerCells;
import java.util.List;
import java.util.Objects;

/**
 * What one messaging system supplies to a run of the {@link RunLoop}, and nothing more, as an OpenMessaging Benchmark
 * driver does: how it connects (a fresh destination, its consumer and its producer, a probe whose acknowledgment and
 * delivery prove the path and name the two stamping threads), how it sends (the sending thread's body: each send
 * stamped in the run's {@link StampBook} right before the client's publish), how it acknowledges and receives (its
 * callbacks stamp the same book), and how it closes. The loop does the rest: the load generator and the
 * manipulations, the watch and the drain, the host's counters, the counts and the verdict. A Kafka run's driver is
 * {@link KafkaRun}'s (topic shape, ISR wait, fetch settings, its producer and consumer threads); every other system's
 * is {@code ftl.harness.system.SystemRun}'s, on a {@code MessagingSystem}.
 */
public interface RunDriver {

  /** The two threads the manipulations act on, as the probe identified them. */
  record StampingThreads(StampingThread ack, StampingThread recv) {
    public StampingThreads {
      Objects.requireNonNull(ack, "ack");
      Objects.requireNonNull(recv, "recv");
    }
  }

  /** Before the load generator starts (a Kafka run places its embedded broker's cores here). */
  default void prepare() {}

  /**
   * Creates the run's destination, its consumer (ready before this returns) and its producer, and proves the path with
   * one probe message, acknowledged and delivered.
   *
   * @return the threads that took the probe's acknowledgment and its delivery
   * @throws Exception when a step fails or does not complete in its time (the run fails naming it)
   */
  StampingThreads open() throws Exception;

  /**
   * The sending thread's body: the warm-up and measured sends, paced; it ends early once {@link #stopSending} is
   * called.
   */
  Runnable sender();

  /** Asks the sending thread to stop before its next send (the server is gone, or a thread could not be raised). */
  void stopSending();

  /** True while the server can be reached. */
  boolean alive();

  /** Why the server is gone, for a failed run's reason. */
  String death();

  /** The server processes the run talks to (their CPU is the run's own); empty for an external one. */
  List<Long> serverPids();

  /** Closes the producer and the consumer (and what else the run opened first), not waiting on a server that died. */
  void closeClients(boolean serverDied);

  /** After the host's counters are read: what is left to tear down, and the driver's own ledger cells. */
  void finish(LedgerCells cells, boolean serverDied);

  /** What went wrong on the sending side (a send that threw, the probe's refusal), or null. */
  String senderError();

  /** What went wrong on the receiving side, or null. Read after {@link #closeClients}. */
  String receiverError();
}
