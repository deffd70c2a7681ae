package ftl.harness.wire;

import java.util.Arrays;

/**
 * The capture's clock (CLOCK_REALTIME) set on the stamps' monotonic clock with the run's own paired readings: every
 * send stamp reads {@code send_ns} and, right after it, {@code send_us} (microseconds), so each measured send gives
 * one reading of the offset {@code o = send_us * 1000 + 500 - send_ns} (the 500 ns centres the microsecond's
 * truncation). The offset used at send {@code seq} is the median of the readings of the {@value #WINDOW} sends
 * centred on it, which follows a wall clock that is slewed during the run; the run's alignment error is the 99th
 * percentile of how far a single reading lies from its local median (quantisation, the gap between the two reads,
 * and any preemption between them), an upper bound on the median's own error; the drift is the last local median
 * minus the first.
 *
 * @param offsetNanos per measured {@code seq}, wall minus monotonic, ns
 * @param errorNanos the run's alignment error, ns (0 for a run of one send)
 * @param driftNanos the offset's change over the run, ns
 */
public record ClockAlignment(long[] offsetNanos, long errorNanos, long driftNanos) {
  /** Sends in each local median (odd). */
  public static final int WINDOW = 101;

  /** The alignment of a run from its measured sends' paired readings (equal lengths, at least one send). */
  public static ClockAlignment of(long[] sendNanos, long[] sendMicros) {
    int n = sendNanos.length;
    if (n == 0 || sendMicros.length != n) {
      throw new IllegalArgumentException("an alignment needs paired readings (" + n + " and " + sendMicros.length
          + ")");
    }
    long[] reading = new long[n];
    for (int i = 0; i < n; i++) {
      reading[i] = Math.subtractExact(Math.addExact(Math.multiplyExact(sendMicros[i], 1000L), 500L), sendNanos[i]);
    }
    long[] local = new long[n];
    long[] deviation = new long[n];
    int half = WINDOW / 2;
    long[] w = new long[WINDOW];
    for (int i = 0; i < n; i++) {
      int from = Math.max(0, Math.min(i - half, n - WINDOW));
      int to = Math.min(n, from + WINDOW);
      int k = to - from;
      System.arraycopy(reading, from, w, 0, k);
      Arrays.sort(w, 0, k);
      local[i] = w[k / 2];
      deviation[i] = Math.abs(reading[i] - local[i]);
    }
    Arrays.sort(deviation);
    long error = deviation[(int) Math.min(n - 1, Math.ceil(0.99 * n) - 1)];
    return new ClockAlignment(local, error, local[n - 1] - local[0]);
  }

  /** A capture stamp (epoch ns) on the stamps' clock, with the offset at send {@code seq}. */
  public long toMonotonic(int seq, long epochNanos) {
    return epochNanos - offsetNanos[seq];
  }
}
