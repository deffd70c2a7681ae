package ftl.quantity.section;

import ftl.data.ledger.LedgerSchema;
import ftl.data.ledger.Priority;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.CampaignCatalogue;
import ftl.quantity.core.Format;
import ftl.quantity.core.Phrases;
import ftl.quantity.core.Quantity.Scope;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.ScannedRun;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;
import ftl.stats.RateRatio;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The pre-registered isolation campaign ({@code data/isolation/plan.json}): the collapse factor (pooled
 * negative-A rate at default priority over SCHED_FIFO on the two stamping threads, both on one core) with the
 * broker free on every core or confined to core 0, at no load and at 90 % background load, and the verdicts of
 * its two predictions. A run enters only when its manipulations were read back as applied.
 */
public final class IsolationQuantities {
  /** Folder name of the campaign. */
  static final String ISOLATION = CampaignCatalogue.ISOLATION.folder();
  /** Broker placements: free on every core, or confined to core 0 (ledger broker_cpus read back as "0"). */
  static final List<String> BROKERS = List.of("all", "core0");
  /** Background loads of the plan, percent per core. */
  static final List<String> LOADS = List.of("0", "90");

  private IsolationQuantities() {}

  public static List<Quantity> all() {
    List<Quantity> q = new ArrayList<>();
    for (String broker : BROKERS) {
      for (String load : LOADS) {
        String key = Layout.isolationCollapseKey(broker, load);
        String macro = ConditionQuantities.macro("IsolationCollapse", broker, "load" + load);
        String where = "broker " + (broker.equals("all") ? "on every core" : "confined to core 0") + ", " + load
            + "% background load";
        q.add(ratio(key, macro, "collapse factor of campaign isolation: pooled negative-A rate at default priority over SCHED_FIFO on the two stamping threads (both on the last core), "
            + where, broker, load, 0));
        q.add(ratio(key + ".lower", macro + "Lower",
            "lower end of the " + Phrases.bootstrapOverRuns() + " of " + key, broker, load, -1));
        q.add(ratio(key + ".upper", macro + "Upper",
            "upper end of the " + Phrases.bootstrapOverRuns() + " of " + key, broker, load, 1));
      }
    }
    q.add(new Quantity("isolation.prediction.confinement", "IsolationPredictionConfinement",
        "pre-registered: at each background load the collapse factor with the broker confined to core 0 exceeds the one with the broker on every core (point estimates)",
        Unit.DIMENSIONLESS, Format.VERDICT, Scope.KAFKA_EVENTS, "ftl.quantity.section.IsolationQuantities#confinement",
        a -> verdict(a, false)));
    q.add(new Quantity("isolation.prediction.collapseWhenConfined", "IsolationPredictionCollapseWhenConfined",
        "pre-registered: with the broker confined to core 0 the " + Phrases.level() + " bootstrap interval of the collapse factor lies above 1 at each background load",
        Unit.DIMENSIONLESS, Format.VERDICT, Scope.KAFKA_EVENTS, "ftl.quantity.section.IsolationQuantities#collapseWhenConfined",
        a -> verdict(a, true)));
    return q;
  }

  private static Quantity ratio(String key, String macro, String definition, String broker, String load, int which) {
    return new Quantity(key, macro, definition, Unit.RATIO, Format.RATIO_3SF, Scope.KAFKA_EVENTS,
        "ftl.stats.RateRatio#estimate", a -> {
          if (!CampaignQuantities.has(a, ISOLATION)) {
            return CampaignQuantities.noData(ISOLATION);
          }
          return Manipulations.part(estimate(a, broker, load), which);
        });
  }

  /** The collapse factor of one broker placement and load, over the usable runs of the campaign (memoised). */
  static RateRatio.Estimate estimate(Analysis a, String broker, String load) {
    return a.memo("isolation:" + broker + ":" + load, () -> Manipulations.ratio(
        Manipulations.usable(a, ISOLATION).stream()
            .filter(r -> placement(r).equals(broker) && r.field(LedgerSchema.LOAD_PCT).equals(load)).toList(),
        r -> r.row().at(Priority.DEFAULT), r -> r.row().at(Priority.FIFO)));
  }

  /** "core0" when the broker's threads were read back on core 0 alone, otherwise "all". */
  static String placement(ScannedRun r) {
    return r.field(LedgerSchema.BROKER_CPUS).equals("0") ? "core0" : "all";
  }

  private static Value verdict(Analysis a, boolean interval) {
    if (!CampaignQuantities.has(a, ISOLATION)) {
      return CampaignQuantities.noData(ISOLATION);
    }
    List<RateRatio.Estimate> confined = new ArrayList<>();
    List<RateRatio.Estimate> free = new ArrayList<>();
    for (String load : LOADS) {
      confined.add(estimate(a, "core0", load));
      free.add(estimate(a, "all", load));
    }
    return interval ? collapseWhenConfined(confined) : confinement(confined, free);
  }

  /** Held iff, at every load, the confined collapse factor exceeds the free one; unavailable if any is not finite. */
  static Value confinement(List<RateRatio.Estimate> confined, List<RateRatio.Estimate> free) {
    boolean held = true;
    List<String> basis = new ArrayList<>();
    for (int i = 0; i < confined.size(); i++) {
      RateRatio.Estimate c = confined.get(i);
      RateRatio.Estimate f = free.get(i);
      if (c.status() != RateRatio.Status.DEFINED || f.status() != RateRatio.Status.DEFINED) {
        return new Value.Unavailable("collapse factor not finite at load " + LOADS.get(i) + "%: confined " + c.status()
            + ", free " + f.status());
      }
      held &= c.ratio() > f.ratio();
      basis.add(String.format(Locale.ROOT, "load %s%%: confined %.3g%sfree %.3g", LOADS.get(i), c.ratio(),
          c.ratio() > f.ratio() ? " > " : " <= ", f.ratio()));
    }
    return new Value.Verdict(held, String.join("; ", basis));
  }

  /** Held iff, at every load, the confined collapse factor's bootstrap interval lies above 1. */
  static Value collapseWhenConfined(List<RateRatio.Estimate> confined) {
    boolean held = true;
    List<String> basis = new ArrayList<>();
    for (int i = 0; i < confined.size(); i++) {
      RateRatio.Estimate c = confined.get(i);
      if (c.status() != RateRatio.Status.DEFINED || !Double.isFinite(c.lower())) {
        return new Value.Unavailable("no finite interval at load " + LOADS.get(i) + "%: " + c.status());
      }
      held &= c.lower() > 1;
      basis.add(String.format(Locale.ROOT, "load %s%%: lower end %.3g", LOADS.get(i), c.lower()));
    }
    return new Value.Verdict(held, String.join("; ", basis));
  }
}
