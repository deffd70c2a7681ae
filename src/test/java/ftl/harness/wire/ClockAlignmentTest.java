package ftl.harness.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ClockAlignmentTest {

  /** Sends every 1 ms; the wall clock runs {@code offset} ahead of the monotonic one and drifts by {@code ppm}. */
  private static long[][] pairs(int n, long offset, double ppm, long spikeEvery) {
    long[] ns = new long[n];
    long[] us = new long[n];
    for (int i = 0; i < n; i++) {
      ns[i] = 5_000_000_000L + i * 1_000_000L + (i * 37L % 1000);
      long wall = ns[i] + offset + Math.round(ns[i] * ppm / 1e6) - Math.round(5_000_000_000L * ppm / 1e6);
      if (spikeEvery > 0 && i % spikeEvery == 0) {
        wall += 50_000; // preempted between the two reads
      }
      us[i] = Math.floorDiv(wall, 1000L);
    }
    return new long[][] {ns, us};
  }

  @Test
  void of_steadyClocks_recoversOffsetWithinHalfAMicrosecond() {
    long[][] p = pairs(5000, 1_700_000_000_123_456_789L, 0, 0);
    ClockAlignment a = ClockAlignment.of(p[0], p[1]);
    for (int i = 0; i < 5000; i += 250) {
      assertThat(Math.abs(a.offsetNanos()[i] - 1_700_000_000_123_456_789L)).isLessThanOrEqualTo(500);
    }
    assertThat(a.errorNanos()).isBetween(400L, 500L);
    assertThat(Math.abs(a.driftNanos())).isLessThanOrEqualTo(1000);
  }

  @Test
  void of_slewedWallClock_localMedianFollowsIt() {
    long[][] p = pairs(20_000, 1_000_000_000L, 50, 0); // 50 ppm over 20 s: 1 ms of drift
    ClockAlignment a = ClockAlignment.of(p[0], p[1]);
    assertThat(a.driftNanos()).isBetween(990_000L, 1_010_000L);
    long expectedMid = 1_000_000_000L + Math.round((p[0][10_000] - 5_000_000_000L) * 50 / 1e6);
    assertThat(Math.abs(a.offsetNanos()[10_000] - expectedMid)).isLessThanOrEqualTo(500);
    // at the run's edge the window cannot centre: it lags by half a window of drift (50 sends x 50 ns)
    long expectedLast = 1_000_000_000L + Math.round((p[0][19_999] - 5_000_000_000L) * 50 / 1e6);
    assertThat(Math.abs(a.offsetNanos()[19_999] - expectedLast)).isBetween(2_000L, 3_000L);
  }

  @Test
  void of_rarePreemptionBetweenReads_medianIgnoresIt_errorStaysSmall() {
    long[][] p = pairs(10_000, 0, 0, 500);
    ClockAlignment a = ClockAlignment.of(p[0], p[1]);
    assertThat(Math.abs(a.offsetNanos()[500])).isLessThanOrEqualTo(500);
    assertThat(a.errorNanos()).isLessThan(1000);
  }

  @Test
  void toMonotonic_subtractsTheLocalOffset() {
    long[][] p = pairs(300, 2_000_000L, 0, 0);
    ClockAlignment a = ClockAlignment.of(p[0], p[1]);
    assertThat(Math.abs(a.toMonotonic(10, p[0][10] + 2_000_000L + 7_000) - (p[0][10] + 7_000)))
        .isLessThanOrEqualTo(500);
  }

  @Test
  void of_noPairs_isRefused() {
    assertThatThrownBy(() -> ClockAlignment.of(new long[0], new long[0])).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> ClockAlignment.of(new long[2], new long[1])).isInstanceOf(IllegalArgumentException.class);
  }
}
