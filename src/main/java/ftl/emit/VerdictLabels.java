package ftl.emit;

import ftl.data.io.DataException;
import ftl.data.io.Echo;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;

/**
 * What each verdict judges, in words, for the verdict tables' rows ({@code paper/verdict-labels.csv}:
 * {@code key,label}), where its registration states no claim: a plan's criteria carry their own {@code claim}, the rows
 * of {@code data/registrations.csv} none. A table row shows this label, never the registry key (issue #45). The one
 * reader of the file.
 */
public final class VerdictLabels {

  /** Archive-relative path of the labels. */
  public static final String FILE = "paper/verdict-labels.csv";

  private VerdictLabels() {}

  /**
   * Reads the labels of the archive at {@code archiveRoot}, by verdict key; an absent file gives none.
   *
   * @throws DataException naming the line of an empty label or a key given twice
   */
  public static Map<String, String> read(Path archiveRoot) {
    Path f = archiveRoot.resolve(FILE);
    Map<String, String> out = new LinkedHashMap<>();
    if (!Files.exists(f)) {
      return out;
    }
    try (Reader r = Files.newBufferedReader(f, StandardCharsets.UTF_8)) {
      for (CSVRecord rec : CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).setCommentMarker('#')
          .get().parse(r)) {
        long line = rec.getParser().getCurrentLineNumber();
        String key = rec.get("key").strip();
        String label = rec.get("label").strip();
        if (key.isEmpty() || label.isEmpty()) {
          throw new DataException(FILE, line, "a row needs a key and a label", null);
        }
        if (out.put(key, label) != null) {
          throw new DataException(FILE, line, Echo.of(key) + " is labelled twice", null);
        }
      }
    } catch (IOException | IllegalArgumentException | IllegalStateException e) {
      throw new DataException(FILE, 0, "not a valid CSV: " + e.getMessage(), e);
    }
    return out;
  }
}
