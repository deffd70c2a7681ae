package ftl.quantity.verdict;

import ftl.quantity.core.Values;

import ftl.quantity.core.Value;
import ftl.quantity.section.ClockOffsetQuantities;
import ftl.quantity.section.DeliveryQuantities;
import ftl.quantity.section.FifoJvmQuantities;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.stats.RateRatio;
import ftl.stats.Slope;
import ftl.stats.StratifiedRateRatio;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The verdict rules of the clockoffset, fifojvm and delivery campaigns on plain inputs: both outcomes and every
 * unavailable path.
 */
class NewCampaignVerdictsTest {

  private static final RateRatio.Bootstrap B = RateRatio.Bootstrap.standard();

  private static ClockOffsetQuantities.ConditionOutcome outcome(String name, int runs, long taken, long kept, long one,
                                                                int withOne, double keptExp, double oneExp,
                                                                boolean zero) {
    return new ClockOffsetQuantities.ConditionOutcome(name, 700, runs, taken, kept, one, withOne, keptExp, oneExp,
        zero);
  }

  @Test
  void occurrence_everyConditionAsExpected_holds() {
    assertThat(ClockOffsetQuantities.occurrence(List.of(
        outcome("a", 2, 100, 0, 80, 2, 0, 82, false),
        outcome("b", 2, 100, 50, 0, 0, 50, 0, true),
        outcome("c", 2, 100, 50, 0, 0, 50, 1, false)))) // expects 1%: neither required nor forbidden
        .isEqualTo(new Value.Verdict(true, "1 conditions expecting none, 1 expecting at least 2%"));
  }

  @Test
  void occurrence_negativesWhereNoneExpected_doesNotHold() {
    assertThat(ClockOffsetQuantities.occurrence(List.of(outcome("b", 2, 100, 50, 1, 1, 50, 0, true))))
        .isEqualTo(
        new Value.Verdict(false,
        "1 conditions expecting none, 0 expecting at least 2%; b expected none, observed 1.00%"));
  }

  @Test
  void count_withinAndOutsideTenPoints_decidesVerdict() {
    assertThat(ClockOffsetQuantities.count(List.of(outcome("a", 1, 100, 10, 80, 1, 15, 85, false))))
        .isEqualTo(new Value.Verdict(true, "1 conditions all within 10.00 pp"));
    assertThat(ClockOffsetQuantities.count(List.of(outcome("a", 1, 100, 30, 80, 1, 15, 85, false))))
        .isEqualTo(
        new Value.Verdict(false, "1 conditions; outside 10.00 pp: a retention observed 30.0%, expected 15.0%"));
  }

  @Test
  void clockOffsetRules_noCondition_areUnavailable() {
    assertThat(ClockOffsetQuantities.occurrence(List.of())).isInstanceOf(Value.Unavailable.class);
    assertThat(ClockOffsetQuantities.count(List.of())).isInstanceOf(Value.Unavailable.class);
    assertThat(ClockOffsetQuantities.maxError(List.of(), true)).isInstanceOf(Value.Unavailable.class);
  }

  @Test
  void share_emptyAndClusters_countedOrUnavailable() {
    assertThat(FifoJvmQuantities.share(new double[0], true)).isInstanceOf(Value.Unavailable.class);
    assertThat(FifoJvmQuantities.share(new double[] {0, 0.2, 0.3, 0.5}, true)).isEqualTo(Value.Real.share(2, 4));
    assertThat(FifoJvmQuantities.share(new double[] {0, 0.2, 0.3, 0.5}, false)).isEqualTo(Value.Real.share(1, 4));
  }

  @Test
  void bimodal_twoClustersEachAtLeastTenPercent_holds() {
    double[] v = new double[20];
    for (int i = 0; i < 20; i++) {
      v[i] = i < 10 ? 0.01 * i : 1 + 0.01 * i;
    }
    assertThat(FifoJvmQuantities.bimodal(v)).isInstanceOfSatisfying(Value.Verdict.class,
        x -> assertThat(x.held()).isTrue());
  }

  @Test
  void bimodal_highCoefficientButOneClusterTooSmall_doesNotHold() {
    double[] fewHigh = new double[40];
    double[] fewLow = new double[40];
    for (int i = 0; i < 40; i++) {
      fewHigh[i] = i < 38 ? 0.1 : 5; // strongly skewed: BC high, 5% not collapsed
      fewLow[i] = i < 2 ? 0.0 : 1;   // 5% collapsed
    }
    assertThat(FifoJvmQuantities.bimodal(fewHigh)).isInstanceOfSatisfying(Value.Verdict.class, x -> {
      assertThat(x.held()).isFalse();
      assertThat(x.basis()).contains("not collapsed 5.0%");
    });
    assertThat(FifoJvmQuantities.bimodal(fewLow)).isInstanceOfSatisfying(Value.Verdict.class, x -> {
      assertThat(x.held()).isFalse();
      assertThat(x.basis()).contains("collapsed 5.0%");
    });
  }

  @Test
  void bimodal_unimodalOrTooFew_doesNotHoldOrUnavailable() {
    assertThat(FifoJvmQuantities.bimodal(new double[] {0.1, 0.6, 0.6, 0.7, 0.7, 0.7, 0.8, 0.8, 1.3}))
        .isInstanceOfSatisfying(Value.Verdict.class, x -> assertThat(x.held()).isFalse());
    assertThat(FifoJvmQuantities.bimodal(new double[] {1, 2})).isInstanceOf(Value.Unavailable.class);
  }

  @Test
  void partAndReaches_pooledRatio_valuesAndVerdicts() {
    StratifiedRateRatio.Pooled big = new StratifiedRateRatio.Pooled(9, 2, Double.POSITIVE_INFINITY, 1, 0, 0, 0);
    assertThat(FifoJvmQuantities.part(big, 0)).isEqualTo(new Value.Real(9));
    assertThat(FifoJvmQuantities.part(big, -1)).isEqualTo(new Value.Real(2));
    assertThat(FifoJvmQuantities.part(big, 1)).isInstanceOf(Value.Unavailable.class);
    assertThat(FifoJvmQuantities.reaches(big)).isInstanceOfSatisfying(Value.Verdict.class,
        x -> assertThat(x.held()).isTrue());
    StratifiedRateRatio.Pooled wide = new StratifiedRateRatio.Pooled(9, 0.5, 20, 1, 0, 0, 0);
    assertThat(FifoJvmQuantities.reaches(wide)).isInstanceOfSatisfying(Value.Verdict.class,
        x -> assertThat(x.held()).isFalse());
    StratifiedRateRatio.Pooled nan = new StratifiedRateRatio.Pooled(Double.NaN, Double.NaN, Double.NaN, 0, 1, 0, 0);
    assertThat(FifoJvmQuantities.part(nan, 0)).isInstanceOf(Value.Unavailable.class);
    assertThat(FifoJvmQuantities.reaches(nan)).isInstanceOf(Value.Unavailable.class);
    StratifiedRateRatio.Pooled noInterval = new StratifiedRateRatio.Pooled(3, Double.NaN, Double.NaN, 1, 0, 0, 0);
    assertThat(FifoJvmQuantities.reaches(noInterval)).isInstanceOf(Value.Unavailable.class);
  }

  @Test
  void real_notFinite_isUnavailableWithTheReason() {
    assertThat(Values.real(Double.NaN, "no variance")).isEqualTo(new Value.Unavailable("no variance"));
    assertThat(Values.real(0.5, "no variance")).isEqualTo(new Value.Real(0.5));
  }

  @Test
  void oneOverD_upperEndBelowOrAbovePointOne_decidesVerdict() {
    assertThat(DeliveryQuantities.oneOverD(new Slope.Estimate(0.01, -0.02, 0.05, 10, 0, B)))
        .isEqualTo(new Value.Verdict(true, "slope 0.010, 95% interval -0.020 to 0.050 (held iff the upper end < 0.1)"));
    assertThat(DeliveryQuantities.oneOverD(new Slope.Estimate(0.5, 0.3, 0.7, 10, 0, B)))
        .isInstanceOfSatisfying(Value.Verdict.class, x -> assertThat(x.held()).isFalse());
    Slope.Estimate undefined = new Slope.Estimate(Double.NaN, Double.NaN, Double.NaN, 1, 0, B);
    assertThat(DeliveryQuantities.oneOverD(undefined)).isInstanceOf(Value.Unavailable.class);
    assertThat(DeliveryQuantities.part(undefined, 0)).isInstanceOf(Value.Unavailable.class);
  }

  @Test
  void relError_oneSideUnavailable_passesItsReason() {
    Value none = new Value.Unavailable("no run");
    assertThat(DeliveryQuantities.relError(new Value.Real(1), none)).isSameAs(none);
    assertThat(DeliveryQuantities.relError(none, new Value.Real(1))).isSameAs(none);
    assertThat(DeliveryQuantities.relError(new Value.Real(1), new Value.Real(4))).isEqualTo(new Value.Real(0.25));
  }
}
