package ftl.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import ftl.stats.HeldOutGridLaw.Sends;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Known answers of the held-out grid-law prediction, worked out by hand from its formula. */
class HeldOutGridLawTest {
  private static final long US = 1_000L;
  private static final long MS = 1_000_000L;

  /** One prediction case: schedule, offset, sends, held-out flights (us) and the hand-computed retention. */
  record Case(String label, long s, long phase, long offset, long sends, long[] flightsUs, double expected) {
    @Override
    public String toString() {
      return label;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case("b = 1, phase 600 us: flights >= 400 us of {300, 400, 500} are kept: 2/3", MS, 600 * US, 0, 5,
            new long[] {300, 400, 500}, 2.0 / 3.0),
        new Case("b = 1, phase 0: only flights of a whole quantum: 1/3", MS, 0, 0, 3, new long[] {300, 999, 1000},
        1.0 / 3.0),
        new Case("b = 1 at s = 2 ms, negative first phase -400 us is phase 600 us: 2/3", 2 * MS, -400 * US, 0, 2,
            new long[] {300, 400, 500}, 2.0 / 3.0),
        new Case("5/4 (b = 4), phase 0, 4 sends: phases 0, 250, 500, 750 keep 0, 0, 1/2, 1 of {300, 600}: 3/8",
            1_250 * US, 0, 0, 4, new long[] {300, 600}, 3.0 / 8.0),
        new Case("5/4, 5 sends: the fifth is phase 0 again: (0 + 0 + 1/2 + 1 + 0)/5", 1_250 * US, 0, 0, 5,
            new long[] {300, 600}, 1.5 / 5.0),
        new Case("offset +300 us, phase 0: CreateTime phase 300, needs L >= 1000 - 300 + 300 us: 1/3", MS, 0, 300 * US,
        1,
            new long[] {300, 999, 1000}, 1.0 / 3.0),
        new Case("offset -300 us, phase 100 us: CreateTime phase 800, needs L >= -100 us: every flight", MS, 100 * US,
            -300 * US, 1, new long[] {0, 5}, 1.0));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void predictRetention_knownSchedule_matchesHandComputedShare(Case c) {
    long[] flights = Arrays.stream(c.flightsUs()).map(x -> x * US).toArray();
    assertThat(HeldOutGridLaw.predictRetention(new Sends(c.s(), MS, c.phase(), c.offset(), c.sends()), flights))
        .isCloseTo(c.expected(), within(1e-12));
  }

  @Test
  void predictRetention_noSendsOrNoFlights_isNaN() {
    assertThat(HeldOutGridLaw.predictRetention(new Sends(MS, MS, 0, 0, 0), new long[] {1})).isNaN();
    assertThat(HeldOutGridLaw.predictRetention(new Sends(MS, MS, 0, 0, 3), new long[0])).isNaN();
  }

  @Test
  void predictRetention_invalidInput_isRefused() {
    assertThatThrownBy(() -> HeldOutGridLaw.predictRetention(new Sends(MS, MS, 0, 0, -1), new long[] {1}))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("sends");
    assertThatThrownBy(() -> HeldOutGridLaw.predictRetention(new Sends(0, MS, 0, 0, 1), new long[] {1}))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void atLeast_sortedValues_countsValuesAtOrAboveX() {
    long[] v = {1, 2, 2, 5};
    assertThat(HeldOutGridLaw.atLeast(v, 0)).isEqualTo(4);
    assertThat(HeldOutGridLaw.atLeast(v, 2)).isEqualTo(3);
    assertThat(HeldOutGridLaw.atLeast(v, 3)).isEqualTo(1);
    assertThat(HeldOutGridLaw.atLeast(v, 6)).isZero();
  }

  private static HeldOutGridLaw.RunError run(long pc, long pt, long oc, long ot) {
    return new HeldOutGridLaw.RunError(new Rate(pc, pt), new Rate(oc, ot));
  }

  private static final BigDecimal FIVE_POINTS = new BigDecimal("0.05");

  @Test
  void summarise_errors_givesMedianAbsoluteErrorAndShareWithin() {
    // errors 0.01, -0.10, 0.03, 0.05 (the last exactly on the tolerance: within)
    HeldOutGridLaw.ErrorSummary s = HeldOutGridLaw.summarise(List.of(run(51, 100, 50, 100), run(40, 100, 50, 100),
        run(53, 100, 50, 100), run(55, 100, 50, 100)), FIVE_POINTS);
    assertThat(s.runs()).isEqualTo(4);
    assertThat(s.within()).isEqualTo(3);
    assertThat(s.medianAbsError()).isCloseTo(0.04, within(1e-12));
    assertThat(s.withinShare()).isEqualTo(0.75);
  }

  @Test
  void within_errorExactlyOnTheTolerance_isWithinWhereDoublesSayNot() {
    // 1 - 19/20 = 1/20 exactly, but in doubles 1.0 - 0.95 = 0.050000000000000044 > 0.05
    Rate p = new Rate(2, 2);
    Rate o = new Rate(19, 20);
    assertThat(Math.abs(p.value() - o.value()) <= 0.05).as("the double comparison this replaces").isFalse();
    assertThat(HeldOutGridLaw.within(p, o, FIVE_POINTS)).isTrue();
    assertThat(HeldOutGridLaw.within(o, p, FIVE_POINTS)).isTrue();
    o = new Rate(3, 10);
    assertThat(HeldOutGridLaw.within(new Rate(701, 2000), o, FIVE_POINTS)).isFalse();
    assertThat(HeldOutGridLaw.within(new Rate(699, 2000), o, FIVE_POINTS)).isTrue();
  }

  @Test
  void within_undefinedRatioOrNegativeTolerance_isRefused() {
    assertThatThrownBy(() -> HeldOutGridLaw.within(Rate.EMPTY, new Rate(1, 2), FIVE_POINTS))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> HeldOutGridLaw.within(new Rate(1, 2), Rate.EMPTY, FIVE_POINTS))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> HeldOutGridLaw.within(new Rate(1, 2), new Rate(1, 2), new BigDecimal("-0.01")))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void summarise_noErrors_isEmptyWithNaN() {
    HeldOutGridLaw.ErrorSummary s = HeldOutGridLaw.summarise(List.of(), FIVE_POINTS);
    assertThat(s.runs()).isZero();
    assertThat(s.medianAbsError()).isNaN();
    assertThat(s.withinShare()).isNaN();
  }

  @Test
  void runError_untestedRun_isRefused() {
    assertThatThrownBy(() -> run(0, 0, 1, 2)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("untested");
    assertThatThrownBy(() -> run(1, 2, 0, 0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("untested");
  }

  @Test
  void errorSummary_inconsistentCounts_areRefused() {
    assertThatThrownBy(() -> new HeldOutGridLaw.ErrorSummary(-1, 0, 0, FIVE_POINTS))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new HeldOutGridLaw.ErrorSummary(1, 0, -1, FIVE_POINTS))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new HeldOutGridLaw.ErrorSummary(1, 0, 2, FIVE_POINTS))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new HeldOutGridLaw.ErrorSummary(1, 0, 1, new BigDecimal("-0.1")))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new HeldOutGridLaw.ErrorSummary(1, 0, 1, new BigDecimal("1.1")))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void predictedRetention_isTheExactRatioOfItsCounts() {
    // s/q = 1/2: two phases; N = 3 sends (two on phase 0, one on phase 1), 4 flights
    Rate r = HeldOutGridLaw.predictedRetention(500_000, MS, 3, 4, new long[] {3, 1});
    assertThat(r).isEqualTo(new Rate(7, 12));
    assertThat(HeldOutGridLaw.retentionFromCounts(500_000, MS, 3, 4, new long[] {3, 1})).isEqualTo(7.0 / 12);
    assertThat(HeldOutGridLaw.predictedRetention(500_000, MS, 0, 4, new long[0])).isEqualTo(Rate.EMPTY);
    assertThat(HeldOutGridLaw.predictedRetention(500_000, MS, 3, 0, new long[] {0, 0})).isEqualTo(Rate.EMPTY);
  }

  @Test
  void predictRetention_poolWithoutOneRun_equalsTheDifferenceSorted() {
    SplittableRandom rnd = new SplittableRandom(15);
    for (int c = 0; c < 200; c++) {
      int runs = 2 + rnd.nextInt(5);
      List<long[]> perRun = new ArrayList<>();
      for (int r = 0; r < runs; r++) {
        perRun.add(LongStream.generate(() -> rnd.nextLong(0, 2_500_000)).limit(1 + rnd.nextInt(60)).sorted().toArray());
      }
      long[] pool = perRun.stream().flatMapToLong(Arrays::stream).sorted().toArray();
      int out = rnd.nextInt(runs);
      long[] others = IntStream.range(0, runs).filter(r -> r != out).mapToObj(perRun::get)
          .flatMapToLong(Arrays::stream).sorted().toArray();
      long s = 1 + rnd.nextLong(3_000_000);
      long phase = rnd.nextLong(-2_000_000, 2_000_000);
      long offset = rnd.nextLong(-1_500_000, 1_500_000);
      long sends = rnd.nextLong(0, 700);
      Sends schedule = new Sends(s, 1_000_000, phase, offset, sends);
      double expected = HeldOutGridLaw.predictRetention(schedule, others);
      double got = HeldOutGridLaw.predictRetention(schedule, pool, perRun.get(out));
      assertThat(Double.doubleToRawLongBits(got)).as("case %d", c).isEqualTo(Double.doubleToRawLongBits(expected));
    }
    assertThat(HeldOutGridLaw.predictRetention(new Sends(1_000_000, 1_000_000, 0, 0, 10), new long[] {5},
        new long[] {5})).isNaN();
  }
}
