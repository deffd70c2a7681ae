package ftl.quantity.core;

import ftl.data.ledger.LedgerSchema;
import ftl.data.ledger.Priority;
import ftl.quantity.core.Quantity.Scope;
import ftl.stats.Rate;
import ftl.stats.RateRatio;
import ftl.stats.StratifiedRateRatio;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Rate ratios of the negative ack-referenced span under the scheduling manipulations of a campaign:
 * real-time priority on the two stamping threads (default over fifo, at fixed geometry, load, acks and send
 * interval: the collapse factor), core geometry (shared over split at identical utilisation) and background
 * load. A run enters only when every manipulation it names was read back as applied; the others are counted.
 *
 * <p>Shared by every section that reads a manipulation: campaign modeA's strata (their collapse factors, the
 * permutation tests with Holm's adjustment), the isolation campaign's broker placement, the campaign-wide ratios.
 */
public final class Manipulations {
  private Manipulations() {}

  /**
   * True when the ledger shows every manipulation of the run read back as applied: the one rule,
   * {@link ftl.data.ledger.LedgerSchema#manipulationsApplied}, which the ledger-only count {@code runs.refused.modeA}
   * uses too.
   */
  public static boolean applied(ScannedRun r) {
    return r.row().manipulationsApplied();
  }

  /** Ok runs of a campaign whose manipulations were applied. */
  public static List<ScannedRun> usable(Analysis a, String campaign) {
    return a.campaignRuns(campaign).stream().filter(Manipulations::applied).toList();
  }

  /** Ok runs of a campaign whose manipulations the host refused (excluded from the ratios, counted). */
  public static long refused(Analysis a, String campaign) {
    return a.campaignRuns(campaign).stream().filter(r -> !applied(r)).count();
  }

  /** One stratum's estimate, with the stratum named. */
  public record Stratum(String name, RateRatio.Estimate estimate) {}

  /**
   * The collapse factor per stratum: pooled negative-span rate of default-priority runs over fifo runs, in
   * each stratum of identical geometry, load, acks and send interval, with a bootstrap interval over runs.
   */
  public static List<Stratum> collapse(List<ScannedRun> runs) {
    List<Stratum> out = new ArrayList<>();
    for (Map.Entry<String, List<ScannedRun>> e : strata(runs).entrySet()) {
      List<Rate> def = rates(e.getValue(), r -> r.row().at(Priority.DEFAULT));
      List<Rate> fifo = rates(e.getValue(), r -> r.row().at(Priority.FIFO));
      if (def.isEmpty() || fifo.isEmpty()) {
        continue;
      }
      out.add(new Stratum(e.getKey(), RateRatio.estimate(def, fifo)));
    }
    return out;
  }

  /**
   * {@link #collapse} of campaign modeA's usable runs, computed once per analysis: each stratum's quantities and the
   * range over strata share it (each stratum once asked for the whole collapse, 36 bootstraps, to keep one of them).
   */
  public static List<Stratum> modeACollapse(Analysis a) {
    return a.memo("collapse:" + CampaignCatalogue.MODE_A.folder(),
        () -> collapse(usable(a, CampaignCatalogue.MODE_A.folder())));
  }

  /** Runs by stratum of identical geometry, load, acks and send interval, strata in name order. */
  public static Map<String, List<ScannedRun>> strata(List<ScannedRun> runs) {
    Map<String, List<ScannedRun>> strata = new TreeMap<>();
    for (ScannedRun r : runs) {
      String key = "geometry=" + r.field(LedgerSchema.GEOMETRY) + " load=" + r.field(LedgerSchema.LOAD_PCT) + "% acks="
          + r.field(LedgerSchema.ACKS)
          + " interval=" + r.field(LedgerSchema.SEND_INTERVAL_NS) + "ns";
      strata.computeIfAbsent(key, k -> new ArrayList<>()).add(r);
    }
    return strata;
  }

  /**
   * A ratio of pooled negative-span rates between two groups of runs (numerator over denominator), with a
   * bootstrap interval over runs; runs in neither group are ignored.
   */
  public static RateRatio.Estimate ratio(List<ScannedRun> runs, Predicate<ScannedRun> numerator,
                                        Predicate<ScannedRun> denominator) {
    return RateRatio.estimate(rates(runs, numerator), rates(runs, denominator));
  }

  /**
   * One part of an estimate as a registry value: the ratio ({@code which == 0}), the lower ({@code < 0}) or
   * the upper ({@code > 0}) end of its bootstrap interval; unavailable, saying why, when the ratio or that end
   * is not finite.
   */
  public static Value part(RateRatio.Estimate e, int which) {
    if (e.status() != RateRatio.Status.DEFINED) {
      return new Value.Unavailable("ratio not finite: " + e.status());
    }
    double v = which == 0 ? e.ratio() : which < 0 ? e.lower() : e.upper();
    return Double.isFinite(v) ? new Value.Real(v) : new Value.Unavailable("interval bound not finite");
  }

  public static List<Rate> rates(List<ScannedRun> runs, Predicate<ScannedRun> which) {
    return runs.stream().filter(which).map(ScannedRun::ackNegativeRate).toList();
  }

  /**
   * "core0" when the broker's threads were read back on core 0 alone, otherwise "all" (the isolation campaign's
   * placement).
   */
  public static String placement(ScannedRun r) {
    return r.field(LedgerSchema.BROKER_CPUS).equals("0") ? "core0" : "all";
  }

  /** Monte Carlo permutations of a stratum too large for the exact test (none in the committed data). */
  public static final int PERMUTATIONS = 100_000;

  /** Per-stratum result: its name, collapse factor (point), Holm-adjusted p-value. */
  public record Tested(String name, double ratio, double holmP, boolean exact) {}

  /** The strata of the usable runs of campaign modeA, each with its default and fifo runs' rates. */
  public static List<StratifiedRateRatio.Stratum> modeAStrata(Analysis a) {
    List<StratifiedRateRatio.Stratum> out = new ArrayList<>();
    for (Map.Entry<String, List<ScannedRun>> e : strata(usable(a, CampaignCatalogue.MODE_A.folder())).entrySet()) {
      out.add(new StratifiedRateRatio.Stratum(e.getKey(),
          rates(e.getValue(), r -> r.row().at(Priority.DEFAULT)),
          rates(e.getValue(), r -> r.row().at(Priority.FIFO))));
    }
    return out;
  }

  /**
   * Every stratum of campaign modeA with events at both priorities, its collapse factor and Holm-adjusted permutation
   * p-value (exact; a Monte Carlo fallback seeded per stratum with the bootstrap's seed plus its index), computed once
   * per analysis. A stratum whose factor is 0/0 or infinite keeps its test; its factor enters the direction count as
   * not above 1 when 0/0 and above 1 when infinite.
   */
  public static List<Tested> tested(Analysis a) {
    return a.memo("collapse.holm", () -> {
      List<StratifiedRateRatio.Stratum> s = modeAStrata(a).stream()
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

  /** The Holm-adjusted p-value of one stratum of campaign modeA; unavailable when it was not tested. */
  public static Value holm(Analysis a, String stratum) {
    if (!CampaignRuns.has(a, CampaignCatalogue.MODE_A.folder())) {
      return CampaignRuns.noData(CampaignCatalogue.MODE_A.folder());
    }
    return tested(a).stream().filter(t -> t.name().equals(stratum)).findFirst()
        .<Value>map(t -> new Value.Real(t.holmP())).orElse(
        new Value.Unavailable("stratum not tested: lacks events at one priority"));
  }

  /**
   * Adds a ratio of pooled negative-span rates between two groups of campaign modeA's usable runs, and the two ends of
   * its bootstrap interval over runs ({@code key} with {@code .ratio.} made {@code .ratio.lower.} and {@code
   * .ratio.upper.}).
   */
  public static void addRatio(List<Quantity> q, String key, String macro, String definition,
                              Predicate<ScannedRun> numerator, Predicate<ScannedRun> denominator) {
    String modeA = CampaignCatalogue.MODE_A.folder();
    Function<Analysis, RateRatio.Estimate> est = a -> ratio(usable(a, modeA), numerator, denominator);
    q.add(Quantity.key(key).macro(macro).definition(definition + "; pooled rates, campaign modeA").unit(Unit.RATIO)
        .format(Format.RATIO_3SF)
        .scope(Scope.KAFKA_EVENTS).function(RateRatio.class, "estimate").computes(a -> estimateValue(a, key, est, 0)));
    q.add(Quantity.key(key.replace(".ratio.", ".ratio.lower.")).macro(macro + "Lower")
        .definition("lower end of the " + Phrases.bootstrapOverRuns() + " of " + key)
        .unit(Unit.RATIO).format(Format.RATIO_3SF).scope(Scope.KAFKA_EVENTS).function(RateRatio.class, "estimate")
        .computes(a -> estimateValue(a, key, est, -1)));
    q.add(Quantity.key(key.replace(".ratio.", ".ratio.upper.")).macro(macro + "Upper")
        .definition("upper end of the " + Phrases.bootstrapOverRuns() + " of " + key)
        .unit(Unit.RATIO).format(Format.RATIO_3SF).scope(Scope.KAFKA_EVENTS).function(RateRatio.class, "estimate")
        .computes(a -> estimateValue(a, key, est, 1)));
  }

  /**
   * One part of the estimate of the ratio entry {@code key}, computed once per analysis (memo keyed by the entry's
   * key).
   */
  private static Value estimateValue(Analysis a, String key, Function<Analysis, RateRatio.Estimate> est, int which) {
    String modeA = CampaignCatalogue.MODE_A.folder();
    if (!CampaignRuns.has(a, modeA)) {
      return CampaignRuns.noData(modeA);
    }
    RateRatio.Estimate e = a.memo("estimate:" + key, () -> {
      List<ScannedRun> usable = usable(a, modeA);
      return usable.isEmpty() ? null : est.apply(a);
    });
    if (e == null) {
      return new Value.Unavailable("no run of campaign modeA with its manipulations applied");
    }
    return part(e, which);
  }
}
