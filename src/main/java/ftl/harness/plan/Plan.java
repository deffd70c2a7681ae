package ftl.harness.plan;

import com.fasterxml.jackson.databind.JsonNode;
import ftl.data.io.Echo;
import ftl.data.ledger.Instrument;
import ftl.data.ledger.LedgerReader;
import ftl.data.ledger.LedgerSchema;
import ftl.stats.SplitMix64;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A parsed {@code plan.json}: the conditions of a campaign, fixed before its runs. The whole schema, every field
 * with its default and its checks, is in the package doc of {@code ftl.harness} and in {@link PlanParser}; the
 * run order is {@link #schedule()}.
 *
 * @param campaign     campaign name, also the default output folder {@code data/<campaign>/}
 * @param description  free text
 * @param seed         seed of the run order shuffle (and, with blocks, of every block's own shuffle)
 * @param warmupRule   the rule that excludes a warm-up period from every run: {@link #WARMUP_RULE} ({@code
 *     first_sends},
 *                     the first {@code warmup_events} sends) or {@link StableFlights#RULE} ({@code stable_flights})
 * @param conditions   explicit conditions first, then the matrix expansion, names unique
 * @param predictions  the free {@code predictions} object, carried as written (null node when absent)
 * @param replay       the {@code replay} section (inputs and schedules), or null when the plan has none
 * @param scheduleOf   condition name -> schedule id, for the conditions whose sends follow a replay schedule
 *                     (every other condition sends every {@code send_interval})
 * @param blocks       replication by broker lifetime: the number of blocks (1..{@value #MAX_BLOCKS}), each running
 *                     every condition its {@code repeats} times on a freshly started broker; 0 = the plan has no
 *                     {@code blocks} field (one shuffle of every run, one broker for as long as it lives)
 * @param stableFlights the parameters of the {@code stable_flights} warm-up rule, or null under {@code first_sends}
 *                     (every condition's {@code warmupEvents} is then the rule's {@code max_events}: the slots
 *                     reserved)
 * @param system       the messaging system every run of the plan measures, a {@code system} word of the ledger
 *                     ({@code kafka}, the default, {@code rabbitmq} or {@code nats}); on a system other than Kafka a
 *                     condition may vary only what that system's run applies ({@link #SYSTEM_FIELDS})
 * @param firstSendsConditions the conditions that take the {@code first_sends} warm-up of their own
 *                     {@code warmup_events} under a {@code stable_flights} plan (condition field
 *                     {@code warmup_first_sends}: a run design of short runs, issue #44); empty otherwise
 * @param clocksources the kernel clock source of each block, block {@code b} (from 1) taking element
 *                     {@code (b - 1) mod size} (plan field {@code clocksource}, a word or a list of words); empty when
 *                     the plan sets none (the runs then measure under whatever the host has)
 * @param brokers      Kafka only: the brokers of the local cluster the runner starts for each block (plan field
 *                     {@code brokers}, 1..{@value #MAX_BROKERS}; 1, the default, is the single embedded broker of every
 *                     campaign before {@code cluster}); every condition's {@code replication_factor} is at most this
 * @param strata       the host protocol's strata (issue #53: one stratum of {@code blocks} blocks per boot, {@link
 *     Strata}),
 *                     or null for a campaign run once
 * @param blockLead    the condition that opens every block, once, before the block's shuffled runs (plan field
 *                     {@code block_lead}: a run the analysis leaves out by the plan's own rule, so that no measured run
 *                     is a fresh broker's first); "" when the plan has none
 * @param clusterWarmupSeconds how long a freshly started broker or local cluster is warmed by the instrument's warm-up
 *                     runs before a run of the plan (plan field {@code cluster_warmup_s}, issue #55: the start-up
 *                     transient of a fresh cluster kept out of every run); 0, the default, one instrument warm-up
 */
// Seventeen components: the plan file's whole schema, one per top-level field that shapes the runs (a format's header).
public record Plan(String campaign, String description, long seed, String warmupRule,
                   List<Condition> conditions, JsonNode predictions, ReplaySpec replay, Map<String, String> scheduleOf,
                   int blocks, StableFlights stableFlights, String system, Set<String> firstSendsConditions,
                   List<String> clocksources, int brokers, Strata strata, String blockLead, int clusterWarmupSeconds) {

  /** A clock source word: what {@code /sys/devices/system/clocksource/clocksource0/available_clocksource} lists. */
  private static final Pattern CLOCKSOURCE = Pattern.compile("[a-z][a-z0-9_-]{0,31}");

  /**
   * The condition fields a plan on a system other than Kafka may set: what the run on RabbitMQ or NATS applies
   * ({@code ftl.harness.system.SystemCampaignRun}). Besides the sends and the start phase, the manipulations it
   * applies with the Kafka run's own code: {@code priority} and {@code geometry} on the two stamping threads (the
   * client's completion thread and the delivery thread) and the background {@code load_pct}. It has no Kafka client
   * settings ({@code acks}, {@code linger_ms}, {@code partitions}, {@code fetch_min_bytes}, {@code fetch_max_wait_ms}),
   * and does not apply {@code broker_cpus} or {@code clock_offset_us} (nor a replay {@code schedule}), so a plan
   * asking for one is refused by name rather than run without it. RabbitMQ's own field is {@link #RABBITMQ_FIELDS}.
   */
  public static final Set<String> SYSTEM_FIELDS = Set.of("name", "send_interval", "send_interval_ns", "payload_bytes",
      "events", "warmup_events", "repeats", "start_phase_us", "priority", "geometry", "load_pct");

  /**
   * RabbitMQ's own condition field: {@code queue_type}, the kind of queue its run declares ({@code classic}, the
   * default, or {@code stream}); refused on Kafka and NATS, which have no such queue.
   */
  public static final Set<String> RABBITMQ_FIELDS = Set.of("queue_type");

  /** True when the plan's runs are on Kafka (the instrument's Kafka run, every manipulation). */
  public boolean onKafka() { return system.equals(Instrument.KAFKA.word()); }

  /** Largest {@code brokers}: a local cluster of five (a 2-core machine runs three with room for the clients). */
  public static final int MAX_BROKERS = 5;

  /** Largest {@code blocks}. */
  public static final int MAX_BLOCKS = 1000;
  /** The most runs a plan may schedule: the most rows a ledger may hold for the analysis to read it. */
  public static final int MAX_RUNS = LedgerReader.MAX_ROWS;

  /**
   * The default warm-up rule, {@code first_sends}: the first {@code warmup_events} sends of every run are paced like
   * the others and not written (the other rule is {@link StableFlights#RULE}).
   */
  public static final String WARMUP_RULE = LedgerSchema.WARMUP_RULE_FIRST_SENDS;
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]+");

  public Plan {
    Objects.requireNonNull(campaign, "campaign");
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(warmupRule, "warmup");
    Objects.requireNonNull(system, "system");
    if (!LedgerSchema.SYSTEM_WORDS.contains(system)) {
      throw new Condition.InvalidField("system", "must be one of " + String.join(", ", LedgerSchema.SYSTEM_WORDS)
          + " (was \"" + Echo.of(system) + "\")");
    }
    if (!system.equals(Instrument.KAFKA.word()) && (stableFlights != null || replay != null)) {
      throw new Condition.InvalidField(stableFlights != null ? "warmup" : "replay",
          "applies to kafka plans only: a run on "
          + system + " takes the first_sends warm-up and sends every send_interval");
    }
    conditions = List.copyOf(conditions);
    scheduleOf = Map.copyOf(scheduleOf);
    firstSendsConditions = Set.copyOf(firstSendsConditions);
    clocksources = List.copyOf(clocksources);
    for (String cs : clocksources) {
      if (!CLOCKSOURCE.matcher(cs).matches()) {
        throw new Condition.InvalidField("clocksource", "must be a clock source word like tsc or kvm-clock (was \""
            + Echo.of(cs) + "\")");
      }
    }
    if (!clocksources.isEmpty() && !system.equals(Instrument.KAFKA.word())) {
      throw new Condition.InvalidField("clocksource", "applies to kafka plans only (so far)");
    }
    if (brokers < 1 || brokers > MAX_BROKERS) {
      throw new Condition.InvalidField("brokers", "must be an integer 1.." + MAX_BROKERS + " (was " + brokers + ")");
    }
    if (brokers != 1 && !system.equals(Instrument.KAFKA.word())) {
      throw new Condition.InvalidField("brokers", "applies to kafka plans only: a run on " + system
          + " has one server");
    }
    for (Condition c : conditions) {
      if (c.get(ConditionDefaults.FOLLOWER_WAIT_MILLIS) > 0 && brokers < 2) {
        throw new Condition.InvalidField(c.name() + ".follower_wait_ms",
            "needs followers: a plan of at least 2 brokers "
            + "(was " + brokers + ")");
      }
      if (c.replicationFactor() > brokers) {
        throw new Condition.InvalidField(c.name() + ".replication_factor", "must be at most the plan's brokers ("
            + brokers
            + (brokers == 1 ? ", the default" : "") + ") (was " + c.replicationFactor() + "): a plan for a cluster of "
            + c.replicationFactor() + " says \"brokers\": " + c.replicationFactor()
            + " (the runner starts that many, or checks that --bootstrap's cluster has them)");
      }
    }
    if (!firstSendsConditions.isEmpty() && stableFlights == null) {
      throw new Condition.InvalidField("warmup_first_sends", "applies under the stable_flights warm-up rule only (a "
          + "first_sends plan gives each condition its warmup_events)");
    }
    if (!system.equals(Instrument.RABBITMQ.word())) {
      for (Condition c : conditions) {
        if (c.queueType() != ConditionDefaults.QUEUE_TYPE) {
          throw new Condition.InvalidField(c.name() + ".queue_type", "applies to rabbitmq plans only: a run on "
              + system
              + " has no queue of that kind to declare");
        }
      }
    }
    if (clusterWarmupSeconds < 0 || clusterWarmupSeconds > 3600) {
      throw new Condition.InvalidField("cluster_warmup_s", "must be an integer 0..3600 (was " + clusterWarmupSeconds
          + ")");
    }
    if (clusterWarmupSeconds > 0 && !system.equals(Instrument.KAFKA.word())) {
      throw new Condition.InvalidField("cluster_warmup_s", "applies to kafka plans only (so far)");
    }
    Objects.requireNonNull(blockLead, "blockLead");
    if (!blockLead.isEmpty()) {
      Condition lead = conditions.stream().filter(c -> c.name().equals(blockLead)).findFirst().orElseThrow(
          () -> new Condition.InvalidField("block_lead", "names no condition of the plan (was \"" + Echo.of(blockLead)
          + "\")"));
      if (lead.repeats() != 1 || blocks < 1) {
        throw new Condition.InvalidField("block_lead", "must name a condition of one repeat in a plan with blocks");
      }
    }
    if (strata != null) {
      if (blocks < 1) {
        throw new Condition.InvalidField("strata", "a stratified plan has blocks (each boot runs them all)");
      }
      if (!clocksources.isEmpty()) {
        throw new Condition.InvalidField("clocksource",
            "a stratified plan names its clock sources in strata.clocksources");
      }
      if (!system.equals(Instrument.KAFKA.word())) {
        throw new Condition.InvalidField("strata", "applies to kafka plans only (so far)");
      }
    }
    if (!NAME.matcher(campaign).matches()) {
      throw new Condition.InvalidField("campaign", "must match [A-Za-z0-9._-]+ (was \"" + campaign + "\")");
    }
    if (blocks < 0 || blocks > MAX_BLOCKS) {
      throw new Condition.InvalidField("blocks", "must be an integer 1.." + MAX_BLOCKS + " (was " + blocks + ")");
    }
    if ((stableFlights != null) != StableFlights.RULE.equals(warmupRule)) {
      throw new Condition.InvalidField("warmup", "the stable_flights rule and its parameters come together");
    }
    if (conditions.isEmpty()) {
      throw new Condition.InvalidField("conditions", "the plan has no condition (give \"conditions\" or \"matrix\")");
    }
    long runs = 0;
    for (Condition c : conditions) {
      runs += c.repeats(); // at most 100,000 conditions of at most 100,000 repeats: no overflow
    }
    if (runs * Math.max(blocks, 1) > MAX_RUNS) {
      throw new Condition.InvalidField("conditions", "the plan schedules " + runs * Math.max(blocks, 1) + " runs ("
          + conditions.size() + " conditions, their repeats" + (blocks > 1 ? ", " + blocks + " blocks" : "")
          + "), more than the "
          + MAX_RUNS + " a campaign's ledger may hold; refused before any work");
    }
    Set<String> names = new HashSet<>();
    for (Condition c : conditions) {
      if (!names.add(c.name())) {
        throw new Condition.InvalidField("conditions", "condition name \"" + c.name() + "\" appears twice");
      }
      String sid = scheduleOf.get(c.name());
      if (sid != null) {
        ReplaySpec.Schedule s = replay == null ? null : replay.schedules().get(sid);
        if (s == null) {
          throw new Condition.InvalidField(c.name() + ".schedule", "names no schedule of the plan's replay section (\""
              + sid + "\")");
        }
        if (c.sendIntervalNanos() != s.options().meanGapNanos()) {
          throw new Condition.InvalidField(c.name() + ".send_interval", "must equal the mean gap of its schedule "
              + sid + " ("
              + Durations.format(s.options().meanGapNanos())
              + "): warm-up sends are paced at it, and it is the rate compared with controls");
        }
        if (c.events() > s.sends()) {
          throw new Condition.InvalidField(c.name() + ".events", "asks for " + c.events() + " events; schedule " + sid
              + " has " + s.sends() + " sends");
        }
      }
    }
    for (String n : scheduleOf.keySet()) {
      if (!names.contains(n)) {
        throw new Condition.InvalidField("conditions", "a schedule is bound to no condition named \"" + n + "\"");
      }
    }
  }

  /** True when the plan has a {@code blocks} field: replication by broker lifetime. */
  public boolean blocked() { return blocks > 0; }

  /**
   * One scheduled run: a condition, its repeat number (1-based; with blocks, within its block), its place in the run
   * order (0-based) and its block (1-based; 0 when the plan has no blocks).
   */
  public record ScheduledRun(String runId, Condition condition, int repeat, int orderIndex, int block) {
  }

  /**
   * The run order. The same plan always gives the same schedule, which is what {@code campaign resume} relies on;
   * run ids are {@code r0001, r0002, ...} in execution order (at least four digits, more when the runs need them).
   * <ul>
   *   <li>Without {@code blocks}: every condition x repeat, the list built in plan order (condition by condition,
   *       repeat 1..n), then shuffled once with {@code Collections.shuffle(list, new java.util.Random(seed))}.</li>
   *   <li>With {@code blocks = N}: block 1, then block 2, ... block N. Block {@code b} holds every condition x repeat
   *       (repeat 1..n within the block), built in plan order and shuffled with
   *       {@code Collections.shuffle(list, new java.util.Random(blockSeed(seed, b)))}, {@link #blockSeed}: each
   *       block has its own order, and a block's order does not depend on how many blocks the plan has.</li>
   * </ul>
   */
  public List<ScheduledRun> schedule() {
    if (strata != null) {
      throw new IllegalStateException("a stratified plan is scheduled one boot at a time (Strata.schedule)");
    }
    List<Object[]> slots = new ArrayList<>();
    if (!blocked()) {
      slots.addAll(blockSlots(0));
      Collections.shuffle(slots, new Random(seed));
    } else {
      for (int b = 1; b <= blocks; b++) {
        slots.addAll(orderedBlockSlots(b));
      }
    }
    List<ScheduledRun> runs = new ArrayList<>(slots.size());
    int width = Math.max(4, String.valueOf(slots.size()).length());
    for (int i = 0; i < slots.size(); i++) {
      String id = String.format(Locale.ROOT, "r%0" + width + "d", i + 1);
      runs.add(new ScheduledRun(id, (Condition) slots.get(i)[0], (Integer) slots.get(i)[1], i,
          (Integer) slots.get(i)[2]));
    }
    return List.copyOf(runs);
  }

  /**
   * The runs of block {@code b} (1-based) in their order, as {@link #schedule()} places them: the block's shuffle, with
   * the {@link #blockLead} condition taken out of it and put first. Run ids and order indices are those of the block
   * alone (from {@code r0001} and 0); the callers number them in the campaign.
   */
  public List<ScheduledRun> blockOrder(int b) {
    List<Object[]> slots = orderedBlockSlots(b);
    List<ScheduledRun> out = new ArrayList<>(slots.size());
    for (int i = 0; i < slots.size(); i++) {
      out.add(new ScheduledRun(String.format(Locale.ROOT, "r%04d", i + 1), (Condition) slots.get(i)[0],
          (Integer) slots.get(i)[1], i, b));
    }
    return out;
  }

  private List<Object[]> orderedBlockSlots(int b) {
    return groupedByBrokerSetting(shuffledBlockSlots(b), b);
  }

  /**
   * The block's runs grouped by the brokers' own setting ({@code follower_wait_ms}, a setting a broker reads at start):
   * each group runs on a cluster started for it, the groups in an order drawn from the block's seed, each group's runs
   * in their shuffled order. A plan whose conditions share one setting keeps its shuffle unchanged.
   */
  private List<Object[]> groupedByBrokerSetting(List<Object[]> order, int b) {
    List<Long> settings = new ArrayList<>();
    for (Object[] o : order) {
      long w = ((Condition) o[0]).get(ConditionDefaults.FOLLOWER_WAIT_MILLIS);
      if (!settings.contains(w)) {
        settings.add(w);
      }
    }
    if (settings.size() < 2) {
      return order;
    }
    Collections.sort(settings);
    Collections.shuffle(settings, new Random(~blockSeed(seed, b)));
    List<Object[]> out = new ArrayList<>(order.size());
    for (long w : settings) {
      for (Object[] o : order) {
        if (((Condition) o[0]).get(ConditionDefaults.FOLLOWER_WAIT_MILLIS) == w) {
          out.add(o);
        }
      }
    }
    return out;
  }

  private List<Object[]> shuffledBlockSlots(int b) {
    List<Object[]> block = blockSlots(b);
    if (blockLead.isEmpty()) {
      Collections.shuffle(block, new Random(blockSeed(seed, b)));
      return block;
    }
    List<Object[]> lead = block.stream().filter(o -> ((Condition) o[0]).name().equals(blockLead)).toList();
    List<Object[]> rest = new ArrayList<>(block.stream().filter(o -> !((Condition) o[0]).name().equals(blockLead))
        .toList());
    Collections.shuffle(rest, new Random(blockSeed(seed, b)));
    List<Object[]> out = new ArrayList<>(lead);
    out.addAll(rest);
    return out;
  }

  private List<Object[]> blockSlots(int block) {
    List<Object[]> slots = new ArrayList<>();
    for (Condition c : conditions) {
      for (int r = 1; r <= c.repeats(); r++) {
        slots.add(new Object[] {c, r, block});
      }
    }
    return slots;
  }

  /**
   * The seed of block {@code b}'s shuffle (1-based): the {@code b}-th draw of SplitMix64 seeded with the plan's seed,
   * {@code mix64(seed + b * 0x9E3779B97F4A7C15)} with
   * {@code mix64(z) = z3 ^ (z3 >>> 31)}, {@code z3 = (z2 ^ (z2 >>> 27)) * 0x94D049BB133111EB},
   * {@code z2 = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9} (64-bit wrapping arithmetic; {@link ftl.stats.SplitMix64}).
   */
  public static long blockSeed(long seed, int b) {
    if (b < 1) {
      throw new IllegalArgumentException("blocks are numbered from 1: " + b);
    }
    SplitMix64 g = new SplitMix64(seed);
    long s = 0;
    for (int i = 0; i < b; i++) {
      s = g.nextLong();
    }
    return s;
  }

  /**
   * The stable_flights rule a run of {@code c} follows, or null when it takes the first {@code warmup_events} sends
   * (a first_sends plan, or a condition with {@code warmup_first_sends}).
   */
  public StableFlights stableFlightsFor(Condition c) {
    return firstSendsConditions.contains(c.name()) ? null : stableFlights;
  }

  /** The warm-up rule word a run of {@code c} follows. */
  public String warmupRuleFor(Condition c) {
    return stableFlightsFor(c) == null ? WARMUP_RULE : StableFlights.RULE;
  }

  /** The clock source block {@code b} (from 1) is planned under, or "" when the plan sets none. */
  public String clocksourceOfBlock(int b) {
    return clocksources.isEmpty() ? "" : clocksources.get(Math.floorMod(b - 1, clocksources.size()));
  }

  /**
   * Warm-up sends a run of {@code c} makes at least: {@code warmup_events}, or under stable_flights the first window
   * end that may converge.
   */
  public long warmupFloorEvents(Condition c) {
    if (stableFlightsFor(c) == null) {
      return c.warmupEvents();
    }
    long w = stableFlights.window();
    return Math.max(2 * w, (stableFlights.minEvents() + w - 1) / w * w);
  }

  /** The schedule spec a condition's sends follow, or null when it sends every {@code send_interval}. */
  public ReplaySpec.Schedule scheduleFor(Condition c) {
    String sid = scheduleOf.get(c.name());
    return sid == null ? null : replay.schedules().get(sid);
  }

  /**
   * Sum over runs of (warm-up floor + measured events) x send interval, nanoseconds: a floor on the campaign's duration
   * ({@link #warmupFloorEvents}; with blocks, every block's runs).
   */
  public long pacedNanos() {
    long total = 0;
    for (Condition c : conditions) {
      total += (long) c.repeats() * (c.events() + warmupFloorEvents(c)) * c.sendIntervalNanos();
    }
    return blocked() ? total * blocks : total;
  }
}
