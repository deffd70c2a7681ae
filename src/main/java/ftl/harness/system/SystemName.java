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
   * RabbitMQ over AMQP 0-9-1: {@code create_ms} is empty. The only time a message carries is the AMQP {@code timestamp}
   * property, POSIX time in whole seconds (a 1 s quantum), which the instrument does not set; the broker adds none.
   */
  RABBITMQ("rabbitmq", "empty: AMQP 0-9-1 carries no millisecond stamp (its timestamp property is whole seconds, not set)"),
  /**
   * NATS JetStream: {@code create_ms} is empty. A NATS message carries no producer time; the JetStream metadata of a
   * delivery holds the stream's store time (the server's wall clock when it appended the message, in ns), a different
   * origin from a producer's CreateTime, so it is not written into {@code create_ms}.
   */
  NATS("nats", "empty: NATS carries no producer time (JetStream's metadata store time is the server's, not used)");

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
