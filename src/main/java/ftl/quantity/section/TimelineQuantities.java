package ftl.quantity.section;

import ftl.data.Campaign;
import ftl.data.ledger.Event;
import ftl.data.ledger.EventReader;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.CampaignCatalogue;
import ftl.quantity.core.CampaignRuns;
import ftl.quantity.core.Format;
import ftl.quantity.core.Provenance;
import ftl.quantity.core.Quantity.Scope;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.ScannedRun;
import ftl.quantity.core.TimelineRound;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The rounds of the timeline figure, chosen by a rule, never by hand, so that the example is a typical run and not
 * its start: among the ok runs of the sign campaign ({@link CampaignCatalogue#MODE_A}) that the sign check rejects
 * (some complete event with {@code A = recv_ns - ack_ns < 0}), the run at the lower median of their median flights
 * ({@code recv_ns - send_ns}; equal medians in ledger order), so neither a slow cold start nor a loaded run; in its
 * events file, in file order, the first complete event with {@code A < 0} in the second half of the file (event index
 * at least half the run's event rows, so not the run's first rounds; the file's first such event when all lie in its
 * first half); the window is the {@value #ROUNDS} consecutive events that start {@value #BEFORE} events before it
 * (fewer in all when the file ends first). Each round's three monotonic stamps are taken relative to the window's first
 * send. The events file is read through the data root's gate with its SHA-256 checked against the ledger.
 */
public final class TimelineQuantities {
  static final String CAMPAIGN = CampaignCatalogue.MODE_A.folder();
  /** Rounds drawn before the first round whose ack lands after its receive. */
  static final int BEFORE = 3;
  /** Rounds drawn in all. */
  static final int ROUNDS = 8;
  private static final String FUNCTION = Provenance.name(TimelineQuantities.class, "window");

  private TimelineQuantities() {}

  /**
   * The chosen window.
   *
   * @param runId the run's id in its ledger
   * @param condition the run's condition
   * @param firstNegative the round of the first complete event with A &lt; 0
   * @param rounds the window's rounds in file order
   * @param events the run's event rows
   * @param negativeRate the run's negative-A rate
   */
  record Window(String runId, String condition, TimelineRound firstNegative, List<TimelineRound> rounds, long events,
                Value negativeRate) {
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
    private final long from;
    private long index;
    private Event firstNegative;

    /** A collector whose first round with A &lt; 0 is the first at event index {@code from} or later (0-based). */
    Collector(long from) {
      this.from = from;
    }

    /** A collector that takes the file's first round with A &lt; 0. */
    Collector() {
      this(0);
    }

    @Override
    public void accept(Event e) {
      long i = index++;
      if (firstNegative == null) {
        if (i >= from && e.complete() && e.ackSpanNanos() < 0) {
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
      return window(runId, condition, new Value.Unavailable("no rate given"));
    }

    Optional<Window> window(String runId, String condition, Value negativeRate) {
      if (firstNegative == null) {
        return Optional.empty();
      }
      long origin = window.getFirst().sendNanos();
      List<TimelineRound> rounds = new ArrayList<>();
      for (Event e : window) {
        rounds.add(TimelineRound.of(e, origin));
      }
      return Optional.of(new Window(runId, condition, TimelineRound.of(firstNegative, origin), rounds, index,
          negativeRate));
    }
  }

  /** The window of the sign campaign's median rejected run (memoised), empty when there is none. */
  static Optional<Window> window(Analysis a) {
    return a.memo("timeline:window", () -> {
      Optional<ScannedRun> chosen = medianRejected(a.campaignRuns(CAMPAIGN));
      if (chosen.isEmpty()) {
        return Optional.empty();
      }
      ScannedRun r = chosen.get();
      Campaign c = r.campaign();
      Collector late = new Collector(r.rows() / 2);
      Collector early = new Collector();
      EventReader.read(c.openEvents(r.row()), c.eventsName(r.row()), r.sha256(), e -> {
        late.accept(e);
        early.accept(e);
      });
      Value rate = new Value.Real(r.sign().ackNegativeRate().value()); // a rejected run has a complete event
      // the first round with A < 0 in the second half of the file, else (all in the first half) the file's first
      return late.window(r.row().runId(), r.row().condition(), rate)
          .or(() -> early.window(r.row().runId(), r.row().condition(), rate));
    });
  }

  /**
   * The rejected run at the lower median of the rejected runs' median flights (each run's median of
   * {@code recv_ns - send_ns} over its complete events, {@link ftl.stats.GuardResult#medianFlightNanos}); equal
   * medians keep ledger order. Empty when no run is rejected.
   */
  static Optional<ScannedRun> medianRejected(List<ScannedRun> runs) {
    List<ScannedRun> rejected = new ArrayList<>(runs.stream().filter(ScannedRun::rejected).toList());
    if (rejected.isEmpty()) {
      return Optional.empty();
    }
    rejected.sort(Comparator.comparingDouble(r -> r.guard().medianFlightNanos())); // stable: ledger order kept
    return Optional.of(rejected.get((rejected.size() - 1) / 2));
  }

  /** The figure's rows, in file order (empty when no run qualifies). */
  public static List<TimelineRound.Cells> rows(Analysis a) {
    return window(a).map(w -> w.rounds().stream().map(TimelineRound::cells).toList()).orElse(List.of());
  }

  public static List<Quantity> all() {
    String rule = " of the timeline figure (of the ok runs of campaign " + CAMPAIGN + " with some event whose"
        + " A = recv_ns - ack_ns < 0, the run at the lower median of their median flights recv_ns - send_ns, equal "
        + "medians in ledger order;"
        + " the " + ROUNDS + " consecutive events of its events file starting " + BEFORE
        + " before its first such event in the second half of the file, or its first when none is)";
    return List.of(
        q("timeline.rounds", "TimelineRounds", "rounds drawn" + rule, Unit.COUNT, Format.GROUPED_INTEGER,
            w -> new Value.Count(w.rounds().size())),
        q("timeline.roundsBefore", "TimelineRoundsBefore",
        "rounds drawn before the first round whose ack lands after its"
            + " receive" + rule, Unit.COUNT, Format.GROUPED_INTEGER,
            w -> new Value.Count(w.rounds().indexOf(w.firstNegative()))),
        q("timeline.ackAfterRecv", "TimelineAckAfterRecv",
        "rounds whose ack stamp lands after their receive stamp (A < 0)"
            + rule, Unit.COUNT, Format.GROUPED_INTEGER, w -> new Value.Count(w.ackAfterRecv())),
        q("timeline.firstNegative.ackLate", "TimelineFirstNegativeAckLate",
        "how far the ack stamp of the first round with"
            + " A < 0 lands after its receive stamp, ack_ns - recv_ns" + rule, Unit.MICROSECONDS, Format.REAL_3SF,
            w -> new Value.Real(w.firstNegative().ackMicros() - w.firstNegative().recvMicros())),
        q("timeline.firstNegative.seq", "TimelineFirstNegativeSeq", "sequence number in its run of the drawn round with"
            + " A < 0" + rule, Unit.COUNT, Format.GROUPED_INTEGER, w -> new Value.Count(w.firstNegative().seq())),
        q("timeline.run.negativeRate", "TimelineRunNegativeRate",
        "negative-A rate (ackNegative / complete events) of the"
            + " run" + rule, Unit.FRACTION, Format.PERCENT_2DP, w -> w.negativeRate()),
        q("timeline.run.events", "TimelineRunEvents", "event rows of the run" + rule, Unit.COUNT,
            Format.GROUPED_INTEGER, w -> new Value.Count(w.events())));
  }

  private static Quantity q(String key, String macro, String definition, Unit unit, Format format,
                            Function<Window, Value> of) {
    return Quantity.key(key).macro(macro).definition(definition).unit(unit).format(format).scope(Scope.KAFKA_EVENTS)
        .function(FUNCTION).computes(a -> {
      if (!CampaignRuns.has(a, CAMPAIGN)) {
        return CampaignRuns.noData(CAMPAIGN);
      }
      return window(a).map(of).orElseGet(() -> new Value.Unavailable("no ok run of campaign " + CAMPAIGN
          + " has an event with A < 0"));
    });
  }
}
