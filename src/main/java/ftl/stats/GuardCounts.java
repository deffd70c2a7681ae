package ftl.stats;

/**
 * The counts of the positivity guard over one run or several ({@link GuardResult} defines each), without its medians:
 * what is read of a guard whose medians no quantity needs (the microsecond wall-clock guard of a run,
 * {@link GuardCounter}). Conservation: {@code kept + droppedZero + droppedNegative = taken}, and
 * {@code oneTickNegative <= droppedNegative}.
 */
public record GuardCounts(long taken, long kept, long droppedZero, long droppedNegative, long oneTickNegative,
                          long withoutM) {

  public GuardCounts {
    if (taken < 0 || kept < 0 || droppedZero < 0 || droppedNegative < 0 || oneTickNegative < 0 || withoutM < 0) {
      throw new IllegalArgumentException("guard counts must not be negative");
    }
    if (kept + droppedZero + droppedNegative != taken) {
      throw new IllegalArgumentException("guard counts do not conserve: kept " + kept + " + droppedZero "
          + droppedZero + " + droppedNegative " + droppedNegative + " != taken " + taken);
    }
    if (oneTickNegative > droppedNegative) {
      throw new IllegalArgumentException(
          "oneTickNegative " + oneTickNegative + " exceeds droppedNegative " + droppedNegative);
    }
  }

  /** Retention {@code kept / taken}, dimensionless in [0, 1]; undefined (0/0) when {@code taken = 0}. */
  public Rate retention() {
    return new Rate(kept, taken);
  }

  /** Samples the guard deleted: {@code droppedZero + droppedNegative}. */
  public long dropped() {
    return droppedZero + droppedNegative;
  }

  /** The counts of two runs pooled, field by field (exact; throws on overflow). */
  public GuardCounts plus(GuardCounts o) {
    return new GuardCounts(Math.addExact(taken, o.taken), Math.addExact(kept, o.kept),
        Math.addExact(droppedZero, o.droppedZero), Math.addExact(droppedNegative, o.droppedNegative),
        Math.addExact(oneTickNegative, o.oneTickNegative), Math.addExact(withoutM, o.withoutM));
  }

  /** No sample. */
  public static final GuardCounts EMPTY = new GuardCounts(0, 0, 0, 0, 0, 0);
}
