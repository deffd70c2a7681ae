package ftl.stats;

import java.math.BigInteger;

/**
 * A non-negative rational number {@code numerator / denominator} in lowest terms, exact.
 *
 * <p>Used where a double would decide a boundary wrongly: the reduced send-interval-over-quantum ratio
 * and retention values allowed by the grid law.
 *
 * @param numerator {@code >= 0}
 * @param denominator {@code > 0}, and {@code gcd(numerator, denominator) = 1}
 */
public record ExactFraction(long numerator, long denominator) implements Comparable<ExactFraction> {

  public ExactFraction {
    if (numerator < 0) {
      throw new IllegalArgumentException("numerator must not be negative: " + numerator);
    }
    if (denominator <= 0) {
      throw new IllegalArgumentException("denominator must be positive: " + denominator);
    }
    if (gcd(numerator, denominator) != 1) {
      throw new IllegalArgumentException(
          "not in lowest terms: " + numerator + "/" + denominator + " (use ExactFraction.of)");
    }
  }

  /** {@code numerator / denominator} reduced to lowest terms by their greatest common divisor. */
  public static ExactFraction of(long numerator, long denominator) {
    if (numerator < 0 || denominator <= 0) {
      throw new IllegalArgumentException(
          "need numerator >= 0 and denominator > 0: " + numerator + "/" + denominator);
    }
    long g = gcd(numerator, denominator);
    return new ExactFraction(numerator / g, denominator / g);
  }

  /** Greatest common divisor of two non-negative longs by Euclid's algorithm; {@code gcd(0, b) = b}. */
  static long gcd(long a, long b) {
    while (b != 0) {
      long t = a % b;
      a = b;
      b = t;
    }
    return a;
  }

  /** The nearest double to this fraction. */
  public double doubleValue() {
    return (double) numerator / (double) denominator;
  }

  /** Exact comparison by cross-multiplication in {@link BigInteger}. */
  @Override
  public int compareTo(ExactFraction o) {
    return BigInteger.valueOf(numerator).multiply(BigInteger.valueOf(o.denominator))
        .compareTo(BigInteger.valueOf(o.numerator).multiply(BigInteger.valueOf(denominator)));
  }

  /** {@code "a/b"}. */
  @Override
  public String toString() {
    return numerator + "/" + denominator;
  }
}
