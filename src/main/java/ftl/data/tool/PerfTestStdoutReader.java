package ftl.data.tool;

import ftl.data.io.DataException;
import ftl.data.io.Echo;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the standard output of RabbitMQ PerfTest 2.16 ({@code com.rabbitmq.perf.PerfTest}; {@code PrintlnStats.report}
 * and {@code printFinal}): start lines ({@code id: ID, starting consumer #0}), one line per reporting interval
 * <pre>
 * id: ID, time: %.3fs, sent: R msg/s, received: R msg/s, min/median/75th/95th/99th consumer latency: a/b/c/d/e µs
 * </pre>
 * (the rates PerfTest enables, each {@code , NAME: R msg/s}; the unit {@code µs} by default, {@code ms} with
 * {@code --use-millis}), and a summary {@code id: ID, sending rate avg: R msg/s} and {@code receiving rate avg}. The
 * latency figures are taken over the interval's latency samples only: every message is counted in {@code received},
 * while {@code Stats.handleRecv} records a latency only when it is above 0. In the default mode a figure is nanoseconds
 * divided to whole microseconds ({@code (long) (p / 1000L)}); with {@code --use-millis} it is the whole milliseconds
 * recorded. The output prints no count of latency samples. Lines that are not PerfTest's (log lines, {@code test
 * stopped}) are passed over. Checked against the twelve outputs of {@code data/perftest/runs/r*.txt}.
 *
 * <p>Not read: the {@code --legacy-metrics} latency ({@code min/avg/max}), the CSV of {@code --output-file}, and
 * PerfTest 2.19's reformatted lines ({@code time 1.000 s}); no real output of them was at hand to check a reader
 * against.
 */
public final class PerfTestStdoutReader {
  private PerfTestStdoutReader() {}

  private static final String ID = "id: ([^,]{1,200}), ";
  static final Pattern START = Pattern.compile("^" + ID
      + "starting (consumer|producer) #[0-9]{1,9}(, channel #[0-9]{1,9})?$");
  static final Pattern INTERVAL_START = Pattern.compile("^" + ID + "time:");
  static final Pattern INTERVAL = Pattern.compile("^" + ID + "time: ([0-9]{1,9}\\.[0-9]{3})s"
      + "((?:, (?:sent|returned|confirmed|nacked|received): [0-9]{1,12}(?:\\.[0-9]{1,2})? msg/s){0,5})"
      + "(?:, min/median/75th/95th/99th (?:consumer latency: "
      + "([0-9]{1,1000})/([0-9]{1,1000})/([0-9]{1,1000})/([0-9]{1,1000})/([0-9]{1,1000}) (\u00b5s|ms))?((?:, "
      + ")?confirm latency: [0-9/]{1,120} (?:\u00b5s|ms))?)?$");
  /** The groups of {@link #INTERVAL} that hold the printed median and the unit of the latency figures. */
  static final int MEDIAN = 5;
  static final int UNIT = 9;
  static final Pattern RATE =
      Pattern.compile(", (sent|returned|confirmed|nacked|received): ([0-9]{1,12}(?:\\.[0-9]{1,2})?) msg/s");
  static final Pattern SUMMARY_START = Pattern.compile("^" + ID + "(sending|receiving) rate avg:");
  static final Pattern SUMMARY = Pattern.compile("^" + ID
      + "(sending|receiving) rate avg: ([0-9]{1,12}(?:\\.[0-9]{1,2})?) msg/s$");

  /** The unit of a run's latency figures, which names its clock mode. */
  public enum Unit {
    /** {@code µs}: the default mode, nanoTime stamps, figures divided to whole microseconds. */
    MICROS(1_000),
    /** {@code ms}: {@code --use-millis}, currentTimeMillis stamps, whole milliseconds. */
    MILLIS(1_000_000);

    private final long nanos;

    Unit(long nanos) {
      this.nanos = nanos;
    }

    /** One unit in ns. */
    public long nanos() {
      return nanos;
    }
  }

  /**
   * One interval line.
   *
   * @param seconds the time since the start the line reports, s
   * @param sent the sending rate printed ({@code NaN} when PerfTest printed none: no producer)
   * @param received the receiving rate printed ({@code NaN} when none)
   * @param latency min, median, 75th, 95th and 99th consumer latency in {@link Output#unit()}, or null when the line
   *     printed none
   */
  public record Interval(double seconds, double sent, double received, long[] latency, long line) {
    public Interval {
      latency = latency == null ? null : latency.clone();
    }

    /** The five figures (a copy), or null. */
    @Override
    public long[] latency() {
      return latency == null ? null : latency.clone();
    }
  }

  /**
   * What one PerfTest run printed.
   *
   * @param testId the run's id ({@code --id}, or PerfTest's own {@code test-HHmmss-SSS})
   * @param unit the unit of every latency figure, null when no line printed one
   * @param producers producers it started, {@code consumers} consumers: both in this process when both are above 0
   * @param confirmLatencyPrinted whether the lines also print a confirm latency (not audited)
   */
  public record Output(String testId, Unit unit, List<Interval> intervals, double sendingRateAvg, long sendingLine,
                       double receivingRateAvg, long receivingLine, int producers, int consumers,
                       boolean confirmLatencyPrinted) {
    public Output {
      intervals = List.copyOf(intervals);
    }
  }

  /** True when some line of the text begins as a PerfTest interval or summary line (a cut one included). */
  public static boolean recognises(List<String> lines) {
    return lines.stream().anyMatch(l -> INTERVAL_START.matcher(l).find() || SUMMARY_START.matcher(l).find());
  }

  /**
   * Reads one output.
   *
   * @throws DataException naming file and line: an interval or summary line cut or altered, lines of two runs (two
   *     ids), times that do not increase, two latency units, percentiles that decrease, or no summary (the run ended
   *     before printing it, or the file is cut short)
   */
  public static Output read(String text, String name) {
    List<String> lines = OutputLines.of(text);
    String id = null;
    long idLine = 0;
    Unit unit = null;
    List<Interval> intervals = new ArrayList<>();
    double sending = Double.NaN;
    long sendingLine = 0;
    double receiving = Double.NaN;
    long receivingLine = 0;
    int producers = 0;
    int consumers = 0;
    boolean confirm = false;
    for (int i = 0; i < lines.size(); i++) {
      String l = lines.get(i);
      long n = i + 1;
      Matcher m;
      String lineId;
      if ((m = START.matcher(l)).matches()) {
        lineId = m.group(1);
        if (m.group(3) == null) {
          if (m.group(2).equals("consumer")) {
            consumers++;
          } else {
            producers++;
          }
        }
      } else if (INTERVAL_START.matcher(l).find()) {
        if (!(m = INTERVAL.matcher(l)).matches()) {
          throw new DataException(name, n, "begins as a PerfTest interval line but is not one (cut short, altered, or a"
              + " format this reader does not know, such as --legacy-metrics): \"" + Echo.of(l) + "\"", null);
        }
        lineId = m.group(1);
        if (sendingLine > 0 || receivingLine > 0) {
          throw new DataException(name, n, "an interval line after the summary: two runs in one file?", null);
        }
        double t = Double.parseDouble(m.group(2));
        if (!intervals.isEmpty() && t <= intervals.get(intervals.size() - 1).seconds()) {
          throw new DataException(name, n, "time " + m.group(2) + " s does not follow the line before ("
              + intervals.get(intervals.size() - 1).seconds() + " s): lines out of order", null);
        }
        double sent = Double.NaN;
        double received = Double.NaN;
        Matcher r = RATE.matcher(m.group(3));
        while (r.find()) {
          double v = OutputLines.rate(r.group(2), r.group(1), name, n);
          if (r.group(1).equals("sent")) {
            sent = v;
          } else if (r.group(1).equals("received")) {
            received = v;
          }
        }
        long[] lat = null;
        if (m.group(4) != null) {
          Unit u = m.group(9).equals("ms") ? Unit.MILLIS : Unit.MICROS;
          if (unit != null && u != unit) {
            throw new DataException(name, n, "latency in " + m.group(9) + " where the lines before print "
                + (unit == Unit.MILLIS
                ? "ms" : "\u00b5s") + ": two runs in one file?", null);
          }
          unit = u;
          lat = new long[5];
          String[] label = {"min", "median", "75th", "95th", "99th"};
          for (int k = 0; k < 5; k++) {
            double v = OutputLines.number(m.group(4 + k));
            if (!(v <= OutputLines.MAX_LATENCY_MILLIS * ((double) Unit.MILLIS.nanos() / u.nanos()))) {
              throw new DataException(name, n, label[k] + " latency " + Echo.of(m.group(4 + k)) + " " + m.group(9)
                  + " is beyond one day: not a latency of a benchmark run", null);
            }
            lat[k] = (long) v;
            if (k > 0 && lat[k] < lat[k - 1]) {
              throw new DataException(name, n, "the " + label[k] + " latency (" + lat[k] + ") is below the "
                  + label[k - 1]
                  + " (" + lat[k - 1] + "): figures of one interval never decrease", null);
            }
          }
        }
        confirm |= m.group(10) != null;
        intervals.add(new Interval(t, sent, received, lat, n));
      } else if (SUMMARY_START.matcher(l).find()) {
        if (!(m = SUMMARY.matcher(l)).matches()) {
          throw new DataException(name, n,
              "begins as a PerfTest summary line but is not one (cut short or altered?): \""
              + Echo.of(l) + "\"", null);
        }
        lineId = m.group(1);
        double v = OutputLines.rate(m.group(3), m.group(2) + " rate avg", name, n);
        boolean isSending = m.group(2).equals("sending");
        if ((isSending ? sendingLine : receivingLine) > 0) {
          throw new DataException(name, n, "a second " + m.group(2) + " rate summary (the first is line "
              + (isSending ? sendingLine : receivingLine) + "): two runs in one file?", null);
        }
        if (isSending) {
          sending = v;
          sendingLine = n;
        } else {
          receiving = v;
          receivingLine = n;
        }
      } else {
        continue;
      }
      if (id == null) {
        id = lineId;
        idLine = n;
      } else if (!id.equals(lineId)) {
        throw new DataException(name, n, "id \"" + Echo.of(lineId) + "\" where line " + idLine + " has \"" + Echo.of(id)
            + "\": two runs in one file?", null);
      }
    }
    if (intervals.isEmpty()) {
      throw new DataException(name, OutputLines.last(lines),
          "no interval line (\"id: ..., time: ...s, ...\"): the run reported nothing", null);
    }
    if (sendingLine == 0) {
      throw new DataException(name, OutputLines.last(lines),
          "no summary line (\"id: ..., sending rate avg: ... msg/s\"): the run ended"
          + " before printing its summary (stopped, or the file is cut short)", null);
    }
    return new Output(id, unit, intervals, sending, sendingLine, receiving, receivingLine, producers, consumers,
        confirm);
  }
}
