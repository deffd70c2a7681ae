package ftl.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * Known answers of {@link Bimodality} and {@link Slope}, worked out by hand (the Mantel–Haenszel ratio of campaign
 * fifojvm is {@link StratifiedRateRatio}'s, tested in {@link StratifiedRateRatioTest}).
 */
class NewEstimatorsTest {

  private static final RateRatio.Bootstrap SMALL = new RateRatio.Bootstrap(200, 7, 0.95);

  @Test
  void coefficient_twoEqualPoints_isOneOver2point1() {
    // g = 0; k = 72/210 * 49/8 - 3 * 49 / 30 = 2.1 - 4.9 = -2.8; BC = 1 / (-2.8 + 4.9)
    assertThat(Bimodality.coefficient(new double[] {0, 0, 0, 0, 1, 1, 1, 1})).isCloseTo(1 / 2.1, within(1e-12));
  }

  @Test
  void coefficient_oneToFive_isOneOver6point8() {
    // g = 0, k = -1.2, correction 3 * 16 / 6 = 8
    assertThat(Bimodality.coefficient(new double[] {1, 2, 3, 4, 5})).isCloseTo(1 / 6.8, within(1e-12));
  }

  @Test
  void coefficient_largeTwoClusters_exceedsThresholdAndUnimodalDoesNot() {
    double[] two = new double[100];
    double[] one = new double[100];
    for (int i = 0; i < 100; i++) {
      two[i] = i < 40 ? 0.01 * (i % 5) : 1 + 0.01 * (i % 5);
      one[i] = Math.sin(i) * Math.sin(i) + Math.cos(3 * i) * Math.cos(3 * i); // bounded, one central mass
    }
    assertThat(Bimodality.coefficient(two)).isGreaterThan(Bimodality.THRESHOLD);
    assertThat(Bimodality.coefficient(new double[] {1, 2, 2, 3, 3, 3, 4, 4, 5})).isLessThan(Bimodality.THRESHOLD);
    assertThat(Bimodality.coefficient(one)).isFinite();
  }

  @Test
  void coefficient_degenerate_isNaNOrRejected() {
    assertThat(Bimodality.coefficient(new double[] {1, 2, 3})).isNaN();
    assertThat(Bimodality.coefficient(new double[] {2, 2, 2, 2})).isNaN();
    assertThatThrownBy(() -> Bimodality.coefficient(new double[] {1, 2, 3, Double.NaN}))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Bimodality.coefficient(null)).isInstanceOf(NullPointerException.class);
  }

  @Test
  void estimateRecords_badArguments_areRejected() {
    RateRatio.Bootstrap b = RateRatio.Bootstrap.standard();
    assertThatThrownBy(() -> new Slope.Estimate(1, 2, 1, 3, 0, b)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new Slope.Estimate(1, 1, 1, -1, 0, b)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new Slope.Estimate(1, 1, 1, 3, -1, b)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new Slope.Estimate(1, 1, 1, 3, 5000, b)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void slope_exactLine_slopeTwoAndSameXReplicatesCounted() {
    Slope.Estimate e = Slope.estimate(new double[] {1, 2, 3}, new double[] {2, 4, 6}, SMALL);
    assertThat(e.slope()).isCloseTo(2.0, within(1e-12));
    assertThat(e.lower()).isCloseTo(2.0, within(1e-12));
    assertThat(e.upper()).isCloseTo(2.0, within(1e-12));
    assertThat(e.undefinedResamples()).isPositive(); // 3 of 27 resamples pick one x three times
    assertThat(e.pairs()).isEqualTo(3);
  }

  @Test
  void slope_noisyFlat_knownPointSlope() {
    // x 0..3, y 1, 3, 1, 3: mean x 1.5, mean y 2; Sxy = (-1.5)(-1) + (-0.5)(1) + (0.5)(-1) + (1.5)(1) = 2; Sxx = 5
    Slope.Estimate e = Slope.estimate(new double[] {0, 1, 2, 3}, new double[] {1, 3, 1, 3}, SMALL);
    assertThat(e.slope()).isCloseTo(0.4, within(1e-12));
    assertThat(e.lower()).isLessThan(0.4);
    assertThat(e.upper()).isGreaterThan(0.4);
  }

  @Test
  void slope_degenerate_nanWithoutInterval() {
    assertThat(Slope.estimate(new double[] {1}, new double[] {2}, SMALL).slope()).isNaN();
    Slope.Estimate flat = Slope.estimate(new double[] {2, 2, 2}, new double[] {1, 2, 3}, SMALL);
    assertThat(flat.slope()).isNaN();
    assertThat(flat.lower()).isNaN();
    assertThatThrownBy(() -> Slope.estimate(new double[] {1, 2}, new double[] {1}, SMALL))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Slope.estimate(new double[] {1, Double.NaN}, new double[] {1, 2}, SMALL))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Slope.estimate(new double[] {1, 2}, new double[] {1, Double.POSITIVE_INFINITY}, SMALL))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
