package ftl.data.ledger;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The one declaration of a campaign ledger ({@code ledger.csv}): every column with its type, unit, allowed
 * values and meaning, and the versions of the column layout that exist. The instrument writes from it
 * ({@code ftl.harness.campaign.Ledger}, {@code ftl.harness.run.KafkaRun}), the reader checks against it
 * ({@link LedgerReader}, through {@link DataDictionary}), the analysis reads typed values through it
 * ({@link LedgerRow#priority()}, {@link LedgerRow#manipulationsApplied()}, ...), and the ledger resource of the data
 * dictionary {@code data/datapackage.json} publishes it: {@link #fieldsJson()} is what that file holds, and
 * {@code LedgerSchemaTest} fails when the two differ (and prints the JSON to paste). Like HdrHistogram's log
 * format, one declaration and one version number: adding a column or an allowed value is a new
 * {@link #VERSION}; a column is never renamed (docs/architecture.md#formats).
 *
 * <p>The committed ledgers are measurements and are never rewritten, so the schema describes the layouts
 * they have ({@link Version}), each derived from the columns' own {@link Column#since}: a column an older layout
 * lacks is read as empty. A new column is one declaration (its type, unit, words, {@code since}) and its place in
 * {@link #COLUMNS}.
 */
public final class LedgerSchema {
  private LedgerSchema() {}


  /**
   * A column's type, as the Frictionless Table Schema names it. A {@link #BOOLEAN} cell holds {@code true} or
   * {@code false} (the Table Schema's first true and false values); the older yes/no columns stay strings of two words.
   */
  public enum Type {
    STRING, INTEGER, NUMBER, DATETIME, BOOLEAN;

    /** The Table Schema word ({@code string}, {@code integer}, ...). */
    public String word() { return name().toLowerCase(Locale.ROOT); }
  }

  /**
   * One ledger column.
   *
   * @param name the header cell, never renamed
   * @param type how a cell parses
   * @param unit unit of a numeric column ({@code ns}, {@code count}, ...), "" for none
   * @param allowed the only words a non-empty cell may hold; empty = any value of the type
   * @param required whether every ledger must have the column ({@link EventFormat#LEDGER_REQUIRED})
   * @param unique whether a value may occur once per ledger
   * @param pattern a regular expression a non-empty cell matches, "" for none
   * @param writtenByHarness whether the Kafka instrument writes it (the others come from other instruments)
   * @param description what the column means, as the data dictionary says it
   * @param since the {@link Version} of the layout that introduced it (1 = the first)
   * @param absentIn later layouts that lack it all the same (a branch that had not merged it): empty for every column
   *     but the replay schedule's two
   * @param wordSince the version that allowed each of {@code allowed} that came after the column ({@link
   *     #wordSince()}): a new allowed word is a new version, as a new column is; a word not named here came with the
   *     column
   */
  // Twelve components: a column's whole declaration (the data dictionary's field and the layouts that hold it),
  // built by the factories and withers below, never positionally elsewhere.
  public record Column(String name, Type type, String unit, List<String> allowed, boolean required, boolean unique,
                       String pattern, boolean writtenByHarness, String description, int since, Set<Integer> absentIn,
                       Map<String, Integer> wordSince) {
    public Column {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(type, "type");
      Objects.requireNonNull(unit, "unit");
      allowed = List.copyOf(allowed);
      Objects.requireNonNull(pattern, "pattern");
      Objects.requireNonNull(description, "description");
      absentIn = Set.copyOf(absentIn);
      wordSince = Map.copyOf(wordSince);
      if (!name.matches("[a-z][a-z0-9_]*")) {
        throw new IllegalArgumentException("not a ledger column name: " + name);
      }
      if (since < 1 || absentIn.stream().anyMatch(v -> v <= since)) {
        throw new IllegalArgumentException(name + ": since " + since + ", absent in " + absentIn);
      }
      for (Map.Entry<String, Integer> w : wordSince.entrySet()) {
        if (!allowed.contains(w.getKey()) || w.getValue() <= since) {
          throw new IllegalArgumentException(name + ": word " + w.getKey() + " since " + w.getValue()
              + " must be an allowed word (" + allowed + ") that came after the column (since " + since + ")");
        }
      }
    }

    // The withers each copy the declaration with one component changed: the canonical constructor, positionally,
    // nowhere else but here and in column(...) below.
    Column asRequired() {
      return new Column(name, type, unit, allowed, true, unique, pattern, writtenByHarness, description, since,
          absentIn, wordSince);
    }

    Column asUnique() {
      return new Column(name, type, unit, allowed, required, true, pattern, writtenByHarness, description, since,
          absentIn, wordSince);
    }

    Column matching(String p) {
      return new Column(name, type, unit, allowed, required, unique, p, writtenByHarness, description, since,
          absentIn, wordSince);
    }

    Column oneOf(List<String> words) {
      return new Column(name, type, unit, words, required, unique, pattern, writtenByHarness, description, since,
          absentIn, wordSince);
    }

    Column notWrittenByTheHarness() {
      return new Column(name, type, unit, allowed, required, unique, pattern, false, description, since, absentIn,
          wordSince);
    }

    Column described(String d) {
      return new Column(name, type, unit, allowed, required, unique, pattern, writtenByHarness, d, since, absentIn,
          wordSince);
    }

    /** The column as introduced by layout {@code version} ({@link Version}). */
    Column since(int version) {
      return new Column(name, type, unit, allowed, required, unique, pattern, writtenByHarness, description, version,
          absentIn, wordSince);
    }

    /** The column lacking in the later layouts {@code versions} all the same. */
    Column absentIn(Integer... versions) {
      return new Column(name, type, unit, allowed, required, unique, pattern, writtenByHarness, description, since,
          Set.of(versions), wordSince);
    }

    /** The column whose allowed word {@code word} came with layout {@code version}, after the column itself. */
    Column wordSince(String word, int version) {
      Map<String, Integer> words = new LinkedHashMap<>(wordSince);
      words.put(word, version);
      return new Column(name, type, unit, allowed, required, unique, pattern, writtenByHarness, description, since,
          absentIn, words);
    }

    /** The version that allowed {@code word}: its own declared version, else the column's {@link #since}. */
    public int since(String word) {
      return wordSince.getOrDefault(word, since);
    }

    /** The latest version this column's declaration names: its {@link #since} or a word's ({@link #wordSince()}). */
    int latest() {
      return wordSince.values().stream().mapToInt(Integer::intValue).max().orElse(since);
    }

    /** True when {@code value} is allowed: empty, or one of {@link #allowed} when the column lists any. */
    public boolean allows(String value) {
      return value.isEmpty() || allowed.isEmpty() || allowed.contains(value);
    }

    /** True when a ledger of layout {@code version} has the column. */
    public boolean in(int version) {
      return version >= since && !absentIn.contains(version);
    }
  }

  private static Column column(String name, Type type, String unit) {
    return new Column(name, type, unit, List.of(), false, false, "", true, "", 1, Set.of(), Map.of());
  }

  private static Column string(String name) { return column(name, Type.STRING, ""); }

  private static Column integer(String name, String unit) { return column(name, Type.INTEGER, unit); }

  private static Column number(String name, String unit) { return column(name, Type.NUMBER, unit); }

  private static Column datetime(String name) { return column(name, Type.DATETIME, ""); }

  private static Column bool(String name) { return column(name, Type.BOOLEAN, ""); }

  /** The word of a manipulation read back as requested. */
  public static final String APPLIED = "applied";
  /** The word of a manipulation the host refused (the run is then aborted). */
  public static final String REFUSED = "refused";
  /** Words of the {@code *_applied} columns. */
  public static final List<String> APPLIED_WORDS = List.of(APPLIED, REFUSED);
  /** Producer acks settings. */
  public static final List<String> ACKS_WORDS = List.of("1", "all");
  /** Words of {@code instrument} ({@link Instrument}). */
  public static final List<String> INSTRUMENT_WORDS = Instrument.words();
  /** Words of {@code system}: the messaging system a run measured ({@link Instrument#isSystem()}). */
  public static final List<String> SYSTEM_WORDS = Instrument.systemWords();
  /** The warm-up rule: the first {@code warmup_events} sends, paced alike, are not written. */
  public static final String WARMUP_RULE_FIRST_SENDS = "first_sends";
  /**
   * The warm-up rule decided on measured flights: warm-up sends, paced alike, until the median flight of a window of
   * sends differs from the previous window's by at most a tolerance (the plan's {@code warmup} object).
   */
  public static final String WARMUP_RULE_STABLE_FLIGHTS = "stable_flights";
  /** Words of {@code warmup_rule}. */
  public static final List<String> WARMUP_RULE_WORDS = List.of(WARMUP_RULE_FIRST_SENDS, WARMUP_RULE_STABLE_FLIGHTS);
  /** Words of {@code warmup_converged}. */
  public static final List<String> YES_NO_WORDS = List.of("yes", "no");

  public static final Column RUN_ID = string("run_id").asRequired().asUnique()
      .described("Run identifier, unique within the campaign.");
  public static final Column CONDITION = string("condition").asRequired()
      .described("Name of the plan condition the run belongs to.");
  public static final Column STATUS = string("status").asRequired().oneOf(RunStatus.words())
      .described("ok: analysed; failed: the instrument failed (reason says why); aborted: stopped before "
          + "completion.");
  public static final Column EVENTS_FILE = string("events_file").asRequired()
      .described("Events file path relative to the campaign folder; may be empty for a run that is not ok.");
  public static final Column EVENTS_SHA256 = string("events_sha256").asRequired().matching("[0-9a-f]{64}")
      .described("SHA-256 of the events file as stored (compressed bytes).");
  public static final Column REASON = string("reason")
      .described("Why a run failed or was aborted; notes on anything that disturbed it.");
  public static final Column REPEAT = integer("repeat", "count")
      .described("Repeat number of the run within its condition (1-based); in a plan with blocks, within its "
          + "condition and block.");
  public static final Column ORDER_INDEX = integer("order_index", "count")
      .described("Place of the run in the campaign's seeded run order (0-based; schedule.csv).");
  public static final Column BLOCK = integer("block", "count").since(6)
      .described("Kafka instrument, plan with blocks: the block of the run (1-based); each block runs every condition "
          + "its repeats times in its own seeded order on a freshly started broker. Empty when the plan has no "
          + "blocks.");
  public static final Column BROKER_LIFETIME = integer("broker_lifetime", "count").since(6)
      .described("Kafka instrument: which start of the embedded broker within the campaign served the run (1-based, "
          + "counting every start: one per block, one after a failed run, one per campaign resume, continued from "
          + "the ledger's largest value on resume). Runs with the same value shared one broker process and one "
          + "instrument warm-up. Empty for an external cluster (--bootstrap), which the instrument never starts.");
  public static final Column STARTED_AT = datetime("started_at")
      .described("Start of the run, ISO-8601 UTC.");
  public static final Column DURATION_MS = integer("duration_ms", "ms")
      .described("Wall time of the run.");
  public static final Column SEND_INTERVAL_NS = integer("send_interval_ns", "ns")
      .described("Send interval s of the pacing schedule.");
  public static final Column PAYLOAD_BYTES = integer("payload_bytes", "bytes")
      .described("Record value size.");
  public static final Column ACKS = string("acks").oneOf(ACKS_WORDS)
      .described("Producer acks setting: 1 or all.");
  public static final Column LINGER_MS = integer("linger_ms", "ms")
      .described("Producer linger.ms.");
  public static final Column PARTITIONS = integer("partitions", "count")
      .described("Partitions of the run's topic.");
  public static final Column TOPIC = string("topic")
      .described("Kafka instrument: the run's fresh topic (deleted after the run), or the existing topic named with "
          + "--topic (neither created nor deleted: topic_existing yes).");
  public static final Column EVENTS_PLANNED = integer("events_planned", "count")
      .described("Measured events the plan asked for.");
  public static final Column WARMUP_RULE = string("warmup_rule").oneOf(WARMUP_RULE_WORDS)
      .wordSince(WARMUP_RULE_STABLE_FLIGHTS, 6)
      .described("Rule that excluded the warm-up sends: first_sends (the first warmup_events sends, paced alike, "
          + "not written) or stable_flights (warm-up sends, paced alike, until the median flight of a window of sends "
          + "differs from the previous window's by at most the plan's tolerance, from the plan's min_events on, at "
          + "most max_events).");
  public static final Column WARMUP_EVENTS = integer("warmup_events", "count")
      .described("Warm-up sends excluded by the plan's rule (not in the events file): with stable_flights, every "
          + "warm-up send made, including those sent while the last window's flights were awaited.");
  public static final Column WARMUP_CONVERGED = string("warmup_converged").since(6).oneOf(YES_NO_WORDS)
      .described("Kafka instrument, warm-up rule stable_flights: yes when two consecutive windows' median flights "
          + "agreed within the tolerance at or after min_events, no when the warm-up ended at max_events without "
          + "that (or the run stopped first); empty for first_sends.");
  public static final Column EVENTS_WRITTEN = integer("events_written", "count")
      .described("Rows written to the events file.");
  public static final Column ACKS_MISSING = integer("acks_missing", "count")
      .described("Events whose acknowledgment never came.");
  public static final Column RECVS_MISSING = integer("recvs_missing", "count")
      .described("Events never delivered to the consumer.");
  public static final Column SEND_ERRORS = integer("send_errors", "count")
      .described("Kafka instrument: sends whose completion callback reported an error.");
  public static final Column DUPLICATES = integer("duplicates", "count")
      .described("Kafka instrument: second deliveries of a seq (the first stamps are kept).");
  public static final Column PRIORITY = string("priority").oneOf(Priority.words())
      .wordSince(Priority.FIFO_JVM.word(), 3)
      .described("Scheduling of the client's threads: default (as the JVM made them), fifo (SCHED_FIFO on the two "
          + "stamping threads) or fifo-jvm (SCHED_FIFO on every thread of the client JVM).");
  public static final Column PRIORITY_APPLIED = string("priority_applied").oneOf(APPLIED_WORDS)
      .described("Applied when the priority's read-back matched the request, refused otherwise (the run is then "
          + "aborted); on every system (empty in the rabbitmq and nats ledgers and their pilots, written before their "
          + "runs applied manipulations: all at the defaults).");
  public static final Column GEOMETRY = string("geometry").oneOf(Geometry.words())
      .described("Core geometry of the two stamping threads: shared (one core) or split (one each).");
  public static final Column GEOMETRY_APPLIED = string("geometry_applied").oneOf(APPLIED_WORDS)
      .described("Applied or refused, as priority_applied, for the core geometry.");
  public static final Column STAMP_THREADS = string("stamp_threads")
      .described("Tid, policy and allowed cpus of the two stamping threads as read back from /proc: on Kafka the "
          + "producer I/O thread (producer-io) and the consumer thread; on RabbitMQ and NATS the client's thread that "
          + "took the acknowledgment (ack) and the thread that took the delivery (receive), each with the comm it had "
          + "when it stamped the run's probe message, where it read its own tid.");
  public static final Column JVM_THREADS = string("jvm_threads").since(3)
      .described("The client JVM's threads by scheduling policy as read back from /proc before the sends; with "
          + "priority fifo-jvm, how many were raised and any refused.");
  public static final Column JVM_THREADS_LATE = integer("jvm_threads_late", "count").since(3)
      .described("Priority fifo-jvm: threads found not real-time by a re-scan of /proc/self/task during the run "
          + "(created after the raise) and raised then; 0 for the other priorities (empty in the clockoffset, delivery "
          + "and fifojvm ledgers, written before that, and in the rabbitmq and nats ledgers and their pilots).");
  public static final Column PRIORITY_RESTORED = string("priority_restored").since(3)
      .described("Priority fifo-jvm: threads put back to SCHED_OTHER after the run, each read back; a refusal fails "
          + "the run. Other priorities: nothing to restore (empty in the clockoffset, delivery and fifojvm ledgers, "
          + "written before that, and in the rabbitmq and nats ledgers and their pilots).");
  public static final Column SCHED_RT_RUNTIME_US = integer("sched_rt_runtime_us", "us").since(3)
      .described("/proc/sys/kernel/sched_rt_runtime_us during the run, the real-time throttling budget per period "
          + "(-1: none).");
  public static final Column SCHED_RT_PERIOD_US = integer("sched_rt_period_us", "us").since(3)
      .described("/proc/sys/kernel/sched_rt_period_us during the run.");
  public static final Column CLOCK_OFFSET_US = integer("clock_offset_us", "us").since(3)
      .described("Kafka instrument: emulated offset of the producer's wall clock from the consumer's; non-zero: "
          + "the producer sets each record's CreateTime to floor((send_us + clock_offset_us) / 1000). Empty "
          + "or 0: Kafka set CreateTime inside send().");
  public static final Column CREATE_MS_MISMATCH = integer("create_ms_mismatch", "count").since(3)
      .described("Kafka instrument: events whose delivered create_ms differs from floor((send_us + "
          + "clock_offset_us) / 1000).");
  public static final Column FETCH_MIN_BYTES = integer("fetch_min_bytes", "bytes").since(3)
      .described("Kafka instrument: the consumer's fetch.min.bytes (empty: 1).");
  public static final Column FETCH_MAX_WAIT_MS = integer("fetch_max_wait_ms", "ms").since(3)
      .described("Kafka instrument: the consumer's fetch.max.wait.ms (empty: 100).");
  public static final Column BROKER_CPUS = string("broker_cpus")
      .described("Kafka instrument: cpus the embedded broker's threads were pinned to, as read back (external: not "
          + "placed).");
  public static final Column LOAD_PCT = integer("load_pct", "percent")
      .described("Background utilisation held on each core by the load generator.");
  public static final Column LOAD_APPLIED = string("load_applied").oneOf(APPLIED_WORDS)
      .described("Applied or refused, for the background load generator's placement (empty in the rabbitmq and "
          + "nats ledgers and their pilots, as priority_applied).");
  public static final Column LOAD_MEASURED_PCT = number("load_measured_pct", "percent")
      .described("CPU share per core the load generator achieved during the run (the request is "
          + "load_pct).");
  public static final Column START_PHASE_US = integer("start_phase_us", "us")
      .described("Planned sub-millisecond wall-clock phase of the first send; empty when uncontrolled.");
  public static final Column FIRST_SEND_PHASE_US = integer("first_send_phase_us", "us")
      .described("Achieved wall-clock phase (send_us mod 1000) of the first measured send.");
  public static final Column PACING_LAG_P50_NS = integer("pacing_lag_p50_ns", "ns")
      .described("Kafka instrument: median over the run's sends of the pacing lag, achieved minus intended send "
          + "time.");
  public static final Column PACING_LAG_P99_NS = integer("pacing_lag_p99_ns", "ns")
      .described("Kafka instrument: 99th percentile over the run's sends of the pacing lag, achieved minus "
          + "intended send time.");
  public static final Column PACING_LAG_MAX_NS = integer("pacing_lag_max_ns", "ns")
      .described("Kafka instrument: largest pacing lag of the run's sends.");
  public static final Column PACING_BURST_SHARE = number("pacing_burst_share", "fraction").since(6)
      .described("Kafka instrument: share of consecutive measured sends (pairs of sends seq, seq + 1 both sent) whose "
          + "send_ns differ by less than a quarter of the send interval, send_interval_ns / 4; empty with fewer than "
          + "two measured sends.");
  public static final Column PACER_SPIN_NS = integer("pacer_spin_ns", "ns")
      .described("Kafka instrument: the pacer parks until this long before each intended send, then spins.");
  public static final Column PACER_TIMERSLACK_NS = integer("pacer_timerslack_ns", "ns")
      .described("Kafka instrument: timer slack of the pacing thread as read back (empty: unreadable).");
  public static final Column SEND_SCHEDULE = string("send_schedule").since(2).absentIn(3)
      .described("Kafka instrument: id of the replay schedule (plan.json replay.schedules) the run's measured "
          + "sends followed; empty = one send every send_interval_ns.");
  public static final Column SEND_SCHEDULE_SHA256 = string("send_schedule_sha256").since(2).absentIn(3)
      .described("Kafka instrument: SHA-256 of that schedule's bytes (ftl replay-schedule), checked against the "
          + "plan before the campaign ran; empty for fixed-interval runs.");
  public static final Column ACK_NEGATIVE = integer("ack_negative", "count")
      .described("Kafka instrument: events with all three monotonic stamps and A = recv_ns - ack_ns < 0, tallied "
          + "during the run.");
  public static final Column FLIGHT_NEGATIVE = integer("flight_negative", "count")
      .described("Kafka instrument: events with T = recv_ns - send_ns < 0 (never expected on one clock).");
  public static final Column EVENTS_COMPLETE = integer("events_complete", "count")
      .described("Kafka instrument: events with send_ns, ack_ns and recv_ns.");
  public static final Column OMB_TAKEN = integer("omb_taken", "count")
      .described("Guard replica computed by the instrument during the run: delivered events.");
  public static final Column OMB_KEPT = integer("omb_kept", "count")
      .described("Guard replica: events with M = recv_ms - create_ms > 0.");
  public static final Column OMB_ZERO = integer("omb_zero", "count")
      .described("Guard replica: events with M = 0 (silently dropped by OpenMessaging Benchmark).");
  public static final Column OMB_NEGATIVE = integer("omb_negative", "count")
      .described("Guard replica: events with M < 0 (silently dropped).");
  public static final Column OMB_ONE_TICK_NEGATIVE = integer("omb_one_tick_negative", "count")
      .described("Guard replica: events with M = -1.");
  public static final Column OMB_RETENTION = number("omb_retention", "fraction")
      .described("Guard replica: omb_kept / omb_taken.");
  public static final Column LOADAVG_START = number("loadavg_start", "count")
      .described("One-minute load average of the host when the run started (/proc/loadavg).");
  public static final Column LOADAVG_END = number("loadavg_end", "count")
      .described("One-minute load average of the host when the run ended (/proc/loadavg).");
  public static final Column OTHER_CPU_PCT = number("other_cpu_pct", "percent")
      .described("CPU used during the run by processes other than the client JVM, the broker and the load "
          + "generator, as a share of all cores (from /proc/stat and /proc/<pid>/stat).");
  public static final Column OTHER_CPU_TOP = string("other_cpu_top").since(3)
      .described("Kafka instrument: the three other processes that used most CPU during the run, as comm:ticks (1 "
          + "tick = 10 ms of one core).");
  public static final Column STEAL_PCT = number("steal_pct", "percent").since(6)
      .described("Kafka instrument: steal time during the run, the change of the steal column of /proc/stat's cpu "
          + "line over the change of all its columns, in percent of all cores' time; empty when /proc/stat is missing "
          + "or unreadable.");
  public static final Column INTERRUPTS = integer("interrupts", "count").since(6)
      .described("Kafka instrument: interrupts serviced by the host during the run, the change of the first number "
          + "of /proc/stat's intr line; empty when /proc/stat is missing or unreadable.");
  public static final Column INSTRUMENT = string("instrument").oneOf(INSTRUMENT_WORDS)
      .wordSince(Instrument.RABBITMQ.word(), 7).wordSince(Instrument.NATS.word(), 7)
      .described("kafka (the Java instrument on a real Kafka broker; the default when absent), rabbitmq or nats (the "
          + "same Java instrument, its same stamps, on a real RabbitMQ or NATS JetStream server) or python-nojvm (the "
          + "no-JVM cross-check).");
  public static final Column SYSTEM = string("system").since(7).oneOf(SYSTEM_WORDS)
      .described("The messaging system the run measured: " + Instrument.systemWordsListed() + " (empty in ledgers "
          + "written before the column: kafka). The stamps keep their meaning on every system: ack_ns is the "
          + "producer callback, publisher confirm or PubAck; recv_ns the delivery to the application; create_ms the "
          + "producer's wall clock in whole milliseconds (kafka: the record's CreateTime, read inside send(); "
          + "rabbitmq and nats: read at publish and carried in the message body, as a harness carries its "
          + "millisecond send stamp).");
  public static final Column CLIENT_VERSION = string("client_version").since(7)
      .described("Version of the system's Java client library the instrument ran (kafka-clients, amqp-client, jnats).");
  public static final Column SERVER_VERSION = string("server_version").since(7)
      .described("Version of the server as it announced itself; for the embedded Kafka broker the version of the kafka "
          + "jar it runs, the archive's own (empty for an external Kafka cluster, which is not asked).");
  public static final Column OTHER_TASKS_CPU_PCT = number("other_tasks_cpu_pct", "percent").since(7)
      .described("CPU used during the run by every task (process or kernel thread) other than the client JVM, the "
          + "broker's or server's processes and the load generator, summed from each task's own run-time accounting "
          + "(/proc/<pid>/stat utime + stime, the change over the run; a task born during the run counted whole) over "
          + "all cores' time (/proc/stat), percent. Unlike other_cpu_pct, which is the host's busy time less ours "
          + "and so inherits the tick-sampled attribution of /proc/stat's cpu line (a send schedule phase-locked to "
          + "the kernel tick moves it by tens of points either way), it does not alias; interrupt time charged to no "
          + "task is in neither. Empty in ledgers written before the column.");
  public static final Column DRIVER_COUNTERS = string("driver_counters").since(7)
      .described("RabbitMQ and NATS runs: the counters the system's driver kept about how its stamps came, as "
          + "key=value pairs joined by ';' in key order (rabbitmq: confirms_multiple_covered, the acknowledgments that "
          + "arrived inside a multiple confirm and so share its ack_ns; nats: ack_thread, ack_path, "
          + "acks_on_sender_thread); empty for Kafka.");
  public static final Column QUEUE_TYPE = string("queue_type").since(8).oneOf(QueueType.words())
      .wordSince(QueueType.QUORUM.word(), 11)
      .described(
      "RabbitMQ runs: the kind of the run's fresh queue, declared over AMQP 0-9-1 with x-queue-type: classic "
          + "(consumed in no-ack mode), stream (durable, consumed from its first offset with a prefetch and manual "
          + "acknowledgments) or quorum (a durable replicated log, every message written before its confirm, "
          + "consumed in no-ack mode; version 11); empty for Kafka and NATS, and in ledgers written before the "
          + "column (classic).");
  public static final Column INSTRUMENT_WARMUP_EVENTS = integer("instrument_warmup_events", "count")
      .described("Kafka instrument: events sent and discarded after the campaign's broker started, before its "
          + "first run.");
  public static final Column BOOTSTRAP = string("bootstrap")
      .described("Kafka instrument: embedded (the campaign's own broker) or the host:port of an external cluster.");
  public static final Column HOST_CPU = string("host_cpu")
      .described("CPU model name from /proc/cpuinfo.");
  public static final Column HOST_CORES = integer("host_cores", "count")
      .described("Cores the client JVM may use.");
  public static final Column KERNEL = string("kernel")
      .described("Kernel release (/proc/sys/kernel/osrelease).");
  public static final Column CLOCKSOURCE = string("clocksource")
      .described("Current clocksource of the kernel.");
  public static final Column JVM = string("jvm")
      .described("Java VM name and runtime version of the client.");
  public static final Column KAFKA_VERSION = string("kafka_version")
      .described("Version and commit id of the Kafka client library.");
  public static final Column GIT_COMMIT = string("git_commit")
      .described("Commit of the archive the instrument was built from (the campaign runner refuses to start from a "
          + "tree with changes outside the campaign's own folder, so it is never -dirty in campaigns run from "
          + "then on).");
  public static final Column PLAN_SHA256 = string("plan_sha256").since(5).matching("[0-9a-f]{64}")
      .described("SHA-256 of the campaign's plan.json as the runner read it before the run: every row of a ledger "
          + "names one digest, the runner refuses to append under another, and the analysis refuses a ledger whose "
          + "digest is not that of the committed plan, so a criterion edited after the first run is visible from the "
          + "data alone (empty in ledgers written before the column).");
  public static final Column OTHER_RUN_PCT = number("other_run_pct", "percent").since(9)
      .described("The exact contention measure (issue #44): run time of every task (thread of a process, or kernel "
          + "thread) other than the client JVM's, the broker's or server's process tree's and the load generator's, "
          + "summed from each task's own scheduler accounting (first field of /proc/<pid>/task/<tid>/schedstat, ns "
          + "on a CPU; the change over the run, a task born during the run counted whole, one that ended lost), over "
          + "the run's wall time on every online core, percent. Accounted at every context switch, so it does not "
          + "alias with a send schedule locked to the kernel tick as other_cpu_pct does; interrupt time charged to "
          + "no task is in neither. Empty in ledgers written before the column.");
  public static final Column NANOTIME_COST_NS = number("nanotime_cost_ns", "ns").since(9)
      .described("The instrument's own timescale under the clock source in use: median over 21 batches of 20,000 "
          + "back-to-back System.nanoTime calls of the batch's time per call, taken just before the run. Empty in "
          + "ledgers written before the column.");
  public static final Column BOOT_ID = string("boot_id").since(9)
      .described("The host's boot (/proc/sys/kernel/random/boot_id): rows of one boot share one machine, kernel and "
          + "set of clock sources; a comparison across boots is a comparison across hosts. Empty in ledgers written "
          + "before the column.");
  public static final Column CLOCKSOURCES_AVAILABLE = string("clocksources_available").since(9)
      .described("The clock sources the kernel offered, space-separated in its order "
          + "(/sys/devices/system/clocksource/clocksource0/available_clocksource). Empty in ledgers written before the "
          + "column.");
  public static final Column TICK_HZ = integer("tick_hz", "count").since(9)
      .described(
      "The kernel's tick rate in ticks per second (CONFIG_HZ from /proc/config.gz or /boot/config-<release>; "
          + "empty where neither can be read, and in ledgers written before the column): the grid of /proc/stat's "
          + "tick-sampled accounting.");
  public static final Column CLOCKSOURCE_PLANNED = string("clocksource_planned").since(9)
      .described("The clock source the plan set for the run's block (plan field clocksource), applied and read back by "
          + "the runner before the block's broker started; empty when the plan sets none (the run then measured under "
          + "whatever the host had, recorded in clocksource).");
  public static final Column BROKERS = integer("brokers", "count").since(10)
      .described("Kafka instrument: the brokers of the cluster the run measured: of the local cluster the runner "
          + "started (plan field brokers; 1 = the single embedded broker), or as the admin client listed them for an "
          + "external cluster. Empty in ledgers written before the column (one broker).");
  public static final Column REPLICATION_FACTOR = integer("replication_factor", "count").since(10)
      .described("Kafka instrument: replicas of each partition of the run's fresh topic (condition field "
          + "replication_factor). Empty in ledgers written before the column (1).");
  public static final Column MIN_INSYNC_REPLICAS = integer("min_insync_replicas", "count").since(10)
      .described("Kafka instrument: the topic's min.insync.replicas (condition field min_insync_replicas). Empty in "
          + "ledgers written before the column (1, Kafka's default).");
  public static final Column CLUSTER_NETWORK = string("cluster_network").since(10)
      .described("Kafka instrument: how the brokers reach each other and the clients: loopback (the single embedded "
          + "broker on 127.0.0.1), loopback-addresses (a local cluster, broker n on 127.0.0.n of the loopback "
          + "device) or external (a cluster named with --bootstrap). Empty in ledgers written before the column.");
  public static final Column LEADER_BROKER = string("leader_broker").since(10)
      .described("Kafka instrument: the broker id leading each partition of the run's topic once its ISR was full, "
          + "before the first send (partitions in order, space-separated). Empty in ledgers written before the "
          + "column.");
  public static final Column ISR_START = string("isr_start").since(10)
      .described("Kafka instrument: the in-sync replicas of each partition once the topic's ISR was full, before the "
          + "first send: broker ids ascending joined by '+', partitions space-separated. Empty in ledgers written "
          + "before the column.");
  public static final Column ISR_END = string("isr_end").since(10)
      .described("Kafka instrument: the same as isr_start, read after the last receive, before the topic was deleted "
          + "(empty when the broker died).");
  public static final Column ISR_CHANGED = string("isr_changed").since(10).oneOf(YES_NO_WORDS)
      .described("Kafka instrument: yes when the topic's leader or ISR differed between start and end, or when a "
          + "broker of the local cluster logged an ISR shrink or expansion of the topic during the run (its "
          + "broker.log); no otherwise. A run whose ISR changed is counted and reported by the analysis, never "
          + "silently kept or dropped. Empty in ledgers written before the column.");
  public static final Column ACKS_COVERING_SEVERAL = integer("acks_covering_several", "count").since(11)
      .described("Measured events whose acknowledgment completed other messages with them (events column ack_covered "
          + "above 1: a RabbitMQ publisher confirm with multiple=true, whose one ack_ns every message it covers "
          + "shares); empty where the system does not say how many messages an acknowledgment completed (Kafka, "
          + "NATS) and in ledgers written before the column.");
  public static final Column BROKER_START_MS = integer("broker_start_ms", "ms").since(10)
      .described("Kafka instrument: how long the run's broker lifetime took to start, from the launch of the embedded "
          + "broker or local cluster (storage formatted, every broker JVM started) until it served (the cluster: "
          + "until the admin client listed every broker), in ms; empty for an external cluster and in ledgers "
          + "written before the column.");
  public static final Column STRATUM = integer("stratum", "count").since(12)
      .described(
      "Kafka instrument, a stratified plan (the host protocol, issue #53): the run's stratum, the boot's place "
          + "among the boots of the campaign's ledger (1 = the first boot that ran the protocol); every run of a "
          + "stratum shares one boot_id. Empty for a campaign run once, and in ledgers written before the column.");
  public static final Column STEAL_REPORTED = string("steal_reported").since(12).oneOf(YES_NO_WORDS)
      .described("Whether this boot reports steal time: yes when the steal column of /proc/stat's cpu line had moved "
          + "since boot when the run ended, no when it still read 0 (a guest without paravirtual steal accounting "
          + "cannot be told from one that was never preempted, so steal_pct is then empty, never 0). Empty where "
          + "/proc/stat cannot be read, and in ledgers written before the column.");
  public static final Column PREEMPTION = string("preemption").since(12)
      .described("The kernel's preemption model: none, voluntary, full or rt from its build configuration "
          + "(CONFIG_PREEMPT_NONE, _VOLUNTARY, CONFIG_PREEMPT, CONFIG_PREEMPT_RT in /proc/config.gz or "
          + "/boot/config-<release>), followed by \"(dynamic)\" when CONFIG_PREEMPT_DYNAMIC lets the boot choose and "
          + "by \"preempt=<word>\" when the kernel command line chose; empty where the configuration cannot be read, "
          + "and in ledgers written before the column.");
  public static final Column NANOTIME_GRANULARITY_NS = number("nanotime_granularity_ns", "ns").since(12)
      .described("The smallest positive step between consecutive System.nanoTime readings over 20,000 back-to-back "
          + "calls taken just before the run, ns: an upper bound on the resolution of the stamps' clock under the "
          + "clock source in use (a step below the call's cost is not seen). Empty in ledgers written before the "
          + "column.");
  public static final Column WIRE_CAPTURE = bool("wire_capture").since(13)
      .described("Kafka instrument, a plan field (issue #55): true when the run was captured on the loopback device "
          + "(tcpdump, nanosecond kernel stamps, the brokers' client ports) and its produce and fetch responses "
          + "decoded with Kafka's own protocol classes into the events columns produce_resp_ns and fetch_resp_ns (and "
          + "its produce requests into produce_req_ns, in ledgers with the column wire_produce_req); false or empty: "
          + "not captured.");
  public static final Column FOLLOWER_WAIT_MS = integer("follower_wait_ms", "ms").since(13)
      .described("Kafka instrument, a plan field (issue #55): the followers' fetch parked at the leader for this long: "
          + "every broker of the local cluster started with replica.fetch.wait.max.ms = this and "
          + "replica.fetch.min.bytes = 1,000,000 (above any batch of the run), so a follower's fetch is answered "
          + "when it times out; 0 or empty: Kafka's defaults (500 ms and 1 byte: a follower's fetch is answered as "
          + "soon as a record is there).");
  public static final Column CLUSTER_AGE_MS = integer("cluster_age_ms", "ms").since(13)
      .described("Kafka instrument, the embedded broker or local cluster: time from the moment it served to the run's "
          + "start, ms (the start-up transient of issue #55 is excluded by a plan's cluster_warmup_s); empty for an "
          + "external cluster and in ledgers written before the column.");
  public static final Column WIRE_PACKETS = integer("wire_packets", "count").since(13)
      .described("Wire capture: packets in the run's capture file; empty when not captured.");
  public static final Column WIRE_DROPPED = integer("wire_dropped", "count").since(13)
      .described("Wire capture: packets the kernel dropped before tcpdump read them, as tcpdump reported on stopping "
          + "(empty when it did not say or the run was not captured).");
  public static final Column WIRE_GAPS = integer("wire_gaps", "count").since(13)
      .described(
      "Wire capture: TCP sequence gaps in the broker connections (segments the capture lacks); a frame cut by "
          + "one is not decoded. Empty when not captured.");
  public static final Column WIRE_BOTH = integer("wire_both", "count").since(13)
      .described("Wire capture: measured events whose produce response and fetch response were both found on the wire "
          + "(events columns produce_resp_ns and fetch_resp_ns both filled). Empty when not captured.");
  public static final Column WIRE_MISSED = integer("wire_missed", "count").since(13)
      .described("Wire capture: measured events with an acknowledgment and a delivery whose produce or fetch response "
          + "the capture lacks; counted, never dropped (their wire cells are empty). Empty when not captured.");
  public static final Column WIRE_OFFSET_MISMATCHES = integer("wire_offset_mismatches", "count").since(13)
      .described("Wire capture: measured events whose produce response (base offset plus place in the batch) and fetch "
          + "response named different offsets; 0 when the join by record key agrees with the join by offset.");
  public static final Column WIRE_ALIGN_ERR_NS = integer("wire_align_err_ns", "ns").since(13)
      .described("Wire capture: the alignment error of the capture's clock (CLOCK_REALTIME) to the stamps' monotonic "
          + "clock: the 99th percentile over the run's sends of how far one paired reading (send_us * 1000 + 500 - "
          + "send_ns) lies from the median of the 101 readings around it, ns; an upper bound on the error of the local "
          + "median used to move each wire stamp onto the monotonic clock.");
  public static final Column WIRE_ALIGN_DRIFT_NS = integer("wire_align_drift_ns", "ns").since(13)
      .described("Wire capture: the change of the wall-minus-monotonic offset over the run (last local median minus "
          + "first), ns: the wall clock's slew, followed by the local medians.");
  public static final Column WIRE_FOLLOWER_WAIT_P50_US = number("wire_follower_wait_p50_us", "us").since(13)
      .described(
      "Wire capture: median over the run of the followers' fetch waits at the leader (the response's capture "
          + "stamp minus its request's), us; empty when no follower fetch was seen (one replica).");
  public static final Column WIRE_FOLLOWER_MAX_WAIT_MS = integer("wire_follower_max_wait_ms", "ms").since(13)
      .described("Wire capture: the max_wait_ms the followers' fetch requests carried, read from the wire (the broker "
          + "setting replica.fetch.wait.max.ms as sent); empty when no follower fetch was seen.");
  public static final Column WIRE_FOLLOWER_MIN_BYTES = integer("wire_follower_min_bytes", "bytes").since(13)
      .described("Wire capture: the min_bytes the followers' fetch requests carried, read from the wire; empty when no "
          + "follower fetch was seen.");
  public static final Column WIRE_CONSUMER_WAIT_P50_US = number("wire_consumer_wait_p50_us", "us").since(13)
      .described(
      "Wire capture: median over the run's consumer fetches that delivered a measured record of their wait at "
          + "the leader (response stamp minus request stamp), us.");
  public static final Column WIRE_CONSUMER_FETCHES = integer("wire_consumer_fetches", "count").since(13)
      .described("Wire capture: the consumer's fetch responses that delivered at least one measured record.");
  public static final Column WIRE_CONSUMER_TIMEOUTS = integer("wire_consumer_timeouts", "count").since(13)
      .described("Wire capture: of wire_consumer_fetches, those answered only when the fetch's own max_wait_ms ran out "
          + "(response stamp minus request stamp at least max_wait_ms, read from the request): a delivery held by the "
          + "consumer's settings (fetch.min.bytes above a batch), not released by the record becoming readable.");
  public static final Column CLIENT_CONFIG = string("client_config").since(14)
      .described("Kafka instrument, an external cluster: what --client-config set, secrets left out: security.protocol "
          + "and sasl.mechanism as key=value, every other key (sasl.jaas.config, ssl.*) by name only, never a value. "
          + "Empty without a client config, and in ledgers written before the column.");
  public static final Column TOPIC_EXISTING = string("topic_existing").since(14).oneOf(YES_NO_WORDS)
      .described("Kafka instrument: yes when the run used an existing topic named with --topic (its partitions, "
          + "replication_factor and min_insync_replicas as the cluster described them), no when it created and "
          + "deleted its own. Empty in ledgers written before the column.");
  /** The word of {@link #REGISTERED} for a campaign of the archive's {@code data/}, run under its rules. */
  public static final String REGISTERED_YES = "yes";
  /** The word of {@link #REGISTERED} for a workspace anywhere else (and a smoke campaign): unregistered. */
  public static final String REGISTERED_NO = "no";
  public static final Column REGISTERED = string("registered").since(14).oneOf(YES_NO_WORDS)
      .described("Whether the campaign is registered in the archive: yes for a campaign folder of the archive's data/, "
          + "run under its rules (plan.json committed in the folder before the first run, the work tree otherwise "
          + "clean); no for a practitioner's workspace anywhere else (or a smoke campaign), where git is optional: "
          + "its plan's criteria give no confirmatory verdict. Empty in ledgers written before the column.");
  public static final Column FTL_VERSION = string("ftl_version").since(14)
      .described("The version of ftl that ran the campaign (pom.xml's, as ftl --version prints it). Empty in ledgers "
          + "written before the column.");
  public static final Column FTL_BUILD_SHA256 = string("ftl_build_sha256").since(14).matching("[0-9a-f]{64}")
      .described("The digest of the build that ran: SHA-256 over every file under ftl/ (classes and resources) of the "
          + "jar or class folder the runner was loaded from, by name in byte order, each as its name, its length and "
          + "its bytes; the same sources built twice give the same digest (a jar's own bytes carry its build time). "
          + "Empty when the code's location cannot be read, and in ledgers written before the column.");
  public static final Column WORKSPACE_COMMIT = string("workspace_commit").since(14).matching("[0-9a-f]{40}")
      .described("The commit checked out in the git work tree that holds the campaign folder (git rev-parse HEAD "
          + "there); empty when the folder is in no git work tree (a workspace without git), and in ledgers written "
          + "before the column. git_commit names the commit of ftl's own checkout.");
  public static final Column WORKSPACE_DIRTY = string("workspace_dirty").since(14).oneOf(YES_NO_WORDS)
      .described("yes when that work tree had changes outside the campaign folder (tracked or untracked, ignored files "
          + "aside) or the folder's plan.json was not committed unchanged when the run started, so workspace_commit "
          + "does not name all that ran; no when it named it exactly; empty when the folder is in no git work tree, "
          + "and in ledgers written before the column.");
  public static final Column WIRE_PRODUCE_REQ = integer("wire_produce_req", "count").since(15)
      .described("Wire capture: measured events whose produce request was found on the wire (events column "
          + "produce_req_ns filled: the first request that carried the record, a retry leaving it). Empty when not "
          + "captured, and in ledgers written before the column (their events files lack produce_req_ns).");
  public static final Column MAX_IN_FLIGHT = integer("max_in_flight", "count").since(15)
      .described("Kafka instrument, a plan field: the producer's max.in.flight.requests.per.connection, 1..5 (the "
          + "idempotent producer allows at most 5): how many produce requests may wait for their responses at once, "
          + "so how long a record may queue in the producer before its request reaches the wire; 5, Kafka's default, "
          + "or empty in ledgers written before the column.");
  public static final Column SEND_LAG_P99_NS = integer("send_lag_p99_ns", "ns").notWrittenByTheHarness()
      .described("No-JVM cross-check: 99th percentile over the run's sends of the send lag, achieved minus "
          + "intended send time.");

  /** Every column, in the order the Kafka instrument writes them, then the columns of other instruments. */
  public static final List<Column> COLUMNS = List.of(
      RUN_ID, CONDITION, STATUS, EVENTS_FILE, EVENTS_SHA256, REASON, REPEAT, ORDER_INDEX, BLOCK, BROKER_LIFETIME,
      STARTED_AT, DURATION_MS, SEND_INTERVAL_NS, PAYLOAD_BYTES, ACKS, LINGER_MS, PARTITIONS, TOPIC, EVENTS_PLANNED,
      WARMUP_RULE, WARMUP_EVENTS, WARMUP_CONVERGED, EVENTS_WRITTEN, ACKS_MISSING, RECVS_MISSING, SEND_ERRORS,
      DUPLICATES, PRIORITY,
      PRIORITY_APPLIED, GEOMETRY, GEOMETRY_APPLIED, STAMP_THREADS, JVM_THREADS, JVM_THREADS_LATE, PRIORITY_RESTORED,
      SCHED_RT_RUNTIME_US, SCHED_RT_PERIOD_US, CLOCK_OFFSET_US, CREATE_MS_MISMATCH, FETCH_MIN_BYTES,
      FETCH_MAX_WAIT_MS, BROKER_CPUS, LOAD_PCT, LOAD_APPLIED, LOAD_MEASURED_PCT, START_PHASE_US, FIRST_SEND_PHASE_US,
      PACING_LAG_P50_NS, PACING_LAG_P99_NS, PACING_LAG_MAX_NS, PACING_BURST_SHARE, PACER_SPIN_NS, PACER_TIMERSLACK_NS,
      SEND_SCHEDULE,
      SEND_SCHEDULE_SHA256, ACK_NEGATIVE, FLIGHT_NEGATIVE, EVENTS_COMPLETE, OMB_TAKEN, OMB_KEPT, OMB_ZERO,
      OMB_NEGATIVE, OMB_ONE_TICK_NEGATIVE, OMB_RETENTION, LOADAVG_START, LOADAVG_END, OTHER_CPU_PCT, OTHER_CPU_TOP,
      STEAL_PCT, INTERRUPTS, INSTRUMENT, INSTRUMENT_WARMUP_EVENTS, BOOTSTRAP, HOST_CPU, HOST_CORES, KERNEL,
      CLOCKSOURCE, JVM, KAFKA_VERSION,
      GIT_COMMIT, PLAN_SHA256, SYSTEM, CLIENT_VERSION, SERVER_VERSION, OTHER_TASKS_CPU_PCT, DRIVER_COUNTERS, QUEUE_TYPE,
      OTHER_RUN_PCT, NANOTIME_COST_NS, BOOT_ID, CLOCKSOURCES_AVAILABLE, TICK_HZ, CLOCKSOURCE_PLANNED,
      BROKERS, REPLICATION_FACTOR, MIN_INSYNC_REPLICAS, CLUSTER_NETWORK, LEADER_BROKER, ISR_START, ISR_END, ISR_CHANGED,
      BROKER_START_MS, ACKS_COVERING_SEVERAL, STRATUM, STEAL_REPORTED, PREEMPTION, NANOTIME_GRANULARITY_NS,
      WIRE_CAPTURE, FOLLOWER_WAIT_MS, CLUSTER_AGE_MS, WIRE_PACKETS, WIRE_DROPPED, WIRE_GAPS, WIRE_BOTH, WIRE_MISSED,
      WIRE_OFFSET_MISMATCHES, WIRE_ALIGN_ERR_NS, WIRE_ALIGN_DRIFT_NS, WIRE_FOLLOWER_WAIT_P50_US,
      WIRE_FOLLOWER_MAX_WAIT_MS,
      WIRE_FOLLOWER_MIN_BYTES, WIRE_CONSUMER_WAIT_P50_US, WIRE_CONSUMER_FETCHES, WIRE_CONSUMER_TIMEOUTS,
      CLIENT_CONFIG, TOPIC_EXISTING, REGISTERED, FTL_VERSION, FTL_BUILD_SHA256, WORKSPACE_COMMIT, WORKSPACE_DIRTY,
      WIRE_PRODUCE_REQ, MAX_IN_FLIGHT, SEND_LAG_P99_NS);

  /**
   * The manipulation columns: a run enters a manipulation ratio only when each of them is empty (a ledger
   * written before the column) or {@link #APPLIED}. The one rule, {@link #manipulationsApplied}.
   */
  public static final List<Column> MANIPULATIONS = List.of(PRIORITY_APPLIED, GEOMETRY_APPLIED, LOAD_APPLIED);

  /**
   * Version of this declaration, published in the data dictionary: the newest {@link Version}, the latest version a
   * column's declaration names, its {@link Column#since} or an allowed word's ({@link Column#wordSince()}): a new
   * column or a new word declared with {@code since(VERSION + 1)} is the new version.
   */
  public static final int VERSION = COLUMNS.stream().mapToInt(Column::latest).max().orElse(1);

  private static final Map<String, Column> BY_NAME;

  static {
    Map<String, Column> m = new LinkedHashMap<>();
    for (Column c : COLUMNS) {
      if (m.put(c.name(), c) != null) {
        throw new ExceptionInInitializerError("column declared twice: " + c.name());
      }
    }
    BY_NAME = Collections.unmodifiableMap(m);
  }

  /** The column named {@code name}, if declared. */
  public static Optional<Column> column(String name) {
    return Optional.ofNullable(BY_NAME.get(name));
  }

  /** The columns the Kafka instrument writes, in order: the header of a ledger of the newest {@link Version}. */
  public static List<String> harnessColumns() {
    return COLUMNS.stream().filter(Column::writtenByHarness).map(Column::name).toList();
  }

  /**
   * True when an {@link #ISR_START} or {@link #ISR_END} cell holds, for every partition, {@code replicas} broker ids
   * (the ISR is full): the runner's condition for a run's first send, and what the analysis counts.
   */
  public static boolean isrFull(String isrCell, int replicas) {
    if (isrCell.isBlank()) {
      return false;
    }
    for (String partition : isrCell.strip().split(" ")) {
      if (partition.isEmpty() || partition.split("\\+").length != replicas) {
        return false;
      }
    }
    return true;
  }

  /**
   * True when the manipulations a row records were all read back as applied: every {@link #MANIPULATIONS} cell
   * empty or {@link #APPLIED}.
   */
  public static boolean manipulationsApplied(Map<String, String> cells) {
    for (Column c : MANIPULATIONS) {
      String v = cells.getOrDefault(c.name(), "");
      if (!v.isEmpty() && !v.equals(APPLIED)) {
        return false;
      }
    }
    return true;
  }

  /**
   * One layout of the Kafka instrument's ledgers, derived from the columns' own declarations: the harness's columns
   * in their order, less those introduced later ({@link Column#since}) or absent from it ({@link Column#absentIn}).
   * What each version changed ({@link #changes}: columns added or dropped, words allowed) is derived from the same
   * declarations, never kept by hand; {@code LedgerSchemaTest} pins the chain of the versions published so far against
   * {@code src/test/resources/ftl/data/ledger/layouts.txt}, with the reason of each (so a published layout is never
   * rewritten), and checks which layout each committed ledger has.
   *
   * @param number 1 to {@link #VERSION}
   */
  public record Version(int number) {
    public Version {
      if (number < 1 || number > VERSION) {
        throw new IllegalArgumentException("no ledger layout " + number + " (1.." + VERSION + ")");
      }
    }

    /** Every layout, oldest first. */
    public static List<Version> all() {
      List<Version> out = new ArrayList<>();
      for (int n = 1; n <= VERSION; n++) {
        out.add(new Version(n));
      }
      return out;
    }

    /** The header of a ledger of this version. */
    public List<String> columns() {
      return COLUMNS.stream().filter(c -> c.writtenByHarness() && c.in(number)).map(Column::name).toList();
    }

    /** The version whose header is exactly {@code header}, if any (the oldest, when several share it). */
    public static Optional<Version> of(List<String> header) {
      return all().stream().filter(v -> v.columns().equals(header)).findFirst();
    }

    /**
     * What this version changed from the one before, in declaration order: {@code +column} for a column it added (every
     * declared column, the other instruments' too), {@code -column} for one it lacks that the one before had, and
     * {@code column=word} for an allowed word it added to an older column. Version 1 adds its columns.
     */
    public List<String> changes() {
      List<String> out = new ArrayList<>();
      for (Column c : COLUMNS) {
        boolean before = number > 1 && c.in(number - 1);
        if (c.in(number) && !before) {
          out.add("+" + c.name());
        } else if (before && !c.in(number)) {
          out.add("-" + c.name());
        }
      }
      for (Column c : COLUMNS) {
        for (String w : c.allowed()) {
          if (c.since(w) == number && c.since() != number) {
            out.add(c.name() + "=" + w);
          }
        }
      }
      return out;
    }
  }

  /**
   * The ledger's fields as the Frictionless Table Schema of {@code data/datapackage.json} writes them: name,
   * type, unit, constraints ({@code required}, {@code unique}, {@code enum}, {@code pattern}), description.
   */
  public static List<Map<String, Object>> fieldsJson() {
    List<Map<String, Object>> out = new ArrayList<>();
    for (Column c : COLUMNS) {
      Map<String, Object> f = new LinkedHashMap<>();
      f.put("name", c.name());
      f.put("type", c.type().word());
      if (!c.unit().isEmpty()) {
        f.put("unit", c.unit());
      }
      Map<String, Object> k = new LinkedHashMap<>();
      if (c.required()) {
        k.put("required", true);
      }
      if (c.unique()) {
        k.put("unique", true);
      }
      if (!c.allowed().isEmpty()) {
        k.put("enum", c.allowed());
      }
      if (!c.pattern().isEmpty()) {
        k.put("pattern", c.pattern());
      }
      if (!k.isEmpty()) {
        f.put("constraints", k);
      }
      f.put("description", c.description());
      out.add(f);
    }
    return out;
  }
}
