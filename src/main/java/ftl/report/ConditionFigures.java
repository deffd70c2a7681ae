package ftl.report;

import ftl.data.ledger.LedgerSchema;
import ftl.stats.ExactFraction;
import ftl.stats.ExactHistogram;
import ftl.stats.GridLaw;
import ftl.stats.GuardCounts;
import ftl.stats.Rate;
import ftl.stats.SignCheckResult;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.function.Function;
import org.apache.commons.math3.stat.interval.ClopperPearsonInterval;
import org.apache.commons.math3.stat.interval.ConfidenceInterval;

/**
 * The ok runs of one condition of a campaign, pooled: counts added run by run, spans as the union of the runs' events
 * (never an average of per-run figures).
 *
 * @param condition the condition's name, as the ledger gives it
 * @param runs the condition's ok runs, in ledger order (at least one)
 * @param sign the sign check pooled over the runs
 * @param guard the positivity guard's counts pooled over the runs
 * @param grid the grid law's per-event prediction pooled over the runs
 * @param catchUp catch-up pairs pooled over the runs that record a send interval
 * @param flight flight T over every delivered event
 * @param displacement displacement D over every acknowledged event
 * @param ackSpan ack-referenced span A over every complete event
 */
public record ConditionFigures(String condition, List<RunFigures> runs, SignCheckResult sign, GuardCounts guard,
                               GridLaw.RunPrediction grid, Rate catchUp, Spread flight, Spread displacement,
                               Spread ackSpan) {

  /**
   * The quantum of {@code create_ms}, ns: its unit, one millisecond (a definition, docs/architecture.md#vocabulary,
   * "quantum").
   */
  public static final long CREATE_MS_QUANTUM_NANOS = 1_000_000L;

  /** The confidence level of the interval of the negative-A share ({@link #ackNegativeInterval}). */
  public static final double SHARE_CONFIDENCE = 0.95;

  public ConditionFigures {
    Objects.requireNonNull(condition, "condition");
    runs = List.copyOf(runs);
    if (runs.isEmpty()) {
      throw new IllegalArgumentException("a condition has at least one ok run: " + condition);
    }
  }

  /** The pool of a condition's ok runs (ledger order). */
  public static ConditionFigures pool(String condition, List<RunFigures> runs) {
    SignCheckResult sign = SignCheckResult.EMPTY;
    GuardCounts guard = GuardCounts.EMPTY;
    GridLaw.RunPrediction grid = GridLaw.RunPrediction.EMPTY;
    Rate catchUp = Rate.EMPTY;
    for (RunFigures r : runs) {
      sign = sign.plus(r.sign());
      guard = guard.plus(r.guard());
      grid = grid.plus(r.grid());
      catchUp = catchUp.plus(r.catchUp());
    }
    return new ConditionFigures(condition, runs, sign, guard, grid, catchUp, spread(runs, RunFigures::flight),
        spread(runs, RunFigures::displacement), spread(runs, RunFigures::ackSpan));
  }

  private static Spread spread(List<RunFigures> runs, Function<RunFigures, ExactHistogram> of) {
    return Spread.of(ExactHistogram.merge(runs.stream().map(of).toList()));
  }

  /**
   * The percentile plot of one span over the condition's events ({@link PercentilePlot#of}), from the runs' histograms
   * pooled again (the same union {@link Spread} is taken of).
   *
   * @param span {@link RunFigures#flight}, {@link RunFigures#displacement} or {@link RunFigures#ackSpan}
   */
  public PercentilePlot percentiles(Function<RunFigures, ExactHistogram> span) {
    return PercentilePlot.of(ExactHistogram.merge(runs.stream().map(span).toList()));
  }

  /**
   * The exact (Clopper-Pearson) two-sided interval of the negative-A share at {@link #SHARE_CONFIDENCE}, over the
   * complete events (Commons Math's {@link ClopperPearsonInterval}; at 0 or all negative, the exact bound
   * {@code (alpha / 2)^(1 / n)} that the general formula reduces to); empty when no event is complete (or more than
   * {@link Integer#MAX_VALUE}). It treats the
   * events as independent draws; a run's events are not (the negatives cluster by run, see
   * {@link #runsWithNegativeA}), so it is a lower bound on the uncertainty of the share.
   */
  public Optional<ConfidenceInterval> ackNegativeInterval() {
    long n = sign.complete();
    if (n == 0 || n > Integer.MAX_VALUE) {
      return Optional.empty();
    }
    long k = sign.ackNegative();
    // the exact bound at k = 0 or n, where Commons Math throws
    double tail = Math.pow((1 - SHARE_CONFIDENCE) / 2, 1.0 / n);
    if (k == 0) {
      return Optional.of(new ConfidenceInterval(0, 1 - tail, SHARE_CONFIDENCE));
    }
    if (k == n) {
      return Optional.of(new ConfidenceInterval(tail, 1, SHARE_CONFIDENCE));
    }
    return Optional.of(new ClopperPearsonInterval().createInterval((int) n, (int) k, SHARE_CONFIDENCE));
  }

  /** Runs with at least one negative A: the runs the sign check rejects. */
  public long runsWithNegativeA() {
    return runs.stream().filter(r -> r.sign().rejected()).count();
  }

  /**
   * The send interval of the condition's runs, ns; empty when the runs record none or differ (a replay schedule, or
   * a ledger that mixes intervals under one name).
   */
  public OptionalLong sendIntervalNanos() {
    List<Long> s = runs.stream().map(r -> r.row().integer(LedgerSchema.SEND_INTERVAL_NS).orElse(0))
        .distinct().toList();
    return s.size() == 1 && s.get(0) > 0 ? OptionalLong.of(s.get(0)) : OptionalLong.empty();
  }

  /**
   * The grid law's {@code b} for the condition's send interval {@code s} on the quantum of {@code create_ms}:
   * {@code s / q = a / b} in lowest terms ({@link GridLaw#reduce}), the number of send phases, so retention over whole
   * cycles is a multiple of {@code 1 / b}; empty without one send interval.
   */
  public OptionalLong gridPhases() {
    OptionalLong s = sendIntervalNanos();
    if (s.isEmpty()) {
      return OptionalLong.empty();
    }
    ExactFraction f = GridLaw.reduce(s.getAsLong(), CREATE_MS_QUANTUM_NANOS);
    return OptionalLong.of(f.denominator());
  }

  /** The largest of a per-run ledger figure over the runs that record it; empty when none does. */
  public OptionalDouble maxOver(Function<RunFigures, OptionalDouble> figure) {
    return runs.stream().map(figure).filter(OptionalDouble::isPresent).mapToDouble(OptionalDouble::getAsDouble).max();
  }

  /**
   * The median over the runs that record it of their median pacing lag, ns (lower middle when even); empty when none.
   */
  public OptionalLong pacingLagP50Nanos() {
    long[] v = runs.stream().map(RunFigures::pacingLagP50Nanos).filter(OptionalLong::isPresent)
        .mapToLong(OptionalLong::getAsLong).sorted().toArray();
    return v.length == 0 ? OptionalLong.empty() : OptionalLong.of(v[(v.length - 1) / 2]);
  }

  /** The largest pacing lag of any run that records it, ns; empty when none does. */
  public OptionalLong pacingLagMaxNanos() {
    return runs.stream().map(RunFigures::pacingLagMaxNanos).filter(OptionalLong::isPresent)
        .mapToLong(OptionalLong::getAsLong).max();
  }
}
