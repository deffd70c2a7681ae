package ftl.data.ledger;

import java.util.Arrays;
import java.util.List;

/**
 * The one vocabulary that names what measured a run (issue #42): the words of the ledger's {@code instrument} column
 * and, for the instrument of this archive on a messaging system, of its {@code system} column
 * (docs/architecture.md#formats, "Systems"). The ledger schema's words ({@link LedgerSchema#INSTRUMENT_WORDS}, {@link
 * LedgerSchema#SYSTEM_WORDS}), the harness's systems ({@code ftl.harness.system.SystemName}), the plan's {@code system}
 * and the analysis ({@code ftl.quantity.core.CampaignCatalogue.MeasuredSystem}) all name them from here.
 */
public enum Instrument {
  /** The archive's Java instrument on a real Kafka broker (the default when {@code instrument} is empty). */
  KAFKA("kafka", true),
  /** The no-JVM Python cross-check (on Kafka; not a system of its own). */
  PYTHON_NOJVM("python-nojvm", false),
  /** The archive's Java instrument on a real RabbitMQ server (AMQP 0-9-1). */
  RABBITMQ("rabbitmq", true),
  /** The archive's Java instrument on a real NATS JetStream server. */
  NATS("nats", true);

  private final String word;
  private final boolean system;

  Instrument(String word, boolean system) {
    this.word = word;
    this.system = system;
  }

  /** Its word in a ledger ({@code instrument}, and {@code system} where {@link #isSystem()}), a plan and the CLI. */
  public String word() { return word; }

  /** True when the word also names a messaging system a run measured (the ledger's {@code system} column). */
  public boolean isSystem() { return system; }

  /** Every word of the {@code instrument} column, in declaration order. */
  public static List<String> words() {
    return Arrays.stream(values()).map(Instrument::word).toList();
  }

  /** Every word of the {@code system} column, in declaration order. */
  public static List<String> systemWords() {
    return Arrays.stream(values()).filter(Instrument::isSystem).map(Instrument::word).toList();
  }

  /** {@link #systemWords()} as prose lists them: {@code kafka, rabbitmq or nats}. */
  public static String systemWordsListed() {
    List<String> words = systemWords();
    return words.size() == 1 ? words.get(0)
        : String.join(", ", words.subList(0, words.size() - 1)) + " or " + words.get(words.size() - 1);
  }

  @Override
  public String toString() { return word; }
}
