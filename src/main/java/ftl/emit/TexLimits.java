package ftl.emit;

import ftl.data.io.DataException;

/**
 * What a generated file may hold so that TeX can typeset it: checked on every file the emitter renders, so data the
 * readers accepted but TeX cannot take is refused with exit 3 naming the generated file and its line, instead of a
 * PDF build that fails later (or, worse, typesets something else). Limits, each far above what the archive's data
 * make and below where TeX gives up:
 * <ul>
 *   <li>a line of at most {@value #MAX_LINE_CHARS} characters (TeX's input buffer holds 200,000 in TeX Live; the
 *       archive's longest generated line has under 2,000);</li>
 *   <li>a {@code tabular} of at most {@value #MAX_TABULAR_ROWS} rows (a tabular is one box, built in TeX's main
 *       memory: 30,000 rows of the harness audit exhausted it), a {@code longtable} of at most
 *       {@value #MAX_LONGTABLE_ROWS} (it is typeset page by page; the supplement's largest has about 250).</li>
 * </ul>
 * That a data cell cannot be read as a command's optional argument is {@link ftl.quantity.core.LatexEscape#escape}'s
 * part.
 */
public final class TexLimits {
  /** Longest line of a generated file, characters. */
  public static final int MAX_LINE_CHARS = 20_000;
  /** Most rows of one {@code tabular}. */
  public static final int MAX_TABULAR_ROWS = 1_000;
  /** Most rows of one {@code longtable}. */
  public static final int MAX_LONGTABLE_ROWS = 10_000;

  private TexLimits() {}

  /**
   * Checks one generated file.
   *
   * @throws DataException naming the file and line of the first excess
   */
  public static void check(String path, String content) {
    int line = 0;
    int rows = 0;
    int begin = 0;
    String env = null;
    int from = 0;
    while (from <= content.length()) {
      int nl = content.indexOf('\n', from);
      int end = nl < 0 ? content.length() : nl;
      line++;
      int length = end - from;
      if (length > MAX_LINE_CHARS) {
        throw new DataException(path, line, "a generated line of " + length + " characters, more than the "
            + MAX_LINE_CHARS + " the emitter writes for TeX (a data string too long to typeset)", null);
      }
      String l = content.substring(from, end);
      if (env == null) {
        if (l.contains("\\begin{tabular}")) {
          env = "tabular";
        } else if (l.contains("\\begin{longtable}")) {
          env = "longtable";
        }
        rows = 0;
        begin = line;
      } else if (l.contains("\\end{" + env + "}")) {
        env = null;
      } else if (l.stripTrailing().endsWith("\\\\")) {
        rows++;
        int max = env.equals("tabular") ? MAX_TABULAR_ROWS : MAX_LONGTABLE_ROWS;
        if (rows > max) {
          throw new DataException(path, begin, "a " + env + " of more than " + max
              + " rows, more than TeX typesets in one "
              + (env.equals("tabular") ? "box" : "table") + " (rows from data)", null);
        }
      }
      if (nl < 0) {
        break;
      }
      from = nl + 1;
    }
  }
}
