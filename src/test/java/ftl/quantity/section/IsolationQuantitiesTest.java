package ftl.quantity.section;

import ftl.quantity.core.Value;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.stats.Rate;
import ftl.stats.RateRatio;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The isolation campaign's verdict rules on plain estimates: both outcomes and every unavailable path. */
class IsolationQuantitiesTest {
  static RateRatio.Estimate est(long defNeg, long fifoNeg) {
    return RateRatio.estimate(List.of(new Rate(defNeg, 100)), List.of(new Rate(fifoNeg, 100)));
  }

  static RateRatio.Estimate definedWithoutInterval() {
    return new RateRatio.Estimate(new Rate(2, 100), new Rate(1, 100), 2.0, RateRatio.Status.DEFINED, Double.NaN,
        Double.NaN, RateRatio.Bootstrap.standard(), 0, 0);
  }

  @Test
  void confinement_confinedAboveFreeAtEveryLoad_holds() {
    assertThat(IsolationQuantities.confinement(List.of(est(30, 10), est(40, 10)), List.of(est(20, 10), est(30, 10))))
        .isEqualTo(new Value.Verdict(true, "load 0%: confined 3.00 > free 2.00; load 90%: confined 4.00 > free 3.00"));
  }

  @Test
  void confinement_confinedNotAboveFreeAtOneLoad_doesNotHold() {
    assertThat(IsolationQuantities.confinement(List.of(est(30, 10), est(20, 10)), List.of(est(20, 10), est(20, 10))))
        .isEqualTo(
        new Value.Verdict(false, "load 0%: confined 3.00 > free 2.00; load 90%: confined 2.00 <= free 2.00"));
  }

  @Test
  void confinement_aFactorNotFinite_isUnavailable() {
    assertThat(IsolationQuantities.confinement(List.of(est(30, 10), est(20, 10)), List.of(est(20, 10), est(20, 0))))
        .isEqualTo(
        new Value.Unavailable(
        "collapse factor not finite at load 90%: confined DEFINED, free DENOMINATOR_NO_NEGATIVES"));
  }

  @Test
  void collapseWhenConfined_lowerEndsAboveOne_holdsAndAtOrBelowOne_doesNot() {
    assertThat(IsolationQuantities.collapseWhenConfined(List.of(est(30, 10), est(40, 10))))
        .isEqualTo(new Value.Verdict(true, "load 0%: lower end 3.00; load 90%: lower end 4.00"));
    assertThat(IsolationQuantities.collapseWhenConfined(List.of(est(30, 10), est(10, 10))))
        .isEqualTo(new Value.Verdict(false, "load 0%: lower end 3.00; load 90%: lower end 1.00"));
  }

  @Test
  void collapseWhenConfined_noFiniteInterval_isUnavailable() {
    assertThat(IsolationQuantities.collapseWhenConfined(List.of(definedWithoutInterval(), est(40, 10))))
        .isEqualTo(new Value.Unavailable("no finite interval at load 0%: DEFINED"));
    assertThat(IsolationQuantities.collapseWhenConfined(List.of(est(30, 10), est(0, 0))))
        .isEqualTo(new Value.Unavailable("no finite interval at load 90%: BOTH_NO_NEGATIVES"));
  }
}
