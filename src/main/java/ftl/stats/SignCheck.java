package ftl.stats;

import ftl.data.ledger.Event;

/**
 * Streaming sign check of one run (docs/architecture.md#vocabulary, "sign check"): feed every event once with
 * {@link #accept(Event)} (or the primitive overload), read {@link #result()}.
 *
 * <p>Signs are decided by comparing stamps ({@code recv_ns < ack_ns}), never by subtracting them, so no
 * stamp values can overflow into a wrong sign. Not thread-safe; {@link #merge} combines accumulators
 * filled separately. Counts and verdict are documented on {@link SignCheckResult}.
 */
public final class SignCheck {

  private long taken;
  private long complete;
  private long missingAck;
  private long missingRecv;
  private long missingBoth;
  private long ackNegative;
  private long sendNegative;

  /** Sign check of a whole run in one call. */
  public static SignCheckResult of(Iterable<Event> events) {
    SignCheck check = new SignCheck();
    for (Event e : events) {
      check.accept(e);
    }
    return check.result();
  }

  /** Counts one event. */
  public void accept(Event event) {
    accept(event.sendNanos(), event.ackNanos(), event.recvNanos());
  }

  /**
   * Counts one event from its monotonic stamps, nanoseconds; {@link Event#MISSING} marks a stamp that never
   * came. {@code sendNanos} must not be missing.
   */
  public void accept(long sendNanos, long ackNanos, long recvNanos) {
    if (sendNanos == Event.MISSING) {
      throw new IllegalArgumentException("send_ns is required");
    }
    taken++;
    boolean noAck = ackNanos == Event.MISSING;
    boolean noRecv = recvNanos == Event.MISSING;
    if (noAck) {
      missingAck++;
    }
    if (noRecv) {
      missingRecv++;
    }
    if (noAck && noRecv) {
      missingBoth++;
    }
    if (noAck || noRecv) {
      return;
    }
    complete++;
    if (recvNanos < ackNanos) {
      ackNegative++;
    }
    if (recvNanos < sendNanos) {
      sendNegative++;
    }
  }

  /** Adds the counts of {@code other} to this accumulator (as if its events had been accepted here). */
  public SignCheck merge(SignCheck other) {
    taken += other.taken;
    complete += other.complete;
    missingAck += other.missingAck;
    missingRecv += other.missingRecv;
    missingBoth += other.missingBoth;
    ackNegative += other.ackNegative;
    sendNegative += other.sendNegative;
    return this;
  }

  /** The counts so far, with the verdict. */
  public SignCheckResult result() {
    return new SignCheckResult(taken, complete, missingAck, missingRecv, missingBoth, ackNegative, sendNegative);
  }
}
