package ftl.harness.run;

import ftl.data.ledger.Event;
import ftl.stats.GuardCounter;
import ftl.stats.GuardCounts;
import ftl.stats.SignCheck;
import ftl.stats.SignCheckResult;
import java.util.Locale;

/**
 * The sign channel and OpenMessaging Benchmark's positivity guard, tallied over the measured events of one run.
 *
 * <p>Guard: {@code M = floor(recv_us / 1000) - create_ms} (whole ms); OMB keeps a sample only when
 * {@code M > 0}. {@code taken} = events with both {@code recv_us} and {@code create_ms};
 * {@code kept + zero + negative = taken}; {@code oneTickNegative} ({@code M = -1}) is part of {@code negative}.
 * Retention = kept / taken, NaN when nothing was taken.
 *
 * <p>Sign channel: {@code ackNegative} counts events with all three monotonic stamps and
 * {@code A = recv_ns - ack_ns < 0}; {@code flightNegative} counts events with {@code recv_ns} and
 * {@code T = recv_ns - send_ns < 0} (should never happen on one clock).
 */
public record GuardTally(long taken, long kept, long zero, long negative, long oneTickNegative,
                         long ackNegative, long flightNegative, long complete) {

  public GuardTally {
    if (kept + zero + negative != taken || oneTickNegative > negative) {
      throw new IllegalArgumentException("inconsistent guard tally " + taken + "/" + kept + "/" + zero + "/"
          + negative);
    }
  }

  /** kept / taken; NaN when taken is 0. */
  public double retention() { return taken == 0 ? Double.NaN : (double) kept / taken; }

  /**
   * Mutable accumulator, one event at a time. The guard and the sign channel are counted by the analysis' own
   * counters ({@link GuardCounter}, {@link SignCheck}), so the ledger's tally and the recomputed figures follow one
   * rule each; only {@code flightNegative}, which the instrument counts over every delivered event (with or without
   * its acknowledgment), is counted here.
   */
  public static final class Builder {
    private final GuardCounter guard = new GuardCounter();
    private final SignCheck sign = new SignCheck();
    private long flightNeg;

    public Builder add(Event e) {
      if (e.recvMicros() != Event.MISSING && e.createMillis() != Event.MISSING) {
        guard.accept(e.ombMillis());
      } else {
        guard.acceptWithout();
      }
      if (e.hasRecv() && e.flightNanos() < 0) {
        flightNeg++;
      }
      sign.accept(e);
      return this;
    }

    public GuardTally build() {
      GuardCounts g = guard.counts();
      SignCheckResult s = sign.result();
      return new GuardTally(g.taken(), g.kept(), g.droppedZero(), g.droppedNegative(), g.oneTickNegative(),
          s.ackNegative(), flightNeg, s.complete());
    }
  }

  /** Tally over every measured event of a book that was sent. */
  public static GuardTally of(StampBook book) {
    Builder b = new Builder();
    for (int seq = 0; seq < book.events(); seq++) {
      if (book.sent(seq)) {
        b.add(book.event(seq));
      }
    }
    return b.build();
  }

  /** One line for the end of a run. */
  public String summary() {
    return String.format(Locale.ROOT,
        "A<0 %d of %d (%.2f%%), T<0 %d; OMB guard: taken %d, kept %d, dropped zero %d, negative %d (one-tick %d), "
        + "retention %.1f%%",
        ackNegative, complete, complete == 0 ? 0.0 : 100.0 * ackNegative / complete, flightNegative,
        taken, kept, zero, negative, oneTickNegative, 100.0 * retention());
  }
}
