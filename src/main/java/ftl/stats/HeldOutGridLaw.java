package ftl.stats;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;

/**
 * The grid law as an out-of-sample prediction of a run's retention (docs/architecture.md#vocabulary, "grid law"): from
 * the schedule alone (send interval {@code s}, the achieved phase of the first send, the number of sends) and a
 * flight distribution that is <b>not</b> the run's own paired events, e.g. the pooled flights of the other
 * runs of the same condition (leave one run out). Nothing here sees which of the run's own events the
 * guard kept, so the prediction can fail.
 *
 * <p>Formula. Send {@code k} leaves at phase {@code phi_k = (phi_0 + delta + k s) mod q} of the quantum of
 * the CreateTime clock (offset {@code delta} from the send stamp's clock, 0 on one host); it is kept iff
 * {@code phi_k + L - delta >= q}, i.e. iff its latency {@code L >= q - phi_k + delta}. With {@code S(x)} the
 * share of the held-out flights that are {@code >= x}, the predicted retention over {@code N} sends is
 * <pre>  R = (1/N) sum_{k=0}^{N-1} S(q - phi_k + delta).</pre>
 * Because {@code s/q = a/b} in lowest terms, the {@code phi_k} visit the {@code b} phase points of the
 * grid law; for {@code b = 1} the whole run sits on one phase and {@code R = S(q - phi_0 + delta)}, and as
 * {@code b} grows {@code R} approaches {@code E[min(L, q)]/q}. Dimensionless, in [0, 1]; all durations in
 * nanoseconds. Degenerate case: no sends or an empty flight sample give {@code NaN}, which the caller counts
 * as untested. Source: the grid law of the supplement, with the flight taken as a random variable.
 */
public final class HeldOutGridLaw {

  private HeldOutGridLaw() {}

  /**
   * A run's sends on the clock grid: the schedule the prediction reads (class javadoc), all durations in nanoseconds.
   * An {@link IllegalArgumentException} refuses an {@code s} or {@code q} that is not positive ({@link GridLaw#reduce})
   * and an {@code N < 0}.
   *
   * @param intervalNanos the send interval {@code s > 0}
   * @param quantumNanos the quantum {@code q > 0} of the CreateTime clock
   * @param firstPhaseNanos achieved phase of the first send on the send stamp's clock, any value (reduced mod q)
   * @param offsetNanos {@code delta}, the CreateTime clock minus the send stamp's clock (0 on one host)
   * @param count {@code N >= 0}, the run's sends
   */
  public record Sends(long intervalNanos, long quantumNanos, long firstPhaseNanos, long offsetNanos, long count) {
    public Sends {
      GridLaw.reduce(intervalNanos, quantumNanos); // validates s and q
      if (count < 0) {
        throw new IllegalArgumentException("sends must not be negative: " + count);
      }
    }

    /** How far each send moves the phase, ns: {@code s mod q}. */
    long stepNanos() {
      return Math.floorMod(intervalNanos, quantumNanos);
    }

    /** The first send's phase on the CreateTime clock, ns: {@code (phi_0 + delta) mod q}, in [0, q). */
    long firstGridPhaseNanos() {
      return Math.floorMod(Math.floorMod(firstPhaseNanos, quantumNanos) + Math.floorMod(offsetNanos, quantumNanos),
          quantumNanos);
    }
  }

  /**
   * Predicted retention {@code R} (class javadoc).
   *
   * @param schedule the run's sends on the grid
   * @param sortedFlightsNanos held-out flights, ascending (not checked)
   */
  public static double predictRetention(Sends schedule, long[] sortedFlightsNanos) {
    return predictRetention(schedule, sortedFlightsNanos, new long[0]);
  }

  /**
   * {@link #predictRetention(Sends, long[])} from the flights of a pool without those of one run: the held-out sample
   * is the multiset {@code sortedPoolNanos} minus {@code sortedExcludedNanos} (a sub-multiset of it, not checked),
   * counted as differences of counts, so a leave-one-out prediction needs no sort of its own and gives the same number
   * as the difference sorted.
   */
  public static double predictRetention(Sends schedule, long[] sortedPoolNanos, long[] sortedExcludedNanos) {
    long quantumNanos = schedule.quantumNanos();
    long offsetNanos = schedule.offsetNanos();
    long sends = schedule.count();
    long flights = (long) sortedPoolNanos.length - sortedExcludedNanos.length;
    if (sends == 0 || flights == 0) {
      return Double.NaN;
    }
    long step = schedule.stepNanos();
    long phase = schedule.firstGridPhaseNanos();
    long kept = 0;
    for (long k = 0; k < sends; k++) {
      long x = quantumNanos - phase + offsetNanos;
      kept = Math.addExact(kept, atLeast(sortedPoolNanos, x) - atLeast(sortedExcludedNanos, x));
      phase += step;
      if (phase >= quantumNanos) {
        phase -= quantumNanos;
      }
    }
    return new Rate(kept, Math.multiplyExact(sends, flights)).value();
  }

  /**
   * The thresholds of the first {@code min(b, N)} sends, in units: {@code x_j / unit} with
   * {@code x_j = q - phi_j + delta}, {@code phi_j = (phi_0 + delta + j s) mod q} (class javadoc). The sends repeat
   * these phases with period {@code b}, the grid law's denominator, so send {@code k} has the threshold of
   * {@code j = k mod b}. A flight is kept iff {@code flight >= x_j}, which for flights held as
   * {@code floor(flight / unit)} is {@code floor(flight / unit) >= x_j / unit}: exact because the unit divides every
   * {@code x_j}.
   *
   * @param schedule the run's sends on the grid
   * @param unitNanos the unit, ns, positive; must divide {@code s}, {@code q}, the first phase and the offset
   * @throws IllegalArgumentException when the unit does not divide them
   */
  public static long[] thresholdUnits(Sends schedule, long unitNanos) {
    long sendIntervalNanos = schedule.intervalNanos();
    long quantumNanos = schedule.quantumNanos();
    long firstPhaseNanos = schedule.firstPhaseNanos();
    long offsetNanos = schedule.offsetNanos();
    long sends = schedule.count();
    ExactFraction ratio = GridLaw.reduce(sendIntervalNanos, quantumNanos); // s/q = a/b
    if (unitNanos < 1 || sendIntervalNanos % unitNanos != 0 || quantumNanos % unitNanos != 0
        || firstPhaseNanos % unitNanos != 0 || offsetNanos % unitNanos != 0) {
      throw new IllegalArgumentException("the unit " + unitNanos
          + " ns must divide s, q, the first phase and the offset");
    }
    int n = (int) Math.min(ratio.denominator(), sends);
    long[] out = new long[n];
    long step = schedule.stepNanos();
    long phase = schedule.firstGridPhaseNanos();
    for (int j = 0; j < n; j++) {
      out[j] = (quantumNanos - phase + offsetNanos) / unitNanos;
      phase += step;
      if (phase >= quantumNanos) {
        phase -= quantumNanos;
      }
    }
    return out;
  }

  /**
   * Predicted retention {@code R} (class javadoc) from counts at the thresholds of {@link #thresholdUnits}, as the
   * exact ratio of two integers: with {@code atLeast[j]} the flights of the sample at or above threshold {@code j} and
   * {@code N_j} the sends on phase {@code j} ({@code floor(N / b)}, one more for {@code j < N mod b}),
   * {@code R = sum_j N_j atLeast[j] / (N flights)}, kept as {@code Rate(sum_j N_j atLeast[j], N flights)} so a boundary
   * on it is decided exactly ({@link #within}). Degenerate case: no sends or no flights give {@link Rate#EMPTY} (value
   * {@code NaN}).
   *
   * @param atLeast counts at the thresholds, {@code min(b, N)} of them
   * @param flights size of the flight sample
   * @throws ArithmeticException when {@code N flights} overflows a long
   */
  public static Rate predictedRetention(long sendIntervalNanos, long quantumNanos, long sends, long flights,
                                        long[] atLeast) {
    long b = GridLaw.reduce(sendIntervalNanos, quantumNanos).denominator();
    if (sends < 0 || flights < 0 || atLeast.length != Math.min(b, sends)) {
      throw new IllegalArgumentException("need sends >= 0, flights >= 0 and min(b, sends) = "
          + Math.min(b, Math.max(sends, 0))
          + " counts, not " + atLeast.length);
    }
    if (sends == 0 || flights == 0) {
      return Rate.EMPTY;
    }
    long kept = 0;
    for (int j = 0; j < atLeast.length; j++) {
      long onPhase = sends / b + (j < sends % b ? 1 : 0); // sends k = j, j + b, j + 2b, ... below N
      kept = Math.addExact(kept, Math.multiplyExact(onPhase, atLeast[j]));
    }
    return new Rate(kept, Math.multiplyExact(sends, flights));
  }

  /** {@link #predictedRetention}'s value, a double; {@code NaN} in its degenerate case. */
  public static double retentionFromCounts(long sendIntervalNanos, long quantumNanos, long sends, long flights,
                                           long[] atLeast) {
    return predictedRetention(sendIntervalNanos, quantumNanos, sends, flights, atLeast).value();
  }

  /**
   * {@link #predictRetention(Sends, long[], long[])} from flights held as exact histograms of
   * {@code floor(flight / unit)}: the held-out sample is {@code pool} minus {@code excluded} (a sub-multiset of it, not
   * checked). The same number as the sorted arrays give ({@link #thresholdUnits}, {@link #retentionFromCounts}).
   *
   * @param unitNanos the histograms' unit, ns (1000 for flights in whole microseconds)
   */
  public static double predictRetention(Sends schedule, ExactHistogram pool, ExactHistogram excluded, long unitNanos) {
    long[] x = thresholdUnits(schedule, unitNanos);
    long[] atLeast = new long[x.length];
    for (int j = 0; j < x.length; j++) {
      atLeast[j] = pool.atLeast(x[j]) - excluded.atLeast(x[j]);
    }
    return retentionFromCounts(schedule.intervalNanos(), schedule.quantumNanos(), schedule.count(),
        pool.total() - excluded.total(), atLeast);
  }

  /** Number of values of the ascending array that are {@code >= x} (binary search). */
  static long atLeast(long[] sorted, long x) {
    return sorted.length - GridLaw.countBelow(sorted, x);
  }

  /**
   * One run's prediction beside its observation, both exact ratios of counts: the predicted retention
   * ({@link #predictedRetention}) and the guard's kept / taken.
   *
   * @param predicted the prediction; {@code total > 0}
   * @param observed the observation; {@code total > 0}
   */
  public record RunError(Rate predicted, Rate observed) {
    public RunError {
      if (!predicted.defined() || !observed.defined()) {
        throw new IllegalArgumentException(
            "an untested run (0/0 prediction or observation): count it before summarising");
      }
    }

    /** {@code predicted - observed}, retention units, the nearest double. */
    public double error() {
      return predicted.value() - observed.value();
    }

    /** {@code |predicted - observed| <= tolerance}, decided exactly ({@link HeldOutGridLaw#within}). */
    public boolean within(BigDecimal tolerance) {
      return HeldOutGridLaw.within(predicted, observed, tolerance);
    }
  }

  /**
   * Whether {@code |p - o| <= tolerance} for two ratios of counts, decided in exact arithmetic: with
   * {@code p = pc / pt} and {@code o = oc / ot}, iff {@code |pc ot - oc pt| <= tolerance pt ot} in {@link BigInteger}
   * and {@link BigDecimal} (the tolerance as the decimal the rule states). A run whose error is exactly the tolerance
   * is within; a double comparison can count it out.
   *
   * @throws IllegalArgumentException when either ratio is 0/0 or the tolerance is negative
   */
  public static boolean within(Rate p, Rate o, BigDecimal tolerance) {
    if (!p.defined() || !o.defined() || tolerance.signum() < 0) {
      throw new IllegalArgumentException("need two defined ratios and a tolerance >= 0");
    }
    BigInteger diff = BigInteger.valueOf(p.count()).multiply(BigInteger.valueOf(o.total()))
        .subtract(BigInteger.valueOf(o.count()).multiply(BigInteger.valueOf(p.total()))).abs();
    BigInteger scale = BigInteger.valueOf(p.total()).multiply(BigInteger.valueOf(o.total()));
    return new BigDecimal(diff).compareTo(tolerance.multiply(new BigDecimal(scale))) <= 0;
  }

  /**
   * Per-run prediction errors summarised against a criterion stated before they were computed.
   *
   * @param runs runs with a prediction, {@code n}
   * @param medianAbsError type-7 median of {@code |predicted - observed|}, retention units (fraction); NaN when n = 0
   * @param within runs whose {@code |predicted - observed| <= tolerance}, decided exactly ({@link #within})
   * @param tolerance the criterion's largest error of one run, fraction in [0, 1], as the decimal the rule states
   */
  public record ErrorSummary(int runs, double medianAbsError, int within, BigDecimal tolerance) {
    public ErrorSummary {
      if (runs < 0 || within < 0 || within > runs) {
        throw new IllegalArgumentException("need 0 <= within <= runs: " + within + " of " + runs);
      }
      if (tolerance.signum() < 0 || tolerance.compareTo(BigDecimal.ONE) > 0) {
        throw new IllegalArgumentException("tolerance must be in [0, 1]: " + tolerance);
      }
    }

    /** {@code within / runs}, dimensionless; NaN when no run has a prediction. */
    public double withinShare() {
      return runs == 0 ? Double.NaN : (double) within / runs;
    }
  }

  /**
   * Summary of per-run errors {@code e_i = predicted_i - observed_i}: the type-7 median of {@code |e_i|}
   * ({@link Quantiles#median}, of the nearest doubles) and the number with {@code |e_i| <= tolerance}, decided
   * exactly. Retention units. Degenerate case: no runs give {@code runs = 0} and NaN median and share.
   */
  public static ErrorSummary summarise(List<RunError> errors, BigDecimal tolerance) {
    double[] abs = new double[errors.size()];
    int within = 0;
    for (int i = 0; i < abs.length; i++) {
      RunError e = errors.get(i);
      abs[i] = Math.abs(e.error());
      if (e.within(tolerance)) {
        within++;
      }
    }
    return new ErrorSummary(abs.length, Quantiles.median(abs), within, tolerance);
  }
}
