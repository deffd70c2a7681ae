package ftl.quantity.section;

import ftl.data.Campaign;
import ftl.data.io.JsonValue;
import ftl.data.ledger.Identifiers;
import ftl.data.ledger.LedgerSchema;
import ftl.data.registration.Criteria;
import ftl.data.registration.RunExclusion;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.BlockContrasts;
import ftl.quantity.core.BlockContrasts.Contrast;
import ftl.quantity.core.BlockContrasts.Interaction;
import ftl.quantity.core.Blocks;
import ftl.quantity.core.CampaignCatalogue;
import ftl.quantity.core.CampaignRuns;
import ftl.quantity.core.Format;
import ftl.quantity.core.Manipulations;
import ftl.quantity.core.Naming;
import ftl.quantity.core.Phrases;
import ftl.quantity.core.Provenance;
import ftl.quantity.core.Quantity.Scope;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.ScannedRun;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;
import ftl.stats.BlockStats;
import ftl.stats.Quantiles;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * The confirmatory campaign ({@code data/confirm/plan.json}): every claim of the original study measured in blocks, one
 * broker lifetime each, every condition once per block in a seeded order. The unit of replication is the block: each
 * quantity here is a block-level summary ({@link BlockStats}), never a pool of runs. The verdicts are the plan's own
 * criteria ({@link ftl.quantity.verdict.PlanCriteria}); this class computes the statistics they name and the registered
 * predictions' errors, reading the predicted numbers from the plan.
 *
 * <p>A run enters when it is ok, its manipulations were read back as applied ({@link Manipulations#usable}) and the
 * plan's exclusion rule ({@link RunExclusion}) does not exclude it; excluded runs are counted
 * ({@code confirm.excluded}), never dropped silently. A block's value of a condition is its run's per-run statistic
 * (the mean of them if a block holds several runs of the condition); a block whose value is undefined (NaN: nothing
 * delivered, nothing kept) is left out of that statistic and counted in its {@code .blocks}.
 *
 * <p>The campaigns on other systems ({@code data/rabbitmq}, {@code data/nats}, issue #29) are registered in blocks the
 * same way, and get the same block-level entries under their own name ({@link #BLOCKED}: {@code rabbitmq.blocks},
 * {@code nats.negativeRate.si1ms}, ...): one implementation of the block statistics, the exclusion rule and the
 * registered predictions' errors for every blocked campaign. The contrasts and the warm-up counts are the confirmatory
 * campaign's only.
 */
public final class ConfirmQuantities {
  /** Folder name of the campaign. */
  public static final String CONFIRM = CampaignCatalogue.CONFIRM.folder();
  /** Folder name of the setting campaign (issue #44): run design crossed with the manipulations on one boot. */
  public static final String SETTING = CampaignCatalogue.SETTING.folder();
  /** The replicated cluster's campaign folder (issue #46). */
  public static final String CLUSTER = CampaignCatalogue.CLUSTER.folder();
  /** The RabbitMQ queue-kind campaign: classic and quorum queues, coalesced confirms told apart (issue #47). */
  static final String QUEUES = CampaignCatalogue.RABBITMQ_QUEUES.folder();
  /** The campaigns registered in blocks whose block-level entries this class makes, the confirmatory one first. */
  static final List<String> BLOCKED = List.of(CONFIRM, CampaignCatalogue.RABBITMQ.folder(),
      CampaignCatalogue.NATS.folder(),
      CampaignCatalogue.RABBITMQ_MANIP.folder(), CampaignCatalogue.NATS_MANIP.folder(),
      CampaignCatalogue.NATS_MANIP2.folder(),
      SETTING, CLUSTER, QUEUES);
  /**
   * The blocked campaigns on other systems that manipulate the stamping threads (conditions base, fifo, split, load90).
   */
  static final List<String> MANIPULATED = CampaignCatalogue.SYSTEM_MANIPULATIONS.stream().map(CampaignCatalogue::folder)
      .toList();
  private ConfirmQuantities() {}

  /**
   * The campaign-level entries, present in every registry (the paper's abstract quotes some, whatever the data root):
   * counts, measured time and the registered contrasts, whose conditions this class names ({@link
   * BlockContrasts#CONTRASTS}). Without the campaign each is unavailable ("no campaign data present"); the exclusion
   * rule is the plan's, read when computed.
   */
  public static List<Quantity> all() {
    List<Quantity> q = new ArrayList<>();
    for (String campaign : BLOCKED) {
      q.addAll(campaignLevel(campaign));
    }
    return q;
  }

  /** The campaign-level entries of one blocked campaign (for the confirmatory one, its contrasts too). */
  private static List<Quantity> campaignLevel(String name) {
    List<Quantity> q = new ArrayList<>();
    boolean confirm = name.equals(CONFIRM);
    String mp = words(name);
    String of = "of campaign " + name;
    q.add(count(name, Naming.keyOf(name) + ".blocks", mp + "Blocks", "blocks (" + (confirm ? "broker" : "server")
        + " lifetimes, ledger column block) " + of + " with at least one usable run",
        a -> (long) Blocks.byBlock(Blocks.usable(a, name, Blocks.exclusion(a, name))).size()));
    q.add(count(name, Naming.keyOf(name) + ".runs.usable", mp + "RunsUsable", "ok runs " + of
        + " whose manipulations were read back as applied and which the plan's exclusion rule keeps",
        a -> (long) Blocks.usable(a, name, Blocks.exclusion(a, name)).size()));
    q.add(count(name, Naming.keyOf(name) + ".excluded", mp + "Excluded", "ok runs " + of
        + " excluded by the plan's registered exclusion rule (plan.json exclusion: a run whose ledger steal_pct, or "
        + "the other-CPU column the plan names, exceeds its threshold), counted, not analysed",
        a -> excluded(a, name, Blocks.exclusion(a, name))));
    q.add(count(name, Naming.keyOf(name) + ".excluded.steal", mp + "ExcludedSteal", "ok runs " + of
        + " the exclusion rule excluded for steal time (ledger steal_pct above the plan's threshold)",
        a -> excluded(a, name, Blocks.exclusion(a, name), LedgerSchema.STEAL_PCT)));
    q.add(count(name, Naming.keyOf(name) + ".excluded.otherCpu", mp + "ExcludedOtherCpu", "ok runs " + of
        + " the exclusion rule excluded for other processes' CPU (ledger other_cpu_pct above the plan's threshold, "
        + "steal within it)",
        a -> excluded(a, name, Blocks.exclusion(a, name), LedgerSchema.OTHER_CPU_PCT)));
    if (!confirm) {
      q.add(count(name, Naming.keyOf(name) + ".excluded.otherTasksCpu", mp + "ExcludedOtherTasksCpu", "ok runs " + of
          + " the exclusion rule excluded for other tasks' own CPU time (ledger other_tasks_cpu_pct above the plan's "
          + "threshold, steal and other_cpu_pct within theirs)",
          a -> excluded(a, name, Blocks.exclusion(a, name), LedgerSchema.OTHER_TASKS_CPU_PCT)));
    }
    if (name.equals(QUEUES)) {
      q.addAll(contrasts(name, BlockContrasts.QUEUES_CONTRASTS));
    }
    if (name.equals(SETTING) || name.equals(CLUSTER) || name.equals(QUEUES)) {
      q.add(count(name, Naming.keyOf(name) + ".excluded.otherRun", mp + "ExcludedOtherRun", "ok runs " + of
          + " the exclusion rule excluded for other tasks' exact run time (ledger other_run_pct above the plan's "
          + "threshold, steal within its)",
          a -> excluded(a, name, Blocks.exclusion(a, name), LedgerSchema.OTHER_RUN_PCT)));
      q.add(count(name, Naming.keyOf(name) + ".boots", mp + "Boots",
          "distinct boots (ledger boot_id) among the ok runs " + of
          + ": 1 when the campaign ran on one host lifetime", a -> distinct(a, name, LedgerSchema.BOOT_ID)));
      q.add(count(name, Naming.keyOf(name) + ".clocksources", mp + "Clocksources",
          "distinct clock sources in use (ledger "
          + "clocksource, read at each run's end) among the ok runs " + of,
          a -> distinct(a, name, LedgerSchema.CLOCKSOURCE)));
      q.add(count(name, Naming.keyOf(name) + ".clocksourcesOffered", mp + "ClocksourcesOffered",
          "clock sources the kernel offered "
          + "(ledger clocksources_available, the largest list among the ok runs " + of + ")",
          a -> a.campaignRuns(name).stream().mapToLong(r -> r.field(LedgerSchema.CLOCKSOURCES_AVAILABLE).isBlank() ? 0
              : r.field(LedgerSchema.CLOCKSOURCES_AVAILABLE).strip().split("\\s+").length).max().orElse(0)));
    }
    if (name.equals(CLUSTER)) {
      q.add(count(name, Naming.keyOf(name) + ".excluded.isrChanged", mp + "ExcludedIsrChanged", "ok runs " + of
          + " the exclusion rule excluded because the topic's leader or in-sync replicas changed during the run "
          + "(ledger isr_changed = yes; steal and other_run_pct within their thresholds)",
          a -> excluded(a, name, Blocks.exclusion(a, name), LedgerSchema.ISR_CHANGED)));
      q.add(count(name, Naming.keyOf(name) + ".isrChanged", mp + "IsrChanged", "ok runs " + of
          + " whose topic's leader or in-sync replicas changed during the run (ledger isr_changed = yes), whatever "
          + "the exclusion rule did with them",
          a -> a.campaignRuns(name).stream().filter(r -> r.field(LedgerSchema.ISR_CHANGED).equals("yes")).count()));
      q.add(count(name, Naming.keyOf(name) + ".isrFull", mp + "IsrFull", "ok runs " + of
          + " whose every partition's ISR at the start held all its replication_factor replicas (ledger isr_start), "
          + "the runner's condition for the first send",
          a -> a.campaignRuns(name).stream().filter(ConfirmQuantities::isrFull).count()));
      q.add(count(name, Naming.keyOf(name) + ".brokers", mp + "Brokers", "the largest cluster among the ok runs " + of
          + " (ledger brokers)", a -> a.campaignRuns(name).stream()
          .mapToLong(r -> (long) Blocks.ledgerNumber(r, LedgerSchema.BROKERS, 1))
              .filter(v -> v > 0).max().orElse(0)));
      q.add(Quantity.key(Naming.keyOf(name) + ".clusterStart").macro(mp + "ClusterStart")
          .definition("median over the cluster lifetimes "
          + "(ledger broker_lifetime) " + of
          + " of the time from launching the brokers until the admin client listed every one (ledger "
          + "broker_start_ms), in ms").unit(Unit.MILLISECONDS).format(Format.REAL_3SF).scope(scope(name))
          .function(ConfirmQuantities.class, "clusterStart").computes(a -> clusterStart(a, name)));
      q.addAll(contrasts(name, BlockContrasts.CLUSTER_CONTRASTS));
      for (String cond : BlockContrasts.CLUSTER_CONDITIONS) {
        perCondition(q, name, cond,
            "the plan's registered rule: steal time, other tasks' exact run time, a changed ISR",
            a -> Blocks.exclusion(a, name));
      }
    }
    if (name.equals(SETTING)) {
      q.add(Quantity.key(Naming.keyOf(name) + ".tickRuleWouldExclude").macro(mp + "TickRuleWouldExclude")
          .definition("exploratory, outside the "
          + "registered analysis: ok runs of campaign " + name
          + " whose tick-sampled other-CPU figure (ledger other_cpu_pct) exceeds the threshold the confirmatory "
          + "campaign's exclusion rule set on it (its plan's exclusion.other_cpu_pct_above): the runs that rule "
          + "would have excluded here, while the rule this plan registered reads the exact measure").unit(Unit.COUNT)
          .format(Format.GROUPED_INTEGER).scope(scope(name))
          .function(ConfirmQuantities.class, "tickRuleWouldExclude").computes(a -> tickRuleWouldExclude(a, name)));
      q.addAll(contrasts(name, BlockContrasts.SETTING_CONTRASTS));
      q.addAll(interactions(name, BlockContrasts.SETTING_INTERACTIONS));
    }
    if (confirm) {
      q.add(count(name, "confirm.unmeasured", "ConfirmUnmeasured",
          "ok runs of campaign confirm kept although the host measure "
          + "an exclusion threshold reads was empty", a -> unmeasured(a, name, Blocks.exclusion(a, name))));
      q.add(count(name, "confirm.refused", "ConfirmRefused",
          "ok runs of campaign confirm whose manipulation the host refused "
          + "(not analysed)", a -> Manipulations.refused(a, CONFIRM)));
      q.add(count(name, "confirm.warmup.discarded", "ConfirmWarmupDiscarded",
          "warm-up sends discarded by the registered "
          + "stable_flights rule over the ok runs of campaign confirm (ledger warmup_events)",
          a -> sum(a, LedgerSchema.WARMUP_EVENTS)));
      q.add(count(name, "confirm.warmup.unconverged", "ConfirmWarmupUnconverged",
          "ok runs of campaign confirm whose warm-up "
          + "ended at max_events without converging (ledger warmup_converged = no)",
          a -> a.campaignRuns(CONFIRM).stream().filter(r -> r.field(LedgerSchema.WARMUP_CONVERGED).equals("no"))
          .count()));
    }
    q.add(Quantity.key(Naming.keyOf(name) + ".measuredHours").macro(mp + "MeasuredHours")
        .definition("measured sends " + of + " in hours: "
        + "the sum over its ok runs of the events in the run's file times its send interval (ledger send_interval_ns), "
        + "warm-up excluded").unit(Unit.HOURS).format(Format.REAL_3SF).scope(scope(name))
        .function(Blocks.class, "measuredHours")
        .computes(a -> has(a, name) ? new Value.Real(Blocks.measuredHours(a.campaignRuns(name)))
            : CampaignRuns.noData(name)));
    q.add(count(name, Naming.keyOf(name) + ".flightNegative", mp + "FlightNegative", "events of the usable runs " + of
        + " with a negative flight T = recv_ns - send_ns (one clock: zero by construction)",
        a -> Blocks.usable(a, name, Blocks.exclusion(a, name)).stream().mapToLong(r -> r.sign().sendNegative()).sum()));
    if (MANIPULATED.contains(name)) {
      q.addAll(contrasts(name, BlockContrasts.SYSTEM_CONTRASTS));
    }
    if (!confirm) {
      return q;
    }
    q.addAll(contrasts(name, BlockContrasts.CONTRASTS));
    return q;
  }

  /**
   * The registered contrasts of a blocked campaign: each a geometric mean over blocks of the per-block ratio of one
   * condition's metric over another's, with its Student t interval and the blocks it rests on.
   */
  private static List<Quantity> contrasts(String name, List<Contrast> contrasts) {
    List<Quantity> q = new ArrayList<>();
    for (Contrast k : contrasts) {
      q.addAll(ratioEntries(name, k.id(), k.macroWords(), k.what() + ": geometric mean over blocks of campaign " + name
          + " of the per-block ratio of the " + k.metric().what() + " of condition " + k.numerator()
          + " over condition " + k.denominator(),
          k.numerator() + " and " + k.denominator() + " have a usable run with a value above 0",
          a -> BlockContrasts.ratio(a, name, Blocks.exclusion(a, name), k)));
    }
    return q;
  }

  /**
   * The registered interactions of a blocked campaign: each a geometric mean over blocks of the per-block ratio of one
   * contrast's per-block ratio over another's, with its Student t interval and the blocks it rests on.
   */
  private static List<Quantity> interactions(String name, List<Interaction> interactions) {
    List<Quantity> q = new ArrayList<>();
    for (Interaction k : interactions) {
      q.addAll(ratioEntries(name, k.id(), words(k.id()), k.what() + ": geometric mean over blocks of campaign " + name
          + " of the per-block ratio of " + Naming.keyOf(name) + "." + k.numerator().id() + "'s per-block ratio ("
          + k.numerator().numerator() + " over "
          + k.numerator().denominator() + ") over " + Naming.keyOf(name) + "." + k.denominator().id() + "'s ("
          + k.denominator().numerator() + " over " + k.denominator().denominator() + "), of the "
          + k.numerator().metric().what(),
          k.numerator().id() + " and " + k.denominator().id() + " have a per-block ratio above 0",
          a -> BlockContrasts.interaction(a, name, Blocks.exclusion(a, name), k)));
    }
    return q;
  }

  /**
   * The four entries of a ratio over blocks ({@link BlockStats#ratio}): the estimate, the two ends of its Student t
   * interval on the log scale, and the blocks it rests on ({@code blocksWhere}: in which blocks).
   */
  private static List<Quantity> ratioEntries(String name, String id, String macroWords, String definition,
      String blocksWhere,
                                             Function<Analysis, BlockStats.Interval> interval) {
    String key = Naming.keyOf(name) + "." + id;
    String macro = words(name) + macroWords;
    String f = Provenance.name(BlockStats.class, "ratio");
    String end = " Student t interval over blocks of the log ratio, mapped back by exp, of " + key;
    return List.of(
        part(name, Quantity.key(key).macro(macro).definition(definition).unit(Unit.RATIO).format(Format.RATIO_3SF), f,
        interval, 0),
        part(name, Quantity.key(key + ".lower").macro(macro + "Lower")
        .definition("lower end of the " + Phrases.level() + end).unit(Unit.RATIO).format(Format.RATIO_3SF), f,
        interval, -1),
        part(name, Quantity.key(key + ".upper").macro(macro + "Upper")
        .definition("upper end of the " + Phrases.level() + end).unit(Unit.RATIO).format(Format.RATIO_3SF), f,
        interval, 1),
        count(name, key + ".blocks", macro + "Blocks", "blocks of campaign " + name + " in which both " + blocksWhere
            + ", the blocks " + key + " rests on", a -> (long) interval.apply(a).blocks()));
  }

  /**
   * The ok runs of {@code campaign} whose {@code other_cpu_pct} exceeds the confirmatory plan's threshold on it;
   * unavailable without either campaign or without that threshold.
   */
  static Value tickRuleWouldExclude(Analysis a, String campaign) {
    if (!has(a, campaign)) {
      return CampaignRuns.noData(campaign);
    }
    double above = Blocks.exclusion(a, CONFIRM).map(RunExclusion::otherCpuPctAbove).orElse(Double.NaN);
    if (Double.isNaN(above)) {
      return new Value.Unavailable("no confirmatory plan with a threshold on other_cpu_pct under this data root");
    }
    // an empty cell reads as NaN, and NaN is above no threshold
    return new Value.Count(a.campaignRuns(campaign).stream()
        .filter(r -> Blocks.ledgerNumber(r, LedgerSchema.OTHER_CPU_PCT, 1) > above)
        .count());
  }

  /** Whether every partition's ISR at the run's start held all its replicas (ledger isr_start, replication_factor). */
  static boolean isrFull(ScannedRun r) {
    double rf = Blocks.ledgerNumber(r, LedgerSchema.REPLICATION_FACTOR, 1);
    return !Double.isNaN(rf) && LedgerSchema.isrFull(r.field(LedgerSchema.ISR_START), (int) rf);
  }

  /**
   * The median over broker lifetimes of the campaign's ok runs of the lifetime's start time (ledger broker_start_ms),
   * ms.
   */
  static Value clusterStart(Analysis a, String campaign) {
    if (!has(a, campaign)) {
      return CampaignRuns.noData(campaign);
    }
    Map<String, Double> byLifetime = new TreeMap<>();
    for (ScannedRun r : a.campaignRuns(campaign)) {
      double ms = Blocks.ledgerNumber(r, LedgerSchema.BROKER_START_MS, 1);
      if (!Double.isNaN(ms)) {
        byLifetime.put(r.field(LedgerSchema.BROKER_LIFETIME), ms);
      }
    }
    if (byLifetime.isEmpty()) {
      return new Value.Unavailable("no run of campaign " + campaign + " recorded its broker_start_ms");
    }
    return new Value.Real(Quantiles.median(byLifetime.values().stream().mapToDouble(Double::doubleValue).toArray()));
  }

  /** Distinct non-empty values of a ledger column among a campaign's ok runs. */
  private static long distinct(Analysis a, String campaign, LedgerSchema.Column column) {
    return a.campaignRuns(campaign).stream().map(r -> r.field(column)).filter(v -> !v.isEmpty()).distinct().count();
  }

  /** Whether the data root holds an ok run of the blocked campaign, on Kafka or on another system. */
  static boolean has(Analysis a, String campaign) {
    if (onKafka(campaign)) {
      return CampaignRuns.has(a, campaign);
    }
    return Analysis.SYSTEM_INSTRUMENTS.stream().anyMatch(i -> !a.okRowsOf(campaign, i).isEmpty());
  }

  /**
   * Whether a blocked campaign measured Kafka (the confirmatory, setting and cluster campaigns) rather than another
   * system.
   */
  static boolean onKafka(String campaign) {
    return campaign.equals(CONFIRM) || campaign.equals(SETTING) || campaign.equals(CLUSTER);
  }

  /** The scope of a blocked campaign's entries: the Kafka instrument's events, or the other systems'. */
  public static Scope scope(String campaign) {
    return onKafka(campaign) ? Scope.KAFKA_EVENTS : Scope.SYSTEM_EVENTS;
  }

  /** A blocked campaign's per-condition entries when it has a plan ({@link #add}); nothing for another campaign. */
  public static void forCampaign(List<Quantity> q, Campaign c) {
    if (BLOCKED.contains(c.name()) && c.plan().isPresent()) {
      add(q, c);
    }
  }

  /** The campaign's per-condition entries, for the conditions its plan declares and the predictions it registers. */
  static void add(List<Quantity> q, Campaign c) {
    String name = c.name();
    String mp = words(name);
    List<String> conditions = new ArrayList<>(Criteria.conditionNames(c.plan().map(JsonValue::json)
        .orElseThrow()));
    Optional<RunExclusion> exclusion = RunExclusion.of(c.plan().get());
    JsonValue predictions = c.plan().get().path("predictions");
    Map<String, Double> gridPredicted = numbers(predictions.path("gridlaw"), "retention");
    Map<String, Double> tickPredicted = numbers(predictions.path("one_tick"), "share");
    double smooth = predictions.path("smooth_limit").optionalDoubleIn(0, 1).orElse(Double.NaN);
    Map<String, Double> skillPredicted = new LinkedHashMap<>();
    for (JsonValue member : predictions.path("skill_conditions").elements()) {
      String cond = member.text();
      if (!gridPredicted.containsKey(cond)) {
        throw member.error("names no condition of predictions.gridlaw");
      }
      skillPredicted.put(cond, gridPredicted.get(cond));
    }

    for (String cond : conditions) {
      if (name.equals(CLUSTER) && BlockContrasts.CLUSTER_CONDITIONS.contains(cond)) {
        continue; // registered whatever the data root holds (campaignLevel), so the abstract may quote them
      }
      perCondition(q, name, cond, describe(exclusion), a -> exclusion);
    }
    for (Map.Entry<String, Double> e : gridPredicted.entrySet()) {
      String cond = e.getKey();
      double predicted = e.getValue();
      String source = name.equals(CONFIRM) ? "the earlier campaigns' flights (recv_ns - send_ns)"
          : "the flights (recv_ns - send_ns) of its pilot, campaign " + name + "-pilot";
      q.add(registered(Naming.keyOf(name) + ".gridlaw.predicted." + cond, mp + "GridLawPredicted"
          + Identifiers.macroWords(cond),
          "the grid law's retention for condition " + cond + " of campaign " + name
              + ", registered in the plan before the data (predictions.gridlaw." + cond
              + ".retention), from the intended schedule and " + source,
          predicted));
      q.add(Quantity.key(Naming.keyOf(name) + ".gridlaw.error." + cond)
          .macro(mp + "GridLawError" + Identifiers.macroWords(cond))
          .definition("absolute difference, in fractions of the taken events, between " + Naming.keyOf(name)
          + ".retention." + cond + " and the grid "
              + "law's prediction registered in the plan before the data (predictions.gridlaw." + cond + ".retention = "
              + predicted + ", from the intended schedule and " + source + ")")
          .unit(Unit.FRACTION).format(Format.POINTS_2DP).scope(scope(name)).function(ConfirmQuantities.class, "error")
          .computes(a -> error(Blocks.mean(a, name, exclusion, cond, Blocks.Metric.RETENTION), predicted, name)));
    }
    if (!skillPredicted.isEmpty() && !Double.isNaN(smooth)) {
      q.add(Quantity.key(Naming.keyOf(name) + ".gridlaw.skill").macro(mp + "GridLawSkill")
          .definition("the grid law's skill over a no-grid baseline: the mean over the conditions " + String.join(", ",
              skillPredicted.keySet()) + " (predictions.skill_conditions)" + " of |" + Naming.keyOf(name)
              + ".retention - predictions.smooth_limit (" + smooth + ")| minus the "
              + "mean of |confirm.retention - the registered grid-law prediction|, in fractions of the taken events "
              + "(above 0: the grid law predicts the block means better than one smooth-limit retention for every "
              + "interval)")
          .unit(Unit.FRACTION).format(Format.POINTS_2DP).scope(scope(name)).function(ConfirmQuantities.class, "skill")
          .computes(a -> skill(a, name, exclusion, skillPredicted, smooth)));
    }
    for (Map.Entry<String, Double> e : tickPredicted.entrySet()) {
      String cond = e.getKey();
      double predicted = e.getValue();
      q.add(registered(Naming.keyOf(name) + ".oneTick.predicted." + cond, mp + "OneTickPredicted"
          + Identifiers.macroWords(cond),
          "the share of one-tick negatives for condition " + cond + " of campaign " + name
              + ", registered in the plan before the data (predictions.one_tick." + cond + ".share)", predicted));
      q.add(Quantity.key(Naming.keyOf(name) + ".oneTick.error." + cond)
          .macro(mp + "OneTickError" + Identifiers.macroWords(cond))
          .definition("absolute difference, in fractions of the taken events, between " + Naming.keyOf(name)
          + ".oneTickShare." + cond + " and the "
              + "share registered in the plan before the data (predictions.one_tick." + cond + ".share = " + predicted
              + ")")
          .unit(Unit.FRACTION).format(Format.POINTS_2DP).scope(scope(name)).function(ConfirmQuantities.class, "error")
          .computes(a -> error(Blocks.mean(a, name, exclusion, cond, Blocks.Metric.ONE_TICK_SHARE), predicted, name)));
    }
  }

  /**
   * The entries of one condition of a blocked campaign: the runs its exclusion rule excluded, its retention and
   * one-tick share with the rule set aside (exploratory), and every metric's block mean with its Student t interval.
   *
   * @param rule the plan's exclusion rule in words, for the definitions
   * @param exclusion the plan's exclusion rule, read from the analysis' data root or from the plan at hand
   */
  private static void perCondition(List<Quantity> q, String name, String cond, String rule,
                                   Function<Analysis, Optional<RunExclusion>> exclusion) {
    String mp = words(name);
    q.add(count(name, Naming.keyOf(name) + ".excluded." + cond, mp + "Excluded" + Identifiers.macroWords(cond),
        "ok runs of "
        + "condition " + cond + " of campaign " + name + " excluded by the plan's exclusion rule (" + rule + ")",
        a -> excludedRuns(a, name, exclusion.apply(a)).stream().filter(r -> r.row().condition().equals(cond)).count()));
    for (Blocks.Metric m : List.of(Blocks.Metric.RETENTION, Blocks.Metric.ONE_TICK_SHARE)) {
      q.add(part(name, Quantity.key(Naming.keyOf(name) + ".unexcluded." + m.word() + "." + cond)
          .macro(mp + "Unexcluded" + words(m.word())
          + Identifiers.macroWords(cond))
          .definition("exploratory, outside the registered analysis: mean over blocks of "
          + "campaign " + name + " of the " + m.what() + ", condition " + cond
          + ", with the plan's exclusion rule set aside (every ok run whose manipulations were applied)").unit(m.unit())
          .format(m.format()), a -> Blocks.mean(a, name, Optional.empty(), cond, m), 0));
    }
    for (Blocks.Metric m : Blocks.Metric.of(name)) {
      String key = Naming.keyOf(name) + "." + m.word() + "." + cond;
      String macro = mp + words(m.word()) + Identifiers.macroWords(cond);
      String def = m.summaryWords() + " over blocks of campaign " + name + " of the " + m.what() + ", condition "
          + cond;
      q.add(part(name, Quantity.key(key).macro(macro).definition(def).unit(m.unit()).format(m.format()),
          a -> Blocks.mean(a, name, exclusion.apply(a), cond, m), 0));
      q.add(part(name, Quantity.key(key + ".lower").macro(macro + "Lower")
          .definition("lower end of the " + Phrases.level() + " "
          + m.intervalWords() + " over blocks (n - 1 degrees of freedom) of " + key).unit(m.unit()).format(m.format()),
          a -> Blocks.mean(a, name, exclusion.apply(a), cond, m), -1));
      q.add(part(name, Quantity.key(key + ".upper").macro(macro + "Upper")
          .definition("upper end of the " + Phrases.level() + " "
          + m.intervalWords() + " over blocks of " + key).unit(m.unit()).format(m.format()),
          a -> Blocks.mean(a, name, exclusion.apply(a), cond, m), 1));
    }
  }

  /** Registered numbers {@code plan.predictions.<member>.<cond>.<field>}, each a fraction in [0, 1], in plan order. */
  private static Map<String, Double> numbers(JsonValue member, String field) {
    Map<String, Double> out = new LinkedHashMap<>();
    if (member.isAbsent()) {
      return out;
    }
    for (Map.Entry<String, JsonValue> e : member.members().entrySet()) {
      out.put(e.getKey(), e.getValue().path(field).doubleIn(0, 1));
    }
    return out;
  }

  static String describe(Optional<RunExclusion> exclusion) {
    if (exclusion.isEmpty()) {
      return "the plan registers none";
    }
    RunExclusion x = exclusion.get();
    List<String> parts = new ArrayList<>();
    if (!Double.isNaN(x.stealPctAbove())) {
      parts.add("steal_pct above " + Format.sig(x.stealPctAbove(), 3) + "%");
    }
    if (!Double.isNaN(x.otherCpuPctAbove())) {
      parts.add("other_cpu_pct above " + Format.sig(x.otherCpuPctAbove(), 3) + "%");
    }
    if (!Double.isNaN(x.otherTasksCpuPctAbove())) {
      parts.add("other_tasks_cpu_pct above " + Format.sig(x.otherTasksCpuPctAbove(), 3) + "%");
    }
    if (!Double.isNaN(x.otherRunPctAbove())) {
      parts.add("other_run_pct above " + Format.sig(x.otherRunPctAbove(), 3) + "%");
    }
    return parts.isEmpty() ? "no threshold" : String.join(" or ", parts);
  }

  /** Ok runs with their manipulations applied that the plan's exclusion rule excludes. */
  private static List<ScannedRun> excludedRuns(Analysis a, String campaign, Optional<RunExclusion> exclusion) {
    return Manipulations.usable(a, campaign).stream().filter(r -> exclusion.flatMap(x -> x.cause(r.row())).isPresent())
        .toList();
  }

  private static long excluded(Analysis a, String campaign, Optional<RunExclusion> exclusion) {
    return excludedRuns(a, campaign, exclusion).size();
  }

  /** Excluded runs whose cause is {@code column} (the rule tests steal first, then other processes' CPU). */
  private static long excluded(Analysis a, String campaign, Optional<RunExclusion> exclusion,
      LedgerSchema.Column column) {
    return excludedRuns(a, campaign, exclusion).stream()
        .filter(r -> exclusion.flatMap(x -> x.cause(r.row())).orElseThrow() == column)
        .count();
  }

  private static long unmeasured(Analysis a, String campaign, Optional<RunExclusion> exclusion) {
    return Blocks.usable(a, campaign, exclusion).stream()
        .filter(r -> exclusion.map(x -> x.unmeasured(r.row())).orElse(false)).count();
  }

  private static long sum(Analysis a, LedgerSchema.Column column) {
    return a.campaignRuns(CONFIRM).stream().map(r -> r.field(column)).filter(s -> !s.isEmpty())
        .mapToLong(Long::parseLong).sum();
  }

  /** |block mean - predicted|; unavailable without a block. */
  static Value error(BlockStats.Interval mean, double predicted, String campaign) {
    return mean.blocks() == 0 ? BlockContrasts.value(mean, 0, campaign)
        : new Value.Real(Math.abs(mean.estimate() - predicted));
  }

  /**
   * Mean smooth-limit error minus mean grid-law error over the predicted conditions; unavailable if one has no block.
   */
  static Value skill(Analysis a, String campaign, Optional<RunExclusion> exclusion, Map<String, Double> predicted,
      double smooth) {
    double law = 0;
    double base = 0;
    for (Map.Entry<String, Double> e : predicted.entrySet()) {
      BlockStats.Interval m = Blocks.mean(a, campaign, exclusion, e.getKey(), Blocks.Metric.RETENTION);
      if (m.blocks() == 0) {
        return new Value.Unavailable("condition " + e.getKey() + " has no block with a retention");
      }
      law += Math.abs(m.estimate() - e.getValue());
      base += Math.abs(m.estimate() - smooth);
    }
    return new Value.Real((base - law) / predicted.size());
  }

  private static Quantity part(String campaign, Quantity.ScopePart head, Function<Analysis,
      BlockStats.Interval> interval,
                               int which) {
    return part(campaign, head, Provenance.name(BlockStats.class, "mean"), interval, which);
  }

  private static Quantity part(String campaign, Quantity.ScopePart head, String function,
                               Function<Analysis, BlockStats.Interval> interval, int which) {
    return head.scope(scope(campaign)).function(function).computes(a -> {
          if (!has(a, campaign)) {
            return CampaignRuns.noData(campaign);
          }
          return BlockContrasts.value(interval.apply(a), which, campaign);
        });
  }

  /** A number the plan registered (a fraction), printed as the paper's other fractions; it reads no data. */
  private static Quantity registered(String key, String macro, String definition, double value) {
    return Quantity.key(key).macro(macro).definition(definition).unit(Unit.FRACTION).format(Format.PERCENT_2DP)
        .scope(Scope.LEDGERS)
        .function(ConfirmQuantities.class, "add").computes(a -> new Value.Real(value));
  }

  private static Quantity count(String campaign, String key, String macro, String definition,
                                ToLongFunction<Analysis> f) {
    return Quantity.key(key).macro(macro).definition(definition).unit(Unit.COUNT).format(Format.GROUPED_INTEGER)
        .scope(scope(campaign))
        .function(Blocks.class, "usable").computes(a -> has(a, campaign) ? new Value.Count(f.applyAsLong(a))
            : CampaignRuns.noData(campaign));
  }

  /** A key segment as macro words: first letter up, the rest as written (letters only). */
  private static String words(String segment) {
    return Identifiers.macroWords(segment);
  }
}
