package ftl.text;

import ftl.data.io.Echo;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * One line of progress on a terminal, redrawn in place (carriage return, then erase to the end of the line), or
 * nothing at all where standard error is not a terminal (piped, redirected to a file, under a test): a log or a pipe
 * receives no progress, only what the command prints.
 *
 * <p>The two control sequences it needs are written straight to the terminal's descriptor, past the filter that shows
 * every control character as an escape (so that no byte from data drives the terminal); the text it shows is escaped
 * first ({@link Echo#clean}), so a run id or file name cannot smuggle one in. Before anything else is printed on
 * standard error, {@link #clear} removes the line.
 */
public final class StatusLine {
  private static final byte[] REDRAW = "\r\033[K".getBytes(StandardCharsets.US_ASCII);
  /** Where the line is drawn; null: nowhere. */
  private final OutputStream terminal;
  /** The filtered stream text goes to, flushed before the line is drawn so the two never interleave. */
  private final PrintStream before;
  private boolean shown;
  private long lastNanos;

  private StatusLine(OutputStream terminal, PrintStream before) {
    this.terminal = terminal;
    this.before = before;
  }

  /**
   * The status line of this process: drawn on standard error's own descriptor when the JVM has a console
   * ({@code System.console() != null}: standard input and output are a terminal), else silent.
   */
  public static StatusLine onTerminal() {
    return System.console() == null ? silent() : over(new FileOutputStream(FileDescriptor.err), System.err);
  }

  /** A status line drawn on {@code terminal}, after flushing {@code before} (for a test, or a known terminal). */
  public static StatusLine over(OutputStream terminal, PrintStream before) {
    return new StatusLine(terminal, before);
  }

  /** A line that shows nothing (a new one each time: a line holds state, so none is shared). */
  public static StatusLine silent() {
    return new StatusLine(null, null);
  }

  /** True when the line is drawn somewhere. */
  public boolean active() {
    return terminal != null;
  }

  /** Replaces the line by {@code text} (control characters escaped, cut as {@link Echo#clean} cuts). */
  public synchronized void show(String text) {
    if (terminal != null) {
      write(Echo.clean(text));
      shown = true;
    }
  }

  /**
   * As {@link #show}, but at most ten times a second (the first update always): for a count that may move thousands of
   * times a second, so the terminal is not the bottleneck.
   */
  public synchronized void update(String text) {
    long now = System.nanoTime();
    if (terminal != null && (!shown || now - lastNanos >= 100_000_000L)) {
      show(text);
      lastNanos = now;
    }
  }

  /** Removes the line, if one is shown, so the next output starts on a clean line. */
  public synchronized void clear() {
    if (terminal != null && shown) {
      write("");
      shown = false;
    }
  }

  private void write(String text) {
    try {
      before.flush();
      terminal.write(REDRAW);
      terminal.write(text.getBytes(StandardCharsets.UTF_8));
      terminal.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
