package ftl.data.ledger;

/**
 * One measured event, as one row of an event file ({@code data/<campaign>/events/<run_id>.csv[.gz]}).
 *
 * <p>All stamps are integers on the clock their suffix names. {@code sendNanos}, {@code ackNanos} and
 * {@code recvNanos} are one JVM's monotonic clock ({@code System.nanoTime}); {@code sendMicros} and
 * {@code recvMicros} are the wall clock (CLOCK_REALTIME) in microseconds; {@code createMillis} is the
 * record's Kafka CreateTime in whole milliseconds. A stamp that never came (no acknowledgment, no
 * delivery) is {@link #MISSING}.
 *
 * <p>{@code ackCovered} is how many messages the acknowledgment that stamped {@code ackNanos} completed (column
 * {@code ack_covered}: 1 for a confirm of this message alone, more for a RabbitMQ confirm with {@code multiple});
 * {@link #MISSING} when the system did not say or the file predates the column.
 *
 * <p>Derived spans: flight {@code T = recv - send}, ack-referenced span {@code A = recv - ack},
 * displacement {@code D = ack - send}; {@code A = T - D} exactly.
 */
public record Event(long seq, long sendNanos, long ackNanos, long recvNanos,
                    long sendMicros, long recvMicros, long createMillis, long ackCovered) {

  /** Marker for a stamp that was never taken (empty cell in the file). */
  public static final long MISSING = Long.MIN_VALUE;

  public Event {
    if (sendNanos == MISSING) {
      throw new IllegalArgumentException("send_ns is required (seq " + seq + ")");
    }
    if (ackCovered != MISSING && (ackCovered < 1 || ackNanos == MISSING)) {
      throw new IllegalArgumentException("ack_covered must be at least 1 and come with ack_ns (seq " + seq + ")");
    }
  }

  /** True when the acknowledgment is known to have completed other messages with this one (a multiple confirm). */
  public boolean ackCoveredSeveral() { return ackCovered != MISSING && ackCovered > 1; }

  public boolean hasAck() { return ackNanos != MISSING; }

  public boolean hasRecv() { return recvNanos != MISSING; }

  /** True when all three monotonic stamps are present, so T, A and D are all defined. */
  public boolean complete() { return hasAck() && hasRecv(); }

  /** Flight T = recv_ns - send_ns, nanoseconds. Requires {@link #hasRecv()}. */
  public long flightNanos() { return recvNanos - sendNanos; }

  /** Ack-referenced span A = recv_ns - ack_ns, nanoseconds. Requires {@link #complete()}. */
  public long ackSpanNanos() { return recvNanos - ackNanos; }

  /** Displacement D = ack_ns - send_ns, nanoseconds. Requires {@link #hasAck()}. */
  public long displacementNanos() { return ackNanos - sendNanos; }

  /** recv_ms = floor(recv_us / 1000): the receive stamp on the millisecond grid. */
  public long recvMillis() { return Math.floorDiv(recvMicros, 1000L); }

  /** OpenMessaging Benchmark's difference M = recv_ms - create_ms, whole milliseconds. */
  public long ombMillis() { return recvMillis() - createMillis; }
}
