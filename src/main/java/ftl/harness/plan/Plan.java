package ftl.harness.plan;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A parsed {@code plan.json}: the conditions of a campaign, fixed before its runs (schema in the package doc of {@code ftl.harness}).
 *
 * @param campaign     campaign name, also the default output folder {@code data/<campaign>/}
 * @param description  free text
 * @param seed         seed of the run order shuffle
 * @param warmupRule   the rule that excludes a warm-up period from every run ({@link #WARMUP_RULE}, first_sends)
 * @param conditions   explicit conditions first, then the matrix expansion, names unique
 * @param predictions  the free {@code predictions} object, carried as written (null node when absent)
 * @param replay       the {@code replay} section (inputs and schedules), or null when the plan has none
 * @param scheduleOf   condition name -> schedule id, for the conditions whose sends follow a replay schedule
 *                     (every other condition sends every {@code send_interval})
 */
public record Plan(String campaign, String description, long seed, String warmupRule,
                   List<Condition> conditions, JsonNode predictions, ReplaySpec replay, java.util.Map<String, String> scheduleOf) {

  /** A plan without replay conditions. */
  public Plan(String campaign, String description, long seed, String warmupRule, List<Condition> conditions, JsonNode predictions) {
    this(campaign, description, seed, warmupRule, conditions, predictions, null, java.util.Map.of());
  }

  /** The one warm-up rule: the first {@code warmup_events} sends of every run are paced like the others and not written. */
  public static final String WARMUP_RULE = ftl.data.LedgerSchema.WARMUP_RULE_FIRST_SENDS;
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]+");

  public Plan {
    Objects.requireNonNull(campaign, "campaign");
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(warmupRule, "warmup");
    conditions = List.copyOf(conditions);
    scheduleOf = java.util.Map.copyOf(scheduleOf);
    if (!NAME.matcher(campaign).matches()) {
      throw new Condition.InvalidField("campaign", "must match [A-Za-z0-9._-]+ (was \"" + campaign + "\")");
    }
    if (conditions.isEmpty()) {
      throw new Condition.InvalidField("conditions", "the plan has no condition (give \"conditions\" or \"matrix\")");
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
          throw new Condition.InvalidField(c.name() + ".schedule", "names no schedule of the plan's replay section (\"" + sid + "\")");
        }
        if (c.sendIntervalNanos() != s.options().meanGapNanos()) {
          throw new Condition.InvalidField(c.name() + ".send_interval", "must equal the mean gap of its schedule " + sid + " ("
              + Durations.format(s.options().meanGapNanos()) + "): warm-up sends are paced at it, and it is the rate compared with controls");
        }
        if (c.events() > s.sends()) {
          throw new Condition.InvalidField(c.name() + ".events", "asks for " + c.events() + " events; schedule " + sid + " has " + s.sends() + " sends");
        }
      }
    }
    for (String n : scheduleOf.keySet()) {
      if (!names.contains(n)) {
        throw new Condition.InvalidField("conditions", "a schedule is bound to no condition named \"" + n + "\"");
      }
    }
  }

  /** One scheduled run: a condition, its repeat number (1-based) and its place in the run order (0-based). */
  public record ScheduledRun(String runId, Condition condition, int repeat, int orderIndex) {}

  /**
   * Every condition x repeat in a seeded random order: the list is built in plan order
   * (condition by condition, repeat 1..n), then shuffled with {@code new Random(seed)}; run ids are
   * {@code r0001, r0002, ...} in execution order. The same plan always gives the same schedule, which is
   * what {@code campaign resume} relies on.
   */
  public List<ScheduledRun> schedule() {
    List<Object[]> slots = new ArrayList<>();
    for (Condition c : conditions) {
      for (int r = 1; r <= c.repeats(); r++) {
        slots.add(new Object[] {c, r});
      }
    }
    Collections.shuffle(slots, new Random(seed));
    List<ScheduledRun> runs = new ArrayList<>(slots.size());
    int width = Math.max(4, String.valueOf(slots.size()).length());
    for (int i = 0; i < slots.size(); i++) {
      String id = String.format(java.util.Locale.ROOT, "r%0" + width + "d", i + 1);
      runs.add(new ScheduledRun(id, (Condition) slots.get(i)[0], (Integer) slots.get(i)[1], i));
    }
    return List.copyOf(runs);
  }

  /** The schedule spec a condition's sends follow, or null when it sends every {@code send_interval}. */
  public ReplaySpec.Schedule scheduleFor(Condition c) {
    String sid = scheduleOf.get(c.name());
    return sid == null ? null : replay.schedules().get(sid);
  }

  /** Sum over conditions of repeats x (warm-up + measured events) x send interval, nanoseconds: a floor on the campaign's duration. */
  public long pacedNanos() {
    long total = 0;
    for (Condition c : conditions) {
      total += (long) c.repeats() * (c.events() + (long) c.warmupEvents()) * c.sendIntervalNanos();
    }
    return total;
  }
}
