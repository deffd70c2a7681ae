package ftl.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.stats.RateRatio.Bootstrap;
import ftl.stats.RateRatio.Estimate;
import ftl.stats.RateRatio.Status;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class RateRatioTest {

  private static final Bootstrap SMALL = new Bootstrap(400, 11L, 0.95);

  @Test
  void estimate_pooledGroups_givesExactRatioOfPooledRates() {
    Estimate e = RateRatio.estimate(List.of(new Rate(10, 100), new Rate(30, 100)),
        List.of(new Rate(1, 100), new Rate(1, 100)));
    assertThat(e.numerator()).isEqualTo(new Rate(40, 200));
    assertThat(e.denominator()).isEqualTo(new Rate(2, 200));
    assertThat(e.ratio()).isEqualTo(20.0);
    assertThat(e.status()).isEqualTo(Status.DEFINED);
    assertThat(e.bootstrap()).isEqualTo(Bootstrap.standard());
    assertThat(e.lower()).isLessThanOrEqualTo(e.upper());
  }

  @Test
  void estimate_singleRunGroups_intervalCollapsesOntoThePoint() {
    Estimate e = RateRatio.estimate(List.of(new Rate(8, 80)), List.of(new Rate(1, 100)), SMALL);
    assertThat(e.ratio()).isEqualTo(10.0);
    assertThat(e.lower()).isEqualTo(10.0);
    assertThat(e.upper()).isEqualTo(10.0);
    assertThat(e.undefinedResamples()).isZero();
    assertThat(e.infiniteResamples()).isZero();
  }

  /** Degenerate groups and the status and ratio they must give. */
  record Degenerate(String label, List<Rate> num, List<Rate> den, Status status, double ratio) {
    @Override
    public String toString() {
      return label;
    }
  }

  static Stream<Degenerate> degenerateGroups() {
    return Stream.of(
        new Degenerate("numerator group empty", List.of(), List.of(new Rate(1, 10)), Status.NUMERATOR_NO_EVENTS,
        Double.NaN),
        new Degenerate("numerator runs without events", List.of(new Rate(0, 0)), List.of(new Rate(1, 10)),
            Status.NUMERATOR_NO_EVENTS, Double.NaN),
        new Degenerate("denominator group empty", List.of(new Rate(1, 10)), List.of(), Status.DENOMINATOR_NO_EVENTS,
            Double.NaN),
        new Degenerate("no negatives anywhere: 0/0", List.of(new Rate(0, 10)), List.of(new Rate(0, 10)),
            Status.BOTH_NO_NEGATIVES, Double.NaN),
        new Degenerate("no negatives in the denominator: infinite", List.of(new Rate(3, 10)), List.of(new Rate(0, 10)),
            Status.DENOMINATOR_NO_NEGATIVES, Double.POSITIVE_INFINITY),
        new Degenerate("no negatives in the numerator: zero, defined", List.of(new Rate(0, 10)),
            List.of(new Rate(3, 10)), Status.DEFINED, 0.0));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("degenerateGroups")
  void estimate_degenerateGroups_reportStatusWithoutThrowing(Degenerate c) {
    Estimate e = RateRatio.estimate(c.num(), c.den(), SMALL);
    assertThat(e.status()).isEqualTo(c.status());
    assertThat(Double.valueOf(e.ratio())).isEqualTo(Double.valueOf(c.ratio()));
    if (c.status() != Status.DEFINED) {
      assertThat(e.lower()).isNaN();
      assertThat(e.upper()).isNaN();
    }
  }

  @Test
  void estimate_denominatorRunWithoutNegatives_countsInfiniteReplicates() {
    Estimate e = RateRatio.estimate(List.of(new Rate(5, 10)), List.of(new Rate(0, 10), new Rate(2, 10)), SMALL);
    assertThat(e.ratio()).isEqualTo(5.0);
    // Both denominator runs drawn as the clean one: probability 1/4 per replicate.
    assertThat(e.infiniteResamples()).isBetween(60, 140);
    assertThat(e.upper()).isEqualTo(Double.POSITIVE_INFINITY);
    assertThat(e.lower()).isEqualTo(2.5);
  }

  @Test
  void estimate_numeratorRunWithoutEvents_leavesOutUndefinedReplicates() {
    Estimate e = RateRatio.estimate(List.of(new Rate(0, 0), new Rate(5, 10)), List.of(new Rate(1, 10)), SMALL);
    assertThat(e.ratio()).isEqualTo(5.0);
    assertThat(e.undefinedResamples()).isBetween(60, 140);
    // Every defined replicate draws the (5, 10) run at least once, so every one is exactly 5.
    assertThat(e.lower()).isEqualTo(5.0);
    assertThat(e.upper()).isEqualTo(5.0);
  }

  @Test
  void estimate_allReplicatesUndefined_intervalIsNaN() {
    // One replicate, seed chosen so both numerator draws hit the empty run.
    for (long seed = 0; seed < 200; seed++) {
      Bootstrap one = new Bootstrap(1, seed, 0.9);
      Estimate e = RateRatio.estimate(List.of(new Rate(0, 0), new Rate(5, 10)), List.of(new Rate(1, 10)), one);
      if (e.undefinedResamples() == 1) {
        assertThat(e.lower()).isNaN();
        assertThat(e.upper()).isNaN();
        return;
      }
    }
    throw new AssertionError("no seed below 200 drew the empty run twice");
  }

  /** Random groups of runs for the independent re-computation. */
  record Groups(String label, List<Rate> num, List<Rate> den, Bootstrap bootstrap) {
    @Override
    public String toString() {
      return label;
    }
  }

  static Stream<Groups> randomGroups() {
    SplittableRandom rnd = new SplittableRandom(2_0001L);
    List<Groups> cases = new ArrayList<>();
    for (int i = 0; i < 120; i++) {
      List<Rate> num = new ArrayList<>();
      List<Rate> den = new ArrayList<>();
      int runsNum = 1 + rnd.nextInt(12);
      int runsDen = 1 + rnd.nextInt(12);
      for (int j = 0; j < runsNum; j++) {
        long total = rnd.nextLong(0, 5_000);
        num.add(new Rate(total == 0 ? 0 : rnd.nextLong(0, total / 5 + 1), total));
      }
      for (int j = 0; j < runsDen; j++) {
        long total = rnd.nextLong(1, 5_000);
        den.add(new Rate(rnd.nextLong(0, total / 50 + 2), total));
      }
      Bootstrap b = new Bootstrap(50 + rnd.nextInt(300), rnd.nextLong(), i % 2 == 0 ? 0.95 : 0.9);
      cases.add(new Groups("groups " + i + " (" + runsNum + " vs " + runsDen + " runs)", num, den, b));
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("randomGroups")
  void estimate_randomGroups_matchesIndependentRecomputation(Groups c) {
    Estimate e = RateRatio.estimate(c.num(), c.den(), c.bootstrap());
    long nc = c.num().stream().mapToLong(Rate::count).sum();
    long nt = c.num().stream().mapToLong(Rate::total).sum();
    long dc = c.den().stream().mapToLong(Rate::count).sum();
    long dt = c.den().stream().mapToLong(Rate::total).sum();
    if (nt == 0 || dc == 0) {
      assertThat(e.status()).isNotEqualTo(Status.DEFINED);
      return;
    }
    assertThat(e.ratio()).isCloseTo(((double) nc / nt) / ((double) dc / dt),
        Assertions.within(1e-12 * e.ratio() + 1e-300));
    // Replay the declared procedure sequentially, with the JDK's SplittableRandom as the SplitMix64 stream: replicate i
    // seeded with the (i + 1)-th draw of SplitMix64(seed), numerator draws then denominator draws, Lemire's bounded
    // ints.
    SplittableRandom seeds = new SplittableRandom(c.bootstrap().seed());
    List<Double> reps = new ArrayList<>();
    int undefined = 0;
    for (int i = 0; i < c.bootstrap().resamples(); i++) {
      SplittableRandom rng = new SplittableRandom(seeds.nextLong());
      long[] a = draw(c.num(), rng);
      long[] b = draw(c.den(), rng);
      if (a[1] == 0 || b[1] == 0 || (a[0] == 0 && b[0] == 0)) {
        undefined++;
      } else if (b[0] == 0) {
        reps.add(Double.POSITIVE_INFINITY);
      } else {
        reps.add(((double) a[0] * b[1]) / ((double) a[1] * b[0]));
      }
    }
    double[] sorted = reps.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    double alpha = 1 - c.bootstrap().level();
    assertThat(e.undefinedResamples()).isEqualTo(undefined);
    assertThat(e.infiniteResamples()).isEqualTo((int) Arrays.stream(sorted).filter(Double::isInfinite).count());
    assertThat(e.lower()).isEqualTo(Quantiles.type7Sorted(sorted, alpha / 2));
    assertThat(e.upper()).isEqualTo(Quantiles.type7Sorted(sorted, 1 - alpha / 2));
    assertThat(e.lower()).isLessThanOrEqualTo(e.upper());
    assertThat(RateRatio.estimate(c.num(), c.den(), c.bootstrap())).isEqualTo(e);
  }

  private static long[] draw(List<Rate> runs, SplittableRandom rng) {
    long count = 0;
    long total = 0;
    for (int j = 0; j < runs.size(); j++) {
      Rate r = runs.get(SplitMix64Test.lemire(rng, runs.size()));
      count += r.count();
      total += r.total();
    }
    return new long[] {count, total};
  }

  @Test
  void range_mixedConditions_spansDefinedRatiosAndCountsTheRest() {
    List<Estimate> conditions = List.of(
        RateRatio.estimate(List.of(new Rate(7, 100)), List.of(new Rate(1, 100)), SMALL),
        RateRatio.estimate(List.of(new Rate(80, 100)), List.of(new Rate(1, 100)), SMALL),
        RateRatio.estimate(List.of(new Rate(12, 100)), List.of(new Rate(1, 100)), SMALL),
        RateRatio.estimate(List.of(new Rate(12, 100)), List.of(new Rate(0, 100)), SMALL),
        RateRatio.estimate(List.of(), List.of(new Rate(1, 100)), SMALL));
    assertThat(RateRatio.range(conditions)).isEqualTo(new RateRatio.Range(7.0, 80.0, 3, 2));
    assertThat(RateRatio.range(List.of())).isEqualTo(new RateRatio.Range(Double.NaN, Double.NaN, 0, 0));
  }

  @Test
  void records_invalidValues_throw() {
    assertThatThrownBy(() -> new Bootstrap(0, 1, 0.95)).hasMessageContaining("resamples");
    assertThatThrownBy(() -> new Bootstrap(10, 1, 1.0)).hasMessageContaining("level");
    assertThatThrownBy(() -> new Bootstrap(10, 1, 0.0)).hasMessageContaining("level");
    Rate r = new Rate(1, 10);
    assertThatThrownBy(() -> new Estimate(r, r, Double.NaN, Status.DEFINED, 1, 1, SMALL, 0, 0))
        .hasMessageContaining("finite");
    assertThatThrownBy(() -> new Estimate(r, r, Double.POSITIVE_INFINITY, Status.DEFINED, 1, 1, SMALL, 0, 0))
        .hasMessageContaining("finite");
    assertThatThrownBy(() -> new Estimate(r, r, -1, Status.DEFINED, 1, 1, SMALL, 0, 0)).hasMessageContaining("finite");
    assertThatThrownBy(() -> new Estimate(r, r, 1, Status.DEFINED, 2, 1, SMALL, 0, 0)).hasMessageContaining("order");
    assertThatThrownBy(() -> new Estimate(r, r, 1, Status.DEFINED, 1, 1, SMALL, -1, 0))
        .hasMessageContaining("replicate");
    assertThatThrownBy(() -> new Estimate(r, r, 1, Status.DEFINED, 1, 1, SMALL, 0, -1))
        .hasMessageContaining("replicate");
    assertThatThrownBy(() -> new Estimate(r, r, 1, Status.DEFINED, 1, 1, SMALL, 300, 101))
        .hasMessageContaining("replicate");
    assertThatThrownBy(() -> new Estimate(null, r, 1, Status.DEFINED, 1, 1, SMALL, 0, 0))
        .isInstanceOf(NullPointerException.class);
    assertThat(new Estimate(r, r, 1, Status.DEFINED, 1, 1, SMALL, 300, 100).infiniteResamples()).isEqualTo(100);
    assertThat(new Estimate(r, r, 0, Status.DEFINED, 0, 0, SMALL, 0, 0).ratio()).isZero();
    assertThat(new RateRatio.Range(5, 5, 1, 0).max()).isEqualTo(5.0);
    assertThatThrownBy(() -> new RateRatio.Range(1, 2, -1, 0)).hasMessageContaining("negative");
    assertThatThrownBy(() -> new RateRatio.Range(1, 2, 0, -1)).hasMessageContaining("negative");
    assertThatThrownBy(() -> new RateRatio.Range(3, 2, 1, 0)).hasMessageContaining("order");
    assertThatThrownBy(() -> new RateRatio.Range(Double.NaN, 2, 1, 0)).hasMessageContaining("order");
    assertThatThrownBy(() -> new RateRatio.Range(1, Double.NaN, 0, 0)).hasMessageContaining("NaN");
    assertThatThrownBy(() -> new RateRatio.Range(Double.NaN, 1, 0, 0)).hasMessageContaining("NaN");
  }
}
