package ftl.stats;

import java.util.Arrays;
import java.util.Objects;

/**
 * The grid law's held-out prediction of a benchmark's dropped share: what share of end-to-end samples a
 * positivity guard on a timestamp quantum {@code q} deletes in a run at send interval {@code s} whose start phase
 * is not controlled, predicted from a flight distribution measured elsewhere (another tool's runs at the same
 * rate, payload and broker), never from the run's own samples.
 *
 * <p>With {@code s / q = a / b} in lowest terms and {@code g = q / b = gcd(s, q)}, a run whose first send falls
 * at phase {@code p0} in {@code [0, g)} sends at the {@code b} phases {@code p0 + k g}, {@code k = 0..b-1}; a
 * sample sent at phase {@code p} with flight {@code T} is kept iff {@code T >= q - p} (docs/architecture.md#vocabulary,
 * "grid law").
 * Taking the flights as a distribution {@code S(x) = P(T >= x)} without pairing them to phases, the run's
 * predicted dropped share is {@code d(p0) = 1 - (1/b) sum_k S(q - p0 - k g)}. Over a start phase uniform in
 * {@code [0, g)} its mean is exactly {@code 1 - E[clamp(T, 0, q)] / q} for every {@code b} (the phases then cover
 * {@code [0, q)} uniformly), so pacing jitter that shifts phases does not move the mean; the spread over start
 * phases is wide at {@code b = 1} (all-or-nothing for a constant flight) and narrows as {@code b} grows.
 * All durations in nanoseconds.
 */
public final class HeldOutGuard {

  private HeldOutGuard() {}

  /**
   * The prediction for one send interval.
   *
   * @param phases {@code b}, the number of send phases per cycle
   * @param meanDropped {@code 1 - E[clamp(T, 0, q)] / q}, exact over the flights; fraction in [0, 1]
   * @param sigmaDropped population standard deviation of {@code d(p0)} over the start-phase grid; fraction
   * @param minDropped smallest {@code d(p0)} over the grid; fraction
   * @param maxDropped largest {@code d(p0)} over the grid; fraction
   * @param gridPoints number of start phases evaluated, evenly spaced in {@code [0, g)}
   * @param flights number of flights the prediction rests on
   */
  public record Prediction(long phases, double meanDropped, double sigmaDropped, double minDropped,
                           double maxDropped, int gridPoints, int flights) {
    public Prediction {
      if (phases < 1 || gridPoints < 1 || flights < 1) {
        throw new IllegalArgumentException("phases, grid points and flights must be positive");
      }
      if (!(minDropped <= maxDropped) || sigmaDropped < 0) {
        throw new IllegalArgumentException("not a prediction: min " + minDropped + ", max " + maxDropped
            + ", sigma " + sigmaDropped);
      }
    }
  }

  /**
   * Predicts the dropped share of a run at send interval {@code s} from a flight distribution.
   * Formula in the class comment; {@code d(p0)} is evaluated at the {@code gridPoints} integer start phases
   * {@code floor(j g / gridPoints)}, {@code j = 0..gridPoints-1} (all of {@code [0, g)} when
   * {@code gridPoints >= g}); the mean is the exact integral, not the grid average. Dimensionless fractions.
   * Source: docs/architecture.md#vocabulary, "grid law"; issue 12 (a held-out prediction of retention).
   *
   * @param flightsNanos the flights {@code T = recv_ns - send_ns} of the matched runs, any order, at least one
   *     (a negative flight, impossible on one clock, counts as 0: kept only at phase {@code q})
   * @param sendIntervalNanos {@code s > 0}
   * @param quantumNanos {@code q > 0}
   * @param gridPoints start phases to evaluate, at least 1
   * @throws IllegalArgumentException when there is no flight, or an argument is out of range
   */
  public static Prediction predict(long[] flightsNanos, long sendIntervalNanos, long quantumNanos, int gridPoints) {
    Objects.requireNonNull(flightsNanos, "flights");
    if (flightsNanos.length == 0) {
      throw new IllegalArgumentException("no flight to predict from");
    }
    if (gridPoints < 1) {
      throw new IllegalArgumentException("grid points must be at least 1: " + gridPoints);
    }
    long b = GridLaw.reduce(sendIntervalNanos, quantumNanos).denominator();
    long g = quantumNanos / b;
    long[] t = flightsNanos.clone();
    Arrays.sort(t);
    double clampedSum = 0;
    for (long x : t) {
      clampedSum += Math.min(Math.max(x, 0), quantumNanos);
    }
    double mean = 1 - clampedSum / t.length / quantumNanos;
    // sum_k S(q - p0 - k g), counted per flight rather than per phase, so the work is O(n log n + grid log n) whatever
    // b is (b reaches q / 1 ns = 10^6 phases for s = q + 1 ns): with y = q - clamp(T, 0, q) = m g + r (0 <= r < g), a
    // flight is kept at b - m - [r > p0] of the b phases p0 + k g when m < b, and at none when m = b (T <= 0)
    long keptAtAll = 0;
    long[] remainders = new long[t.length];
    int middle = 0;
    for (long x : t) {
      long y = quantumNanos - Math.min(Math.max(x, 0), quantumNanos);
      long m = y / g;
      if (m < b) {
        keptAtAll += b - m;
        remainders[middle++] = y % g;
      }
    }
    long[] r = Arrays.copyOf(remainders, middle);
    Arrays.sort(r);
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    double sum = 0;
    double sumSq = 0;
    for (int j = 0; j < gridPoints; j++) {
      long p0 = Math.multiplyExact(j, g) / gridPoints;
      long kept = keptAtAll - atLeast(r, p0 + 1);
      double d = 1 - (double) kept / ((double) b * t.length);
      min = Math.min(min, d);
      max = Math.max(max, d);
      sum += d;
      sumSq += d * d;
    }
    double avg = sum / gridPoints;
    double sigma = Math.sqrt(Math.max(0, sumSq / gridPoints - avg * avg));
    return new Prediction(b, mean, sigma, min, max, gridPoints, t.length);
  }

  /** Number of sorted values {@code >= x}. */
  static long atLeast(long[] sorted, long x) {
    int i = Arrays.binarySearch(sorted, x);
    if (i < 0) {
      return sorted.length - (-i - 1);
    }
    while (i > 0 && sorted[i - 1] == x) {
      i--;
    }
    return sorted.length - i;
  }

  /**
   * The test of a prediction against observed runs.
   *
   * @param runs number of observed runs
   * @param observedMean mean of the observed per-run dropped shares; fraction
   * @param halfWidth {@code max(2 sigma / sqrt(runs), tolerance)}; fraction
   * @param meanInside {@code |observedMean - meanDropped| <= halfWidth}
   * @param outsideRange observed runs whose dropped share lies outside
   *     {@code [minDropped - tolerance, maxDropped + tolerance]}
   */
  public record Check(int runs, double observedMean, double halfWidth, boolean meanInside, int outsideRange) {
    public Check {
      if (runs < 1 || outsideRange < 0 || outsideRange > runs) {
        throw new IllegalArgumentException("not a check: runs " + runs + ", outside " + outsideRange);
      }
    }

    /** Held iff the observed mean lies in the band and every run lies in the widened range. */
    public boolean held() {
      return meanInside && outsideRange == 0;
    }
  }

  /**
   * Tests a prediction: (i) the mean of the observed dropped shares lies within
   * {@code meanDropped +/- max(2 sigmaDropped / sqrt(n), tolerance)}, where {@code 2 sigma / sqrt(n)} is about a
   * 95 % band for the mean of {@code n} runs with independent uniform start phases; (ii) every run lies in
   * {@code [minDropped - tolerance, maxDropped + tolerance]}. Fractions; the criterion of
   * {@code data/omb-real/plan.json}.
   *
   * @param observedDropped per-run dropped shares, at least one, each a finite fraction
   * @param p the prediction
   * @param tolerance absolute allowance {@code >= 0}
   */
  public static Check check(double[] observedDropped, Prediction p, double tolerance) {
    Objects.requireNonNull(p, "prediction");
    if (observedDropped.length == 0) {
      throw new IllegalArgumentException("no observed run");
    }
    if (!(tolerance >= 0)) {
      throw new IllegalArgumentException("tolerance must be >= 0: " + tolerance);
    }
    double sum = 0;
    int outside = 0;
    for (double d : observedDropped) {
      if (!Double.isFinite(d)) {
        throw new IllegalArgumentException("observed dropped share is not finite: " + d);
      }
      sum += d;
      if (d < p.minDropped() - tolerance || d > p.maxDropped() + tolerance) {
        outside++;
      }
    }
    int n = observedDropped.length;
    double mean = sum / n;
    double half = Math.max(2 * p.sigmaDropped() / Math.sqrt(n), tolerance);
    return new Check(n, mean, half, Math.abs(mean - p.meanDropped()) <= half, outside);
  }
}
