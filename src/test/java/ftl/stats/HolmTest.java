package ftl.stats;

import static ftl.stats.KnownAnswers.assertClose;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Holm's correction against R's {@code p.adjust(p, method = "holm")} ({@code holm.csv}); products of a p-value and a
 * small integer, so within 1e-12 relative.
 */
class HolmTest {

  static Stream<Arguments> rCases() {
    return KnownAnswers.cases("holm.csv");
  }

  @ParameterizedTest
  @MethodSource("rCases")
  void adjust_rCase_matchesPAdjust(KnownAnswers.Row r) {
    double[] expected = r.numbers("adjusted");
    double[] actual = Holm.adjust(r.numbers("p"));
    assertThat(actual).hasSameSizeAs(expected);
    for (int i = 0; i < expected.length; i++) {
      assertClose("adjusted p " + i, actual[i], expected[i], 1e-12);
    }
  }

  @ParameterizedTest
  @MethodSource("rCases")
  void adjust_rCase_isMonotoneCappedAndNeverBelowTheInput(KnownAnswers.Row r) {
    double[] p = r.numbers("p");
    double[] a = Holm.adjust(p);
    for (int i = 0; i < p.length; i++) {
      assertThat(a[i]).isBetween(p[i], 1.0);
      for (int j = 0; j < p.length; j++) {
        if (p[i] <= p[j]) {
          assertThat(a[i]).isLessThanOrEqualTo(a[j]);
        }
      }
    }
  }

  @Test
  void adjust_emptyFamily_isEmpty() {
    assertThat(Holm.adjust(new double[0])).isEmpty();
  }

  @Test
  void stratifiedRateRatioHolm_anyFamily_isHolmAdjust() {
    double[] p = {0.04, 0.01, 0.02};
    assertThat(StratifiedRateRatio.holm(p)).containsExactly(Holm.adjust(p));
  }

  static Stream<Arguments> badFamilies() {
    return Stream.of(
        Arguments.of(Named.of("NaN", new double[] {0.1, Double.NaN})),
        Arguments.of(Named.of("negative", new double[] {-0.1})),
        Arguments.of(Named.of("above 1", new double[] {1.5})));
  }

  @ParameterizedTest
  @MethodSource("badFamilies")
  void adjust_pValueOutsideUnitInterval_isRefused(double[] p) {
    assertThatThrownBy(() -> Holm.adjust(p)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void adjustTested_leavesAnUntestedHypothesisOut_andKeepsTheOrderByName() {
    java.util.Map<String, Double> p = new java.util.LinkedHashMap<>();
    p.put("b", 0.04);
    p.put("none", Double.NaN);
    p.put("a", 0.01);
    // a family of two: 2 x 0.01 = 0.02; max(0.02, 1 x 0.04) = 0.04
    assertThat(Holm.adjustTested(p)).containsExactly(java.util.Map.entry("b", 0.04), java.util.Map.entry("a", 0.02));
    assertThat(Holm.adjustTested(java.util.Map.of("x", Double.NaN))).isEmpty();
  }
}
