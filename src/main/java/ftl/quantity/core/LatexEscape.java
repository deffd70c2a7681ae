package ftl.quantity.core;

import ftl.data.io.Echo;

/**
 * Escapes plain text for LaTeX. Every string that reaches a generated {@code .tex} file and is not itself
 * LaTeX made by the registry passes through {@link #escape} (text mode) or {@link #comment} (after a
 * {@code %}); identifiers from data are whitelisted earlier ({@link ftl.data.ledger.Identifiers}).
 */
public final class LatexEscape {
  private LatexEscape() {}

  /**
   * Text-mode LaTeX for plain text: {@code \ { } $ & # ^ _ % ~} escaped (so neither a control sequence, nor a
   * group, a parameter, a comment, an active character nor {@code ^^} notation can be formed); every control
   * character, line or paragraph separator becomes a space (no line break, no {@code \par}); µ is
   * {@code \textmu{}}, typographic dashes and quotes their ASCII ligatures, Latin-1 letters are kept, and any
   * other non-ASCII character is shown as {@code ?} (the default pdfLaTeX set-up may not define it). A text that
   * starts with {@code [} or {@code *} (after spaces) is preceded by {@code {}}, so that as a table cell it is never
   * read as the optional argument of the {@code \\} or {@code \midrule} before it.
   */
  public static String escape(String s) {
    String t = escapeChars(s);
    // A text whose first visible character is [ or * would be read, after \\ or \midrule (a table cell that starts a
    // row), as their optional argument or star ("[40pt]" moves a rule, "[oops]" stops the build): {} ends that
    // look-ahead.
    String lead = t.stripLeading();
    return lead.startsWith("[") || lead.startsWith("*") ? "{}" + t : t;
  }

  private static String escapeChars(String s) {
    StringBuilder sb = new StringBuilder(s.length() + 8);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '\\' -> sb.append("\\textbackslash{}");
        case '{', '}', '$', '&', '#', '_', '%' -> sb.append('\\').append(c);
        case '^' -> sb.append("\\textasciicircum{}");
        case '~' -> sb.append("\\textasciitilde{}");
        case '\u00b5' -> sb.append("\\textmu{}");
        case '\u2013' -> sb.append("--");
        case '\u2014' -> sb.append("---");
        case '\u2018', '\u2019' -> sb.append('\'');
        case '\u201c' -> sb.append("``");
        case '\u201d' -> sb.append("''");
        default -> {
          if (Echo.isControl(c)) {
            sb.append(' ');
          } else if (c < 0x80 || (c >= '\u00c0' && c <= '\u00ff' && c != '\u00d7' && c != '\u00f7')) {
            sb.append(c);
          } else {
            sb.append('?');
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
              i++;
            }
          }
        }
      }
    }
    return sb.toString();
  }

  /**
   * Text for a LaTeX comment line ({@code % ...}): the text unchanged but for every control character, line or
   * paragraph separator, which becomes a space, so the comment cannot end early and let the rest be read as
   * LaTeX.
   */
  public static String comment(String s) {
    StringBuilder sb = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      sb.append(Echo.isControl(c) ? ' ' : c);
    }
    return sb.toString();
  }
}
