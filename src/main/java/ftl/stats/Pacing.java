package ftl.stats;

/**
 * What the pacer did, read from the send stamps of a run: catch-up bursts. A pacer on a fixed schedule sends a
 * late send at once, so after a stall the sends that fell due meanwhile leave back to back.
 *
 * <p>Formula: over consecutive sends {@code i - 1, i} in send order (file order), a pair is a catch-up when
 * {@code send_ns[i] - send_ns[i-1] < s / 4} for the run's send interval {@code s}; the share is catch-up pairs
 * over pairs. Dimensionless. Degenerate case: fewer than two sends give no pair (share NaN, counted by the
 * caller). Source: the pacing rule of the supplement (sends due at {@code t_0 + i s}, late sends leave at once).
 */
public final class Pacing {

  private Pacing() {}

  /**
   * Catch-up pairs and pairs of one run.
   *
   * @param sendNanos send stamps in send order, ns
   * @param sendIntervalNanos the run's send interval {@code s > 0}, ns
   * @return {@code {catchUpPairs, pairs}}
   */
  public static Rate catchUp(long[] sendNanos, long sendIntervalNanos) {
    if (sendIntervalNanos <= 0) {
      throw new IllegalArgumentException("send interval must be positive: " + sendIntervalNanos);
    }
    long catchUp = 0;
    for (int i = 1; i < sendNanos.length; i++) {
      // 4 (t_i - t_{i-1}) < s, exact in integers
      if (4 * (sendNanos[i] - sendNanos[i - 1]) < sendIntervalNanos) {
        catchUp++;
      }
    }
    return new Rate(catchUp, Math.max(0, sendNanos.length - 1));
  }
}
