package ftl.data.tool;

import ftl.data.io.DataException;
import ftl.data.io.Echo;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads one scrape of RabbitMQ PerfTest's Prometheus endpoint ({@code -mpr}, with the AMQP client's counters: {@code
 * -mc}), the text a {@code curl} of it returns: {@link PerfTestFormat#CONSUMED} counts every delivery the client saw,
 * {@link PerfTestFormat#LATENCY_COUNT} the latency samples PerfTest recorded (only latencies above 0), so the two give
 * the share its latency metric left out, as {@link PerfTestReader} reads them for the archive's runs. The scrape does
 * not say which clock PerfTest stamped with; it is told from the recorded latencies: with {@code --use-millis} every
 * one is a whole number of milliseconds, so their sum and their maximum are ({@link Output#unit}). The scrape's
 * quantiles and maximum are Micrometer's over its last time window (about one reporting interval), not the run's, and
 * are not read. Checked against the twelve scrapes of {@code data/perftest/runs/r*.prom}.
 */
public final class PerfTestScrapeReader {
  private PerfTestScrapeReader() {}

  /** The prefix of PerfTest's own series (its default metrics prefix). */
  static final String SERIES_PREFIX = "perftest_";
  static final String LATENCY_SUM = "perftest_latency_seconds_sum";
  static final String LATENCY_MAX = "perftest_latency_seconds_max";
  static final String PUBLISHED = "client_published_total";
  static final String PUBLISHED_RATE = "perftest_published";
  static final String CONSUMED_RATE = "perftest_consumed";
  private static final Set<String> READ = Set.of(PerfTestFormat.CONSUMED, PerfTestFormat.LATENCY_COUNT, LATENCY_SUM,
      LATENCY_MAX, PUBLISHED, PUBLISHED_RATE, CONSUMED_RATE);

  /**
   * What one scrape holds.
   *
   * @param consumed deliveries the AMQP client counted, on {@code consumedLine}
   * @param latencyCount latency samples PerfTest recorded, on {@code latencyLine}
   * @param published messages the client published in this process (0 when the series is absent)
   * @param publishedRate PerfTest's sending rate of its last interval, msg/s ({@code NaN} when absent)
   * @param unit the clock mode told from the recorded latencies, null when no latency was recorded
   * @param unitBasis the figures it was told from, in words
   */
  public record Output(long consumed, long consumedLine, long latencyCount, long latencyLine, long published,
                       double publishedRate, PerfTestStdoutReader.Unit unit, String unitBasis) {
    /** The share of consumed messages the latency metric left out: {@code 1 - latencyCount / consumed}. */
    public double leftOut() {
      return consumed == 0 ? Double.NaN : 1 - (double) latencyCount / consumed;
    }
  }

  /**
   * True when some line of the text is a sample of a PerfTest series ({@code perftest_...}); read says what is missing.
   */
  public static boolean recognises(List<String> lines) {
    return lines.stream().anyMatch(l -> l.startsWith(SERIES_PREFIX));
  }

  /**
   * Reads one scrape.
   *
   * @throws DataException naming file and line: a sample line of a series read that is malformed, a count that is not
   *     a whole number of at most 2^40, a series missing, a series printed twice, or more latency samples than
   *     deliveries beyond one second's worth (the two counters are read one after the other)
   */
  public static Output read(String text, String name) {
    Map<String, PrometheusText.Sample> by = new HashMap<>();
    for (PrometheusText.Sample s : PrometheusText.samples(text, name, READ::contains)) {
      PrometheusText.Sample first = by.putIfAbsent(s.metric(), s);
      if (first != null) {
        throw new DataException(name, s.line(), s.metric() + " a second time (first on line " + first.line() + "): two"
            + " scrapes in one file, or labelled series this reader does not sum", null);
      }
    }
    for (String need : List.of(PerfTestFormat.CONSUMED, PerfTestFormat.LATENCY_COUNT, LATENCY_SUM, LATENCY_MAX)) {
      if (!by.containsKey(need)) {
        throw new DataException(name, 0, "no series " + need + " (PerfTest run with -mpr -mc, and the whole scrape?)",
            null);
      }
    }
    PrometheusText.Sample consumed = by.get(PerfTestFormat.CONSUMED);
    PrometheusText.Sample latency = by.get(PerfTestFormat.LATENCY_COUNT);
    long c = PerfTestReader.count(consumed, name);
    long k = PerfTestReader.count(latency, name);
    long published = by.containsKey(PUBLISHED) ? PerfTestReader.count(by.get(PUBLISHED), name) : 0;
    double rate = by.containsKey(PUBLISHED_RATE) ? seconds(by.get(PUBLISHED_RATE), name) : Double.NaN;
    double consumedRate = by.containsKey(CONSUMED_RATE) ? seconds(by.get(CONSUMED_RATE), name) : Double.NaN;
    double tolerance = Math.max(1, Math.max(Double.isNaN(rate) ? 0 : rate, Double.isNaN(consumedRate) ? 0
        : consumedRate))
        * PerfTestReader.SCRAPE_SKEW_SECONDS;
    if (k - c > tolerance) {
      throw new DataException(name, latency.line(), PerfTestFormat.LATENCY_COUNT + " " + k + " exceeds "
          + PerfTestFormat.CONSUMED + " " + c + " by more than " + PerfTestReader.SCRAPE_SKEW_SECONDS
          + " s of deliveries at the scrape's rate: latency samples are part of the messages consumed", null);
    }
    double sum = seconds(by.get(LATENCY_SUM), name);
    double max = seconds(by.get(LATENCY_MAX), name);
    PerfTestStdoutReader.Unit unit = null;
    String basis;
    if (k == 0) {
      basis = "no latency was recorded, so the clock mode cannot be told from the scrape";
    } else if (wholeMillis(sum) && wholeMillis(max)) {
      unit = PerfTestStdoutReader.Unit.MILLIS;
      basis = "the recorded latencies' sum (" + Echo.of(by.get(LATENCY_SUM).value()) + " s) and maximum ("
          + Echo.of(by.get(LATENCY_MAX).value()) + " s) are whole milliseconds, as every latency is with --use-millis";
    } else {
      unit = PerfTestStdoutReader.Unit.MICROS;
      basis = "the recorded latencies' " + (wholeMillis(sum) ? "maximum (" + Echo.of(by.get(LATENCY_MAX).value())
          : "sum (" + Echo.of(by.get(LATENCY_SUM).value())) + " s) is not a whole number of milliseconds: nanosecond"
          + " stamps, PerfTest's default mode";
    }
    return new Output(c, consumed.line(), k, latency.line(), published, rate, unit, basis);
  }

  /** A gauge or a sum in seconds (or msg/s): a finite number in [0, 10^12]. */
  private static double seconds(PrometheusText.Sample s, String name) {
    double v = OutputLines.number(s.value());
    if (!(v >= 0 && v <= 1e12)) {
      throw new DataException(name, s.line(), "the value of " + s.metric() + " is not a number in [0, 10^12] (\""
          + Echo.of(s.value()) + "\")", null);
    }
    return v;
  }

  /** Whether seconds {@code v} is a whole number of milliseconds (within 1 ns: the double's rounding). */
  private static boolean wholeMillis(double v) {
    double ms = v * 1000;
    return Math.abs(ms - Math.rint(ms)) <= 1e-6;
  }
}
