package ftl.quantity.section;

import ftl.quantity.core.Analysis;
import ftl.quantity.core.CampaignCatalogue;
import ftl.quantity.core.CampaignRuns;
import ftl.quantity.core.Format;
import ftl.quantity.core.Naming;
import ftl.quantity.core.Phrases;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.ScannedRun;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;

import ftl.quantity.core.Quantity.Scope;
import ftl.stats.Quantiles;
import ftl.stats.RateRatio;
import ftl.stats.Slope;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The pre-registered delivery-delay campaign ({@code data/delivery/plan.json}): the consumer's
 * {@code fetch.min.bytes} far above one record makes the broker hold each fetch for {@code fetch.max.wait.ms},
 * lengthening the delivery branch only. The 1/D law says the displacement D does not grow with the flight T;
 * the test is the slope of per-run median D on per-run median T across the campaign's runs.
 */
public final class DeliveryQuantities {
  static final String DELIVERY = CampaignCatalogue.DELIVERY.folder();
  /** The law held iff the slope's interval ends below this (us of D per us of T). */
  static final double SLOPE_LIMIT = 0.1;
  /** Conditions of the plan, in order of the fetch wait: key part and condition name. */
  static final List<String[]> CONDITIONS = List.of(
      new String[] {"control", "control-fmb1-fmw100"}, new String[] {"hold1", "hold-fmw1"},
      new String[] {"hold2", "hold-fmw2"}, new String[] {"hold5", "hold-fmw5"}, new String[] {"hold10", "hold-fmw10"},
      new String[] {"hold20", "hold-fmw20"}, new String[] {"hold50", "hold-fmw50"});

  private DeliveryQuantities() {}

  public static List<Quantity> all() {
    List<Quantity> q = new ArrayList<>();
    String slopeDef =
        "ordinary least-squares slope of per-run median displacement D on per-run median flight T = recv_ns - "
        + "send_ns (monotonic clock) over the ok runs of campaign delivery (us of D per us of T)";
    q.add(slope("delivery.slope.DT", "DeliverySlopeDT", slopeDef, 0));
    q.add(slope("delivery.slope.DT.lower", "DeliverySlopeDTLower",
        "lower end of the " + Phrases.bootstrapOverRuns() + " of the " + slopeDef, -1));
    q.add(slope("delivery.slope.DT.upper", "DeliverySlopeDTUpper",
        "upper end of the " + Phrases.bootstrapOverRuns() + " of the " + slopeDef, 1));
    q.add(Quantity.key("delivery.prediction.oneOverD").macro("DeliveryPredictionOneOverD")
        .definition(
        "pre-registered: the 1/D law holds under a delivery-only delay: the upper end of the slope's interval is "
        + "below 0.1")
        .unit(Unit.DIMENSIONLESS).format(Format.VERDICT).scope(Scope.KAFKA_EVENTS)
        .function(DeliveryQuantities.class, "oneOverD")
        .computes(a -> guarded(a, x -> oneOverD(estimate(x)))));
    for (String[] c : CONDITIONS) {
      String where = "condition " + c[1] + " of campaign delivery";
      q.add(Quantity.key("delivery.flight.median." + c[0]).macro(Naming.macro("DeliveryFlight", "", c[0]))
          .definition("median over the runs of " + where
          + " of the per-run median flight T = recv_ns - send_ns (monotonic clock)")
          .unit(Unit.MICROSECONDS).format(Format.REAL_3SF).scope(Scope.KAFKA_EVENTS)
          .function(DeliveryQuantities.class, "median")
          .computes(a -> guarded(a, x -> median(runs(x), c[1], true))));
      q.add(Quantity.key("delivery.displacement.median." + c[0]).macro(Naming.macro("DeliveryDisplacement", "", c[0]))
          .definition("median over the runs of " + where + " of the per-run median displacement D")
          .unit(Unit.MICROSECONDS).format(Format.REAL_3SF).scope(Scope.KAFKA_EVENTS)
          .function(DeliveryQuantities.class, "median")
          .computes(a -> guarded(a, x -> median(runs(x), c[1], false))));
      q.add(Quantity.key("delivery.relError." + c[0]).macro(Naming.macro("DeliveryRelError", "", c[0]))
          .definition("relative error D/T of " + where
          + ": the median per-run median D over the median per-run median T")
          .unit(Unit.DIMENSIONLESS).format(Format.DECIMAL_2DP).scope(Scope.KAFKA_EVENTS)
          .function(DeliveryQuantities.class, "relError")
          .computes(a -> guarded(a, x -> relError(median(runs(x), c[1], false), median(runs(x), c[1], true)))));
    }
    return q;
  }

  private static Value guarded(Analysis a, Function<Analysis, Value> f) {
    return CampaignRuns.has(a, DELIVERY) ? f.apply(a) : CampaignRuns.noData(DELIVERY);
  }

  private static Quantity slope(String key, String macro, String definition, int which) {
    return Quantity.key(key).macro(macro).definition(definition).unit(Unit.DIMENSIONLESS).format(Format.REAL_3SF)
        .scope(Scope.KAFKA_EVENTS)
        .function(Slope.class, "estimate").computes(a -> guarded(a, x -> part(estimate(x), which)));
  }

  /** Ok runs of the campaign with both medians defined (their sum is finite iff both are). */
  static List<ScannedRun> runs(Analysis a) {
    return a.campaignRuns(DELIVERY).stream()
        .filter(r -> Double.isFinite(r.medianDisplacementNanos() + r.guard().medianFlightNanos())).toList();
  }

  /** The slope of median D on median T over the campaign's runs, computed once per analysis. */
  static Slope.Estimate estimate(Analysis a) {
    return a.memo("delivery:slope", () -> estimate(runs(a)));
  }

  static Slope.Estimate estimate(List<ScannedRun> runs) {
    double[] t = new double[runs.size()];
    double[] d = new double[runs.size()];
    for (int i = 0; i < runs.size(); i++) {
      t[i] = runs.get(i).guard().medianFlightNanos() / 1e3;
      d[i] = runs.get(i).medianDisplacementNanos() / 1e3;
    }
    return Slope.estimate(t, d, RateRatio.Bootstrap.standard());
  }

  public static Value part(Slope.Estimate e, int which) {
    double v = which == 0 ? e.slope() : which < 0 ? e.lower() : e.upper();
    return Double.isFinite(v) ? new Value.Real(v)
        : new Value.Unavailable("slope undefined (" + e.pairs() + " runs, or every run at one median flight)");
  }

  /** Held iff the interval's upper end is below {@link #SLOPE_LIMIT}. */
  public static Value oneOverD(Slope.Estimate e) {
    if (!Double.isFinite(e.upper())) {
      return new Value.Unavailable("slope or its interval undefined (" + e.pairs() + " runs)");
    }
    return new Value.Verdict(e.upper() < SLOPE_LIMIT, String.format(Locale.ROOT,
        "slope %.3f, " + Phrases.levelFormat() + " interval %.3f to %.3f (held iff the upper end < %.1f)", e.slope(),
        e.lower(), e.upper(), SLOPE_LIMIT));
  }

  /** Median (type 7) over a condition's runs of their median flight ({@code flight}) or displacement, in us. */
  static Value median(List<ScannedRun> runs, String condition, boolean flight) {
    double[] v = runs.stream().filter(r -> r.row().condition().equals(condition))
        .mapToDouble(r -> (flight ? r.guard().medianFlightNanos() : r.medianDisplacementNanos()) / 1e3).toArray();
    return v.length == 0 ? new Value.Unavailable("no ok run of condition " + condition)
        : new Value.Real(Quantiles.median(v));
  }

  /** D over T of two medians; unavailable when either is. */
  public static Value relError(Value d, Value t) {
    if (d instanceof Value.Real dr && t instanceof Value.Real tr) {
      return new Value.Real(dr.value() / tr.value());
    }
    return d instanceof Value.Unavailable ? d : t;
  }
}
