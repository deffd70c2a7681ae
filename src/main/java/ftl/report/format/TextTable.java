package ftl.report.format;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A plain-text table for a terminal: a header row, then rows; the first column left-aligned (names), the others
 * right-aligned (numbers), two spaces between columns.
 */
final class TextTable {
  private final List<String[]> rows = new ArrayList<>();
  private final int columns;

  TextTable(String... header) {
    columns = header.length;
    rows.add(header.clone());
  }

  /** Adds a row of exactly as many cells as the header. */
  TextTable row(String... cells) {
    if (cells.length != columns) {
      throw new IllegalArgumentException(cells.length + " cells for " + columns + " columns: " + Arrays.toString(cells));
    }
    rows.add(cells.clone());
    return this;
  }

  /** The table, each line indented by {@code indent} and ended by a newline. */
  String render(String indent) {
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
        line.append(i == 0 ? r[i] + pad : "  " + pad + r[i]);
      }
      out.append(line.toString().stripTrailing()).append('\n');
    }
    return out.toString();
  }
}
