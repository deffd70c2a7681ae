package ftl.quantity.core;

/**
 * A number as a registry value, the same way in every section: a finite number is a {@link Value.Real}, anything else
 * unavailable saying why; the mean and the extremes of a list of per-run numbers, unavailable for an empty list.
 */
public final class Values {
  private Values() {}

  /** A finite number as a value, or unavailable for {@code why}. */
  public static Value real(double v, String why) {
    return Double.isFinite(v) ? new Value.Real(v) : new Value.Unavailable(why);
  }

  /** A finite number as a value, or unavailable because no message was received (a tool's NaN). */
  public static Value finite(double x) {
    return real(x, "not a finite number (no message received)");
  }

  /** The arithmetic mean of the per-run numbers; unavailable without a run, or when it is not finite. */
  public static Value mean(double[] xs) {
    double s = 0;
    for (double x : xs) {
      s += x;
    }
    return xs.length == 0 ? new Value.Unavailable("no ok run") : finite(s / xs.length);
  }

  /**
   * The largest ({@code max}) or smallest of the per-run numbers; unavailable without a run, or when it is not finite.
   */
  public static Value extreme(double[] xs, boolean max) {
    if (xs.length == 0) {
      return new Value.Unavailable("no ok run");
    }
    double v = xs[0];
    for (double x : xs) {
      v = max ? Math.max(v, x) : Math.min(v, x);
    }
    return finite(v);
  }
}
