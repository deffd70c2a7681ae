package ftl.quantity.core;

import ftl.data.ledger.Event;
import java.util.Locale;

/**
 * One round of the timeline figure: one event of a run, its three monotonic stamps in microseconds after the
 * first send of the figure's window (the window's origin). A stamp the run never got ({@code ack_ns} or
 * {@code recv_ns} empty in the events file) is NaN.
 *
 * @param seq the event's sequence number in its run
 * @param sendMicros {@code send_ns} minus the origin, us (application send thread)
 * @param ackMicros {@code ack_ns} minus the origin, us (producer I/O thread, completion callback); NaN if missing
 * @param recvMicros {@code recv_ns} minus the origin, us (consumer poll thread); NaN if missing
 */
public record TimelineRound(long seq, double sendMicros, double ackMicros, double recvMicros) {

  public TimelineRound {
    if (seq < 0) {
      throw new IllegalArgumentException("seq must be >= 0: " + seq);
    }
    if (!Double.isFinite(sendMicros)) {
      throw new IllegalArgumentException("a round has a send stamp: " + sendMicros);
    }
  }

  /** The round of {@code e} with times relative to {@code originNanos} (a send_ns on the same monotonic clock). */
  public static TimelineRound of(Event e, long originNanos) {
    return new TimelineRound(e.seq(), micros(e.sendNanos(), originNanos),
        e.hasAck() ? micros(e.ackNanos(), originNanos) : Double.NaN,
        e.hasRecv() ? micros(e.recvNanos(), originNanos) : Double.NaN);
  }

  private static double micros(long nanos, long originNanos) {
    return (nanos - originNanos) / 1000.0;
  }

  /**
   * Whether the ack stamp lands after the receive stamp: {@code A = recv_ns - ack_ns < 0}, the round the sign
   * check rejects; false when a stamp is missing (no A).
   */
  public boolean ackAfterRecv() {
    return ackMicros > recvMicros;
  }

  /**
   * Figure-data cells, {@link java.util.Locale#ROOT}, one decimal of a microsecond; {@code nan} for a missing stamp.
   */
  public Cells cells() {
    return new Cells(Long.toString(seq), fixed(sendMicros), fixed(ackMicros), fixed(recvMicros), ackAfterRecv() ? "1"
        : "0");
  }

  private static String fixed(double v) {
    return Double.isNaN(v) ? "nan" : String.format(Locale.ROOT, "%.1f", v);
  }

  /**
   * A round as the template lays it out: every cell already printed, the template only places them.
   *
   * @param seq sequence number
   * @param sendUs send stamp, us after the origin
   * @param ackUs ack stamp, us after the origin, or {@code nan}
   * @param recvUs receive stamp, us after the origin, or {@code nan}
   * @param ackAfterRecv {@code 1} when {@code A < 0}, else {@code 0}
   */
  public record Cells(String seq, String sendUs, String ackUs, String recvUs, String ackAfterRecv) {}
}
