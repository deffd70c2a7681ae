package ftl.quantity.section;

import ftl.data.Campaign;
import ftl.data.DataSet;
import ftl.data.io.DataException;
import ftl.data.ledger.Instrument;
import ftl.data.ledger.LedgerRow;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.CampaignCatalogue;
import ftl.quantity.core.Format;
import ftl.quantity.core.Phrases;
import ftl.quantity.core.Quantity.Scope;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.ScannedRun;
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
  /** Flight bands by a run's median flight, ns: [0, 300 us), [300 us, 1 ms), [1, 3 ms), [3, 10 ms), [10 ms, inf). */
  static final double[] BAND_EDGES_NANOS = {0, 300_000, 1_000_000, 3_000_000, 10_000_000, Double.POSITIVE_INFINITY};
  /** Flights (us) at which the exposure curve of the sign campaign's measured D(T) is drawn. */
  static final int[] CURVE_FLIGHTS_US = {20, 30, 50, 70, 100, 150, 200, 300, 500, 700, 1000, 1500, 2000, 3000, 5000,
      7000, 10000, 20000};

  private DisplacementQuantities() {}

  public static List<Quantity> forData(DataSet data) {
    List<Quantity> q = new ArrayList<>();
    q.add(new Quantity("onedlaw.slopeLimit", "OneDLawSlopeLimit",
        "criterion of the 1/D law: the largest slope of D on T over runs that still reads as D not growing with the path",
        Unit.DIMENSIONLESS, Format.REAL_3SF, Scope.TABLE, "ftl.quantity.section.DisplacementQuantities#forData",
        a -> new Value.Real(SLOPE_LIMIT)));
    // The sign campaign's entries exist for every data root (the abstract quotes them); other campaigns as found.
    Set<String> names = new LinkedHashSet<>(List.of(CampaignCatalogue.MODE_A.folder()));
    // a campaign whose plan registers criteria is judged by them alone: the slope rule, set in Java, gives it no verdict
    Set<String> ownCriteria = new HashSet<>();
    for (Campaign c : data.campaigns()) {
      if (c.runs().stream().filter(LedgerRow::ok).map(LedgerRow::instrument).anyMatch(Instrument.KAFKA.word()::equals)) {
        names.add(c.name());
      }
      if (c.criteria().isPresent()) {
        ownCriteria.add(c.name());
      }
    }
    for (String n : names) {
      String over = " over the ok runs of campaign " + n + " (one point per run: its median flight T = recv_ns - send_ns and median"
          + " displacement D; OLS, " + Phrases.level() + " percentile bootstrap over runs, " + RateRatio.DEFAULT_RESAMPLES
          + " resamples, " + Phrases.seed() + ")";
      q.add(fit("onedlaw.slope." + n, ConditionQuantities.macro("OneDLawSlope", n, ""),
          "slope of D on T" + over + "; 0 under the 1/D law, 1 if D grows one for one with T", Unit.DIMENSIONLESS, Format.REAL_3SF, n,
          f -> new Value.Real(f.slope())));
      q.add(fit("onedlaw.slope.lower." + n, ConditionQuantities.macro("OneDLawSlopeLower", n, ""),
          "lower end of the " + Phrases.level() + " bootstrap interval of the slope of D on T" + over, Unit.DIMENSIONLESS, Format.REAL_3SF, n,
          f -> new Value.Real(f.lower())));
      q.add(fit("onedlaw.slope.upper." + n, ConditionQuantities.macro("OneDLawSlopeUpper", n, ""),
          "upper end of the " + Phrases.level() + " bootstrap interval of the slope of D on T" + over, Unit.DIMENSIONLESS, Format.REAL_3SF, n,
          f -> new Value.Real(f.upper())));
      q.add(fit("onedlaw.intercept." + n, ConditionQuantities.macro("OneDLawIntercept", n, ""),
          "intercept of D on T" + over, Unit.MICROSECONDS, Format.REAL_3SF, n, f -> new Value.Real(f.interceptNanos() / 1000.0)));
      if (!ownCriteria.contains(n)) {
        q.add(fit("onedlaw.verdict." + n, ConditionQuantities.macro("OneDLawVerdict", n, ""),
            "the 1/D law (D does not grow with T) in campaign " + n + ": held iff the " + Phrases.level() + " bootstrap interval"
                + " of the slope of D on T lies below " + SLOPE_LIMIT + over, Unit.DIMENSIONLESS, Format.VERDICT, n,
            DisplacementQuantities::verdict));
      }
      for (int j = 1; j < BAND_EDGES_NANOS.length; j++) {
        int band = j;
        String where = "runs of campaign " + n + " whose median flight T = recv_ns - send_ns lies in " + bandName(j);
        q.add(new Quantity("onedlaw.band.runs." + n + ".band" + j, ConditionQuantities.macro("OneDLawBandRuns", n, "band" + j),
            where, Unit.COUNT, Format.GROUPED_INTEGER, Scope.KAFKA_EVENTS, "ftl.stats.DisplacementLaw#bands",
            a -> bandsOf(a, n).isEmpty() ? CampaignQuantities.noData(n) : new Value.Count(bandsOf(a, n).get(band - 1).runs())));
        q.add(new Quantity("onedlaw.band.flight." + n + ".band" + j,
            ConditionQuantities.macro("OneDLawBandFlight", n, "band" + j),
            "median over the " + where + " of each run's median flight T = recv_ns - send_ns", Unit.MICROSECONDS, Format.REAL_3SF,
            Scope.KAFKA_EVENTS, "ftl.stats.DisplacementLaw#bands", a -> {
              List<DisplacementLaw.Band> b = bandsOf(a, n);
              if (b.isEmpty()) {
                return CampaignQuantities.noData(n);
              }
              double v = b.get(band - 1).medianFlightNanos() / 1000.0;
              return Double.isNaN(v) ? new Value.Unavailable("no run in " + bandName(band)) : new Value.Real(v);
            }));
        q.add(new Quantity("onedlaw.band.relError." + n + ".band" + j,
            ConditionQuantities.macro("OneDLawBandRelError", n, "band" + j),
            "median over the " + where + " of each run's D/T (median displacement ack_ns - send_ns over median flight recv_ns - send_ns)", Unit.FRACTION,
            Format.PERCENT_2DP, Scope.KAFKA_EVENTS, "ftl.stats.DisplacementLaw#bands", a -> {
              List<DisplacementLaw.Band> b = bandsOf(a, n);
              if (b.isEmpty()) {
                return CampaignQuantities.noData(n);
              }
              double v = b.get(band - 1).medianRatio();
              return Double.isNaN(v) ? new Value.Unavailable("no run in " + bandName(band)) : new Value.Real(v);
            }));
      }
      q.add(new Quantity("onedlaw.crossover." + n, ConditionQuantities.macro("OneDLawCrossover", n, ""),
          "crossover flight of campaign " + n + " from data: where the median displacement D = ack_ns - send_ns of a band of flights T = recv_ns - send_ns meets its"
              + " median flight (D - T changes sign between adjacent non-empty bands, linear interpolation)",
          Unit.MICROSECONDS, Format.REAL_3SF, Scope.KAFKA_EVENTS, "ftl.stats.Exposure#crossover",
          a -> crossover(a, n)));
    }
    return q;
  }

  /** The held/did-not-hold decision of the 1/D law on a fit with a defined slope. */
  public static Value verdict(DisplacementLaw.Fit f) {
    String slope = String.format(Locale.ROOT, "slope of D on T %.3g (" + Phrases.levelFormat() + " interval %.3g to %.3g)", f.slope(), f.lower(), f.upper());
    if (f.upper() < SLOPE_LIMIT) {
      return new Value.Verdict(true, slope + " below " + SLOPE_LIMIT);
    }
    return new Value.Verdict(false, (f.lower() >= SLOPE_LIMIT ? "D grows with T: " : "interval reaches " + SLOPE_LIMIT + ": ")
        + slope);
  }

  static String bandName(int j) {
    double lo = BAND_EDGES_NANOS[j - 1] / 1000.0;
    double hi = BAND_EDGES_NANOS[j] / 1000.0;
    return Double.isInfinite(hi) ? String.format(Locale.ROOT, "[%.0f us, inf)", lo)
        : String.format(Locale.ROOT, "[%.0f us, %.0f us)", lo, hi);
  }

  private static Quantity fit(String key, String macro, String definition, Unit unit, Format format, String campaign,
                              Function<DisplacementLaw.Fit, Value> part) {
    return new Quantity(key, macro, definition, unit, format, Scope.KAFKA_EVENTS, "ftl.stats.DisplacementLaw#fit", a -> {
          DisplacementLaw.Fit f = fitOf(a, campaign);
          if (f == null) {
            return CampaignQuantities.noData(campaign);
          }
          return f.defined() ? part.apply(f) : new Value.Unavailable("slope undefined: fewer than two runs or one flight");
        });
  }

  /**
   * Each ok run's median flight and median displacement, ns; runs without a complete event are left out (a run
   * with a complete event has a delivered one, so both medians are numbers). A run whose median flight is not
   * positive is bad data, refused naming its ledger line: on one monotonic clock a flight is a causal chain, so most of
   * a run's events cannot arrive before they were sent, and the 1/D law has no value at {@code T <= 0}.
   */
  static double[][] points(Analysis a, String campaign) {
    List<ScannedRun> runs = CampaignQuantities.runsOf(a, campaign).stream()
        .filter(r -> !Double.isNaN(r.medianDisplacementNanos())).toList();
    for (ScannedRun r : runs) {
      if (!(r.guard().medianFlightNanos() > 0)) {
        String ledger = a.campaign(campaign).map(Campaign::ledgerName).orElse(campaign);
        throw new DataException(ledger, r.row().line(), "run " + r.row().runId() + ": its median flight is not"
            + " positive (" + r.guard().medianFlightNanos() + " ns): on one clock most of its events would arrive before"
            + " they were sent", null);
      }
    }
    return new double[][] {runs.stream().mapToDouble(r -> r.guard().medianFlightNanos()).toArray(),
        runs.stream().mapToDouble(ScannedRun::medianDisplacementNanos).toArray()};
  }

  /** The fit of a campaign (memoised); null without an ok run of the campaign. */
  static DisplacementLaw.Fit fitOf(Analysis a, String campaign) {
    if (!CampaignQuantities.has(a, campaign)) {
      return null;
    }
    return a.memo("onedlaw.fit:" + campaign, () -> {
      double[][] p = points(a, campaign);
      return DisplacementLaw.fit(p[0], p[1], RateRatio.Bootstrap.standard());
    });
  }

  /** The flight bands of a campaign (memoised); empty without an ok run of the campaign. */
  static List<DisplacementLaw.Band> bandsOf(Analysis a, String campaign) {
    if (!CampaignQuantities.has(a, campaign)) {
      return List.of();
    }
    return a.memo("onedlaw.bands:" + campaign, () -> {
      double[][] p = points(a, campaign);
      return DisplacementLaw.bands(p[0], p[1], BAND_EDGES_NANOS);
    });
  }

  /** Crossover from the non-empty bands' medians, us. */
  public static Value crossover(Analysis a, String campaign) {
    List<DisplacementLaw.Band> b = bandsOf(a, campaign);
    if (b.isEmpty()) {
      return CampaignQuantities.noData(campaign);
    }
    Exposure.Crossover x = Exposure.crossover(b.stream().filter(band -> band.runs() > 0)
        .map(band -> new Exposure.Bin(band.medianFlightNanos(), band.medianDisplacementNanos())).toList());
    return x.found() ? new Value.Real(x.flightNanos() / 1000.0)
        : new Value.Unavailable("D - T keeps one sign over the flight bands of campaign " + campaign + ": no crossover in the data");
  }
}
