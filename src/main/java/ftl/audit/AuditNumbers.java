package ftl.audit;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;

/** How the audit writes its numbers in words and tables: the same on every machine ({@link Locale#ROOT}). */
public final class AuditNumbers {
  private AuditNumbers() {}

  /** A count with thousands separators: {@code 27,632}. */
  public static String count(long n) {
    return String.format(Locale.ROOT, "%,d", n);
  }

  /** A share as a percentage with two decimals: {@code 22.37 %}. */
  public static String percent(double share) {
    return String.format(Locale.ROOT, "%.2f %%", share * 100);
  }

  /**
   * A duration in the largest unit it reaches (ns, µs, ms, s), at most six significant decimals, trailing zeros
   * dropped: {@code 2 ms}, {@code 1.002 µs}, {@code 162.609843 ms}.
   */
  public static String duration(double nanos) {
    double a = Math.abs(nanos);
    String unit;
    double div;
    if (a < 1e3) {
      unit = "ns";
      div = 1;
    } else if (a < 1e6) {
      unit = "\u00b5s";
      div = 1e3;
    } else if (a < 1e9) {
      unit = "ms";
      div = 1e6;
    } else {
      unit = "s";
      div = 1e9;
    }
    BigDecimal v = new BigDecimal(nanos / div).setScale(6, RoundingMode.HALF_EVEN).stripTrailingZeros();
    return (v.signum() == 0 ? "0" : v.toPlainString()) + " " + unit;
  }
}
