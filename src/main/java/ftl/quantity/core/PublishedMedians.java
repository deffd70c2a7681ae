package ftl.quantity.core;

import ftl.data.DataSet;
import ftl.data.io.DataException;
import ftl.data.io.DataGate;
import ftl.data.io.Echo;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;

/**
 * The published broker latencies of {@code data/audit/published-medians.csv}, read through the data root's gate: the
 * exposure section places them on its curve and the emitter's rows ({@link Layout#publishedFlightRows}) list them, both
 * from this one reading.
 */
public final class PublishedMedians {
  /** The table, relative to the data root. */
  static final String PUBLISHED = CampaignCatalogue.AUDIT.folder() + "/published-medians.csv";

  /** Longest label of a published median: a citation's short name (the archive's are under 60 characters). */
  static final int MAX_LABEL_CHARS = 200;

  /** One published median. */
  public record Published(int row, String label, double medianNanos, String percentile, String kind, String source) {}

  private PublishedMedians() {}

  /** The table's rows, in file order; empty when the data root has no such table. */
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
          ns = cell.matches("[0-9]{1,30}(\\.[0-9]{1,30})?([eE][+-]?[0-9]{1,3})?") ? Double.parseDouble(cell)
              : Double.NaN;
        } catch (NumberFormatException e) {
          ns = Double.NaN;
        }
        if (!Double.isFinite(ns) || ns <= 0) {
          throw new DataException(name, rec.getRecordNumber() + 1, "median_ns is not a positive finite number (\""
              + Echo.of(cell) + "\")", null);
        }
        String pct = rec.get("percentile").replaceFirst("^p", "");
        if (!pct.matches("[0-9]{1,3}")) {
          throw new DataException(name, rec.getRecordNumber() + 1, "percentile is not a whole number (\""
              + Echo.of(rec.get("percentile")) + "\")", null);
        }
        String label = rec.get("label");
        if (label.length() > MAX_LABEL_CHARS) {
          // the label is printed in definitions, the provenance table and a TeX line: a 300,000-character one broke the
          // build
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
  public static boolean flight(Published p) {
    return p.kind().startsWith("end-to-end");
  }
}
