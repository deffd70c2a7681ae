package ftl.quantity.section;

import ftl.data.Campaign;
import ftl.data.io.JsonValue;
import ftl.data.ledger.Identifiers;
import ftl.data.registration.Criteria;
import ftl.data.registration.RunExclusion;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.BlockContrasts;
import ftl.quantity.core.BlockEntries;
import ftl.quantity.core.Blocks;
import ftl.quantity.core.CampaignCatalogue;
import ftl.quantity.core.Format;
import ftl.quantity.core.Naming;
import ftl.quantity.core.Phrases;
import ftl.quantity.core.Quantity;
import ftl.stats.BlockStats;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The per-condition block summaries of the campaigns registered in blocks ({@link BlockEntries#BLOCKED}): for each
 * condition, the runs the plan's exclusion rule excluded, its retention and one-tick share with the rule set aside
 * (exploratory), and every per-run statistic's summary over blocks ({@link Blocks.Metric}, {@link BlockStats}) with
 * its Student t interval. The unit of replication is the block: a block's value of a condition is its run's per-run
 * statistic (the mean of them if a block holds several runs of the condition); a block whose value is undefined (NaN:
 * nothing delivered, nothing kept) is left out of that statistic.
 *
 * <p>The conditions are those the campaign's plan declares ({@link #forCampaign}), but for the replicated cluster's
 * registered ones ({@link BlockContrasts#CLUSTER_CONDITIONS}), which are present whatever the data root holds
 * ({@link #registered}), so the paper's abstract may quote them.
 */
public final class BlockConditionQuantities {
  private static final String CLUSTER = CampaignCatalogue.CLUSTER.folder();

  private BlockConditionQuantities() {}

  /** A blocked campaign's per-condition entries when it has a plan; nothing for another campaign. */
  public static void forCampaign(List<Quantity> q, Campaign c) {
    if (!BlockEntries.planned(c)) {
      return;
    }
    String name = c.name();
    List<String> conditions = new ArrayList<>(Criteria.conditionNames(c.plan().map(JsonValue::json)
        .orElseThrow()));
    Optional<RunExclusion> exclusion = RunExclusion.of(c.plan().get());
    for (String cond : conditions) {
      if (name.equals(CLUSTER) && BlockContrasts.CLUSTER_CONDITIONS.contains(cond)) {
        continue; // registered whatever the data root holds (registered), so the abstract may quote them
      }
      perCondition(q, name, cond, describe(exclusion), a -> exclusion);
    }
  }

  /**
   * The replicated cluster's registered conditions' entries, present in every registry; the exclusion rule is the
   * plan's, read from the analysis' data root when computed.
   */
  public static List<Quantity> registered(String name) {
    List<Quantity> q = new ArrayList<>();
    for (String cond : BlockContrasts.CLUSTER_CONDITIONS) {
      perCondition(q, name, cond,
          "the plan's registered rule: steal time, other tasks' exact run time, a changed ISR",
          a -> Blocks.exclusion(a, name));
    }
    return q;
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
    String mp = Identifiers.macroWords(name);
    q.add(BlockEntries.count(name, Naming.keyOf(name) + ".excluded." + cond, mp + "Excluded"
        + Identifiers.macroWords(cond), "ok runs of "
        + "condition " + cond + " of campaign " + name + " excluded by the plan's exclusion rule (" + rule + ")",
        a -> BlockEntries.excludedRuns(a, name, exclusion.apply(a)).stream()
            .filter(r -> r.row().condition().equals(cond)).count()));
    for (Blocks.Metric m : List.of(Blocks.Metric.RETENTION, Blocks.Metric.ONE_TICK_SHARE)) {
      q.add(BlockEntries.interval(name, Quantity.key(Naming.keyOf(name) + ".unexcluded." + m.word() + "." + cond)
          .macro(mp + "Unexcluded" + Identifiers.macroWords(m.word())
          + Identifiers.macroWords(cond))
          .definition("exploratory, outside the registered analysis: mean over blocks of "
          + "campaign " + name + " of the " + m.what() + ", condition " + cond
          + ", with the plan's exclusion rule set aside (every ok run whose manipulations were applied)").unit(m.unit())
          .format(m.format()), a -> Blocks.mean(a, name, Optional.empty(), cond, m), 0));
    }
    for (Blocks.Metric m : Blocks.Metric.of(name)) {
      String key = Naming.keyOf(name) + "." + m.word() + "." + cond;
      String macro = mp + Identifiers.macroWords(m.word()) + Identifiers.macroWords(cond);
      String def = m.summaryWords() + " over blocks of campaign " + name + " of the " + m.what() + ", condition "
          + cond;
      q.add(BlockEntries.interval(name, Quantity.key(key).macro(macro).definition(def).unit(m.unit())
          .format(m.format()), a -> Blocks.mean(a, name, exclusion.apply(a), cond, m), 0));
      q.add(BlockEntries.interval(name, Quantity.key(key + ".lower").macro(macro + "Lower")
          .definition("lower end of the " + Phrases.level() + " "
          + m.intervalWords() + " over blocks (n - 1 degrees of freedom) of " + key).unit(m.unit()).format(m.format()),
          a -> Blocks.mean(a, name, exclusion.apply(a), cond, m), -1));
      q.add(BlockEntries.interval(name, Quantity.key(key + ".upper").macro(macro + "Upper")
          .definition("upper end of the " + Phrases.level() + " "
          + m.intervalWords() + " over blocks of " + key).unit(m.unit()).format(m.format()),
          a -> Blocks.mean(a, name, exclusion.apply(a), cond, m), 1));
    }
  }

  /** The plan's exclusion rule in words, for the definitions: each threshold it sets, or that it sets none. */
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
}
