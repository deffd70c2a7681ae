package ftl.stats;

import ftl.data.ledger.Event;

/**
 * Streaming split of a run's negative ack-referenced spans by how many messages each event's acknowledgment completed
 * (events column {@code ack_covered}): a RabbitMQ publisher confirm with {@code multiple=true} completes several
 * messages with one frame, so every message it covers shares one {@code ack_ns}, taken when the frame arrived, not
 * when the broker would have confirmed that message alone. Feed every event once with {@link #accept}, read
 * {@link #result()}. Not thread-safe.
 *
 * <p>Only complete events whose acknowledgment says how many messages it completed are counted; an event whose
 * {@code ack_covered} is missing (the system does not say, or the file predates the column) is in neither class.
 * Signs are decided by comparing stamps ({@code recv_ns < ack_ns}), as {@link SignCheck} does.
 */
public final class ConfirmCoverage {

  private long singleComplete;
  private long singleNegative;
  private long severalComplete;
  private long severalNegative;

  /** Counts one event. */
  public void accept(Event e) {
    if (!e.complete() || e.ackCovered() == Event.MISSING) {
      return;
    }
    boolean negative = e.recvNanos() < e.ackNanos();
    if (e.ackCoveredSeveral()) {
      severalComplete++;
      severalNegative += negative ? 1 : 0;
    } else {
      singleComplete++;
      singleNegative += negative ? 1 : 0;
    }
  }

  /** The counts so far. */
  public Result result() {
    return new Result(singleComplete, singleNegative, severalComplete, severalNegative);
  }

  /**
   * The split of one run's complete events whose acknowledgment said how many messages it completed.
   *
   * @param singleComplete complete events whose acknowledgment completed that message alone ({@code ack_covered = 1})
   * @param singleNegative those of them with {@code A = recv_ns - ack_ns < 0}
   * @param severalComplete complete events whose acknowledgment completed several messages ({@code ack_covered > 1})
   * @param severalNegative those of them with {@code A < 0}
   */
  public record Result(long singleComplete, long singleNegative, long severalComplete, long severalNegative) {

    /** No event said how many messages its acknowledgment completed. */
    public static final Result NONE = new Result(0, 0, 0, 0);

    public Result {
      if (singleNegative < 0 || severalNegative < 0 || singleNegative > singleComplete
          || severalNegative > severalComplete) {
        throw new IllegalArgumentException("negative spans must lie in [0, complete events]: single " + singleNegative
            + " of " + singleComplete + ", several " + severalNegative + " of " + severalComplete);
      }
    }

    /**
     * Negative ack-referenced spans among the singly acknowledged events: {@code singleNegative / singleComplete};
     * dimensionless; NaN ({@link Rate#defined()} false) when no event was singly acknowledged.
     */
    public Rate singleNegativeRate() {
      return new Rate(singleNegative, singleComplete);
    }

    /**
     * Share of the counted complete events whose acknowledgment completed several messages:
     * {@code severalComplete / (singleComplete + severalComplete)}; dimensionless; NaN when none was counted.
     */
    public Rate severalShare() {
      return new Rate(severalComplete, Math.addExact(singleComplete, severalComplete));
    }

    /**
     * Share of the counted negative spans whose acknowledgment completed several messages:
     * {@code severalNegative / (singleNegative + severalNegative)}; dimensionless; NaN when none was negative.
     */
    public Rate negativeSeveralShare() {
      return new Rate(severalNegative, Math.addExact(singleNegative, severalNegative));
    }
  }
}
