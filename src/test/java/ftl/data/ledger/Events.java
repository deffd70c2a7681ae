package ftl.data.ledger;

/**
 * Test events built by hand: an {@link Event} whose acknowledgment does not say how many messages it completed
 * ({@code ackCovered} {@link Event#MISSING}), as every event file written before the {@code ack_covered} column.
 */
public final class Events {

  private Events() {}

  /**
   * An event with {@code ackCovered} missing; the other stamps as the {@link Event} components of the same names.
   */
  // Seven stamps: one event-file row without its ack_covered cell, in the file's column order.
  public static Event event(long seq, long sendNanos, long ackNanos, long recvNanos, long sendMicros, long recvMicros,
      long createMillis) {
    return new Event(seq, sendNanos, ackNanos, recvNanos, sendMicros, recvMicros, createMillis, Event.MISSING);
  }
}
