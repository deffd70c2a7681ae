package ftl.stats;

import ftl.data.ledger.Event;
import java.util.Objects;
import org.apache.commons.math3.stat.inference.AlternativeHypothesis;
import org.apache.commons.math3.stat.inference.BinomialTest;

/**
 * The grid law of the positivity guard (docs/architecture.md#vocabulary, "grid law"), in exact integer arithmetic.
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

    /**
     * True iff {@code retention} equals some {@code k / b}, i.e. its reduced denominator divides {@code b} and it is at
     * most 1.
     */
    public boolean contains(ExactFraction retention) {
      return retention.numerator() <= retention.denominator() && phases % retention.denominator() == 0;
    }
  }

  /**
   * The retention values allowed over whole cycles for {@code s} and {@code q}: {@code k / b}, {@code b} from {@link
   * #reduce}.
   */
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
   * The guard's verdicts over one whole cycle of the {@code b} send phases when the producer's clock, which
   * stamps CreateTime, reads {@code clockOffset} ahead of the consumer's (negative: behind). A sample sent at
   * true time {@code t} with latency {@code L} gets {@code M = floor((t + L) / q) - floor((t + clockOffset) / q)};
   * with producer phase {@code phi = (t + clockOffset) mod q} this is {@code M = floor((phi + L - clockOffset) / q)},
   * so the offset acts as a latency of {@code L - clockOffset}: a sample is kept iff {@code M >= 1}, dropped as
   * zero iff {@code M = 0}, a <em>one-tick negative</em> iff {@code M = -1}, and deeper iff {@code M <= -2}.
   * The four counts sum to {@code b}; all exact in integers (one time unit throughout).
   *
   * @param kept phases with {@code M >= 1}
   * @param zero phases with {@code M = 0}
   * @param oneTickNegative phases with {@code M = -1}
   * @param deeperNegative phases with {@code M <= -2}
   * @param phases {@code b}
   */
  public record OffsetPrediction(long kept, long zero, long oneTickNegative, long deeperNegative, long phases) {
    public OffsetPrediction {
      requirePositive(phases, "phase count");
      if (kept < 0 || zero < 0 || oneTickNegative < 0 || deeperNegative < 0
          || kept + zero + oneTickNegative + deeperNegative != phases) {
        throw new IllegalArgumentException("counts must be non-negative and sum to " + phases + ": "
            + kept + "/" + zero + "/" + oneTickNegative + "/" + deeperNegative);
      }
    }

    /** Retention {@code kept / b} in lowest terms. */
    public ExactFraction retention() {
      return ExactFraction.of(kept, phases);
    }

    /** Share of one-tick negatives {@code oneTickNegative / b} in lowest terms. */
    public ExactFraction oneTickShare() {
      return ExactFraction.of(oneTickNegative, phases);
    }
  }

  /**
   * {@link OffsetPrediction} for a constant latency: the producer phases are {@code r + j g}, {@code j = 0..b-1},
   * with {@code g = gcd(s, q)} and {@code r = floorMod(firstSend + clockOffset, g)}; with
   * {@code below(x) = min(b, max(0, ceil((x - r) / g)))} the number of phases under {@code x} and
   * {@code e = clockOffset - L}: deeper = {@code below(e - q)}, one-tick = {@code below(e) - below(e - q)},
   * zero = {@code below(e + q) - below(e)}, kept = {@code b - below(e + q)}. With {@code clockOffset = 0} the
   * kept count equals {@link #predict}'s. Exact; no degenerate case for valid inputs.
   *
   * @param sendIntervalNanos {@code s > 0}
   * @param quantumNanos {@code q > 0}
   * @param latencyNanos {@code L >= 0}
   * @param firstSendNanos true time of the first send, any value; only its phase matters
   * @param clockOffsetNanos producer clock minus consumer clock, any sign, {@code |offset| <= 2^40}
   */
  public static OffsetPrediction predictWithOffset(long sendIntervalNanos, long quantumNanos, long latencyNanos,
                                                   long firstSendNanos, long clockOffsetNanos) {
    ExactFraction ratio = reduce(sendIntervalNanos, quantumNanos);
    if (latencyNanos < 0) {
      throw new IllegalArgumentException("latency must not be negative: " + latencyNanos);
    }
    if (Math.abs(clockOffsetNanos) > (1L << 40) || latencyNanos > (1L << 40) || quantumNanos > (1L << 40)) {
      throw new IllegalArgumentException("latency, quantum and |clock offset| must be at most 2^40: "
          + latencyNanos + ", " + quantumNanos + ", " + clockOffsetNanos);
    }
    long b = ratio.denominator();
    long g = quantumNanos / b;
    long r = Math.floorMod(Math.floorMod(firstSendNanos, g) + Math.floorMod(clockOffsetNanos, g), g);
    long e = clockOffsetNanos - latencyNanos;
    long deeper = phasesBelow(e - quantumNanos, r, g, b);
    long belowE = phasesBelow(e, r, g, b);
    long belowQ = phasesBelow(e + quantumNanos, r, g, b);
    return new OffsetPrediction(b - belowQ, belowQ - belowE, belowE - deeper, deeper, b);
  }

  /**
   * Number of the phases {@code r + j g}, {@code j = 0..b-1}, strictly below {@code x}: {@code clamp(ceil((x - r) / g),
   * 0, b)}.
   */
  private static long phasesBelow(long x, long r, long g, long b) {
    long n = -Math.floorDiv(r - x, g); // ceil((x - r) / g)
    return Math.max(0, Math.min(b, n));
  }

  /**
   * A run's expected guard verdicts under a clock offset, from its send stamps and a flight sample that is
   * <em>not</em> paired with them (e.g. the flights of the other runs of its condition). Each count is a sum over
   * the run's events of the share of the sample's flights that would give that verdict, held exactly as a
   * numerator over {@code flights}: expected count = {@code numerator / flights}.
   *
   * @param events the run's events (send stamps)
   * @param flights size of the flight sample, {@code >= 1}
   * @param kept numerator of the expected number kept ({@code M >= 1})
   * @param zero numerator of the expected number with {@code M = 0}
   * @param oneTickNegative numerator of the expected number with {@code M = -1}
   * @param deeperNegative numerator of the expected number with {@code M <= -2}
   */
  public record ExpectedGuard(long events, long flights, long kept, long zero, long oneTickNegative,
      long deeperNegative) {
    public ExpectedGuard {
      if (events < 0 || flights < 1 || kept < 0 || zero < 0 || oneTickNegative < 0 || deeperNegative < 0) {
        throw new IllegalArgumentException("need events >= 0, flights >= 1 and non-negative counts");
      }
      if (kept + zero + oneTickNegative + deeperNegative != Math.multiplyExact(events, flights)) {
        throw new IllegalArgumentException("counts must sum to events x flights = " + events * flights);
      }
    }

    /** Expected number of events kept, {@code kept / flights}; a count (not necessarily whole). */
    public double expectedKept() {
      return (double) kept / flights;
    }

    /** Expected number of one-tick negatives, {@code oneTickNegative / flights}; a count. */
    public double expectedOneTickNegative() {
      return (double) oneTickNegative / flights;
    }

    /** Expected retention, {@code kept / (events x flights)}; dimensionless; NaN when the run has no event. */
    public double retention() {
      return events == 0 ? Double.NaN : (double) kept / ((double) events * flights);
    }

    /** Expected one-tick share, {@code oneTickNegative / (events x flights)}; NaN when the run has no event. */
    public double oneTickShare() {
      return events == 0 ? Double.NaN : (double) oneTickNegative / ((double) events * flights);
    }
  }

  /**
   * Expected guard verdicts of a run whose producer clock reads {@code clockOffsetMicros} ahead of the consumer's,
   * in microseconds on a quantum of 1000 us (CreateTime = {@code floor((send_us + offset) / 1000)}, receive tick
   * {@code floor(recv_us / 1000)}): for an event with producer phase {@code phi = (send_us + offset) mod 1000} and a
   * flight {@code L} (whole us), {@code M = floor((phi + L - offset) / 1000)}. For each event the flights of the
   * sample are counted into the four verdicts by binary search (thresholds {@code offset - phi - 1000},
   * {@code offset - phi}, {@code offset - phi + 1000}). Exact in integers; a run without events gives zeros.
   *
   * @param sendMicros the run's {@code send_us} stamps
   * @param clockOffsetMicros producer clock minus consumer clock, us, any sign
   * @param sortedFlightsMicros held-out flights in us, ascending, at least one
   */
  public static ExpectedGuard expectedWithOffset(long[] sendMicros, long clockOffsetMicros,
      long[] sortedFlightsMicros) {
    Objects.requireNonNull(sendMicros, "sendMicros");
    if (sortedFlightsMicros.length == 0) {
      throw new IllegalArgumentException("the flight sample is empty");
    }
    for (int i = 1; i < sortedFlightsMicros.length; i++) {
      if (sortedFlightsMicros[i] < sortedFlightsMicros[i - 1]) {
        throw new IllegalArgumentException("the flight sample must be sorted ascending (index " + i + ")");
      }
    }
    long n = sortedFlightsMicros.length;
    long kept = 0;
    long zero = 0;
    long one = 0;
    long deeper = 0;
    for (long send : sendMicros) {
      long phi = Math.floorMod(Math.addExact(send, clockOffsetMicros), 1000L);
      long e = clockOffsetMicros - phi;
      long belowDeep = countBelow(sortedFlightsMicros, e - 1000);
      long belowOne = countBelow(sortedFlightsMicros, e);
      long belowZero = countBelow(sortedFlightsMicros, e + 1000);
      deeper += belowDeep;
      one += belowOne - belowDeep;
      zero += belowZero - belowOne;
      kept += n - belowZero;
    }
    return new ExpectedGuard(sendMicros.length, n, kept, zero, one, deeper);
  }

  /**
   * {@link #expectedWithOffset(long[], long, long[])} from what it depends on, held flat: the run's send stamps as an
   * exact histogram of their phases {@code p = send_us mod 1000} (values 0 to 999) and the flight sample as an exact
   * histogram of whole microseconds. Every event of phase {@code p} has the same producer phase
   * {@code phi = (p + offset) mod 1000}, so the sum over events is a sum over the distinct phases weighted by their
   * counts; exact in integers, the same counts as the per-event form.
   *
   * @param sendPhasesMicros histogram of {@code send_us mod 1000} of the run's events, values in [0, 1000)
   * @param clockOffsetMicros producer clock minus consumer clock, us, any sign
   * @param flightsMicros held-out flights in us, at least one
   */
  public static ExpectedGuard expectedWithOffset(ExactHistogram sendPhasesMicros, long clockOffsetMicros,
                                                 ExactHistogram flightsMicros) {
    return expectedWithOffset(sendPhasesMicros, clockOffsetMicros, flightsMicros, ExactHistogram.empty());
  }

  /**
   * {@link #expectedWithOffset(ExactHistogram, long, ExactHistogram)} for the flights of {@code poolMicros} without
   * those of {@code heldOutMicros} (a condition's pool without one run's own: the leave-one-out sample), counted as
   * differences of the two histograms' counts instead of made as a histogram: the same integers as
   * {@code poolMicros.minus(heldOutMicros)} gives.
   *
   * @param heldOutMicros a sub-multiset of {@code poolMicros} (a count below any point greater than the pool's is
   *     refused)
   */
  public static ExpectedGuard expectedWithOffset(ExactHistogram sendPhasesMicros, long clockOffsetMicros,
                                                 ExactHistogram poolMicros, ExactHistogram heldOutMicros) {
    ExactHistogram flightsMicros = poolMicros;
    long n = poolMicros.total() - heldOutMicros.total();
    if (n <= 0) {
      throw new IllegalArgumentException("the flight sample is empty");
    }
    long kept = 0;
    long zero = 0;
    long one = 0;
    long deeper = 0;
    long shift = Math.floorMod(clockOffsetMicros, 1000L);
    for (int i = 0; i < sendPhasesMicros.distinct(); i++) {
      long p = sendPhasesMicros.value(i);
      if (p < 0 || p >= 1000) {
        throw new IllegalArgumentException("a send phase is in [0, 1000) us, not " + p);
      }
      long c = sendPhasesMicros.count(i);
      long phi = (p + shift) % 1000L;
      long e = clockOffsetMicros - phi;
      long belowDeep = flightsMicros.below(e - 1000) - heldOutMicros.below(e - 1000);
      long belowOne = flightsMicros.below(e) - heldOutMicros.below(e);
      long belowZero = flightsMicros.below(e + 1000) - heldOutMicros.below(e + 1000);
      // every count non-negative (their bitwise or is negative iff one is): else the held-out part is not the pool's
      if ((belowDeep | (belowOne - belowDeep) | (belowZero - belowOne) | (n - belowZero)) < 0) {
        throw new IllegalArgumentException("the held-out flights are not a part of the pool");
      }
      deeper += c * belowDeep;
      one += c * (belowOne - belowDeep);
      zero += c * (belowZero - belowOne);
      kept += c * (n - belowZero);
    }
    return new ExpectedGuard(sendPhasesMicros.total(), n, kept, zero, one, deeper);
  }

  /** Number of values of an ascending array strictly below {@code x} (lower bound by binary search). */
  static long countBelow(long[] sorted, long x) {
    int lo = 0;
    int hi = sorted.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (sorted[mid] < x) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
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

    /** The counts of two runs pooled, field by field (exact; throws on overflow). */
    public RunPrediction plus(RunPrediction o) {
      return new RunPrediction(Math.addExact(events, o.events), Math.addExact(predictedKept, o.predictedKept),
          Math.addExact(observedKept, o.observedKept), Math.addExact(agreeing, o.agreeing),
          Math.addExact(skipped, o.skipped));
    }

    /** No event. */
    public static final RunPrediction EMPTY = new RunPrediction(0, 0, 0, 0, 0);
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
    return predictRun(events, 0);
  }

  /**
   * {@link #predictRun(Iterable)} for a run whose producer stamped CreateTime on a clock {@code clockOffsetMicros}
   * ahead of the true one (campaign clockoffset): kept iff
   * {@code floor((send_us + floor(T / 1000)) / 1000) > floor((send_us + offset) / 1000)}. With offset 0 it is
   * {@link #predictRun(Iterable)}. A consistency check of the replay, as that one is.
   */
  public static RunPrediction predictRun(Iterable<Event> events, long clockOffsetMicros) {
    RunPredictor p = new RunPredictor(clockOffsetMicros);
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
    private final long clockOffsetMicros;
    private long n;
    private long predicted;
    private long observed;
    private long agreeing;
    private long skipped;

    /** A predictor for a run whose CreateTime clock is the true one (offset 0). */
    public RunPredictor() {
      this(0);
    }

    /** A predictor for a run whose producer stamped CreateTime {@code clockOffsetMicros} ahead of the true clock. */
    public RunPredictor(long clockOffsetMicros) {
      this.clockOffsetMicros = clockOffsetMicros;
    }

    /** Predicts and observes one event, or counts it as skipped when it lacks a stamp. */
    public void accept(Event e) {
      if (!e.hasRecv() || e.recvMicros() == Event.MISSING || e.createMillis() == Event.MISSING) {
        skipped++;
        return;
      }
      n++;
      boolean p = Math.floorDiv(Math.addExact(e.sendMicros(), Math.floorDiv(e.flightNanos(), 1000L)), 1000L)
          > Math.floorDiv(Math.addExact(e.sendMicros(), clockOffsetMicros), 1000L);
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
