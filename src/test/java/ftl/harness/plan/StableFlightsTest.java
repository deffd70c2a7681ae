package ftl.harness.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The stable_flights warm-up rule's decision as a pure function of the warm-up flights ({@link StableFlights#decide}):
 * each case is a synthetic flight sequence, window by window, and the exact end point and convergence the rule must
 * give.
 */
class StableFlightsTest {
  private static final long U = StableFlights.UNDELIVERED;

  /** Flights of consecutive windows of {@code w} sends, every send of window j with flight {@code mediansNanos[j]}. */
  static long[] windows(int w, long... mediansNanos) {
    long[] f = new long[w * mediansNanos.length];
    for (int j = 0; j < mediansNanos.length; j++) {
      Arrays.fill(f, j * w, (j + 1) * w, mediansNanos[j]);
    }
    return f;
  }

  static Stream<Arguments> decisions() {
    StableFlights r = new StableFlights(10, 20.0, 10, 100);
    return Stream.of(
        Arguments.of("flat from the start: converges after the second window", r,
            windows(10, 900_000, 900_000, 900_000), 20, true),
        Arguments.of("drifting down, then within 20 us: converges at the first stable pair", r,
            windows(10, 8_000_000, 3_000_000, 1_200_000, 1_100_000, 1_090_000, 1_085_000), 50, true),
        Arguments.of("exactly the tolerance apart: converges (|m_j - m_j-1| <= X)", r,
            windows(10, 1_000_000, 1_020_000), 20, true),
        Arguments.of("one ns beyond the tolerance, then stable", r,
            windows(10, 1_000_000, 1_020_001, 1_020_001), 30, true),
        Arguments.of("never stable: ends at max_events, not converged", r,
            windows(10, 1_000_000, 2_000_000, 1_000_000, 2_000_000, 1_000_000, 2_000_000, 1_000_000, 2_000_000,
                1_000_000, 2_000_000), 100, false),
        Arguments.of("nothing delivered: never converges", r, new long[0], 100, false),
        Arguments.of("needs min_events: stable from the start, ends at the window reaching 55 sends",
            new StableFlights(10, 20.0, 55, 100), windows(10, 900_000, 900_000, 900_000, 900_000, 900_000, 900_000,
            900_000), 60, true),
        Arguments.of("needs min_events: a stable pair before it does not count, the first after it does",
            new StableFlights(10, 20.0, 40, 100), windows(10, 900_000, 900_000, 5_000_000, 1_000_000, 1_010_000), 50,
            true),
        Arguments.of("max_events not a multiple of the window: the last window ends at 30, the warm-up at 35",
            new StableFlights(10, 20.0, 20, 35), windows(10, 1_000_000, 2_000_000, 3_000_000, 3_000_000), 35, false),
        Arguments.of("converges exactly at max_events", new StableFlights(10, 20.0, 20, 30),
            windows(10, 1_000_000, 2_000_000, 2_000_000), 30, true));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("decisions")
  void decide_flightSequence_endsWhereTheRuleSays(String label, StableFlights rule, long[] flights, int end,
      boolean converged) {
    StableFlights.Decision d = rule.decide(flights);
    assertThat(d.warmupSends()).as(label).isEqualTo(end);
    assertThat(d.converged()).as(label).isEqualTo(converged);
  }

  @Test
  void decide_undeliveredSends_medianOfTheDeliveredOnly() {
    // window 1: five sends at 1 ms, five undelivered; window 2: all at 1.01 ms -> medians 1 ms and 1.01 ms, 10 us apart
    long[] f = new long[20];
    Arrays.fill(f, 0, 5, 1_000_000);
    Arrays.fill(f, 5, 10, U);
    Arrays.fill(f, 10, 20, 1_010_000);
    assertThat(new StableFlights(10, 10.0, 10, 100).decide(f)).isEqualTo(new StableFlights.Decision(20, true, 2));
    assertThat(new StableFlights(10, 9.999, 10, 100).decide(f).converged()).isFalse();
  }

  @Test
  void decide_windowWithNothingDelivered_neverStableWithItsNeighbours() {
    long[] f = windows(10, 1_000_000, 1_000_000, 1_000_000, 1_000_000);
    Arrays.fill(f, 10, 20, U);
    assertThat(new StableFlights(10, 50.0, 10, 100).decide(f)).isEqualTo(new StableFlights.Decision(40, true, 4));
  }

  @Test
  void medianNanos_evenAndOddCounts_middleOrMeanOfTheTwoMiddle() {
    assertThat(StableFlights.medianNanos(new long[] {5, 1, 3}, 3)).isEqualTo(3.0);
    assertThat(StableFlights.medianNanos(new long[] {4, 1, 3, 2}, 4)).isEqualTo(2.5);
    assertThat(StableFlights.medianNanos(new long[] {9, 9}, 0)).isNaN();
  }

  @Test
  void decider_afterTheEnd_refusesAnotherWindow() {
    StableFlights.Decider d = new StableFlights(10, 20.0, 10, 100).decider();
    assertThat(d.window(1e6)).isFalse();
    assertThat(d.window(1e6)).isTrue();
    assertThat(d.endSends()).isEqualTo(20);
    assertThatThrownBy(() -> d.window(1e6)).isInstanceOf(IllegalStateException.class);
  }

  static Stream<Arguments> invalid() {
    return Stream.of(
        Arguments.of(9, 20.0, 100, 1000, "warmup.window", "at least 10"),
        Arguments.of(10, 0.0, 100, 1000, "warmup.tolerance_us", "above 0"),
        Arguments.of(10, -1.0, 100, 1000, "warmup.tolerance_us", "above 0"),
        Arguments.of(10, Double.NaN, 100, 1000, "warmup.tolerance_us", "above 0"),
        Arguments.of(10, Double.POSITIVE_INFINITY, 100, 1000, "warmup.tolerance_us", "finite"),
        Arguments.of(100, 20.0, 99, 1000, "warmup.min_events", "at least the window, 100"),
        Arguments.of(10, 20.0, 100, 99, "warmup.max_events", "at least min_events, 100"),
        Arguments.of(100, 20.0, 150, 180, "warmup.max_events", "at least 200"),
        Arguments.of(10, 20.0, 100, 10_000_001, "warmup.max_events", "at most 10000000"));
  }

  @ParameterizedTest(name = "W={0} X={1} A={2} B={3}: {4}")
  @MethodSource("invalid")
  void new_numberOutOfRange_namesTheField(int w, double x, int a, int b, String field, String message) {
    assertThatThrownBy(() -> new StableFlights(w, x, a, b)).isInstanceOf(Condition.InvalidField.class)
        .hasMessageStartingWith(field + ": ").hasMessageContaining(message);
  }
}
