package ftl.harness.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import ftl.data.io.DataException;
import ftl.data.io.Echo;
import ftl.data.io.JsonValue;
import ftl.data.io.StrictJson;
import ftl.data.ledger.Geometry;
import ftl.data.ledger.Instrument;
import ftl.data.ledger.LedgerSchema;
import ftl.data.ledger.Priority;
import ftl.data.ledger.QueueType;
import ftl.data.registration.Criteria;
import ftl.data.registration.RunExclusion;
import ftl.harness.replay.ReplayOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads {@code plan.json}. The full schema, each field with its default, is in the package doc of
 * {@code ftl.harness}; in short, the top-level fields are {@code campaign} (required), {@code description},
 * {@code seed} (default 1), {@code repeats} (default 1), {@code blocks} (optional, 1..1000: every condition's repeats
 * in every block, each block shuffled by {@code new Random(Plan.blockSeed(seed, b))}, a fresh broker per block),
 * {@code warmup} ({@code {"rule": "first_sends", "events": N}} or
 * {@code {"rule": "stable_flights", "window": W, "tolerance_us": X, "min_events": A, "max_events": B}}, all four
 * required, {@code W >= 10}, {@code X > 0}, {@code W <= A <= B <= 10,000,000}, {@code B >= max(2W, ceil(A/W) W)};
 * {@link StableFlights}), {@code defaults}, {@code conditions}, {@code matrix}, {@code predictions} and
 * {@code replay}. Every problem becomes a
 * {@link DataException} naming the file and the field: {@code plan.json: conditions[2].acks: must be "1" or "all" (was
 * "2")}.
 *
 * <p><b>Why not {@code ftl.data.registration.PlanReader}.</b> This parser serves the instrument, before any run: it
 * must refuse what it cannot run exactly (an unknown or misspelt field, a priority or geometry not in
 * {@link ftl.data.ledger.LedgerSchema}, a replay schedule without its digest), fill the defaults and expand the matrix,
 * and it reads a trusted file named on the command line. {@code PlanReader} serves the analysis on a possibly
 * hostile data root, where plans of three instruments exist (this one's, the no-JVM cross-check's, OpenMessaging
 * Benchmark's) and only predictions are read, so it keeps the tree and checks only that it is a JSON object. The
 * condition words both sides share come from one place ({@link ftl.data.ledger.Priority}, {@link
 * ftl.data.ledger.Geometry}, the ledger schema's acks words); {@code PlanReadersTest} holds the two to agree on every
 * committed Kafka plan.
 */
public final class PlanParser {
  private PlanParser() {}

  /**
   * Condition fields, their JSON names: these and every field declared whole ({@link ConditionDefaults#declared()}).
   * {@code send_interval} may be given as {@code send_interval_ns} instead.
   */
  static final Set<String> CONDITION_FIELDS = withDeclared(Set.of("name", "send_interval", "send_interval_ns",
      "payload_bytes", "acks", "linger_ms", "partitions", "events", "warmup_events", "priority", "geometry",
      "broker_cpus",
      "load_pct", "start_phase_us", "repeats", "clock_offset_us", "schedule", "queue_type", "warmup_first_sends",
      "replication_factor", "min_insync_replicas"));
  static final Set<String> TOP_FIELDS = Set.of("campaign", "description", "seed", "repeats", "warmup", "defaults",
      "conditions", "matrix", "predictions", "replay", "blocks", "criteria", "calibration",
      RunExclusion.MEMBER, "system", "clocksource", "brokers", "strata", "block_lead",
      "cluster_warmup_s");
  /** Fields of {@code warmup} under each rule. */
  static final Map<String, Set<String>> WARMUP_FIELDS = Map.of(
      Plan.WARMUP_RULE, Set.of("rule", "events"),
      StableFlights.RULE, Set.of("rule", "window", "tolerance_us", "min_events", "max_events"));
  /** Short labels for matrix-generated condition names. */
  private static final Map<String, String> SHORT = Map.ofEntries(
      Map.entry("send_interval", "si"), Map.entry("send_interval_ns", "si"), Map.entry("payload_bytes", "pb"),
      Map.entry("acks", "acks"), Map.entry("linger_ms", "linger"), Map.entry("partitions", "part"),
      Map.entry("events", "ev"), Map.entry("warmup_events", "wu"), Map.entry("priority", ""),
      Map.entry("geometry", ""), Map.entry("broker_cpus", "bcpu"), Map.entry("load_pct", "load"),
      Map.entry("start_phase_us", "ph"), Map.entry("repeats", "rep"), Map.entry("clock_offset_us", "off"),
      Map.entry("schedule", ""),
      Map.entry("queue_type", ""), Map.entry("warmup_first_sends", "fs"), Map.entry("replication_factor", "rf"),
      Map.entry("min_insync_replicas", "minisr"));

  /**
   * Built-in defaults for every condition field except {@code name}, {@code warmup_events} and {@code repeats}: {@link
   * ConditionDefaults}.
   */
  static ObjectNode builtInDefaults(ObjectMapper m) {
    ObjectNode d = m.createObjectNode();
    d.put("send_interval", Durations.format(ConditionDefaults.SEND_INTERVAL_NANOS));
    d.put("payload_bytes", ConditionDefaults.PAYLOAD_BYTES);
    d.put("acks", ConditionDefaults.ACKS);
    d.put("linger_ms", ConditionDefaults.LINGER_MILLIS);
    d.put("partitions", ConditionDefaults.PARTITIONS);
    d.put("events", ConditionDefaults.EVENTS);
    d.put("priority", ConditionDefaults.PRIORITY.word());
    d.put("geometry", ConditionDefaults.GEOMETRY.word());
    d.put("broker_cpus", ConditionDefaults.BROKER_CPUS);
    d.put("load_pct", ConditionDefaults.LOAD_PERCENT);
    d.put("clock_offset_us", ConditionDefaults.CLOCK_OFFSET_MICROS);
    d.put("queue_type", ConditionDefaults.QUEUE_TYPE.word());
    d.put("replication_factor", ConditionDefaults.REPLICATION_FACTOR);
    d.put("min_insync_replicas", ConditionDefaults.MIN_INSYNC_REPLICAS);
    for (ConditionField<?> f : ConditionDefaults.declared()) {
      d.set(f.name(), m.valueToTree(f.defaultValue()));
    }
    return d;
  }

  private static Set<String> withDeclared(Set<String> fields) {
    Set<String> out = new HashSet<>(fields);
    out.addAll(ConditionField.names(ConditionDefaults.declared()));
    return Set.copyOf(out);
  }

  /** The label of a condition field in a matrix-generated condition name. */
  private static String shortLabel(String field) {
    for (ConditionField<?> f : ConditionDefaults.declared()) {
      if (f.name().equals(field)) {
        return f.shortLabel();
      }
    }
    return SHORT.getOrDefault(field, field);
  }

  /**
   * A declared field's value as its type reads it from the plan: an integer written as a JSON number, a boolean as
   * {@code true} or {@code false}, a string as a JSON string (its column's words only, {@link ConditionField#check}).
   */
  static Object read(ConditionField<?> f, JsonNode v) {
    if (f.type() == Long.class) {
      return integer(v, f.name());
    }
    if (f.type() == Boolean.class) {
      if (v == null || !v.isBoolean()) {
        throw new Condition.InvalidField(f.name(), "must be true or false (was " + (v == null ? "missing"
            : Echo.of(v.toString())) + ")");
      }
      return v.booleanValue();
    }
    if (v == null || !v.isTextual()) {
      throw new Condition.InvalidField(f.name(), "must be a string (was "
          + (v == null ? "missing" : Echo.of(v.toString())) + ")");
    }
    return v.asText();
  }

  @SuppressWarnings("unchecked") // read(f, v) returns a value of f's own type (Long, Boolean or String)
  private static <T> void set(Condition.Builder b, ConditionField<T> f, JsonNode v) {
    b.with(f, (T) read(f, v));
  }

  public static Plan read(Path file) {
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(file);
    } catch (NoSuchFileException e) {
      throw new DataException(file, 0, "no such plan file");
    } catch (IOException e) {
      throw new DataException(file.toString(), 0, "cannot read plan: " + e.getMessage(), e);
    }
    return parse(file.toString(), bytes);
  }

  public static Plan parse(String where, byte[] json) {
    ObjectMapper m = new ObjectMapper();
    // the one strict reading (ftl.data.io.StrictJson): no repeated key, nothing after the plan, no number a double
    // cannot hold; a field's error names the line of that field (or of its nearest present parent)
    JsonValue doc = StrictJson.parse(json, where);
    JsonNode root = doc.json();
    if (!root.isObject()) {
      throw new DataException(where, doc.isMissing() ? 0 : 1, "a plan is a JSON object");
    }
    Plan plan;
    try {
      plan = build(m, (ObjectNode) root);
    } catch (Condition.InvalidField e) {
      throw new DataException(where, doc.lineOf(e.field()), e.getMessage(), null);
    }
    // what the analysis will judge the runs by is read here too, so a malformed criterion or exclusion rule stops the
    // campaign before its first run (the registry checks later that each key names an entry of the data root)
    Set<String> names = new LinkedHashSet<>();
    plan.conditions().forEach(c -> names.add(c.name()));
    Criteria.read(root, json, names, where);
    RunExclusion.of(doc);
    JsonNode calibration = root.get("calibration");
    if (calibration != null && !calibration.isObject()) {
      throw new DataException(where, doc.lineOf("calibration"), "calibration: must be an object (how the plan's "
          + "thresholds and predictions were calibrated)", null);
    }
    return plan;
  }

  private static Plan build(ObjectMapper m, ObjectNode root) {
    unknown(root, TOP_FIELDS, "");
    String campaign = text(root, "campaign", "", null);
    if (campaign == null) {
      throw new Condition.InvalidField("campaign", "required");
    }
    String description = text(root, "description", "", "");
    String system = text(root, "system", "", Instrument.KAFKA.word());
    if (!LedgerSchema.SYSTEM_WORDS.contains(system)) {
      throw new Condition.InvalidField("system", "must be one of " + String.join(", ", LedgerSchema.SYSTEM_WORDS)
          + " (was \"" + Echo.of(system) + "\")");
    }
    refuseFieldsOfOtherSystems(root, system);
    long seed = root.has("seed") ? integer(root.get("seed"), "seed") : 1L;
    int planRepeats = root.has("repeats") ? (int) integer(root.get("repeats"), "repeats") : 1;

    ObjectNode defaults = builtInDefaults(m);
    defaults.put("repeats", planRepeats);
    int blocks = 0;
    if (root.has("blocks")) {
      long b = integer(root.get("blocks"), "blocks");
      if (b < 1 || b > Plan.MAX_BLOCKS) {
        throw new Condition.InvalidField("blocks", "must be an integer 1.." + Plan.MAX_BLOCKS + " (was " + b + ")");
      }
      blocks = (int) b;
    }
    String rule = Plan.WARMUP_RULE;
    StableFlights stable = null;
    if (root.has("warmup")) {
      JsonNode w = root.get("warmup");
      if (!w.isObject()) {
        throw new Condition.InvalidField("warmup",
            "must be an object like {\"rule\": \"first_sends\", \"events\": 500} or "
            + "{\"rule\": \"stable_flights\", \"window\": 500, \"tolerance_us\": 20, \"min_events\": 5000, "
            + "\"max_events\": 60000}");
      }
      rule = text(w, "rule", "warmup.", Plan.WARMUP_RULE);
      if (!WARMUP_FIELDS.containsKey(rule)) {
        throw new Condition.InvalidField("warmup.rule", "the rules are \"" + Plan.WARMUP_RULE + "\" and \""
            + StableFlights.RULE
            + "\" (was \"" + Echo.of(rule) + "\")");
      }
      unknown((ObjectNode) w, WARMUP_FIELDS.get(rule), "warmup.");
      if (rule.equals(StableFlights.RULE)) {
        for (String f : List.of("window", "tolerance_us", "min_events", "max_events")) {
          if (!w.has(f)) {
            throw new Condition.InvalidField("warmup." + f, "required by the stable_flights rule");
          }
        }
        stable = new StableFlights((int) integer(w.get("window"), "warmup.window"),
            micros(w.get("tolerance_us"), "warmup.tolerance_us"),
            (int) integer(w.get("min_events"), "warmup.min_events"),
            (int) integer(w.get("max_events"), "warmup.max_events"));
        refuseWarmupEvents(root);
        // the rule decides each run's warm-up; every condition reserves max_events warm-up slots
        defaults.put("warmup_events", stable.maxEvents());
      } else {
        defaults.put("warmup_events", integer(w.get("events") == null ? m.getNodeFactory().numberNode(0)
            : w.get("events"), "warmup.events"));
      }
    } else {
      defaults.put("warmup_events", 0);
    }
    if (root.has("defaults")) {
      JsonNode d = root.get("defaults");
      if (!d.isObject()) {
        throw new Condition.InvalidField("defaults", "must be an object of condition fields");
      }
      unknown((ObjectNode) d, CONDITION_FIELDS, "defaults.");
      if (d.has("name")) {
        throw new Condition.InvalidField("defaults.name", "a default cannot carry a name");
      }
      merge(defaults, (ObjectNode) d);
    }

    List<Condition> conditions = new ArrayList<>();
    Map<String, String> scheduleOf = new LinkedHashMap<>();
    Set<String> firstSends = new TreeSet<>();
    if (root.has("conditions")) {
      JsonNode cs = root.get("conditions");
      if (!cs.isArray()) {
        throw new Condition.InvalidField("conditions", "must be an array of objects");
      }
      for (int i = 0; i < cs.size(); i++) {
        String at = "conditions[" + i + "].";
        JsonNode c = cs.get(i);
        if (!c.isObject()) {
          throw new Condition.InvalidField("conditions[" + i + "]", "must be an object");
        }
        unknown((ObjectNode) c, CONDITION_FIELDS, at);
        if (!c.has("name")) {
          throw new Condition.InvalidField(at + "name", "required");
        }
        ObjectNode merged = defaults.deepCopy();
        merge(merged, (ObjectNode) c);
        conditions.add(condition(merged, at, scheduleOf, firstSends));
      }
    }
    if (root.has("matrix")) {
      JsonNode mx = root.get("matrix");
      if (!mx.isObject() || mx.size() == 0) {
        throw new Condition.InvalidField("matrix", "must be a non-empty object of field -> array of values");
      }
      unknown((ObjectNode) mx, CONDITION_FIELDS, "matrix.");
      Map<String, List<JsonNode>> axes = new LinkedHashMap<>();
      for (Iterator<String> it = mx.fieldNames(); it.hasNext(); ) {
        String f = it.next();
        if (f.equals("name")) {
          throw new Condition.InvalidField("matrix.name", "names are generated from the varied fields");
        }
        JsonNode vs = mx.get(f);
        if (!vs.isArray() || vs.size() == 0) {
          throw new Condition.InvalidField("matrix." + f, "must be a non-empty array of values");
        }
        List<JsonNode> values = new ArrayList<>();
        vs.forEach(values::add);
        axes.put(f, values);
      }
      refuseLargeMatrix(axes, conditions.size());
      expand(defaults, new ArrayList<>(axes.entrySet()), 0, new ArrayList<>(),
          new Expanded(conditions, scheduleOf, firstSends));
    }
    JsonNode predictions = root.has("predictions") ? root.get("predictions") : NullNode.getInstance();
    if (!predictions.isNull() && !predictions.isObject()) {
      throw new Condition.InvalidField("predictions", "must be an object");
    }
    ReplaySpec replay = root.has("replay") ? replay(root.get("replay")) : null;
    return new Plan(campaign, description, seed, rule, conditions, predictions, replay, scheduleOf, blocks, stable,
        system,
        firstSends, clocksources(root.get("clocksource")),
        root.has("brokers") ? (int) integer(root.get("brokers"), "brokers") : 1, strata(root.get("strata")),
        text(root, "block_lead", "", ""),
        root.has("cluster_warmup_s") ? (int) integer(root.get("cluster_warmup_s"), "cluster_warmup_s") : 0);
  }

  /** The fields of a plan's {@code strata} section ({@link Strata}). */
  static final Set<String> STRATA_FIELDS = Set.of("by", "judged_at_boots", "max_boots", "clocksources");

  /**
   * The plan's {@code strata} section, or null when absent: {@code by} ({@code "boot"}, the only factor so far),
   * {@code judged_at_boots}, {@code max_boots} and {@code clocksources} (a non-empty array of words), all required.
   */
  static Strata strata(JsonNode v) {
    if (v == null || v.isNull()) {
      return null;
    }
    if (!v.isObject()) {
      throw new Condition.InvalidField("strata", "must be an object like {\"by\": \"boot\", \"judged_at_boots\": 3, "
          + "\"max_boots\": 6, \"clocksources\": [\"tsc\", \"kvm-clock\"]}");
    }
    unknown((ObjectNode) v, STRATA_FIELDS, "strata.");
    for (String f : STRATA_FIELDS) {
      if (!v.has(f)) {
        throw new Condition.InvalidField("strata." + f, "required");
      }
    }
    String by = text(v, "by", "strata.", null);
    if (!Strata.BY_BOOT.equals(by)) {
      throw new Condition.InvalidField("strata.by", "must be \"" + Strata.BY_BOOT + "\" (was \"" + Echo.of(by) + "\")");
    }
    JsonNode cs = v.get("clocksources");
    List<String> clocks = new ArrayList<>();
    if (cs.isArray()) {
      cs.forEach(w -> clocks.add(w.isTextual() ? w.asText() : ""));
    }
    if (clocks.isEmpty() || clocks.size() > Strata.MAX_BOOTS
        || clocks.stream().anyMatch(w -> !w.matches("[a-z][a-z0-9_-]{0,31}"))) {
      throw new Condition.InvalidField("strata.clocksources",
          "must be a non-empty array of clock source words like \"tsc\"");
    }
    return new Strata((int) integer(v.get("judged_at_boots"), "strata.judged_at_boots"),
        (int) integer(v.get("max_boots"), "strata.max_boots"), clocks);
  }

  /**
   * A condition field (in {@code defaults}, a condition or the matrix) that the plan's system does not apply is refused
   * by name: on RabbitMQ and NATS every field outside {@link Plan#SYSTEM_FIELDS} (Kafka's client settings and the
   * manipulations that run does not apply) and on RabbitMQ also outside {@link Plan#RABBITMQ_FIELDS}; on Kafka and
   * NATS RabbitMQ's own {@link Plan#RABBITMQ_FIELDS}.
   */
  private static void refuseFieldsOfOtherSystems(ObjectNode root, String system) {
    List<Map.Entry<String, JsonNode>> places = new ArrayList<>();
    if (root.get("defaults") instanceof ObjectNode d) {
      places.add(Map.entry("defaults.", d));
    }
    if (root.get("matrix") instanceof ObjectNode mx) {
      places.add(Map.entry("matrix.", mx));
    }
    if (root.get("conditions") instanceof ArrayNode cs) {
      for (int i = 0; i < cs.size(); i++) {
        places.add(Map.entry("conditions[" + i + "].", cs.get(i)));
      }
    }
    boolean kafka = system.equals(Instrument.KAFKA.word());
    boolean rabbitmq = system.equals(Instrument.RABBITMQ.word());
    Set<String> allowed = new TreeSet<>(Plan.SYSTEM_FIELDS);
    if (rabbitmq) {
      allowed.addAll(Plan.RABBITMQ_FIELDS);
    }
    Map<String, ConditionField<?>> declared = new HashMap<>();
    for (ConditionField<?> f : ConditionDefaults.declared()) {
      declared.put(f.name(), f);
      if (f.appliesTo(system)) {
        allowed.add(f.name());
      }
    }
    for (Map.Entry<String, JsonNode> p : places) {
      if (p.getValue() instanceof ObjectNode o) {
        for (Iterator<String> it = o.fieldNames(); it.hasNext(); ) {
          String f = it.next();
          if (Plan.RABBITMQ_FIELDS.contains(f) && !rabbitmq) {
            throw new Condition.InvalidField(p.getKey() + f, "applies to rabbitmq plans only: a run on " + system
                + " has no queue of that kind to declare");
          }
          if (kafka && declared.containsKey(f) && !declared.get(f).appliesTo(system)) {
            throw new Condition.InvalidField(p.getKey() + f,
                "does not apply to kafka plans: a run on kafka does not set it");
          }
          if (!kafka && !allowed.contains(f)) {
            throw new Condition.InvalidField(p.getKey() + f, "applies to kafka plans only: a run on " + system
                + " sets only " + String.join(", ", allowed));
          }
        }
      }
    }
  }

  /** Under stable_flights no condition names its own warm-up count: the rule decides it, run by run. */
  private static void refuseWarmupEvents(ObjectNode root) {
    String why =
        "the stable_flights warm-up rule decides each run's warm-up; a fixed warmup_events cannot be given with it";
    if (root.path("defaults").has("warmup_events")) {
      throw new Condition.InvalidField("defaults.warmup_events", why);
    }
    if (root.path("matrix").has("warmup_events")) {
      throw new Condition.InvalidField("matrix.warmup_events", why);
    }
    JsonNode cs = root.path("conditions");
    for (int i = 0; i < cs.size(); i++) {
      if (cs.get(i).has("warmup_events")) {
        throw new Condition.InvalidField("conditions[" + i + "].warmup_events", why);
      }
    }
  }

  /** A JSON number of microseconds (integer or decimal). */
  private static double micros(JsonNode v, String field) {
    if (v != null && v.isNumber()) {
      return v.asDouble();
    }
    throw new Condition.InvalidField(field, "must be a number of microseconds (was "
        + (v == null ? "missing" : Echo.of(v.toString())) + ")");
  }

  /** The {@code replay} section (schema in the package doc of {@code ftl.harness}). */
  static ReplaySpec replay(JsonNode r) {
    if (!r.isObject()) {
      throw new Condition.InvalidField("replay", "must be an object with upstream, inputs and schedules");
    }
    unknown((ObjectNode) r, Set.of("upstream", "inputs", "schedules"), "replay.");
    JsonNode up = object(r, "upstream", "replay.");
    unknown((ObjectNode) up, Set.of("repo", "commit", "note"), "replay.upstream.");
    String repo = text(up, "repo", "replay.upstream.", null);
    String commit = text(up, "commit", "replay.upstream.", null);
    if (repo == null || commit == null) {
      throw new Condition.InvalidField("replay.upstream", "needs repo and commit");
    }
    Map<String, ReplaySpec.Input> inputs = new LinkedHashMap<>();
    JsonNode ins = object(r, "inputs", "replay.");
    for (Iterator<String> it = ins.fieldNames(); it.hasNext(); ) {
      String id = it.next();
      String at = "replay.inputs." + id + ".";
      JsonNode in = object(ins, id, "replay.inputs.");
      unknown((ObjectNode) in, Set.of("path", "sha256", "bytes"), at);
      try {
        inputs.put(id, new ReplaySpec.Input(String.valueOf(text(in, "path", at, null)),
            String.valueOf(text(in, "sha256", at, null))));
      } catch (Condition.InvalidField e) {
        throw new Condition.InvalidField(at + e.field(), e.getMessage().substring(e.field().length() + 2));
      }
    }
    Map<String, ReplaySpec.Schedule> schedules = new LinkedHashMap<>();
    JsonNode ss = object(r, "schedules", "replay.");
    for (Iterator<String> it = ss.fieldNames(); it.hasNext(); ) {
      String id = it.next();
      String at = "replay.schedules." + id + ".";
      JsonNode sc = object(ss, id, "replay.schedules.");
      unknown((ObjectNode) sc, Set.of("input", "mean_gap", "exclude_types", "max_events", "sends", "sha256"), at);
      ReplayOptions options;
      try {
        options = new ReplayOptions(Durations.parseNanos(text(sc, "mean_gap", at, "")),
            ReplayOptions.parseTypes(text(sc, "exclude_types", at, "default")),
            sc.has("max_events") ? (int) integer(sc.get("max_events"), at + "max_events") : 0);
      } catch (Condition.InvalidField e) {
        throw e;
      } catch (IllegalArgumentException e) {
        throw new Condition.InvalidField(at + "options", e.getMessage());
      }
      try {
        schedules.put(id, new ReplaySpec.Schedule(id, String.valueOf(text(sc, "input", at, null)), options,
            (int) integer(sc.get("sends"), at + "sends"), String.valueOf(text(sc, "sha256", at, null))));
      } catch (Condition.InvalidField e) {
        throw new Condition.InvalidField(e.field().startsWith(at) ? e.field() : at + e.field(),
            e.getMessage().substring(e.field().length() + 2));
      }
    }
    return new ReplaySpec(repo, commit, inputs, schedules);
  }

  private static JsonNode object(JsonNode parent, String field, String at) {
    JsonNode v = parent.get(field);
    if (v == null || !v.isObject()) {
      throw new Condition.InvalidField(at + field, "must be an object");
    }
    return v;
  }

  /**
   * Refuses, before any condition is built, a matrix whose expansion with the explicit conditions exceeds
   * {@link Plan#MAX_RUNS}: every condition runs at least once, and no campaign's ledger may hold more runs than the
   * analysis reads (issue 43: a huge matrix was expanded until the process was killed).
   */
  private static void refuseLargeMatrix(Map<String, List<JsonNode>> axes, int explicit) {
    long size = 1;
    List<String> factors = new ArrayList<>();
    for (Map.Entry<String, List<JsonNode>> a : axes.entrySet()) {
      size = Math.min(size * a.getValue().size(), Long.MAX_VALUE / Integer.MAX_VALUE); // saturates, never wraps
      factors.add(a.getValue().size() + " " + a.getKey());
    }
    if (explicit + size > Plan.MAX_RUNS) {
      throw new Condition.InvalidField("matrix", "expands to "
          + (size >= Long.MAX_VALUE / Integer.MAX_VALUE ? "more than "
          + size : String.valueOf(size)) + " conditions (" + String.join(" x ", factors) + "), more than the "
          + Plan.MAX_RUNS + " runs a campaign may hold; refused before any work");
    }
  }

  /**
   * What the expansion of a plan's factors adds to, as it goes.
   *
   * @param out the conditions, in the factors' order
   * @param scheduleOf each condition's schedule file, by name
   * @param firstSends the conditions that take the {@code first_sends} warm-up of their own
   */
  private static final class Expanded {
    final List<Condition> out;
    final Map<String, String> scheduleOf;
    final Set<String> firstSends;

    Expanded(List<Condition> out, Map<String, String> scheduleOf, Set<String> firstSends) {
      this.out = out;
      this.scheduleOf = scheduleOf;
      this.firstSends = firstSends;
    }
  }

  private static void expand(ObjectNode defaults, List<Map.Entry<String, List<JsonNode>>> axes, int depth,
                             List<String[]> chosen, Expanded into) {
    if (depth == axes.size()) {
      ObjectNode c = defaults.deepCopy();
      StringBuilder name = new StringBuilder();
      for (String[] kv : chosen) {
        if (name.length() > 0) {
          name.append('-');
        }
        // a negative number keeps its sign as "m" (off-300 and off300 must not collide)
        String v = kv[1].matches("-[0-9]+") ? "m" + kv[1].substring(1) : kv[1];
        name.append(shortLabel(kv[0])).append(v.replaceAll("[^A-Za-z0-9.]", ""));
      }
      List<String> parts = new ArrayList<>();
      for (String[] kv : chosen) {
        parts.add(kv[0] + "=" + kv[1]);
      }
      String at = "matrix[" + String.join(",", parts) + "].";
      for (int i = 0; i < chosen.size(); i++) {
        c.set(chosen.get(i)[0], axes.get(i).getValue().get(Integer.parseInt(chosen.get(i)[2])));
      }
      c.put("name", name.toString());
      into.out.add(condition(c, at, into.scheduleOf, into.firstSends));
      return;
    }
    Map.Entry<String, List<JsonNode>> axis = axes.get(depth);
    for (int i = 0; i < axis.getValue().size(); i++) {
      JsonNode v = axis.getValue().get(i);
      chosen.add(new String[] {axis.getKey(), v.asText(), String.valueOf(i)});
      expand(defaults, axes, depth + 1, chosen, into);
      chosen.remove(chosen.size() - 1);
    }
  }

  private static void merge(ObjectNode into, ObjectNode from) {
    if (from.has("send_interval_ns")) {
      into.remove("send_interval");
    }
    if (from.has("send_interval")) {
      into.remove("send_interval_ns");
    }
    from.fields().forEachRemaining(e -> into.set(e.getKey(), e.getValue()));
  }

  private static Condition condition(ObjectNode c, String at, Map<String, String> scheduleOf, Set<String> firstSends) {
    try {
      int warmup = (int) integer(c.get("warmup_events"), "warmup_events");
      JsonNode fs = c.get("warmup_first_sends");
      if (fs != null && !fs.isNull()) {
        // a condition of short runs under a stable_flights plan: its own first sends are its warm-up
        warmup = (int) integer(fs, "warmup_first_sends");
        firstSends.add(c.get("name").asText());
      }
      JsonNode sch = c.get("schedule");
      if (sch != null && !sch.isNull()) {
        if (!sch.isTextual()) {
          throw new Condition.InvalidField("schedule", "must be the id of a schedule of the replay section");
        }
        scheduleOf.put(c.get("name").asText(), sch.asText());
      }
      long interval;
      if (c.has("send_interval_ns")) {
        interval = integer(c.get("send_interval_ns"), "send_interval_ns");
      } else {
        JsonNode si = c.get("send_interval");
        if (!si.isTextual()) {
          throw new Condition.InvalidField("send_interval",
              "must be a duration with a unit, e.g. \"250us\" (or use send_interval_ns)");
        }
        try {
          interval = Durations.parseNanos(si.asText());
        } catch (IllegalArgumentException e) {
          throw new Condition.InvalidField("send_interval", e.getMessage());
        }
      }
      String acks = c.get("acks").asText();
      Priority priority;
      Geometry geometry;
      try {
        priority = Priority.ofWord(c.get("priority").asText());
      } catch (IllegalArgumentException e) {
        throw new Condition.InvalidField("priority", e.getMessage());
      }
      try {
        geometry = Geometry.ofWord(c.get("geometry").asText());
      } catch (IllegalArgumentException e) {
        throw new Condition.InvalidField("geometry", e.getMessage());
      }
      QueueType queueType;
      try {
        queueType = QueueType.ofWord(c.get("queue_type").asText());
      } catch (IllegalArgumentException e) {
        throw new Condition.InvalidField("queue_type", e.getMessage());
      }
      OptionalInt phase = c.has("start_phase_us") && !c.get("start_phase_us").isNull()
          ? OptionalInt.of((int) integer(c.get("start_phase_us"), "start_phase_us")) : OptionalInt.empty();
      Condition.Builder b = Condition.named(c.get("name").asText());
      for (ConditionField<?> f : ConditionDefaults.declared()) {
        set(b, f, c.get(f.name()));
      }
      return b.sendIntervalNanos(interval)
          .payloadBytes((int) integer(c.get("payload_bytes"), "payload_bytes")).acks(acks)
          .lingerMillis((int) integer(c.get("linger_ms"), "linger_ms"))
          .partitions((int) integer(c.get("partitions"), "partitions"))
          .events((int) integer(c.get("events"), "events")).warmupEvents(warmup)
          .priority(priority).geometry(geometry).brokerCpus(c.get("broker_cpus").asText())
          .loadPercent((int) integer(c.get("load_pct"), "load_pct")).startPhaseMicros(phase)
          .repeats((int) integer(c.get("repeats"), "repeats"))
          .clockOffsetMicros(integer(c.get("clock_offset_us"), "clock_offset_us"))
          .queueType(queueType)
          .replicationFactor((int) integer(c.get("replication_factor"), "replication_factor"))
          .minInsyncReplicas((int) integer(c.get("min_insync_replicas"), "min_insync_replicas")).build();
    } catch (Condition.InvalidField e) {
      String field = e.field().startsWith(at) ? e.field() : at + e.field();
      String problem = e.getMessage().substring(e.field().length() + 2);
      throw new Condition.InvalidField(field, problem);
    }
  }

  /**
   * The plan's {@code clocksource}: absent (none), one word (every block) or a non-empty array of words (block
   * {@code b} takes element {@code (b - 1) mod n}).
   */
  static List<String> clocksources(JsonNode v) {
    if (v == null || v.isNull()) {
      return List.of();
    }
    String why = "must be a clock source word like \"tsc\" or a non-empty array of them, one per block in turn";
    if (v.isTextual()) {
      return List.of(v.asText());
    }
    if (!v.isArray() || v.size() == 0 || v.size() > Plan.MAX_BLOCKS) {
      throw new Condition.InvalidField("clocksource", why);
    }
    List<String> out = new ArrayList<>();
    for (JsonNode w : v) {
      if (!w.isTextual()) {
        throw new Condition.InvalidField("clocksource", why);
      }
      out.add(w.asText());
    }
    return out;
  }

  private static void unknown(ObjectNode node, Set<String> known, String at) {
    for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
      String f = it.next();
      if (!known.contains(f)) {
        throw new Condition.InvalidField(at + f, "unknown field (known: " + String.join(", ", new TreeSet<>(known))
            + ")");
      }
    }
  }

  private static String text(JsonNode node, String field, String at, String dflt) {
    JsonNode v = node.get(field);
    if (v == null || v.isNull()) {
      return dflt;
    }
    if (!v.isTextual()) {
      throw new Condition.InvalidField(at + field, "must be a string");
    }
    return v.asText();
  }

  private static long integer(JsonNode v, String field) {
    if (v != null && v.isIntegralNumber() && v.canConvertToLong()) {
      long x = v.asLong();
      if (x < Integer.MIN_VALUE || x > Integer.MAX_VALUE) {
        if (!field.equals("seed") && !field.equals("send_interval_ns")) {
          throw new Condition.InvalidField(field, "out of range (was " + x + ")");
        }
      }
      return x;
    }
    if (v != null && v.isTextual()) {
      // issue #43: "blocks": "2" was read as 2; a plan's numbers are JSON numbers, so a quoted one is refused by name
      throw new Condition.InvalidField(field, "must be an integer written as a JSON number, not a string (was "
          + Echo.of(v.toString()) + ")");
    }
    throw new Condition.InvalidField(field, "must be an integer (was "
        + (v == null ? "missing" : Echo.of(v.toString())) + ")");
  }
}
