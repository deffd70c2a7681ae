package ftl.data.tool;

import ftl.data.io.DataException;
import ftl.data.io.Echo;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the standard output of Kafka's {@code kafka-producer-perf-test} ({@code
 * org.apache.kafka.tools.ProducerPerformance}, kafka-tools 4.4.0). Its two line shapes, from {@code
 * ProducerPerformance.Stats} (printWindow, printTotal):
 * <pre>
 * %d records sent, %.1f records/sec (%.2f MB/sec), %.1f ms avg latency, %.1f ms max latency.
 * %d%s records sent, %f records/sec (%.2f MB/sec), %.2f ms avg latency, %.2f ms max latency, %d ms 50th, %d ms 95th, %d
 * ms 99th, %d ms 99.9th.
 * </pre>
 * a progress line every five seconds, then one total ({@code %s} is {@code " steady state"} on the second total that
 * {@code --warmup-records} adds). Each latency is {@code (int) (now - start)} of two {@code System.currentTimeMillis()}
 * reads, recorded only for a send that succeeded: the percentiles are whole milliseconds printed exactly. Other lines
 * (the tool's deprecation notices, a failed send's stack trace, log lines) are passed over. Checked against the three
 * outputs of {@code data/audit/demo/outputs/perf-*.txt}.
 */
public final class ProducerPerformanceReader {
  private ProducerPerformanceReader() {}

  /** A line that begins as a progress or total line does; it must then be one of them in full. */
  static final Pattern STARTS = Pattern.compile("^[0-9]{1,30}( steady state)? records sent, ");
  static final Pattern WINDOW = Pattern.compile("^([0-9]{1,30}) records sent, ([0-9]{1,20}\\.[0-9]) records/sec"
      + " \\(([0-9]{1,20}\\.[0-9]{2}) MB/sec\\), (-?[0-9]{1,20}\\.[0-9]|NaN) ms avg latency, (-?[0-9]{1,20}\\.[0-9]) "
      + "ms max latency\\.$");
  static final Pattern TOTAL = Pattern.compile("^([0-9]{1,30})( steady state)? records sent, ([0-9]{1,20}\\.[0-9]{6})"
      + " records/sec \\(([0-9]{1,20}\\.[0-9]{2}) MB/sec\\), (-?[0-9]{1,20}\\.[0-9]{2}|NaN) ms avg latency,"
      + " (-?[0-9]{1,20}\\.[0-9]{2}) ms max latency, (-?[0-9]{1,20}) ms 50th, (-?[0-9]{1,20}) ms 95th,"
      + " (-?[0-9]{1,20}) ms 99th, (-?[0-9]{1,20}) ms 99\\.9th\\.$");

  /**
   * The run's total line.
   *
   * @param records records whose send succeeded (the tool counts only those)
   * @param recordsPerSecond as printed
   * @param avgMillis the mean latency, printed with two decimals
   * @param maxMillis the largest latency (a whole number of ms, printed with two decimals)
   * @param p50Millis the 50th percentile, whole ms, as the other three
   * @param line the line it was printed on
   */
  public record Total(long records, double recordsPerSecond, double avgMillis, double maxMillis, long p50Millis,
                      long p95Millis, long p99Millis, long p999Millis, long line) {}

  /** A progress line: records, mean and largest latency of the last five seconds (one decimal). */
  public record Window(long records, double avgMillis, double maxMillis, long line) {}

  /**
   * What one run printed.
   *
   * @param total the overall total
   * @param steadyState the steady-state total ({@code --warmup-records}), when printed
   * @param windows the progress lines, in order
   */
  public record Output(Total total, Total steadyState, List<Window> windows) {
    public Output {
      windows = List.copyOf(windows);
    }
  }

  /** True when some line of the text begins as the tool's total or progress line (a cut one included: read says so). */
  public static boolean recognises(List<String> lines) {
    return lines.stream().anyMatch(l -> STARTS.matcher(l).find());
  }

  /**
   * Reads one output.
   *
   * @param text the output (UTF-8 text, already checked for controls by the gate)
   * @param name the file as messages name it
   * @throws DataException naming file and line: a line that begins as the tool's and is cut or altered, no total line
   *     (the run ended before printing it), a second overall total, or figures that contradict each other
   */
  public static Output read(String text, String name) {
    List<String> lines = OutputLines.of(text);
    Total total = null;
    Total steady = null;
    List<Window> windows = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      String l = lines.get(i);
      long n = i + 1;
      if (!STARTS.matcher(l).find()) {
        continue;
      }
      Matcher t = TOTAL.matcher(l);
      Matcher w = WINDOW.matcher(l);
      if (t.matches()) {
        Total x = total(t, name, n);
        if (t.group(2) != null) {
          steady = x;
        } else if (total != null) {
          throw new DataException(name, n, "a second total line (the first is line " + total.line()
              + "): two runs in one file?", null);
        } else {
          total = x;
        }
      } else if (w.matches()) {
        double avg = w.group(4).equals("NaN") ? Double.NaN : OutputLines.millis(w.group(4), "average", name, n);
        windows.add(new Window(OutputLines.count(w.group(1), "records", name, n), avg,
            OutputLines.millis(w.group(5), "max latency", name, n), n));
      } else {
        throw new DataException(name, n, "begins as a ProducerPerformance line but is neither its progress line nor its"
            + " total (cut short or altered?): \"" + Echo.of(l) + "\"", null);
      }
    }
    if (total == null) {
      throw new DataException(name, OutputLines.last(lines),
          "no total line (\"N records sent, ... ms 99.9th.\"): the run ended before"
          + " printing its summary (stopped, or the file is cut short)", null);
    }
    return new Output(total, steady, windows);
  }

  private static Total total(Matcher t, String name, long n) {
    long records = OutputLines.count(t.group(1), "records", name, n);
    if (records == 0) {
      throw new DataException(name, n, "0 records sent: the run recorded no latency (every send failed?)", null);
    }
    double rate = OutputLines.rate(t.group(3), "records/sec", name, n);
    if (t.group(5).equals("NaN")) {
      throw new DataException(name, n, "the average is NaN over " + records + " records: figures of one run contradict"
          + " each other", null);
    }
    double avg = OutputLines.millis(t.group(5), "average", name, n);
    double max = OutputLines.millis(t.group(6), "max latency", name, n);
    long[] p = new long[4];
    String[] label = {"50th", "95th", "99th", "99.9th"};
    for (int k = 0; k < 4; k++) {
      p[k] = (long) OutputLines.millis(t.group(7 + k), label[k] + " percentile", name, n);
      if (k > 0 && p[k] < p[k - 1]) {
        throw new DataException(name, n, "the " + label[k] + " percentile (" + p[k] + " ms) is below the "
            + label[k - 1]
            + " (" + p[k - 1] + " ms): percentiles of one sample never decrease", null);
      }
    }
    if (p[3] > max || avg > max) {
      throw new DataException(name, n, "the max latency (" + t.group(6) + " ms) is below the "
          + (avg > max ? "average (" + t.group(5) + " ms)" : "99.9th percentile (" + p[3] + " ms)")
          + ": figures of one run contradict each other", null);
    }
    return new Total(records, rate, avg, max, p[0], p[1], p[2], p[3], n);
  }
}
