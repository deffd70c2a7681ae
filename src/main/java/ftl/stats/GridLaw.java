package ftl.stats;

import ftl.data.Event;
import java.util.Objects;
import org.apache.commons.math3.stat.inference.AlternativeHypothesis;
import org.apache.commons.math3.stat.inference.BinomialTest;

/**
 * The grid law of the positivity guard (DESIGN.md, "grid law"), in exact integer arithmetic.
 *
 * <p>A sample sent at time {@code t} with latency {@code L} survives a guard on a timestamp quantum
 * {@code q} iff {@code floor((t + L) / q) > floor(t / q)}, i.e. iff its phase {@code t mod q >= q - L}.
 * With send interval {@code s} and {@code s / q = a / b} in lowest terms, the phases of consecutive sends
 * fall on {@code b} equally spaced points {@code r + j g}, {@code j = 0..b-1}, where {@code g = q / b =
 * gcd(s, q)} and {@code r = offset mod g}: integers in the time unit, so no boundary is decided by a
 * double. Over whole cycles of {@code b} sends the retention is therefore a multiple of {@code 1/b}:
 * all-or-nothing when {@code s} is a multiple of {@code q}, approaching {@code L/q} as {@code b} grows.
 * All durations here are in one unit, nanoseconds unless a method says otherwise.
 */
public final class GridLaw {

  private GridLaw() {}

  /**
   * {@code s / q} reduced to lowest terms {@code a / b} by their greatest common divisor; exact.
   *
   * @param sendIntervalNanos {@code s > 0}
   * @param quantumNanos {@code q > 0}
   */
  public static ExactFraction reduce(long sendIntervalNanos, long quantumNanos) {
    requirePositive(sendIntervalNanos, "send interval");
    requirePositive(quantumNanos, "quantum");
    return ExactFraction.of(sendIntervalNanos, quantumNanos);
  }

  /**
   * The retention values the grid law allows over whole cycles, {@code {k / b : k = 0..b}}, held by its
   * denominator (there may be a million of them).
   *
   * @param phases {@code b >= 1}, the number of distinct send phases
   */
  public record AllowedRetentions(long phases) {
    public AllowedRetentions {
      requirePositive(phases, "phase count");
    }

    /** Number of allowed values, {@code b + 1}. */
    public long size() {
      return phases + 1;
    }

    /** The {@code k}-th allowed value {@code k / b} in lowest terms, {@code 0 <= k <= b}. */
    public ExactFraction get(long k) {
      if (k < 0 || k > phases) {
        throw new IndexOutOfBoundsException("k must be in [0, " + phases + "]: " + k);
      }
      return ExactFraction.of(k, phases);
    }

    /** True iff {@code retention} equals some {@code k / b}, i.e. its reduced denominator divides {@code b} and it is at most 1. */
    public boolean contains(ExactFraction retention) {
      return retention.numerator() <= retention.denominator() && phases % retention.denominator() == 0;
    }
  }

  /** The retention values allowed over whole cycles for {@code s} and {@code q}: {@code k / b}, {@code b} from {@link #reduce}. */
  public static AllowedRetentions allowedRetentions(long sendIntervalNanos, long quantumNanos) {
    return new AllowedRetentions(reduce(sendIntervalNanos, quantumNanos).denominator());
  }

  /**
   * Predicted retention over one whole cycle: {@code keptPhases} of the {@code phases} equally spaced send
   * phases survive.
   *
   * @param keptPhases {@code 0 <= keptPhases <= phases}
   * @param phases {@code b >= 1}
   */
  public record Prediction(long keptPhases, long phases) {
    public Prediction {
      requirePositive(phases, "phase count");
      if (keptPhases < 0 || keptPhases > phases) {
        throw new IllegalArgumentException("kept phases must be in [0, " + phases + "]: " + keptPhases);
      }
    }

    /** {@code keptPhases / phases} in lowest terms; a member of {@link AllowedRetentions} for {@code phases}. */
    public ExactFraction retention() {
      return ExactFraction.of(keptPhases, phases);
    }

    /** {@code keptPhases / phases} as a double, dimensionless in [0, 1]. */
    public double value() {
      return (double) keptPhases / (double) phases;
    }
  }

  /**
   * Predicted retention for a constant latency: the number of the {@code b} phases {@code r + j g}
   * ({@code g = gcd(s, q)}, {@code r = floorMod(offset, g)}) with {@code r + j g >= q - L}, computed as
   * {@code b - max(0, ceil((q - L - r) / g))}. Exact. {@code L >= q} keeps every phase; {@code L = 0} keeps
   * none. Dimensionless; no degenerate case for valid inputs.
   *
   * @param sendIntervalNanos {@code s > 0}
   * @param quantumNanos {@code q > 0}
   * @param latencyNanos {@code L >= 0}
   * @param offsetNanos time of the first send, any value; only its phase matters
   */
  public static Prediction predict(long sendIntervalNanos, long quantumNanos, long latencyNanos, long offsetNanos) {
    ExactFraction ratio = reduce(sendIntervalNanos, quantumNanos);
    if (latencyNanos < 0) {
      throw new IllegalArgumentException("latency must not be negative: " + latencyNanos);
    }
    long b = ratio.denominator();
    if (latencyNanos >= quantumNanos) {
      return new Prediction(b, b);
    }
    long g = quantumNanos / b;
    long r = Math.floorMod(offsetNanos, g);
    long gap = quantumNanos - latencyNanos - r; // phases below q - L are lost; no overflow: all in [0, q]
    long firstKept = -Math.floorDiv(-gap, g); // ceil(gap / g)
    return new Prediction(b - Math.max(0, firstKept), b);
  }

  /**
   * Whether one sample survives: {@code floor((t + L) / q) > floor(t / q)}, all in one unit. Exact; throws
   * {@link ArithmeticException} if {@code t + L} overflows.
   */
  public static boolean predictKept(long sendTime, long flight, long quantum) {
    requirePositive(quantum, "quantum");
    return Math.floorDiv(Math.addExact(sendTime, flight), quantum) > Math.floorDiv(sendTime, quantum);
  }

  /**
   * Number of samples predicted to survive from their own send times and flights ({@link #predictKept}
   * per pair), all in one unit with quantum {@code quantum}.
   */
  public static long countPredictedKept(long[] sendTimes, long[] flights, long quantum) {
    if (sendTimes.length != flights.length) {
      throw new IllegalArgumentException(
          "send times and flights differ in length: " + sendTimes.length + " vs " + flights.length);
    }
    long kept = 0;
    for (int i = 0; i < sendTimes.length; i++) {
      if (predictKept(sendTimes[i], flights[i], quantum)) {
        kept++;
      }
    }
    return kept;
  }

  /**
   * A run's prediction from its own measured flights and send phases, beside what the guard did to the
   * same events.
   *
   * @param events events with {@code recv_ns}, {@code recv_us} and {@code create_ms}, which both the
   *     prediction and the observation need
   * @param predictedKept events predicted to survive
   * @param observedKept events whose {@code M = recv_ms - create_ms > 0}
   * @param agreeing events where prediction and observation agree
   * @param skipped events left out for lack of one of those stamps (counted, not dropped)
   */
  public record RunPrediction(long events, long predictedKept, long observedKept, long agreeing, long skipped) {
    public RunPrediction {
      if (events < 0 || skipped < 0 || predictedKept < 0 || observedKept < 0 || agreeing < 0) {
        throw new IllegalArgumentException("counts must not be negative");
      }
      if (predictedKept > events || observedKept > events || agreeing > events) {
        throw new IllegalArgumentException("counts exceed events " + events);
      }
      long disagreeing = events - agreeing;
      long net = Math.abs(predictedKept - observedKept);
      if (disagreeing < net || (disagreeing - net) % 2 != 0) {
        throw new IllegalArgumentException("agreeing " + agreeing + " inconsistent with predicted " + predictedKept
            + " and observed " + observedKept + " of " + events);
      }
    }

    /** Predicted retention {@code predictedKept / events}; undefined when {@code events = 0}. */
    public Rate predictedRetention() {
      return new Rate(predictedKept, events);
    }

    /** Observed retention {@code observedKept / events}; undefined when {@code events = 0}. */
    public Rate observedRetention() {
      return new Rate(observedKept, events);
    }
  }

  /**
   * Predicts each event of a run from its own send phase and flight, in microseconds on a quantum of
   * 1000 us: kept iff {@code floor((send_us + floor(T / 1000)) / 1000) > floor(send_us / 1000)}, with flight
   * {@code T = recv_ns - send_ns}. (Because {@code send_us} is a whole number of microseconds, flooring the
   * flight to microseconds decides exactly as the flight in nanoseconds would.) The observation is
   * {@link Event#ombMillis()} {@code > 0}. The send phase is that of the wall-clock send stamp; the
   * CreateTime is read inside {@code send()} a little later, which is one reason prediction and
   * observation can disagree for an event.
   */
  public static RunPrediction predictRun(Iterable<Event> events) {
    RunPredictor p = new RunPredictor();
    for (Event e : events) {
      p.accept(e);
    }
    return p.result();
  }

  /**
   * {@link #predictRun} as a streaming accumulator: feed each event of a run once with {@link #accept}, read
   * {@link #result}. Constant memory (five counts); not thread-safe.
   */
  public static final class RunPredictor {
    private long n;
    private long predicted;
    private long observed;
    private long agreeing;
    private long skipped;

    /** Predicts and observes one event, or counts it as skipped when it lacks a stamp. */
    public void accept(Event e) {
      if (!e.hasRecv() || e.recvMicros() == Event.MISSING || e.createMillis() == Event.MISSING) {
        skipped++;
        return;
      }
      n++;
      boolean p = predictKept(e.sendMicros(), Math.floorDiv(e.flightNanos(), 1000L), 1000L);
      boolean o = e.ombMillis() > 0;
      if (p) {
        predicted++;
      }
      if (o) {
        observed++;
      }
      if (p == o) {
        agreeing++;
      }
    }

    /** The counts so far. */
    public RunPrediction result() {
      return new RunPrediction(n, predicted, observed, agreeing, skipped);
    }
  }

  /**
   * Observed retention tested against a prediction.
   *
   * @param taken samples taken, {@code n}
   * @param observedKept samples kept, {@code k}
   * @param predictedRetention predicted probability of keeping a sample, {@code p} in [0, 1]
   * @param pValue exact two-sided binomial p-value of {@code k} under {@code Binomial(n, p)}; {@code NaN} when
   *     {@code n = 0}
   * @param alpha significance level in (0, 1)
   */
  public record RetentionTest(long taken, long observedKept, double predictedRetention, double pValue,
                              double alpha) {
    public RetentionTest {
      if (taken < 0 || observedKept < 0 || observedKept > taken) {
        throw new IllegalArgumentException("need 0 <= observedKept <= taken: " + observedKept + " of " + taken);
      }
      checkProbability(predictedRetention);
      if (!(alpha > 0.0 && alpha < 1.0)) {
        throw new IllegalArgumentException("alpha must be in (0, 1): " + alpha);
      }
      if ((taken == 0) != Double.isNaN(pValue) || pValue < 0.0 || pValue > 1.0) {
        throw new IllegalArgumentException("p-value must be in [0, 1], NaN exactly when nothing was taken: " + pValue);
      }
    }

    /** True when there was at least one sample to test. */
    public boolean defined() {
      return taken > 0;
    }

    /** True when defined and {@code pValue >= alpha}: the observation does not contradict the prediction. */
    public boolean consistent() {
      return defined() && pValue >= alpha;
    }
  }

  /**
   * Exact two-sided binomial test of an observed retention against a predicted one (Commons Math
   * {@link BinomialTest}, two-sided p-value = total probability of outcomes no more likely than the one
   * observed). It treats samples as independent Bernoulli trials with probability {@code p}, which a
   * deterministic grid only approximates: read it as a consistency check. When {@code p} is 0 or 1 the
   * outcome is certain, and the p-value is 1 if it happened and 0 if not. Degenerate case: {@code n = 0}
   * gives {@code NaN}, counted by the caller as untested.
   */
  public static RetentionTest testRetention(long taken, long observedKept, double predictedRetention, double alpha) {
    checkProbability(predictedRetention);
    if (taken < 0 || observedKept < 0 || observedKept > taken) {
      throw new IllegalArgumentException("need 0 <= observedKept <= taken: " + observedKept + " of " + taken);
    }
    if (taken > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("binomial test limited to " + Integer.MAX_VALUE + " samples: " + taken);
    }
    double p;
    if (taken == 0) {
      p = Double.NaN;
    } else if (predictedRetention == 0.0) {
      p = observedKept == 0 ? 1.0 : 0.0;
    } else if (predictedRetention == 1.0) {
      p = observedKept == taken ? 1.0 : 0.0;
    } else {
      p = Math.min(1.0, new BinomialTest().binomialTest((int) taken, (int) observedKept, predictedRetention,
          AlternativeHypothesis.TWO_SIDED));
    }
    return new RetentionTest(taken, observedKept, predictedRetention, p, alpha);
  }

  /** {@link #testRetention} against a grid-law prediction. */
  public static RetentionTest testRetention(long taken, long observedKept, Prediction prediction, double alpha) {
    Objects.requireNonNull(prediction, "prediction");
    return testRetention(taken, observedKept, prediction.value(), alpha);
  }

  private static void checkProbability(double p) {
    if (!(p >= 0.0 && p <= 1.0)) {
      throw new IllegalArgumentException("probability must be in [0, 1]: " + p);
    }
  }

  private static void requirePositive(long v, String what) {
    if (v <= 0) {
      throw new IllegalArgumentException(what + " must be positive: " + v);
    }
  }
}
