package ftl.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import ftl.stats.Exposure.Bin;
import ftl.stats.Exposure.FlightPoint;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ExposureTest {

  /** A displacement and flight with the relative error D/T expected. */
  record Known(String label, double d, double t, double expected) {
    @Override
    public String toString() {
      return label;
    }
  }

  static Stream<Known> knownErrors() {
    return Stream.of(
        new Known("D = 50us over T = 1ms is 5%", 50_000, 1_000_000, 0.05),
        new Known("D equal to T is 1 (the crossover)", 80_000, 80_000, 1.0),
        new Known("D twice T is 2 (below the crossover)", 200_000, 100_000, 2.0),
        new Known("D = 0 is no error", 0, 5, 0.0),
        new Known("T = 0 is undefined", 10, 0, Double.NaN),
        new Known("negative T is undefined", 10, -3, Double.NaN),
        new Known("NaN T is undefined", 10, Double.NaN, Double.NaN));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("knownErrors")
  void relativeError_knownPairs_isDOverT(Known c) {
    assertThat(Double.valueOf(Exposure.relativeError(c.d(), c.t()))).isEqualTo(Double.valueOf(c.expected()));
  }

  static Stream<double[]> scaling() {
    SplittableRandom rnd = new SplittableRandom(1_0001L);
    List<double[]> cases = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      cases.add(new double[] {rnd.nextDouble(1, 1e6), rnd.nextDouble(1, 1e9), 1 + rnd.nextInt(1000)});
    }
    return cases.stream();
  }

  @ParameterizedTest
  @MethodSource("scaling")
  void relativeError_flightScaledByK_fallsAsOneOverK(double[] c) {
    double d = c[0];
    double t = c[1];
    double k = c[2];
    assertThat(Exposure.relativeError(d, k * t)).isCloseTo(Exposure.relativeError(d, t) / k,
        within(1e-12 * Exposure.relativeError(d, t)));
  }

  @Test
  void curve_gridAndPublishedMedians_flagsPointsBelowTheCrossover() {
    List<FlightPoint> flights = List.of(
        new FlightPoint("grid 10us", 10_000, "grid"),
        new FlightPoint("published median X", 40_000, "vendor page, 2024"),
        new FlightPoint("grid at D", 50_000, "grid"),
        new FlightPoint("grid 1ms", 1_000_000, "grid"));
    Exposure.Curve c = Exposure.curve(50_000, flights);
    assertThat(c.crossoverFlightNanos()).isEqualTo(50_000);
    assertThat(c.points()).extracting(Exposure.ExposurePoint::relativeError).containsExactly(5.0, 1.25, 1.0, 0.05);
    assertThat(c.points()).extracting(Exposure.ExposurePoint::belowCrossover).containsExactly(true, true, false, false);
    assertThat(c.points().get(1).point().source()).isEqualTo("vendor page, 2024");
    assertThat(c.belowCrossoverCount()).isEqualTo(2);
    assertThat(Exposure.curve(0, flights).belowCrossoverCount()).isZero();
  }

  @Test
  void curve_invalidInput_throws() {
    List<FlightPoint> none = List.of();
    assertThatThrownBy(() -> Exposure.curve(-1, none)).hasMessageContaining("displacement");
    assertThatThrownBy(() -> Exposure.curve(Double.NaN, none)).hasMessageContaining("displacement");
    assertThatThrownBy(() -> Exposure.curve(Double.POSITIVE_INFINITY, none)).hasMessageContaining("displacement");
    assertThatThrownBy(() -> new FlightPoint(" ", 1, "s")).hasMessageContaining("blank");
    assertThatThrownBy(() -> new FlightPoint("x", 0, "s")).hasMessageContaining("positive");
    assertThatThrownBy(() -> new FlightPoint("x", Double.POSITIVE_INFINITY, "s")).hasMessageContaining("positive");
    assertThatThrownBy(() -> new FlightPoint(null, 1, "s")).isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> new FlightPoint("x", 1, null)).isInstanceOf(NullPointerException.class);
    FlightPoint p = new FlightPoint("x", 1, "s");
    assertThatThrownBy(() -> new Exposure.ExposurePoint(p, Double.NaN, false)).hasMessageContaining("non-negative");
    assertThatThrownBy(() -> new Exposure.ExposurePoint(p, -1, false)).hasMessageContaining("non-negative");
    assertThatThrownBy(() -> new Exposure.ExposurePoint(null, 1, false)).isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> new Exposure.Curve(1, 2, List.of())).hasMessageContaining("crossover");
  }

  /** Binned medians and the crossover expected. */
  record Bins(String label, List<Bin> bins, boolean found, double flight) {
    @Override
    public String toString() {
      return label;
    }
  }

  static Stream<Bins> binCases() {
    return Stream.of(
        new Bins("D above then below T: interpolated", List.of(new Bin(10, 30), new Bin(50, 30)), true, 30),
        new Bins("D below then above T (rising D)", List.of(new Bin(10, 5), new Bin(20, 25)), true, 15),
        new Bins("exact zero at a bin", List.of(new Bin(10, 20), new Bin(20, 20), new Bin(40, 20)), true, 20),
        new Bins("exact zero at the last bin", List.of(new Bin(10, 50), new Bin(20, 20)), true, 20),
        new Bins("always above: not found", List.of(new Bin(10, 50), new Bin(20, 60)), false, Double.NaN),
        new Bins("always below: not found", List.of(new Bin(10, 5), new Bin(20, 6)), false, Double.NaN),
        new Bins("one bin off the line: not found", List.of(new Bin(10, 5)), false, Double.NaN),
        new Bins("no bins: not found", List.of(), false, Double.NaN),
        new Bins("second pair changes sign", List.of(new Bin(1, 10), new Bin(5, 10), new Bin(15, 10)), true, 10));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("binCases")
  void crossover_binnedMedians_findsWhereDMeetsT(Bins c) {
    Exposure.Crossover x = Exposure.crossover(c.bins());
    assertThat(x.found()).isEqualTo(c.found());
    if (c.found()) {
      assertThat(x.flightNanos()).isCloseTo(c.flight(), within(1e-12));
    } else {
      assertThat(x.flightNanos()).isNaN();
    }
  }

  @Test
  void crossover_invalidBins_throw() {
    assertThatThrownBy(() -> Exposure.crossover(List.of(new Bin(10, 1), new Bin(10, 2))))
        .hasMessageContaining("increasing");
    assertThatThrownBy(() -> new Bin(Double.NaN, 1)).hasMessageContaining("finite");
    assertThatThrownBy(() -> new Bin(1, Double.POSITIVE_INFINITY)).hasMessageContaining("finite");
    assertThatThrownBy(() -> new Exposure.Crossover(true, Double.NaN)).hasMessageContaining("NaN");
    assertThatThrownBy(() -> new Exposure.Crossover(false, 1)).hasMessageContaining("NaN");
  }
}
