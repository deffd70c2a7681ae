package ftl.quantity.section;

import ftl.quantity.core.Analysis;
import ftl.quantity.core.CampaignCatalogue;
import ftl.quantity.core.CampaignRuns;
import ftl.quantity.core.Format;
import ftl.quantity.core.Manipulations;
import ftl.quantity.core.Phrases;
import ftl.quantity.core.Quantity.Scope;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;
import ftl.stats.RateRatio;
import ftl.stats.StratifiedRateRatio;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToIntFunction;

/**
 * The priority collapse of the sign campaign pooled over its strata ({@code collapse.pooled.*}): one
 * Mantel–Haenszel rate ratio (default priority over SCHED_FIFO on the two stamping threads) with a stratified
 * bootstrap interval, per-stratum permutation tests with Holm's correction, and the pre-registered direction
 * of {@code data/modeA/plan.json} ("collapse factor > 1 in most strata") judged on the per-stratum factors.
 * Only runs whose manipulations were read back as applied enter ({@link Manipulations#usable}).
 */
public final class PriorityPooledQuantities {
  /** Family-wise error rate of the Holm-corrected per-stratum tests. */
  static final double FAMILY_ALPHA = 0.05;
  /** How the per-stratum test is computed, for the definitions: an outsider recomputes it from this text. */
  static final String TEST = "two-sided permutation test of no priority effect: the runs' priority labels exchanged"
      + " within the stratum (the run is the unit), statistic |a/A - b/B| of the pooled negative-A rates (negatives "
      + "over paired events, recv_ns and ack_ns against send_ns) of the k default-priority runs and of the other n - k,"
      + " p = #{relabellings with statistic >= the observed} / C(n, k), every relabelling counted (exact, no seed;"
      + " a stratum too large would take " + Manipulations.PERMUTATIONS
      + " Monte Carlo relabellings from SplitMix64 seeded " + RateRatio.DEFAULT_SEED
      + " plus its index and p = (1 + #) / (1 + " + Manipulations.PERMUTATIONS
      + "), counted by collapse.holm.exact.modeA); Holm's step-down adjustment over every tested stratum, p'_(i) = "
      + "max_{j <= i} min(1, (m - j + 1) p_(j))";

  private PriorityPooledQuantities() {}

  public static List<Quantity> all() {
    List<Quantity> q = new ArrayList<>();
    String how = "Mantel-Haenszel rate ratio of negative-A rates, default priority over SCHED_FIFO on the two stamping"
        + " threads, pooled over every stratum of campaign modeA (geometry, load, acks, send interval) with both "
        + "priorities";
    String boot = " (stratified percentile bootstrap over runs, " + RateRatio.DEFAULT_RESAMPLES + " resamples, "
        + Phrases.seed() + ")";
    q.add(pooled("collapse.pooled.modeA", "CollapsePooledModeA", how, 0));
    q.add(pooled("collapse.pooled.lower.modeA", "CollapsePooledLowerModeA", "lower end of the " + Phrases.level()
        + " interval of the " + how + boot, -1));
    q.add(pooled("collapse.pooled.upper.modeA", "CollapsePooledUpperModeA", "upper end of the " + Phrases.level()
        + " interval of the " + how + boot, 1));
    q.add(Quantity.key("collapse.pooled.strata.modeA").macro("CollapsePooledStrataModeA")
        .definition("strata of campaign modeA that enter the pooled collapse factor (events at both priorities)")
        .unit(Unit.COUNT)
        .format(Format.GROUPED_INTEGER).scope(Scope.KAFKA_EVENTS).function(StratifiedRateRatio.class, "pooled")
        .computes(a -> CampaignRuns.has(a, CampaignCatalogue.MODE_A.folder()) ? new Value.Count(pooledOf(a).strata())
            : CampaignRuns.noData(CampaignCatalogue.MODE_A.folder())));
    q.add(tests("collapse.holm.tested.modeA", "CollapseHolmTestedModeA",
        "strata of campaign modeA tested for a priority effect (" + TEST + ")", t -> t.size()));
    q.add(tests("collapse.holm.exact.modeA", "CollapseHolmExactModeA",
        "strata of campaign modeA whose permutation test (that of collapse.holm.tested.modeA) counted every"
            + " relabelling (exact; the others are Monte Carlo estimates)",
            t -> (int) t.stream().filter(Manipulations.Tested::exact).count()));
    q.add(tests("collapse.holm.above.modeA", "CollapseHolmAboveModeA",
        "strata of campaign modeA whose collapse factor exceeds 1 with a Holm-adjusted p-value below " + FAMILY_ALPHA
            + " (the test of collapse.holm.tested.modeA)", t -> significant(t, 1)));
    q.add(tests("collapse.holm.below.modeA", "CollapseHolmBelowModeA",
        "strata of campaign modeA whose collapse factor lies below 1 with a Holm-adjusted p-value below " + FAMILY_ALPHA
            + " (the test of collapse.holm.tested.modeA)", t -> significant(t, -1)));
    q.add(tests("collapse.above.modeA", "CollapseAboveModeA",
        "strata of campaign modeA whose collapse factor (point estimate) exceeds 1",
        t -> (int) t.stream().filter(x -> x.ratio() > 1).count()));
    q.add(Quantity.key("collapse.prediction.modeA").macro("CollapsePredictionModeA")
        .definition(
        "pre-registered in data/modeA/plan.json: the collapse factor exceeds 1 in most strata; held iff more than "
            + "half of the tested strata have a point estimate above 1").unit(Unit.DIMENSIONLESS).format(Format.VERDICT)
            .scope(Scope.KAFKA_EVENTS)
        .function(PriorityPooledQuantities.class, "direction").computes(a -> {
          if (!CampaignRuns.has(a, CampaignCatalogue.MODE_A.folder())) {
            return CampaignRuns.noData(CampaignCatalogue.MODE_A.folder());
          }
          return direction(Manipulations.tested(a));
        }));
    return q;
  }

  /**
   * Strata with a Holm-adjusted p-value below {@link #FAMILY_ALPHA} whose factor lies above 1 ({@code side > 0}) or
   * below 1.
   */
  public static int significant(List<Manipulations.Tested> tested, int side) {
    int n = 0;
    for (Manipulations.Tested t : tested) {
      if (t.holmP() < FAMILY_ALPHA && (side > 0 ? t.ratio() > 1 : t.ratio() < 1)) {
        n++;
      }
    }
    return n;
  }

  /**
   * Held iff more than half of the tested strata have a collapse factor above 1; unavailable without a tested stratum.
   */
  public static Value direction(List<Manipulations.Tested> tested) {
    if (tested.isEmpty()) {
      return new Value.Unavailable("no stratum with events at both priorities");
    }
    long above = tested.stream().filter(t -> t.ratio() > 1).count();
    boolean held = 2 * above > tested.size();
    return new Value.Verdict(held, above + " of " + tested.size() + " strata above 1"
        + (held ? " (most)" : " (not most)"));
  }

  private static Quantity pooled(String key, String macro, String definition, int which) {
    return Quantity.key(key).macro(macro).definition(definition).unit(Unit.RATIO).format(Format.RATIO_3SF)
        .scope(Scope.KAFKA_EVENTS)
        .function(StratifiedRateRatio.class, "pooled").computes(a -> {
          if (!CampaignRuns.has(a, CampaignCatalogue.MODE_A.folder())) {
            return CampaignRuns.noData(CampaignCatalogue.MODE_A.folder());
          }
          StratifiedRateRatio.Pooled p = pooledOf(a);
          double v = which == 0 ? p.ratio() : which < 0 ? p.lower() : p.upper();
          return Double.isFinite(v) ? new Value.Real(v)
              : new Value.Unavailable("not finite: pooled ratio " + p.ratio());
        });
  }

  private static Quantity tests(String key, String macro, String definition,
      ToIntFunction<List<Manipulations.Tested>> f) {
    return Quantity.key(key).macro(macro).definition(definition).unit(Unit.COUNT).format(Format.GROUPED_INTEGER)
        .scope(Scope.KAFKA_EVENTS)
        .function(StratifiedRateRatio.class, "holm").computes(
        a -> CampaignRuns.has(a, CampaignCatalogue.MODE_A.folder())
            ? new Value.Count(f.applyAsInt(Manipulations.tested(a))) : CampaignRuns.noData(
            CampaignCatalogue.MODE_A.folder()));
  }

  static StratifiedRateRatio.Pooled pooledOf(Analysis a) {
    return a.memo("collapse.pooled", () -> StratifiedRateRatio.pooled(Manipulations.modeAStrata(a),
        RateRatio.Bootstrap.standard()));
  }
}
