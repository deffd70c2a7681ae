package ftl.harness.plan;

import ftl.data.ledger.Geometry;
import ftl.data.ledger.Instrument;
import ftl.data.ledger.LedgerSchema;
import ftl.data.ledger.Priority;
import ftl.data.ledger.QueueType;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;

/**
 * The one declared default of every condition field (as JMH keeps its in {@code runner/Defaults}): what a plan
 * gets for a field it leaves out ({@link PlanParser}'s built-in defaults are written from these), what
 * {@link Condition#named} starts from, and what the instrument's own warm-up condition
 * ({@code CampaignRunner}) leaves unchanged. A new condition field declares its default here and nowhere else: as a
 * {@link ConditionField} (its column, type, default, range and systems in one declaration, read, held and written by
 * that declaration alone), as {@link #FETCH_MIN_BYTES} and {@link #FETCH_MAX_WAIT_MILLIS} are.
 */
public final class ConditionDefaults {
  private ConditionDefaults() {}

  /** The fields declared whole ({@link ConditionField}), in the order of their declarations below. */
  private static final List<ConditionField<?>> DECLARED = new ArrayList<>();
  /** The systems of a field only Kafka's runs apply. */
  private static final Set<String> KAFKA_ONLY = Set.of(Instrument.KAFKA.word());

  private static <T> ConditionField<T> declare(ConditionField<T> field) {
    DECLARED.add(field);
    return field;
  }

  /**
   * The condition fields declared whole, each with its column, type, default, range and systems ({@link
   * ConditionField}): the plan parser reads them, a condition holds them, the campaign runner writes them, by these
   * declarations alone.
   */
  public static List<ConditionField<?>> declared() {
    return List.copyOf(DECLARED);
  }

  /** One send per millisecond (s/q = 1/1 at the 1 ms quantum). */
  public static final long SEND_INTERVAL_NANOS = 1_000_000L;
  /** Record value size, bytes. */
  public static final int PAYLOAD_BYTES = 100;
  /** Producer {@code acks}. */
  public static final String ACKS = "1";
  /** Producer {@code linger.ms}: sent at once. */
  public static final int LINGER_MILLIS = 0;
  /** Partitions of the run's fresh topic. */
  public static final int PARTITIONS = 1;
  /** Measured events per run. */
  public static final int EVENTS = 2000;
  /** Warm-up sends per run: none unless the plan's {@code warmup} asks for some. */
  public static final int WARMUP_EVENTS = 0;
  /** Scheduling policy of the stamping threads: as the JVM made them. */
  public static final Priority PRIORITY = Priority.DEFAULT;
  /** Core placement of the stamping threads: left to the kernel. */
  public static final Geometry GEOMETRY = Geometry.FREE;
  /** Cores of the embedded broker: every core. */
  public static final String BROKER_CPUS = "all";
  /** Background load per core, percent. */
  public static final int LOAD_PERCENT = 0;
  /** Wall-clock start phase of the first measured send: not aligned. */
  public static final OptionalInt START_PHASE_MICROS = OptionalInt.empty();
  /** Runs of a condition (a plan's top-level {@code repeats} overrides it). */
  public static final int REPEATS = 1;
  /** Emulated producer clock offset: none, Kafka sets CreateTime itself (every campaign before {@code clockoffset}). */
  public static final long CLOCK_OFFSET_MICROS = 0L;
  /**
   * Consumer {@code fetch.min.bytes}: one byte, the broker answers as soon as a record is there; 1..100000000, Kafka's
   * runs only.
   */
  public static final ConditionField<Long> FETCH_MIN_BYTES =
      declare(ConditionField.integer(LedgerSchema.FETCH_MIN_BYTES,
      1, 1, 100_000_000, "fmb", KAFKA_ONLY));
  /**
   * Consumer {@code fetch.max.wait.ms} of the instrument (every campaign before {@code delivery}): how long the broker
   * may hold a fetch with fewer than {@code fetch_min_bytes}; 0..10000, Kafka's runs only.
   */
  public static final ConditionField<Long> FETCH_MAX_WAIT_MILLIS =
      declare(ConditionField.integer(LedgerSchema.FETCH_MAX_WAIT_MS,
      100, 0, 10_000, "fmw", KAFKA_ONLY));
  /**
   * Whether the run is captured on the loopback device and its produce and fetch responses decoded (issue #55): not by
   * default (every campaign before the wire campaign); Kafka's runs only.
   */
  public static final ConditionField<Boolean> WIRE_CAPTURE = declare(ConditionField.flag(LedgerSchema.WIRE_CAPTURE,
      false, "wire", KAFKA_ONLY));
  /**
   * The followers' fetch parked at the leader, ms (issue #55): 0, Kafka's defaults (a follower's fetch is answered as
   * soon as a record is there); above 0 the local cluster's brokers start with {@code replica.fetch.wait.max.ms} = this
   * and {@code replica.fetch.min.bytes} above any batch. A setting of the brokers, so a condition that changes it runs
   * on a cluster started for it. 0..10000, Kafka's runs only.
   */
  public static final ConditionField<Long> FOLLOWER_WAIT_MILLIS =
      declare(ConditionField.integer(LedgerSchema.FOLLOWER_WAIT_MS,
      0, 0, 10_000, "fw", KAFKA_ONLY));
  /**
   * The producer's {@code max.in.flight.requests.per.connection}: 5, Kafka's default (and the idempotent producer's
   * largest). 1..5, Kafka's runs only: how long a record may wait in the producer before its request reaches the wire.
   */
  public static final ConditionField<Long> MAX_IN_FLIGHT = declare(ConditionField.integer(LedgerSchema.MAX_IN_FLIGHT,
      5, 1, 5, "mif", KAFKA_ONLY));
  /** RabbitMQ's queue type: a classic queue (every RabbitMQ campaign before {@code queue_type}). */
  public static final QueueType QUEUE_TYPE = QueueType.CLASSIC;
  /** Replicas of the run's topic: one (the single broker of every campaign before {@code cluster}). */
  public static final int REPLICATION_FACTOR = 1;
  /** The topic's {@code min.insync.replicas}: one, Kafka's default. */
  public static final int MIN_INSYNC_REPLICAS = 1;
}
