package ftl.data.tool;

import ftl.data.io.DataException;
import ftl.data.io.JsonValue;
import ftl.data.io.StrictJson;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Reads OpenMessaging Benchmark's result JSON: the file {@code bin/benchmark} writes per workload, a serialized {@code
 * io.openmessaging.benchmark.TestResult} (Jackson's {@code writerWithDefaultPrettyPrinter()}, in {@code
 * Benchmark.main}), filled by {@code WorkloadGenerator.printAndCollectStats} after the warm-up ({@code resetStats}).
 * Every field as {@code TestResult} names it at commit {@code 85599891} of openmessaging/benchmark, with its unit
 * from {@code WorkloadGenerator}:
 * <ul>
 *   <li>{@code workload}, {@code driver} (the driver configuration's name), {@code messageSize} (bytes), {@code
 *       topics}, {@code partitions} (per topic), {@code producersPerTopic}, {@code consumersPerTopic} (the workload's
 *       consumerPerSubscription): counts, at least 0;</li>
 *   <li>one entry per period of about 10 s: {@code publishRate}, {@code publishErrorRate}, {@code consumeRate} (msg/s
 *       over the period), {@code backlog} (messages: sent times subscriptions minus received, at least 0), {@code
 *       publishLatency*} and {@code endToEndLatency*} ({@code Avg, 50pct, 75pct, 95pct, 99pct, 999pct, 9999pct, Max}:
 *       ms, {@code microsToMillis} of the period's HdrHistogram in µs), {@code publishDelayLatency*} (µs: how late
 *       each send started against its schedule; {@code Avg} a fraction, the others whole);</li>
 *   <li>over the measured window: {@code aggregatedPublishLatency*} and {@code aggregatedEndToEndLatency*} (ms, µs
 *       divided by 1000), {@code aggregatedPublishDelayLatency*} (µs), and three quantile maps from the percentile
 *       (a share in %) to the value: {@code aggregatedPublishLatencyQuantiles} (ms), {@code
 *       aggregatedPublishDelayLatencyQuantiles} (µs), {@code aggregatedEndToEndLatencyQuantiles} (ms).</li>
 * </ul>
 * The end-to-end values are differences of two millisecond stamps (the record's CreateTime and the consumer's {@code
 * System.currentTimeMillis}) converted to µs, so whole milliseconds; the publish values are {@code System.nanoTime}
 * differences truncated to whole µs. No field counts messages or samples: the rates are per period, whose length is
 * not written. A field this reader does not know is kept by name ({@link Output#unknown}); a field it knows that is
 * missing, of the wrong type or out of range (a negative count, rate or latency), a key given twice, lists of other
 * lengths than {@code publishRate}, or JSON cut short is bad data naming the line (exit 3). Checked against {@code
 * data/audit/demo/outputs/omb-*.json}.
 */
public final class OmbResultReader {
  private OmbResultReader() {}

  /**
   * The keys that recognise the format, TestResult's names: one near the top of the file (so a result cut short is
   * still recognised, and refused with the line it was cut at) and one near its end.
   */
  static final List<String> SIGNATURE = List.of("\"publishLatency50pct\"", "\"aggregatedEndToEndLatency50pct\"");
  /** The statistics of each latency, in TestResult's order (field name suffixes). */
  public static final List<String> STATS = List.of("Avg", "50pct", "75pct", "95pct", "99pct", "999pct", "9999pct",
      "Max");
  /** The largest number of periods a result may hold (a week of 10 s periods). */
  static final int MAX_PERIODS = 7 * 24 * 360;

  /** What a field holds. */
  enum Kind {
    TEXT, COUNT, RATES, COUNTS, MILLIS, MICROS, MILLIS_LIST, MICROS_LIST, MILLIS_MAP, MICROS_MAP
  }

  private static final Map<String, Kind> FIELDS = fields();

  private static Map<String, Kind> fields() {
    Map<String, Kind> f = new LinkedHashMap<>();
    f.put("workload", Kind.TEXT);
    f.put("driver", Kind.TEXT);
    for (String c : List.of("messageSize", "topics", "partitions", "producersPerTopic", "consumersPerTopic")) {
      f.put(c, Kind.COUNT);
    }
    for (String r : List.of("publishRate", "publishErrorRate", "consumeRate")) {
      f.put(r, Kind.RATES);
    }
    f.put("backlog", Kind.COUNTS);
    for (String s : STATS) {
      f.put("publishLatency" + s, Kind.MILLIS_LIST);
      f.put("publishDelayLatency" + s, Kind.MICROS_LIST);
      f.put("endToEndLatency" + s, Kind.MILLIS_LIST);
      f.put("aggregatedPublishLatency" + s, Kind.MILLIS);
      f.put("aggregatedPublishDelayLatency" + s, Kind.MICROS);
      f.put("aggregatedEndToEndLatency" + s, Kind.MILLIS);
    }
    f.put("aggregatedPublishLatencyQuantiles", Kind.MILLIS_MAP);
    f.put("aggregatedPublishDelayLatencyQuantiles", Kind.MICROS_MAP);
    f.put("aggregatedEndToEndLatencyQuantiles", Kind.MILLIS_MAP);
    return Collections.unmodifiableMap(f);
  }

  /**
   * One field as read.
   *
   * @param line the line its key is on
   * @param text the value of a text field ({@code ""} otherwise)
   * @param values its number, or its list's numbers in order, or its map's values in key order
   * @param keys a quantile map's percentiles in order (empty otherwise)
   */
  public record Field(long line, String text, List<Double> values, List<Double> keys) {
    public Field {
      values = List.copyOf(values);
      keys = List.copyOf(keys);
    }

    /** The one number of a scalar field. */
    public double value() {
      return values.get(0);
    }
  }

  /**
   * A result as read: every known field by name, and the names of fields this reader does not know.
   *
   * @param fields the known fields, in TestResult's order
   * @param unknown the fields of the file this reader does not know, in file order
   */
  public record Output(Map<String, Field> fields, List<String> unknown) {
    public Output {
      fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
      unknown = List.copyOf(unknown);
    }

    /** The field of that name (every known field is present in a result read). */
    public Field field(String name) {
      return fields.get(name);
    }

    /** A scalar field's number. */
    public double value(String name) {
      return field(name).value();
    }

    /** A text field. */
    public String text(String name) {
      return field(name).text();
    }

    /** The number of periods (the length of every per-period list). */
    public int periods() {
      return field("publishRate").values().size();
    }
  }

  /** The key, then its colon: OMB's pretty printer writes {@code "key" : value}, a compact writer {@code "key":}. */
  private static final Pattern KEY = Pattern.compile("(" + Pattern.quote(SIGNATURE.get(0)) + "|"
      + Pattern.quote(SIGNATURE.get(1)) + ")\\s*:");

  /** A quantile map's key as Jackson writes a double: digits, a point, an exponent (no NaN, no hexadecimal). */
  private static final Pattern PERCENTILE = Pattern.compile("[0-9]{1,3}(\\.[0-9]{1,20})?(E-?[0-9]{1,3})?");

  /** Whether a line holds the key only OMB's result JSON has (on a line of its own, or in a compact object). */
  static boolean recognises(List<String> lines) {
    return lines.stream().anyMatch(l -> KEY.matcher(l).find());
  }

  /**
   * Reads one result, with the archive's strict JSON reading ({@link StrictJson}: a key given twice, content after the
   * object and numbers a double cannot hold are refused) and its typed accessors ({@link JsonValue}).
   *
   * @param text the file's text
   * @param name the file as messages name it
   * @throws DataException naming the file and line for malformed JSON, a missing or mistyped field, a value out of
   *     range, or lists of different lengths
   */
  public static Output read(String text, String name) {
    JsonValue root = StrictJson.parse(text.getBytes(StandardCharsets.UTF_8), name);
    if (!root.isObject()) {
      throw root.error("not a JSON object: OMB's result is one object of TestResult's fields");
    }
    Map<String, Field> got = new LinkedHashMap<>();
    for (Map.Entry<String, Kind> f : FIELDS.entrySet()) {
      JsonValue v = root.path(f.getKey());
      if (v.isMissing()) {
        throw new DataException(name, 0, "no field \"" + f.getKey() + "\": not a whole result of OMB's TestResult (cut"
            + " short, or of another OMB version?)", null);
      }
      got.put(f.getKey(), field(v, f.getValue(), f.getKey()));
    }
    List<String> unknown = root.members().keySet().stream().filter(k -> !FIELDS.containsKey(k)).toList();
    Output o = new Output(got, unknown);
    checkPeriods(o, name);
    return o;
  }

  /** Every per-period list has one entry per period, and at least one period. */
  private static void checkPeriods(Output o, String name) {
    int n = o.periods();
    if (n == 0) {
      throw new DataException(name, o.field("publishRate").line(), "no period: OMB writes a result after at least one"
          + " 10 s period", null);
    }
    FIELDS.forEach((f, k) -> {
      if (k == Kind.RATES || k == Kind.COUNTS || k == Kind.MILLIS_LIST || k == Kind.MICROS_LIST) {
        Field x = o.field(f);
        if (x.values().size() != n) {
          throw new DataException(name, x.line(), "\"" + f + "\" has " + x.values().size() + " periods, \"publishRate\""
              + " " + n + ": OMB adds one entry to each list per period", null);
        }
      }
    });
  }

  private static Field field(JsonValue v, Kind k, String key) {
    switch (k) {
      case TEXT -> {
        return new Field(v.line(), v.text(), List.of(), List.of());
      }
      case COUNT, MILLIS, MICROS -> {
        return new Field(v.line(), "", List.of(number(v, k, key)), List.of());
      }
      case RATES, COUNTS, MILLIS_LIST, MICROS_LIST -> {
        if (!v.json().isArray()) {
          throw v.error("not a list (one entry per period)");
        }
        if (v.json().size() > MAX_PERIODS) {
          throw v.error("more than " + MAX_PERIODS + " periods (a week of 10 s periods)");
        }
        return new Field(v.line(), "", v.elements().stream().map(e -> number(e, k, key)).toList(), List.of());
      }
      default -> {
        if (!v.isObject()) {
          throw v.error("not a map from percentile to value");
        }
        if (v.json().size() > MAX_PERIODS) {
          throw v.error("more than " + MAX_PERIODS + " quantiles");
        }
        TreeMap<Double, Double> m = new TreeMap<>();
        for (Map.Entry<String, JsonValue> e : v.members().entrySet()) {
          double share = PERCENTILE.matcher(e.getKey()).matches() ? OutputLines.number(e.getKey()) : Double.NaN;
          if (!(share >= 0 && share <= 100)) {
            throw e.getValue().error("not a percentile in [0, 100] as a key");
          }
          m.put(share, number(e.getValue(), k, key));
        }
        return new Field(v.line(), "", new ArrayList<>(m.values()), new ArrayList<>(m.keySet()));
      }
    }
  }

  /**
   * One number of a field of kind {@code k}, within the bounds a run can hold: counts, the backlog and the publish
   * delay's percentiles (µs) are whole, as TestResult declares them ({@code long}, {@code int}); nothing is negative.
   */
  private static double number(JsonValue v, Kind k, String key) {
    return switch (k) {
      case COUNT, COUNTS -> v.longIn(0, OutputLines.MAX_COUNT);
      case RATES -> v.doubleIn(0, OutputLines.MAX_RATE);
      case MILLIS, MILLIS_LIST, MILLIS_MAP -> v.doubleIn(0, OutputLines.MAX_LATENCY_MILLIS);
      default -> key.endsWith("Avg") ? v.doubleIn(0, OutputLines.MAX_LATENCY_MILLIS * 1000)
          : v.longIn(0, (long) OutputLines.MAX_LATENCY_MILLIS * 1000);
    };
  }
}
