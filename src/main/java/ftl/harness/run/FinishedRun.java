package ftl.harness.run;

import ftl.data.ledger.RunStatus;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The instrument's record of one finished run, on any system: what the one {@link RunLoop} produced (its stamps, the
 * verdict and what it was decided from, the stamping threads, its cells) and what a campaign's ledger row and events
 * file take of it. A Kafka run ({@link KafkaRun#run}), a campaign run on another system and the quick look
 * ({@code ftl.harness.system.SystemRun}) all return it.
 *
 * @param verdict the run's status and reason: decided by {@link RunVerdict#of} from {@code events} and {@code counts},
 *     unless the campaign overruled it afterwards ({@link #withVerdict}: a clock source that left its plan)
 * @param events what happened around the sends
 * @param counts what the sends gave, counted from {@code book}
 * @param book the run's stamps (warm-up and measured)
 * @param threads the stamping threads the probe named (unknown ones when it named none)
 * @param tally the sign channel and the positivity guard over {@code book}'s measured events
 * @param lag the sending thread's pacing lag over {@code book}
 * @param startedAt wall-clock instant the loop started
 * @param durationMillis the loop's monotonic duration, ms
 * @param cells ledger cells the run wrote (the loop's, the driver's, the manipulations read back, the host's), by
 *     column name
 */
// Ten components: each is something a reader of a finished run takes (the campaign's ledger row, its events file, its
// progress line; the quick look's lines; the tests of the loop), built in one place (RunLoop) and copied by withers.
public record FinishedRun(RunVerdict verdict, RunVerdict.Events events, RunVerdict.Counts counts, StampBook book,
                          RunDriver.StampingThreads threads, GuardTally tally, PacingLag lag, Instant startedAt,
                          long durationMillis, Map<String, String> cells) {
  public FinishedRun {
    Objects.requireNonNull(verdict, "verdict");
    Objects.requireNonNull(events, "events");
    Objects.requireNonNull(counts, "counts");
    Objects.requireNonNull(book, "book");
    Objects.requireNonNull(threads, "threads");
    cells = Collections.unmodifiableMap(new LinkedHashMap<>(cells));
  }

  /** The run's status ({@link RunVerdict#status}). */
  public RunStatus status() {
    return verdict.status();
  }

  /** Why it is not ok, {@code ""} for an ok run ({@link RunVerdict#reason}). */
  public String reason() {
    return verdict.reason();
  }

  /** This run with another verdict (the campaign overruling the loop's), everything else as measured. */
  public FinishedRun withVerdict(RunVerdict v) {
    return new FinishedRun(v, events, counts, book, threads, tally, lag, startedAt, durationMillis, cells);
  }

  /** This run with other ledger cells (a cell read again by the campaign). */
  public FinishedRun withCells(Map<String, String> c) {
    return new FinishedRun(verdict, events, counts, book, threads, tally, lag, startedAt, durationMillis, c);
  }
}
