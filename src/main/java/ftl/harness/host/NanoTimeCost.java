package ftl.harness.host;

import java.util.Arrays;

/**
 * The instrument's own timescale under the clock source in use: what one {@code System.nanoTime()} costs, the median
 * over {@link #BATCHES} batches of {@link #CALLS} back-to-back calls of the batch's time per call, ns. Under
 * {@code tsc} the vDSO reads the counter directly; under {@code kvm-clock} it also reads the hypervisor's page, and
 * under a clock source the vDSO cannot read ({@code hpet}, {@code acpi_pm}) every call is a system call: the ratio of
 * this cost to the spans measured is what the paper is about (issue #44). Taken before each run; about 10 ms.
 */
public final class NanoTimeCost {
  private NanoTimeCost() {}

  /** Batches measured. */
  static final int BATCHES = 21;
  /** Calls per batch. */
  static final int CALLS = 20_000;
  /** Where the calls' results go, so the compiler cannot remove the loop. */
  private static volatile long sink;

  /** The median cost of one call, ns, to a tenth. */
  public static double medianNanos() {
    double[] perCall = new double[BATCHES];
    long acc = 0;
    for (int b = 0; b < BATCHES; b++) {
      long start = System.nanoTime();
      for (int i = 0; i < CALLS; i++) {
        acc ^= System.nanoTime();
      }
      perCall[b] = (System.nanoTime() - start) / (double) CALLS;
    }
    sink = acc;
    Arrays.sort(perCall);
    return perCall[BATCHES / 2];
  }

  /**
   * The smallest positive step between consecutive {@code System.nanoTime()} readings over {@link #CALLS} back-to-back
   * calls, ns: an upper bound on the clock's resolution (a step shorter than one call's cost is never seen); -1 when
   * no two readings differed.
   */
  public static long granularityNanos() {
    long prev = System.nanoTime();
    long min = Long.MAX_VALUE;
    for (int i = 0; i < CALLS; i++) {
      long now = System.nanoTime();
      long step = now - prev;
      if (step > 0 && step < min) {
        min = step;
      }
      prev = now;
    }
    return min == Long.MAX_VALUE ? -1 : min;
  }
}
