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
    CatchUp c = new CatchUp(sendIntervalNanos);
    for (long t : sendNanos) {
      c.accept(t);
    }
    return c.result();
  }

  /**
   * {@link #catchUp(long[], long)} streamed: feed the send stamps in send order, one at a time; holds only the
   * previous stamp and two counts. Not thread-safe.
   */
  public static final class CatchUp {
    private final long sendIntervalNanos;
    private long previous;
    private long sends;
    private long catchUps;

    /** A counter for a run with send interval {@code sendIntervalNanos > 0}, ns. */
    public CatchUp(long sendIntervalNanos) {
      if (sendIntervalNanos <= 0) {
        throw new IllegalArgumentException("send interval must be positive: " + sendIntervalNanos);
      }
      this.sendIntervalNanos = sendIntervalNanos;
    }

    /** The next send stamp, ns. */
    public void accept(long sendNanos) {
      // 4 (t_i - t_{i-1}) < s, exact in integers
      if (sends > 0 && 4 * (sendNanos - previous) < sendIntervalNanos) {
        catchUps++;
      }
      previous = sendNanos;
      sends++;
    }

    /** Catch-up pairs over pairs so far ({@code max(0, sends - 1)} pairs). */
    public Rate result() {
      return new Rate(catchUps, Math.max(0, sends - 1));
    }
  }
}
