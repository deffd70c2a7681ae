package ftl.quantity.section;

import ftl.data.ledger.LedgerSchema;
import ftl.data.ledger.Priority;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.CampaignCatalogue;
import ftl.quantity.core.ScannedRun;
import ftl.quantity.core.Value;
import ftl.stats.Rate;
import ftl.stats.RateRatio;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * Rate ratios of the negative ack-referenced span under the scheduling manipulations of a campaign:
 * real-time priority on the two stamping threads (default over fifo, at fixed geometry, load, acks and send
 * interval: the collapse factor), core geometry (shared over split at identical utilisation) and background
 * load. A run enters only when every manipulation it names was read back as applied; the others are counted.
 */
public final class Manipulations {
  private Manipulations() {}

  /**
   * True when the ledger shows every manipulation of the run read back as applied: the one rule,
   * {@link ftl.data.ledger.LedgerSchema#manipulationsApplied}, which the ledger-only count {@code runs.refused.modeA} uses too.
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
  static List<Stratum> modeACollapse(Analysis a) {
    return a.memo("collapse:" + CampaignCatalogue.MODE_A.folder(),
        () -> collapse(usable(a, CampaignCatalogue.MODE_A.folder())));
  }

  /** Runs by stratum of identical geometry, load, acks and send interval, strata in name order. */
  static Map<String, List<ScannedRun>> strata(List<ScannedRun> runs) {
    Map<String, List<ScannedRun>> strata = new TreeMap<>();
    for (ScannedRun r : runs) {
      String key = "geometry=" + r.field(LedgerSchema.GEOMETRY) + " load=" + r.field(LedgerSchema.LOAD_PCT) + "% acks=" + r.field(LedgerSchema.ACKS)
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
  static Value part(RateRatio.Estimate e, int which) {
    if (e.status() != RateRatio.Status.DEFINED) {
      return new Value.Unavailable("ratio not finite: " + e.status());
    }
    double v = which == 0 ? e.ratio() : which < 0 ? e.lower() : e.upper();
    return Double.isFinite(v) ? new Value.Real(v) : new Value.Unavailable("interval bound not finite");
  }

  static List<Rate> rates(List<ScannedRun> runs, Predicate<ScannedRun> which) {
    return runs.stream().filter(which).map(ScannedRun::ackNegativeRate).toList();
  }
}
