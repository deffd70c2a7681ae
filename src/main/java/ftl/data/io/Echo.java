package ftl.data.io;

import java.util.Locale;

/**
 * Data echoed in a message a user reads on a terminal. A hostile data root can put anything in a cell or a
 * file name: a megabyte-long number, or escape codes that rewrite the terminal. {@link #of} cuts an echoed
 * value at {@value #MAX_ECHO} characters, and {@link #clean} shows every control character (C0, DEL, C1,
 * the Unicode line and paragraph separators and the bidirectional overrides) as a visible escape such as
 * {@code \x1b} or {@code \u202e}, so a message is always one line of inert text.
 */
public final class Echo {
  /** At most this many characters of an echoed value are shown. */
  public static final int MAX_ECHO = 80;
  /** A whole message is cut at this many characters. */
  static final int MAX_MESSAGE = 1000;

  private Echo() {}

  /** A value from data as shown in a message: controls escaped, cut at {@value #MAX_ECHO} characters. */
  public static String of(String value) {
    if (value == null) {
      return "";
    }
    String cut = value.length() <= MAX_ECHO ? value
        : value.substring(0, MAX_ECHO - 3) + "... (" + value.length() + " characters)";
    return clean(cut);
  }

  /**
   * The message of an exception's root cause, first line only, without the "(startline N)" position Commons CSV
   * prefixes and without exception class names: what a parser said about a file, for a {@link DataException}.
   */
  public static String cause(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String m = root.getMessage() == null ? "unreadable" : root.getMessage();
    int nl = m.indexOf('\n');
    m = (nl < 0 ? m : m.substring(0, nl)).replaceAll("\\(startline \\d+\\)\\s*", "")
        .replaceAll("[a-z]+(\\.[a-z]+)+\\.[A-Z][A-Za-z]*(Exception|Error): ", "");
    return of(m.trim());
  }

  /** Text with every control character shown as an escape; never longer than {@value #MAX_MESSAGE} characters. */
  public static String clean(String s) {
    if (s == null) {
      return "";
    }
    StringBuilder sb = null;
    int n = Math.min(s.length(), MAX_MESSAGE);
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (isControl(c)) {
        if (sb == null) {
          sb = new StringBuilder(n + 16).append(s, 0, i);
        }
        sb.append(c < 0x100 ? String.format(Locale.ROOT, "\\x%02x", (int) c)
            : String.format(Locale.ROOT, "\\u%04x", (int) c));
      } else if (sb != null) {
        sb.append(c);
      }
    }
    String out = sb == null ? s.substring(0, n) : sb.toString();
    return s.length() > MAX_MESSAGE ? out + "..." : out;
  }

  /** True for C0 controls, DEL, C1 controls, U+2028/U+2029 and the bidirectional embedding/override/isolate marks. */
  public static boolean isControl(char c) {
    return c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == '\u2028' || c == '\u2029'
        || (c >= '\u202a' && c <= '\u202e') || (c >= '\u2066' && c <= '\u2069') || c == '\u200e' || c == '\u200f';
  }
}
