package ftl.quantity.section;

import ftl.quantity.core.Value;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** FifoJvmQuantities.real: a finite value is a number, anything else is unavailable with its reason. */
class FifoJvmRealTest {
  @Test
  void real_finiteOrNot_isANumberOrUnavailable() {
    assertThat(FifoJvmQuantities.real(0.25, "why")).isEqualTo(new Value.Real(0.25));
    assertThat(FifoJvmQuantities.real(Double.NaN, "fewer than 4 normalised rates")).isEqualTo(new Value.Unavailable("fewer than 4 normalised rates"));
  }
}
