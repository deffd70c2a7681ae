package ftl.data.tool;

import ftl.data.io.DataException;
import ftl.data.io.Echo;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the standard output of Kafka's {@code kafka-e2e-latency} ({@code org.apache.kafka.tools.EndToEndLatency},
 * kafka-tools 4.4.0). From {@code EndToEndLatency.execute} and {@code printResults}: one record at a time is sent,
 * acknowledged and polled back, timed by two {@code System.nanoTime()} reads; every 1,000th record prints a progress
 * line {@code i \t elapsed/1000.0/1000.0} (that record's latency in ms, as Java prints a double), then
 * <pre>
 * Avg latency: %.4f ms
 * Percentiles: 50th = %d, 99th = %d, 99.9th = %d
 * </pre>
 * where the average keeps nanosecond resolution and the percentiles are taken over {@code elapsed / 1000 / 1000}:
 * whole milliseconds, truncated. The output holds no count of records. Other lines (the tool's notices, the consumer's
 * log lines) are passed over. Checked against the three outputs of {@code data/audit/demo/outputs/e2e-*.txt}.
 */
public final class EndToEndLatencyReader {
  private EndToEndLatencyReader() {}

  static final Pattern PROGRESS = Pattern.compile("^([0-9]{1,13})\t([0-9]{1,20}\\.[0-9]{1,20}(E-?[0-9]{1,3})?)$");
  private static final String AVG_START = "Avg latency:";
  private static final String PERCENTILES_START = "Percentiles:";
  static final Pattern AVG = Pattern.compile("^Avg latency: ([0-9]{1,20}\\.[0-9]{4}) ms$");
  static final Pattern PERCENTILES = Pattern.compile("^Percentiles: 50th = ([0-9]{1,20}), 99th = ([0-9]{1,20}),"
      + " 99\\.9th = ([0-9]{1,20})$");
  /** The tool prints a progress line for every record whose index is a multiple of this. */
  public static final long PROGRESS_EVERY = 1000;

  /** One progress line: the latency of record {@code index} (ms, as printed: a double of nanosecond resolution). */
  public record Progress(long index, double millis, String printed, long line) {}

  /**
   * What one run printed.
   *
   * @param progress the progress lines, in order
   * @param avgMillis the mean latency (four decimals), and {@code avgLine} its line
   * @param p50Millis the 50th percentile, whole ms (truncated), as the 99th and 99.9th; {@code percentilesLine} their
   *     line
   */
  public record Output(List<Progress> progress, double avgMillis, long avgLine, long p50Millis, long p99Millis,
                       long p999Millis, long percentilesLine) {
    public Output {
      progress = List.copyOf(progress);
    }

    /**
     * The fewest records the run can have measured: one past the last progress line's index (the tool prints every
     * {@link EndToEndLatencyReader#PROGRESS_EVERY}th from 0); the most is {@code PROGRESS_EVERY - 1} more.
     */
    public long fewestRecords() {
      return progress.isEmpty() ? 1 : progress.get(progress.size() - 1).index() + 1;
    }
  }

  /** True when some line of the text begins as the tool's average or percentile line (a cut one included). */
  public static boolean recognises(List<String> lines) {
    return lines.stream().anyMatch(l -> l.startsWith(AVG_START) || l.startsWith(PERCENTILES_START));
  }

  /**
   * Reads one output.
   *
   * @throws DataException naming file and line: an average or percentile line cut or altered, either of them missing
   *     (the run ended before its results: stopped, or {@code poll()} timed out, which ends the tool with exit 1) or
   *     printed twice, progress lines out of order, or figures that contradict each other
   */
  public static Output read(String text, String name) {
    List<String> lines = OutputLines.of(text);
    List<Progress> progress = new ArrayList<>();
    Matcher avg = null;
    long avgLine = 0;
    Matcher pct = null;
    long pctLine = 0;
    for (int i = 0; i < lines.size(); i++) {
      String l = lines.get(i);
      long n = i + 1;
      Matcher m;
      if ((m = PROGRESS.matcher(l)).matches()) {
        long index = OutputLines.count(m.group(1), "record index", name, n);
        long expected = progress.isEmpty() ? 0 : progress.get(progress.size() - 1).index() + PROGRESS_EVERY;
        if (index != expected || avg != null || pct != null) {
          throw new DataException(name, n, "progress line for record " + index + " where the tool prints record "
              + (avg != null || pct != null ? "none (after its results)" : expected)
              + ": lines out of order, or two runs in one file", null);
        }
        progress.add(new Progress(index, OutputLines.millis(m.group(2), "latency", name, n), m.group(2), n));
      } else if (l.startsWith(AVG_START)) {
        if (!(m = AVG.matcher(l)).matches()) {
          throw new DataException(name, n,
              "not the tool's average line \"Avg latency: %.4f ms\" (cut short or altered?): \""
              + Echo.of(l) + "\"", null);
        }
        if (avg != null) {
          throw new DataException(name, n, "a second average line (the first is line " + avgLine
              + "): two runs in one file?",
              null);
        }
        avg = m;
        avgLine = n;
      } else if (l.startsWith(PERCENTILES_START)) {
        if (!(m = PERCENTILES.matcher(l)).matches()) {
          throw new DataException(name, n,
              "not the tool's percentile line \"Percentiles: 50th = %d, 99th = %d, 99.9th = %d\""
              + " (cut short or altered?): \"" + Echo.of(l) + "\"", null);
        }
        if (pct != null) {
          throw new DataException(name, n, "a second percentile line (the first is line " + pctLine
              + "): two runs in one file?", null);
        }
        pct = m;
        pctLine = n;
      }
    }
    if (avg == null || pct == null) {
      throw new DataException(name, OutputLines.last(lines), "no "
          + (avg == null ? "\"Avg latency\"" : "\"Percentiles\"") + " line: the"
          + " run ended before printing its results (stopped, the file cut short, or poll() timed out, which ends "
          + "the tool)",
          null);
    }
    double a = OutputLines.millis(avg.group(1), "average", name, avgLine);
    long[] p = new long[3];
    String[] label = {"50th", "99th", "99.9th"};
    for (int k = 0; k < 3; k++) {
      p[k] = (long) OutputLines.millis(pct.group(1 + k), label[k] + " percentile", name, pctLine);
      if (k > 0 && p[k] < p[k - 1]) {
        throw new DataException(name, pctLine, "the " + label[k] + " percentile (" + p[k] + " ms) is below the "
            + label[k - 1] + " (" + p[k - 1] + " ms): percentiles of one sample never decrease", null);
      }
    }
    Output out = new Output(progress, a, avgLine, p[0], p[1], p[2], pctLine);
    // every latency is >= 0 (one monotonic clock), so the printed records' latencies cannot sum to more than the
    // average (as printed, plus its rounding) times the most records the run can have
    double printed = progress.stream().mapToDouble(Progress::millis).sum();
    double most = (a + 0.00005) * (out.fewestRecords() + PROGRESS_EVERY - 1);
    if (printed > most) {
      throw new DataException(name, avgLine, "the average " + avg.group(1) + " ms over at most "
          + (out.fewestRecords() + PROGRESS_EVERY - 1) + " records is below what the progress lines alone add up to ("
          + Math.round(printed) + " ms): figures of one run contradict each other", null);
    }
    return out;
  }
}
