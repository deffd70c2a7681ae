package ftl.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import ftl.data.ledger.Event;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.apache.commons.math3.stat.correlation.PearsonsCorrelation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class CorrelationTest {

  private static final CorrelationWindow FIXTURE_WINDOW = new CorrelationWindow(100, 500, 0, 1000);

  @Test
  void of_windowFixture_givesPointEightAndCountsExclusions() {
    CorrelationResult r = WindowedCorrelation.of(EventFixtures.load("corr_window.csv"), FIXTURE_WINDOW);
    assertThat(r.pairsInWindow()).isEqualTo(5);
    assertThat(r.pairsOutside()).isEqualTo(2);
    assertThat(r.incomplete()).isEqualTo(1);
    assertThat(r.rho()).isCloseTo(0.8, within(1e-12));
    assertThat(r.defined()).isTrue();
    assertThat(r.undefined()).isEqualTo(CorrelationResult.Undefined.NONE);
    assertThat(r.inWindow()).isEqualTo(new Rate(5, 7));
  }

  /** Window bounds are inclusive on all four sides. */
  @Test
  void contains_boundsInclusive_admitsEdgesOnly() {
    assertThat(FIXTURE_WINDOW.contains(100, 0)).isTrue();
    assertThat(FIXTURE_WINDOW.contains(500, 1000)).isTrue();
    assertThat(FIXTURE_WINDOW.contains(99, 0)).isFalse();
    assertThat(FIXTURE_WINDOW.contains(501, 0)).isFalse();
    assertThat(FIXTURE_WINDOW.contains(100, -1)).isFalse();
    assertThat(FIXTURE_WINDOW.contains(100, 1001)).isFalse();
    assertThat(CorrelationWindow.ALL.contains(Long.MIN_VALUE, Long.MAX_VALUE)).isTrue();
    CorrelationWindow point = new CorrelationWindow(5, 5, -3, -3);
    assertThat(point.contains(5, -3)).isTrue();
    assertThat(point.contains(5, -2)).isFalse();
    assertThatThrownBy(() -> new CorrelationWindow(2, 1, 0, 0)).hasMessageContaining("displacement");
    assertThatThrownBy(() -> new CorrelationWindow(0, 0, 2, 1)).hasMessageContaining("ack-span");
  }

  /** A degenerate set of pairs and the reason it is undefined. */
  record Degenerate(String label, long[][] pairs, CorrelationResult.Undefined reason) {
    @Override
    public String toString() {
      return label;
    }
  }

  static Stream<Degenerate> degenerateCases() {
    return Stream.of(
        new Degenerate("no pairs", new long[][] {}, CorrelationResult.Undefined.TOO_FEW_PAIRS),
        new Degenerate("one pair", new long[][] {{1, 2}}, CorrelationResult.Undefined.TOO_FEW_PAIRS),
        new Degenerate("constant D", new long[][] {{5, 1}, {5, 2}, {5, 3}},
        CorrelationResult.Undefined.ZERO_VARIANCE_X),
        new Degenerate("constant A", new long[][] {{1, 7}, {2, 7}, {3, 7}},
        CorrelationResult.Undefined.ZERO_VARIANCE_Y),
        new Degenerate("both constant", new long[][] {{4, 4}, {4, 4}}, CorrelationResult.Undefined.ZERO_VARIANCE_X),
        new Degenerate("constant D at Long.MAX_VALUE",
            new long[][] {{Long.MAX_VALUE, 1}, {Long.MAX_VALUE, 2}, {Long.MAX_VALUE, 9}},
            CorrelationResult.Undefined.ZERO_VARIANCE_X),
        new Degenerate("constant A at Long.MIN_VALUE",
            new long[][] {{1, Long.MIN_VALUE}, {2, Long.MIN_VALUE}}, CorrelationResult.Undefined.ZERO_VARIANCE_Y));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("degenerateCases")
  void result_degenerateInput_isNaNWithReason(Degenerate c) {
    WindowedCorrelation w = new WindowedCorrelation(CorrelationWindow.ALL);
    for (long[] p : c.pairs()) {
      w.acceptPair(p[0], p[1]);
    }
    CorrelationResult r = w.result();
    assertThat(r.rho()).isNaN();
    assertThat(r.undefined()).isEqualTo(c.reason());
    assertThat(r.defined()).isFalse();
  }

  @Test
  void pearson_overflowingDoubles_isUndefinedNotNaNInRange() {
    PairedMoments m = new PairedMoments();
    m.add(-1e300, 1);
    m.add(1e300, 2);
    assertThat(m.undefinedReason()).isEqualTo(CorrelationResult.Undefined.OVERFLOW);
    assertThat(m.pearson()).isNaN();
    PairedMoments y = new PairedMoments();
    y.add(1, -1e300);
    y.add(2, 1e300);
    assertThat(y.undefinedReason()).isEqualTo(CorrelationResult.Undefined.OVERFLOW);
    assertThatThrownBy(() -> m.add(Double.NaN, 1)).hasMessageContaining("finite");
    assertThatThrownBy(() -> m.add(1, Double.POSITIVE_INFINITY)).hasMessageContaining("finite");
  }

  /** A seeded adversarial or well-conditioned set of (D, A) pairs. */
  record Pairs(String label, long[] d, long[] a) {
    @Override
    public String toString() {
      return label;
    }
  }

  static long[][] generate(SplittableRandom rnd, int kind, int n) {
    long[] d = new long[n];
    long[] a = new long[n];
    long base = rnd.nextLong();
    for (int i = 0; i < n; i++) {
      switch (kind) {
        case 0 -> { // huge magnitudes anywhere in the long range
          d[i] = rnd.nextLong();
          a[i] = rnd.nextLong();
        }
        case 1 -> { // near Long.MAX_VALUE, tiny spread: most low bits lost in double
          d[i] = Long.MAX_VALUE - rnd.nextLong(0, 1000);
          a[i] = Long.MIN_VALUE + rnd.nextLong(0, 1000);
        }
        case 2 -> { // near-collinear: A = -D + tiny noise
          d[i] = rnd.nextLong(-1L << 60, 1L << 60);
          a[i] = -d[i] + rnd.nextLong(-2, 3);
        }
        case 3 -> { // alternating signs at the ends of the range
          d[i] = (i % 2 == 0) ? Long.MAX_VALUE - i : Long.MIN_VALUE + i;
          a[i] = (i % 2 == 0) ? Long.MIN_VALUE + i : Long.MAX_VALUE - i;
        }
        case 4 -> { // exactly collinear with a huge offset
          d[i] = base / 2 + i;
          a[i] = base / 2 + 2L * i;
        }
        case 5 -> { // one constant column with rare spikes
          d[i] = i % 97 == 0 ? Long.MAX_VALUE : 42;
          a[i] = rnd.nextLong(-1000, 1000);
        }
        default -> { // realistic D (scheduling) and A (proxy), well conditioned
          d[i] = rnd.nextLong(1_000, 80_000);
          a[i] = 200_000 - 2 * d[i] + rnd.nextLong(-50_000, 50_000);
        }
      }
    }
    return new long[][] {d, a};
  }

  static Stream<Pairs> adversarial() {
    SplittableRandom rnd = new SplittableRandom(3_0001L);
    List<Pairs> cases = new ArrayList<>();
    String[] kinds = {"huge", "near MAX", "near-collinear", "alternating extremes", "collinear offset",
        "constant with spikes", "realistic"};
    for (int i = 0; i < 420; i++) {
      int kind = i % kinds.length;
      int n = 2 + rnd.nextInt(i < 210 ? 8 : 600);
      long[][] p = generate(rnd, kind, n);
      cases.add(new Pairs("case " + i + " " + kinds[kind] + " n=" + n, p[0], p[1]));
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("adversarial")
  void rho_adversarialPairs_isBoundedOrUndefinedAndMergeAgrees(Pairs c) {
    WindowedCorrelation one = new WindowedCorrelation(CorrelationWindow.ALL);
    WindowedCorrelation left = new WindowedCorrelation(CorrelationWindow.ALL);
    WindowedCorrelation right = new WindowedCorrelation(CorrelationWindow.ALL);
    int cut = c.d().length / 2;
    for (int i = 0; i < c.d().length; i++) {
      one.acceptPair(c.d()[i], c.a()[i]);
      (i < cut ? left : right).acceptPair(c.d()[i], c.a()[i]);
    }
    CorrelationResult r = one.result();
    CorrelationResult m = left.merge(right).result();
    for (CorrelationResult x : List.of(r, m)) {
      if (x.defined()) {
        assertThat(x.rho()).isBetween(-1.0, 1.0);
      } else {
        assertThat(x.rho()).isNaN();
      }
      assertThat(x.pairsInWindow()).isEqualTo(c.d().length);
    }
  }

  static Stream<Pairs> wellConditioned() {
    SplittableRandom rnd = new SplittableRandom(3_0002L);
    List<Pairs> cases = new ArrayList<>();
    for (int i = 0; i < 250; i++) {
      int n = 3 + rnd.nextInt(500);
      long[][] p = generate(rnd, 6, n);
      cases.add(new Pairs("realistic " + i + " n=" + n, p[0], p[1]));
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("wellConditioned")
  void rho_wellConditioned_agreesWithTwoPassAndCommonsMath(Pairs c) {
    int n = c.d().length;
    double[] x = new double[n];
    double[] y = new double[n];
    double mx = 0;
    double my = 0;
    for (int i = 0; i < n; i++) {
      x[i] = c.d()[i];
      y[i] = c.a()[i];
      mx += x[i];
      my += y[i];
    }
    mx /= n;
    my /= n;
    double sxx = 0;
    double syy = 0;
    double sxy = 0;
    for (int i = 0; i < n; i++) {
      sxx += (x[i] - mx) * (x[i] - mx);
      syy += (y[i] - my) * (y[i] - my);
      sxy += (x[i] - mx) * (y[i] - my);
    }
    PairedMoments pm = new PairedMoments();
    for (int i = 0; i < n; i++) {
      pm.add(x[i], y[i]);
    }
    assertThat(pm.count()).isEqualTo(n);
    assertThat(pm.meanX()).isCloseTo(mx, within(1e-9 * Math.abs(mx)));
    assertThat(pm.meanY()).isCloseTo(my, within(1e-9 * Math.abs(my) + 1e-6));
    assertThat(pm.comomentXX()).isCloseTo(sxx, within(1e-9 * sxx));
    assertThat(pm.comomentYY()).isCloseTo(syy, within(1e-9 * syy));
    assertThat(pm.comomentXY()).isCloseTo(sxy, within(1e-9 * Math.sqrt(sxx * syy)));
    double twoPass = sxy / Math.sqrt(sxx * syy);
    assertThat(pm.pearson()).isCloseTo(twoPass, within(1e-9));
    assertThat(pm.pearson()).isCloseTo(new PearsonsCorrelation().correlation(x, y), within(1e-9));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("wellConditioned")
  void merge_threeWaySplit_equalsOnePassWithinTolerance(Pairs c) {
    int n = c.d().length;
    PairedMoments one = new PairedMoments();
    PairedMoments[] parts = {new PairedMoments(), new PairedMoments(), new PairedMoments()};
    for (int i = 0; i < n; i++) {
      one.add(c.d()[i], c.a()[i]);
      parts[(int) ((long) i * 3 / n)].add(c.d()[i], c.a()[i]);
    }
    PairedMoments merged = new PairedMoments().merge(parts[0]).merge(new PairedMoments()).merge(parts[1])
        .merge(parts[2]);
    assertThat(merged.count()).isEqualTo(one.count());
    assertThat(merged.comomentXX()).isCloseTo(one.comomentXX(), within(1e-9 * one.comomentXX()));
    assertThat(merged.comomentXY()).isCloseTo(one.comomentXY(),
        within(1e-9 * Math.sqrt(one.comomentXX() * one.comomentYY())));
    assertThat(merged.pearson()).isCloseTo(one.pearson(), within(1e-12));
  }

  @Test
  void accept_events_windowsOnDerivedSpans() {
    WindowedCorrelation a = new WindowedCorrelation(FIXTURE_WINDOW);
    WindowedCorrelation b = new WindowedCorrelation(FIXTURE_WINDOW);
    List<Event> events = EventFixtures.load("corr_window.csv");
    events.subList(0, 4).forEach(a::accept);
    events.subList(4, events.size()).forEach(b::accept);
    CorrelationResult r = a.merge(b).result();
    assertThat(r.pairsInWindow()).isEqualTo(5);
    assertThat(r.pairsOutside()).isEqualTo(2);
    assertThat(r.incomplete()).isEqualTo(1);
    assertThat(r.rho()).isCloseTo(0.8, within(1e-12));
    assertThat(r.window()).isEqualTo(FIXTURE_WINDOW);
  }

  @Test
  void merge_differentWindows_throws() {
    WindowedCorrelation a = new WindowedCorrelation(FIXTURE_WINDOW);
    WindowedCorrelation b = new WindowedCorrelation(CorrelationWindow.ALL);
    assertThatThrownBy(() -> a.merge(b)).hasMessageContaining("different windows");
  }

  @Test
  void result_invalidCombinations_throw() {
    var none = CorrelationResult.Undefined.NONE;
    var few = CorrelationResult.Undefined.TOO_FEW_PAIRS;
    var w = CorrelationWindow.ALL;
    assertThatThrownBy(() -> new CorrelationResult(w, -1, 0, 0, Double.NaN, few))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new CorrelationResult(w, 0, -1, 0, Double.NaN, few))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new CorrelationResult(w, 0, 0, -1, Double.NaN, few))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new CorrelationResult(w, 5, 0, 0, 1.5, none)).hasMessageContaining("[-1, 1]");
    assertThatThrownBy(() -> new CorrelationResult(w, 5, 0, 0, -1.5, none)).hasMessageContaining("[-1, 1]");
    assertThatThrownBy(() -> new CorrelationResult(w, 5, 0, 0, Double.NaN, none)).hasMessageContaining("[-1, 1]");
    assertThatThrownBy(() -> new CorrelationResult(w, 1, 0, 0, 0.5, none)).hasMessageContaining("two pairs");
    assertThatThrownBy(() -> new CorrelationResult(w, 1, 0, 0, 0.5, few)).hasMessageContaining("NaN");
    assertThatThrownBy(() -> new WindowedCorrelation(null)).isInstanceOf(NullPointerException.class);
  }
}
