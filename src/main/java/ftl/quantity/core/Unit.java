package ftl.quantity.core;

import java.math.BigDecimal;

/**
 * The unit of a quantity. Format and unit live together in a {@link Quantity}, so text never pairs a number with the
 * wrong unit.
 */
public enum Unit {
  /** A count of runs, events or samples. */
  COUNT("count", "", BigDecimal.ZERO, null),
  /** A fraction in [0, 1], printed as a percentage. */
  FRACTION("fraction", "%", BigDecimal.ZERO, BigDecimal.ONE),
  /** A ratio of two rates or durations, printed with a trailing x. */
  RATIO("ratio", "x", BigDecimal.ZERO, null),
  /** Nanoseconds. */
  NANOSECONDS("ns", " ns", null, null),
  /** Microseconds. */
  MICROSECONDS("us", " \u00b5s", null, null),
  /** Hours (a wall-clock span of campaigns). */
  HOURS("h", " h", null, null),
  /** Milliseconds. */
  MILLISECONDS("ms", " ms", null, null),
  /** A pure number without unit (a correlation, a reduced-fraction denominator). */
  DIMENSIONLESS("1", "", null, null);

  private final String symbol;
  private final String suffix;
  private final BigDecimal lowest;
  private final BigDecimal highest;

  Unit(String symbol, String suffix, BigDecimal lowest, BigDecimal highest) {
    this.symbol = symbol;
    this.suffix = suffix;
    this.lowest = lowest;
    this.highest = highest;
  }

  /**
   * The least value a quantity of this unit is declared to take (a count, a ratio of rates: 0; a fraction: 0); null
   * when unbounded below (a duration, which as an ack-referenced span can be negative). Applies to a statistic's point
   * value, not to the ends of an interval around it (a normal interval of a fraction may reach below 0).
   */
  public BigDecimal lowest() { return lowest; }

  /** The greatest value a quantity of this unit is declared to take (a fraction: 1); null when unbounded above. */
  public BigDecimal highest() { return highest; }

  /** Short name used in JSON and tables. */
  public String symbol() { return symbol; }

  /** What follows the number in plain text. */
  public String suffix() { return suffix; }
}
