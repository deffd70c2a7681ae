package ftl.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Known answers of the grid law's held-out prediction of a benchmark's dropped share, hand-computed. */
class HeldOutGuardTest {

  private static final long US = 1_000L;
  private static final long MS = 1_000_000L;
  private static final long[] QUARTERS = {200 * US, 400 * US, 600 * US, 800 * US};

  /** A flight distribution, send interval and grid with the hand-computed prediction. */
  record Known(String label, long[] flights, long s, int grid, long b, double mean, double sigma, double min,
               double max) {
    @Override
    public String toString() {
      return label;
    }
  }

  static Stream<Known> known() {
    return Stream.of(
        // b = 1: d(p0) = 1 - S(q - p0) is 1, .75, .5, .25, 0 on fifths of [0, 1 ms)
        new Known("flights 200-800us at 1ms (b = 1)", QUARTERS, MS, 1000, 1, 0.5, Math.sqrt(0.125), 0, 1),
        // b = 4: the four phases p0 + k 250us see S = .., d = .625, .5625, .5, .4375, .375 on fifths of [0, 250us)
        new Known("flights 200-800us at 250us (b = 4)", QUARTERS, 250 * US, 1000, 4, 0.5, Math.sqrt(0.0078125),
            0.375, 0.625),
        // s/q = 5/4: the same four phases as 250us, in another order
        new Known("flights 200-800us at 1250us (b = 4)", QUARTERS, 1250 * US, 1000, 4, 0.5, Math.sqrt(0.0078125),
            0.375, 0.625),
        // a constant flight of half a quantum with b = 1: all or nothing, half the phases each
        new Known("constant 500us at 1ms: all or nothing", new long[] {500 * US, 500 * US, 500 * US}, MS, 1000, 1,
            0.5, 0.5, 0, 1),
        // b = 2 with the same constant flight: exactly one of the two phases kept, whatever the start
        new Known("constant 500us at 500us (b = 2): always half", new long[] {500 * US}, 500 * US, 1000, 2, 0.5, 0,
            0.5, 0.5),
        // every flight at or above a quantum: nothing dropped; a negative flight counts as 0 (dropped everywhere)
        new Known("flights of 1ms and more: none dropped", new long[] {MS, 3 * MS}, MS, 10, 1, 0, 0, 0, 0),
        new Known("one negative flight of two", new long[] {-5 * US, 2 * MS}, MS, 10, 1, 0.5, 0, 0.5, 0.5),
        // one grid point: the start phase 0 only (a flight of 1ms is kept there, one of 999us is not)
        new Known("grid of one phase", new long[] {999 * US, MS}, MS, 1, 1, 0.0005, 0, 0.5, 0.5));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("known")
  void predict_knownFlights_giveHandComputedShares(Known k) {
    HeldOutGuard.Prediction p = HeldOutGuard.predict(k.flights(), k.s(), MS, k.grid());
    assertThat(p.phases()).isEqualTo(k.b());
    assertThat(p.meanDropped()).isCloseTo(k.mean(), within(1e-12));
    assertThat(p.sigmaDropped()).isCloseTo(k.sigma(), within(1e-9));
    assertThat(p.minDropped()).isCloseTo(k.min(), within(1e-12));
    assertThat(p.maxDropped()).isCloseTo(k.max(), within(1e-12));
    assertThat(p.gridPoints()).isEqualTo(k.grid());
    assertThat(p.flights()).isEqualTo(k.flights().length);
  }

  @Test
  void predict_unsortedInput_isNotModifiedAndGivesTheSortedAnswer() {
    long[] flights = {800 * US, 200 * US, 600 * US, 400 * US};
    HeldOutGuard.Prediction p = HeldOutGuard.predict(flights, MS, MS, 1000);
    assertThat(flights).containsExactly(800 * US, 200 * US, 600 * US, 400 * US);
    assertThat(p).isEqualTo(HeldOutGuard.predict(QUARTERS, MS, MS, 1000));
  }

  @Test
  void predict_badArguments_areRefused() {
    assertThatThrownBy(() -> HeldOutGuard.predict(new long[0], MS, MS, 10))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no flight");
    assertThatThrownBy(() -> HeldOutGuard.predict(QUARTERS, MS, MS, 0))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("grid points");
    assertThatThrownBy(() -> HeldOutGuard.predict(QUARTERS, 0, MS, 10))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> HeldOutGuard.predict(null, MS, MS, 10)).isInstanceOf(NullPointerException.class);
  }

  /**
   * The prediction's grid values summed phase by phase, {@code d(p0) = 1 - (1/b) sum_k S(q - p0 - k g)}: the oracle.
   */
  private static double[] phaseByPhase(long[] flights, long s, long q, int grid) {
    long b = GridLaw.reduce(s, q).denominator();
    long g = q / b;
    long[] t = flights.clone();
    Arrays.sort(t);
    double min = 1;
    double max = 0;
    for (int j = 0; j < grid; j++) {
      long p0 = j * g / grid;
      long kept = 0;
      for (long k = 0; k < b; k++) {
        kept += HeldOutGuard.atLeast(t, q - p0 - k * g);
      }
      double d = 1 - (double) kept / ((double) b * t.length);
      min = Math.min(min, d);
      max = Math.max(max, d);
    }
    return new double[] {min, max};
  }

  /**
   * Issue 43: the prediction summed over the b phases at every grid point, so an interval one nanosecond off the
   * quantum (b = 10^6) took 10^9 binary searches and did not answer within 60 s. It now counts per flight: the same
   * numbers as the phase-by-phase sum on seeded random flights, and an answer at b = 10^6 well inside a second.
   */
  @Test
  void predict_manyPhases_equalsThePhaseByPhaseSumAndAnswersInBoundedTime() {
    SplittableRandom rnd = new SplittableRandom(43);
    for (long s : new long[] {MS, 250 * US, 1250 * US, 1001 * US, 999_999, 3 * MS + 7}) {
      long[] flights = new long[200];
      for (int i = 0; i < flights.length; i++) {
        flights[i] = rnd.nextLong(-50 * US, 2 * MS);
      }
      double[] oracle = phaseByPhase(flights, s, MS, 97);
      HeldOutGuard.Prediction p = HeldOutGuard.predict(flights, s, MS, 97);
      assertThat(p.minDropped()).as("min at s = %d", s).isCloseTo(oracle[0], within(1e-12));
      assertThat(p.maxDropped()).as("max at s = %d", s).isCloseTo(oracle[1], within(1e-12));
    }
    long[] many = new long[100_000];
    for (int i = 0; i < many.length; i++) {
      many[i] = rnd.nextLong(0, 2 * MS);
    }
    HeldOutGuard.Prediction p = Assertions.assertTimeoutPreemptively(Duration.ofSeconds(10),
        () -> HeldOutGuard.predict(many, MS + 1, MS, 1000));
    assertThat(p.phases()).isEqualTo(MS);
  }

  @Test
  void atLeast_duplicatesAndGaps_countEveryValueAtOrAbove() {
    long[] sorted = {1, 2, 2, 2, 5};
    assertThat(HeldOutGuard.atLeast(sorted, 2)).isEqualTo(4);
    assertThat(HeldOutGuard.atLeast(sorted, 3)).isEqualTo(1);
    assertThat(HeldOutGuard.atLeast(sorted, 0)).isEqualTo(5);
    assertThat(HeldOutGuard.atLeast(sorted, 6)).isZero();
    assertThat(HeldOutGuard.atLeast(new long[] {7, 7, 7}, 7)).isEqualTo(3);
  }

  /** Observed runs against the b = 1 quarters prediction (mean .5, sigma sqrt(.125), range [0, 1]). */
  record Observed(String label, double[] dropped, double tolerance, double mean, double half, boolean meanInside,
                  int outside, boolean held) {
    @Override
    public String toString() {
      return label;
    }
  }

  static Stream<Observed> observed() {
    double half3 = 2 * Math.sqrt(0.125) / Math.sqrt(3);
    return Stream.of(
        new Observed("three runs around the mean: held", new double[] {0.2, 0.5, 0.8}, 0.05, 0.5, half3, true, 0, true),
        new Observed("three runs all dropped: mean outside", new double[] {1, 1, 1}, 0.05, 1, half3, false, 0, false),
        new Observed("one run above the widened range", new double[] {1.06}, 0.05, 1.06, 2 * Math.sqrt(0.125), true,
            1, false),
        new Observed("one run below the widened range", new double[] {-0.06}, 0.05, -0.06, 2 * Math.sqrt(0.125), true,
            1, false));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("observed")
  void check_observedRuns_giveTheStatedVerdict(Observed o) {
    HeldOutGuard.Prediction p = HeldOutGuard.predict(QUARTERS, MS, MS, 1000);
    HeldOutGuard.Check c = HeldOutGuard.check(o.dropped(), p, o.tolerance());
    assertThat(c.runs()).isEqualTo(o.dropped().length);
    assertThat(c.observedMean()).isCloseTo(o.mean(), within(1e-12));
    assertThat(c.halfWidth()).isCloseTo(o.half(), within(1e-9));
    assertThat(c.meanInside()).isEqualTo(o.meanInside());
    assertThat(c.outsideRange()).isEqualTo(o.outside());
    assertThat(c.held()).isEqualTo(o.held());
  }

  @Test
  void check_narrowPrediction_usesTheToleranceAsHalfWidth() {
    HeldOutGuard.Prediction p = HeldOutGuard.predict(new long[] {500 * US}, 500 * US, MS, 1000);
    HeldOutGuard.Check c = HeldOutGuard.check(new double[] {0.53, 0.56}, p, 0.05);
    assertThat(c.halfWidth()).isEqualTo(0.05);
    assertThat(c.meanInside()).isTrue();
    assertThat(c.outsideRange()).isEqualTo(1);
    assertThat(c.held()).isFalse();
  }

  @Test
  void check_badArguments_areRefused() {
    HeldOutGuard.Prediction p = HeldOutGuard.predict(QUARTERS, MS, MS, 10);
    assertThatThrownBy(() -> HeldOutGuard.check(new double[0], p, 0.05))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no observed run");
    assertThatThrownBy(() -> HeldOutGuard.check(new double[] {0.5}, p, -1))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("tolerance");
    assertThatThrownBy(() -> HeldOutGuard.check(new double[] {0.5}, p, Double.NaN))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("tolerance");
    assertThatThrownBy(() -> HeldOutGuard.check(new double[] {Double.NaN}, p, 0.05))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not finite");
    assertThatThrownBy(() -> HeldOutGuard.check(new double[] {0.5}, null, 0.05))
        .isInstanceOf(NullPointerException.class);
  }

  @Test
  void records_invalidValues_areRefused() {
    assertThatThrownBy(() -> new HeldOutGuard.Prediction(0, 0.5, 0, 0, 1, 1, 1))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new HeldOutGuard.Prediction(1, 0.5, 0, 0, 1, 0, 1))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new HeldOutGuard.Prediction(1, 0.5, 0, 0, 1, 1, 0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new HeldOutGuard.Prediction(1, 0.5, 0, 1, 0, 1, 1))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new HeldOutGuard.Prediction(1, 0.5, -1, 0, 1, 1, 1))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new HeldOutGuard.Check(0, 0.5, 0.1, true, 0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new HeldOutGuard.Check(1, 0.5, 0.1, true, -1))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new HeldOutGuard.Check(1, 0.5, 0.1, true, 2)).isInstanceOf(IllegalArgumentException.class);
  }
}
