package ftl.data.tool;

import ftl.data.io.DataException;
import ftl.data.io.Echo;
import java.util.Arrays;
import java.util.List;

/**
 * Helper shared by the readers of what a tool printed ({@link ProducerPerformanceReader}, {@link
 * EndToEndLatencyReader}, {@link PerfTestStdoutReader}, {@link PerfTestScrapeReader}): the lines of a text, and its
 * numbers read within the bounds a benchmark's output can hold, so a 20-digit latency or count is bad data (exit 3),
 * never an overflow.
 */
final class OutputLines {
  /** The largest latency an output may print: one day, in ms (a benchmark run lasts minutes). */
  static final double MAX_LATENCY_MILLIS = 86_400_000;
  /** The largest count an output may print: {@link PerfTestReader#MAX_COUNT} (2^40). */
  static final long MAX_COUNT = PerfTestReader.MAX_COUNT;
  /** The largest rate an output may print, msg/s (10^9: one message a nanosecond). */
  static final double MAX_RATE = 1e9;

  private OutputLines() {}

  /** The lines of a text, a carriage return before each line feed removed; line {@code i} is element {@code i - 1}. */
  static List<String> of(String text) {
    return Arrays.stream(text.split("\n", -1)).map(l -> l.endsWith("\r") ? l.substring(0, l.length() - 1) : l).toList();
  }

  /** The number of the text's last line (a line feed that ends the text starts no line). */
  static long last(List<String> lines) {
    return lines.isEmpty() ? 0 : lines.size() - (lines.get(lines.size() - 1).isEmpty() ? 1 : 0);
  }

  /** A whole count in [0, {@link #MAX_COUNT}] printed as digits. */
  static long count(String digits, String what, String name, long line) {
    if (digits.length() > 13 || Long.parseLong(digits) > MAX_COUNT) {
      throw new DataException(name, line, what + " " + Echo.of(digits) + " is above " + MAX_COUNT
          + ", more than any benchmark run counts", null);
    }
    return Long.parseLong(digits);
  }

  /** A latency in ms (a decimal number, perhaps negative) within one day either side of 0. */
  static double millis(String text, String what, String name, long line) {
    double v = number(text);
    if (!(Math.abs(v) <= MAX_LATENCY_MILLIS)) {
      throw new DataException(name, line, what + " " + Echo.of(text) + " ms is beyond one day: not a latency of a"
          + " benchmark run", null);
    }
    return v;
  }

  /** A decimal number of at most 40 characters, NaN for anything else. */
  static double number(String text) {
    try {
      return text.length() > 40 ? Double.NaN : Double.parseDouble(text);
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }

  /** A rate in msg/s within [0, {@link #MAX_RATE}]. */
  static double rate(String text, String what, String name, long line) {
    double v = number(text);
    if (!(v >= 0 && v <= MAX_RATE)) {
      throw new DataException(name, line, what + " " + Echo.of(text) + " msg/s is not a rate a run can have", null);
    }
    return v;
  }
}
