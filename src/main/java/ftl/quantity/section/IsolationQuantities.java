package ftl.quantity.section;

import ftl.data.ledger.LedgerSchema;
import ftl.data.ledger.Priority;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.CampaignCatalogue;
import ftl.quantity.core.CampaignRuns;
import ftl.quantity.core.Format;
import ftl.quantity.core.Layout;
import ftl.quantity.core.Manipulations;
import ftl.quantity.core.Naming;
import ftl.quantity.core.Phrases;
import ftl.quantity.core.Quantity.Scope;
import ftl.quantity.core.Quantity;
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

  private IsolationQuantities() {}

  public static List<Quantity> all() {
    List<Quantity> q = new ArrayList<>();
    for (String broker : Layout.isolationBrokers()) {
      for (String load : Layout.isolationLoads()) {
        String key = Layout.isolationCollapseKey(broker, load);
        String macro = Naming.macro("IsolationCollapse", broker, "load" + load);
        String where = "broker " + (broker.equals("all") ? "on every core" : "confined to core 0") + ", " + load
            + "% background load";
        q.add(ratio(key, macro,
            "collapse factor of campaign isolation: pooled negative-A rate at default priority over SCHED_FIFO on "
            + "the two stamping threads (both on the last core), "
            + where, broker, load, 0));
        q.add(ratio(key + ".lower", macro + "Lower",
            "lower end of the " + Phrases.bootstrapOverRuns() + " of " + key, broker, load, -1));
        q.add(ratio(key + ".upper", macro + "Upper",
            "upper end of the " + Phrases.bootstrapOverRuns() + " of " + key, broker, load, 1));
      }
    }
    q.add(Quantity.key("isolation.prediction.confinement").macro("IsolationPredictionConfinement")
        .definition(
        "pre-registered: at each background load the collapse factor with the broker confined to core 0 exceeds the "
        + "one with the broker on every core (point estimates)")
        .unit(Unit.DIMENSIONLESS).format(Format.VERDICT).scope(Scope.KAFKA_EVENTS)
        .function(IsolationQuantities.class, "confinement")
        .computes(a -> verdict(a, false)));
    q.add(Quantity.key("isolation.prediction.collapseWhenConfined").macro("IsolationPredictionCollapseWhenConfined")
        .definition("pre-registered: with the broker confined to core 0 the " + Phrases.level()
        + " bootstrap interval of the collapse factor lies above 1 at each background load")
        .unit(Unit.DIMENSIONLESS).format(Format.VERDICT).scope(Scope.KAFKA_EVENTS)
        .function(IsolationQuantities.class, "collapseWhenConfined")
        .computes(a -> verdict(a, true)));
    return q;
  }

  private static Quantity ratio(String key, String macro, String definition, String broker, String load, int which) {
    return Quantity.key(key).macro(macro).definition(definition).unit(Unit.RATIO).format(Format.RATIO_3SF)
        .scope(Scope.KAFKA_EVENTS)
        .function(RateRatio.class, "estimate").computes(a -> {
          if (!CampaignRuns.has(a, ISOLATION)) {
            return CampaignRuns.noData(ISOLATION);
          }
          return Manipulations.part(estimate(a, broker, load), which);
        });
  }

  /** The collapse factor of one broker placement and load, over the usable runs of the campaign (memoised). */
  static RateRatio.Estimate estimate(Analysis a, String broker, String load) {
    return a.memo("isolation:" + broker + ":" + load, () -> Manipulations.ratio(
        Manipulations.usable(a, ISOLATION).stream()
            .filter(r -> Manipulations.placement(r).equals(broker) && r.field(LedgerSchema.LOAD_PCT).equals(load))
            .toList(),
        r -> r.row().at(Priority.DEFAULT), r -> r.row().at(Priority.FIFO)));
  }

  private static Value verdict(Analysis a, boolean interval) {
    if (!CampaignRuns.has(a, ISOLATION)) {
      return CampaignRuns.noData(ISOLATION);
    }
    List<RateRatio.Estimate> confined = new ArrayList<>();
    List<RateRatio.Estimate> free = new ArrayList<>();
    for (String load : Layout.isolationLoads()) {
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
        return new Value.Unavailable("collapse factor not finite at load " + Layout.isolationLoads().get(i)
            + "%: confined " + c.status()
            + ", free " + f.status());
      }
      held &= c.ratio() > f.ratio();
      basis.add(String.format(Locale.ROOT, "load %s%%: confined %.3g%sfree %.3g", Layout.isolationLoads().get(i),
          c.ratio(),
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
        return new Value.Unavailable("no finite interval at load " + Layout.isolationLoads().get(i) + "%: "
            + c.status());
      }
      held &= c.lower() > 1;
      basis.add(String.format(Locale.ROOT, "load %s%%: lower end %.3g", Layout.isolationLoads().get(i), c.lower()));
    }
    return new Value.Verdict(held, String.join("; ", basis));
  }
}
