package ftl.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The 1/D law (docs/architecture.md#vocabulary, "1/D law and exposure"): the displacement {@code D = ack_ns - send_ns}
 * is a scheduling quantity that does not grow with the path, so the relative error it puts into an
 * <b>ack-referenced</b> span, {@code D / T} for a flight {@code T}, falls as {@code 1/T}. The crossover is
 * the flight at which {@code D} equals {@code T}; below it the displacement exceeds the flight it is a
 * correction to. This applies to ack-referenced spans only: a harness that subtracts a send stamp measures
 * the flight itself and is off the curve entirely.
 */
public final class Exposure {

  private Exposure() {}

  /**
   * Relative error of an ack-referenced figure, {@code D / T}; dimensionless. Degenerate case: {@code T <= 0}
   * (no flight) gives {@code NaN}.
   */
  public static double relativeError(double displacementNanos, double flightNanos) {
    if (!(flightNanos > 0.0)) {
      return Double.NaN;
    }
    return displacementNanos / flightNanos;
  }

  /** A flight on the curve: a grid point or a published median, with where it comes from. */
  public record FlightPoint(String label, double flightNanos, String source) {
    public FlightPoint {
      Objects.requireNonNull(label, "label");
      Objects.requireNonNull(source, "source");
      if (label.isBlank()) {
        throw new IllegalArgumentException("label must not be blank");
      }
      if (!(flightNanos > 0.0) || Double.isInfinite(flightNanos)) {
        throw new IllegalArgumentException("flight must be positive and finite: " + flightNanos + " (" + label + ")");
      }
    }
  }

  /**
   * One point of the exposure curve.
   *
   * @param point the flight and its source
   * @param relativeError {@code D / T}, dimensionless
   * @param belowCrossover {@code T < D}: the displacement exceeds the flight
   */
  public record ExposurePoint(FlightPoint point, double relativeError, boolean belowCrossover) {
    public ExposurePoint {
      Objects.requireNonNull(point, "point");
      if (!(relativeError >= 0.0)) {
        throw new IllegalArgumentException("relative error must be a non-negative number: " + relativeError);
      }
    }
  }

  /**
   * The exposure curve for one displacement: {@code D / T} at each flight, in the caller's order.
   *
   * @param displacementNanos the declared {@code D} (e.g. a measured median displacement), ns, {@code >= 0}
   * @param crossoverFlightNanos the flight where {@code D / T = 1}, which for a fixed {@code D} is {@code D}
   * @param points the curve
   */
  public record Curve(double displacementNanos, double crossoverFlightNanos, List<ExposurePoint> points) {
    public Curve {
      points = List.copyOf(points);
      if (crossoverFlightNanos != displacementNanos) {
        throw new IllegalArgumentException("for a fixed D the crossover is D itself");
      }
    }

    /** Number of points below the crossover. */
    public long belowCrossoverCount() {
      return points.stream().filter(ExposurePoint::belowCrossover).count();
    }
  }

  /**
   * Exposure curve: for a fixed displacement {@code D} (ns, finite, {@code >= 0}) and flights {@code T_i},
   * the points {@code (T_i, D / T_i)}, flagged below the crossover when {@code T_i < D}. Dimensionless
   * ratios; no degenerate case, since every {@link FlightPoint} has {@code T > 0}. Ack-referenced spans
   * only.
   */
  public static Curve curve(double displacementNanos, List<FlightPoint> flights) {
    if (!(displacementNanos >= 0.0) || Double.isInfinite(displacementNanos)) {
      throw new IllegalArgumentException("displacement must be finite and non-negative: " + displacementNanos);
    }
    List<ExposurePoint> out = new ArrayList<>(flights.size());
    for (FlightPoint f : flights) {
      double e = relativeError(displacementNanos, f.flightNanos());
      out.add(new ExposurePoint(f, e, f.flightNanos() < displacementNanos));
    }
    return new Curve(displacementNanos, displacementNanos, out);
  }

  /**
   * One bin of displacement against flight, e.g. the medians of {@code D} and {@code T} within a flight bin,
   * nanoseconds.
   */
  public record Bin(double flightNanos, double displacementNanos) {
    public Bin {
      if (!Double.isFinite(flightNanos) || !Double.isFinite(displacementNanos)) {
        throw new IllegalArgumentException("bin must be finite: (" + flightNanos + ", " + displacementNanos + ")");
      }
    }
  }

  /**
   * Crossover from binned medians.
   *
   * @param found whether {@code D - T} changes sign (or reaches 0) between or at the bins
   * @param flightNanos the crossover flight, ns, by linear interpolation of {@code D - T} between the two
   *     bracketing bins; {@code NaN} when not found
   */
  public record Crossover(boolean found, double flightNanos) {
    public Crossover {
      if (found == Double.isNaN(flightNanos)) {
        throw new IllegalArgumentException("crossover flight must be NaN exactly when not found");
      }
    }
  }

  /**
   * Crossover flight from binned medians, bins ordered by increasing flight: the first bin where
   * {@code D - T = 0}, else the first adjacent pair where {@code D - T} changes sign, interpolated linearly,
   * {@code T* = T_i + (T_{i+1} - T_i) e_i / (e_i - e_{i+1})} with {@code e = D - T}; ns. Degenerate case:
   * no sign change (including fewer than two bins without an exact zero) gives not found.
   */
  public static Crossover crossover(List<Bin> binsByFlight) {
    for (int i = 0; i < binsByFlight.size(); i++) {
      Bin b = binsByFlight.get(i);
      if (i > 0 && !(b.flightNanos() > binsByFlight.get(i - 1).flightNanos())) {
        throw new IllegalArgumentException("bins must be ordered by strictly increasing flight (bin " + i + ")");
      }
    }
    for (int i = 0; i < binsByFlight.size(); i++) {
      Bin b = binsByFlight.get(i);
      double e = b.displacementNanos() - b.flightNanos();
      if (e == 0.0) {
        return new Crossover(true, b.flightNanos());
      }
      if (i + 1 < binsByFlight.size()) {
        Bin c = binsByFlight.get(i + 1);
        double f = c.displacementNanos() - c.flightNanos();
        if ((e > 0.0 && f < 0.0) || (e < 0.0 && f > 0.0)) {
          return new Crossover(true, b.flightNanos() + (c.flightNanos() - b.flightNanos()) * e / (e - f));
        }
      }
    }
    return new Crossover(false, Double.NaN);
  }
}
