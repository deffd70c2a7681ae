package ftl.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class BlockSensitivityTest {

  @Test
  void tTest_threeValues_matchesTheClosedFormOfStudentsTWithTwoDegreesOfFreedom() {
    // y = {1, 2, 3}: m = 2, s = 1, t = 2 sqrt(3); with 2 df F(t) = 1/2 + t / (2 sqrt(t^2 + 2)) = 1/2 + sqrt(3) /
    // sqrt(14)
    BlockSensitivity.TTest t = BlockSensitivity.tTest(new double[] {1, 2, 3});
    double f = 0.5 + Math.sqrt(3) / Math.sqrt(14);
    assertThat(t.blocks()).isEqualTo(3);
    assertThat(t.greater()).isCloseTo(1 - f, within(1e-9));
    assertThat(t.less()).isCloseTo(f, within(1e-9));
    assertThat(t.twoSided()).isCloseTo(2 * (1 - f), within(1e-9));
  }

  @Test
  void tTest_negativeMean_isEvidenceBelow() {
    BlockSensitivity.TTest t = BlockSensitivity.tTest(new double[] {-1, -2, -3});
    assertThat(t.less()).isLessThan(0.05);
    assertThat(t.greater()).isGreaterThan(0.95);
  }

  @Test
  void tTest_tooFewOrNoSpread_nan_nonFinite_refused() {
    assertThat(BlockSensitivity.tTest(new double[] {1}).greater()).isNaN();
    assertThat(BlockSensitivity.tTest(new double[] {}).greater()).isNaN();
    assertThat(BlockSensitivity.tTest(new double[] {2, 2, 2}).twoSided()).isNaN();
    assertThatThrownBy(() -> BlockSensitivity.tTest(new double[] {1, Double.NaN}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not finite");
  }

  @Test
  void bootstrapMean_liesWithinTheValues_isReproducible_andNarrowsAsTheLevelFalls() {
    double[] x = {0.1, 0.5, 0.2, 0.9, 0.4, 0.3};
    double[] a = BlockSensitivity.bootstrapMean(x, 2000, 7, 0.95);
    double[] b = BlockSensitivity.bootstrapMean(x, 2000, 7, 0.95);
    double[] c = BlockSensitivity.bootstrapMean(x, 2000, 7, 0.5);
    assertThat(a).containsExactly(b);
    assertThat(a[0]).isGreaterThanOrEqualTo(0.1).isLessThan(0.4);
    assertThat(a[1]).isGreaterThan(0.4).isLessThanOrEqualTo(0.9);
    assertThat(c[0]).isGreaterThan(a[0]);
    assertThat(c[1]).isLessThan(a[1]);
  }

  @Test
  void bootstrapMean_degenerateAndBadArguments() {
    assertThat(BlockSensitivity.bootstrapMean(new double[] {1}, 10, 1, 0.95)[0]).isNaN();
    assertThat(BlockSensitivity.bootstrapMean(new double[] {}, 10, 1, 0.95)[0]).isNaN();
    assertThat(BlockSensitivity.bootstrapMean(new double[] {3, 3}, 10, 1, 0.95)[1]).isNaN();
    assertThatThrownBy(() -> BlockSensitivity.bootstrapMean(new double[] {1, 2}, 0, 1, 0.95))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> BlockSensitivity.bootstrapMean(new double[] {1, 2}, 10, 1, 1.0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> BlockSensitivity.bootstrapMean(new double[] {1, 2}, 10, 1, 0.0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> BlockSensitivity.bootstrapMean(new double[] {1, Double.POSITIVE_INFINITY}, 10, 1, 0.5))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
