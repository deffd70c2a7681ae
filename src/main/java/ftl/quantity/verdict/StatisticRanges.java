package ftl.quantity.verdict;

import ftl.data.tool.PerfTestReader;
import ftl.quantity.core.Provenance;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.Unit;
import ftl.quantity.section.ConfirmQuantities;
import ftl.stats.BlockStats;
import ftl.stats.DisplacementLaw;
import ftl.stats.Exposure;
import ftl.stats.GridLaw;
import ftl.stats.HeldOutGuard;
import ftl.stats.StratifiedRateRatio;
import ftl.stats.WindowedCorrelation;
import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The range a statistic is declared to take, from which {@link PlanCriteria} decides what a plan's rule on it can do (a
 * rule no data could make hold is refused, one no data could make fail is a consistency check). It is the statistic's
 * unit's range ({@link Unit#lowest}, {@link Unit#highest}) unless declared here, once, for the function a registry
 * entry names ({@link Quantity#function}) in that unit, with the reason it holds: where the unit says too little (a
 * Pearson correlation is dimensionless, and lies in [-1, 1]; a geometric mean of positive ratios is a ratio above 0, so
 * {@code > 0} holds for any data: issue 43) or too much (a skill score printed as a fraction falls below 0 when the law
 * does worse than its baseline, so {@code >= 0} is a test, not a tautology). A range applies to a statistic's point
 * value, never to the ends of an interval around it: those have a range of their own, {@link #ofInterval}, unbounded
 * unless declared (a Student t interval of a mean of fractions reaches below 0; issue 58: the interval of a geometric
 * mean ratio, mapped back by exp, lies above 0, so {@code interval_above 0} on it cannot fail). {@code RealDataTest}
 * holds every value of the archive's data to its range, and every declaration to a function some entry names.
 */
public final class StatisticRanges {
  private StatisticRanges() {}

  /**
   * A range of numbers: an end is null when unbounded, and then not included.
   *
   * @param lowest the least value, or its infimum when not included; null when unbounded below
   * @param lowestIncluded whether {@code lowest} itself may be taken
   * @param highest the greatest value, or its supremum when not included; null when unbounded above
   * @param highestIncluded whether {@code highest} itself may be taken
   * @param reason why a statistic lies in it, as messages print it; empty for a unit's range
   */
  public record Range(BigDecimal lowest, boolean lowestIncluded, BigDecimal highest, boolean highestIncluded,
      String reason) {
    public Range {
      Objects.requireNonNull(reason);
      if (lowest == null && lowestIncluded || highest == null && highestIncluded) {
        throw new IllegalArgumentException("an unbounded end is not included");
      }
      if (lowest != null && highest != null && lowest.compareTo(highest) >= 0) {
        throw new IllegalArgumentException("a range's lowest end must lie below its highest: " + lowest + ", "
            + highest);
      }
    }

    /** A unit's declared range, both finite ends included ({@code [0, 1]}, {@code [0, infinity)}). */
    public static Range of(Unit u) {
      return new Range(u.lowest(), u.lowest() != null, u.highest(), u.highest() != null, "");
    }

    /** Whether {@code v} lies in the range. */
    public boolean contains(BigDecimal v) {
      boolean aboveLowest = lowest == null || (lowestIncluded ? v.compareTo(lowest) >= 0 : v.compareTo(lowest) > 0);
      boolean belowHighest = highest == null || (highestIncluded ? v.compareTo(highest) <= 0
          : v.compareTo(highest) < 0);
      return aboveLowest && belowHighest;
    }

    /**
     * As messages print it: {@code [0, 1]}, {@code (0, infinity)}, {@code (-infinity, 1]}, then the reason in
     * parentheses.
     */
    @Override
    public String toString() {
      return (lowest == null ? "(-infinity" : (lowestIncluded ? "[" : "(") + lowest.toPlainString()) + ", "
          + (highest == null ? "infinity)" : highest.toPlainString() + (highestIncluded ? "]" : ")"))
          + (reason.isEmpty() ? "" : " (" + reason + ")");
    }
  }

  /** One declaration: the statistics a function computes in a unit lie in {@code range}. */
  record Declared(String function, Unit unit, Range range) {}

  private static final BigDecimal ONE = BigDecimal.ONE;
  private static final BigDecimal ZERO = BigDecimal.ZERO;

  /** The declarations, each with its reason; a function in a unit not listed here lies in its unit's range. */
  static final List<Declared> DECLARED = List.of(
      new Declared(Provenance.name(WindowedCorrelation.class, "result"), Unit.DIMENSIONLESS,
          new Range(ONE.negate(), true, ONE, true, "a Pearson correlation, bounded by the Cauchy-Schwarz inequality")),
      new Declared(Provenance.name(StratifiedRateRatio.class, "holm"), Unit.DIMENSIONLESS,
          new Range(ZERO, true, ONE, true, "a Holm-adjusted p-value, capped at 1")),
      new Declared(Provenance.name(GridLaw.class, "reduce"), Unit.DIMENSIONLESS,
          new Range(ONE, true, null, false,
          "a term of a reduced fraction of positive durations, or a send interval in whole ns")),
      new Declared(Provenance.name(HeldOutGuard.class, "predict"), Unit.DIMENSIONLESS,
          new Range(ONE, true, null, false, "a number of send phases")),
      new Declared(Provenance.name(BlockStats.class, "ratio"), Unit.RATIO,
          new Range(ZERO, false, null, false, "a geometric mean of ratios of values above 0")),
      new Declared(Provenance.name(ConfirmQuantities.class, "skill"), Unit.FRACTION,
          new Range(ONE.negate(), true, ONE, true,
          "a difference of two mean absolute errors in fractions, below 0 where the "
              + "law does worse than its baseline")),
      new Declared(Provenance.name(PerfTestReader.Run.class, "leftOut"), Unit.FRACTION,
          new Range(null, false, ONE, true,
          "1 - samples / consumed from two counters not read atomically, kept as read when "
              + "a few messages below 0")),
      new Declared(Provenance.name(Exposure.class, "curve"), Unit.FRACTION,
          new Range(ZERO, true, null, false,
          "a displacement over a flight, above 1 where the displacement is the longer")),
      new Declared(Provenance.name(DisplacementLaw.class, "fit"), Unit.FRACTION,
          new Range(null, false, null, false,
          "a fitted displacement over a flight: the fit's intercept may take either sign")));

  /**
   * The ranges the ends of an interval take, declared for the function that computes the end (an interval end's entry
   * names the function of the estimate it surrounds) in its unit, with the reason; an end of a function not declared
   * here is unbounded, whatever its unit (an interval may reach past the range of the estimate it surrounds).
   */
  static final List<Declared> INTERVAL_DECLARED = List.of(
      new Declared(Provenance.name(BlockStats.class, "ratio"), Unit.RATIO,
          new Range(ZERO, false, null, false, "an end of a Student t interval of a log ratio, mapped back by exp")));

  /**
   * The range statistic {@code q} is declared to take: its function's declaration in its unit, else its unit's range.
   */
  public static Range of(Quantity q) {
    return declared(DECLARED, q).orElse(Range.of(q.unit()));
  }

  /**
   * The range {@code end}, an end of an interval, is declared to take ({@link #INTERVAL_DECLARED}); unbounded when its
   * function is not declared in its unit.
   */
  public static Range ofInterval(Quantity end) {
    return declared(INTERVAL_DECLARED, end).orElse(
        new Range(null, false, null, false, "an interval end, not declared bounded"));
  }

  private static Optional<Range> declared(List<Declared> declarations, Quantity q) {
    return declarations.stream().filter(d -> d.function().equals(q.function()) && d.unit() == q.unit())
        .map(Declared::range).findFirst();
  }

  /**
   * The functions declared here, with their units' symbols ({@code function unit}), for a test that each still exists.
   */
  public static List<String> declaredFunctions() {
    return Stream.concat(DECLARED.stream(), INTERVAL_DECLARED.stream())
        .map(d -> d.function() + " " + d.unit().symbol()).distinct().toList();
  }
}
