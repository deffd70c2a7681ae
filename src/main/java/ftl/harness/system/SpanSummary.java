package ftl.harness.system;

import ftl.data.ledger.Event;
import ftl.harness.run.StampBook;
import ftl.stats.Quantiles;
import java.util.Arrays;

/**
 * The quick look at one run's measured events with all three monotonic stamps: median flight
 * {@code T = recv_ns - send_ns}, median displacement {@code D = ack_ns - send_ns}, median ack-referenced span
 * {@code A = recv_ns - ack_ns} (ns, type-7 medians, NaN when no event is complete), and the counts of negative
 * {@code A} and of negative {@code T} (the latter 0 on one clock).
 *
 * @param complete measured events with send, ack and receive stamps
 * @param sent measured events sent
 */
public record SpanSummary(int sent, int complete, double medianFlightNanos, double medianDisplacementNanos,
                          double medianAckSpanNanos, int ackNegative, int flightNegative) {

  /** The summary of a book's measured events. */
  public static SpanSummary of(StampBook book) {
    int n = book.events();
    long[] t = new long[n];
    long[] d = new long[n];
    long[] a = new long[n];
    int k = 0;
    int sent = 0;
    int negA = 0;
    int negT = 0;
    for (int seq = 0; seq < n; seq++) {
      if (!book.sent(seq)) {
        continue;
      }
      sent++;
      Event e = book.event(seq);
      if (!e.hasAck() || !e.hasRecv()) {
        continue;
      }
      t[k] = e.recvNanos() - e.sendNanos();
      d[k] = e.ackNanos() - e.sendNanos();
      a[k] = e.recvNanos() - e.ackNanos();
      negA += a[k] < 0 ? 1 : 0;
      negT += t[k] < 0 ? 1 : 0;
      k++;
    }
    return new SpanSummary(sent, k, Quantiles.median(Arrays.copyOf(t, k)), Quantiles.median(Arrays.copyOf(d, k)),
        Quantiles.median(Arrays.copyOf(a, k)), negA, negT);
  }

  /** Share of complete events with {@code A < 0}: {@code ackNegative / complete}; NaN when none is complete. */
  public double ackNegativeShare() {
    return complete == 0 ? Double.NaN : (double) ackNegative / complete;
  }
}
