package ftl.cli;

import ftl.data.io.Echo;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The last line of defence of {@link Echo}: standard output and standard error as the CLI's commands and the
 * libraries they call (PDFBox's log of a font name, say) write them, with every control character {@link
 * Echo#isControl} names shown as a visible escape ({@code \x1b}, {@code \u202e}), so no byte a data root, a PDF or a
 * command-line argument supplies can drive the terminal, whichever code path prints it. A line feed and a tab pass
 * unchanged.
 *
 * <p>It works on bytes: C0 controls and DEL are single bytes in every charset the JVM writes a terminal in; the C1
 * controls and the Unicode separators and bidirectional marks are recognised in UTF-8 (in another charset the JVM has
 * already replaced them by {@code ?}). Text without such a byte is passed on in one write: the scan is the only
 * cost. Output meant as bytes (a schedule file on standard output) contains none of them; {@link #raw} bypasses the
 * filter for machine output whose own writer escapes (JSON).
 */
public final class TerminalStream extends FilterOutputStream {
  private final OutputStream raw;
  /** The first bytes of a UTF-8 sequence that may be a control, held until the next write completes it. */
  private final byte[] pending = new byte[2];
  private int pendingLength;

  private TerminalStream(OutputStream raw) {
    super(raw);
    this.raw = raw;
  }

  /** A print stream over {@code raw} that escapes controls; {@code raw} itself when it is already one. */
  public static PrintStream wrap(PrintStream raw) {
    if (raw instanceof Printing) {
      return raw;
    }
    return new Printing(new TerminalStream(raw), Charset.defaultCharset());
  }

  /** The unfiltered stream under a {@link #wrap}ped one (itself otherwise), for output whose writer escapes. */
  public static OutputStream raw(PrintStream s) {
    return s instanceof Printing p ? p.terminal.raw : s;
  }

  /** A print stream whose bytes pass through a {@link TerminalStream}. */
  static final class Printing extends PrintStream {
    private final TerminalStream terminal;

    Printing(TerminalStream terminal, Charset charset) {
      super(terminal, true, charset);
      this.terminal = terminal;
    }
  }

  @Override
  public void write(int b) throws IOException {
    write(new byte[] {(byte) b}, 0, 1);
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    if (pendingLength == 0 && clean(b, off, len)) {
      raw.write(b, off, len);
      return;
    }
    byte[] all = b;
    int start = off;
    int n = len;
    if (pendingLength > 0) {
      all = new byte[pendingLength + len];
      System.arraycopy(pending, 0, all, 0, pendingLength);
      System.arraycopy(b, off, all, pendingLength, len);
      start = 0;
      n = all.length;
      pendingLength = 0;
    }
    escape(all, start, n);
  }

  private static boolean clean(byte[] b, int off, int len) {
    for (int i = off; i < off + len; i++) {
      int c = b[i] & 0xff;
      if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f || c == 0xc2 || c == 0xe2) {
        return false;
      }
    }
    return true;
  }

  private void escape(byte[] b, int off, int len) throws IOException {
    int end = off + len;
    int from = off;
    for (int i = off; i < end; i++) {
      int c = b[i] & 0xff;
      int width = 0;
      int code = -1;
      if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f) {
        width = 1;
        code = c;
      } else if (c == 0xc2 || c == 0xe2) {
        int need = c == 0xc2 ? 2 : 3;
        if (i + need > end) {
          raw.write(b, from, i - from);
          pendingLength = end - i;
          System.arraycopy(b, i, pending, 0, pendingLength);
          return;
        }
        int cp = c == 0xc2 ? ((c & 0x1f) << 6) | (b[i + 1] & 0x3f)
            : ((c & 0x0f) << 12) | ((b[i + 1] & 0x3f) << 6) | (b[i + 2] & 0x3f);
        boolean wellFormed = (b[i + 1] & 0xc0) == 0x80 && (need == 2 || (b[i + 2] & 0xc0) == 0x80);
        if (wellFormed && Echo.isControl((char) cp)) {
          width = need;
          code = cp;
        }
      }
      if (width > 0) {
        raw.write(b, from, i - from);
        String esc = code < 0x100 ? String.format(Locale.ROOT, "\\x%02x", code)
            : String.format(Locale.ROOT, "\\u%04x", code);
        raw.write(esc.getBytes(StandardCharsets.US_ASCII));
        i += width - 1;
        from = i + 1;
      }
    }
    raw.write(b, from, end - from);
  }

  /** Flushes what is complete; the start of a sequence split between two writes waits for its end. */
  @Override
  public void flush() throws IOException {
    raw.flush();
  }

  @Override
  public void close() throws IOException {
    if (pendingLength > 0) {
      escape(pending.clone(), 0, pendingLength); // a sequence cut short: passed on as it is (it is no control)
      pendingLength = 0;
    }
    raw.close();
  }
}
