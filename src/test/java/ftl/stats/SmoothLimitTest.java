package ftl.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The smooth limit E[min(T, q)]/q on hand-computed flight samples. */
class SmoothLimitTest {
  static final long Q = 1_000_000L;

  @Test
  void retention_flightsBelowAtAndAboveTheQuantum_clipsToTheQuantum() {
    // min(T, q): 250 us, 1000 us (T = 1 ms), 1000 us (T = 3 ms), 0 (a negative flight counts as never kept)
    SmoothLimit.Sum s = SmoothLimit.of(new long[] {250_000, 1_000_000, 3_000_000, -5}, Q);
    assertThat(s).isEqualTo(new SmoothLimit.Sum(2_250_000, 4, Q));
    assertThat(s.retention()).isEqualTo(0.5625);
  }

  @Test
  void merge_twoSamples_equalsTheSampleOfTheUnion() {
    SmoothLimit.Sum a = SmoothLimit.of(new long[] {100_000, 700_000}, Q);
    SmoothLimit.Sum b = SmoothLimit.of(new long[] {400_000}, Q);
    assertThat(a.merge(b)).isEqualTo(SmoothLimit.of(new long[] {100_000, 700_000, 400_000}, Q));
    assertThat(a.merge(b).retention()).isEqualTo(0.4);
  }

  @Test
  void retention_emptySample_isNaN() {
    assertThat(SmoothLimit.Sum.empty(Q).retention()).isNaN();
    assertThat(SmoothLimit.of(new long[0], Q).flights()).isZero();
  }

  @Test
  void sum_inconsistentOrMixedQuanta_isRefused() {
    assertThatThrownBy(() -> new SmoothLimit.Sum(0, 0, 0)).hasMessageContaining("quantum must be positive");
    assertThatThrownBy(() -> new SmoothLimit.Sum(0, -1, Q)).hasMessageContaining("inconsistent");
    assertThatThrownBy(() -> new SmoothLimit.Sum(-1, 1, Q)).hasMessageContaining("inconsistent");
    assertThatThrownBy(() -> new SmoothLimit.Sum(Q + 1, 1, Q)).hasMessageContaining("inconsistent");
    assertThatThrownBy(() -> SmoothLimit.Sum.empty(Q).merge(SmoothLimit.Sum.empty(2 * Q)))
        .hasMessageContaining("quanta differ");
  }
}
