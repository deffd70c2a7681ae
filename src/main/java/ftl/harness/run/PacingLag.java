package ftl.harness.run;

import ftl.data.ledger.Event;
import ftl.stats.Pacing;
import ftl.stats.Rate;
import java.util.Arrays;

/**
 * Pacing accuracy of a run: lag = {@code send_ns - intended_ns} per measured send, nanoseconds, never
 * negative with {@link Pacer}. Percentiles by nearest rank on the sorted lags ({@code p} in (0,1]:
 * element {@code ceil(p n) - 1}); all zero when no send was stamped.
 */
public record PacingLag(long p50Nanos, long p99Nanos, long maxNanos, int sends) {

  public static PacingLag of(StampBook book) {
    long[] lags = new long[book.events()];
    int n = 0;
    for (int seq = 0; seq < book.events(); seq++) {
      int slot = book.warmup() + seq;
      if (book.sendNs[slot] != Event.MISSING) {
        lags[n++] = book.sendNs[slot] - book.intendedNs[slot];
      }
    }
    return of(Arrays.copyOf(lags, n));
  }

  /** From raw lags (the array is sorted in place). */
  public static PacingLag of(long[] lags) {
    if (lags.length == 0) {
      return new PacingLag(0, 0, 0, 0);
    }
    Arrays.sort(lags);
    return new PacingLag(rank(lags, 0.50), rank(lags, 0.99), lags[lags.length - 1], lags.length);
  }

  /**
   * The pacer's burst share of a run ({@code pacing_burst_share}): over consecutive sent measured sends in seq order
   * (the events file's order), the share of pairs whose {@code send_ns} differ by less than {@code sendIntervalNanos /
   * 4}, exactly as the analysis counts catch-up pairs ({@link ftl.stats.Pacing}); undefined (no pair) with fewer than
   * two sends.
   */
  public static Rate burstShare(StampBook book, long sendIntervalNanos) {
    Pacing.CatchUp c = new Pacing.CatchUp(sendIntervalNanos);
    for (int seq = 0; seq < book.events(); seq++) {
      long ns = book.sendNs[book.warmup() + seq];
      if (ns != Event.MISSING) {
        c.accept(ns);
      }
    }
    return c.result();
  }

  /** Nearest-rank percentile of sorted values. */
  public static long rank(long[] sorted, double p) {
    int i = (int) Math.ceil(p * sorted.length) - 1;
    return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
  }
}
