package ftl.verify;

import ftl.data.io.DataException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.encryption.InvalidPasswordException;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.pdfbox.text.TextPosition;

/**
 * The layout of a built PDF as printed (issue 59): text that runs into a page's footer, and the words of its abstract.
 *
 * <p><b>Footer.</b> LaTeX ships a page's foot (here the page number) after its body, so the last glyphs a page's
 * content draws, on one baseline and all digits, are its page number. A glyph of the body whose baseline lies less than
 * {@link #FOOTER_LINES} lines of the page number's own size above the page number's baseline is in the footer: a float
 * taller than the text area, or a page whose content overflows, runs into the page number and overprints it. A page
 * whose last glyphs are not a page number has no footer to run into, and is counted as such.
 *
 * <p><b>Abstract.</b> The text drawn (in content order, which for a LaTeX PDF is the order of typesetting) between the
 * heading {@code Abstract} on the first page and the first numbered section heading; its words are its runs of
 * non-space characters, a word hyphenated across a line counted once.
 */
public final class PdfLayout {

  /**
   * A body glyph whose baseline lies less than this many lines (of the page number's size) above it is in the footer.
   */
  public static final double FOOTER_LINES = 1.2;

  /** The most words the paper's abstract may have as printed (issue 47, issue 59 item 10). */
  public static final int MAX_ABSTRACT_WORDS = 250;

  /** The first numbered section heading, as its own line: "1 Introduction". */
  private static final Pattern SECTION = Pattern.compile("(?m)^\\s*1\\s+\\p{Lu}[^\\n]*$");
  /** The abstract's heading, as its own line. */
  private static final Pattern ABSTRACT = Pattern.compile("(?m)^\\s*Abstract\\s*$");

  /**
   * Text of a page's body found in its footer: the page, its page number, how far the lowest such baseline lies above
   * the page number's (pt; negative below it), and the text there (its glyphs, cut to 60).
   */
  public record FooterOverlap(int page, String pageNumber, double gapPt, String text) {
    @Override
    public String toString() {
      return String.format(Locale.ROOT,
          "page %d: body text with its baseline %.1f pt %s that of the page number %s, in the"
          + " footer: \"%s\"", page, Math.abs(gapPt), gapPt >= 0 ? "above" : "below", pageNumber, text);
    }
  }

  /**
   * What was found: the pages read, the pages without a page number, the overlaps, the abstract if any, and the source
   * the PDF records it was built from ({@code FtlText}, e.g. {@code paper/paper.tex}) if any.
   */
  public record Report(int pages, int pagesWithoutNumber, List<FooterOverlap> overlaps, Optional<String> abstractText,
                       Optional<String> source) {
    public Report {
      overlaps = List.copyOf(overlaps);
    }

    /** The abstract's words as printed, or -1 when the PDF has no abstract. */
    public int abstractWords() {
      return abstractText.map(PdfLayout::words).orElse(-1);
    }
  }

  private PdfLayout() {}

  /**
   * Reads the layout of a PDF.
   *
   * @param pdf the file
   * @param shown its name as messages show it
   * @throws DataException (exit 3) for a file that is empty, too large, not a PDF, damaged or encrypted
   */
  public static Report read(Path pdf, String shown) {
    long size;
    try {
      size = Files.size(pdf);
    } catch (IOException e) {
      throw new DataException(shown, 0, "cannot read: " + e.getMessage(), e);
    }
    if (size == 0 || size > PdfText.MAX_BYTES) {
      throw new DataException(shown, 0, "is " + size + " bytes: not a PDF of this archive (0 < size <= "
          + PdfText.MAX_BYTES + ")");
    }
    try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
      if (doc.isEncrypted()) {
        throw new DataException(shown, 0, "is encrypted; ftl reads only unencrypted PDFs");
      }
      int count = doc.getNumberOfPages();
      if (count == 0 || count > PdfText.MAX_PAGES) {
        throw new DataException(shown, 0, "has " + count + " pages (a PDF of this archive has 1 to "
            + PdfText.MAX_PAGES + ")");
      }
      Glyphs g = new Glyphs();
      List<FooterOverlap> overlaps = new ArrayList<>();
      int withoutNumber = 0;
      String first = "";
      for (int p = 1; p <= count; p++) {
        g.setStartPage(p);
        g.setEndPage(p);
        g.glyphs.clear();
        String text = g.getText(doc);
        if (p == 1) {
          first = text;
        }
        Foot f = footer(p, doc.getPage(p - 1).getMediaBox().getWidth(), g.glyphs);
        if (!f.numbered()) {
          withoutNumber++;
        }
        f.overlap().ifPresent(overlaps::add);
      }
      String source = doc.getDocumentInformation().getCustomMetadataValue("FtlText");
      return new Report(count, withoutNumber, overlaps, abstractOf(first),
          Optional.ofNullable(source).filter(x -> !x.isBlank()));
    } catch (InvalidPasswordException e) {
      throw new DataException(shown, 0, "is encrypted with a password; ftl reads only unencrypted PDFs", e);
    } catch (IOException e) {
      throw new DataException(shown, 0, "is not a readable PDF: " + e.getMessage(), e);
    }
  }

  /** The footer of one page: whether it has a page number, and the body text found in its footer, if any. */
  record Foot(boolean numbered, Optional<FooterOverlap> overlap) {}

  /**
   * The footer check of one page of width {@code widthPt}: its page number is the run of digits, on one baseline and
   * centred on the page (within a tenth of its width), that the page draws last; unnumbered when there is none.
   */
  static Foot footer(int page, float widthPt, List<TextPosition> glyphs) {
    int end = glyphs.size();
    while (end > 0 && glyphs.get(end - 1).getUnicode().isBlank()) {
      end--;
    }
    if (end == 0) {
      return new Foot(false, Optional.empty());
    }
    float baseline = glyphs.get(end - 1).getYDirAdj();
    int start = end;
    while (start > 0 && Math.abs(glyphs.get(start - 1).getYDirAdj() - baseline) < 0.5f
        && glyphs.get(start - 1).getUnicode().chars().allMatch(Character::isDigit)) {
      start--;
    }
    if (start == end) {
      return new Foot(false, Optional.empty());
    }
    float left = glyphs.get(start).getXDirAdj();
    float right = glyphs.get(end - 1).getXDirAdj() + glyphs.get(end - 1).getWidthDirAdj();
    if (Math.abs((left + right) / 2 - widthPt / 2) > widthPt / 10) {
      return new Foot(false, Optional.empty()); // digits drawn last but off the centre: body text, not a page number
    }
    StringBuilder number = new StringBuilder();
    float size = 0;
    for (int i = start; i < end; i++) {
      number.append(glyphs.get(i).getUnicode());
      size = Math.max(size, glyphs.get(i).getFontSizeInPt());
    }
    float limit = baseline - (float) (FOOTER_LINES * size);
    StringBuilder there = new StringBuilder();
    float lowest = Float.NEGATIVE_INFINITY;
    for (int i = 0; i < start; i++) {
      TextPosition t = glyphs.get(i);
      if (!t.getUnicode().isBlank() && t.getYDirAdj() > limit) {
        if (there.length() < 60) {
          there.append(t.getUnicode());
        }
        lowest = Math.max(lowest, t.getYDirAdj());
      }
    }
    if (there.length() == 0) {
      return new Foot(true, Optional.empty());
    }
    return new Foot(true, Optional.of(new FooterOverlap(page, number.toString(), baseline - lowest, there.toString())));
  }

  /** The text between the first page's "Abstract" heading and its first numbered section, if both are there. */
  static Optional<String> abstractOf(String firstPage) {
    Matcher a = ABSTRACT.matcher(firstPage);
    if (!a.find()) {
      return Optional.empty();
    }
    Matcher s = SECTION.matcher(firstPage);
    if (!s.find(a.end())) {
      return Optional.empty();
    }
    return Optional.of(firstPage.substring(a.end(), s.start()).strip());
  }

  /** Words as printed: runs of non-space characters, a word hyphenated at a line's end joined to its rest. */
  public static int words(String text) {
    String joined = text.replaceAll("(?<=\\p{L})-[ \\t]*\\R[ \\t]*(?=\\p{Ll})", "-").strip();
    return joined.isEmpty() ? 0 : joined.split("\\s+").length;
  }

  /** Collects every glyph a page draws, in content order. */
  private static final class Glyphs extends PDFTextStripper {
    final List<TextPosition> glyphs = new ArrayList<>();

    Glyphs() throws IOException {
      setSortByPosition(false);
    }

    @Override
    protected void processTextPosition(TextPosition text) {
      glyphs.add(text);
      super.processTextPosition(text);
    }
  }
}
