package ftl.stats;

import ftl.data.ledger.Event;
import java.util.Objects;

/**
 * Streaming rho(D, A) (docs/architecture.md#vocabulary, "rho(D, A)"): Pearson r of displacement {@code D = ack_ns -
 * send_ns} and ack-referenced span {@code A = recv_ns - ack_ns}, nanoseconds, over the pairs inside a declared
 * {@link CorrelationWindow}, from paired co-moments ({@link PairedMoments}: Welford update, Chan et al.
 * merge). Formula {@code r = C_DA / sqrt(C_DD C_AA)}; dimensionless, in [-1, 1] for every input; NaN with a
 * reason when fewer than two pairs are inside, or {@code D} or {@code A} has zero variance there (the caller
 * counts it as undefined). Pairs outside the window and events without a pair are counted. Not
 * thread-safe.
 */
public final class WindowedCorrelation {

  private final CorrelationWindow window;
  private final PairedMoments moments = new PairedMoments();
  private long outside;
  private long incomplete;

  public WindowedCorrelation(CorrelationWindow window) {
    this.window = Objects.requireNonNull(window, "window");
  }

  /** rho(D, A) of a whole run in one call. */
  public static CorrelationResult of(Iterable<Event> events, CorrelationWindow window) {
    WindowedCorrelation c = new WindowedCorrelation(window);
    for (Event e : events) {
      c.accept(e);
    }
    return c.result();
  }

  /** Counts one event: its pair {@code (D, A)} if complete, else under {@code incomplete}. */
  public void accept(Event event) {
    if (!event.complete()) {
      incomplete++;
      return;
    }
    acceptPair(event.displacementNanos(), event.ackSpanNanos());
  }

  /** Counts one pair, nanoseconds: inside the window it enters the co-moments, outside it is counted. */
  public void acceptPair(long displacementNanos, long ackSpanNanos) {
    if (window.contains(displacementNanos, ackSpanNanos)) {
      moments.add(displacementNanos, ackSpanNanos);
    } else {
      outside++;
    }
  }

  /** Adds what {@code other} has counted; both must declare the same window. Returns this. */
  public WindowedCorrelation merge(WindowedCorrelation other) {
    if (!window.equals(other.window)) {
      throw new IllegalArgumentException("cannot merge different windows: " + window + " and " + other.window);
    }
    moments.merge(other.moments);
    outside += other.outside;
    incomplete += other.incomplete;
    return this;
  }

  /**
   * Everything this correlation has counted, exactly: the window, the co-moments of the pairs inside it
   * ({@link PairedMoments}: count, means and second co-moments, nanoseconds and nanoseconds squared) and the
   * counts of pairs outside and of events without a pair. {@link #restore} gives back a correlation that
   * merges and reports bit for bit as this one does (a stored run summary is restored from it).
   *
   * @param window the declared window
   * @param pairs pairs inside the window, {@code >= 0}
   * @param meanDisplacementNanos mean of {@code D} over those pairs, ns (0 when there are none)
   * @param meanAckSpanNanos mean of {@code A} over those pairs, ns (0 when there are none)
   * @param comomentDD {@code C_DD}, ns^2
   * @param comomentAA {@code C_AA}, ns^2
   * @param comomentDA {@code C_DA}, ns^2
   * @param outside complete events whose pair lies outside the window, {@code >= 0}
   * @param incomplete events without a pair, {@code >= 0}
   */
  public record State(CorrelationWindow window, long pairs, double meanDisplacementNanos, double meanAckSpanNanos,
                      double comomentDD, double comomentAA, double comomentDA, long outside, long incomplete) {
    public State {
      Objects.requireNonNull(window, "window");
      if (pairs < 0 || outside < 0 || incomplete < 0) {
        throw new IllegalArgumentException("correlation counts must not be negative: pairs " + pairs
            + ", outside " + outside + ", incomplete " + incomplete);
      }
    }
  }

  /** What this correlation has counted so far, exactly (see {@link State}). */
  public State state() {
    return new State(window, moments.count(), moments.meanX(), moments.meanY(), moments.comomentXX(),
        moments.comomentYY(), moments.comomentXY(), outside, incomplete);
  }

  /** A correlation holding exactly what {@code state} records, as if its pairs had been accepted again. */
  public static WindowedCorrelation restore(State state) {
    WindowedCorrelation c = new WindowedCorrelation(state.window());
    c.moments.restore(state.pairs(), state.meanDisplacementNanos(), state.meanAckSpanNanos(), state.comomentDD(),
        state.comomentAA(), state.comomentDA());
    c.outside = state.outside();
    c.incomplete = state.incomplete();
    return c;
  }

  /** rho(D, A) so far, with its counts. */
  public CorrelationResult result() {
    return new CorrelationResult(window, moments.count(), outside, incomplete, moments.pearson(),
        moments.undefinedReason());
  }
}
