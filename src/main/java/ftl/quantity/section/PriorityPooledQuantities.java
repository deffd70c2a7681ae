package ftl.quantity.section;

import ftl.data.ledger.Priority;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.CampaignCatalogue;
import ftl.quantity.core.Format;
import ftl.quantity.core.Parallel;
import ftl.quantity.core.Phrases;
import ftl.quantity.core.Quantity.Scope;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.ScannedRun;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;
import ftl.stats.Rate;
import ftl.stats.RateRatio;
import ftl.stats.StratifiedRateRatio;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
  /** Monte Carlo permutations of a stratum too large for the exact test (none in the committed data). */
  static final int PERMUTATIONS = 100_000;
  /** How the per-stratum test is computed, for the definitions: an outsider recomputes it from this text. */
  static final String TEST = "two-sided permutation test of no priority effect: the runs' priority labels exchanged"
      + " within the stratum (the run is the unit), statistic |a/A - b/B| of the pooled negative-A rates (negatives over"
      + " paired events, recv_ns and ack_ns against send_ns) of the k default-priority runs and of the other n - k,"
      + " p = #{relabellings with statistic >= the observed} / C(n, k), every relabelling counted (exact, no seed;"
      + " a stratum too large would take " + PERMUTATIONS + " Monte Carlo relabellings from SplitMix64 seeded " + RateRatio.DEFAULT_SEED
      + " plus its index and p = (1 + #) / (1 + " + PERMUTATIONS + "), counted by collapse.holm.exact.modeA); Holm's"
      + " step-down adjustment over every tested stratum, p'_(i) = max_{j <= i} min(1, (m - j + 1) p_(j))";

  private PriorityPooledQuantities() {}

  /** Per-stratum result: its name, collapse factor (point), Holm-adjusted p-value. */
  public record Tested(String name, double ratio, double holmP, boolean exact) {}

  public static List<Quantity> all() {
    List<Quantity> q = new ArrayList<>();
    String how = "Mantel-Haenszel rate ratio of negative-A rates, default priority over SCHED_FIFO on the two stamping"
        + " threads, pooled over every stratum of campaign modeA (geometry, load, acks, send interval) with both priorities";
    String boot = " (stratified percentile bootstrap over runs, " + RateRatio.DEFAULT_RESAMPLES + " resamples, " + Phrases.seed() + ")";
    q.add(pooled("collapse.pooled.modeA", "CollapsePooledModeA", how, 0));
    q.add(pooled("collapse.pooled.lower.modeA", "CollapsePooledLowerModeA", "lower end of the " + Phrases.level() + " interval of the " + how + boot, -1));
    q.add(pooled("collapse.pooled.upper.modeA", "CollapsePooledUpperModeA", "upper end of the " + Phrases.level() + " interval of the " + how + boot, 1));
    q.add(new Quantity("collapse.pooled.strata.modeA", "CollapsePooledStrataModeA",
        "strata of campaign modeA that enter the pooled collapse factor (events at both priorities)", Unit.COUNT,
        Format.GROUPED_INTEGER, Scope.KAFKA_EVENTS, "ftl.stats.StratifiedRateRatio#pooled",
        a -> CampaignQuantities.has(a, CampaignCatalogue.MODE_A.folder()) ? new Value.Count(pooledOf(a).strata())
            : CampaignQuantities.noData(CampaignCatalogue.MODE_A.folder())));
    q.add(tests("collapse.holm.tested.modeA", "CollapseHolmTestedModeA",
        "strata of campaign modeA tested for a priority effect (" + TEST + ")", t -> t.size()));
    q.add(tests("collapse.holm.exact.modeA", "CollapseHolmExactModeA",
        "strata of campaign modeA whose permutation test (that of collapse.holm.tested.modeA) counted every"
            + " relabelling (exact; the others are Monte Carlo estimates)", t -> (int) t.stream().filter(Tested::exact).count()));
    q.add(tests("collapse.holm.above.modeA", "CollapseHolmAboveModeA",
        "strata of campaign modeA whose collapse factor exceeds 1 with a Holm-adjusted p-value below " + FAMILY_ALPHA
            + " (the test of collapse.holm.tested.modeA)", t -> significant(t, 1)));
    q.add(tests("collapse.holm.below.modeA", "CollapseHolmBelowModeA",
        "strata of campaign modeA whose collapse factor lies below 1 with a Holm-adjusted p-value below " + FAMILY_ALPHA
            + " (the test of collapse.holm.tested.modeA)", t -> significant(t, -1)));
    q.add(tests("collapse.above.modeA", "CollapseAboveModeA",
        "strata of campaign modeA whose collapse factor (point estimate) exceeds 1",
        t -> (int) t.stream().filter(x -> x.ratio() > 1).count()));
    q.add(new Quantity("collapse.prediction.modeA", "CollapsePredictionModeA",
        "pre-registered in data/modeA/plan.json: the collapse factor exceeds 1 in most strata; held iff more than half of"
            + " the tested strata have a point estimate above 1", Unit.DIMENSIONLESS, Format.VERDICT, Scope.KAFKA_EVENTS,
        "ftl.quantity.section.PriorityPooledQuantities#direction", a -> {
          if (!CampaignQuantities.has(a, CampaignCatalogue.MODE_A.folder())) {
            return CampaignQuantities.noData(CampaignCatalogue.MODE_A.folder());
          }
          return direction(tested(a));
        }));
    return q;
  }

  /** The Holm-adjusted p-value of one stratum; unavailable when it was not tested. */
  static Value holm(Analysis a, String stratum) {
    if (!CampaignQuantities.has(a, CampaignCatalogue.MODE_A.folder())) {
      return CampaignQuantities.noData(CampaignCatalogue.MODE_A.folder());
    }
    return tested(a).stream().filter(t -> t.name().equals(stratum)).findFirst()
        .<Value>map(t -> new Value.Real(t.holmP())).orElse(new Value.Unavailable("stratum not tested: lacks events at one priority"));
  }

  /** Strata with a Holm-adjusted p-value below {@link #FAMILY_ALPHA} whose factor lies above 1 ({@code side > 0}) or below 1. */
  public static int significant(List<Tested> tested, int side) {
    int n = 0;
    for (Tested t : tested) {
      if (t.holmP() < FAMILY_ALPHA && (side > 0 ? t.ratio() > 1 : t.ratio() < 1)) {
        n++;
      }
    }
    return n;
  }

  /** Held iff more than half of the tested strata have a collapse factor above 1; unavailable without a tested stratum. */
  public static Value direction(List<Tested> tested) {
    if (tested.isEmpty()) {
      return new Value.Unavailable("no stratum with events at both priorities");
    }
    long above = tested.stream().filter(t -> t.ratio() > 1).count();
    boolean held = 2 * above > tested.size();
    return new Value.Verdict(held, above + " of " + tested.size() + " strata above 1" + (held ? " (most)" : " (not most)"));
  }

  private static Quantity pooled(String key, String macro, String definition, int which) {
    return new Quantity(key, macro, definition, Unit.RATIO, Format.RATIO_3SF, Scope.KAFKA_EVENTS,
        "ftl.stats.StratifiedRateRatio#pooled", a -> {
          if (!CampaignQuantities.has(a, CampaignCatalogue.MODE_A.folder())) {
            return CampaignQuantities.noData(CampaignCatalogue.MODE_A.folder());
          }
          StratifiedRateRatio.Pooled p = pooledOf(a);
          double v = which == 0 ? p.ratio() : which < 0 ? p.lower() : p.upper();
          return Double.isFinite(v) ? new Value.Real(v) : new Value.Unavailable("not finite: pooled ratio " + p.ratio());
        });
  }

  private static Quantity tests(String key, String macro, String definition, ToIntFunction<List<Tested>> f) {
    return new Quantity(key, macro, definition, Unit.COUNT, Format.GROUPED_INTEGER, Scope.KAFKA_EVENTS,
        "ftl.stats.StratifiedRateRatio#holm", a -> CampaignQuantities.has(a, CampaignCatalogue.MODE_A.folder())
            ? new Value.Count(f.applyAsInt(tested(a))) : CampaignQuantities.noData(CampaignCatalogue.MODE_A.folder()));
  }

  /** The strata of the usable runs of campaign modeA, each with its default and fifo runs' rates. */
  static List<StratifiedRateRatio.Stratum> strata(Analysis a) {
    List<StratifiedRateRatio.Stratum> out = new ArrayList<>();
    for (Map.Entry<String, List<ScannedRun>> e : Manipulations.strata(Manipulations.usable(a, CampaignCatalogue.MODE_A.folder())).entrySet()) {
      out.add(new StratifiedRateRatio.Stratum(e.getKey(),
          Manipulations.rates(e.getValue(), r -> r.row().at(Priority.DEFAULT)),
          Manipulations.rates(e.getValue(), r -> r.row().at(Priority.FIFO))));
    }
    return out;
  }

  static StratifiedRateRatio.Pooled pooledOf(Analysis a) {
    return a.memo("collapse.pooled", () -> StratifiedRateRatio.pooled(strata(a), RateRatio.Bootstrap.standard()));
  }

  /**
   * Every stratum with events at both priorities, its collapse factor and Holm-adjusted permutation p-value (exact;
   * a Monte Carlo fallback seeded per stratum with the bootstrap's seed plus its index). A stratum whose factor is 0/0 or infinite keeps its
   * test; its factor enters the direction count as not above 1 when 0/0 and above 1 when infinite.
   */
  static List<Tested> tested(Analysis a) {
    return a.memo("collapse.holm", () -> {
      List<StratifiedRateRatio.Stratum> s = strata(a).stream()
          .filter(x -> Rate.pooled(x.numerator()).total() > 0 && Rate.pooled(x.denominator()).total() > 0)
          .toList();
      // the strata's tests on every core (exact; a Monte Carlo fallback has its own seed per stratum, so the p-values
      // do not depend on which thread runs it)
      List<StratifiedRateRatio.PermutationTest> tests = Parallel.computeEach(s.size(),
          i -> StratifiedRateRatio.permutationTest(s.get(i), PERMUTATIONS, RateRatio.DEFAULT_SEED + i));
      double[] p = tests.stream().mapToDouble(StratifiedRateRatio.PermutationTest::p).toArray();
      double[] adjusted = StratifiedRateRatio.holm(p);
      List<Tested> out = new ArrayList<>();
      for (int i = 0; i < p.length; i++) {
        Rate num = Rate.pooled(s.get(i).numerator());
        Rate den = Rate.pooled(s.get(i).denominator());
        out.add(new Tested(s.get(i).name(), num.value() / den.value(), adjusted[i], tests.get(i).exact()));
      }
      return out;
    });
  }
}
