package ftl.quantity.core;

/** The unit of a quantity. Format and unit live together in a {@link Quantity}, so text never pairs a number with the wrong unit. */
public enum Unit {
  /** A count of runs, events or samples. */
  COUNT("count", ""),
  /** A fraction in [0, 1], printed as a percentage. */
  FRACTION("fraction", "%"),
  /** A ratio of two rates or durations, printed with a trailing x. */
  RATIO("ratio", "x"),
  /** Nanoseconds. */
  NANOSECONDS("ns", " ns"),
  /** Microseconds. */
  MICROSECONDS("us", " \u00b5s"),
  /** Hours (a wall-clock span of campaigns). */
  HOURS("h", " h"),
  /** Milliseconds. */
  MILLISECONDS("ms", " ms"),
  /** A pure number without unit (a correlation, a reduced-fraction denominator). */
  DIMENSIONLESS("1", "");

  private final String symbol;
  private final String suffix;

  Unit(String symbol, String suffix) {
    this.symbol = symbol;
    this.suffix = suffix;
  }

  /** Short name used in JSON and tables. */
  public String symbol() { return symbol; }

  /** What follows the number in plain text. */
  public String suffix() { return suffix; }
}
