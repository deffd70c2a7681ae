package ftl.quantity;

import ftl.data.DataException;
import ftl.data.DataGate;
import ftl.data.Echo;
import ftl.data.DataSet;
import ftl.quantity.Quantity.Scope;
import ftl.stats.Exposure;
import java.io.IOException;
import java.io.Reader;
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
final class ExposureQuantities {
  static final String PUBLISHED = "audit/published-medians.csv";

  /** One published median. */
  record Published(int row, String label, double medianNanos, String percentile, String kind, String source) {}

  private ExposureQuantities() {}

  static List<Published> published(DataSet data) {
    List<Published> out = new ArrayList<>();
    if (data.gate().isEmpty() || !data.gate().get().isFile(PUBLISHED)) {
      return out;
    }
    DataGate gate = data.gate().get();
    String name = gate.name(PUBLISHED);
    String text = gate.readText(PUBLISHED, DataGate.Kind.AUDIT_TABLE);
    try (Reader r = new java.io.StringReader(text)) {
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
        out.add(new Published(row, rec.get("label"), ns, rec.get("percentile"), rec.get("latency_kind"), rec.get("source")));
      }
    } catch (DataException e) {
      throw e;
    } catch (IOException | IllegalArgumentException | IllegalStateException | java.io.UncheckedIOException e) {
      throw new DataException(name, 0, "not a valid CSV: " + Echo.cause(e), e);
    }
    return out;
  }

  static List<Quantity> forData(DataSet data) {
    List<Quantity> q = new ArrayList<>();
    List<Published> published = published(data);
    q.add(new Quantity("exposure.crossover.modeA", "ExposureCrossoverModeA",
        "crossover flight where the displacement equals the flight (D/T = 1) for the median displacement of campaign modeA; below it an ack-referenced figure's correction exceeds the path",
        Unit.MICROSECONDS, Format.REAL_3SF, Scope.KAFKA_EVENTS, "ftl.stats.Exposure#curve", a -> {
          Double d = displacement(a);
          return d == null ? CampaignQuantities.noData(CampaignQuantities.MODE_A)
              : new Value.Real(Exposure.curve(d, List.of()).crossoverFlightNanos() / 1000.0);
        }));
    q.add(new Quantity("exposure.published.count", "ExposurePublishedCount",
        "published broker latencies placed on the exposure curve (data/audit/published-medians.csv)",
        Unit.COUNT, Format.GROUPED_INTEGER, Scope.TABLE, "ftl.quantity.ExposureQuantities#published",
        a -> new Value.Count(published.size())));
    q.add(new Quantity("exposure.published.belowCrossover", "ExposurePublishedBelowCrossover",
        "published broker latencies lying below the crossover flight of campaign modeA's median displacement",
        Unit.COUNT, Format.GROUPED_INTEGER, Scope.KAFKA_EVENTS, "ftl.stats.Exposure#curve", a -> {
          Double d = displacement(a);
          return d == null ? CampaignQuantities.noData(CampaignQuantities.MODE_A)
              : new Value.Count(Exposure.curve(d, points(published)).belowCrossoverCount());
        }));
    for (Published p : published) {
      q.add(new Quantity("exposure.relError.published" + p.row(), "ExposureRelErrorPublished" + ConditionQuantities.macro("", "", Integer.toString(p.row())),
          "relative error D/T of an ack-referenced figure at the published latency \"" + p.label() + "\" ("
              + p.medianNanos() / 1000.0 + " us), for campaign modeA's median displacement",
          Unit.RATIO, Format.RATIO_3SF, Scope.KAFKA_EVENTS, "ftl.stats.Exposure#relativeError", a -> {
            Double d = displacement(a);
            return d == null ? CampaignQuantities.noData(CampaignQuantities.MODE_A)
                : new Value.Real(Exposure.relativeError(d, p.medianNanos()));
          }));
    }
    return q;
  }

  static List<Exposure.FlightPoint> points(List<Published> published) {
    return published.stream().map(p -> new Exposure.FlightPoint(p.label(), p.medianNanos(), p.source())).toList();
  }

  /** Campaign modeA's median over runs of each run's median displacement, ns; null without data. */
  static Double displacement(Analysis a) {
    if (!CampaignQuantities.has(a, CampaignQuantities.MODE_A)) {
      return null;
    }
    double[] v = CampaignQuantities.runsOf(a, CampaignQuantities.MODE_A).stream()
        .mapToDouble(RunResult::medianDisplacementNanos).filter(x -> !Double.isNaN(x)).toArray();
    return v.length == 0 ? null : ftl.stats.Quantiles.median(v);
  }
}
