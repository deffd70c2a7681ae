package ftl.verify;

import ftl.emit.ArchiveVersion;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSString;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.encryption.AccessPermission;
import org.apache.pdfbox.pdmodel.encryption.StandardProtectionPolicy;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.apache.pdfbox.pdmodel.graphics.state.RenderingMode;
import org.apache.pdfbox.pdmodel.interactive.action.PDActionGoTo;
import org.apache.pdfbox.pdmodel.interactive.action.PDActionRemoteGoTo;
import org.apache.pdfbox.pdmodel.interactive.action.PDActionURI;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotationLink;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.destination.PDNamedDestination;

/**
 * Small synthetic PDFs made with PDFBox for the tests of {@code check-pdf} (no TeX needed): lines of text in
 * Helvetica, where a piece may be linked to a quantity the way the emitted LaTeX links it — to
 * {@code ../supplement/provenance.pdf#q.<key>} (the paper and the supplement) or to the named destination
 * {@code q.<key>} in the same file (the provenance listing) — and document information as the LaTeX sets it.
 */
public final class TestPdfs {
  private TestPdfs() {}

  /**
   * How a linked piece points at its quantity: by the archive's scheme a remote go-to to the provenance listing
   * ({@code REMOTE}) or a go-to inside the listing ({@code LOCAL}); the rest name {@code q.<key>} but lead elsewhere
   * (issue 58): a {@code javascript:} URI, a URI to another host, a remote go-to to another file, a remote go-to to a
   * URL.
   */
  public enum LinkStyle { REMOTE, LOCAL, URI_JAVASCRIPT, URI_OTHER_HOST, REMOTE_OTHER_FILE, REMOTE_URL }

  /**
   * A run of text on a line; {@code key} non-null links it to that quantity; {@code invisible} draws it in render mode
   * 3.
   */
  public record Piece(String text, String key, boolean invisible) {}

  public static Piece text(String s) {
    return new Piece(s, null, false);
  }

  public static Piece link(String s, String key) {
    return new Piece(s, key, false);
  }

  /** A piece drawn invisibly (text render mode 3, neither filled nor stroked), linked to {@code key} when non-null. */
  public static Piece invisible(String s, String key) {
    return new Piece(s, key, true);
  }

  /** One page: its lines, each a list of pieces drawn one after the other. */
  public record Page(List<List<Piece>> lines) {}

  public static Page page(List<List<Piece>> lines) {
    return new Page(lines);
  }

  /** The document information of an ftl PDF built from {@code digest}. */
  public static Map<String, String> info(String digest) {
    return info(digest, "paper/paper.tex");
  }

  /** The document information of an ftl PDF built from {@code digest} and the source {@code text} ({@code FtlText}). */
  public static Map<String, String> info(String digest, String text) {
    return Map.of("Subject", "ftl data digest " + digest, "FtlText", text, "FtlVersion", ArchiveVersion.VERSION);
  }

  /** Writes a PDF; {@code ownerPassword}/{@code userPassword} non-null encrypt it. */
  public static void write(Path out, Map<String, String> info, List<Page> pages, LinkStyle style,
                           String ownerPassword, String userPassword) throws IOException {
    PDType1Font font = new PDType1Font(Standard14Fonts.FontName.HELVETICA);
    float size = 11;
    try (PDDocument doc = new PDDocument()) {
      PDDocumentInformation di = doc.getDocumentInformation();
      info.forEach(di::setCustomMetadataValue);
      for (Page p : pages) {
        PDPage page = new PDPage(PDRectangle.LETTER);
        doc.addPage(page);
        List<PDAnnotationLink> links = new ArrayList<>();
        try (PDPageContentStream cs = new PDPageContentStream(doc, page)) {
          float y = 720;
          for (List<Piece> line : p.lines()) {
            float x = 72;
            for (Piece piece : line) {
              cs.beginText();
              cs.setFont(font, size);
              cs.setRenderingMode(piece.invisible() ? RenderingMode.NEITHER : RenderingMode.FILL);
              cs.newLineAtOffset(x, y);
              cs.showText(piece.text());
              cs.endText();
              float w = font.getStringWidth(piece.text()) / 1000 * size;
              if (piece.key() != null) {
                links.add(link(piece.key(), new PDRectangle(x, y - 3, w, size + 2), style));
              }
              x += w; // an invisible piece takes its room as blank space
            }
            y -= 14;
          }
        }
        page.getAnnotations().addAll(links);
      }
      if (ownerPassword != null) {
        StandardProtectionPolicy policy = new StandardProtectionPolicy(ownerPassword, userPassword,
            new AccessPermission());
        policy.setEncryptionKeyLength(128);
        doc.protect(policy);
      }
      doc.save(out.toFile());
    }
  }

  public static void write(Path out, Map<String, String> info, List<Page> pages) throws IOException {
    write(out, info, pages, LinkStyle.REMOTE, null, null);
  }

  private static PDAnnotationLink link(String key, PDRectangle rect, LinkStyle style) {
    PDAnnotationLink l = new PDAnnotationLink();
    l.setRectangle(rect);
    String dest = PdfText.DEST_PREFIX + key;
    switch (style) {
      case REMOTE, REMOTE_OTHER_FILE, REMOTE_URL -> {
        PDActionRemoteGoTo a = new PDActionRemoteGoTo();
        a.getCOSObject().setString(COSName.F, style == LinkStyle.REMOTE ? "../supplement/provenance.pdf"
            : style == LinkStyle.REMOTE_URL ? "https://example.org/provenance.pdf" : "/etc/passwd");
        a.getCOSObject().setItem(COSName.D, new COSString(dest));
        l.setAction(a);
      }
      case LOCAL -> {
        PDActionGoTo a = new PDActionGoTo();
        a.setDestination(new PDNamedDestination(dest));
        l.setAction(a);
      }
      default -> {
        PDActionURI a = new PDActionURI();
        a.setURI(style == LinkStyle.URI_JAVASCRIPT ? "javascript:app.alert(1)//#" + dest
            : "https://example.org/supplement/provenance.pdf#" + dest);
        l.setAction(a);
      }
    }
    return l;
  }
}
