package ftl.quantity.core;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * How a quantity is printed, independent of the JVM's locale: plain text (what a reader quotes, e.g.
 * {@code 62,264}, {@code 0.36%}, {@code 24.28 pp}, {@code 2.07x}, {@code 7 to 80x}) and LaTeX (the same, escaped).
 */
public enum Format {
  /** A count with thousands separators: {@code 738,730}. */
  GROUPED_INTEGER,
  /**
   * A fraction as a percentage with two decimals: {@code 0.36%}, {@code 100.00%} printed as {@code 100%}; a share of
   * {@code n} counted units ({@link Value.Real#sampleSize}) with no more decimals than its standard error allows
   * ({@link #shareDecimals}): {@code 49%} for 98 of 201, not {@code 48.76%}.
   */
  PERCENT_2DP,
  /** A ratio to three significant figures: {@code 2.07x}. */
  RATIO_3SF,
  /** A range of ratios, each to two significant figures: {@code 7.0 to 80x}. */
  RATIO_RANGE_2SF,
  /** A percentage range: {@code 0.36% to 100%}. */
  PERCENT_RANGE_2DP,
  /**
   * An absolute difference of two fractions that are printed as percentages (an error of a predicted retention, an
   * increase of a median retention, a tolerance on them), in percentage points with two decimals: {@code 24.28 pp} for
   * the value {@code 0.2428}. The value stays on the fraction scale ({@link Unit#FRACTION}, as plans register their
   * thresholds); only the printed unit differs, so a difference is never printed with a percent sign.
   */
  POINTS_2DP,
  /** A range of such differences, in percentage points: {@code 11.08 to 24.45 pp}. */
  POINTS_RANGE_2DP,
  /**
   * A range of whole numbers with thousands separators and the unit's suffix, one number when both ends agree: {@code
   * 1,200 to 2,000}, {@code 200 µs}.
   */
  COUNT_RANGE,
  /** A real number to three significant figures, with the unit's suffix: {@code 412 µs}. */
  REAL_3SF,
  /** A fraction to two decimals, as written in a table cell: {@code 0.27}. */
  DECIMAL_2DP,
  /** A verdict: {@code held}, {@code did not hold} or {@code not testable here}. */
  VERDICT,
  /** A recorded text printed as it stands ({@link Value.Text}): a software version, {@code 3.10.8}. */
  TEXT,
  /**
   * A claim's summary over its tests ({@code ftl.quantity.verdict.ClaimTests#summary}): {@code replicated}, {@code did
   * not replicate} or {@code no confirmatory test}; worded apart from a verdict, so a summary is never read, or
   * counted, as a test.
   */
  SUMMARY;

  private static final DecimalFormatSymbols ROOT = DecimalFormatSymbols.getInstance(Locale.ROOT);

  /** The plain-text form, with the unit's suffix where one applies. */
  public String text(Value v, Unit unit) {
    if (v instanceof Value.Unavailable) {
      return "n/a";
    }
    return switch (this) {
      case GROUPED_INTEGER -> grouped(((Value.Count) v).count());
      case PERCENT_2DP -> (v instanceof Value.Real r && r.sampleSize() > 0
          ? percent(r.value(), shareDecimals(r.value(), r.sampleSize())) : percent(real(v))) + "%";
      case RATIO_3SF -> sig(real(v), 3) + "x";
      case RATIO_RANGE_2SF -> sig(((Value.Range) v).low(), 2) + " to " + sig(((Value.Range) v).high(), 2) + "x";
      case PERCENT_RANGE_2DP -> percent(((Value.Range) v).low()) + "% to " + percent(((Value.Range) v).high()) + "%";
      case POINTS_2DP -> points(real(v));
      case POINTS_RANGE_2DP -> percent(((Value.Range) v).low()) + " to " + points(((Value.Range) v).high());
      case COUNT_RANGE -> countRange((Value.Range) v) + unit.suffix();
      case REAL_3SF -> sig(real(v), 3) + unit.suffix();
      case DECIMAL_2DP -> BigDecimal.valueOf(real(v)).setScale(2, RoundingMode.HALF_EVEN).toPlainString();
      case VERDICT -> v instanceof Value.Untestable u ? u.word()
          : ((Value.Verdict) v).held() ? "held" : "did not hold";
      case TEXT -> ((Value.Text) v).text();
      case SUMMARY -> v instanceof Value.Untestable u ? (u.notHere() ? "not testable here" : "no confirmatory test")
          : ((Value.Verdict) v).held() ? "replicated" : "did not replicate";
    };
  }

  /**
   * The LaTeX form of {@link #text}: {@code %} escaped, µ as {@code \textmu{}}, and the sign of a negative number a
   * true minus ({@code \textminus{}}, U+2212 in the PDF), not a hyphen.
   */
  public String latex(Value v, Unit unit) {
    String t = text(v, unit);
    return NUMERIC_MINUS.matcher(LatexEscape.escape(t)).replaceAll("\\\\textminus{}");
  }

  /** A hyphen that is a number's sign: not after a letter, digit or point, and before a digit. */
  private static final Pattern NUMERIC_MINUS = Pattern.compile("(?<![\\w.])-(?=[0-9])");

  private static double real(Value v) {
    if (v instanceof Value.Real r) {
      return r.value();
    }
    if (v instanceof Value.Count c) {
      return c.count();
    }
    throw new IllegalArgumentException("expected a single number, got " + v);
  }

  private static String countRange(Value.Range r) {
    String low = grouped(Math.round(r.low()));
    String high = grouped(Math.round(r.high()));
    return low.equals(high) ? low : low + " to " + high;
  }

  public static String grouped(long n) {
    DecimalFormat f = new DecimalFormat("#,##0", ROOT);
    return f.format(n);
  }

  /**
   * The unit of an absolute difference of two percentages, percentage points, as every text prints it after the number.
   */
  public static final String POINTS = "pp";

  /**
   * A difference of two fractions in percentage points, two decimals and the unit: {@code 24.28 pp}; the one spelling
   * of the unit ({@link #POINTS}) in values, verdict bases and definitions.
   */
  public static String points(double fractionDifference) {
    return percent(fractionDifference) + " " + POINTS;
  }

  /** A fraction in [0, 1] as a percentage with two decimals, trailing {@code .00} dropped for 0 and 100. */
  public static String percent(double fraction) {
    return percent(fraction, 2);
  }

  /** A fraction as a percentage with {@code decimals} decimals (half-even), trailing zeros dropped for 0 and 100. */
  public static String percent(double fraction, int decimals) {
    BigDecimal p = BigDecimal.valueOf(fraction).multiply(BigDecimal.valueOf(100))
        .setScale(decimals, RoundingMode.HALF_EVEN);
    String s = p.toPlainString();
    boolean whole = p.compareTo(BigDecimal.ZERO) == 0 || p.compareTo(BigDecimal.valueOf(100)) == 0;
    return whole && decimals > 0 ? s.substring(0, s.length() - decimals - 1) : s;
  }

  /**
   * The precision rule of the archive for a share {@code p = k / n}: its binomial standard error in percentage points
   * {@code se = 100 sqrt(p (1 - p) / n)}, and the decimals {@code d = min(2, max(0, ceil(-log10(se))))}, so the last
   * printed digit is no finer than the standard error (d = 0 for se >= 1 point, 1 for se in [0.1, 1), 2 below);
   * {@code p = 0} or {@code 1} (se = 0) keeps two.
   */
  static int shareDecimals(double p, long n) {
    double se = 100 * Math.sqrt(p * (1 - p) / n);
    if (!(se > 0)) {
      return 2;
    }
    return (int) Math.min(2, Math.max(0, Math.ceil(-Math.log10(se))));
  }

  /** {@code x} to {@code digits} significant figures, plain notation, grouped when it has 4+ integer digits. */
  public static String sig(double x, int digits) {
    if (x == 0) {
      return "0";
    }
    BigDecimal b = new BigDecimal(x).round(new MathContext(digits, RoundingMode.HALF_EVEN));
    String s = b.toPlainString();
    if (b.abs().compareTo(BigDecimal.valueOf(1000)) >= 0 && b.scale() <= 0) {
      return grouped(b.longValueExact());
    }
    return s;
  }
}
