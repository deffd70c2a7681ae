package ftl.quantity.section;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.quantity.core.Value;
import ftl.stats.Rate;
import ftl.stats.RateRatio;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The replay campaign's verdict rules on plain values: both outcomes and every unavailable path. */
class ReplayQuantitiesTest {

  static RateRatio.Estimate est(double ratio, double lower, double upper, RateRatio.Status status) {
    return new RateRatio.Estimate(new Rate(1, 10), new Rate(1, 10), ratio, status, lower, upper,
        RateRatio.Bootstrap.standard(), 0, 0);
  }

  @Test
  void smoothLimit_errorsWithinOrOutsideTolerance_holdsOrNot() {
    List<String> names = List.of("a", "b");
    assertThat(ReplayQuantities.smoothLimit(names, List.of(new Value.Real(0.05), new Value.Real(-0.049)), 0.05))
        .isEqualTo(new Value.Verdict(true, "observed minus predicted: a +5.00 pp; b -4.90 pp (tolerance 5.00 pp)"));
    assertThat(((Value.Verdict) ReplayQuantities.smoothLimit(names, List.of(new Value.Real(0), new Value.Real(-0.06)),
        0.05)).held()).isFalse();
    assertThat(ReplayQuantities.smoothLimit(names, List.of(new Value.Real(0)), Double.NaN))
        .isEqualTo(new Value.Unavailable("the replay plan states no predictions.mode_b_smooth_limit.tolerance"));
  }

  @Test
  void ownVerdict_shareAgainstThePlan_holdsOrNotOrIsUnavailable() {
    assertThat(ReplayQuantities.ownVerdict(new Value.Real(0.9), 0.9))
        .isEqualTo(new Value.Verdict(true, "share 0.9000, pre-registered 0.9000"));
    assertThat(((Value.Verdict) ReplayQuantities.ownVerdict(new Value.Real(0.89), 0.9)).held()).isFalse();
    assertThat(ReplayQuantities.ownVerdict(new Value.Real(0.89), Double.NaN)).isInstanceOf(Value.Unavailable.class);
    Value none = new Value.Unavailable("x");
    assertThat(ReplayQuantities.ownVerdict(none, 0.9)).isSameAs(none);
  }

  @Test
  void share_countsAndTolerance_giveTheShareOrSayWhyNot() {
    assertThat(ReplayQuantities.share(0.05, new long[] {3, 4})).isEqualTo(new Value.Real(0.75));
    assertThat(ReplayQuantities.share(0.05, new long[] {0, 0}))
        .isEqualTo(new Value.Unavailable("no replay run delivered an event"));
    assertThat(ReplayQuantities.share(Double.NaN, new long[] {3, 4})).isInstanceOf(Value.Unavailable.class);
  }

  @Test
  void burstsVerdict_lowerEndsAboveOne_holdsElseNotOrUnavailable() {
    RateRatio.Estimate high = est(2.0, 1.2, 3.0, RateRatio.Status.DEFINED);
    RateRatio.Estimate low = est(1.5, 0.9, 3.0, RateRatio.Status.DEFINED);
    RateRatio.Estimate inf = est(2.0, Double.NEGATIVE_INFINITY, 3.0, RateRatio.Status.DEFINED);
    RateRatio.Estimate undefined = est(Double.NaN, Double.NaN, Double.NaN, RateRatio.Status.BOTH_NO_NEGATIVES);
    assertThat(ReplayQuantities.burstsVerdict(List.of(high, high)))
        .isEqualTo(
        new Value.Verdict(true,
        "mean gap 500us: 2.00x, 95% interval 1.20 to 3.00; mean gap 250us: 2.00x, 95% interval 1.20 to 3.00"));
    assertThat(((Value.Verdict) ReplayQuantities.burstsVerdict(List.of(high, low))).held()).isFalse();
    assertThat(ReplayQuantities.burstsVerdict(List.of(undefined, high)))
        .isEqualTo(new Value.Unavailable("no finite interval at mean gap 500us: BOTH_NO_NEGATIVES"));
    assertThat(ReplayQuantities.burstsVerdict(List.of(high, inf))).isInstanceOf(Value.Unavailable.class);
  }

  @Test
  void span_realsOrAnUnavailable_givesTheRangeOrSaysWhyNot() {
    Value none = new Value.Unavailable("x");
    assertThat(ReplayQuantities.span(List.of(new Value.Real(0.2), new Value.Real(-0.1), new Value.Real(0.05))))
        .isEqualTo(new Value.Range(-0.1, 0.2));
    assertThat(ReplayQuantities.span(List.of(new Value.Real(0.2), none))).isSameAs(none);
    assertThat(ReplayQuantities.span(List.of())).isEqualTo(new Value.Unavailable("nothing to span"));
  }

  @Test
  void tolerance_fromThePlanOrAbsent_isTheValueOrUnavailable() {
    assertThat(ReplayQuantities.tolerance(0.05)).isEqualTo(new Value.Real(0.05));
    assertThat(ReplayQuantities.tolerance(Double.NaN)).isInstanceOf(Value.Unavailable.class);
  }
}
