package ftl.harness.campaign;

import java.io.PrintStream;
import java.util.Locale;

/**
 * The one-line progress display on stderr: runs done of total, events written, elapsed, time left. Updated
 * between runs only (a ticking display thread would compete with the stamping threads). On a terminal the
 * line is redrawn in place; otherwise one line per update.
 */
public final class Progress {
  private final PrintStream out;
  private final boolean inPlace;
  private final int total;
  private final long startNanos = System.nanoTime();
  private int done;
  private long events;
  private long pacedDoneNanos;
  private long pacedLeftNanos;

  public Progress(PrintStream out, boolean inPlace, int total, long pacedTotalNanos) {
    this.out = out;
    this.inPlace = inPlace;
    this.total = total;
    this.pacedLeftNanos = pacedTotalNanos;
  }

  /** Shown before a run starts. */
  public void starting(String runId, String condition) {
    line(String.format(Locale.ROOT, "[%d/%d runs] %d events | %s left | running %s (%s)", done, total, events,
        clock(leftNanos()), runId, condition));
  }

  /** Shown after a run ends; {@code pacedNanos} is the run's paced length (events x interval). */
  public void finished(long writtenEvents, long pacedNanos) {
    done++;
    events += writtenEvents;
    pacedDoneNanos += pacedNanos;
    pacedLeftNanos = Math.max(0, pacedLeftNanos - pacedNanos);
  }

  /** Writes a whole line above the progress line (a run's summary). */
  public void note(String text) {
    if (inPlace) {
      out.print("\r\033[K");
    }
    out.println(text);
    out.flush();
  }

  public void end() {
    line(String.format(Locale.ROOT, "[%d/%d runs] %d events | done in %s", done, total, events,
        clock(System.nanoTime() - startNanos)));
    if (inPlace) {
      out.println();
    }
    out.flush();
  }

  /** Paced time left plus the average per-run overhead seen so far (4 s per run before the first one ends). */
  long leftNanos() {
    long elapsed = System.nanoTime() - startNanos;
    long overheadPerRun = done == 0 ? 4_000_000_000L : Math.max(0, (elapsed - pacedDoneNanos) / done);
    return pacedLeftNanos + overheadPerRun * (total - done);
  }

  private void line(String text) {
    if (inPlace) {
      out.print("\r\033[K" + text);
    } else {
      out.println(text);
    }
    out.flush();
  }

  static String clock(long nanos) {
    long s = Math.max(0, nanos / 1_000_000_000L);
    return s >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
        : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
  }
}
