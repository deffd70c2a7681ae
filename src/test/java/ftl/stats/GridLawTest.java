package ftl.stats;

import static ftl.data.ledger.Events.event;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import ftl.data.ledger.Event;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class GridLawTest {

  private static final long MS = 1_000_000L;

  /** A send interval and quantum with the reduced fraction a/b expected. */
  record Reduction(String label, long s, long q, long a, long b) {
    @Override
    public String toString() {
      return label;
    }
  }

  static Stream<Reduction> reductions() {
    return Stream.of(
        new Reduction("1250us over 1ms is 5/4", 1_250_000, MS, 5, 4),
        new Reduction("1ms over 1ms is 1/1", MS, MS, 1, 1),
        new Reduction("2ms over 1ms is 2/1", 2 * MS, MS, 2, 1),
        new Reduction("500ns over 1ms is 1/2000", 500, MS, 1, 2000),
        new Reduction("1000001ns over 1ms is coprime", 1_000_001, MS, 1_000_001, 1_000_000),
        new Reduction("333333ns over 1ms", 333_333, MS, 333_333, 1_000_000),
        new Reduction("1100us over 1ms is 11/10", 1_100_000, MS, 11, 10),
        new Reduction("750us over 1ms is 3/4", 750_000, MS, 3, 4),
        new Reduction("1ms over 1us is 1000/1", MS, 1_000, 1000, 1),
        new Reduction("largest longs", Long.MAX_VALUE, Long.MAX_VALUE - 1, Long.MAX_VALUE, Long.MAX_VALUE - 1));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("reductions")
  void reduce_knownIntervals_giveLowestTerms(Reduction c) {
    assertThat(GridLaw.reduce(c.s(), c.q())).isEqualTo(new ExactFraction(c.a(), c.b()));
    GridLaw.AllowedRetentions allowed = GridLaw.allowedRetentions(c.s(), c.q());
    assertThat(allowed.phases()).isEqualTo(c.b());
    assertThat(allowed.size()).isEqualTo(c.b() + 1);
  }

  /** A constant-latency prediction with its hand-computed kept phases out of b. */
  record Known(String label, long s, long q, long latency, long offset, long kept, long phases) {
    @Override
    public String toString() {
      return label;
    }
  }

  static Stream<Known> knownPredictions() {
    return Stream.of(
        new Known("s = q, phase 0, L = 0.4q: nothing", MS, MS, 400_000, 0, 0, 1),
        new Known("s = q, phase exactly 1 - L/q: everything (boundary is kept)", MS, MS, 400_000, 600_000, 1, 1),
        new Known("s = q, phase 1 ns below the boundary: nothing", MS, MS, 400_000, 599_999, 0, 1),
        new Known("s = q, negative offset with phase 0.6q: everything", MS, MS, 400_000, -400_000, 1, 1),
        new Known("s = 2q is still all-or-nothing", 2 * MS, MS, 999_999, 1, 1, 1),
        new Known("5/4, L = 0.5q: phases 0.5 and 0.75", 1_250_000, MS, 500_000, 0, 2, 4),
        new Known("5/4, L = 0.25q: phase 0.75 only", 1_250_000, MS, 250_000, 0, 1, 4),
        new Known("5/4, L = 0.3q: phase 0.75 only", 1_250_000, MS, 300_000, 0, 1, 4),
        new Known("5/4, L = 0.3q, offset 0.1q: phases 0.85 only", 1_250_000, MS, 300_000, 100_000, 1, 4),
        new Known("5/4, L = 0.3q, offset 0.2q: phases 0.7 and 0.95", 1_250_000, MS, 300_000, 200_000, 2, 4),
        new Known("5/4, L = q: every phase", 1_250_000, MS, MS, 0, 4, 4),
        new Known("5/4, L = 3q: every phase", 1_250_000, MS, 3 * MS, 12_345, 4, 4),
        new Known("5/4, L = 0: no phase", 1_250_000, MS, 0, 0, 0, 4),
        new Known("5/4, L = 0, offset at the last phase: no phase", 1_250_000, MS, 0, 999_999, 0, 4),
        new Known("1/2000, L = 0.1q: exactly L/q", 500, MS, 100_000, 0, 200, 2000),
        new Known("1/2000, L = 1 ns: one phase at most", 500, MS, 1, 0, 0, 2000),
        new Known("1/2000, L = 1 ns, offset 499: the last phase", 500, MS, 1, 499, 1, 2000),
        new Known("3/4, L = q - 1: three of four", 750_000, MS, MS - 1, 0, 3, 4));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("knownPredictions")
  void predict_handComputedCases_giveExactKeptPhases(Known c) {
    GridLaw.Prediction p = GridLaw.predict(c.s(), c.q(), c.latency(), c.offset());
    assertThat(p).isEqualTo(new GridLaw.Prediction(c.kept(), c.phases()));
    assertThat(p.retention()).isEqualTo(ExactFraction.of(c.kept(), c.phases()));
    assertThat(p.value()).isEqualTo((double) c.kept() / c.phases());
  }

  /** A random (s, q, L, offset) for the brute-force comparison. */
  record Grid(String label, long s, long q, long latency, long offset) {
    @Override
    public String toString() {
      return label;
    }
  }

  static Stream<Grid> randomGrids() {
    SplittableRandom rnd = new SplittableRandom(4_0001L);
    long[] quanta = {1_000, 1_000_000, 1_000_000, 10_000_000, 1 << 20, 7, 999_983};
    List<Grid> cases = new ArrayList<>();
    while (cases.size() < 600) {
      long q = quanta[rnd.nextInt(quanta.length)];
      long s;
      switch (cases.size() % 4) {
        case 0 -> s = q * rnd.nextLong(1, 5); // b = 1: all-or-nothing
        case 1 -> s = q / (1 + rnd.nextInt(50)) * rnd.nextLong(1, 9) + 1; // mostly large b
        case 2 -> s = Math.max(1, q * rnd.nextLong(1, 40) / rnd.nextLong(1, 40)); // small b
        default -> s = rnd.nextLong(1, 3 * q + 2);
      }
      long b = q / ExactFraction.gcd(s, q);
      if (b > 200_000) {
        continue;
      }
      long latency = switch (cases.size() % 5) {
        case 0 -> 0;
        case 1 -> q + rnd.nextLong(0, 5 * q);
        default -> rnd.nextLong(0, q);
      };
      long offset = rnd.nextLong(-1_000_000_000_000L, 1_000_000_000_000L);
      cases.add(new Grid("s=" + s + " q=" + q + " L=" + latency + " offset=" + offset + " (b=" + b + ")", s, q,
          latency, offset));
    }
    return cases.stream();
  }

  /** Counts surviving sends over {@code cycles} whole cycles by sending them, one by one. */
  private static long simulate(Grid g, long phases, int cycles) {
    long kept = 0;
    for (long n = 0; n < phases * cycles; n++) {
      long t = g.offset() + n * g.s();
      if (Math.floorDiv(t + g.latency(), g.q()) > Math.floorDiv(t, g.q())) {
        kept++;
      }
    }
    return kept;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("randomGrids")
  void predict_randomGrid_equalsBruteForceOverWholeCyclesAndIsAMultipleOfOneOverB(Grid g) {
    GridLaw.Prediction p = GridLaw.predict(g.s(), g.q(), g.latency(), g.offset());
    long b = GridLaw.reduce(g.s(), g.q()).denominator();
    assertThat(p.phases()).isEqualTo(b);
    int cycles = b <= 1000 ? 3 : 1;
    assertThat(simulate(g, b, cycles)).isEqualTo(p.keptPhases() * cycles);
    assertThat(GridLaw.allowedRetentions(g.s(), g.q()).contains(p.retention())).isTrue();
    if (g.latency() >= g.q()) {
      assertThat(p.keptPhases()).isEqualTo(b);
    } else if (g.latency() == 0) {
      assertThat(p.keptPhases()).isZero();
    } else {
      // The grid law's limit: within one phase of L/q.
      assertThat(p.value()).isCloseTo((double) g.latency() / g.q(), within(1.0 / b + 1e-12));
    }
    if (b == 1) {
      assertThat(p.keptPhases()).isIn(0L, 1L);
    }
  }

  @Test
  void allowedRetentions_members_areExactlyTheMultiplesOfOneOverB() {
    GridLaw.AllowedRetentions allowed = GridLaw.allowedRetentions(1_250_000, MS);
    assertThat(allowed.get(0)).isEqualTo(new ExactFraction(0, 1));
    assertThat(allowed.get(2)).isEqualTo(new ExactFraction(1, 2));
    assertThat(allowed.get(4)).isEqualTo(new ExactFraction(1, 1));
    assertThat(allowed.contains(new ExactFraction(3, 4))).isTrue();
    assertThat(allowed.contains(new ExactFraction(1, 3))).isFalse();
    assertThat(allowed.contains(new ExactFraction(5, 4))).isFalse();
    assertThatThrownBy(() -> allowed.get(-1)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> allowed.get(5)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> new GridLaw.AllowedRetentions(0)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void predict_invalidArguments_throw() {
    assertThatThrownBy(() -> GridLaw.predict(0, MS, 1, 0)).hasMessageContaining("send interval");
    assertThatThrownBy(() -> GridLaw.predict(MS, -1, 1, 0)).hasMessageContaining("quantum");
    assertThatThrownBy(() -> GridLaw.predict(MS, MS, -1, 0)).hasMessageContaining("latency");
    assertThatThrownBy(() -> new GridLaw.Prediction(5, 4)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new GridLaw.Prediction(-1, 4)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new GridLaw.Prediction(0, 0)).hasMessageContaining("phase count");
    assertThat(new GridLaw.Prediction(4, 4).value()).isEqualTo(1.0);
    assertThat(new GridLaw.Prediction(0, 4).value()).isEqualTo(0.0);
  }

  @Test
  void predictRun_fixture_predictsFromOwnPhasesAndFlights() {
    GridLaw.RunPrediction r = GridLaw.predictRun(EventFixtures.load("grid_run.csv"));
    assertThat(r).isEqualTo(new GridLaw.RunPrediction(7, 4, 3, 6, 1));
    assertThat(r.predictedRetention()).isEqualTo(new Rate(4, 7));
    assertThat(r.observedRetention()).isEqualTo(new Rate(3, 7));
    assertThat(r.plus(GridLaw.RunPrediction.EMPTY)).isEqualTo(r);
    assertThat(r.plus(new GridLaw.RunPrediction(2, 1, 2, 1, 3))).isEqualTo(new GridLaw.RunPrediction(9, 5, 5, 7, 4));
  }

  @Test
  void predictRun_missingCreateTimeOrRecvMicros_isSkipped() {
    var events = List.of(
        event(1, 0, 10, 2_000_000, 1_000_500, Event.MISSING, 1000),
        event(2, 0, 10, 2_000_000, 1_000_500, 1_002_500, Event.MISSING));
    assertThat(GridLaw.predictRun(events)).isEqualTo(new GridLaw.RunPrediction(0, 0, 0, 0, 2));
  }

  @Test
  void countPredictedKept_arrays_countsPairsCrossingATick() {
    long[] sends = {0, 999, 500, -1, -1000};
    long[] flights = {999, 1, 499, 1, 0};
    // 0+999 stays, 999+1 crosses, 500+499 stays, -1+1 crosses into tick 0, -1000+0 stays.
    assertThat(GridLaw.countPredictedKept(sends, flights, 1000)).isEqualTo(2);
    assertThatThrownBy(() -> GridLaw.countPredictedKept(new long[1], new long[2], 1000))
        .hasMessageContaining("length");
    assertThatThrownBy(() -> GridLaw.predictKept(Long.MAX_VALUE, 1, 1000)).isInstanceOf(ArithmeticException.class);
    assertThatThrownBy(() -> GridLaw.predictKept(0, 1, 0)).hasMessageContaining("quantum");
  }

  /** A binomial test case with its exact two-sided p-value. */
  record Binomial(String label, long n, long k, double p, double pValue, boolean consistent) {
    @Override
    public String toString() {
      return label;
    }
  }

  static Stream<Binomial> binomialCases() {
    return Stream.of(
        new Binomial("0 of 10 at 1/2: 2/1024", 10, 0, 0.5, 2.0 / 1024, false),
        new Binomial("2 of 10 at 1/2: 112/1024", 10, 2, 0.5, 112.0 / 1024, true),
        new Binomial("5 of 10 at 1/2: 1", 10, 5, 0.5, 1.0, true),
        new Binomial("10 of 10 at 1/2: 2/1024", 10, 10, 0.5, 2.0 / 1024, false),
        new Binomial("0 of 5 at 0: certain and seen", 5, 0, 0.0, 1.0, true),
        new Binomial("1 of 5 at 0: impossible", 5, 1, 0.0, 0.0, false),
        new Binomial("5 of 5 at 1: certain and seen", 5, 5, 1.0, 1.0, true),
        new Binomial("4 of 5 at 1: impossible", 5, 4, 1.0, 0.0, false),
        new Binomial("1 of 1 at 1/4: 1/4 + 0 (outcome 0 is likelier)", 1, 1, 0.25, 0.25, true));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("binomialCases")
  void testRetention_knownCases_giveExactTwoSidedPValue(Binomial c) {
    GridLaw.RetentionTest t = GridLaw.testRetention(c.n(), c.k(), c.p(), 0.05);
    assertThat(t.pValue()).isCloseTo(c.pValue(), within(1e-12));
    assertThat(t.defined()).isTrue();
    assertThat(t.consistent()).isEqualTo(c.consistent());
  }

  @Test
  void testRetention_nothingTaken_isUndefinedNotInconsistent() {
    GridLaw.RetentionTest t = GridLaw.testRetention(0, 0, 0.5, 0.05);
    assertThat(t.pValue()).isNaN();
    assertThat(t.defined()).isFalse();
    assertThat(t.consistent()).isFalse();
  }

  @Test
  void testRetention_edges_pValueAtAlphaIsConsistentAndIntMaxIsAccepted() {
    assertThat(new GridLaw.RetentionTest(10, 0, 0.5, 0.05, 0.05).consistent()).isTrue();
    assertThat(new GridLaw.RetentionTest(10, 0, 0.5, Math.nextDown(0.05), 0.05).consistent()).isFalse();
    assertThat(new GridLaw.RetentionTest(10, 10, 0.5, 0.0, 0.05).pValue()).isZero();
    assertThat(new GridLaw.RetentionTest(10, 10, 0.5, 1.0, 0.05).pValue()).isEqualTo(1.0);
    GridLaw.RetentionTest big = GridLaw.testRetention(Integer.MAX_VALUE, Integer.MAX_VALUE, 1.0, 0.05);
    assertThat(big.pValue()).isEqualTo(1.0);
    assertThat(new GridLaw.RunPrediction(2, 2, 2, 2, 0).agreeing()).isEqualTo(2);
    assertThat(new GridLaw.RunPrediction(0, 0, 0, 0, 0).events()).isZero();
    assertThat(new GridLaw.RunPrediction(2, 2, 0, 0, 0).agreeing()).isZero();
  }

  @Test
  void testRetention_againstPrediction_usesItsValue() {
    GridLaw.Prediction half = GridLaw.predict(1_250_000, MS, 500_000, 0);
    assertThat(GridLaw.testRetention(10, 2, half, 0.05).pValue()).isCloseTo(112.0 / 1024, within(1e-12));
  }

  @Test
  void testRetention_invalidArguments_throw() {
    assertThatThrownBy(() -> GridLaw.testRetention(5, 6, 0.5, 0.05)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> GridLaw.testRetention(-1, 0, 0.5, 0.05)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> GridLaw.testRetention(5, -1, 0.5, 0.05)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> GridLaw.testRetention(5, 1, 1.5, 0.05)).hasMessageContaining("probability");
    assertThatThrownBy(() -> GridLaw.testRetention(5, 1, -0.1, 0.05)).hasMessageContaining("probability");
    assertThatThrownBy(() -> new GridLaw.RetentionTest(-1, 0, 0.5, 0.5, 0.05)).hasMessageContaining("observedKept");
    assertThatThrownBy(() -> new GridLaw.RetentionTest(5, -1, 0.5, 0.5, 0.05)).hasMessageContaining("observedKept");
    assertThatThrownBy(() -> new GridLaw.RetentionTest(5, 6, 0.5, 0.5, 0.05)).hasMessageContaining("observedKept");
    assertThatThrownBy(() -> new GridLaw.RetentionTest(5, 1, 1.5, 0.5, 0.05)).hasMessageContaining("probability");
    assertThatThrownBy(() -> new GridLaw.RetentionTest(5, 1, 0.5, 0.5, 0.0)).hasMessageContaining("alpha");
    assertThatThrownBy(() -> GridLaw.testRetention(5, 1, 0.5, 0.0)).hasMessageContaining("alpha");
    assertThatThrownBy(() -> GridLaw.testRetention(5, 1, 0.5, 1.0)).hasMessageContaining("alpha");
    assertThatThrownBy(() -> GridLaw.testRetention(Integer.MAX_VALUE + 1L, 1, 0.5, 0.05))
        .hasMessageContaining("limited");
    assertThatThrownBy(() -> new GridLaw.RetentionTest(5, 1, 0.5, Double.NaN, 0.05))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new GridLaw.RetentionTest(0, 0, 0.5, 0.5, 0.05))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new GridLaw.RetentionTest(5, 1, 0.5, -0.1, 0.05))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new GridLaw.RetentionTest(5, 1, 0.5, 1.1, 0.05))
        .isInstanceOf(IllegalArgumentException.class);
  }

  /** Invalid run predictions: events, predicted, observed, agreeing, skipped. */
  static Stream<long[]> invalidRunPredictions() {
    return Stream.of(
        new long[] {-1, 0, 0, 0, 0},
        new long[] {1, -1, 0, 0, 0},
        new long[] {1, 0, -1, 0, 0},
        new long[] {1, 0, 0, -1, 0},
        new long[] {1, 0, 0, 0, -1},
        new long[] {1, 2, 0, 0, 0},
        new long[] {1, 0, 2, 0, 0},
        new long[] {1, 0, 0, 2, 0},
        new long[] {4, 3, 1, 3, 0}, // at least 2 disagree
        new long[] {4, 2, 1, 2, 0}); // disagreement parity
  }

  @ParameterizedTest
  @MethodSource("invalidRunPredictions")
  void runPrediction_inconsistentCounts_throws(long[] c) {
    assertThatThrownBy(() -> new GridLaw.RunPrediction(c[0], c[1], c[2], c[3], c[4]))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
