package ftl.harness.plan;

import ftl.data.Priority;
import ftl.data.Geometry;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.regex.Pattern;

/**
 * One experimental condition of a plan: everything that is held fixed across its repeats.
 *
 * @param name              unique within the plan, {@code [A-Za-z0-9._-]+}
 * @param sendIntervalNanos intended time between two sends, at least {@link #MIN_SEND_INTERVAL_NANOS}
 * @param payloadBytes      record value size (the 8-byte key carries {@code seq})
 * @param acks              producer {@code acks}: {@code "1"} or {@code "all"}
 * @param lingerMillis      producer {@code linger.ms}
 * @param partitions        partitions of the run's fresh topic
 * @param events            measured events per run (written to the event file)
 * @param warmupEvents      warm-up sends before the measured ones (not written; counted in the ledger)
 * @param priority          scheduling policy of the two stamping threads
 * @param geometry          core placement of the two stamping threads
 * @param brokerCpus        cpu list the embedded broker is pinned to ({@code "all"} = every core)
 * @param loadPercent       background utilisation held on every core by the load generator, 0..90
 * @param startPhaseMicros  wall-clock phase within the millisecond (0..999) the first measured send is aligned to; empty = not aligned
 * @param repeats           how many runs of this condition
 * @param clockOffsetMicros emulated offset of the producer's wall clock from the consumer's, microseconds, signed:
 *                          the producer sets each record's CreateTime to {@code floor((send_us + offset) / 1000)};
 *                          0 = Kafka sets CreateTime itself inside {@code send()} (every campaign before {@code clockoffset})
 * @param fetchMinBytes     consumer {@code fetch.min.bytes} (1 = the broker answers a fetch as soon as one record is there)
 * @param fetchMaxWaitMillis consumer {@code fetch.max.wait.ms}: how long the broker may hold a fetch that has
 *                          fewer than {@code fetchMinBytes}; with {@code fetchMinBytes} above one record it
 *                          lengthens the delivery branch only
 */
public record Condition(String name, long sendIntervalNanos, int payloadBytes, String acks, int lingerMillis,
                        int partitions, int events, int warmupEvents, Priority priority, Geometry geometry,
                        String brokerCpus, int loadPercent, OptionalInt startPhaseMicros, int repeats,
                        long clockOffsetMicros, int fetchMinBytes, int fetchMaxWaitMillis) {

  /** Default consumer {@code fetch.min.bytes}: one byte, the broker answers as soon as a record is there. */
  public static final int DEFAULT_FETCH_MIN_BYTES = 1;
  /** Default consumer {@code fetch.max.wait.ms} of the instrument (every campaign before {@code delivery}). */
  public static final int DEFAULT_FETCH_MAX_WAIT_MILLIS = 100;
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
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]+");
  private static final Pattern CPUS = Pattern.compile("all|[0-9]+(-[0-9]+)?(,[0-9]+(-[0-9]+)?)*");

  public Condition {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(acks, "acks");
    Objects.requireNonNull(priority, "priority");
    Objects.requireNonNull(geometry, "geometry");
    Objects.requireNonNull(brokerCpus, "broker_cpus");
    Objects.requireNonNull(startPhaseMicros, "start_phase_us");
    require(NAME.matcher(name).matches(), "name", "must match [A-Za-z0-9._-]+ (was \"" + name + "\")");
    require(sendIntervalNanos >= MIN_SEND_INTERVAL_NANOS, "send_interval", "must be at least 50us (was " + sendIntervalNanos + "ns)");
    require(payloadBytes >= 0 && payloadBytes <= 1_000_000, "payload_bytes", "must be 0..1000000 (was " + payloadBytes + ")");
    require(ftl.data.LedgerSchema.ACKS_WORDS.contains(acks), "acks", "must be \"1\" or \"all\" (was \"" + acks + "\")");
    require(lingerMillis >= 0 && lingerMillis <= 1000, "linger_ms", "must be 0..1000 (was " + lingerMillis + ")");
    require(partitions >= 1 && partitions <= 64, "partitions", "must be 1..64 (was " + partitions + ")");
    require(events >= 1 && events <= 10_000_000, "events", "must be 1..10000000 (was " + events + ")");
    require(warmupEvents >= 0 && warmupEvents <= 10_000_000, "warmup_events", "must be 0..10000000 (was " + warmupEvents + ")");
    require(CPUS.matcher(brokerCpus).matches(), "broker_cpus", "must be \"all\" or a cpu list like 0 or 0-1 (was \"" + brokerCpus + "\")");
    require(loadPercent >= 0 && loadPercent <= 90, "load_pct", "must be 0..90 (was " + loadPercent + ")");
    require(startPhaseMicros.isEmpty() || (startPhaseMicros.getAsInt() >= 0 && startPhaseMicros.getAsInt() < 1000),
        "start_phase_us", "must be 0..999 (was " + startPhaseMicros + ")");
    require(repeats >= 1 && repeats <= 100_000, "repeats", "must be 1..100000 (was " + repeats + ")");
    require(Math.abs(clockOffsetMicros) <= MAX_CLOCK_OFFSET_MICROS, "clock_offset_us",
        "must be within +-10000000 (was " + clockOffsetMicros + ")");
    require(fetchMinBytes >= 1 && fetchMinBytes <= 100_000_000, "fetch_min_bytes", "must be 1..100000000 (was " + fetchMinBytes + ")");
    require(fetchMaxWaitMillis >= 0 && fetchMaxWaitMillis <= 10_000, "fetch_max_wait_ms", "must be 0..10000 (was " + fetchMaxWaitMillis + ")");
    require(priority != Priority.FIFO_JVM || sendIntervalNanos >= MIN_FIFO_JVM_INTERVAL_NANOS, "priority",
        "fifo-jvm needs a send interval of at least 500us: the pacing thread's spin under SCHED_FIFO would hold a core (was "
            + sendIntervalNanos + "ns)");
  }

  /** A condition with the defaults of the fields added later: no clock offset, the instrument's default fetch settings. */
  public Condition(String name, long sendIntervalNanos, int payloadBytes, String acks, int lingerMillis,
                   int partitions, int events, int warmupEvents, Priority priority, Geometry geometry,
                   String brokerCpus, int loadPercent, OptionalInt startPhaseMicros, int repeats) {
    this(name, sendIntervalNanos, payloadBytes, acks, lingerMillis, partitions, events, warmupEvents, priority, geometry,
        brokerCpus, loadPercent, startPhaseMicros, repeats, 0L, DEFAULT_FETCH_MIN_BYTES, DEFAULT_FETCH_MAX_WAIT_MILLIS);
  }

  /** True when the producer sets CreateTime itself from its offset clock ({@code clockOffsetMicros != 0}). */
  public boolean explicitCreateTime() { return clockOffsetMicros != 0; }

  private static void require(boolean ok, String field, String problem) {
    if (!ok) {
      throw new InvalidField(field, problem);
    }
  }

  /** A condition field with a bad value; the plan parser turns it into a {@code DataException} naming file and field. */
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
