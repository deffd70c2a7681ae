package ftl.verify;

import java.text.Normalizer;
import java.util.Locale;

/**
 * The one reader of a printed number, shared by the census of the LaTeX sources ({@link Census}), the
 * quoted-number lookup ({@code ftl check "62,264"}) and the census of a built PDF ({@link PdfCensus}).
 *
 * <p>The same number reaches a reader in three shapes: as LaTeX source ({@code 62{,}264}, {@code 40.00\%},
 * {@code 1,000\,\textmu{}s}, {@code 2.07$\times$}), as plain text ({@code 62,264}, {@code 2.07x}) and as text
 * extracted from a PDF, where typesetting leaves ligatures ({@code ﬁ}), thin and no-break spaces, the math
 * minus U+2212, the multiplication sign U+00D7, and line breaks inside a range. {@link #plain} turns all three
 * into the same plain text; {@link #key} and {@link #digits} are the two comparisons built on it.
 */
public final class PrintedNumber {
  private PrintedNumber() {}

  /**
   * The plain reading of LaTeX source, plain text or PDF text: LaTeX's {@code {,}}, {@code \%},
   * {@code \,}, {@code \textmu{}}, {@code $\times$} and {@code --} become {@code ,}, {@code %}, nothing,
   * {@code µ}, {@code x} and {@code –}; Unicode compatibility forms are folded (NFKC: ligatures split,
   * thin and no-break spaces become spaces), U+2212 and U+2012 become {@code -}, U+00D7 becomes
   * {@code x}, and every run of white space (a line break among them) becomes one space.
   */
  public static String plain(String s) {
    String t = s.replace("{,}", ",").replace("\\%", "%").replace("\\,", "").replace("\\textmu{}", "\u00b5")
        .replace("\\textmu", "\u00b5").replace("$\\times$", "x").replace("\\times", "x").replace("--", "\u2013");
    // NFKC maps the micro sign to Greek mu; keep the micro sign the registry prints.
    t = Normalizer.normalize(t, Normalizer.Form.NFKC).replace('\u03bc', '\u00b5');
    StringBuilder sb = new StringBuilder(t.length());
    boolean space = false;
    for (int i = 0; i < t.length(); i++) {
      char c = t.charAt(i);
      if (Character.isWhitespace(c) || Character.isSpaceChar(c)) {
        space = true;
        continue;
      }
      if (space && sb.length() > 0) {
        sb.append(' ');
      }
      space = false;
      sb.append(switch (c) {
        case '\u2212', '\u2012' -> '-';
        case '\u00d7' -> 'x';
        default -> c;
      });
    }
    return sb.toString();
  }

  /**
   * The comparison key of a printed number with its unit: {@link #plain}, then thousands separators and
   * white space dropped. {@code "62,264"}, {@code "62{,}264"} and {@code "62264"} give {@code 62264};
   * {@code "2.07$\times$"} and {@code "2.07×"} give {@code 2.07x}; {@code "1,000\,\textmu{}s"} gives
   * {@code 1000µs}. Two printed numbers are the same number in the same unit iff their keys are equal.
   */
  public static String key(String s) {
    String p = plain(s);
    StringBuilder sb = new StringBuilder(p.length());
    for (int i = 0; i < p.length(); i++) {
      char c = p.charAt(i);
      if (c != ',' && c != ' ') {
        sb.append(c);
      }
    }
    return sb.toString();
  }

  /**
   * The number alone, for a reader who quotes it with or without separators or unit: digits, decimal
   * point and minus of {@link #plain}, and {@code ~} for the word {@code to} of a range.
   * {@code "62,264"} gives {@code 62264}, {@code "2.07x"} gives {@code 2.07}, {@code "0.36% to 100%"}
   * gives {@code 0.36~100}; text without a digit gives the empty string.
   */
  public static String digits(String s) {
    String t = plain(s).toLowerCase(Locale.ROOT);
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < t.length(); i++) {
      char ch = t.charAt(i);
      if (Character.isDigit(ch) || ch == '.' || ch == '-') {
        sb.append(ch);
      } else if (t.startsWith(" to ", i)) {
        sb.append('~');
        i += 3;
      }
    }
    return sb.toString();
  }
}
