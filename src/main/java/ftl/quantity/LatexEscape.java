package ftl.quantity;

/** Escapes plain text for LaTeX text mode. */
public final class LatexEscape {
  private LatexEscape() {}

  /** Escapes {@code \ { } $ & # ^ _ % ~} and maps µ to {@code \textmu{}}. */
  public static String escape(String s) {
    StringBuilder sb = new StringBuilder(s.length() + 8);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '\\' -> sb.append("\\textbackslash{}");
        case '{', '}', '$', '&', '#', '_', '%' -> sb.append('\\').append(c);
        case '^' -> sb.append("\\textasciicircum{}");
        case '~' -> sb.append("\\textasciitilde{}");
        case '\u00b5' -> sb.append("\\textmu{}");
        default -> sb.append(c);
      }
    }
    return sb.toString();
  }
}
