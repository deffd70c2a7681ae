package ftl.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Known answers of the catch-up share of a run's sends. */
class PacingTest {
  @Test
  void catchUp_stallThenBurst_countsPairsCloserThanAQuarterInterval() {
    // s = 1000: gaps 1000, 3000 (a stall), 10, 10 (the burst), 250 (exactly a quarter: not a catch-up)
    Rate r = Pacing.catchUp(new long[] {0, 1000, 4000, 4010, 4020, 4270}, 1000);
    assertThat(r).isEqualTo(new Rate(2, 5));
  }

  @Test
  void catchUp_oneSend_hasNoPair() {
    assertThat(Pacing.catchUp(new long[] {5}, 1000)).isEqualTo(new Rate(0, 0));
    assertThat(Pacing.catchUp(new long[0], 1000)).isEqualTo(new Rate(0, 0));
  }

  @Test
  void catchUp_intervalNotPositive_isRefused() {
    assertThatThrownBy(() -> Pacing.catchUp(new long[] {1, 2}, 0)).isInstanceOf(IllegalArgumentException.class);
  }
}
