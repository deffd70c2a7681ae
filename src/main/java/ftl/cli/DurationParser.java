package ftl.cli;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses a duration with its unit ({@code 1250us}, {@code 1ms}, {@code 500ns}, {@code 1.25ms}, {@code 2s}) to exact
 * nanoseconds.
 */
public final class DurationParser {
  private static final Pattern DURATION = Pattern.compile("\\s*([0-9]+(?:\\.[0-9]+)?)\\s*(ns|us|\u00b5s|ms|s)\\s*");

  private DurationParser() {}

  /**
   * @return the duration in whole nanoseconds
   * @throws IllegalArgumentException naming the text when it has no unit, is negative, or is not a whole number of ns
   */
  public static long nanos(String text) {
    Matcher m = DURATION.matcher(text.toLowerCase(Locale.ROOT));
    if (!m.matches()) {
      throw new IllegalArgumentException("\"" + text + "\" is not a duration with a unit (e.g. 1250us, 1ms, 500ns)");
    }
    BigDecimal n = new BigDecimal(m.group(1));
    BigDecimal scale = switch (m.group(2)) {
      case "ns" -> BigDecimal.ONE;
      case "us", "\u00b5s" -> BigDecimal.valueOf(1_000);
      case "ms" -> BigDecimal.valueOf(1_000_000);
      default -> BigDecimal.valueOf(1_000_000_000);
    };
    BigDecimal ns = n.multiply(scale);
    try {
      return ns.stripTrailingZeros().longValueExact();
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException("\"" + text + "\" is not a whole number of nanoseconds", e);
    }
  }
}
