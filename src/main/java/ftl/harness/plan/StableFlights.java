package ftl.harness.plan;

import ftl.data.ledger.Event;
import ftl.data.ledger.LedgerSchema;
import java.util.Arrays;

/**
 * The registered warm-up rule {@code stable_flights}: the warm-up ends when the flights of the warm-up sends have
 * stopped drifting, as a plan declares it before any run:
 * <pre>
 *   "warmup": {"rule": "stable_flights", "window": W, "tolerance_us": X, "min_events": A, "max_events": B}
 * </pre>
 *
 * <p><b>The decision</b> ({@link #decide}, a pure function; {@link Decider} takes the same steps one window at a
 * time, as the pacing thread does). Warm-up send {@code i} (0-based) is paced exactly like a measured send, and its
 * flight is {@code T_i = recv_ns - send_ns}. The sends fall into consecutive windows of {@code W}: window
 * {@code j} (0-based) holds sends {@code jW .. (j+1)W - 1} and is complete after {@code e_j = (j+1)W} warm-up sends.
 * Its median {@code m_j} is the median of the flights of its sends that were delivered (the middle value of the
 * sorted flights, the mean of the two middle ones for an even count; in ns; undefined when none was delivered).
 * The warm-up ends after the first window {@code j >= 1} with
 * {@code e_j >= A} and {@code |m_j - m_(j-1)| <= X * 1000 ns}, both medians defined: the run records
 * {@code warmup_converged = yes}. When no window up to {@code B} sends satisfies this, the warm-up ends at {@code B}
 * sends ({@code warmup_converged = no}); a window that would end past {@code B} is never formed, so the last
 * window judged is the one ending at {@code floor(B / W) W}.
 *
 * <p><b>On the instrument</b> (the pacing thread, {@code ftl.harness.run.Sender}): the sends go on, paced, while a
 * complete window's flights are awaited, and the window is judged as soon as all its sends are delivered, or,
 * at the latest, when the next window's last send has been made (then on the flights delivered by then); after
 * send {@code B} the last window is awaited for up to the warm-up drain time. So a converged warm-up usually
 * discards a few sends beyond {@code e_j}: the ledger's {@code warmup_events} counts every warm-up send made, the
 * rule's end point included. All warm-up sends are kept in the run's stamp arrays ({@code B} slots are reserved).
 *
 * @param window          W, sends per window, {@code 10 <= W <= minEvents}
 * @param toleranceMicros X, largest change of the window median that counts as stable, µs, finite and {@code > 0}
 * @param minEvents       A, the warm-up ends no earlier than after the window reaching A sends, {@code W <= A <= B}
 * @param maxEvents       B, the warm-up never exceeds B sends, {@code A <= B <= }{@value #MAX_EVENTS}, and at least
 *                        the first window end at which the rule can converge, {@code max(2W, ceil(A / W) W)}
 */
public record StableFlights(int window, double toleranceMicros, int minEvents, int maxEvents) {

  /** The rule's word in {@code plan.json} and in the ledger's {@code warmup_rule}. */
  public static final String RULE = LedgerSchema.WARMUP_RULE_STABLE_FLIGHTS;
  /** Smallest window: a median of fewer than ten flights moves with single stragglers. */
  public static final int MIN_WINDOW = 10;
  /** Largest {@code max_events} (as a condition's {@code events}). */
  public static final int MAX_EVENTS = 10_000_000;
  /** A flight that was not taken (the send was not delivered): {@link ftl.data.ledger.Event#MISSING}. */
  public static final long UNDELIVERED = Event.MISSING;

  public StableFlights {
    if (window < MIN_WINDOW) {
      throw new Condition.InvalidField("warmup.window", "must be at least " + MIN_WINDOW + " sends (was " + window
          + ")");
    }
    if (!(toleranceMicros > 0) || Double.isInfinite(toleranceMicros)) {
      throw new Condition.InvalidField("warmup.tolerance_us", "must be a finite number of microseconds above 0 (was "
          + toleranceMicros + ")");
    }
    if (minEvents < window) {
      throw new Condition.InvalidField("warmup.min_events", "must be at least the window, " + window + " (was "
          + minEvents + ")");
    }
    if (maxEvents < minEvents) {
      throw new Condition.InvalidField("warmup.max_events", "must be at least min_events, " + minEvents + " (was "
          + maxEvents + ")");
    }
    long firstEnd = Math.max(2L * window, ((long) minEvents + window - 1) / window * window);
    if (maxEvents < firstEnd) {
      throw new Condition.InvalidField("warmup.max_events", "must be at least " + firstEnd
          + ", the first window end at which the rule can converge (two windows, and min_events rounded up to whole "
          + "windows): the rule could never converge (was " + maxEvents + ")");
    }
    if (maxEvents > MAX_EVENTS) {
      throw new Condition.InvalidField("warmup.max_events", "must be at most " + MAX_EVENTS + " (was " + maxEvents
          + ")");
    }
  }

  /** The tolerance in ns, {@code X * 1000}. */
  public double toleranceNanos() { return toleranceMicros * 1000.0; }

  /**
   * Where a warm-up ended by the rule.
   *
   * @param warmupSends the rule's end point: {@code e_j} of the converging window, or {@code B}
   * @param converged   whether a window converged (else the warm-up ended at {@code B})
   * @param windows     windows judged
   */
  public record Decision(int warmupSends, boolean converged, int windows) {}

  /**
   * The rule on a whole sequence of warm-up flights (class javadoc): {@code flightsNanos[i]} is the flight of warm-up
   * send {@code i}, or {@link #UNDELIVERED}; sends past the array's end count as undelivered.
   */
  public Decision decide(long[] flightsNanos) {
    Decider d = decider();
    long[] scratch = new long[window];
    while (!d.ended()) {
      int from = d.windowsJudged() * window;
      int n = 0;
      for (int i = from; i < from + window; i++) {
        if (i < flightsNanos.length && flightsNanos[i] != UNDELIVERED) {
          scratch[n++] = flightsNanos[i];
        }
      }
      d.window(medianNanos(scratch, n));
    }
    return d.decision();
  }

  /** A decider that takes the windows' medians one at a time. */
  public Decider decider() { return new Decider(this); }

  /**
   * The rule's steps one window at a time, for the pacing thread: {@link #window} with each complete window's median
   * in order until {@link #ended()}; then {@link #endSends()} is where the warm-up ends ({@code <= } the sends made
   * so far when it converged; {@code B} when it did not). Not thread-safe.
   */
  public static final class Decider {
    private final StableFlights rule;
    private int windows;
    private double previous = Double.NaN;
    private boolean ended;
    private boolean converged;
    private int endSends;

    private Decider(StableFlights rule) {
      this.rule = rule;
    }

    /**
     * Judges the next window, whose delivered flights have median {@code medianNanos} (NaN when none was delivered).
     *
     * @return true when the warm-up's end is now decided
     */
    public boolean window(double medianNanos) {
      if (ended) {
        throw new IllegalStateException("the warm-up's end is decided already");
      }
      windows++;
      long end = (long) windows * rule.window;
      if (windows >= 2 && end >= rule.minEvents && !Double.isNaN(medianNanos) && !Double.isNaN(previous)
          && Math.abs(medianNanos - previous) <= rule.toleranceNanos()) {
        ended = true;
        converged = true;
        endSends = (int) end;
      } else if (end + rule.window > rule.maxEvents) {
        ended = true;
        endSends = rule.maxEvents;
      }
      previous = medianNanos;
      return ended;
    }

    public boolean ended() { return ended; }

    public boolean converged() { return converged; }

    /** Windows judged so far. */
    public int windowsJudged() { return windows; }

    /** Where the warm-up ends (valid once {@link #ended()}). */
    public int endSends() { return endSends; }

    public Decision decision() {
      if (!ended) {
        throw new IllegalStateException("the warm-up's end is not decided yet");
      }
      return new Decision(endSends, converged, windows);
    }
  }

  /**
   * Median of {@code values[0..n)}, ns: the middle value of the sorted values, the mean of the two middle ones when
   * {@code n} is even; NaN when {@code n == 0}. Sorts that prefix in place.
   */
  public static double medianNanos(long[] values, int n) {
    if (n == 0) {
      return Double.NaN;
    }
    Arrays.sort(values, 0, n);
    return n % 2 != 0 ? values[n / 2] : (values[n / 2 - 1] / 2.0 + values[n / 2] / 2.0);
  }
}
