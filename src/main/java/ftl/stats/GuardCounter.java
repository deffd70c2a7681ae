package ftl.stats;

/**
 * Streaming counts of the positivity guard ({@link GuardCounts}): what {@link GuardAccounting} counts, without keeping
 * the samples its medians need, for a guard whose counts alone are read (the microsecond wall-clock guard of a run).
 * Not thread-safe.
 */
public final class GuardCounter {

  private long taken;
  private long kept;
  private long droppedZero;
  private long droppedNegative;
  private long oneTickNegative;
  private long withoutM;

  /** Counts one sample {@code M} (whole units of the guard's clock): kept when positive, else dropped. */
  public void accept(long m) {
    taken++;
    if (m > 0) {
      kept++;
    } else if (m == 0) {
      droppedZero++;
    } else {
      droppedNegative++;
      if (m == -1) {
        oneTickNegative++;
      }
    }
  }

  /** Counts an event that never entered the guard (a stamp it needs is missing). */
  public void acceptWithout() {
    withoutM++;
  }

  /** Adds everything {@code other} has counted; returns this. */
  public GuardCounter merge(GuardCounter other) {
    taken += other.taken;
    kept += other.kept;
    droppedZero += other.droppedZero;
    droppedNegative += other.droppedNegative;
    oneTickNegative += other.oneTickNegative;
    withoutM += other.withoutM;
    return this;
  }

  /** Forgets every count, as a new tally. */
  public void clear() {
    taken = 0;
    kept = 0;
    droppedZero = 0;
    droppedNegative = 0;
    oneTickNegative = 0;
    withoutM = 0;
  }

  /** The counts so far. */
  public GuardCounts counts() {
    return new GuardCounts(taken, kept, droppedZero, droppedNegative, oneTickNegative, withoutM);
  }
}
