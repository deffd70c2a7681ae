package ftl.emit;

import ftl.data.io.DataException;
import ftl.data.io.Echo;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;

/**
 * The original study's headline figures, transcribed in {@code paper/original-study.csv} (one row per claim:
 * {@code claim,original,our_key,verdict_key,note,macro}). The replication table prints them beside ours; {@code ftl
 * check "62,264"} and {@code ftl check-pdf} recognise them as the original's figures. A row with a {@code macro} is
 * emitted as that LaTeX macro (in {@code paper/generated/quantities.tex}, and expanded in the plain-text abstract), the
 * only way the texts quote the original's figure. The one reader of the file.
 */
public final class OriginalStudy {

  /** Archive-relative path of the transcription. */
  public static final String FILE = "paper/original-study.csv";

  /**
   * One claim of the original study.
   *
   * @param claim what was claimed, in words
   * @param original the figure as the original record prints it ({@code 62,264}, {@code 7 to 80x}, {@code never})
   * @param ourKeys our registry key(s) beside it ({@code a of b} in the file gives two)
   * @param verdictKey the registry verdict on the claim, {@code ""} for a row that is a size, not a claim
   * @param note a note, possibly empty
   * @param line the row's line in the file
   * @param macro the name of the LaTeX macro printing {@code original} (letters only), {@code ""} for none
   */
  public record Claim(String claim, String original, List<String> ourKeys, String verdictKey, String note, long line,
                      String macro) {
    public Claim {
      ourKeys = List.copyOf(ourKeys);
      if (!macro.isEmpty() && !macro.matches("Original[A-Z][A-Za-z]*")) {
        throw new DataException(FILE, line, "macro \"" + Echo.of(macro)
            + "\" is not Original followed by letters (a LaTeX macro name that no registry quantity uses)", null);
      }
    }

    /** A claim without a macro. */
    public Claim(String claim, String original, List<String> ourKeys, String verdictKey, String note, long line) {
      this(claim, original, ourKeys, verdictKey, note, line, "");
    }
  }

  private OriginalStudy() {}

  /** Reads the transcription of the archive at {@code archiveRoot}; an absent file gives no claims. */
  public static List<Claim> read(Path archiveRoot) {
    Path f = archiveRoot.resolve(FILE);
    List<Claim> out = new ArrayList<>();
    if (!Files.exists(f)) {
      return out;
    }
    try (Reader r = Files.newBufferedReader(f, StandardCharsets.UTF_8)) {
      for (CSVRecord rec : CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).setCommentMarker('#')
          .get().parse(r)) {
        // The verdict column is empty for a row that is a size, not a claim, and absent in a file written before it
        // existed.
        String verdict = rec.isMapped("verdict_key") ? rec.get("verdict_key") : "";
        String macro = rec.isMapped("macro") ? rec.get("macro").strip() : "";
        out.add(new Claim(rec.get("claim"), rec.get("original"), List.of(rec.get("our_key").split(" of ")), verdict,
            rec.get("note"), rec.getParser().getCurrentLineNumber(), macro));
      }
    } catch (IOException | IllegalArgumentException | IllegalStateException e) {
      throw new DataException(FILE, 0, "not a valid CSV: " + e.getMessage(), e);
    }
    return out;
  }
}
