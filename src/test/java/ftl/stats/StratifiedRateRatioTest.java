package ftl.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.math.BigInteger;
import java.util.ArrayList;
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
    assertThatThrownBy(() -> new StratifiedRateRatio.Pooled(1, 2, 1, 0, 0, 0, 0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new StratifiedRateRatio.Pooled(1, 0, 1, -1, 0, 0, 0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new StratifiedRateRatio.Pooled(1, 0, 1, 0, -1, 0, 0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new StratifiedRateRatio.Pooled(1, 0, 1, 0, 0, -1, 0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new StratifiedRateRatio.Pooled(1, 0, 1, 0, 0, 0, -1))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void permutationPValue_identicalGroups_isOne() {
    double p = StratifiedRateRatio.permutationPValue(
        s("same", List.of(new Rate(1, 10), new Rate(1, 10)), List.of(new Rate(1, 10), new Rate(1, 10))), 100, 1);
    assertThat(p).isEqualTo(1.0);
  }

  @Test
  void permutationTest_separatedGroups_countsTheTwoExtremeLabellingsOfSeventy() {
    // 4 runs each; only the labelling that keeps the groups apart (or swaps them) is as extreme: 2 of C(8,4) = 70
    List<Rate> high = List.of(new Rate(9, 10), new Rate(9, 10), new Rate(9, 10), new Rate(9, 10));
    List<Rate> low = List.of(new Rate(0, 10), new Rate(0, 10), new Rate(0, 10), new Rate(0, 10));
    StratifiedRateRatio.PermutationTest t = StratifiedRateRatio.permutationTest(s("apart", high, low), 2000, 5);
    assertThat(t).isEqualTo(new StratifiedRateRatio.PermutationTest(2.0 / 70, true, 70));
  }

  @Test
  void permutationTest_runsWithoutEvents_giveTheirGroupNoDifference() {
    assertThat(StratifiedRateRatio.permutationPValue(s("empty run", List.of(new Rate(0, 0)), List.of(new Rate(1, 10))),
        50, 2))
        .isNaN();
    assertThat(StratifiedRateRatio.permutationPValue(
        s("no fifo events", List.of(new Rate(1, 10)), List.of(new Rate(0, 0))), 50, 2))
        .isNaN();
    // C(4, 2) = 6 labellings: the two that put both empty runs (or both others) together give statistic 0 < 0.1
    StratifiedRateRatio.PermutationTest t = StratifiedRateRatio.permutationTest(
        s("empty runs", List.of(new Rate(0, 0), new Rate(2, 10)), List.of(new Rate(0, 0), new Rate(1, 10))), 200, 2);
    assertThat(t).isEqualTo(new StratifiedRateRatio.PermutationTest(4.0 / 6, true, 6));
  }

  @Test
  void permutationTest_observedZeroDifference_isOneEvenWithEmptyGroups() {
    StratifiedRateRatio.PermutationTest t = StratifiedRateRatio.permutationTest(
        s("equal", List.of(new Rate(0, 0), new Rate(1, 10)), List.of(new Rate(2, 20))), 10, 2);
    assertThat(t.p()).isEqualTo(1.0);
    assertThat(t.relabellings()).isEqualTo(3);
  }

  /** Brute force over every k-subset by bitmask, with exact rational comparisons: the definition, literally. */
  private static double bruteForce(List<Rate> num, List<Rate> den) {
    List<Rate> all = new ArrayList<>(num);
    all.addAll(den);
    int n = all.size();
    int k = num.size();
    long count = 0;
    long total = 0;
    Rate a0 = Rate.pooled(num);
    Rate b0 = Rate.pooled(den);
    for (int mask = 0; mask < (1 << n); mask++) {
      if (Integer.bitCount(mask) != k) {
        continue;
      }
      long ac = 0, at = 0, bc = 0, bt = 0;
      for (int i = 0; i < n; i++) {
        if ((mask & (1 << i)) != 0) {
          ac += all.get(i).count();
          at += all.get(i).total();
        } else {
          bc += all.get(i).count();
          bt += all.get(i).total();
        }
      }
      total++;
      // stat*/stat0 >= 1 as |ac bt - bc at| a0t b0t >= |a0c b0t - b0c a0t| at bt (0 when a group is empty)
      BigInteger lhs = at == 0 || bt == 0 ? BigInteger.ZERO
          : BigInteger.valueOf(Math.abs(ac * bt - bc * at)).multiply(BigInteger.valueOf(a0.total() * b0.total()));
      BigInteger rhs = BigInteger.valueOf(Math.abs(a0.count() * b0.total() - b0.count() * a0.total()))
          .multiply(BigInteger.valueOf(at * bt));
      boolean observedZero = a0.count() * b0.total() == b0.count() * a0.total();
      if (at == 0 || bt == 0 ? observedZero : lhs.compareTo(rhs) >= 0) {
        count++;
      }
    }
    return (double) count / total;
  }

  @Test
  void permutationTest_randomStrata_equalTheEnumerationOfEveryLabelling() {
    SplitMix64 rng = new SplitMix64(7);
    for (int trial = 0; trial < 200; trial++) {
      int k = 1 + rng.nextInt(6);
      int m = 1 + rng.nextInt(6);
      List<Rate> num = new ArrayList<>();
      List<Rate> den = new ArrayList<>();
      for (int i = 0; i < k + m; i++) {
        int t = rng.nextInt(4) == 0 ? 0 : 5 + rng.nextInt(3); // some runs without events, totals that repeat
        Rate r = new Rate(t == 0 ? 0 : rng.nextInt(t + 1), t);
        (i < k ? num : den).add(r);
      }
      if (Rate.pooled(num).total() == 0 || Rate.pooled(den).total() == 0) {
        continue;
      }
      StratifiedRateRatio.PermutationTest t = StratifiedRateRatio.permutationTest(s("r" + trial, num, den), 10, 1);
      assertThat(t.exact()).isTrue();
      assertThat(t.p()).as("trial %d: %s vs %s", trial, num, den).isEqualTo(bruteForce(num, den));
    }
  }

  @Test
  void permutationTest_beyondTheStateLimit_isAMonteCarloEstimateNearTheExactValue() {
    List<Rate> high = new ArrayList<>();
    List<Rate> low = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      high.add(new Rate(5 + i, 10 + i));
      low.add(new Rate(2 + i, 10 + 2 * i));
    }
    StratifiedRateRatio.Stratum st = s("mc", high, low);
    StratifiedRateRatio.PermutationTest exact = StratifiedRateRatio.permutationTest(st, 1, 1);
    StratifiedRateRatio.PermutationTest mc = StratifiedRateRatio.permutationTest(st, 20_000, 3, 10);
    assertThat(exact.exact()).isTrue();
    assertThat(exact.relabellings()).isEqualTo(924);
    assertThat(mc.exact()).isFalse();
    assertThat(mc.relabellings()).isEqualTo(20_000);
    // Monte Carlo standard error at p ~ 0.1 with 20,000 draws is about 0.002
    assertThat(mc.p()).isCloseTo(exact.p(), within(0.01));
    assertThat(StratifiedRateRatio.permutationTest(st, 20_000, 3, 10)).as("fixed by its seed").isEqualTo(mc);
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
    assertThatThrownBy(() -> StratifiedRateRatio.holm(new double[] {Double.NaN}))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
