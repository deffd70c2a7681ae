package ftl.harness.plan;

import ftl.data.ledger.Geometry;
import ftl.data.ledger.LedgerSchema;
import ftl.data.ledger.Priority;
import ftl.data.ledger.QueueType;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.regex.Pattern;

/**
 * One experimental condition of a plan: everything that is held fixed across its repeats, grouped by role. The plan's
 * JSON and the ledger keep one flat field or column per value ({@link PlanParser}, {@code LedgerSchema}); the accessors
 * of the flat names ({@link #sendIntervalNanos()} and the others) read through the groups.
 *
 * @param name      unique within the plan, {@code [A-Za-z0-9._-]+}
 * @param repeats   how many runs of this condition, 1..100000
 * @param pacing    when and how much is sent ({@link Pacing})
 * @param placement where and at which priority the stamping threads, the broker and the load run ({@link Placement})
 * @param client    the producer's settings ({@link ClientSettings})
 * @param cluster   the shape of the run's fresh topic on the cluster ({@link ClusterShape})
 * @param system    what one messaging system alone reads ({@link SystemSpecific})
 * @param declared  the value of every field declared whole ({@link ConditionDefaults#declared()}, read with
 *                  {@link #get}), such as the consumer's {@code fetch_min_bytes} and {@code fetch_max_wait_ms}; a field
 *                  left out takes its default
 */
// Eight components, one per role and the fields declared whole; build one by name (Condition.named(...)), never
// positionally. A new field is a ConditionField in ConditionDefaults and lives in `declared`, not a component of its
// own.
public record Condition(String name, int repeats, Pacing pacing, Placement placement, ClientSettings client,
                        ClusterShape cluster, SystemSpecific system, Map<ConditionField<?>, Object> declared) {

  /** Largest clock offset a plan may ask for: 10 s (Kafka rejects CreateTimes an hour away by default). */
  public static final long MAX_CLOCK_OFFSET_MICROS = 10_000_000L;
  /**
   * Shortest send interval allowed with {@link Priority#FIFO_JVM}: 500 µs. The pacing thread spins the last
   * {@code Pacer.DEFAULT_SPIN_NANOS} before each send; under SCHED_FIFO a spin that never parks holds a core
   * against the broker (only the kernel's real-time throttling would stop it).
   */
  public static final long MIN_FIFO_JVM_INTERVAL_NANOS = 500_000L;

  /** The shortest send interval the pacer is asked to hold (50 µs). */
  public static final long MIN_SEND_INTERVAL_NANOS = 50_000L;
  /** The largest replication factor a plan may ask for. */
  public static final int MAX_REPLICATION_FACTOR = 16;
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]+");
  private static final Pattern CPUS = Pattern.compile("all|[0-9]+(-[0-9]+)?(,[0-9]+(-[0-9]+)?)*");

  /**
   * When and how much a run sends.
   *
   * @param sendIntervalNanos intended time between two sends, at least {@link #MIN_SEND_INTERVAL_NANOS}
   * @param events            measured events per run (written to the event file)
   * @param warmupEvents      warm-up sends before the measured ones (not written; counted in the ledger)
   * @param startPhaseMicros  wall-clock phase within the millisecond (0..999) the first measured send is aligned to;
   *                          empty = not aligned
   */
  public record Pacing(long sendIntervalNanos, int events, int warmupEvents, OptionalInt startPhaseMicros) {
    public Pacing {
      Objects.requireNonNull(startPhaseMicros, "start_phase_us");
      require(sendIntervalNanos >= MIN_SEND_INTERVAL_NANOS, "send_interval",
          "must be at least 50us (was " + sendIntervalNanos + "ns)");
      require(events >= 1 && events <= 10_000_000, "events", "must be 1..10000000 (was " + events + ")");
      require(warmupEvents >= 0 && warmupEvents <= 10_000_000, "warmup_events",
          "must be 0..10000000 (was " + warmupEvents + ")");
      require(startPhaseMicros.isEmpty() || (startPhaseMicros.getAsInt() >= 0 && startPhaseMicros.getAsInt() < 1000),
          "start_phase_us", "must be 0..999 (was " + startPhaseMicros + ")");
    }
  }

  /**
   * Where, and at which priority, the run's threads and processes are placed: the manipulations of the sign campaign.
   *
   * @param priority    scheduling policy of the two stamping threads
   * @param geometry    core placement of the two stamping threads
   * @param brokerCpus  cpu list the embedded broker is pinned to ({@code "all"} = every core)
   * @param loadPercent background utilisation held on every core by the load generator, 0..90
   */
  public record Placement(Priority priority, Geometry geometry, String brokerCpus, int loadPercent) {
    public Placement {
      Objects.requireNonNull(priority, "priority");
      Objects.requireNonNull(geometry, "geometry");
      Objects.requireNonNull(brokerCpus, "broker_cpus");
      require(CPUS.matcher(brokerCpus).matches(), "broker_cpus",
          "must be \"all\" or a cpu list like 0 or 0-1 (was \"" + brokerCpus + "\")");
      require(loadPercent >= 0 && loadPercent <= 90, "load_pct", "must be 0..90 (was " + loadPercent + ")");
    }
  }

  /**
   * The producer's settings.
   *
   * @param payloadBytes      record value size (the 8-byte key carries {@code seq})
   * @param acks              producer {@code acks}: {@code "1"} or {@code "all"}
   * @param lingerMillis      producer {@code linger.ms}
   * @param clockOffsetMicros emulated offset of the producer's wall clock from the consumer's, microseconds, signed:
   *                          the producer sets each record's CreateTime to {@code floor((send_us + offset) / 1000)};
   *                          0 = Kafka sets CreateTime itself inside {@code send()} (every campaign before
   *                          {@code clockoffset})
   */
  public record ClientSettings(int payloadBytes, String acks, int lingerMillis, long clockOffsetMicros) {
    public ClientSettings {
      Objects.requireNonNull(acks, "acks");
      require(payloadBytes >= 0 && payloadBytes <= 1_000_000, "payload_bytes",
          "must be 0..1000000 (was " + payloadBytes + ")");
      require(LedgerSchema.ACKS_WORDS.contains(acks), "acks", "must be \"1\" or \"all\" (was \"" + acks + "\")");
      require(lingerMillis >= 0 && lingerMillis <= 1000, "linger_ms", "must be 0..1000 (was " + lingerMillis + ")");
      require(Math.abs(clockOffsetMicros) <= MAX_CLOCK_OFFSET_MICROS, "clock_offset_us",
          "must be within +-10000000 (was " + clockOffsetMicros + ")");
    }
  }

  /**
   * The shape of the run's fresh topic.
   *
   * @param partitions        partitions of the run's fresh topic
   * @param replicationFactor Kafka only: replicas of each partition (1 = the single broker of every campaign before
   *                          {@code cluster}); at most the cluster's brokers
   * @param minInsyncReplicas Kafka only: the topic's {@code min.insync.replicas}, 1..{@code replicationFactor}
   */
  public record ClusterShape(int partitions, int replicationFactor, int minInsyncReplicas) {
    public ClusterShape {
      require(partitions >= 1 && partitions <= 64, "partitions", "must be 1..64 (was " + partitions + ")");
      require(replicationFactor >= 1 && replicationFactor <= MAX_REPLICATION_FACTOR, "replication_factor",
          "must be 1.." + MAX_REPLICATION_FACTOR + " (was " + replicationFactor + ")");
      require(minInsyncReplicas >= 1 && minInsyncReplicas <= replicationFactor, "min_insync_replicas",
          "must be 1..replication_factor (" + replicationFactor + ") (was " + minInsyncReplicas + ")");
    }
  }

  /**
   * What one messaging system alone reads.
   *
   * @param queueType RabbitMQ only: the kind of the run's fresh queue ({@code classic} or {@code stream}); the default
   *                  {@code classic} on every other system, where a plan cannot set it
   */
  public record SystemSpecific(QueueType queueType) {
    public SystemSpecific {
      Objects.requireNonNull(queueType, "queue_type");
    }
  }

  public Condition {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(pacing, "pacing");
    Objects.requireNonNull(placement, "placement");
    Objects.requireNonNull(client, "client");
    Objects.requireNonNull(cluster, "cluster");
    Objects.requireNonNull(system, "system");
    require(NAME.matcher(name).matches(), "name", "must match [A-Za-z0-9._-]+ (was \"" + name + "\")");
    require(repeats >= 1 && repeats <= 100_000, "repeats", "must be 1..100000 (was " + repeats + ")");
    declared = Map.copyOf(complete(declared));
    require(placement.priority() != Priority.FIFO_JVM || pacing.sendIntervalNanos() >= MIN_FIFO_JVM_INTERVAL_NANOS,
        "priority", "fifo-jvm needs a send interval of at least 500us: the pacing thread's spin under SCHED_FIFO would"
            + " hold a core (was " + pacing.sendIntervalNanos() + "ns)");
  }

  // The flat accessors, one per field of the plan's JSON and column of the ledger, read through the groups.

  public long sendIntervalNanos() { return pacing.sendIntervalNanos(); }

  public int events() { return pacing.events(); }

  public int warmupEvents() { return pacing.warmupEvents(); }

  public OptionalInt startPhaseMicros() { return pacing.startPhaseMicros(); }

  public Priority priority() { return placement.priority(); }

  public Geometry geometry() { return placement.geometry(); }

  public String brokerCpus() { return placement.brokerCpus(); }

  public int loadPercent() { return placement.loadPercent(); }

  public int payloadBytes() { return client.payloadBytes(); }

  public String acks() { return client.acks(); }

  public int lingerMillis() { return client.lingerMillis(); }

  public long clockOffsetMicros() { return client.clockOffsetMicros(); }

  public int partitions() { return cluster.partitions(); }

  public int replicationFactor() { return cluster.replicationFactor(); }

  public int minInsyncReplicas() { return cluster.minInsyncReplicas(); }

  public QueueType queueType() { return system.queueType(); }

  /** A builder holding every field's {@link ConditionDefaults default}, to set by name what differs from it. */
  public static Builder named(String name) {
    return new Builder(name);
  }

  /**
   * A condition by name: every field starts at its {@link ConditionDefaults} value; {@link #build()} checks the
   * whole as the canonical constructor does. Not thread-safe; one builder per condition.
   */
  public static final class Builder {
    private final String name;
    private long sendIntervalNanos = ConditionDefaults.SEND_INTERVAL_NANOS;
    private int payloadBytes = ConditionDefaults.PAYLOAD_BYTES;
    private String acks = ConditionDefaults.ACKS;
    private int lingerMillis = ConditionDefaults.LINGER_MILLIS;
    private int partitions = ConditionDefaults.PARTITIONS;
    private int events = ConditionDefaults.EVENTS;
    private int warmupEvents = ConditionDefaults.WARMUP_EVENTS;
    private Priority priority = ConditionDefaults.PRIORITY;
    private Geometry geometry = ConditionDefaults.GEOMETRY;
    private String brokerCpus = ConditionDefaults.BROKER_CPUS;
    private int loadPercent = ConditionDefaults.LOAD_PERCENT;
    private OptionalInt startPhaseMicros = ConditionDefaults.START_PHASE_MICROS;
    private int repeats = ConditionDefaults.REPEATS;
    private long clockOffsetMicros = ConditionDefaults.CLOCK_OFFSET_MICROS;
    private QueueType queueType = ConditionDefaults.QUEUE_TYPE;
    private int replicationFactor = ConditionDefaults.REPLICATION_FACTOR;
    private int minInsyncReplicas = ConditionDefaults.MIN_INSYNC_REPLICAS;
    private final Map<ConditionField<?>, Object> declared = new LinkedHashMap<>();

    private Builder(String name) {
      this.name = name;
    }

    public Builder sendIntervalNanos(long v) { sendIntervalNanos = v; return this; }

    public Builder payloadBytes(int v) { payloadBytes = v; return this; }

    public Builder acks(String v) { acks = v; return this; }

    public Builder lingerMillis(int v) { lingerMillis = v; return this; }

    public Builder partitions(int v) { partitions = v; return this; }

    public Builder events(int v) { events = v; return this; }

    public Builder warmupEvents(int v) { warmupEvents = v; return this; }

    public Builder priority(Priority v) { priority = v; return this; }

    public Builder geometry(Geometry v) { geometry = v; return this; }

    public Builder brokerCpus(String v) { brokerCpus = v; return this; }

    public Builder loadPercent(int v) { loadPercent = v; return this; }

    public Builder startPhaseMicros(OptionalInt v) { startPhaseMicros = v; return this; }

    public Builder repeats(int v) { repeats = v; return this; }

    public Builder clockOffsetMicros(long v) { clockOffsetMicros = v; return this; }

    public Builder fetchMinBytes(int v) { return with(ConditionDefaults.FETCH_MIN_BYTES, (long) v); }

    public Builder fetchMaxWaitMillis(int v) { return with(ConditionDefaults.FETCH_MAX_WAIT_MILLIS, (long) v); }

    /** Sets a field declared whole ({@link ConditionField}). */
    public <T> Builder with(ConditionField<T> field, T v) {
      declared.put(field, v);
      return this;
    }

    public Builder queueType(QueueType v) { queueType = v; return this; }

    public Builder replicationFactor(int v) { replicationFactor = v; return this; }

    public Builder minInsyncReplicas(int v) { minInsyncReplicas = v; return this; }

    /**
     * The condition; the one positional call of the canonical constructor outside the record itself.
     *
     * @throws InvalidField naming the first field out of its range
     */
    public Condition build() {
      return new Condition(name, repeats, new Pacing(sendIntervalNanos, events, warmupEvents, startPhaseMicros),
          new Placement(priority, geometry, brokerCpus, loadPercent),
          new ClientSettings(payloadBytes, acks, lingerMillis, clockOffsetMicros),
          new ClusterShape(partitions, replicationFactor, minInsyncReplicas), new SystemSpecific(queueType), declared);
    }
  }

  /** The value of a field declared whole ({@link ConditionField}): the condition's own, or the field's default. */
  public <T> T get(ConditionField<T> field) {
    return field.type().cast(declared.get(field));
  }

  /** Consumer {@code fetch.min.bytes} (1 = the broker answers a fetch as soon as one record is there). */
  public int fetchMinBytes() { return Math.toIntExact(get(ConditionDefaults.FETCH_MIN_BYTES)); }

  /**
   * Consumer {@code fetch.max.wait.ms}: how long the broker may hold a fetch that has fewer than {@link
   * #fetchMinBytes}; with {@code fetchMinBytes} above one record it lengthens the delivery branch only.
   */
  public int fetchMaxWaitMillis() { return Math.toIntExact(get(ConditionDefaults.FETCH_MAX_WAIT_MILLIS)); }

  /**
   * Every declared field's value: {@code given}'s, else the field's default, each checked ({@link
   * ConditionField#check}).
   *
   * @throws IllegalArgumentException for a field that is not declared
   */
  private static Map<ConditionField<?>, Object> complete(Map<ConditionField<?>, Object> given) {
    List<ConditionField<?>> fields = ConditionDefaults.declared();
    for (ConditionField<?> f : given.keySet()) {
      if (!fields.contains(f)) {
        throw new IllegalArgumentException("not a declared condition field: " + f);
      }
    }
    Map<ConditionField<?>, Object> out = new LinkedHashMap<>();
    for (ConditionField<?> f : fields) {
      out.put(f, f.check(given.getOrDefault(f, f.defaultValue())));
    }
    return out;
  }

  /** True when the producer sets CreateTime itself from its offset clock ({@code clockOffsetMicros != 0}). */
  public boolean explicitCreateTime() { return client.clockOffsetMicros() != 0; }

  private static void require(boolean ok, String field, String problem) {
    if (!ok) {
      throw new InvalidField(field, problem);
    }
  }

  /**
   * A condition field with a bad value; the plan parser turns it into a {@code DataException} naming file and field.
   */
  public static final class InvalidField extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;
    private final String field;

    public InvalidField(String field, String problem) {
      super(field + ": " + problem);
      this.field = field;
    }

    public String field() { return field; }
  }
}
