package ftl.quantity.section;

import ftl.data.DataSet;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.CampaignCatalogue;
import ftl.quantity.core.CampaignRuns;
import ftl.quantity.core.DisplacementFits;
import ftl.quantity.core.Format;
import ftl.quantity.core.Layout;
import ftl.quantity.core.Naming;
import ftl.quantity.core.PublishedMedians;
import ftl.quantity.core.Quantity.Scope;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;
import ftl.stats.DisplacementLaw;
import ftl.stats.Exposure;
import java.util.ArrayList;
import java.util.List;

/**
 * The 1/D law: the displacement D is a scheduling quantity that does not grow with the path, so the
 * relative error D/T of an ack-referenced figure falls as 1/T, and exceeds one below the crossover flight
 * T = D. Published broker medians ({@code data/audit/published-medians.csv}) are placed on the curve of the
 * campaign's median displacement. Applies to ack-referenced spans only.
 */
public final class ExposureQuantities {
  private ExposureQuantities() {}

  public static List<Quantity> forData(DataSet data) {
    List<Quantity> q = new ArrayList<>();
    List<PublishedMedians.Published> published = PublishedMedians.published(data);
    List<PublishedMedians.Published> flights = published.stream().filter(PublishedMedians::flight).toList();
    String fitted =
        "the sign campaign's measured relation D = alpha + beta T (D = ack_ns - send_ns, T = recv_ns - send_ns; "
        + "onedlaw.slope.modeA, onedlaw.intercept.modeA)";
    q.add(Quantity.key("exposure.crossover.modeA").macro("ExposureCrossoverModeA")
        .definition(
        "crossover flight of campaign modeA from data, where the banded medians of D = ack_ns - send_ns and T = "
            + "recv_ns - send_ns meet (onedlaw.crossover.modeA); below it an ack-referenced figure's correction "
            + "exceeds the path")
        .unit(Unit.MICROSECONDS).format(Format.REAL_3SF).scope(Scope.KAFKA_EVENTS).function(Exposure.class, "crossover")
        .computes(a -> DisplacementFits.crossover(a, CampaignCatalogue.MODE_A.folder())));
    q.add(Quantity.key("exposure.published.count").macro("ExposurePublishedCount")
        .definition(
        "published broker latencies that are flights (end-to-end, send to receive), placed on the exposure curve "
        + "(data/audit/published-medians.csv)")
        .unit(Unit.COUNT).format(Format.GROUPED_INTEGER).scope(Scope.TABLE)
        .function(PublishedMedians.class, "published")
        .computes(a -> new Value.Count(flights.size())));
    q.add(Quantity.key("exposure.published.notFlights").macro("ExposurePublishedNotFlights")
        .definition(
        "published broker latencies that are not flights (send-to-acknowledgment), kept off the flight axis "
        + "(data/audit/published-medians.csv)")
        .unit(Unit.COUNT).format(Format.GROUPED_INTEGER).scope(Scope.TABLE).function(PublishedMedians.class, "flight")
        .computes(a -> new Value.Count(published.size() - flights.size())));
    q.add(Quantity.key("exposure.published.belowCrossover").macro("ExposurePublishedBelowCrossover")
        .definition(
        "published broker flights lying below the crossover flight of campaign modeA from data "
        + "(exposure.crossover.modeA)")
        .unit(Unit.COUNT).format(Format.GROUPED_INTEGER).scope(Scope.KAFKA_EVENTS).function(Exposure.class, "crossover")
        .computes(a -> {
          Value x = DisplacementFits.crossover(a, CampaignCatalogue.MODE_A.folder());
          return x instanceof Value.Real r
              ? new Value.Count(flights.stream().filter(p -> p.medianNanos() / 1000.0 < r.value()).count()) : x;
        }));
    for (PublishedMedians.Published p : flights) {
      String suffix = Naming.macro("", "", Integer.toString(p.row()));
      q.add(Quantity.key("exposure.relError.published" + p.row()).macro("ExposureRelErrorPublished" + suffix)
          .definition("relative error D(T)/T an ack-referenced figure would carry at the published flight \""
          + p.label() + "\" ("
              + p.medianNanos() / 1000.0 + " us, percentile " + p.percentile() + "), D(T) from " + fitted)
          .unit(Unit.FRACTION).format(Format.PERCENT_2DP).scope(Scope.KAFKA_EVENTS)
          .function(DisplacementLaw.class, "fit")
          .computes(a -> fitted(a, p.medianNanos())));
      q.add(Quantity.key("exposure.lawRelError.published" + p.row()).macro("ExposureLawRelErrorPublished" + suffix)
          .definition("relative error D0/T an ack-referenced figure would carry at the published flight \"" + p.label()
          + "\" ("
              + p.medianNanos() / 1000.0 + " us, percentile " + p.percentile()
              + ") under the 1/D law as stated, D0 the sign campaign's median displacement (displacement.median.modeA)")
          .unit(Unit.FRACTION).format(Format.PERCENT_2DP).scope(Scope.KAFKA_EVENTS).function(Exposure.class, "curve")
          .computes(a -> law(a, p.medianNanos())));
      q.add(Quantity.key("exposure.published.flight" + p.row()).macro("ExposurePublishedFlight" + suffix)
          .definition("the published flight \"" + p.label() + "\" (data/audit/published-medians.csv row " + p.row()
          + ")")
          .unit(Unit.MICROSECONDS).format(Format.REAL_3SF).scope(Scope.TABLE)
          .function(PublishedMedians.class, "published")
          .computes(a -> new Value.Real(p.medianNanos() / 1000.0)));
      q.add(Quantity.key("exposure.published.percentile" + p.row()).macro("ExposurePublishedPercentile" + suffix)
          .definition("the percentile the published flight \"" + p.label()
          + "\" states (50: a median; 99: an upper bound on one)")
          .unit(Unit.DIMENSIONLESS).format(Format.GROUPED_INTEGER).scope(Scope.TABLE)
          .function(PublishedMedians.class, "published")
          .computes(a -> new Value.Count(Long.parseLong(p.percentile()))));
    }
    int[] curve = Layout.curveFlightsMicros();
    for (int i = 0; i < curve.length; i++) {
      int t = curve[i];
      q.add(Quantity.key(Layout.exposureCurveFlightKey(i + 1))
          .macro(Naming.macro("ExposureCurveFlight", "", "p" + (i + 1)))
          .definition("flight of point " + (i + 1) + " of the exposure curve (a grid point of the figure)")
          .unit(Unit.MICROSECONDS)
          .format(Format.REAL_3SF).scope(Scope.TABLE).function(ExposureQuantities.class, "forData")
          .computes(a -> new Value.Real(t)));
      q.add(Quantity.key(Layout.exposureCurveRelErrorKey(i + 1))
          .macro(Naming.macro("ExposureCurveRelError", "", "p" + (i + 1)))
          .definition("relative error D(T)/T of an ack-referenced figure at flight " + t + " us, D(T) from " + fitted)
          .unit(Unit.FRACTION)
          .format(Format.PERCENT_2DP).scope(Scope.KAFKA_EVENTS).function(DisplacementLaw.class, "fit")
          .computes(a -> fitted(a, t * 1000.0)));
      q.add(Quantity.key(Layout.exposureLawRelErrorKey(i + 1))
          .macro(Naming.macro("ExposureLawRelError", "", "p" + (i + 1)))
          .definition("relative error D0/T of an ack-referenced figure at flight T = recv_ns - send_ns = " + t
              + " us under the 1/D law as stated: a fixed displacement D0, the sign campaign's measured one "
              + "(displacement.median.modeA, the median over runs of each run's median D = ack_ns - send_ns), over "
              + "the flight; drawn at every grid point (the law, not a fit, is what is extrapolated)")
              .unit(Unit.FRACTION).format(Format.PERCENT_2DP).scope(Scope.KAFKA_EVENTS)
              .function(Exposure.class, "curve")
          .computes(a -> law(a, t * 1000.0)));
    }
    return q;
  }

  /** D0/T at a flight under the law as stated, D0 the sign campaign's median displacement; unavailable without one. */
  static Value law(Analysis a, double flightNanos) {
    Value d0 = CampaignRuns.medianDisplacementMicros(a, CampaignCatalogue.MODE_A.folder());
    if (!(d0 instanceof Value.Real r)) {
      return d0;
    }
    Exposure.Curve c = Exposure.curve(r.value() * 1000.0,
        List.of(new Exposure.FlightPoint("flight", flightNanos, "exposure curve grid")));
    return new Value.Real(c.points().get(0).relativeError());
  }

  /** D(T)/T at a flight under the sign campaign's fitted relation; unavailable without one. */
  static Value fitted(Analysis a, double flightNanos) {
    DisplacementLaw.Fit f = DisplacementFits.fitOf(a, CampaignCatalogue.MODE_A.folder());
    if (f == null) {
      return CampaignRuns.noData(CampaignCatalogue.MODE_A.folder());
    }
    double e = f.relativeError(flightNanos);
    return Double.isFinite(e) ? new Value.Real(e)
        : new Value.Unavailable(
        "no fitted D(T) at this flight: outside the runs' median flights of campaign modeA (a line is"
            + " not extrapolated) or the slope is undefined");
  }
}
