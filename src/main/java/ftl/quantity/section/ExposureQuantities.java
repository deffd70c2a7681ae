package ftl.quantity.section;

import ftl.data.DataSet;
import ftl.data.io.DataException;
import ftl.data.io.DataGate;
import ftl.data.io.Echo;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.CampaignCatalogue;
import ftl.quantity.core.Format;
import ftl.quantity.core.Quantity.Scope;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;
import ftl.stats.DisplacementLaw;
import ftl.stats.Exposure;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;

/**
 * The 1/D law: the displacement D is a scheduling quantity that does not grow with the path, so the
 * relative error D/T of an ack-referenced figure falls as 1/T, and exceeds one below the crossover flight
 * T = D. Published broker medians ({@code data/audit/published-medians.csv}) are placed on the curve of the
 * campaign's median displacement. Applies to ack-referenced spans only.
 */
public final class ExposureQuantities {
  static final String PUBLISHED = CampaignCatalogue.AUDIT.folder() + "/published-medians.csv";

  /** Longest label of a published median: a citation's short name (the archive's are under 60 characters). */
  static final int MAX_LABEL_CHARS = 200;

  /** One published median. */
  record Published(int row, String label, double medianNanos, String percentile, String kind, String source) {}

  private ExposureQuantities() {}

  public static List<Published> published(DataSet data) {
    List<Published> out = new ArrayList<>();
    if (data.gate().isEmpty() || !data.gate().get().isFile(PUBLISHED)) {
      return out;
    }
    DataGate gate = data.gate().get();
    String name = gate.name(PUBLISHED);
    String text = gate.readText(PUBLISHED, DataGate.Kind.AUDIT_TABLE);
    try (Reader r = new StringReader(text)) {
      int row = 0;
      for (CSVRecord rec : CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).get().parse(r)) {
        row++;
        String cell = rec.get("median_ns");
        double ns;
        try {
          ns = cell.matches("[0-9]{1,30}(\\.[0-9]{1,30})?([eE][+-]?[0-9]{1,3})?") ? Double.parseDouble(cell) : Double.NaN;
        } catch (NumberFormatException e) {
          ns = Double.NaN;
        }
        if (!Double.isFinite(ns) || ns <= 0) {
          throw new DataException(name, rec.getRecordNumber() + 1, "median_ns is not a positive finite number (\""
              + Echo.of(cell) + "\")", null);
        }
        String pct = rec.get("percentile").replaceFirst("^p", "");
        if (!pct.matches("[0-9]{1,3}")) {
          throw new DataException(name, rec.getRecordNumber() + 1, "percentile is not a whole number (\"" + Echo.of(rec.get("percentile")) + "\")", null);
        }
        String label = rec.get("label");
        if (label.length() > MAX_LABEL_CHARS) {
          // the label is printed in definitions, the provenance table and a TeX line: a 300,000-character one broke the build
          throw new DataException(name, rec.getRecordNumber() + 1, "label is longer than " + MAX_LABEL_CHARS
              + " characters (\"" + Echo.of(label) + "\")", null);
        }
        out.add(new Published(row, label, ns, pct, rec.get("latency_kind"), rec.get("source")));
      }
    } catch (DataException e) {
      throw e;
    } catch (IOException | IllegalArgumentException | IllegalStateException | UncheckedIOException e) {
      throw new DataException(name, 0, "not a valid CSV: " + Echo.cause(e), e);
    }
    return out;
  }

  /** Whether a published latency is a flight (send to receive), the only kind that belongs on the flight axis. */
  static boolean flight(Published p) {
    return p.kind().startsWith("end-to-end");
  }

  public static List<Quantity> forData(DataSet data) {
    List<Quantity> q = new ArrayList<>();
    List<Published> published = published(data);
    List<Published> flights = published.stream().filter(ExposureQuantities::flight).toList();
    String fitted = "the sign campaign's measured relation D = alpha + beta T (D = ack_ns - send_ns, T = recv_ns - send_ns; onedlaw.slope.modeA, onedlaw.intercept.modeA)";
    q.add(new Quantity("exposure.crossover.modeA", "ExposureCrossoverModeA",
        "crossover flight of campaign modeA from data, where the banded medians of D = ack_ns - send_ns and T = recv_ns - send_ns meet (onedlaw.crossover.modeA);"
            + " below it an ack-referenced figure's correction exceeds the path",
        Unit.MICROSECONDS, Format.REAL_3SF, Scope.KAFKA_EVENTS, "ftl.stats.Exposure#crossover",
        a -> DisplacementQuantities.crossover(a, CampaignCatalogue.MODE_A.folder())));
    q.add(new Quantity("exposure.published.count", "ExposurePublishedCount",
        "published broker latencies that are flights (end-to-end, send to receive), placed on the exposure curve (data/audit/published-medians.csv)",
        Unit.COUNT, Format.GROUPED_INTEGER, Scope.TABLE, "ftl.quantity.section.ExposureQuantities#published",
        a -> new Value.Count(flights.size())));
    q.add(new Quantity("exposure.published.notFlights", "ExposurePublishedNotFlights",
        "published broker latencies that are not flights (send-to-acknowledgment), kept off the flight axis (data/audit/published-medians.csv)",
        Unit.COUNT, Format.GROUPED_INTEGER, Scope.TABLE, "ftl.quantity.section.ExposureQuantities#flight",
        a -> new Value.Count(published.size() - flights.size())));
    q.add(new Quantity("exposure.published.belowCrossover", "ExposurePublishedBelowCrossover",
        "published broker flights lying below the crossover flight of campaign modeA from data (exposure.crossover.modeA)",
        Unit.COUNT, Format.GROUPED_INTEGER, Scope.KAFKA_EVENTS, "ftl.stats.Exposure#crossover", a -> {
          Value x = DisplacementQuantities.crossover(a, CampaignCatalogue.MODE_A.folder());
          return x instanceof Value.Real r
              ? new Value.Count(flights.stream().filter(p -> p.medianNanos() / 1000.0 < r.value()).count()) : x;
        }));
    for (Published p : flights) {
      String suffix = ConditionQuantities.macro("", "", Integer.toString(p.row()));
      q.add(new Quantity("exposure.relError.published" + p.row(), "ExposureRelErrorPublished" + suffix,
          "relative error D(T)/T an ack-referenced figure would carry at the published flight \"" + p.label() + "\" ("
              + p.medianNanos() / 1000.0 + " us, percentile " + p.percentile() + "), D(T) from " + fitted,
          Unit.FRACTION, Format.PERCENT_2DP, Scope.KAFKA_EVENTS, "ftl.stats.DisplacementLaw#fit",
          a -> fitted(a, p.medianNanos())));
      q.add(new Quantity("exposure.lawRelError.published" + p.row(), "ExposureLawRelErrorPublished" + suffix,
          "relative error D0/T an ack-referenced figure would carry at the published flight \"" + p.label() + "\" ("
              + p.medianNanos() / 1000.0 + " us, percentile " + p.percentile() + ") under the 1/D law as stated, D0 the sign"
              + " campaign's median displacement (displacement.median.modeA)",
          Unit.FRACTION, Format.PERCENT_2DP, Scope.KAFKA_EVENTS, "ftl.stats.Exposure#curve", a -> law(a, p.medianNanos())));
      q.add(new Quantity("exposure.published.flight" + p.row(), "ExposurePublishedFlight" + suffix,
          "the published flight \"" + p.label() + "\" (data/audit/published-medians.csv row " + p.row() + ")",
          Unit.MICROSECONDS, Format.REAL_3SF, Scope.TABLE, "ftl.quantity.section.ExposureQuantities#published",
          a -> new Value.Real(p.medianNanos() / 1000.0)));
      q.add(new Quantity("exposure.published.percentile" + p.row(), "ExposurePublishedPercentile" + suffix,
          "the percentile the published flight \"" + p.label() + "\" states (50: a median; 99: an upper bound on one)",
          Unit.DIMENSIONLESS, Format.GROUPED_INTEGER, Scope.TABLE, "ftl.quantity.section.ExposureQuantities#published",
          a -> new Value.Count(Long.parseLong(p.percentile()))));
    }
    for (int i = 0; i < DisplacementQuantities.CURVE_FLIGHTS_US.length; i++) {
      int t = DisplacementQuantities.CURVE_FLIGHTS_US[i];
      q.add(new Quantity(Layout.exposureCurveFlightKey(i + 1), ConditionQuantities.macro("ExposureCurveFlight", "", "p" + (i + 1)),
          "flight of point " + (i + 1) + " of the exposure curve (a grid point of the figure)", Unit.MICROSECONDS,
          Format.REAL_3SF, Scope.TABLE, "ftl.quantity.section.ExposureQuantities#forData", a -> new Value.Real(t)));
      q.add(new Quantity(Layout.exposureCurveRelErrorKey(i + 1), ConditionQuantities.macro("ExposureCurveRelError", "", "p" + (i + 1)),
          "relative error D(T)/T of an ack-referenced figure at flight " + t + " us, D(T) from " + fitted, Unit.FRACTION,
          Format.PERCENT_2DP, Scope.KAFKA_EVENTS, "ftl.stats.DisplacementLaw#fit", a -> fitted(a, t * 1000.0)));
      q.add(new Quantity(Layout.exposureLawRelErrorKey(i + 1), ConditionQuantities.macro("ExposureLawRelError", "", "p" + (i + 1)),
          "relative error D0/T of an ack-referenced figure at flight T = recv_ns - send_ns = " + t + " us under the 1/D law as"
              + " stated: a fixed displacement D0, the sign campaign's measured one (displacement.median.modeA, the median over"
              + " runs of each run's median D = ack_ns - send_ns), over the flight; drawn at every grid point (the law, not a fit, is"
              + " what is extrapolated)", Unit.FRACTION, Format.PERCENT_2DP, Scope.KAFKA_EVENTS, "ftl.stats.Exposure#curve",
          a -> law(a, t * 1000.0)));
    }
    return q;
  }

  /** D0/T at a flight under the law as stated, D0 the sign campaign's median displacement; unavailable without one. */
  static Value law(Analysis a, double flightNanos) {
    Value d0 = CampaignQuantities.medianDisplacementMicros(a, CampaignCatalogue.MODE_A.folder());
    if (!(d0 instanceof Value.Real r)) {
      return d0;
    }
    Exposure.Curve c = Exposure.curve(r.value() * 1000.0,
        List.of(new Exposure.FlightPoint("flight", flightNanos, "exposure curve grid")));
    return new Value.Real(c.points().get(0).relativeError());
  }

  /** D(T)/T at a flight under the sign campaign's fitted relation; unavailable without one. */
  static Value fitted(Analysis a, double flightNanos) {
    DisplacementLaw.Fit f = DisplacementQuantities.fitOf(a, CampaignCatalogue.MODE_A.folder());
    if (f == null) {
      return CampaignQuantities.noData(CampaignCatalogue.MODE_A.folder());
    }
    double e = f.relativeError(flightNanos);
    return Double.isFinite(e) ? new Value.Real(e)
        : new Value.Unavailable("no fitted D(T) at this flight: outside the runs' median flights of campaign modeA (a line is"
            + " not extrapolated) or the slope is undefined");
  }


}
