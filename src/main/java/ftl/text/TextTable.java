package ftl.text;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A plain-text table for a terminal, shared by {@code ftl report} and {@code ftl audit}: a header row, then rows, two
 * spaces between columns, each column left- or right-aligned. By default the first column is left-aligned (names) and
 * the others right-aligned (numbers); {@link #aligned} sets each column.
 */
public final class TextTable {
  private final List<String[]> rows = new ArrayList<>();
  private final int columns;
  private final String align;

  /** A table whose first column is left-aligned and the others right-aligned. */
  public TextTable(String... header) {
    this("l" + "r".repeat(Math.max(0, header.length - 1)), header);
  }

  private TextTable(String align, String... header) {
    if (align.length() != header.length || !align.matches("[lr]*")) {
      throw new IllegalArgumentException("one letter l or r a column: \"" + align + "\" for " + header.length);
    }
    this.align = align;
    columns = header.length;
    rows.add(header.clone());
  }

  /** A table with {@code align} giving one letter a column: {@code l} left, {@code r} right. */
  public static TextTable aligned(String align, String... header) {
    return new TextTable(align, header);
  }

  /** Adds a row of exactly as many cells as the header. */
  public TextTable row(String... cells) {
    if (cells.length != columns) {
      throw new IllegalArgumentException(cells.length + " cells for " + columns + " columns: "
          + Arrays.toString(cells));
    }
    rows.add(cells.clone());
    return this;
  }

  /** The table, each line indented by {@code indent}, trailing spaces cut, and ended by a newline. */
  public String render(String indent) {
    int[] width = new int[columns];
    for (String[] r : rows) {
      for (int i = 0; i < columns; i++) {
        width[i] = Math.max(width[i], r[i].length());
      }
    }
    StringBuilder out = new StringBuilder();
    for (String[] r : rows) {
      StringBuilder line = new StringBuilder(indent);
      for (int i = 0; i < columns; i++) {
        String pad = " ".repeat(width[i] - r[i].length());
        line.append(i == 0 ? "" : "  ").append(align.charAt(i) == 'l' ? r[i] + pad : pad + r[i]);
      }
      out.append(line.toString().stripTrailing()).append('\n');
    }
    return out.toString();
  }
}
