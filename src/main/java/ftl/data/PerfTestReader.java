package ftl.data;

import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Reads a folder of RabbitMQ PerfTest runs ({@link PerfTestFormat}) through a data root's gate: the ledger, and for every
 * ok run its standard output and its scraped metrics, each checked against the SHA-256 the ledger records. Bad input is
 * a {@link DataException} naming the file and line (exit 3); nothing is dropped: a failed run is returned with its
 * status and no counts.
 */
public final class PerfTestReader {
  private PerfTestReader() {}

  /**
   * One run as PerfTest reported it.
   *
   * @param consumed deliveries the AMQP client counted ({@link PerfTestFormat#CONSUMED}) when the metrics were scraped
   * @param latencyCount samples PerfTest's latency timer recorded by then ({@link PerfTestFormat#LATENCY_COUNT})
   * @param printedMediansMicros the median of every per-interval line PerfTest printed, in us (a line in ms times 1000)
   * @param planSha256 the plan digest the ledger row names (empty when it names none)
   */
  public record Run(String runId, String condition, RunStatus status, boolean useMillis, double rateMsgPerSecond,
                    long consumed, long latencyCount, List<Double> printedMediansMicros, String stdoutFile,
                    String metricsFile, String planSha256, long line) {
    public Run {
      printedMediansMicros = List.copyOf(printedMediansMicros);
    }

    public boolean ok() { return status == RunStatus.OK; }

    /**
     * The share of consumed messages PerfTest's latency metric left out: {@code 1 - latencyCount / consumed}. The two
     * counters come from one scrape but are not read atomically (PerfTest records a latency in its consumer before the
     * client's collector counts the delivery), so with nothing left out the share can be a few messages below 0; it is
     * kept as read, never clamped.
     */
    public double leftOut() { return consumed == 0 ? Double.NaN : 1 - (double) latencyCount / consumed; }
  }

  /** A per-interval line's latency part: {@code min/median/75th/95th/99th consumer latency: 0/1/1/1/2 ms}. */
  static final Pattern LATENCY = Pattern.compile(
      "consumer latency: ([0-9]+)/([0-9]+)/([0-9]+)/([0-9]+)/([0-9]+) (\u00b5s|ms)");

  /**
   * @param relFolder the folder relative to the gate's root ({@code perftest})
   * @param displayFolder how messages name it ({@code data/perftest})
   */
  public static List<Run> read(DataGate gate, String relFolder, String displayFolder) {
    String prefix = relFolder + "/";
    String name = displayFolder + "/" + EventFormat.LEDGER_FILE;
    byte[] bytes = gate.read(prefix + EventFormat.LEDGER_FILE, DataGate.Kind.LEDGER);
    String text = DataGate.text(bytes, name);
    CSVFormat format = CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).setIgnoreEmptyLines(true)
        .setAllowMissingColumnNames(false).setDuplicateHeaderMode(org.apache.commons.csv.DuplicateHeaderMode.DISALLOW).get();
    List<Run> out = new ArrayList<>();
    Map<String, Long> seen = new HashMap<>();
    try (Reader reader = new java.io.StringReader(text); CSVParser parser = CSVParser.builder().setReader(reader).setFormat(format).get()) {
      List<String> missing = PerfTestFormat.LEDGER_HEADER.stream().filter(h -> !parser.getHeaderNames().contains(h)).toList();
      if (!missing.isEmpty()) {
        throw new DataException(name, 1, "header lacks " + String.join(", ", missing), null);
      }
      for (CSVRecord rec : parser) {
        long line = parser.getCurrentLineNumber();
        if (rec.size() != parser.getHeaderNames().size()) {
          throw new DataException(name, line, "expected " + parser.getHeaderNames().size() + " fields, found " + rec.size(), null);
        }
        Map<String, String> f = new LinkedHashMap<>(rec.toMap());
        out.add(run(f, line, name, gate, prefix, displayFolder, seen));
      }
    } catch (DataException e) {
      throw e;
    } catch (IOException | IllegalStateException | IllegalArgumentException | java.io.UncheckedIOException e) {
      throw new DataException(name, 0, "not a CSV table: " + e.getMessage(), e);
    }
    if (out.isEmpty()) {
      throw new DataException(name, 1, "no runs after the header", null);
    }
    return out;
  }

  private static Run run(Map<String, String> f, long line, String name, DataGate gate, String prefix, String display,
                         Map<String, Long> seen) {
    String runId = f.get("run_id");
    String condition = f.get("condition");
    for (String[] v : new String[][] {{"run_id", runId}, {"condition", condition}}) {
      if (!Identifiers.safe(v[1])) {
        throw new DataException(name, line, v[0] + " \"" + Echo.of(v[1]) + "\" is not a safe identifier", null);
      }
    }
    Long earlier = seen.putIfAbsent(runId, line);
    if (earlier != null) {
      throw new DataException(name, line, "duplicate run_id \"" + runId + "\" (first on line " + earlier + ")", null);
    }
    RunStatus status = RunStatus.ofWord(f.get("status"));
    if (status == null || status == RunStatus.ABORTED) {
      throw new DataException(name, line, "status \"" + Echo.of(f.get("status")) + "\" is not ok or failed", null);
    }
    String millis = f.get("use_millis");
    if (!millis.equals("yes") && !millis.equals("no")) {
      throw new DataException(name, line, "use_millis must be yes or no (was \"" + Echo.of(millis) + "\")", null);
    }
    double rate;
    try {
      rate = Double.parseDouble(f.get("rate_msg_per_s"));
    } catch (NumberFormatException e) {
      rate = Double.NaN;
    }
    if (!(rate > 0) || Double.isInfinite(rate)) {
      throw new DataException(name, line, "rate_msg_per_s must be a positive number (was \"" + Echo.of(f.get("rate_msg_per_s"))
          + "\")", null);
    }
    if (status != RunStatus.OK) {
      return new Run(runId, condition, status, millis.equals("yes"), rate, 0, 0, List.of(), "", "", f.get("plan_sha256"), line);
    }
    String stdout = file(f, "stdout_file", "stdout_sha256", line, name, gate, prefix);
    String metrics = file(f, "metrics_file", "metrics_sha256", line, name, gate, prefix);
    String metricsName = display + "/" + f.get("metrics_file");
    Map<String, Long> series = series(metrics, metricsName);
    for (String s : List.of(PerfTestFormat.CONSUMED, PerfTestFormat.LATENCY_COUNT)) {
      if (!series.containsKey(s)) {
        throw new DataException(metricsName, 0, "no series " + s + " (PerfTest run with -mpr -mc?)", null);
      }
    }
    long consumed = series.get(PerfTestFormat.CONSUMED);
    long latency = series.get(PerfTestFormat.LATENCY_COUNT);
    return new Run(runId, condition, status, millis.equals("yes"), rate, consumed, latency, medians(stdout),
        f.get("stdout_file"), f.get("metrics_file"), f.get("plan_sha256"), line);
  }

  /** A run's file through the gate, its SHA-256 checked against the ledger's. */
  private static String file(Map<String, String> f, String column, String shaColumn, long line, String name, DataGate gate,
                             String prefix) {
    String rel = f.get(column);
    if (!rel.matches("runs/[A-Za-z0-9._-]+\\.(txt|prom)")) {
      throw new DataException(name, line, column + " \"" + Echo.of(rel) + "\" is not a file under runs/", null);
    }
    if (!gate.isFile(prefix + rel)) {
      throw new DataException(name, line, column + " " + rel + " is missing", null);
    }
    byte[] b = gate.read(prefix + rel, DataGate.Kind.TOOL_OUTPUT);
    String sha = java.util.HexFormat.of().formatHex(Sha256.jdk().digest(b));
    if (!sha.equals(f.get(shaColumn))) {
      throw new DataException(name, line, rel + " has SHA-256 " + sha + ", the ledger records " + Echo.of(f.get(shaColumn)), null);
    }
    return DataGate.text(b, gate.name(prefix + rel));
  }

  /**
   * The sum of the samples of each series of a Prometheus text exposition, by metric name (labels summed over): the
   * value is the line's last token, read as a whole number. Comment lines are skipped.
   */
  static Map<String, Long> series(String text, String name) {
    Map<String, Long> out = new HashMap<>();
    long n = 0;
    for (String l : text.split("\n", -1)) {
      n++;
      if (l.isBlank() || l.startsWith("#")) {
        continue;
      }
      int end = 0;
      while (end < l.length() && l.charAt(end) != '{' && l.charAt(end) != ' ') {
        end++;
      }
      String metric = l.substring(0, end);
      if (!metric.equals(PerfTestFormat.CONSUMED) && !metric.equals(PerfTestFormat.LATENCY_COUNT)) {
        continue;
      }
      String value = l.substring(l.lastIndexOf(' ') + 1);
      double v;
      try {
        v = Double.parseDouble(value);
      } catch (NumberFormatException e) {
        throw new DataException(name, n, "the value of " + metric + " is not a number (\"" + Echo.of(value) + "\")", null);
      }
      if (!(v >= 0) || v > 1e15 || v != Math.rint(v)) {
        throw new DataException(name, n, "the value of " + metric + " is not a count (" + value + ")", null);
      }
      out.merge(metric, (long) v, Long::sum);
    }
    return out;
  }

  /** The printed median of every per-interval line, in us. */
  static List<Double> medians(String stdout) {
    List<Double> out = new ArrayList<>();
    Matcher m = LATENCY.matcher(stdout);
    while (m.find()) {
      out.add(Double.parseDouble(m.group(2)) * (m.group(6).equals("ms") ? 1000 : 1));
    }
    return out;
  }
}
