package ftl.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.provider.Arguments;

/**
 * Reads the known answers of {@code src/test/resources/ftl/stats/known-answers/}, written by
 * {@code src/test/scripts/stats-known-answers.R} (R 4.2.2, metafor 3.8.1): comment lines start with {@code #}, a
 * header row names the columns, one row per labelled synthetic case, lists are space-separated, {@code NaN} is NaN.
 */
final class KnownAnswers {
  private KnownAnswers() {}

  /** One case: its cells by column name. */
  record Row(Map<String, String> cells) {
    Row {
      cells = Map.copyOf(cells);
    }

    String text(String column) {
      String s = cells.get(column);
      if (s == null) {
        throw new IllegalArgumentException("no column " + column + " in " + cells.keySet());
      }
      return s;
    }

    double number(String column) {
      return Double.parseDouble(text(column));
    }

    int integer(String column) {
      return Integer.parseInt(text(column));
    }

    double[] numbers(String column) {
      return Arrays.stream(text(column).split(" ")).mapToDouble(Double::parseDouble).toArray();
    }

    @Override
    public String toString() {
      return text("case");
    }
  }

  /** Every row of a file of the folder. */
  static List<Row> read(String file) {
    String name = "known-answers/" + file;
    InputStream in = KnownAnswers.class.getResourceAsStream(name);
    if (in == null) {
      throw new IllegalArgumentException("no known-answer file " + name);
    }
    CSVFormat format = CSVFormat.DEFAULT.builder().setCommentMarker('#').setHeader().setSkipHeaderRecord(true).get();
    List<Row> rows = new ArrayList<>();
    try (Reader r = new InputStreamReader(in, StandardCharsets.UTF_8)) {
      for (CSVRecord rec : format.parse(r)) {
        rows.add(new Row(rec.toMap()));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (rows.isEmpty()) {
      throw new IllegalStateException(name + " holds no case");
    }
    return rows;
  }

  /** The rows of a file as parameterised-test arguments, each named by its case (and method, where there is one). */
  static Stream<Arguments> cases(String file) {
    return read(file).stream().map(r -> Arguments.of(Named.of(
        r.cells().containsKey("method") ? r.text("case") + " " + r.text("method") : r.text("case"), r)));
  }

  /** {@code actual} within {@code relative |expected|} of {@code expected}; NaN expected means NaN. */
  static void assertClose(String what, double actual, double expected, double relative) {
    assertClose(what, actual, expected, relative, 0);
  }

  /** {@code actual} within {@code relative |expected| + absolute} of {@code expected}; NaN expected means NaN. */
  static void assertClose(String what, double actual, double expected, double relative, double absolute) {
    if (Double.isNaN(expected)) {
      assertThat(actual).as(what).isNaN();
    } else {
      assertThat(actual).as(what).isCloseTo(expected, within(relative * Math.abs(expected) + absolute));
    }
  }
}
