package ftl.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Known answers of the Mantel–Haenszel rate ratio, the permutation test and Holm's correction. */
class StratifiedRateRatioTest {
  private static final RateRatio.Bootstrap BOOT = new RateRatio.Bootstrap(200, 3, 0.95);

  static StratifiedRateRatio.Stratum s(String name, List<Rate> num, List<Rate> den) {
    return new StratifiedRateRatio.Stratum(name, num, den);
  }

  @Test
  void pooled_twoStrata_matchesHandComputedMantelHaenszel() {
    // stratum 1: 4/100 vs 2/100 -> a N0/N = 4*100/200 = 2, b N1/N = 2*100/200 = 1
    // stratum 2: 1/50 vs 3/150 -> a N0/N = 1*150/200 = 0.75, b N1/N = 3*50/200 = 0.75
    // RR_MH = (2 + 0.75) / (1 + 0.75) = 11/7
    StratifiedRateRatio.Pooled p = StratifiedRateRatio.pooled(List.of(
        s("one", List.of(new Rate(4, 100)), List.of(new Rate(2, 100))),
        s("two", List.of(new Rate(1, 50)), List.of(new Rate(3, 150))),
        s("no fifo runs", List.of(new Rate(1, 10)), List.of())), BOOT);
    assertThat(p.ratio()).isCloseTo(11.0 / 7.0, within(1e-12));
    assertThat(p.strata()).isEqualTo(2);
    assertThat(p.skipped()).isEqualTo(1);
    // one run per group: every resample is the point
    assertThat(p.lower()).isCloseTo(11.0 / 7.0, within(1e-12));
    assertThat(p.upper()).isCloseTo(11.0 / 7.0, within(1e-12));
    assertThat(p.defined()).isTrue();
  }

  @Test
  void pooled_resamplesWithoutNegatives_areCountedInfiniteOrUndefined() {
    StratifiedRateRatio.Pooled p = StratifiedRateRatio.pooled(List.of(
        s("one", List.of(new Rate(1, 10), new Rate(0, 10)), List.of(new Rate(1, 10), new Rate(0, 10)))), BOOT);
    assertThat(p.ratio()).isEqualTo(1.0);
    assertThat(p.infiniteResamples()).isPositive();
    assertThat(p.undefinedResamples()).isPositive();
    assertThat(p.upper()).isInfinite();
  }

  @Test
  void pooled_noNegativeInDenominator_isInfiniteWithoutInterval() {
    StratifiedRateRatio.Pooled p = StratifiedRateRatio.pooled(List.of(
        s("one", List.of(new Rate(1, 10)), List.of(new Rate(0, 10)))), BOOT);
    assertThat(p.ratio()).isInfinite();
    assertThat(p.defined()).isFalse();
    assertThat(p.lower()).isNaN();
    assertThat(StratifiedRateRatio.pooled(List.of(), BOOT).ratio()).isNaN();
  }

  // The known answers below were written for the second Mantel–Haenszel implementation campaign fifojvm used
  // (MantelHaenszelRateRatio, merged into this class): they hold for the one estimator that remains.

  @Test
  void pooled_twoStrataOneRunEach_ratioTwoAndDegenerateInterval() {
    // S1: x1=10 n1=100, x0=5 n0=100: top 5, bottom 2.5. S2: x1=4 n1=200, x0=1 n0=100: top 4/3, bottom 2/3. RR = 2
    StratifiedRateRatio.Pooled p = StratifiedRateRatio.pooled(List.of(
        s("a", List.of(new Rate(10, 100)), List.of(new Rate(5, 100))),
        s("b", List.of(new Rate(4, 200)), List.of(new Rate(1, 100)))), BOOT);
    assertThat(p.ratio()).isCloseTo(2.0, within(1e-12));
    assertThat(p.lower()).isCloseTo(2.0, within(1e-12)); // one run per group: every replicate is the same
    assertThat(p.upper()).isCloseTo(2.0, within(1e-12));
    assertThat(p.strata()).isEqualTo(2);
    assertThat(p.skipped()).isZero();
  }

  @Test
  void pooled_stratumWithoutDenominatorRuns_isSkippedAndReplicatesVary() {
    StratifiedRateRatio.Pooled p = StratifiedRateRatio.pooled(List.of(
        s("a", List.of(new Rate(10, 100), new Rate(0, 100)), List.of(new Rate(5, 100), new Rate(0, 100))),
        s("none", List.of(new Rate(4, 200)), List.of())), BOOT);
    assertThat(p.ratio()).isCloseTo(2.0, within(1e-12));
    assertThat(p.strata()).isEqualTo(1);
    assertThat(p.skipped()).isEqualTo(1);
    assertThat(p.undefinedResamples()).isPositive(); // replicates drawing only the runs without negatives are 0/0
    assertThat(p.lower()).isLessThanOrEqualTo(2.0);
    assertThat(p.upper()).isGreaterThanOrEqualTo(2.0);
  }

  @Test
  void pooled_onlyNegativesInNumerator_isInfiniteAndBothZero_isNaN() {
    assertThat(StratifiedRateRatio.pooled(List.of(
        s("a", List.of(new Rate(0, 100)), List.of(new Rate(0, 100)))), BOOT).ratio()).isNaN();
    assertThat(StratifiedRateRatio.pooled(List.of(
        s("a", List.of(new Rate(3, 100)), List.of(new Rate(0, 100)))), BOOT).ratio()).isInfinite();
  }

  @Test
  void pooled_infiniteReplicates_keptAboveFinite() {
    StratifiedRateRatio.Pooled p = StratifiedRateRatio.pooled(List.of(
        s("a", List.of(new Rate(5, 100), new Rate(5, 100)), List.of(new Rate(2, 100), new Rate(0, 100)))),
        new RateRatio.Bootstrap(400, 3, 0.95));
    assertThat(p.ratio()).isCloseTo(5.0, within(1e-12));
    assertThat(p.upper()).isInfinite();
  }

  @Test
  void mantelHaenszel_replicateStratumWithoutEventsInAGroup_addsNothing() {
    // A replicate can draw only event-less runs of one group in a stratum: that stratum adds nothing, as in the
    // point estimate, instead of 0/0 (NaN) poisoning both sums. Stratum "b" is 2/10 vs 1/10 alone: RR 2.
    Rate[] b = {new Rate(2, 10), new Rate(1, 10)};
    assertThat(StratifiedRateRatio.mantelHaenszel(List.of(new Rate[] {Rate.EMPTY, Rate.EMPTY}, b))).isEqualTo(2.0);
    assertThat(StratifiedRateRatio.mantelHaenszel(List.of(new Rate[] {new Rate(1, 10), Rate.EMPTY}, b))).isEqualTo(2.0);
    assertThat(StratifiedRateRatio.mantelHaenszel(List.of(new Rate[] {Rate.EMPTY, new Rate(1, 10)}, b))).isEqualTo(2.0);
  }

  @Test
  void pooledRecord_inconsistentValues_areRefused() {
    assertThatThrownBy(() -> new StratifiedRateRatio.Pooled(1, 2, 1, 0, 0, 0, 0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new StratifiedRateRatio.Pooled(1, 0, 1, -1, 0, 0, 0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new StratifiedRateRatio.Pooled(1, 0, 1, 0, -1, 0, 0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new StratifiedRateRatio.Pooled(1, 0, 1, 0, 0, -1, 0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new StratifiedRateRatio.Pooled(1, 0, 1, 0, 0, 0, -1)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void permutationPValue_identicalGroups_isOne() {
    double p = StratifiedRateRatio.permutationPValue(
        s("same", List.of(new Rate(1, 10), new Rate(1, 10)), List.of(new Rate(1, 10), new Rate(1, 10))), 100, 1);
    assertThat(p).isEqualTo(1.0);
  }

  @Test
  void permutationPValue_separatedGroups_isSmall() {
    // 4 runs each; only the labelling that keeps the groups apart (or swaps them) is as extreme: 2 of C(8,4) = 70
    List<Rate> high = List.of(new Rate(9, 10), new Rate(9, 10), new Rate(9, 10), new Rate(9, 10));
    List<Rate> low = List.of(new Rate(0, 10), new Rate(0, 10), new Rate(0, 10), new Rate(0, 10));
    double p = StratifiedRateRatio.permutationPValue(s("apart", high, low), 2000, 5);
    assertThat(p).isLessThan(0.06).isGreaterThan(0.0);
  }

  @Test
  void permutationPValue_runWithoutEvents_countsItsGroupAsNoDifference() {
    double p = StratifiedRateRatio.permutationPValue(
        s("empty run", List.of(new Rate(0, 0)), List.of(new Rate(1, 10))), 50, 2);
    assertThat(p).isNaN();
    assertThat(StratifiedRateRatio.permutationPValue(s("no fifo events", List.of(new Rate(1, 10)), List.of(new Rate(0, 0))), 50, 2))
        .isNaN();
    double q = StratifiedRateRatio.permutationPValue(
        s("empty runs", List.of(new Rate(0, 0), new Rate(2, 10)), List.of(new Rate(0, 0), new Rate(1, 10))), 200, 2);
    assertThat(q).isGreaterThan(0.0).isLessThanOrEqualTo(1.0);
  }

  @Test
  void permutationPValue_noPermutation_isRefused() {
    assertThatThrownBy(() -> StratifiedRateRatio.permutationPValue(s("x", List.of(), List.of()), 0, 1))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void holm_threePValues_matchesHandComputedStepDown() {
    // sorted 0.01, 0.02, 0.04 -> 0.03, 0.04, 0.04 (monotone), in input order
    double[] h = StratifiedRateRatio.holm(new double[] {0.04, 0.01, 0.02});
    assertThat(h[0]).isCloseTo(0.04, within(1e-15));
    assertThat(h[1]).isCloseTo(0.03, within(1e-15));
    assertThat(h[2]).isCloseTo(0.04, within(1e-15));
    assertThat(StratifiedRateRatio.holm(new double[] {0.5, 0.6})).containsExactly(1.0, 1.0);
    assertThat(StratifiedRateRatio.holm(new double[0])).isEmpty();
  }

  @Test
  void holm_nan_isRefused() {
    assertThatThrownBy(() -> StratifiedRateRatio.holm(new double[] {Double.NaN})).isInstanceOf(IllegalArgumentException.class);
  }
}
