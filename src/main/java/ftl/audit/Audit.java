package ftl.audit;

import ftl.data.io.DataException;
import ftl.data.tool.EndToEndLatencyReader;
import ftl.data.tool.HarnessTable;
import ftl.data.tool.OmbResultReader;
import ftl.data.tool.PerfTestScrapeReader;
import ftl.data.tool.PerfTestStdoutReader;
import ftl.data.tool.ProducerPerformanceReader;
import ftl.data.tool.ToolOutputFormat;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Predicate;

/**
 * {@code ftl audit}'s judgement of one output of another tool: recognise its format, read it with its reader
 * ({@code ftl.data.tool}), find the harness audit's row for the tool and the latency it measured, turn both into
 * {@link Evidence}, and apply every {@link AuditRule}. What a tool does to its stamps (clock, quantum, zero and
 * negative differences, whether drops are counted) is read from the harness audit's row, never restated here; what is
 * said here is how each output prints its figures.
 */
public final class Audit {
  private Audit() {}

  /** Nanoseconds in a millisecond and a microsecond. */
  private static final long MS = 1_000_000;
  private static final long US = 1_000;

  /**
   * Audits one output.
   *
   * @param name the file as messages name it
   * @param text its text (strict UTF-8 without controls, as the gate decoded it)
   * @param format the format to read it as, or empty to recognise it
   * @param harness the harness audit's rows ({@link HarnessTable#read})
   * @param harnessFile the harness audit as messages name it
   * @throws DataException naming the file and line for bad input, or naming the harness audit when it has no single
   *     row for the tool
   */
  public static OutputAudit of(String name, String text, Optional<ToolOutputFormat> format,
      List<HarnessTable.Row> harness,
                               String harnessFile) {
    checkLineLengths(name, text);
    ToolOutputFormat f;
    String by;
    if (format.isPresent()) {
      f = format.get();
      by = "read as --format " + f.id();
    } else {
      f = recognise(name, text);
      by = "recognised by " + f.signature();
    }
    Rows rows = new Rows(harness, harnessFile);
    Evidence e = switch (f) {
      case KAFKA_PRODUCER_PERF -> producerPerformance(ProducerPerformanceReader.read(text, name), by, rows);
      case KAFKA_E2E_LATENCY -> endToEnd(EndToEndLatencyReader.read(text, name), by, rows);
      case PERFTEST -> perfTest(PerfTestStdoutReader.read(text, name), by, rows);
      case PERFTEST_PROMETHEUS -> perfTestScrape(PerfTestScrapeReader.read(text, name), by, rows);
      case OMB_RESULT -> omb(OmbResultReader.read(text, name), by, rows);
    };
    Optional<GridNote> grid = Optional.empty();
    if (e.harness().isPresent() && e.harness().get().zeroDifference().equals("dropped") && e.quantumNanos().isPresent()
        && e.sendIntervalNanos().isPresent()) {
      grid = Optional.of(GridNote.of(e.sendIntervalNanos().getAsLong(), e.sendIntervalBasis(),
          e.quantumNanos().getAsLong()));
    }
    return new OutputAudit(name, e, grid, AuditRule.judgeAll(e));
  }

  /**
   * The longest line an output may hold, characters: the events reader's own cap on a row ({@code
   * EventReader.MAX_LINE_BYTES}, 64 KiB). The tools print lines of a few hundred characters; a longer line is not
   * theirs, and the readers, which pass over lines that are not the tool's (a JVM's warning), would pass over it in
   * silence.
   */
  public static final int MAX_LINE_CHARS = 1 << 16;

  /** Refuses a text with a line longer than {@link #MAX_LINE_CHARS}, naming the first such line. */
  static void checkLineLengths(String name, String text) {
    int from = 0;
    long line = 1;
    while (from <= text.length()) {
      int nl = text.indexOf('\n', from);
      int end = nl < 0 ? text.length() : nl;
      if (end - from > MAX_LINE_CHARS) {
        throw new DataException(name, line, String.format(Locale.ROOT, "a line of %,d characters, longer than any a"
            + " tool prints (at most %,d): not a tool's output", end - from, MAX_LINE_CHARS), null);
      }
      if (nl < 0) {
        return;
      }
      from = nl + 1;
      line++;
    }
  }

  /** The one format whose lines the text holds. */
  static ToolOutputFormat recognise(String name, String text) {
    if (text.isBlank()) {
      throw new DataException(name, 0, "empty: no output of any tool to audit", null);
    }
    List<ToolOutputFormat> hits = ToolOutputFormat.recognise(text);
    if (hits.isEmpty()) {
      throw new DataException(name, 0, "not an output ftl audit knows: no line of " + String.join(", ", Arrays.stream(
          ToolOutputFormat.values()).map(x -> x.tool() + " (" + x.id() + ": " + x.signature() + ")").toList()) + "; "
          + ToolOutputFormat.NOT_READ, null);
    }
    if (hits.size() > 1) {
      throw new DataException(name, 0, "holds lines of " + String.join(" and ", hits.stream().map(ToolOutputFormat::id)
          .toList()) + ": several outputs in one file? Name one with --format", null);
    }
    return hits.get(0);
  }

  /** The harness audit's rows, and how messages name the table. */
  private record Rows(List<HarnessTable.Row> rows, String file) {
    HarnessTable.Row find(String harness, Predicate<String> latency, String what) {
      if (rows.isEmpty()) {
        throw new DataException(file, 0,
            "the harness audit is missing or empty: ftl audit judges a tool by its row there",
            null);
      }
      return HarnessTable.find(rows, harness, latency).orElseThrow(() -> new DataException(file, 0, "no single row for "
          + what + " (harness \"" + harness + "...\"): ftl audit judges a tool by its row here", null));
    }
  }

  private static Evidence producerPerformance(ProducerPerformanceReader.Output o, String by, Rows rows) {
    HarnessTable.Row h = rows.find("Kafka ProducerPerformance", l -> l.startsWith("publish"),
        "Kafka ProducerPerformance's publish latency");
    ProducerPerformanceReader.Total t = o.total();
    long n = t.line();
    List<Figure> figures = List.of(
        new Figure("average", two(t.avgMillis()) + " ms", ns(t.avgMillis()), 10 * US, n),
        new Figure("max", two(t.maxMillis()) + " ms", ns(t.maxMillis()), 0, n),
        new Figure("50th percentile", t.p50Millis() + " ms", t.p50Millis() * (double) MS, 0, n),
        new Figure("95th percentile", t.p95Millis() + " ms", t.p95Millis() * (double) MS, 0, n),
        new Figure("99th percentile", t.p99Millis() + " ms", t.p99Millis() * (double) MS, 0, n),
        new Figure("99.9th percentile", t.p999Millis() + " ms", t.p999Millis() * (double) MS, 0, n));
    Counts counts = new Counts(OptionalLong.empty(), OptionalLong.of(t.records()), AuditNumbers.count(t.records())
        + " records whose send succeeded (line " + n
        + "); the output does not print how many were asked (--num-records)");
    List<String> notes = new ArrayList<>();
    notes.add("the percentiles and the max are whole milliseconds, printed exactly; the average is printed with two"
        + " decimals (a step of 10 \u00b5s)");
    if (!o.windows().isEmpty()) {
      notes.add(o.windows().size() + " progress line" + (o.windows().size() == 1 ? "" : "s") + " (five-second windows)"
          + " not judged: the total covers them");
    }
    if (o.steadyState() != null) {
      notes.add("a steady-state total (--warmup-records) is printed on line " + o.steadyState().line() + "; the audit"
          + " judges the overall total");
    }
    return new Evidence(ToolOutputFormat.KAFKA_PRODUCER_PERF, by, Optional.of(h), "", figures, counts,
        OptionalLong.empty(),
        "", Optional.of(true), "the tool stamps both ends itself", notes);
  }

  private static Evidence endToEnd(EndToEndLatencyReader.Output o, String by, Rows rows) {
    HarnessTable.Row h = rows.find("Kafka EndToEndLatency", l -> l.startsWith("end-to-end"),
        "Kafka EndToEndLatency's end-to-end latency");
    List<Figure> figures = new ArrayList<>();
    for (EndToEndLatencyReader.Progress p : o.progress()) {
      figures.add(new Figure("record " + p.index(), p.printed() + " ms", ns(p.millis()), 0, p.line()));
    }
    figures.add(new Figure("average", four(o.avgMillis()) + " ms", ns(o.avgMillis()), 100, o.avgLine()));
    long pl = o.percentilesLine();
    figures.add(new Figure("50th percentile", o.p50Millis() + " ms", o.p50Millis() * (double) MS, MS, pl));
    figures.add(new Figure("99th percentile", o.p99Millis() + " ms", o.p99Millis() * (double) MS, MS, pl));
    figures.add(new Figure("99.9th percentile", o.p999Millis() + " ms", o.p999Millis() * (double) MS, MS, pl));
    long fewest = o.fewestRecords();
    Counts counts = new Counts(OptionalLong.empty(), OptionalLong.empty(), "unknown: this output holds no sample count;"
        + " its progress lines (one per 1,000th record) show " + AuditNumbers.count(fewest) + " to "
        + AuditNumbers.count(fewest + EndToEndLatencyReader.PROGRESS_EVERY - 1) + " records; the tool's num_records"
        + " argument says how many");
    List<String> notes = List.of("the percentiles are whole milliseconds truncated from nanoseconds (any latency under"
        + " 1 ms is counted as 0 ms), a step of 1 ms; the average keeps nanoseconds, printed with four decimals; each"
        + " progress line prints one record's latency in full");
    return new Evidence(ToolOutputFormat.KAFKA_E2E_LATENCY, by, Optional.of(h), "", figures, counts,
        OptionalLong.empty(),
        "", Optional.of(true), "the tool stamps both ends itself", notes);
  }

  private static Evidence perfTest(PerfTestStdoutReader.Output o, String by, Rows rows) {
    Optional<HarnessTable.Row> h = Optional.empty();
    String why = "";
    if (o.unit() == null) {
      why = "no line prints a consumer latency, so PerfTest's clock mode (\u00b5s or ms) is not known";
    } else {
      boolean millis = o.unit() == PerfTestStdoutReader.Unit.MILLIS;
      h = Optional.of(rows.find("RabbitMQ PerfTest", l -> l.contains("consumer latency")
          && l.contains(millis ? "--use-millis" : "default nanosecond mode"), "RabbitMQ PerfTest's consumer latency ("
          + (millis ? "--use-millis" : "nanosecond") + " mode)"));
    }
    String unit = o.unit() == PerfTestStdoutReader.Unit.MILLIS ? "ms" : "\u00b5s";
    double step = o.unit() == PerfTestStdoutReader.Unit.MILLIS ? 0 : US;
    String[] names = {"min", "median", "75th percentile", "95th percentile", "99th percentile"};
    List<Figure> figures = new ArrayList<>();
    List<Long> empty = new ArrayList<>();
    List<Double> sent = new ArrayList<>();
    for (PerfTestStdoutReader.Interval i : o.intervals()) {
      if (i.sent() > 0) {
        sent.add(i.sent());
      }
      long[] lat = i.latency();
      if (lat == null) {
        continue;
      }
      if (Arrays.stream(lat).allMatch(v -> v == 0)) {
        if (i.received() > 0) {
          empty.add(i.line());
        }
        continue;
      }
      for (int k = 0; k < 5; k++) {
        figures.add(new Figure(names[k], lat[k] + " " + unit, lat[k] * (double) o.unit().nanos(), step, i.line()));
      }
    }
    Counts counts = new Counts(OptionalLong.empty(), OptionalLong.empty(), "unknown: this output holds no sample count"
        + " (it prints rates, and latency figures over the samples kept, never how many were kept); needed: a scrape of"
        + " PerfTest's Prometheus endpoint (-mpr -mc) taken before the run ends, which ftl audit reads"
        + " (perftest_latency_seconds_count against client_consumed_total)");
    OptionalLong interval = OptionalLong.empty();
    String basis = "no sent rate printed";
    if (!sent.isEmpty()) {
      double rate = median(sent);
      interval = OptionalLong.of(Math.round(1e9 / rate));
      basis = "1 / the median sent rate printed, " + (rate == Math.rint(rate) ? String.valueOf((long) rate)
          : String.valueOf(rate)) + " msg/s";
    }
    Optional<Boolean> one = o.producers() > 0 && o.consumers() > 0 ? Optional.of(true)
        : o.producers() == 0 && o.consumers() > 0 ? Optional.of(false) : Optional.empty();
    String oneBasis = o.producers() > 0 && o.consumers() > 0 ? "the output starts " + o.producers() + " producer"
        + (o.producers() == 1 ? "" : "s") + " and " + o.consumers() + " consumer" + (o.consumers() == 1 ? "" : "s")
        + " in one process" : o.consumers() > 0
        ? "the output starts consumers only: the messages' send stamps come from"
        + " another process" : "the output shows no start line of a consumer and a producer";
    List<String> notes = new ArrayList<>();
    if (o.unit() != null) {
      notes.add(o.unit() == PerfTestStdoutReader.Unit.MILLIS ? "latency figures in whole milliseconds (--use-millis),"
          + " printed exactly" : "latency figures are nanoseconds divided to whole microseconds (truncated), a step of"
          + " 1 \u00b5s");
      notes.add(
          "each line's figures are over that interval's latency samples only, while its received rate counts every"
          + " delivery");
    }
    if (!empty.isEmpty()) {
      notes.add(empty.size() + " interval" + (empty.size() == 1 ? "" : "s")
          + " received messages but printed no latency (0/0/0/0/0: every delivery of the interval was left out), "
          + "first on line " + empty.get(0));
    }
    if (o.confirmLatencyPrinted()) {
      notes.add("the lines also print a confirm latency, which is not audited here");
    }
    return new Evidence(ToolOutputFormat.PERFTEST, by, h, why, figures, counts, interval, basis, one, oneBasis, notes);
  }

  private static Evidence perfTestScrape(PerfTestScrapeReader.Output o, String by, Rows rows) {
    Optional<HarnessTable.Row> h = Optional.empty();
    String why = "";
    if (o.unit() == null) {
      why = o.unitBasis();
    } else {
      boolean millis = o.unit() == PerfTestStdoutReader.Unit.MILLIS;
      h = Optional.of(rows.find("RabbitMQ PerfTest", l -> l.contains("consumer latency")
          && l.contains(millis ? "--use-millis" : "default nanosecond mode"), "RabbitMQ PerfTest's consumer latency ("
          + (millis ? "--use-millis" : "nanosecond") + " mode)"));
    }
    Counts counts = new Counts(OptionalLong.of(o.consumed()), OptionalLong.of(o.latencyCount()),
        AuditNumbers.count(o.latencyCount()) + " latency samples (line " + o.latencyLine() + ") of "
            + AuditNumbers.count(o.consumed()) + " deliveries (line " + o.consumedLine() + "): "
            + AuditNumbers.percent(o.leftOut()) + " left out"
            + (o.leftOut() < 0 ? " (below 0: the two counters are read"
            + " one after the other, not at one instant)" : ""));
    Optional<Boolean> one = o.published() > 0 && o.consumed() > 0 ? Optional.of(true) : Optional.empty();
    String oneBasis = o.published() > 0 && o.consumed() > 0 ? "the scraped process published "
        + AuditNumbers.count(o.published()) + " and consumed " + AuditNumbers.count(o.consumed()) + " messages"
        : "the scraped process published nothing: the send stamps come from another process";
    List<String> notes = new ArrayList<>();
    notes.add("clock mode: " + o.unitBasis());
    notes.add("the scrape's latency quantiles and maximum cover Micrometer's last time window, not the run, and are not"
        + " judged; the audit reads its counts");
    return new Evidence(ToolOutputFormat.PERFTEST_PROMETHEUS, by, h, why, List.of(), counts, OptionalLong.empty(),
        "a scrape holds no send schedule", one, oneBasis, notes);
  }

  /** How OMB's result names its statistics ({@link OmbResultReader#STATS}), in the audit's words. */
  private static final String OMB = "OpenMessaging Benchmark";
  private static final List<String> OMB_STATS = List.of("average", "50th percentile", "75th percentile",
      "95th percentile", "99th percentile", "99.9th percentile", "99.99th percentile", "max");

  /**
   * OMB's result JSON: the end-to-end latency (the harness audit's row for the result's driver) is the one audited;
   * its publish latency (the framework's row, whatever the driver) is also measured, its figures judged on their own
   * quantum. The figures judged are the aggregated ones, over the measured window after OMB's warm-up.
   */
  private static Evidence omb(OmbResultReader.Output o, String by, Rows rows) {
    String driver = o.text("driver");
    // the Kafka driver's rows are the harness's own ("OpenMessaging Benchmark"); another driver's are named after it
    Rows own = new Rows(rows.rows().stream().filter(r -> r.harness().equals(OMB)).toList(), rows.file());
    Optional<HarnessTable.Row> e2e = driver.equals("Kafka")
        ? Optional.of(own.find(OMB, l -> l.startsWith("end-to-end"), "OMB's end-to-end latency (Kafka driver)"))
        : HarnessTable.find(rows.rows(), OMB + " (" + driver, l -> l.startsWith("end-to-end"));
    String why = e2e.isPresent() ? "" : "the harness audit has no row for OMB's end-to-end latency with the driver "
        + ftl.data.io.Echo.of(driver) + " (it has rows for Kafka, RabbitMQ and NATS JetStream)";
    HarnessTable.Row pub = own.find(OMB, l -> l.startsWith("publish"), "OMB's publish latency");
    List<Figure> figures = new ArrayList<>();
    for (int i = 0; i < OMB_STATS.size(); i++) {
      OmbResultReader.Field f = o.field("aggregatedEndToEndLatency" + OmbResultReader.STATS.get(i));
      long micros = Math.round(f.value() * 1000);
      figures.add(new Figure("end-to-end " + OMB_STATS.get(i), omb(f.value()), ns(f.value()),
          (hdrUnitMicros(micros) - 1) * (double) US, f.line()));
    }
    long pubQ = pub.quantumNanos().orElse(0);
    for (int i = 0; i < OMB_STATS.size(); i++) {
      OmbResultReader.Field f = o.field("aggregatedPublishLatency" + OmbResultReader.STATS.get(i));
      long micros = Math.round(f.value() * 1000);
      figures.add(new Figure("publish " + OMB_STATS.get(i), omb(f.value()), ns(f.value()),
          hdrUnitMicros(micros) * (double) US, f.line(), pubQ));
    }
    int n = o.periods();
    List<Double> sent = o.field("publishRate").values();
    List<Double> got = o.field("consumeRate").values();
    long producers = (long) o.value("topics") * (long) o.value("producersPerTopic");
    Counts counts = new Counts(OptionalLong.empty(), OptionalLong.empty(), "unknown: this output holds no count of"
        + " end-to-end samples, nor of messages (OMB counts every message received but records an end-to-end sample"
        + " only for a difference above 0, and writes neither count); it prints rates over " + n + " period"
        + (n == 1 ? "" : "s") + " of about 10 s whose lengths it does not write: publish " + rates(sent) + " (line "
        + o.field("publishRate").line() + "), consume "
        + rates(got) + " (line " + o.field("consumeRate").line() + "), backlog at each period's end "
        + range(o.field("backlog").values(), "") + " (line " + o.field("backlog").line() + "); needed: the end-to-end"
        + " histogram's total count beside the messages received over the same window (WorkerStats keeps both, the"
        + " result writes neither; the archive's own driver src/main/omb/OmbDriver.java reads them: data/omb-real)");
    List<String> notes = new ArrayList<>();
    notes.add("workload \"" + ftl.data.io.Echo.of(o.text("workload")) + "\", driver " + ftl.data.io.Echo.of(driver)
        + ": " + (long) o.value("topics") + " topic" + (o.value("topics") == 1 ? "" : "s") + " of "
        + (long) o.value("partitions") + " partition" + (o.value("partitions") == 1 ? "" : "s") + ", "
        + (long) o.value("producersPerTopic") + " producer" + (o.value("producersPerTopic") == 1 ? "" : "s") + " and "
        + (long) o.value("consumersPerTopic") + " consumer" + (o.value("consumersPerTopic") == 1 ? "" : "s")
        + " per topic, " + AuditNumbers.count((long) o.value("messageSize")) + "-byte messages");
    notes.add("end-to-end figures are whole milliseconds (differences of two millisecond stamps, held in \u00b5s by"
        + " HdrHistogram) printed as milliseconds, exactly below 262.144 ms; publish figures are nanoseconds truncated"
        + " to whole microseconds (a step of 1 \u00b5s), printed as milliseconds");
    notes.add("the aggregated figures cover the measured window after OMB's warm-up; the " + n + " per-period lists"
        + " (endToEndLatency50pct, ..., one entry per period) and the quantile maps are not judged: the aggregated"
        + " figures cover them");
    notes.add("publish delay latency (\u00b5s: how late each send started against its schedule) is not a latency of"
        + " a message and is not audited");
    long errorPeriods = o.field("publishErrorRate").values().stream().filter(v -> v > 0).count();
    if (errorPeriods > 0) {
      notes.add("send errors in " + errorPeriods + " of " + n + " periods (publishErrorRate, line "
          + o.field("publishErrorRate").line() + "): failed sends are counted apart, not as latencies");
    }
    if (!o.unknown().isEmpty()) {
      notes.add("fields this reader does not know, not audited: " + String.join(", ", o.unknown().stream()
          .map(ftl.data.io.Echo::of).toList()));
    }
    OptionalLong interval = OptionalLong.empty();
    String basis = "no message was published";
    double rate = Math.rint(median(sent));
    if (rate > 0 && producers > 0) {
      interval = OptionalLong.of(Math.round(1e9 * producers / rate));
      basis = "each of " + producers + " producer" + (producers == 1 ? "" : "s") + " paced at R / " + producers
          + ", R = the median publish rate, " + (long) rate + " msg/s, to a whole number as OMB's producerRate is; the"
          + " result does not hold the rate asked";
    }
    return new Evidence(ToolOutputFormat.OMB_RESULT, by, e2e, why, figures, counts, interval, basis, Optional.empty(),
        "the result does not say whether one LocalWorker or distributed workers ran the producers and consumers",
        notes, List.of(pub));
  }

  /**
   * The step of HdrHistogram's buckets at a value in µs, at OMB's 5 significant digits (2^17 sub-buckets): 1 µs below
   * 262,144 µs, doubling with each power of two above it.
   */
  static long hdrUnitMicros(long micros) {
    return micros < 1L << 18 ? 1 : Long.highestOneBit(micros) >> 17;
  }

  /** An OMB figure in ms as its double prints (Jackson's shortest form), with the unit. */
  private static String omb(double millis) {
    return (millis == Math.rint(millis) && Math.abs(millis) < 1e15 ? String.valueOf((long) millis)
        : String.valueOf(millis)) + " ms";
  }

  /** Rates as a range, whole msg/s. */
  private static String rates(List<Double> v) {
    return range(v, " msg/s");
  }

  private static String range(List<Double> v, String unit) {
    double lo = v.stream().mapToDouble(Double::doubleValue).min().orElse(0);
    double hi = v.stream().mapToDouble(Double::doubleValue).max().orElse(0);
    return lo == hi ? AuditNumbers.count(Math.round(lo)) + unit : AuditNumbers.count(Math.round(lo)) + " to "
        + AuditNumbers.count(Math.round(hi)) + unit;
  }

  /** Milliseconds as printed, in whole ns (no stamp here is finer; the product's binary rounding is dropped). */
  private static double ns(double millis) {
    return Math.rint(millis * MS);
  }

  /** The lower median: a value the tool printed (the mean of two middle rates could be half a message a second). */
  private static double median(List<Double> v) {
    double[] s = v.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    return s[(s.length - 1) / 2];
  }

  private static String two(double v) {
    return String.format(java.util.Locale.ROOT, "%.2f", v);
  }

  private static String four(double v) {
    return String.format(java.util.Locale.ROOT, "%.4f", v);
  }
}
