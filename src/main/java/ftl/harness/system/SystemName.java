package ftl.harness.system;

import ftl.data.ledger.Instrument;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The messaging system a run measured, as a ledger row names it ({@code system} column, docs/architecture.md#formats,
 * "Systems"): {@code kafka}, {@code rabbitmq} or {@code nats}, each word from the one vocabulary, {@link Instrument}.
 * The stamps keep their meaning on every one; what each system's {@code create_ms} is (or that it is empty) is stated
 * by {@link #createMillisMeaning()}.
 */
public enum SystemName {
  /**
   * Apache Kafka: {@code create_ms} is the record's CreateTime, the producer's wall clock in whole ms inside {@code
   * send()}.
   */
  KAFKA(Instrument.KAFKA, "Kafka CreateTime: the producer's wall clock in whole milliseconds, read inside send()",
      KafkaSystem::start, KafkaSystem::connect),
  /**
   * RabbitMQ over AMQP 0-9-1: the protocol's only time, the AMQP {@code timestamp} property, is POSIX time in whole
   * seconds (a 1 s quantum) and is not set; {@code create_ms} is the producer's wall clock in whole ms read at publish
   * and carried in the message body ({@link MessageBody}), as a harness carries its millisecond send stamp.
   */
  RABBITMQ(Instrument.RABBITMQ,
      "the producer's wall clock in whole milliseconds, read at publish and carried in the message body "
      + "(AMQP 0-9-1's own timestamp property is whole seconds, not set)",
      scratch -> RabbitMqSystem.start(scratch, RabbitMqSystem.Options.defaults()),
      uri -> RabbitMqSystem.connect(uri, RabbitMqSystem.Options.defaults())),
  /**
   * NATS JetStream: a NATS message carries no producer time (the JetStream metadata's store time is the server's, a
   * different origin, not used); {@code create_ms} is the producer's wall clock in whole ms read at publish and carried
   * in the message body ({@link MessageBody}), as OpenMessaging Benchmark's NATS driver carries
   * {@code System.currentTimeMillis()}.
   */
  NATS(Instrument.NATS,
      "the producer's wall clock in whole milliseconds, read at publish and carried in the message body "
      + "(NATS carries no producer time of its own)",
      scratch -> NatsSystem.start(scratch, NatsSystem.Config.defaults()),
      url -> NatsSystem.connect(url, NatsSystem.Config.defaults()));

  /** Starts a server of the system's own under a scratch folder, with its defaults, and connects to it. */
  @FunctionalInterface
  public interface Start {
    MessagingSystem start(Path scratch) throws IOException;
  }

  /** Connects to an existing server of the system (its endpoint as the system reads one), with its defaults. */
  @FunctionalInterface
  public interface Connect {
    MessagingSystem connect(String endpoint) throws IOException;
  }

  private final Instrument instrument;
  private final String createMillisMeaning;
  private final Start start;
  private final Connect connect;

  SystemName(Instrument instrument, String createMillisMeaning, Start start, Connect connect) {
    if (!instrument.isSystem()) {
      throw new IllegalArgumentException(instrument + " names no messaging system");
    }
    this.instrument = instrument;
    this.createMillisMeaning = createMillisMeaning;
    this.start = start;
    this.connect = connect;
  }

  /**
   * A server of this system started under {@code scratch} with the system's defaults (a campaign's), connected; closing
   * stops it.
   */
  public MessagingSystem start(Path scratch) throws IOException {
    return start.start(scratch);
  }

  /**
   * An existing server of this system at {@code endpoint}, connected with the system's defaults; closing leaves it
   * running.
   */
  public MessagingSystem connect(String endpoint) throws IOException {
    return connect.connect(endpoint);
  }

  /** The name in a ledger's {@code system} column and on the command line: its {@link Instrument#word()}. */
  public String ledgerName() { return instrument.word(); }

  /** What this system's {@code create_ms} holds, in one sentence. */
  public String createMillisMeaning() { return createMillisMeaning; }

  /** The system of a ledger or command-line name ({@code kafka}, {@code rabbitmq}, {@code nats}), case-insensitive. */
  public static SystemName of(String name) {
    for (SystemName s : values()) {
      if (s.ledgerName().equals(name.toLowerCase(Locale.ROOT))) {
        return s;
      }
    }
    throw new IllegalArgumentException("unknown messaging system \"" + name + "\" (" + Instrument.systemWordsListed()
        + ")");
  }

  @Override
  public String toString() { return ledgerName(); }
}
