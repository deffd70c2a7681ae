package ftl.stats;

import static ftl.data.ledger.Events.event;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.ledger.Event;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class GuardAccountingTest {

  @Test
  void of_mixedFixture_countsEveryClassAndMedians() {
    GuardResult r = GuardAccounting.of(EventFixtures.load("guard_mixed.csv"));
    assertThat(r).isEqualTo(new GuardResult(9, 4, 2, 3, 2, 1, 1.0, 0.0, 500.0));
    assertThat(r.retention()).isEqualTo(new Rate(4, 9));
    assertThat(r.dropped()).isEqualTo(5);
  }

  /** One sample M (ms) and the class the guard puts it in. */
  record Sample(String label, long ombMillis, long kept, long zero, long negative, long oneTick) {
    @Override
    public String toString() {
      return label;
    }
  }

  static Stream<Sample> samples() {
    return Stream.of(
        new Sample("M = 1 is kept", 1, 1, 0, 0, 0),
        new Sample("M = 1000 is kept", 1000, 1, 0, 0, 0),
        new Sample("M = 0 is dropped as zero", 0, 0, 1, 0, 0),
        new Sample("M = -1 is a one-tick negative", -1, 0, 0, 1, 1),
        new Sample("M = -2 is negative but not one tick", -2, 0, 0, 1, 0),
        new Sample("M = Long.MIN_VALUE + 1 is negative", Long.MIN_VALUE + 1, 0, 0, 1, 0),
        new Sample("M = Long.MAX_VALUE is kept", Long.MAX_VALUE, 1, 0, 0, 0));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("samples")
  void acceptSample_oneSample_isClassifiedByItsSign(Sample s) {
    GuardAccounting g = new GuardAccounting();
    g.acceptSample(s.ombMillis(), 100);
    GuardResult r = g.result();
    assertThat(r.taken()).isEqualTo(1);
    assertThat(r.kept()).isEqualTo(s.kept());
    assertThat(r.droppedZero()).isEqualTo(s.zero());
    assertThat(r.droppedNegative()).isEqualTo(s.negative());
    assertThat(r.oneTickNegative()).isEqualTo(s.oneTick());
    assertThat(r.allSamplesMedianMillis()).isEqualTo((double) s.ombMillis());
    assertThat(r.medianFlightNanos()).isEqualTo(100.0);
  }

  @Test
  void result_nothingTaken_mediansAreNaNAndRetentionUndefined() {
    GuardAccounting g = new GuardAccounting();
    GuardResult empty = g.result();
    assertThat(empty.guardMedianMillis()).isNaN();
    assertThat(empty.allSamplesMedianMillis()).isNaN();
    assertThat(empty.medianFlightNanos()).isNaN();
    assertThat(empty.retention().defined()).isFalse();
    g.acceptSample(0, Event.MISSING);
    GuardResult zeroOnly = g.result();
    assertThat(zeroOnly.guardMedianMillis()).isNaN();
    assertThat(zeroOnly.allSamplesMedianMillis()).isZero();
    assertThat(zeroOnly.medianFlightNanos()).isNaN();
    assertThat(zeroOnly.retention().value()).isZero();
  }

  @Test
  void clear_forgetsEveryCountAndSample_asANewAccumulator() {
    GuardAccounting reused = new GuardAccounting();
    for (Event e : EventFixtures.load("guard_mixed.csv")) {
      reused.accept(e); // a larger run first: its samples would move the medians below if any were left
    }
    reused.accept(event(99, 0, 10, Event.MISSING, 1_000_000, 1_001_000, 1000));
    GuardResult before = reused.result();
    reused.clear();
    assertThat(reused.result()).as("cleared").isEqualTo(new GuardAccounting().result());
    GuardAccounting fresh = new GuardAccounting();
    for (GuardAccounting g : new GuardAccounting[] {reused, fresh}) {
      g.acceptSample(3, 700);
      g.acceptSample(-1, Event.MISSING);
      g.acceptSample(5, 900);
    }
    assertThat(reused.result()).isEqualTo(fresh.result()).isEqualTo(new GuardResult(3, 2, 0, 1, 1, 0, 3.0, 3.0, 800.0));
    assertThat(before).as("a result taken before is its own").isEqualTo(GuardAccounting.of(withExtra()));
  }

  private static List<Event> withExtra() {
    List<Event> all = new ArrayList<>(EventFixtures.load("guard_mixed.csv"));
    all.add(event(99, 0, 10, Event.MISSING, 1_000_000, 1_001_000, 1000));
    return all;
  }

  @Test
  void accept_missingCreateTime_countsWithoutM() {
    GuardAccounting g = new GuardAccounting();
    g.accept(event(1, 0, 10, 20, 1_000_000, 1_001_000, Event.MISSING));
    g.accept(event(2, 0, 10, Event.MISSING, 1_000_000, 1_001_000, 1000));
    GuardResult r = g.result();
    assertThat(r.withoutM()).isEqualTo(1);
    assertThat(r.taken()).isEqualTo(1);
    assertThat(r.kept()).isEqualTo(1);
    assertThat(r.medianFlightNanos()).isNaN(); // the taken event has no recv_ns
  }

  /** A seeded synthetic run on the millisecond grid. */
  record RunCase(String label, List<Event> events) {
    @Override
    public String toString() {
      return label;
    }
  }

  static Stream<RunCase> randomRuns() {
    SplittableRandom rnd = new SplittableRandom(6_0001L);
    List<RunCase> cases = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      int n = rnd.nextInt(0, 400);
      RandomEvents.Shape shape = i % 2 == 0 ? RandomEvents.Shape.GRID : RandomEvents.Shape.REALISTIC;
      cases.add(new RunCase("run " + i + " (" + shape + ", " + n + " events)", RandomEvents.run(rnd, n, shape)));
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("randomRuns")
  void of_randomRun_countsConserveAndMatchAnIndependentCount(RunCase c) {
    GuardResult r = GuardAccounting.of(c.events());
    assertThat(r.kept() + r.droppedZero() + r.droppedNegative()).isEqualTo(r.taken());
    assertThat(r.taken() + r.withoutM()).isEqualTo(c.events().size());
    // The second, independent way: straight from the stamps, with integer division written out.
    List<Event> delivered = c.events().stream()
        .filter(e -> e.recvMicros() != Event.MISSING && e.createMillis() != Event.MISSING).toList();
    long[] m = delivered.stream()
        .mapToLong(e -> (e.recvMicros() >= 0 ? e.recvMicros() / 1000 : -((-e.recvMicros() + 999) / 1000))
            - e.createMillis())
        .toArray();
    assertThat(r.taken()).isEqualTo(m.length);
    assertThat(r.kept()).isEqualTo(Arrays.stream(m).filter(v -> v > 0).count());
    assertThat(r.droppedZero()).isEqualTo(Arrays.stream(m).filter(v -> v == 0).count());
    assertThat(r.droppedNegative()).isEqualTo(Arrays.stream(m).filter(v -> v < 0).count());
    assertThat(r.oneTickNegative()).isEqualTo(Arrays.stream(m).filter(v -> v == -1).count());
    assertThat(r.allSamplesMedianMillis()).isEqualTo(Quantiles.nearestRank(m, 50.0));
    assertThat(r.guardMedianMillis())
        .isEqualTo(Quantiles.nearestRank(Arrays.stream(m).filter(v -> v > 0).toArray(), 50.0));
    double retention = r.retention().value();
    if (r.taken() > 0) {
      assertThat(retention).isBetween(0.0, 1.0);
    }
    if (r.kept() > 0) {
      assertThat(r.guardMedianMillis()).isGreaterThanOrEqualTo(r.allSamplesMedianMillis());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("randomRuns")
  void merge_splitRun_equalsOnePass(RunCase c) {
    int cut = c.events().size() / 2;
    GuardAccounting a = new GuardAccounting();
    GuardAccounting b = new GuardAccounting();
    c.events().subList(0, cut).forEach(a::accept);
    c.events().subList(cut, c.events().size()).forEach(b::accept);
    assertThat(a.merge(b).result()).isEqualTo(GuardAccounting.of(c.events()));
  }

  /** Invalid count combinations the record must refuse: taken, kept, zero, negative, oneTick, withoutM, medians. */
  static Stream<double[]> invalidResults() {
    double nan = Double.NaN;
    return Stream.of(
        new double[] {-1, 0, 0, 0, 0, 0, nan, nan},
        new double[] {0, -1, 0, 0, 0, 0, nan, nan},
        new double[] {0, 0, -1, 0, 0, 0, nan, nan},
        new double[] {0, 0, 0, -1, 0, 0, nan, nan},
        new double[] {0, 0, 0, 0, -1, 0, nan, nan},
        new double[] {0, 0, 0, 0, 0, -1, nan, nan},
        new double[] {3, 1, 1, 0, 0, 0, 1, 0}, // does not conserve
        new double[] {2, 0, 0, 2, 3, 0, nan, -1}, // more one-tick than negative
        new double[] {1, 0, 1, 0, 0, 0, 1, 0}, // guard median without a kept sample
        new double[] {1, 1, 0, 0, 0, 0, nan, 1}, // kept sample without guard median
        new double[] {1, 1, 0, 0, 0, 0, 1, nan}, // taken without all-samples median
        new double[] {0, 0, 0, 0, 0, 0, nan, 0}, // all-samples median with nothing taken
        new double[] {1, 1, 0, 0, 0, 0, 0.5, 0.5}, // guard median below 1 ms
        new double[] {2, 1, 1, 0, 0, 0, 2, 3}); // guard median below the all-samples median
  }

  @ParameterizedTest
  @MethodSource("invalidResults")
  void constructor_inconsistentResult_throws(double[] v) {
    assertThatThrownBy(() -> new GuardResult((long) v[0], (long) v[1], (long) v[2], (long) v[3], (long) v[4],
        (long) v[5], v[6], v[7], Double.NaN)).isInstanceOf(IllegalArgumentException.class);
  }
}
