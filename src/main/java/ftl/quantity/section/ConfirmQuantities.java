package ftl.quantity.section;

import ftl.data.Campaign;
import ftl.data.io.JsonValue;
import ftl.data.ledger.Identifiers;
import ftl.data.ledger.LedgerSchema;
import ftl.data.registration.RunExclusion;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.BlockContrasts;
import ftl.quantity.core.BlockEntries;
import ftl.quantity.core.Blocks;
import ftl.quantity.core.CampaignCatalogue;
import ftl.quantity.core.CampaignRuns;
import ftl.quantity.core.Format;
import ftl.quantity.core.Naming;
import ftl.quantity.core.Quantity.Scope;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.ScannedRun;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;
import ftl.stats.BlockStats;
import ftl.stats.Quantiles;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The registered predictions of the campaigns registered in blocks, and two figures of single campaigns. The
 * confirmatory campaign ({@code data/confirm/plan.json}) measured every claim of the original study in blocks, one
 * broker lifetime each, every condition once per block in a seeded order, and so did the campaigns on the other
 * systems ({@code data/rabbitmq}, {@code data/nats}, issue #29), the setting, the cluster and the queue kinds
 * ({@link BlockEntries#BLOCKED}). Their plans register the grid law's retention and the share of one-tick negatives
 * before the data: this class reads those numbers from the plan ({@link #add}) and computes each prediction's error
 * against the block mean ({@link #error}) and the grid law's skill over a smooth-limit baseline ({@link #skill}). The
 * verdicts are the plans' own criteria ({@link ftl.quantity.verdict.PlanCriteria}).
 *
 * <p>Beside them, the cluster's median start time ({@link #clusterStart}) and, exploratory, the setting campaign's runs
 * that the confirmatory plan's tick-sampled rule would have excluded ({@link #tickRuleWouldExclude}). The blocked
 * campaigns' other entries are made by the sections named for what they compute: the run accounting, the
 * per-condition block summaries and the contrasts.
 */
public final class ConfirmQuantities {
  /** Folder name of the campaign. */
  public static final String CONFIRM = CampaignCatalogue.CONFIRM.folder();
  /** Folder name of the setting campaign (issue #44): run design crossed with the manipulations on one boot. */
  public static final String SETTING = CampaignCatalogue.SETTING.folder();
  /** The replicated cluster's campaign folder (issue #46). */
  public static final String CLUSTER = CampaignCatalogue.CLUSTER.folder();

  private ConfirmQuantities() {}

  /** A blocked campaign's registered predictions when it has a plan ({@link #add}); nothing for another campaign. */
  public static void forCampaign(List<Quantity> q, Campaign c) {
    if (BlockEntries.planned(c)) {
      add(q, c);
    }
  }

  /**
   * The campaign's registered predictions, in plan order: each grid-law retention and its error, the grid law's skill
   * when the plan registers both a smooth limit and the conditions it is judged over, each one-tick share and its
   * error.
   */
  static void add(List<Quantity> q, Campaign c) {
    String name = c.name();
    String mp = Identifiers.macroWords(name);
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
          .unit(Unit.FRACTION).format(Format.POINTS_2DP).scope(BlockEntries.scope(name))
          .function(ConfirmQuantities.class, "error")
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
          .unit(Unit.FRACTION).format(Format.POINTS_2DP).scope(BlockEntries.scope(name))
          .function(ConfirmQuantities.class, "skill")
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
          .unit(Unit.FRACTION).format(Format.POINTS_2DP).scope(BlockEntries.scope(name))
          .function(ConfirmQuantities.class, "error")
          .computes(a -> error(Blocks.mean(a, name, exclusion, cond, Blocks.Metric.ONE_TICK_SHARE), predicted, name)));
    }
  }

  /** The replicated cluster's own figure: its median start time ({@link #clusterStart}). */
  public static List<Quantity> clusterFigures(String name) {
    return List.of(Quantity.key(Naming.keyOf(name) + ".clusterStart")
        .macro(Identifiers.macroWords(name) + "ClusterStart")
        .definition("median over the cluster lifetimes "
        + "(ledger broker_lifetime) of campaign " + name
        + " of the time from launching the brokers until the admin client listed every one (ledger "
        + "broker_start_ms), in ms").unit(Unit.MILLISECONDS).format(Format.REAL_3SF).scope(BlockEntries.scope(name))
        .function(ConfirmQuantities.class, "clusterStart").computes(a -> clusterStart(a, name)));
  }

  /**
   * The setting campaign's own figure, exploratory: its runs the confirmatory plan's tick-sampled rule would have
   * excluded ({@link #tickRuleWouldExclude}).
   */
  public static List<Quantity> settingFigures(String name) {
    return List.of(Quantity.key(Naming.keyOf(name) + ".tickRuleWouldExclude")
        .macro(Identifiers.macroWords(name) + "TickRuleWouldExclude")
        .definition("exploratory, outside the "
        + "registered analysis: ok runs of campaign " + name
        + " whose tick-sampled other-CPU figure (ledger other_cpu_pct) exceeds the threshold the confirmatory "
        + "campaign's exclusion rule set on it (its plan's exclusion.other_cpu_pct_above): the runs that rule "
        + "would have excluded here, while the rule this plan registered reads the exact measure").unit(Unit.COUNT)
        .format(Format.GROUPED_INTEGER).scope(BlockEntries.scope(name))
        .function(ConfirmQuantities.class, "tickRuleWouldExclude").computes(a -> tickRuleWouldExclude(a, name)));
  }

  /**
   * The ok runs of {@code campaign} whose {@code other_cpu_pct} exceeds the confirmatory plan's threshold on it;
   * unavailable without either campaign or without that threshold.
   */
  static Value tickRuleWouldExclude(Analysis a, String campaign) {
    if (!BlockEntries.has(a, campaign)) {
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

  /**
   * The median over broker lifetimes of the campaign's ok runs of the lifetime's start time (ledger broker_start_ms),
   * ms.
   */
  static Value clusterStart(Analysis a, String campaign) {
    if (!BlockEntries.has(a, campaign)) {
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

  /** A number the plan registered (a fraction), printed as the paper's other fractions; it reads no data. */
  private static Quantity registered(String key, String macro, String definition, double value) {
    return Quantity.key(key).macro(macro).definition(definition).unit(Unit.FRACTION).format(Format.PERCENT_2DP)
        .scope(Scope.LEDGERS)
        .function(ConfirmQuantities.class, "add").computes(a -> new Value.Real(value));
  }
}
