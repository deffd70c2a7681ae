package ftl.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class RateTest {

  @Test
  void value_countOverTotal_isExactQuotient() {
    assertThat(new Rate(3, 9).value()).isEqualTo(1.0 / 3.0);
    assertThat(new Rate(0, 5).value()).isEqualTo(0.0);
    assertThat(new Rate(5, 5).value()).isEqualTo(1.0);
    assertThat(new Rate(3, 9).defined()).isTrue();
  }

  @Test
  void value_zeroTotal_isNaNAndUndefined() {
    assertThat(Rate.EMPTY.value()).isNaN();
    assertThat(Rate.EMPTY.defined()).isFalse();
  }

  @Test
  void pooled_runs_addsCountsAndTotalsNotRates() {
    Rate pooled = Rate.pooled(List.of(new Rate(1, 2), new Rate(0, 98)));
    assertThat(pooled).isEqualTo(new Rate(1, 100));
    assertThat(pooled.value()).isEqualTo(0.01);
    assertThat(Rate.pooled(List.of())).isEqualTo(Rate.EMPTY);
  }

  @Test
  void constructor_invalidCounts_throw() {
    assertThatThrownBy(() -> new Rate(-1, 5)).hasMessageContaining("negative");
    assertThatThrownBy(() -> new Rate(6, 5)).hasMessageContaining("exceeds");
    assertThatThrownBy(() -> new Rate(1, Long.MAX_VALUE).plus(new Rate(0, 1))).isInstanceOf(ArithmeticException.class);
  }

  @Test
  void exactFraction_of_reducesToLowestTerms() {
    assertThat(ExactFraction.of(1_250_000, 1_000_000)).isEqualTo(new ExactFraction(5, 4));
    assertThat(ExactFraction.of(0, 7)).isEqualTo(new ExactFraction(0, 1));
    assertThat(ExactFraction.of(6, 3).toString()).isEqualTo("2/1");
    assertThat(ExactFraction.of(1, 3).doubleValue()).isEqualTo(1.0 / 3.0);
  }

  @Test
  void exactFraction_compareTo_isExactBeyondDoublePrecision() {
    ExactFraction a = ExactFraction.of(Long.MAX_VALUE - 1, Long.MAX_VALUE);
    ExactFraction b = ExactFraction.of(Long.MAX_VALUE - 2, Long.MAX_VALUE - 1);
    assertThat(a.doubleValue()).isEqualTo(b.doubleValue());
    assertThat(a.compareTo(b)).isPositive();
    assertThat(b.compareTo(a)).isNegative();
    assertThat(a.compareTo(a)).isZero();
  }

  @Test
  void exactFraction_invalid_throws() {
    assertThatThrownBy(() -> new ExactFraction(-1, 2)).hasMessageContaining("negative");
    assertThatThrownBy(() -> new ExactFraction(1, 0)).hasMessageContaining("positive");
    assertThatThrownBy(() -> new ExactFraction(2, 4)).hasMessageContaining("lowest terms");
    assertThatThrownBy(() -> ExactFraction.of(-1, 2)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> ExactFraction.of(1, 0)).isInstanceOf(IllegalArgumentException.class);
  }
}
