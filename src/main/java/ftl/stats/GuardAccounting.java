package ftl.stats;

import ftl.data.ledger.Event;

/**
 * Streaming accumulator of the positivity guard ({@link GuardResult} documents every count and median).
 * Feed each delivered event once; {@link #merge} pools runs into a condition (counts add, medians are
 * recomputed over the union of samples, never averaged). Keeps every {@code M} and flight so medians are
 * exact; the counts are a {@link GuardCounter}'s. Not thread-safe.
 */
public final class GuardAccounting {

  private final GuardCounter tally = new GuardCounter();
  private final LongBuffer allM = new LongBuffer();
  private final LongBuffer keptM = new LongBuffer();
  private final LongBuffer flights = new LongBuffer();

  /** Guard accounting of a whole run in one call. */
  public static GuardResult of(Iterable<Event> events) {
    GuardAccounting g = new GuardAccounting();
    for (Event e : events) {
      g.accept(e);
    }
    return g.result();
  }

  /**
   * Counts one event: {@code M = floor(recv_us / 1000) - create_ms} if both stamps are present, else the
   * event is counted under {@code withoutM}; its flight enters the flight median when {@code recv_ns} is
   * present.
   */
  public void accept(Event event) {
    if (event.recvMicros() == Event.MISSING || event.createMillis() == Event.MISSING) {
      tally.acceptWithout();
      return;
    }
    acceptSample(event.ombMillis(), event.hasRecv() ? event.flightNanos() : Event.MISSING);
  }

  /**
   * Counts one sample from primitives: {@code ombMillis} is {@code M}, whole ms; {@code flightNanos} is the
   * flight {@code T}, ns, or {@link Event#MISSING} when not known.
   */
  public void acceptSample(long ombMillis, long flightNanos) {
    tally.accept(ombMillis);
    allM.add(ombMillis);
    if (ombMillis > 0) {
      keptM.add(ombMillis);
    }
    if (flightNanos != Event.MISSING) {
      flights.add(flightNanos);
    }
  }

  /**
   * Forgets every count and sample, as a new accumulator, but keeps the storage the samples grew: an accumulator
   * cleared for the next run of a reader costs no allocation once it has held a run as long. Results taken before are
   * not affected.
   */
  public void clear() {
    tally.clear();
    allM.clear();
    keptM.clear();
    flights.clear();
  }

  /** Adds everything {@code other} has counted to this accumulator; returns this. */
  public GuardAccounting merge(GuardAccounting other) {
    tally.merge(other.tally);
    allM.addAll(other.allM);
    keptM.addAll(other.keptM);
    flights.addAll(other.flights);
    return this;
  }

  /** The counts and medians so far. */
  public GuardResult result() {
    GuardCounts c = tally.counts();
    return new GuardResult(c.taken(), c.kept(), c.droppedZero(), c.droppedNegative(), c.oneTickNegative(), c.withoutM(),
        keptM.nearestRank(50.0), allM.nearestRank(50.0), flights.type7(0.5));
  }
}
