package ftl.quantity.section;

import ftl.data.Campaign;
import ftl.data.DataSet;
import ftl.data.io.DataException;
import ftl.data.io.DataGate;
import ftl.data.io.Echo;
import ftl.data.ledger.LedgerReader;
import ftl.data.ledger.LedgerRow;
import ftl.data.tool.HarnessTable;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.CampaignCatalogue;
import ftl.quantity.core.Format;
import ftl.quantity.core.Provenance;
import ftl.quantity.core.Quantity.Scope;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;
import ftl.stats.GuardAccounting;
import ftl.stats.Quantiles;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The harness audit ({@code data/audit/harnesses.csv}) and its executable demonstration
 * ({@code data/audit/demo/}: Kafka's own EndToEndLatency and ProducerPerformance on the embedded broker,
 * and our instrument on the same path), as registry entries.
 */
public final class AuditQuantities {
  static final String DEMO = CampaignCatalogue.AUDIT.folder() + "/demo";
  private static final Pattern E2E_PERCENTILES = Pattern.compile("Percentiles: 50th = (\\d+), 99th = (\\d+)");
  private static final Pattern E2E_AVG = Pattern.compile("Avg latency: ([0-9.]+) ms");
  private static final Pattern PERF = Pattern.compile(
      "records sent, [0-9.]+ records/sec \\([0-9.]+ MB/sec\\), ([0-9.]+) ms avg latency, [0-9.]+ ms max latency, "
      + "(\\d+) ms 50th");

  /**
   * Largest latency a demonstration output may print, ms (one day; the demonstration's runs last a minute): what a
   * tool's output line may claim is refused above it as bad data, so a 20-digit percentile is exit 3, not an overflow.
   */
  static final double MAX_DEMO_LATENCY_MILLIS = 86_400_000;

  private AuditQuantities() {}

  /** Rows of the harness audit table ({@link HarnessTable}), every column as text; empty when the file is absent. */
  public static List<Map<String, String>> harnesses(DataSet data) {
    if (data.gate().isEmpty()) {
      return new ArrayList<>();
    }
    return new ArrayList<>(HarnessTable.read(data.gate().get()).stream().map(HarnessTable.Row::cells).toList());
  }

  /** The column of the audit table that gives a latency's stamp resolution, ns (whole, or empty when unknown). */
  public static final String QUANTUM = "quantum_ns";

  /**
   * The key of the stamp resolution of the audit table's row {@code index} (from 0): {@code
   * audit.harnesses.quantumNs.<row>}, the row written as letters as its macro is ({@code a} for the first, {@code z}
   * the 26th, {@code ba} the 27th).
   */
  public static String quantumKey(int index) {
    return "audit.harnesses.quantumNs." + rowLetters(index);
  }

  static String rowLetters(int index) {
    StringBuilder out = new StringBuilder();
    int n = index;
    do {
      out.insert(0, (char) ('a' + n % 26));
      n /= 26;
    } while (n > 0);
    return out.toString();
  }

  /** A row's stamp resolution, ns, when the table gives it as a whole number (empty for an unknown one). */
  public static OptionalLong wholeQuantum(Map<String, String> row) {
    String v = row.getOrDefault(QUANTUM, "");
    return v.matches("[0-9]{1,18}") ? OptionalLong.of(Long.parseLong(v)) : OptionalLong.empty();
  }

  /**
   * One quantity per row with a whole-number stamp resolution: the number the audit table prints, transcribed from the
   * harness's source into {@code data/audit/harnesses.csv} and read from there, so a reader can trace it
   * ({@code ./ftl check}) to its row, harness and evidence like any computed number.
   */
  private static void quanta(List<Map<String, String>> rows, List<Quantity> q) {
    for (int i = 0; i < rows.size(); i++) {
      Map<String, String> row = rows.get(i);
      OptionalLong quantum = wholeQuantum(row);
      if (quantum.isEmpty()) {
        continue;
      }
      long ns = quantum.getAsLong();
      String letters = rowLetters(i);
      q.add(Quantity.key(quantumKey(i)).macro("AuditQuantumNs" + Character.toUpperCase(letters.charAt(0))
              + letters.substring(1))
          .definition("stamp resolution of " + row.getOrDefault("harness", "") + ", latency " + row.getOrDefault(
              "latency", "") + " (row " + (i + 1) + " of data/audit/harnesses.csv, column quantum_ns: transcribed from"
              + " the harness's source, its evidence column quoting the lines)")
          .unit(Unit.NANOSECONDS).format(Format.GROUPED_INTEGER).scope(Scope.TABLE)
          .function(AuditQuantities.class, "harnesses").computes(a -> new Value.Count(ns)));
    }
  }

  public static List<Quantity> forData(DataSet data) {
    List<Quantity> q = new ArrayList<>();
    List<Map<String, String>> rows = harnesses(data);
    if (!rows.isEmpty()) {
      q.add(Quantity.key("audit.harnesses.rows").macro("AuditHarnessRows")
          .definition("harness and latency pairs in the audit table (data/audit/harnesses.csv)").unit(Unit.COUNT)
          .format(Format.GROUPED_INTEGER).scope(Scope.TABLE).function(AuditQuantities.class, "harnesses")
          .computes(a -> new Value.Count(rows.size())));
      q.add(Quantity.key("audit.harnesses.silentDrops").macro("AuditHarnessSilentDrops")
          .definition("audited harness latencies that drop zero or negative differences without counting the drops")
          .unit(Unit.COUNT).format(Format.GROUPED_INTEGER).scope(Scope.TABLE)
          .function(AuditQuantities.class, "harnesses")
          .computes(a -> new Value.Count(rows.stream().filter(AuditQuantities::silentDrop).count())));
      if (rows.get(0).keySet().containsAll(List.of(TOOL, MECHANISM))) {
        checkMechanisms(data.gate().get().name(HarnessTable.FILE), rows);
        q.add(Quantity.key("audit.harnesses.tools").macro("AuditHarnessTools")
            .definition(
            "distinct tools in the audit table (column tool: the distribution a practitioner runs; several latencies of"
                + " one tool are one tool)").unit(Unit.COUNT).format(Format.GROUPED_INTEGER).scope(Scope.TABLE)
            .function(AuditQuantities.class, "distinct").computes(a -> new Value.Count(distinct(rows, TOOL, false))));
        q.add(Quantity.key("audit.harnesses.dropMechanisms").macro("AuditHarnessDropMechanisms")
            .definition(
            "distinct code paths (column drop_mechanism) that drop zero or negative differences without counting them,"
                + " each counted once however many audited latencies pass through it").unit(Unit.COUNT)
                .format(Format.GROUPED_INTEGER)
            .scope(Scope.TABLE).function(AuditQuantities.class, "distinct")
            .computes(a -> new Value.Count(distinct(rows, MECHANISM, true))));
        q.add(Quantity.key("audit.harnesses.dropTools").macro("AuditHarnessDropTools")
            .definition(
            "distinct tools (column tool) with at least one audited latency that drops zero or negative differences "
                + "without counting them").unit(Unit.COUNT).format(Format.GROUPED_INTEGER).scope(Scope.TABLE)
            .function(AuditQuantities.class, "distinct").computes(a -> new Value.Count(distinct(rows, TOOL, true))));
      }
      quanta(rows, q);
    }
    if (data.gate().isEmpty() || data.gate().get().type(DEMO) != DataGate.Type.FOLDER) {
      return q;
    }
    DataGate gate = data.gate().get();
    List<Output> e2e = outputs(gate, "e2e-");
    List<Output> perf = outputs(gate, "perf-");
    q.add(Quantity.key("audit.e2e.p50.max").macro("AuditEndToEndPFiftyMax")
        .definition(
        "largest 50th percentile Kafka's EndToEndLatency printed over its demonstration runs (whole milliseconds, as "
        + "it prints)")
        .unit(Unit.MILLISECONDS).format(Format.REAL_3SF).scope(Scope.TABLE).function(AuditQuantities.class, "parsed")
        .computes(a -> parsed(e2e, E2E_PERCENTILES, 1, true)));
    q.add(Quantity.key("audit.e2e.p50.min").macro("AuditEndToEndPFiftyMin")
        .definition(
        "smallest 50th percentile Kafka's EndToEndLatency printed over its demonstration runs (whole milliseconds)")
        .unit(Unit.MILLISECONDS).format(Format.REAL_3SF).scope(Scope.TABLE).function(AuditQuantities.class, "parsed")
        .computes(a -> parsed(e2e, E2E_PERCENTILES, 1, false)));
    q.add(Quantity.key("audit.e2e.avg.min").macro("AuditEndToEndAvgMin")
        .definition("smallest average latency EndToEndLatency printed over its demonstration runs")
        .unit(Unit.MILLISECONDS)
        .format(Format.REAL_3SF).scope(Scope.TABLE).function(AuditQuantities.class, "parsed")
        .computes(a -> parsed(e2e, E2E_AVG, 1, false)));
    q.add(Quantity.key("audit.perf.p50.max").macro("AuditProducerPerfPFiftyMax")
        .definition(
        "largest 50th percentile ProducerPerformance printed over its demonstration runs (whole milliseconds)")
        .unit(Unit.MILLISECONDS).format(Format.REAL_3SF).scope(Scope.TABLE).function(AuditQuantities.class, "parsed")
        .computes(a -> parsed(perf, PERF, 2, true)));
    q.add(Quantity.key("audit.perf.avg.min").macro("AuditProducerPerfAvgMin")
        .definition("smallest average latency ProducerPerformance printed over its demonstration runs")
        .unit(Unit.MILLISECONDS)
        .format(Format.REAL_3SF).scope(Scope.TABLE).function(AuditQuantities.class, "parsed")
        .computes(a -> parsed(perf, PERF, 1, false)));
    q.add(Quantity.key("audit.ftl.flightMedian").macro("AuditFtlFlightMedian")
        .definition(
        "median over runs of each run's median flight T = recv_ns - send_ns (monotonic clock) measured by our "
        + "instrument on the same broker and path right after")
        .unit(Unit.MICROSECONDS).format(Format.REAL_3SF).scope(Scope.TABLE)
        .function(Provenance.name(GuardAccounting.class, "acceptSample") + " / "
        + Provenance.name(Quantiles.class, "median"))
        .computes(a -> ftlFlight(gate, data)));
    return q;
  }

  static final String TOOL = "tool";
  static final String MECHANISM = "drop_mechanism";

  /** Whether an audited latency drops a zero or negative difference and counts no such drop. */
  static boolean silentDrop(Map<String, String> r) {
    return ("dropped".equals(r.get("zero_difference")) || "dropped".equals(r.get("negative_difference")))
        && "no".equals(r.get("drops_counted"));
  }

  /**
   * Distinct values of a column (never blank where counted: {@link #checkMechanisms}) over the rows, or over the
   * silently dropping rows only; a count of mechanisms or tools, each once, where a count of rows would count one guard
   * once per latency it serves.
   */
  static long distinct(List<Map<String, String>> rows, String column, boolean dropsOnly) {
    return rows.stream().filter(r -> !dropsOnly || silentDrop(r)).map(r -> r.get(column)).distinct().count();
  }

  /** A silently dropping row names its mechanism, and only such a row does: else the counts would be wrong. */
  static void checkMechanisms(String file, List<Map<String, String>> rows) {
    for (int i = 0; i < rows.size(); i++) {
      Map<String, String> r = rows.get(i);
      if (silentDrop(r) == r.get(MECHANISM).isBlank() || r.get(TOOL).isBlank()) {
        throw new DataException(file, i + 2, "a row names its tool, and its "
            + MECHANISM + " exactly when it drops zero or negative differences uncounted (\""
            + Echo.of(r.get(MECHANISM))
            + "\")", null);
      }
    }
  }

  /** One text a tool printed, as the gate read it. */
  record Output(String name, String text) {}

  private static List<Output> outputs(DataGate gate, String prefix) {
    List<Output> out = new ArrayList<>();
    String dir = DEMO + "/outputs";
    if (gate.type(dir) != DataGate.Type.FOLDER) {
      throw new DataException(gate.name(dir), 0, "the demonstration has no outputs folder", null);
    }
    for (String n : gate.list(dir)) {
      if (n.startsWith(prefix)) {
        out.add(new Output(gate.name(dir + "/" + n), gate.readText(dir + "/" + n, DataGate.Kind.AUDIT_TEXT)));
      }
    }
    return out;
  }

  private static Value parsed(List<Output> outputs, Pattern p, int group, boolean max) {
    List<Double> v = new ArrayList<>();
    for (Output o : outputs) {
      Matcher m = p.matcher(o.text());
      String last = null;
      int at = 0;
      while (m.find()) {
        last = m.group(group);
        at = m.start(group);
      }
      if (last != null) {
        double x;
        try {
          x = Double.parseDouble(last);
        } catch (NumberFormatException e) {
          x = Double.NaN;
        }
        if (!Double.isFinite(x)) {
          long line = 1 + o.text().substring(0, at).chars().filter(c -> c == '\n').count();
          throw new DataException(o.name(), line, "not a finite number (\"" + Echo.of(last) + "\")", null);
        }
        if (x > MAX_DEMO_LATENCY_MILLIS) {
          long line = 1 + o.text().substring(0, at).chars().filter(c -> c == '\n').count();
          throw new DataException(o.name(), line, "a latency above one day (\"" + Echo.of(last) + "\" ms) is not a"
              + " demonstration run's", null);
        }
        v.add(x);
      }
    }
    if (v.isEmpty()) {
      return new Value.Unavailable("no demonstration output with that figure");
    }
    return new Value.Real(max ? v.stream().mapToDouble(x -> x).max().getAsDouble()
        : v.stream().mapToDouble(x -> x).min().getAsDouble());
  }

  private static Value ftlFlight(DataGate gate, DataSet data) {
    String outputs = DEMO + "/outputs";
    String ledger = outputs + "/ftl-ledger.csv";
    if (!gate.isFile(ledger)) {
      return new Value.Unavailable("no ftl-ledger.csv in the demonstration");
    }
    List<LedgerRow> rows = LedgerReader.read(gate, ledger, outputs, data.dictionary());
    Campaign c = new Campaign("audit-demo", gate.root().resolve(outputs), gate.name(outputs), Optional.empty(), rows,
        gate, outputs, Optional.empty(), Optional.empty());
    double[] medians = rows.stream().filter(LedgerRow::ok).map(r -> Analysis.scan(c, r))
        .mapToDouble(r -> r.guard().medianFlightNanos()).filter(x -> !Double.isNaN(x)).toArray();
    return medians.length == 0 ? new Value.Unavailable("no delivered event")
        : new Value.Real(Quantiles.median(medians) / 1000.0);
  }
}
