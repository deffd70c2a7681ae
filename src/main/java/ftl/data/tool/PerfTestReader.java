package ftl.data.tool;

import ftl.data.io.DataException;
import ftl.data.io.DataGate;
import ftl.data.io.Echo;
import ftl.data.io.Sha256;
import ftl.data.ledger.EventFormat;
import ftl.data.ledger.Identifiers;
import ftl.data.ledger.LedgerSchema;
import ftl.data.ledger.RunStatus;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.apache.commons.csv.DuplicateHeaderMode;

/**
 * Reads a folder of RabbitMQ PerfTest runs ({@link PerfTestFormat}) through a data root's gate: the ledger, and for
 * every ok run its standard output and its scraped metrics, each checked against the SHA-256 the ledger records. Bad
 * input is a {@link DataException} naming the file and line (exit 3); nothing is dropped: a failed run is returned with
 * its status and no counts.
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
   * @param startedAt when the run started, as the ledger writes it ({@code started_at}, UTC)
   */
  public record Run(String runId, String condition, RunStatus status, boolean useMillis, double rateMsgPerSecond,
                    long consumed, long latencyCount, List<Double> printedMediansMicros, String stdoutFile,
                    String metricsFile, String planSha256, String startedAt, long line) {
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

  /**
   * The largest count a metric or a sum of them may hold: 2^40 (1.1 x 10^12, 35 years of deliveries at 1,000 msg/s), so
   * a sum over every ok run a ledger can name (an ok row takes over 128 bytes, so a 16 MiB ledger names fewer than
   * 2^17) cannot overflow a long.
   */
  public static final long MAX_COUNT = 1L << 40;
  /**
   * How many seconds of deliveries at the run's rate the latency timer's count may run ahead of the client's consumed
   * count in one scrape: the two counters are read one after the other, not atomically (a few messages apart in the
   * committed runs), so more samples than one second's deliveries beyond the consumed count is not a skew of the scrape
   * but a count that is not part of the consumed one.
   */
  public static final double SCRAPE_SKEW_SECONDS = 1.0;

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
        .setAllowMissingColumnNames(false).setDuplicateHeaderMode(DuplicateHeaderMode.DISALLOW).get();
    List<Run> out = new ArrayList<>();
    Map<String, Long> seen = new HashMap<>();
    Map<String, Long> files = new HashMap<>();
    LedgerFolder folder = new LedgerFolder(gate, prefix, displayFolder, name);
    try (Reader reader = new StringReader(text); CSVParser parser =
        CSVParser.builder().setReader(reader).setFormat(format).get()) {
      List<String> missing = PerfTestFormat.LEDGER_HEADER.stream().filter(h -> !parser.getHeaderNames().contains(h))
          .toList();
      if (!missing.isEmpty()) {
        throw new DataException(name, 1, "header lacks " + String.join(", ", missing), null);
      }
      for (CSVRecord rec : parser) {
        long line = parser.getCurrentLineNumber();
        if (rec.size() != parser.getHeaderNames().size()) {
          throw new DataException(name, line, "expected " + parser.getHeaderNames().size() + " fields, found "
              + rec.size(), null);
        }
        Map<String, String> f = new LinkedHashMap<>(rec.toMap());
        out.add(run(f, line, folder, seen, files));
      }
    } catch (DataException e) {
      throw e;
    } catch (IOException | IllegalStateException | IllegalArgumentException | UncheckedIOException e) {
      throw new DataException(name, 0, "not a CSV table: " + e.getMessage(), e);
    }
    if (out.isEmpty()) {
      throw new DataException(name, 1, "no runs after the header", null);
    }
    return out;
  }

  private static Run run(Map<String, String> f, long line, LedgerFolder folder, Map<String, Long> seen,
                         Map<String, Long> files) {
    String name = folder.ledger();
    String display = folder.display();
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
      throw new DataException(name, line, "rate_msg_per_s must be a positive number (was \""
          + Echo.of(f.get("rate_msg_per_s"))
          + "\")", null);
    }
    if (status != RunStatus.OK) {
      return new Run(runId, condition, status, millis.equals("yes"), rate, 0, 0, List.of(), "", "",
          f.get("plan_sha256"),
          f.get(LedgerSchema.STARTED_AT.name()), line);
    }
    // one run's output counted once: no file, and no file's content, is named by two rows
    for (String[] c : new String[][] {{"stdout_file", "stdout_sha256"}, {"metrics_file", "metrics_sha256"}}) {
      for (String key : List.of(c[0] + " " + f.get(c[0]), c[0] + " sha256 " + f.get(c[1]))) {
        Long first = files.putIfAbsent(key, line);
        if (first != null) {
          throw new DataException(name, line, "run " + runId + " names the "
              + (key.contains(" sha256 ") ? "same " + c[0]
              + " content (SHA-256 " + Echo.of(f.get(c[1])) + ")" : c[0] + " " + Echo.of(f.get(c[0])))
              + " as the run on line "
              + first + ": one run would be counted twice", null);
        }
      }
    }
    String stdout = file(f, "stdout_file", "stdout_sha256", line, folder);
    String metrics = file(f, "metrics_file", "metrics_sha256", line, folder);
    String metricsName = display + "/" + f.get("metrics_file");
    Map<String, long[]> series = series(metrics, metricsName);
    for (String s : List.of(PerfTestFormat.CONSUMED, PerfTestFormat.LATENCY_COUNT)) {
      if (!series.containsKey(s)) {
        throw new DataException(metricsName, 0, "no series " + s + " (PerfTest run with -mpr -mc?)", null);
      }
    }
    long consumed = series.get(PerfTestFormat.CONSUMED)[0];
    long latency = series.get(PerfTestFormat.LATENCY_COUNT)[0];
    if (latency - consumed > rate * SCRAPE_SKEW_SECONDS) {
      throw new DataException(metricsName, series.get(PerfTestFormat.LATENCY_COUNT)[1], PerfTestFormat.LATENCY_COUNT
          + " "
          + latency + " exceeds " + PerfTestFormat.CONSUMED + " " + consumed + " by more than " + SCRAPE_SKEW_SECONDS
          + " s of deliveries at the run's " + rate + " msg/s: latency samples are part of the messages consumed",
          null);
    }
    return new Run(runId, condition, status, millis.equals("yes"), rate, consumed, latency,
        medians(stdout, display + "/" + f.get("stdout_file")),
        f.get("stdout_file"), f.get("metrics_file"), f.get("plan_sha256"), f.get(LedgerSchema.STARTED_AT.name()), line);
  }

  /** A run's file through the gate, its SHA-256 checked against the ledger's. */
  private static String file(Map<String, String> f, String column, String shaColumn, long line,
                             LedgerFolder folder) {
    String name = folder.ledger();
    DataGate gate = folder.gate();
    String prefix = folder.prefix();
    String rel = f.get(column);
    if (!rel.matches("runs/[A-Za-z0-9._-]+\\.(txt|prom)")) {
      throw new DataException(name, line, column + " \"" + Echo.of(rel) + "\" is not a file under runs/", null);
    }
    if (!gate.isFile(prefix + rel)) {
      throw new DataException(name, line, column + " " + rel + " is missing", null);
    }
    byte[] b = gate.read(prefix + rel, DataGate.Kind.TOOL_OUTPUT);
    String sha = HexFormat.of().formatHex(Sha256.jdk().digest(b));
    if (!sha.equals(f.get(shaColumn))) {
      throw new DataException(name, line, rel + " has SHA-256 " + sha + ", the ledger records "
          + Echo.of(f.get(shaColumn)), null);
    }
    return DataGate.text(b, gate.name(prefix + rel));
  }

  /**
   * The sum of the samples of each series of a Prometheus text exposition, by metric name (labels summed over), with
   * the line of its last sample: a sample line is {@code metric[{labels}] value [timestamp]}, the value read as a whole
   * number of at most {@link #MAX_COUNT} and the optional timestamp (milliseconds) as an integer that is never the
   * value; the sum is exact and at most {@link #MAX_COUNT}. Comment lines are skipped.
   */
  static Map<String, long[]> series(String text, String name) {
    Map<String, long[]> out = new HashMap<>();
    for (PrometheusText.Sample s : PrometheusText.samples(text, name,
        m -> m.equals(PerfTestFormat.CONSUMED) || m.equals(PerfTestFormat.LATENCY_COUNT))) {
      long v = count(s, name);
      long[] sum = out.computeIfAbsent(s.metric(), k -> new long[2]);
      sum[0] += v; // both at most 2^40: no overflow
      sum[1] = s.line();
      if (sum[0] > MAX_COUNT) {
        throw new DataException(name, s.line(), "the samples of " + s.metric() + " sum to more than " + MAX_COUNT,
            null);
      }
    }
    return out;
  }

  /**
   * A sample's value read as a count: a whole number in [0, {@link #MAX_COUNT}] (Prometheus prints counters as doubles,
   * {@code 27632.0}).
   *
   * @throws DataException naming file and line otherwise
   */
  static long count(PrometheusText.Sample s, String name) {
    double v;
    try {
      v = Double.parseDouble(s.value());
    } catch (NumberFormatException e) {
      throw new DataException(name, s.line(), "the value of " + s.metric() + " is not a number (\"" + Echo.of(s.value())
          + "\")", null);
    }
    if (!(v >= 0) || v > MAX_COUNT || v != Math.rint(v)) {
      throw new DataException(name, s.line(), "the value of " + s.metric() + " is not a count of at most " + MAX_COUNT
          + " (" + Echo.of(s.value()) + ")", null);
    }
    return (long) v;
  }

  /**
   * The largest median a per-interval line may print, us: 2^40 (12.7 days), as the counts are capped (issue 58: a
   * median of 400 digits read as Infinity and failed with exit 70, "a real value must be finite").
   */
  public static final double MAX_MEDIAN_MICROS = 0x1p40;

  /**
   * The printed median of every per-interval line that prints a consumer latency, in us (a line in ms times 1000), read
   * by {@link PerfTestStdoutReader}'s line pattern, the one declaration of PerfTest's interval line.
   */
  static List<Double> medians(String stdout) {
    return medians(stdout, "stdout");
  }

  /**
   * The printed median of every per-interval line, in us.
   *
   * @param name the output file as messages name it
   * @throws DataException naming the file and line of a median above {@link #MAX_MEDIAN_MICROS}
   */
  static List<Double> medians(String stdout, String name) {
    List<Double> out = new ArrayList<>();
    List<String> lines = OutputLines.of(stdout);
    for (int i = 0; i < lines.size(); i++) {
      Matcher m = PerfTestStdoutReader.INTERVAL.matcher(lines.get(i));
      if (m.matches() && m.group(PerfTestStdoutReader.MEDIAN) != null) {
        String unit = m.group(PerfTestStdoutReader.UNIT);
        double micros = Double.parseDouble(m.group(PerfTestStdoutReader.MEDIAN)) * (unit.equals("ms") ? 1000 : 1);
        if (!(micros <= MAX_MEDIAN_MICROS)) {
          throw new DataException(name, i + 1L, "the printed median " + Echo.of(m.group(PerfTestStdoutReader.MEDIAN))
              + " "
              + unit + " is above " + (long) MAX_MEDIAN_MICROS + " us (12.7 days): not a latency PerfTest printed",
              null);
        }
        out.add(micros);
      }
    }
    return out;
  }

}
