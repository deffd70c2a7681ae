package ftl.report;

import java.util.Locale;

/**
 * How the report writes its numbers, in one place for its sentences, its tables and its rules: {@link Locale#ROOT}
 * (a point for decimals, a comma between thousands), whatever the user's locale.
 */
public final class ReportNumbers {
  private ReportNumbers() {}

  /** A span in ns as microseconds with one decimal, e.g. {@code 212.4} (the resolution of {@link Spread}). */
  public static String micros(long nanos) {
    return String.format(Locale.ROOT, "%.1f", nanos / 1e3);
  }

  /** A span in ns as milliseconds with two decimals, e.g. {@code 0.21}. */
  public static String millis(long nanos) {
    return String.format(Locale.ROOT, "%.2f", nanos / 1e6);
  }

  /** A fraction in [0, 1] as a percentage with one decimal, e.g. {@code 47.4 %}; {@code n/a} when undefined. */
  public static String percent(double fraction) {
    return Double.isNaN(fraction) ? "n/a" : String.format(Locale.ROOT, "%.1f %%", fraction * 100);
  }

  /** A number that is already a percentage, with one decimal, e.g. {@code 2.3 %}. */
  public static String percentValue(double percent) {
    return String.format(Locale.ROOT, "%.1f %%", percent);
  }

  /** A count with thousands separated by commas, e.g. {@code 960,000}. */
  public static String count(long n) {
    return String.format(Locale.ROOT, "%,d", n);
  }

  /** A bound as written in a rule: an integer without decimals, else as few as it needs. */
  public static String bound(double v) {
    return v == Math.rint(v) ? String.format(Locale.ROOT, "%d", (long) v) : String.valueOf(v);
  }
}
