package ftl.audit;

import ftl.stats.ExactFraction;
import ftl.stats.GridLaw;

/**
 * The grid law's prediction for a tool that drops a zero difference (a guard like OpenMessaging Benchmark's), at the
 * workload's send interval {@code s} and the stamps' quantum {@code q}: {@code s/q = a/b} in lowest terms puts the
 * sends on {@code b} phases of the quantum; a latency of at least {@code q} is always kept, and one of {@code L < q} is
 * kept iff its send phase is at least {@code 1 - L/q}, so a run's retention over whole cycles is a multiple of {@code
 * 1/b} (all or nothing when {@code b = 1}), approaching {@code L/q} as {@code b} grows; latency jitter smooths the
 * grid.
 *
 * @param sendIntervalNanos {@code s}
 * @param basis where {@code s} comes from, in words
 * @param quantumNanos {@code q}
 * @param reduced {@code a/b}
 */
public record GridNote(long sendIntervalNanos, String basis, long quantumNanos, ExactFraction reduced) {
  /** The note for {@code s} and {@code q}. */
  public static GridNote of(long sendIntervalNanos, String basis, long quantumNanos) {
    return new GridNote(sendIntervalNanos, basis, quantumNanos, GridLaw.reduce(sendIntervalNanos, quantumNanos));
  }

  /** The number of send phases per quantum, {@code b}. */
  public long phases() {
    return reduced.denominator();
  }

  /** The prediction in words. */
  public String words() {
    long b = phases();
    String q = AuditNumbers.duration(quantumNanos);
    return "send interval s = " + AuditNumbers.duration(sendIntervalNanos) + " (" + basis + "), quantum q = " + q
        + ": s/q = "
        + reduced.numerator() + "/" + b + " in lowest terms, so the sends fall on " + AuditNumbers.count(b) + " phase"
        + (b == 1 ? "" : "s") + " of the quantum. A latency of at least " + q
        + " is always kept; below it a sample is kept only when its send phase is at least 1 - L/q, so "
        + (b == 1 ? "a run keeps all or none of its sub-quantum latencies (the start phase decides), as far as latency"
            + " jitter does not smooth the grid"
            : "a run's retention over whole cycles is a multiple of 1/" + AuditNumbers.count(b) + ", near L/q");
  }
}
