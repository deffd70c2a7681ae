package ftl.harness.campaign;

import ftl.text.StatusLine;
import java.io.PrintStream;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * The one-line progress display on stderr: runs done of total, events written of those planned, elapsed, time left.
 * Updated between runs only (a ticking display thread would compete with the stamping threads). On a terminal the
 * line is redrawn in place ({@link StatusLine}); otherwise one line per update.
 *
 * <p>Time left is the paced work left (planned events times send interval, warm-up included) at the rate measured so
 * far: wall time since the first run started over the paced work of the runs done. Broker start-up before the first
 * run is outside that measure, and a run's own overhead (topic creation, drain, files) is inside it, in proportion,
 * so the estimate is steady from run to run instead of adding a fixed overhead per run. Before the first run ends
 * nothing is measured, and the line says so rather than guess.
 */
public final class Progress {
  private final PrintStream out;
  private final StatusLine line;
  private final LongSupplier nanoClock;
  private final int total;
  private final long plannedEvents;
  private long firstStartNanos = Long.MIN_VALUE;
  private final long startNanos;
  private int done;
  private long events;
  private long pacedDoneNanos;
  private long pacedLeftNanos;

  /**
   * A display for {@code total} runs.
   *
   * @param out where notes and, off a terminal, the progress lines go
   * @param inPlace redraw the line in place on this process's terminal
   * @param total runs to do
   * @param plannedEvents measured events the runs plan, summed
   * @param pacedTotalNanos the runs' paced length summed, ns (events with warm-up, times the send interval)
   */
  public Progress(PrintStream out, boolean inPlace, int total, long plannedEvents, long pacedTotalNanos) {
    this(out, inPlace ? StatusLine.onTerminal() : StatusLine.silent(), System::nanoTime, total, plannedEvents,
        pacedTotalNanos);
  }

  /** As above, drawing on {@code line} when it is active, and reading time from {@code nanoClock} (a test's). */
  Progress(PrintStream out, StatusLine line, LongSupplier nanoClock, int total, long plannedEvents,
      long pacedTotalNanos) {
    this.out = out;
    this.line = line;
    this.nanoClock = nanoClock;
    this.total = total;
    this.plannedEvents = plannedEvents;
    this.pacedLeftNanos = pacedTotalNanos;
    this.startNanos = nanoClock.getAsLong();
  }

  /** Shown before a run starts (after its broker is up). */
  public void starting(String runId, String condition) {
    long now = nanoClock.getAsLong();
    if (firstStartNanos == Long.MIN_VALUE) {
      firstStartNanos = now;
    }
    long left = leftNanos(now);
    show(String.format(Locale.ROOT, "[%d/%d runs] %d of %d events | %s | running %s (%s)", done, total, events,
        plannedEvents, left < 0 ? "time left known after the first run" : clock(left) + " left", runId, condition));
  }

  /**
   * Counts a run that ended.
   *
   * @param writtenEvents the events its file holds
   * @param pacedNanos its paced length, ns (events with warm-up, times the send interval)
   */
  public void finished(long writtenEvents, long pacedNanos) {
    done++;
    events += writtenEvents;
    pacedDoneNanos += pacedNanos;
    pacedLeftNanos = Math.max(0, pacedLeftNanos - pacedNanos);
  }

  /** Writes a whole line above the progress line (a run's summary). */
  public void note(String text) {
    line.clear();
    out.println(text);
    out.flush();
  }

  public void end() {
    line.clear();
    out.println(String.format(Locale.ROOT, "[%d/%d runs] %d of %d events | done in %s", done, total, events,
        plannedEvents, clock(nanoClock.getAsLong() - startNanos)));
    out.flush();
  }

  /**
   * Time left at {@code now}, ns: the paced work left times the wall time per paced ns measured since the first run
   * started; -1 before any run has ended (or when the runs done had no paced length, so no rate is measured).
   */
  long leftNanos(long now) {
    if (done == 0 || pacedDoneNanos <= 0) {
      return -1;
    }
    double wallPerPaced = (double) (now - firstStartNanos) / pacedDoneNanos;
    return (long) (pacedLeftNanos * wallPerPaced);
  }

  private void show(String text) {
    if (line.active()) {
      line.show(text);
    } else {
      out.println(text);
      out.flush();
    }
  }

  static String clock(long nanos) {
    long s = Math.max(0, nanos / 1_000_000_000L);
    return s >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
        : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
  }
}
