package ftl.quantity;

import ftl.data.Campaign;
import ftl.data.Event;
import ftl.data.EventReader;
import ftl.quantity.Quantity.Scope;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The rounds of the timeline figure, chosen by a rule, never by hand: the first ok run of the sign campaign
 * ({@link CampaignCatalogue#MODE_A}) in ledger order that the sign check rejects (some complete event with
 * {@code A = recv_ns - ack_ns < 0}); in its events file, in file order, the first complete event with
 * {@code A < 0}; the window is the {@value #ROUNDS} consecutive events that start {@value #BEFORE} events
 * before it (fewer before when the run starts later, fewer in all when the file ends first). Each round's three
 * monotonic stamps are taken relative to the window's first send. The events file is read through the data
 * root's gate with its SHA-256 checked against the ledger.
 */
public final class TimelineQuantities {
  static final String CAMPAIGN = CampaignCatalogue.MODE_A.folder();
  /** Rounds drawn before the first round whose ack lands after its receive. */
  static final int BEFORE = 3;
  /** Rounds drawn in all. */
  static final int ROUNDS = 8;
  private static final String FUNCTION = "ftl.quantity.TimelineQuantities#window";

  private TimelineQuantities() {}

  /**
   * The chosen window.
   *
   * @param runId the run's id in its ledger
   * @param condition the run's condition
   * @param firstNegative the round of the first complete event with A &lt; 0
   * @param rounds the window's rounds in file order
   */
  record Window(String runId, String condition, TimelineRound firstNegative, List<TimelineRound> rounds) {
    Window {
      rounds = List.copyOf(rounds);
    }

    long ackAfterRecv() {
      return rounds.stream().filter(TimelineRound::ackAfterRecv).count();
    }
  }

  /**
   * Collects the window from a run's events in file order: keeps the last {@value #BEFORE} events until the
   * first complete event with A &lt; 0, then that event and the ones after it until the window holds
   * {@value #ROUNDS}.
   */
  static final class Collector implements Consumer<Event> {
    private final Deque<Event> window = new ArrayDeque<>();
    private Event firstNegative;

    @Override
    public void accept(Event e) {
      if (firstNegative == null) {
        if (e.complete() && e.ackSpanNanos() < 0) {
          firstNegative = e;
        } else if (window.size() == BEFORE) {
          window.removeFirst();
        }
        window.addLast(e);
      } else if (window.size() < ROUNDS) {
        window.addLast(e);
      }
    }

    /** The rounds, relative to the window's first send; empty when no event had A &lt; 0. */
    Optional<Window> window(String runId, String condition) {
      if (firstNegative == null) {
        return Optional.empty();
      }
      long origin = window.getFirst().sendNanos();
      List<TimelineRound> rounds = new ArrayList<>();
      for (Event e : window) {
        rounds.add(TimelineRound.of(e, origin));
      }
      return Optional.of(new Window(runId, condition, TimelineRound.of(firstNegative, origin), rounds));
    }
  }

  /** The window of the first rejected run of the sign campaign (memoised), empty when there is none. */
  static Optional<Window> window(Analysis a) {
    return a.memo("timeline:window", () -> {
      for (RunResult r : a.campaignRuns(CAMPAIGN)) {
        if (r.rejected()) {
          Campaign c = r.campaign();
          Collector k = new Collector();
          EventReader.read(c.openEvents(r.row()), c.eventsName(r.row()), r.sha256(), k);
          return k.window(r.row().runId(), r.row().condition());
        }
      }
      return Optional.empty();
    });
  }

  /** The figure's rows, in file order (empty when no run qualifies). */
  public static List<TimelineRound.Cells> rows(Analysis a) {
    return window(a).map(w -> w.rounds().stream().map(TimelineRound::cells).toList()).orElse(List.of());
  }

  static List<Quantity> all() {
    String rule = " of the timeline figure (the first ok run of campaign " + CAMPAIGN + " in ledger order with some event whose"
        + " A = recv_ns - ack_ns < 0; the " + ROUNDS + " consecutive events of its events file starting " + BEFORE
        + " before its first such event)";
    return List.of(
        q("timeline.rounds", "TimelineRounds", "rounds drawn" + rule, Unit.COUNT, Format.GROUPED_INTEGER,
            w -> new Value.Count(w.rounds().size())),
        q("timeline.roundsBefore", "TimelineRoundsBefore", "rounds drawn before the first round whose ack lands after its"
            + " receive" + rule, Unit.COUNT, Format.GROUPED_INTEGER,
            w -> new Value.Count(w.rounds().indexOf(w.firstNegative()))),
        q("timeline.ackAfterRecv", "TimelineAckAfterRecv", "rounds whose ack stamp lands after their receive stamp (A < 0)"
            + rule, Unit.COUNT, Format.GROUPED_INTEGER, w -> new Value.Count(w.ackAfterRecv())),
        q("timeline.firstNegative.ackLate", "TimelineFirstNegativeAckLate", "how far the ack stamp of the first round with"
            + " A < 0 lands after its receive stamp, ack_ns - recv_ns" + rule, Unit.MICROSECONDS, Format.REAL_3SF,
            w -> new Value.Real(w.firstNegative().ackMicros() - w.firstNegative().recvMicros())),
        q("timeline.firstNegative.seq", "TimelineFirstNegativeSeq", "sequence number in its run of the first round with"
            + " A < 0" + rule, Unit.COUNT, Format.GROUPED_INTEGER, w -> new Value.Count(w.firstNegative().seq())));
  }

  private static Quantity q(String key, String macro, String definition, Unit unit, Format format,
                            java.util.function.Function<Window, Value> of) {
    return new Quantity(key, macro, definition, unit, format, Scope.KAFKA_EVENTS, FUNCTION, a -> {
      if (!CampaignQuantities.has(a, CAMPAIGN)) {
        return CampaignQuantities.noData(CAMPAIGN);
      }
      return window(a).map(of).orElseGet(() -> new Value.Unavailable("no ok run of campaign " + CAMPAIGN
          + " has an event with A < 0"));
    });
  }
}
