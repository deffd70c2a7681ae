package ftl.quantity.section;

import ftl.data.Campaign;
import ftl.data.DataSet;
import ftl.data.ledger.Instrument;
import ftl.data.ledger.LedgerRow;
import ftl.quantity.core.CampaignCatalogue;
import ftl.quantity.core.CampaignRuns;
import ftl.quantity.core.DisplacementFits;
import ftl.quantity.core.Format;
import ftl.quantity.core.Layout;
import ftl.quantity.core.Naming;
import ftl.quantity.core.Phrases;
import ftl.quantity.core.Quantity.Scope;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;
import ftl.stats.DisplacementLaw;
import ftl.stats.Exposure;
import ftl.stats.RateRatio;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;

/**
 * The 1/D law measured ({@code onedlaw.*}), in every campaign of the Kafka instrument: the slope of each ok
 * run's median displacement {@code D} on its median flight {@code T} with a bootstrap interval over runs
 * ({@link DisplacementLaw#fit}), {@code D/T} by flight band ({@link DisplacementLaw#bands}), the crossover where
 * the banded medians of {@code D} and {@code T} meet ({@link Exposure#crossover}), and a verdict by a criterion
 * stated beside it: the law holds when the 95 % interval of the slope lies below {@link #SLOPE_LIMIT}, i.e. when
 * {@code D} grows by less than a tenth of what {@code T} grows.
 */
public final class DisplacementQuantities {
  /** Largest slope of D on T still read as "D does not grow with the path". */
  public static final double SLOPE_LIMIT = 0.1;
  private DisplacementQuantities() {}

  public static List<Quantity> forData(DataSet data) {
    List<Quantity> q = new ArrayList<>();
    q.add(Quantity.key("onedlaw.slopeLimit").macro("OneDLawSlopeLimit")
        .definition(
        "criterion of the 1/D law: the largest slope of D on T over runs that still reads as D not growing with the "
        + "path")
        .unit(Unit.DIMENSIONLESS).format(Format.REAL_3SF).scope(Scope.TABLE)
        .function(DisplacementQuantities.class, "forData")
        .computes(a -> new Value.Real(SLOPE_LIMIT)));
    // The sign campaign's entries exist for every data root (the abstract quotes them); other campaigns as found.
    Set<String> names = new LinkedHashSet<>(List.of(CampaignCatalogue.MODE_A.folder()));
    // a campaign whose plan registers criteria is judged by them alone: the slope rule, set in Java, gives it no
    // verdict
    Set<String> ownCriteria = new HashSet<>();
    for (Campaign c : CampaignCatalogue.opted(data, CampaignCatalogue.Family.ONE_D_FIT)) {
      if (c.runs().stream().filter(LedgerRow::ok).map(LedgerRow::instrument)
          .anyMatch(Instrument.KAFKA.word()::equals)) {
        names.add(c.name());
      }
      if (c.criteria().isPresent()) {
        ownCriteria.add(c.name());
      }
    }
    for (String n : names) {
      String over = " over the ok runs of campaign " + n
          + " (one point per run: its median flight T = recv_ns - send_ns and median displacement D; OLS, "
          + Phrases.level() + " percentile bootstrap over runs, " + RateRatio.DEFAULT_RESAMPLES
          + " resamples, " + Phrases.seed() + ")";
      q.add(fit(Quantity.key("onedlaw.slope." + n).macro(Naming.macro("OneDLawSlope", n, ""))
          .definition("slope of D on T" + over + "; 0 under the 1/D law, 1 if D grows one for one with T")
          .unit(Unit.DIMENSIONLESS).format(Format.REAL_3SF), n, f -> new Value.Real(f.slope())));
      q.add(fit(Quantity.key("onedlaw.slope.lower." + n).macro(Naming.macro("OneDLawSlopeLower", n, ""))
          .definition("lower end of the " + Phrases.level() + " bootstrap interval of the slope of D on T" + over)
          .unit(Unit.DIMENSIONLESS).format(Format.REAL_3SF), n, f -> new Value.Real(f.lower())));
      q.add(fit(Quantity.key("onedlaw.slope.upper." + n).macro(Naming.macro("OneDLawSlopeUpper", n, ""))
          .definition("upper end of the " + Phrases.level() + " bootstrap interval of the slope of D on T" + over)
          .unit(Unit.DIMENSIONLESS).format(Format.REAL_3SF), n, f -> new Value.Real(f.upper())));
      q.add(fit(Quantity.key("onedlaw.intercept." + n).macro(Naming.macro("OneDLawIntercept", n, ""))
          .definition("intercept of D on T" + over).unit(Unit.MICROSECONDS).format(Format.REAL_3SF), n,
          f -> new Value.Real(f.interceptNanos() / 1000.0)));
      if (!ownCriteria.contains(n)) {
        q.add(fit(Quantity.key("onedlaw.verdict." + n).macro(Naming.macro("OneDLawVerdict", n, ""))
            .definition("the 1/D law (D does not grow with T) in campaign " + n + ": held iff the " + Phrases.level()
                + " bootstrap interval of the slope of D on T lies below " + SLOPE_LIMIT + over)
                .unit(Unit.DIMENSIONLESS).format(Format.VERDICT), n, DisplacementQuantities::verdict));
      }
      for (int j = 1; j < Layout.bandEdgesNanos().length; j++) {
        int band = j;
        String where = "runs of campaign " + n + " whose median flight T = recv_ns - send_ns lies in " + bandName(j);
        q.add(Quantity.key("onedlaw.band.runs." + n + ".band" + j).macro(Naming.macro("OneDLawBandRuns", n, "band" + j))
            .definition(where).unit(Unit.COUNT).format(Format.GROUPED_INTEGER).scope(Scope.KAFKA_EVENTS)
            .function(DisplacementLaw.class, "bands")
            .computes(a -> DisplacementFits.bandsOf(a, n).isEmpty() ? CampaignRuns.noData(n)
            : new Value.Count(DisplacementFits.bandsOf(a, n).get(band - 1).runs())));
        q.add(Quantity.key("onedlaw.band.flight." + n + ".band" + j)
            .macro(Naming.macro("OneDLawBandFlight", n, "band" + j))
            .definition("median over the " + where + " of each run's median flight T = recv_ns - send_ns")
            .unit(Unit.MICROSECONDS).format(Format.REAL_3SF)
            .scope(Scope.KAFKA_EVENTS).function(DisplacementLaw.class, "bands").computes(a -> {
              List<DisplacementLaw.Band> b = DisplacementFits.bandsOf(a, n);
              if (b.isEmpty()) {
                return CampaignRuns.noData(n);
              }
              double v = b.get(band - 1).medianFlightNanos() / 1000.0;
              return Double.isNaN(v) ? new Value.Unavailable("no run in " + bandName(band)) : new Value.Real(v);
            }));
        q.add(Quantity.key("onedlaw.band.relError." + n + ".band" + j)
            .macro(Naming.macro("OneDLawBandRelError", n, "band" + j))
            .definition("median over the " + where
            + " of each run's D/T (median displacement ack_ns - send_ns over median flight recv_ns - send_ns)")
            .unit(Unit.FRACTION)
            .format(Format.PERCENT_2DP).scope(Scope.KAFKA_EVENTS).function(DisplacementLaw.class, "bands")
            .computes(a -> {
              List<DisplacementLaw.Band> b = DisplacementFits.bandsOf(a, n);
              if (b.isEmpty()) {
                return CampaignRuns.noData(n);
              }
              double v = b.get(band - 1).medianRatio();
              return Double.isNaN(v) ? new Value.Unavailable("no run in " + bandName(band)) : new Value.Real(v);
            }));
      }
      q.add(Quantity.key("onedlaw.crossover." + n).macro(Naming.macro("OneDLawCrossover", n, ""))
          .definition("crossover flight of campaign " + n
          + " from data: where the median displacement D = ack_ns - send_ns of a band of flights T = recv_ns - "
              + "send_ns meets its median flight (D - T changes sign between adjacent non-empty bands, linear "
              + "interpolation)")
          .unit(Unit.MICROSECONDS).format(Format.REAL_3SF).scope(Scope.KAFKA_EVENTS)
          .function(Exposure.class, "crossover")
          .computes(a -> DisplacementFits.crossover(a, n)));
    }
    return q;
  }

  /** The held/did-not-hold decision of the 1/D law on a fit with a defined slope. */
  public static Value verdict(DisplacementLaw.Fit f) {
    String slope = String.format(Locale.ROOT, "slope of D on T %.3g (" + Phrases.levelFormat()
        + " interval %.3g to %.3g)", f.slope(), f.lower(), f.upper());
    if (f.upper() < SLOPE_LIMIT) {
      return new Value.Verdict(true, slope + " below " + SLOPE_LIMIT);
    }
    return new Value.Verdict(false, (f.lower() >= SLOPE_LIMIT ? "D grows with T: " : "interval reaches " + SLOPE_LIMIT
        + ": ")
        + slope);
  }

  static String bandName(int j) {
    double[] edges = Layout.bandEdgesNanos();
    double lo = edges[j - 1] / 1000.0;
    double hi = edges[j] / 1000.0;
    return Double.isInfinite(hi) ? String.format(Locale.ROOT, "[%.0f us, inf)", lo)
        : String.format(Locale.ROOT, "[%.0f us, %.0f us)", lo, hi);
  }

  private static Quantity fit(Quantity.ScopePart head, String campaign, Function<DisplacementLaw.Fit, Value> part) {
    return head.scope(Scope.KAFKA_EVENTS).function(DisplacementLaw.class, "fit").computes(a -> {
          DisplacementLaw.Fit f = DisplacementFits.fitOf(a, campaign);
          if (f == null) {
            return CampaignRuns.noData(campaign);
          }
          return f.defined() ? part.apply(f) : new Value.Unavailable(
              "slope undefined: fewer than two runs or one flight");
        });
  }
}
