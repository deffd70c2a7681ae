package ftl.quantity.core;

import ftl.stats.CorrelationWindow;
import ftl.stats.RateRatio;
import java.math.BigDecimal;

/**
 * Phrases of the registry's definitions built from the constants the computations use, so a definition cannot
 * state a different bootstrap or window from the one that computed the value: the confidence level and the
 * number of resamples of {@link RateRatio.Bootstrap#standard()} (every interval of the registry is computed with
 * it), and the declared window {@link Analysis#RHO_WINDOW} of rho(D, A).
 */
public final class Phrases {
  private Phrases() {}

  /** The confidence level of the registry's intervals as printed, e.g. {@code 95%}. */
  public static String level() {
    return percent(RateRatio.Bootstrap.standard().level());
  }

  /** The confidence level for {@link String#format}: {@link #level()} with its percent sign doubled. */
  public static String levelFormat() {
    return level().replace("%", "%%");
  }

  /** A fraction as a percentage without trailing zeros: {@code 0.1 -> 10%}. */
  public static String percent(double fraction) {
    return BigDecimal.valueOf(fraction).movePointRight(2).stripTrailingZeros().toPlainString() + "%";
  }

  /** A number without trailing zeros or exponent: {@code 7.0 -> 7}, {@code 0.25 -> 0.25}. */
  public static String number(double x) {
    return BigDecimal.valueOf(x).stripTrailingZeros().toPlainString();
  }

  /** The number of bootstrap resamples, with thousands separators, e.g. {@code 2,000}. */
  public static String resamples() {
    return Format.grouped(RateRatio.Bootstrap.standard().resamples());
  }

  /**
   * The interval of a rate ratio over runs: {@code 95% percentile-bootstrap interval (2,000 resamples of runs, seed
   * 20260101, ...)}.
   */
  public static String bootstrapOverRuns() {
    return level() + " percentile-bootstrap interval (" + resamples() + " resamples of runs, " + seed() + ")";
  }

  /**
   * The declared seed of every bootstrap, as a definition states it so a reader can draw the same resamples:
   * {@code seed 20260101, replicate i drawn from SplitMix64 seeded from the seed and i}.
   */
  public static String seed() {
    return "seed " + RateRatio.Bootstrap.standard().seed()
        + ", replicate i drawn from SplitMix64 seeded from the seed and i";
  }

  /** The declared rho(D, A) window, e.g. {@code D 0-5 ms, A -5-5 ms} (bounds inclusive). */
  public static String rhoWindow() {
    CorrelationWindow w = Analysis.RHO_WINDOW;
    return "D " + millis(w.minDisplacementNanos()) + "-" + millis(w.maxDisplacementNanos()) + " ms, A "
        + millis(w.minAckSpanNanos()) + "-" + millis(w.maxAckSpanNanos()) + " ms";
  }

  /** Nanoseconds as milliseconds without trailing zeros: {@code 5000000 -> 5}, {@code 250000 -> 0.25}. */
  public static String millis(long nanos) {
    return BigDecimal.valueOf(nanos).movePointLeft(6).stripTrailingZeros().toPlainString();
  }
}
