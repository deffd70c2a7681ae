package ftl.harness.system;

import java.util.Locale;

/**
 * The messaging system a run measured, as a ledger row names it ({@code system} column, DESIGN "Systems"):
 * {@code kafka}, {@code rabbitmq} or {@code nats}. The stamps keep their meaning on every one; what each system's
 * {@code create_ms} is (or that it is empty) is stated by {@link #createMillisMeaning()}.
 */
public enum SystemName {
  /** Apache Kafka: {@code create_ms} is the record's CreateTime, the producer's wall clock in whole ms inside {@code send()}. */
  KAFKA("kafka", "Kafka CreateTime: the producer's wall clock in whole milliseconds, read inside send()"),
  /**
   * RabbitMQ over AMQP 0-9-1: the protocol's only time, the AMQP {@code timestamp} property, is POSIX time in whole
   * seconds (a 1 s quantum) and is not set; {@code create_ms} is the producer's wall clock in whole ms read at publish
   * and carried in the message body ({@link MessageBody}), as a harness carries its millisecond send stamp.
   */
  RABBITMQ("rabbitmq", "the producer's wall clock in whole milliseconds, read at publish and carried in the message body "
      + "(AMQP 0-9-1's own timestamp property is whole seconds, not set)"),
  /**
   * NATS JetStream: a NATS message carries no producer time (the JetStream metadata's store time is the server's, a
   * different origin, not used); {@code create_ms} is the producer's wall clock in whole ms read at publish and carried
   * in the message body ({@link MessageBody}), as OpenMessaging Benchmark's NATS driver carries
   * {@code System.currentTimeMillis()}.
   */
  NATS("nats", "the producer's wall clock in whole milliseconds, read at publish and carried in the message body "
      + "(NATS carries no producer time of its own)");

  private final String ledgerName;
  private final String createMillisMeaning;

  SystemName(String ledgerName, String createMillisMeaning) {
    this.ledgerName = ledgerName;
    this.createMillisMeaning = createMillisMeaning;
  }

  /** The name in a ledger's {@code system} column and on the command line. */
  public String ledgerName() { return ledgerName; }

  /** What this system's {@code create_ms} holds, in one sentence. */
  public String createMillisMeaning() { return createMillisMeaning; }

  /** The system of a ledger or command-line name ({@code kafka}, {@code rabbitmq}, {@code nats}), case-insensitive. */
  public static SystemName of(String name) {
    for (SystemName s : values()) {
      if (s.ledgerName.equals(name.toLowerCase(Locale.ROOT))) {
        return s;
      }
    }
    throw new IllegalArgumentException("unknown messaging system \"" + name + "\" (kafka, rabbitmq or nats)");
  }

  @Override
  public String toString() { return ledgerName; }
}
