package ftl.harness.system;

import ftl.harness.run.StampBook;
import java.io.IOException;
import java.util.Map;

/**
 * What one run of the instrument needs from a messaging system, and nothing more: a fresh destination per run, a
 * producer whose completion callback gives the ack stamp, a consumer whose delivery gives the receive stamp (and the
 * system's millisecond stamp where it carries one), the client and server versions, and close. A system is one class
 * implementing it ({@link RabbitMqSystem}, {@link NatsSystem}); the stamping itself stays in the run loop
 * ({@link SystemRun}) and the {@link ftl.harness.run.StampBook}, so every system is stamped by the same code.
 *
 * <p>Threads: {@link Destination#publish} is called on the run's sending thread right after {@code send_ns} is
 * stamped; {@link Completion#completed} on the client's completion thread (RabbitMQ's connection thread reading the
 * confirms, jnats' thread completing the PubAck future); {@link Delivery#delivered} on the thread that hands the
 * message to the application (the consumer thread). Each callback must stamp and return: it runs on the client's
 * own I/O or dispatch path.
 */
public interface MessagingSystem extends AutoCloseable {

  /**
   * Stamps the acknowledgment of one publish: {@code error} null for a publisher confirm or PubAck, else the nack;
   * {@code covered} the messages the acknowledgment completed at once (1 for its own; several for a RabbitMQ confirm
   * with {@code multiple}; {@link ftl.harness.run.StampBook#ACK_COVERED_UNTOLD} where the system does not say).
   */
  @FunctionalInterface
  interface Completion {
    void completed(long seq, Exception error, int covered);

    /** An acknowledgment that does not say how many messages it completed. */
    default void completed(long seq, Exception error) {
      completed(seq, error, StampBook.ACK_COVERED_UNTOLD);
    }
  }

  /**
   * Stamps one delivery to the application: the seq the message carried and the system's millisecond stamp, or
   * {@link ftl.data.ledger.Event#MISSING} where the system carries none ({@link SystemName#createMillisMeaning()}).
   */
  @FunctionalInterface
  interface Delivery {
    void delivered(long seq, long createMillis);
  }

  /** One run's destination (a queue, a stream) with its producer and its consumer; closing deletes it. */
  interface Destination extends AutoCloseable {
    /** The destination's name on the server. */
    String name();

    /**
     * Publishes one message carrying {@code seq} and {@code payloadBytes} further bytes; returns once the client has
     * taken it (its completion comes later, on another thread).
     *
     * <p><b>WARNING</b>: runs between the send stamp and the client's publish call, so what it costs (building the
     * message body: one array of {@code 8 + payloadBytes} bytes, and whatever the client allocates) lies inside the
     * flight {@code T} and the displacement {@code D}, as Kafka's {@code ProducerRecord} does.
     */
    void publish(long seq) throws IOException;

    /**
     * Counters the driver keeps about how its stamps came (e.g. acknowledgments covered by one multiple confirm),
     * by ledger column name, as text; empty when it keeps none.
     */
    Map<String, String> cells();

    /** Stops the consumer, closes the producer, deletes the destination. Idempotent; never throws. */
    @Override
    void close();
  }

  SystemName name();

  /** The Java client's version ({@code 5.37.1}). */
  String clientVersion();

  /** The server's version as it announces itself ({@code 3.10.8}). */
  String serverVersion();

  /** Where it talks, without credentials ({@code amqp://127.0.0.1:5672}). */
  String endpoint();

  /** True while the server can be reached (a started server: its process is alive). */
  boolean alive();

  /**
   * The pid of the server this system started (its CPU is the system's, not another process'), -1 for an existing one.
   */
  default long serverPid() { return -1; }

  /** Why the server is gone, for a failed run's reason. */
  default String death() { return name() + " server is gone"; }

  /**
   * Creates a fresh destination named after {@code runName}, subscribes its consumer (ready before this returns, so
   * no message published afterwards is missed), and opens its producer.
   *
   * @param payloadBytes bytes of each message after the 8-byte seq
   */
  Destination open(String runName, int payloadBytes, Completion completion, Delivery delivery) throws IOException;

  /** Closes the clients; stops the server when this system started it. Never throws. */
  @Override
  void close();
}
