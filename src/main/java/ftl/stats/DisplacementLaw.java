package ftl.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.math3.stat.regression.SimpleRegression;

/**
 * The 1/D law measured (docs/architecture.md#vocabulary, "1/D law and exposure"). The law says the displacement
 * {@code D = ack_ns - send_ns} is a scheduling quantity that does not grow with the flight {@code T}, so
 * {@code D/T} falls as {@code 1/T}. Measured over runs (each run one point: its median flight and median
 * displacement), it is the slope of {@code D} on {@code T}: zero under the law, one if {@code D} grows with
 * {@code T} one for one.
 *
 * <p>Formula: ordinary least squares over the runs' points {@code (T_i, D_i)} (Commons Math
 * {@link SimpleRegression}), {@code beta = sum (T_i - mean T)(D_i - mean D) / sum (T_i - mean T)^2},
 * {@code alpha = mean D - beta mean T}; ns per ns (dimensionless) and ns. Interval: percentile bootstrap over
 * runs (Efron and Tibshirani 1993, ch. 13): the points are resampled in pairs with replacement, the slope
 * recomputed, and the type-7 quantiles at {@code (1 -/+ level)/2} taken ({@link Quantiles}); replicates whose
 * slope is undefined (every resampled {@code T} equal) are left out and counted. Random numbers: {@link Bootstraps}.
 * Degenerate case: fewer than two points, or every {@code T} equal, gives NaN slope, intercept and bounds.
 */
public final class DisplacementLaw {

  private DisplacementLaw() {}

  /**
   * The fitted relation {@code D = alpha + beta T} with a bootstrap interval of {@code beta}.
   *
   * @param runs points fitted
   * @param interceptNanos {@code alpha}, ns; NaN when undefined
   * @param slope {@code beta}, dimensionless; NaN when undefined
   * @param lower lower bound of the percentile-bootstrap interval of {@code beta}; NaN when undefined
   * @param upper upper bound; NaN when undefined
   * @param undefinedResamples replicates left out because their slope was undefined
   * @param minFlightNanos smallest flight fitted, ns; NaN without points
   * @param maxFlightNanos largest flight fitted, ns; NaN without points
   */
  public record Fit(int runs, double interceptNanos, double slope, double lower, double upper, int undefinedResamples,
                    double minFlightNanos, double maxFlightNanos) {
    public Fit {
      if (runs < 0 || undefinedResamples < 0) {
        throw new IllegalArgumentException("counts must not be negative");
      }
      if (lower > upper) {
        throw new IllegalArgumentException("interval bounds out of order: " + lower + " > " + upper);
      }
    }

    /** Whether the slope is a number. */
    public boolean defined() {
      return !Double.isNaN(slope);
    }

    /**
     * The relative error of an ack-referenced figure at flight {@code T} under the fitted relation,
     * {@code (alpha + beta T) / T}; dimensionless. Only inside the fitted flights: NaN when {@code T} lies
     * outside {@code [minFlightNanos, maxFlightNanos]} (a straight line is not extrapolated) or the fit is
     * undefined.
     */
    public double relativeError(double flightNanos) {
      if (!(flightNanos >= minFlightNanos && flightNanos <= maxFlightNanos)) {
        return Double.NaN;
      }
      return Exposure.relativeError(interceptNanos + slope * flightNanos, flightNanos);
    }
  }

  /** OLS slope and intercept of {@code y} on {@code x}; NaN pair when fewer than two points or {@code x} constant. */
  static double[] ols(double[] x, double[] y) {
    SimpleRegression r = new SimpleRegression(true);
    for (int i = 0; i < x.length; i++) {
      r.addData(x[i], y[i]);
    }
    return new double[] {r.getIntercept(), r.getSlope()};
  }

  /**
   * Fits {@code D} on {@code T} over runs with its bootstrap interval (class javadoc).
   *
   * @param flightsNanos each run's median flight, ns
   * @param displacementsNanos each run's median displacement, ns, same order
   */
  public static Fit fit(double[] flightsNanos, double[] displacementsNanos, RateRatio.Bootstrap bootstrap) {
    if (flightsNanos.length != displacementsNanos.length) {
      throw new IllegalArgumentException("flights and displacements differ in length: " + flightsNanos.length + " vs "
          + displacementsNanos.length);
    }
    int n = flightsNanos.length;
    double[] point = ols(flightsNanos, displacementsNanos);
    if (Double.isNaN(point[1])) {
      return new Fit(n, Double.NaN, Double.NaN, Double.NaN, Double.NaN, 0, Double.NaN, Double.NaN);
    }
    Bootstraps.Interval ci = Bootstraps.percentile(bootstrap, rng -> {
      double[] x = new double[n];
      double[] y = new double[n];
      for (int i = 0; i < n; i++) {
        int pick = rng.nextInt(n);
        x[i] = flightsNanos[pick];
        y[i] = displacementsNanos[pick];
      }
      return ols(x, y)[1];
    });
    return new Fit(n, point[0], point[1], ci.lower(), ci.upper(), ci.undefined(),
        Arrays.stream(flightsNanos).min().getAsDouble(), Arrays.stream(flightsNanos).max().getAsDouble());
  }

  /**
   * The runs whose median flight falls in {@code [lowerNanos, upperNanos)}.
   *
   * @param lowerNanos inclusive lower edge, ns
   * @param upperNanos exclusive upper edge, ns ({@code +Infinity} for the last band)
   * @param runs runs in the band
   * @param medianFlightNanos type-7 median of their flights, ns; NaN when empty
   * @param medianDisplacementNanos type-7 median of their displacements, ns; NaN when empty
   * @param medianRatio type-7 median of their {@code D_i / T_i}, dimensionless; NaN when empty
   */
  public record Band(double lowerNanos, double upperNanos, int runs, double medianFlightNanos,
                     double medianDisplacementNanos, double medianRatio) {
    public Band {
      if (!(lowerNanos < upperNanos) || runs < 0) {
        throw new IllegalArgumentException("not a band: [" + lowerNanos + ", " + upperNanos + ") with " + runs
            + " runs");
      }
    }
  }

  /**
   * Runs grouped into flight bands by their median flight: for edges {@code e_0 < e_1 < ... < e_k}, band
   * {@code j} holds the runs with {@code e_j <= T_i < e_{j+1}}, and reports the medians of {@code T}, {@code D}
   * and {@code D/T} over them ({@link Quantiles#median}); runs outside every band are not in any. Degenerate
   * case: an empty band has NaN medians. Runs with {@code T_i <= 0} are refused (a flight is positive).
   */
  public static List<Band> bands(double[] flightsNanos, double[] displacementsNanos, double[] edgesNanos) {
    List<Band> out = new ArrayList<>();
    for (double t : flightsNanos) {
      if (!(t > 0)) {
        throw new IllegalArgumentException("a flight must be positive: " + t);
      }
    }
    for (int j = 0; j + 1 < edgesNanos.length; j++) {
      List<double[]> in = new ArrayList<>();
      for (int i = 0; i < flightsNanos.length; i++) {
        if (flightsNanos[i] >= edgesNanos[j] && flightsNanos[i] < edgesNanos[j + 1]) {
          in.add(new double[] {flightsNanos[i], displacementsNanos[i]});
        }
      }
      double[] t = in.stream().mapToDouble(p -> p[0]).toArray();
      double[] d = in.stream().mapToDouble(p -> p[1]).toArray();
      double[] ratio = in.stream().mapToDouble(p -> p[1] / p[0]).toArray();
      out.add(new Band(edgesNanos[j], edgesNanos[j + 1], in.size(), Quantiles.median(t), Quantiles.median(d),
          Quantiles.median(ratio)));
    }
    return out;
  }
}
