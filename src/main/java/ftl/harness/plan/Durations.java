package ftl.harness.plan;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses durations written with a unit ({@code 250us}, {@code 1ms}, {@code 50000ns}, {@code 1.25ms}) into whole
 * nanoseconds.
 */
public final class Durations {
  private Durations() {}

  private static final Pattern FORM = Pattern.compile("\\s*([0-9]+(?:\\.[0-9]+)?)\\s*(ns|us|µs|ms|s)\\s*");

  /**
   * Whole nanoseconds of {@code text}.
   *
   * @throws IllegalArgumentException when the text has no unit, is negative, or is not a whole number of nanoseconds
   */
  public static long parseNanos(String text) {
    Matcher m = FORM.matcher(text == null ? "" : text);
    if (!m.matches()) {
      throw new IllegalArgumentException("not a duration with a unit (ns, us, ms, s): \"" + text + "\"");
    }
    BigDecimal number = new BigDecimal(m.group(1));
    long scale = switch (m.group(2).toLowerCase(Locale.ROOT)) {
      case "ns" -> 1L;
      case "us", "µs" -> 1_000L;
      case "ms" -> 1_000_000L;
      default -> 1_000_000_000L;
    };
    BigDecimal nanos = number.multiply(BigDecimal.valueOf(scale));
    try {
      return nanos.longValueExact();
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException("not a whole number of nanoseconds: \"" + text + "\"", e);
    }
  }

  /** The shortest exact spelling of {@code nanos}: {@code 1ms}, {@code 250us}, {@code 1250ns}. */
  public static String format(long nanos) {
    if (nanos != 0 && nanos % 1_000_000_000L == 0) {
      return nanos / 1_000_000_000L + "s";
    }
    if (nanos != 0 && nanos % 1_000_000L == 0) {
      return nanos / 1_000_000L + "ms";
    }
    if (nanos != 0 && nanos % 1_000L == 0) {
      return nanos / 1_000L + "us";
    }
    return nanos + "ns";
  }
}
