package ftl.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Known answers: R's {@code binom.test(k, n, 0.5, alternative = "greater")$p.value}. */
class SignTestTest {

  @Test
  void greater_allSevenAbove_isOneOver128() {
    assertThat(SignTest.greater(new double[] {1, 2, 3, 4, 5, 6, 7}, 0)).isEqualTo(1.0 / 128);
  }

  @Test
  void greater_fiveOfSevenAbove_matchesBinomTest() {
    // binom.test(5, 7, alternative = "greater"): 29 / 128 = 0.2265625
    assertThat(SignTest.greater(new double[] {1, 2, 3, 4, 5, -6, -7}, 0)).isEqualTo(29.0 / 128);
  }

  @Test
  void greater_noneAbove_isOne() {
    assertThat(SignTest.greater(new double[] {-1, -2, -3}, 0)).isEqualTo(1.0);
  }

  @Test
  void greater_tiesLeftOut() {
    // two ties at the threshold: 4 of the other 4 above, 1/16
    assertThat(SignTest.greater(new double[] {0.99, 0.99, 1, 1, 1, 1}, 0.99)).isEqualTo(1.0 / 16);
  }

  @Test
  void less_isTheMirror() {
    assertThat(SignTest.less(new double[] {1, 2, 3, 4, 5, 6, 7}, 10)).isEqualTo(1.0 / 128);
    assertThat(SignTest.less(new double[] {1, 2, 3, 4, 5, 6, 7}, 0)).isEqualTo(1.0);
  }

  @Test
  void within_insideTheBand_isTheLargerOfTheTwo() {
    double[] v = {3000, 3500, 4000, 2500, 5000, 3300, 7000};
    // greater than 2000: 7 of 7 -> 1/128; less than 6000: 6 of 7 -> 8/128
    assertThat(SignTest.within(v, 2000, 6000)).isCloseTo(8.0 / 128, within(1e-15));
  }

  @Test
  void noUntiedBlock_isNaN() {
    assertThat(SignTest.greater(new double[0], 0)).isNaN();
    assertThat(SignTest.greater(new double[] {2, 2}, 2)).isNaN();
    assertThat(SignTest.within(new double[] {2, 2}, 2, 2)).isNaN();
  }

  @Test
  void refusals() {
    assertThatThrownBy(() -> SignTest.greater(new double[] {Double.NaN}, 0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> SignTest.greater(new double[63], 1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> SignTest.within(new double[] {1}, 2, 1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> SignTest.within(new double[] {1}, Double.NaN, 1))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
