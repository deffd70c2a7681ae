package ftl.quantity;

import ftl.data.Campaign;
import ftl.data.DataException;
import ftl.data.DataSet;
import ftl.data.LedgerReader;
import ftl.data.LedgerRow;
import ftl.quantity.Quantity.Scope;
import ftl.stats.Quantiles;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;

/**
 * The harness audit ({@code data/audit/harnesses.csv}) and its executable demonstration
 * ({@code data/audit/demo/}: Kafka's own EndToEndLatency and ProducerPerformance on the embedded broker,
 * and our instrument on the same path), as registry entries.
 */
final class AuditQuantities {
  static final String HARNESSES = "audit/harnesses.csv";
  static final String DEMO = "audit/demo";
  private static final Pattern E2E_PERCENTILES = Pattern.compile("Percentiles: 50th = (\\d+), 99th = (\\d+)");
  private static final Pattern E2E_AVG = Pattern.compile("Avg latency: ([0-9.]+) ms");
  private static final Pattern PERF = Pattern.compile("records sent, [0-9.]+ records/sec \\([0-9.]+ MB/sec\\), ([0-9.]+) ms avg latency, [0-9.]+ ms max latency, (\\d+) ms 50th");

  private AuditQuantities() {}

  /** Rows of the harness audit table, every column as text; empty when the file is absent. */
  static List<Map<String, String>> harnesses(Path dataRoot, String display) {
    Path f = dataRoot.resolve(HARNESSES);
    List<Map<String, String>> out = new ArrayList<>();
    if (!Files.exists(f)) {
      return out;
    }
    try (Reader r = Files.newBufferedReader(f, StandardCharsets.UTF_8)) {
      for (CSVRecord rec : CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).get().parse(r)) {
        out.add(rec.toMap());
      }
    } catch (IOException | IllegalArgumentException | IllegalStateException e) {
      throw new DataException(display + "/" + HARNESSES, 0, "not a valid CSV: " + e.getMessage(), e);
    }
    return out;
  }

  static List<Quantity> forData(DataSet data) {
    List<Quantity> q = new ArrayList<>();
    List<Map<String, String>> rows = harnesses(data.root(), data.displayRoot());
    if (!rows.isEmpty()) {
      q.add(new Quantity("audit.harnesses.rows", "AuditHarnessRows",
          "harness and latency pairs in the audit table (data/audit/harnesses.csv)", Unit.COUNT,
          Format.GROUPED_INTEGER, Scope.TABLE, "ftl.quantity.AuditQuantities#harnesses", a -> new Value.Count(rows.size())));
      q.add(new Quantity("audit.harnesses.silentDrops", "AuditHarnessSilentDrops",
          "audited harness latencies that drop zero or negative differences without counting the drops",
          Unit.COUNT, Format.GROUPED_INTEGER, Scope.TABLE, "ftl.quantity.AuditQuantities#harnesses",
          a -> new Value.Count(rows.stream().filter(r -> ("dropped".equals(r.get("zero_difference"))
              || "dropped".equals(r.get("negative_difference"))) && "no".equals(r.get("drops_counted"))).count())));
    }
    Path demo = data.root().resolve(DEMO);
    if (!Files.isDirectory(demo)) {
      return q;
    }
    List<String> e2e = outputs(demo, "e2e-");
    List<String> perf = outputs(demo, "perf-");
    q.add(new Quantity("audit.e2e.p50.max", "AuditEndToEndPFiftyMax",
        "largest 50th percentile Kafka's EndToEndLatency printed over its demonstration runs (whole milliseconds, as it prints)",
        Unit.MILLISECONDS, Format.REAL_3SF, Scope.TABLE, "ftl.quantity.AuditQuantities#forData",
        a -> parsed(e2e, E2E_PERCENTILES, 1, true)));
    q.add(new Quantity("audit.e2e.p50.min", "AuditEndToEndPFiftyMin",
        "smallest 50th percentile Kafka's EndToEndLatency printed over its demonstration runs (whole milliseconds)",
        Unit.MILLISECONDS, Format.REAL_3SF, Scope.TABLE, "ftl.quantity.AuditQuantities#forData",
        a -> parsed(e2e, E2E_PERCENTILES, 1, false)));
    q.add(new Quantity("audit.e2e.avg.min", "AuditEndToEndAvgMin",
        "smallest average latency EndToEndLatency printed over its demonstration runs", Unit.MILLISECONDS,
        Format.REAL_3SF, Scope.TABLE, "ftl.quantity.AuditQuantities#forData", a -> parsed(e2e, E2E_AVG, 1, false)));
    q.add(new Quantity("audit.perf.p50.max", "AuditProducerPerfPFiftyMax",
        "largest 50th percentile ProducerPerformance printed over its demonstration runs (whole milliseconds)",
        Unit.MILLISECONDS, Format.REAL_3SF, Scope.TABLE, "ftl.quantity.AuditQuantities#forData",
        a -> parsed(perf, PERF, 2, true)));
    q.add(new Quantity("audit.perf.avg.min", "AuditProducerPerfAvgMin",
        "smallest average latency ProducerPerformance printed over its demonstration runs", Unit.MILLISECONDS,
        Format.REAL_3SF, Scope.TABLE, "ftl.quantity.AuditQuantities#forData", a -> parsed(perf, PERF, 1, false)));
    q.add(new Quantity("audit.ftl.flightMedian", "AuditFtlFlightMedian",
        "median over runs of each run's median flight measured by our instrument on the same broker and path right after",
        Unit.MICROSECONDS, Format.REAL_3SF, Scope.TABLE, "ftl.stats.GuardAccounting / ftl.stats.Quantiles",
        a -> ftlFlight(demo, data.displayRoot() + "/" + DEMO, data)));
    return q;
  }

  private static List<String> outputs(Path demo, String prefix) {
    List<String> out = new ArrayList<>();
    Path dir = demo.resolve("outputs");
    try (var s = Files.list(dir)) {
      for (Path p : s.filter(p -> p.getFileName().toString().startsWith(prefix)).sorted().toList()) {
        out.add(Files.readString(p, StandardCharsets.UTF_8));
      }
    } catch (IOException e) {
      throw new DataException(dir.toString(), 0, "cannot read the demonstration outputs: " + e.getMessage(), e);
    }
    return out;
  }

  private static Value parsed(List<String> outputs, Pattern p, int group, boolean max) {
    List<Double> v = new ArrayList<>();
    for (String o : outputs) {
      Matcher m = p.matcher(o);
      String last = null;
      while (m.find()) {
        last = m.group(group);
      }
      if (last != null) {
        v.add(Double.parseDouble(last));
      }
    }
    if (v.isEmpty()) {
      return new Value.Unavailable("no demonstration output with that figure");
    }
    return new Value.Real(max ? v.stream().mapToDouble(x -> x).max().getAsDouble() : v.stream().mapToDouble(x -> x).min().getAsDouble());
  }

  private static Value ftlFlight(Path demo, String display, DataSet data) {
    Path outputs = demo.resolve("outputs");
    Path ledger = outputs.resolve("ftl-ledger.csv");
    if (!Files.exists(ledger)) {
      return new Value.Unavailable("no ftl-ledger.csv in the demonstration");
    }
    List<LedgerRow> rows = LedgerReader.read(ledger, display + "/outputs/ftl-ledger.csv", outputs, data.dictionary());
    Campaign c = new Campaign("audit-demo", outputs, display + "/outputs", Optional.empty(), rows);
    double[] medians = rows.stream().filter(LedgerRow::ok).map(r -> Analysis.scan(c, r))
        .mapToDouble(r -> r.guard().medianFlightNanos()).filter(x -> !Double.isNaN(x)).toArray();
    return medians.length == 0 ? new Value.Unavailable("no delivered event") : new Value.Real(Quantiles.median(medians) / 1000.0);
  }
}
