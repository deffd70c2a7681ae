package ftl.audit;

import java.util.Objects;
import java.util.OptionalLong;

/**
 * What an output says about how many messages its latency figures describe.
 *
 * @param delivered messages delivered (or sent, for a publish latency) that the figures could have described, when the
 *     output counts them
 * @param kept samples the figures were computed from, when the output counts them
 * @param words the counts in words, or, where the output holds none, {@code unknown: ...} with what would be needed
 */
public record Counts(OptionalLong delivered, OptionalLong kept, String words) {
  public Counts {
    Objects.requireNonNull(delivered, "delivered");
    Objects.requireNonNull(kept, "kept");
    Objects.requireNonNull(words, "words");
  }

  /** Whether both counts are known, so the share kept is. */
  public boolean known() {
    return delivered.isPresent() && kept.isPresent() && delivered.getAsLong() > 0;
  }

  /**
   * {@code kept / delivered}; NaN unless {@link #known}. It can exceed 1 by a scrape's skew (counters read one after
   * the other).
   */
  public double keptShare() {
    return known() ? (double) kept.getAsLong() / delivered.getAsLong() : Double.NaN;
  }
}
