package ftl.quantity.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Values: a finite value is a number, anything else is unavailable with its reason; mean and extremes of per-run
 * numbers.
 */
class ValuesTest {
  @Test
  void real_finiteOrNot_isANumberOrUnavailable() {
    assertThat(Values.real(0.25, "why")).isEqualTo(new Value.Real(0.25));
    assertThat(Values.real(Double.NaN, "fewer than 4 normalised rates"))
        .isEqualTo(new Value.Unavailable("fewer than 4 normalised rates"));
  }

  @Test
  void finite_nan_unavailableForNoMessage() {
    assertThat(Values.finite(Double.NaN)).isEqualTo(new Value.Unavailable("not a finite number (no message received)"));
    assertThat(Values.finite(2.0)).isEqualTo(new Value.Real(2.0));
  }

  @Test
  void meanAndExtreme_threeRuns_exactValues() {
    double[] xs = {0.5, 0.25, 1.0};
    assertThat(Values.mean(xs)).isEqualTo(new Value.Real(1.75 / 3));
    assertThat(Values.extreme(xs, true)).isEqualTo(new Value.Real(1.0));
    assertThat(Values.extreme(xs, false)).isEqualTo(new Value.Real(0.25));
  }

  @Test
  void meanAndExtreme_noRun_unavailable() {
    assertThat(Values.mean(new double[0])).isEqualTo(new Value.Unavailable("no ok run"));
    assertThat(Values.extreme(new double[0], true)).isEqualTo(new Value.Unavailable("no ok run"));
  }
}
