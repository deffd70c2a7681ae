package ftl.verify;

import ftl.data.io.DataException;
import ftl.data.io.Echo;
import java.awt.geom.Rectangle2D;
import java.io.IOException;
import java.io.InputStream;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.contentstream.operator.Operator;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.cos.COSString;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDResources;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.common.PDStream;
import org.apache.pdfbox.pdmodel.common.filespecification.PDComplexFileSpecification;
import org.apache.pdfbox.pdmodel.common.filespecification.PDFileSpecification;
import org.apache.pdfbox.pdmodel.graphics.state.RenderingMode;
import org.apache.pdfbox.pdmodel.encryption.InvalidPasswordException;
import org.apache.pdfbox.pdmodel.interactive.action.PDAction;
import org.apache.pdfbox.pdmodel.interactive.action.PDActionGoTo;
import org.apache.pdfbox.pdmodel.interactive.action.PDActionRemoteGoTo;
import org.apache.pdfbox.pdmodel.interactive.action.PDActionURI;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotation;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotationLink;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.destination.PDDestination;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.destination.PDNamedDestination;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.pdfbox.text.TextPosition;

/**
 * What a built PDF says about itself, read with Apache PDFBox: its document information (the Subject
 * carries {@code ftl data digest <sha-256>}, the custom entries {@code FtlVersion} and {@code FtlText} the
 * archive's version and the source it was built from) and, page by page, its text with the spans that lie
 * under a link to a quantity. The emitter wraps every printed quantity in {@code \ftlQuantity{key}{text}},
 * which the paper and the supplement make a link to the row {@code q.key} of the provenance listing in another PDF
 * ({@code provenance.pdf#q.key}, a remote go-to) and the provenance listing a link to that row in itself; the text
 * under such a link is the quantity's text as printed.
 */
public final class PdfText {

  /** A PDF larger than this is refused (the paper and supplement are well under a megabyte each). */
  public static final long MAX_BYTES = 256L << 20;

  /**
   * A PDF with more pages than this is refused (the paper has at most 12, the supplement 60, the provenance listing a
   * few hundred).
   */
  public static final int MAX_PAGES = 1_000;

  /**
   * Most bytes the pages' content may decode to, summed over the pages and the form XObjects each page names (a stream
   * shared by 30 pages counts 30 times: the text is extracted from each): the archive's PDFs decode to a few MiB.
   */
  public static final long MAX_CONTENT_BYTES = 64L << 20;

  /** Longest the reading of a PDF's text may take, s: ftl's own PDFs take well under 5 s. */
  public static final long MAX_SECONDS = 30;

  /** The prefix of a quantity's named destination: {@code q.<key>}. */
  public static final String DEST_PREFIX = "q.";

  private static final Pattern DIGEST = Pattern.compile("ftl data digest ([0-9a-f]{64})");

  /**
   * One page: its number (from 1), its extracted text (lines separated by {@code \n}), its links, and the runs of its
   * text drawn invisibly (text render mode 3 or 7: neither filled nor stroked), which no link owns.
   */
  public record Page(int number, String text, List<Link> links, List<Invisible> invisible) {
    public Page {
      links = List.copyOf(links);
      invisible = List.copyOf(invisible);
    }

    /** A page with no invisible text. */
    public Page(int number, String text, List<Link> links) {
      this(number, text, links, List.of());
    }
  }

  /**
   * The text under the link(s) to one quantity: {@code [start, end)} of the page's text, which may span a
   * line break when the printed quantity was broken across lines (one link annotation per line).
   *
   * @param refused null when the link leads into the provenance listing by the archive's scheme; otherwise where it
   *     leads instead (a {@code javascript:} URI, another host, another file), and the text under it traces nothing
   */
  public record Link(String key, int start, int end, String printed, String refused) {
    /** A link by the archive's scheme. */
    public Link(String key, int start, int end, String printed) {
      this(key, start, end, printed, null);
    }
  }

  /**
   * A run {@code [start, end)} of a page's text drawn invisibly (text render mode 3: neither filled nor stroked), with
   * the key of the link it lies under (null when none): a reader does not see it, so it can bind a number no reader
   * sees.
   */
  public record Invisible(int start, int end, String printed, String key) {}

  /**
   * Where a link to a quantity leads: its key, and null when by the archive's scheme, else why it is refused.
   *
   * @param key the quantity's key ({@code q.<key>} without the prefix)
   * @param refused null, or where the link leads instead
   */
  record Target(String key, String refused) {}

  /**
   * The files a remote go-to may name, as the emitted LaTeX names the provenance listing ({@code \ftlProvenance}): from
   * the paper {@code ../supplement/provenance.pdf}, from the supplement {@code provenance.pdf}.
   */
  public static final List<String> PROVENANCE_FILES = List.of("provenance.pdf", "../supplement/provenance.pdf");

  /** The source the provenance listing records ({@code FtlText}): the one PDF whose links lead into itself. */
  public static final String PROVENANCE_SOURCE = "supplement/provenance.tex";

  /** The document: its file name as given, document information entries, and pages. */
  public record Document(String file, Map<String, String> info, List<Page> pages) {
    public Document {
      info = Map.copyOf(info);
      pages = List.copyOf(pages);
    }

    /** The data digest of the Subject ({@code ftl data digest <64 hex>}), if any. */
    public Optional<String> dataDigest() {
      String subject = info.getOrDefault("Subject", "");
      Matcher m = DIGEST.matcher(subject);
      return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }

    /** The archive version the PDF was built with ({@code FtlVersion}), if recorded. */
    public Optional<String> version() {
      return Optional.ofNullable(info.get("FtlVersion")).filter(s -> !s.isBlank());
    }

    /** The source the PDF was built from ({@code FtlText}, e.g. {@code paper/paper.tex}), if recorded. */
    public Optional<String> source() {
      return Optional.ofNullable(info.get("FtlText")).filter(s -> !s.isBlank());
    }
  }

  private PdfText() {}

  /**
   * Reads a PDF that exists.
   *
   * @param pdf the file
   * @param shown its name as messages show it
   * @throws DataException (exit 3) for a file that is empty, too large, not a PDF, damaged or encrypted
   */
  public static Document read(Path pdf, String shown) {
    return read(pdf, shown, System::nanoTime);
  }

  /**
   * As {@link #read(Path, String)}, with the clock that bounds the time ({@link #MAX_SECONDS}).
   *
   * @throws DataException (exit 3) also for more than {@link #MAX_PAGES} pages, page content decoding to more than
   *     {@link #MAX_CONTENT_BYTES} bytes, a reading longer than {@link #MAX_SECONDS} s, or objects nested too deeply
   */
  public static Document read(Path pdf, String shown, LongSupplier nanoClock) {
    long deadline = nanoClock.getAsLong() + MAX_SECONDS * 1_000_000_000L;
    long size;
    try {
      size = Files.size(pdf);
    } catch (IOException e) {
      throw new DataException(shown, 0, "cannot read: " + e.getMessage(), e);
    }
    if (size == 0) {
      throw new DataException(shown, 0, "is empty (0 bytes), not a PDF");
    }
    if (size > MAX_BYTES) {
      throw new DataException(shown, 0, "is " + size + " bytes, more than the " + MAX_BYTES
          + " bytes a PDF of this archive can be");
    }
    try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
      if (doc.isEncrypted()) {
        throw new DataException(shown, 0,
            "is encrypted; ftl check-pdf reads only unencrypted PDFs (ask for the unprotected file)");
      }
      Map<String, String> info = new LinkedHashMap<>();
      PDDocumentInformation di = doc.getDocumentInformation();
      for (String k : di.getMetadataKeys()) {
        String v = di.getCustomMetadataValue(k);
        if (v != null) {
          info.put(k, v);
        }
      }
      int count = doc.getNumberOfPages();
      if (count == 0) {
        throw new DataException(shown, 0, "has no page (damaged, or its page tree could not be read)");
      }
      if (count > MAX_PAGES) {
        throw new DataException(shown, 0, "has " + count + " pages, more than the " + MAX_PAGES
            + " pages check-pdf reads (a paper of this archive has at most a few dozen)");
      }
      long content = 0;
      int n = 0;
      for (PDPage page : doc.getPages()) {
        n++;
        content += contentBytes(page, MAX_CONTENT_BYTES - content);
        if (content > MAX_CONTENT_BYTES) {
          throw new DataException(shown, 0, "page " + n + ": the content of the pages decodes to more than "
              + MAX_CONTENT_BYTES + " bytes, the cap of check-pdf (a decompression bomb, or not a paper)");
        }
        overdue(nanoClock, deadline, shown, n);
      }
      List<Page> pages = new ArrayList<>();
      n = 0;
      for (PDPage page : doc.getPages()) {
        n++;
        pages.add(page(doc, page, n, nanoClock, deadline, shown));
        overdue(nanoClock, deadline, shown, n);
      }
      return new Document(shown, info, pages);
    } catch (InvalidPasswordException e) {
      throw new DataException(shown, 0, "is encrypted with a password; ftl check-pdf reads only unencrypted PDFs", e);
    } catch (IOException | RuntimeException e) {
      if (e instanceof DataException d) {
        throw d;
      }
      throw new DataException(shown, 0, "is not a readable PDF: " + e.getMessage(), e);
    } catch (StackOverflowError e) {
      throw new DataException(shown, 0, "is not a readable PDF: its objects are nested too deeply", null);
    }
  }

  private static void overdue(LongSupplier nanoClock, long deadline, String shown, int page) {
    if (nanoClock.getAsLong() - deadline > 0) {
      throw new DataException(shown, 0, "reading its text took longer than " + MAX_SECONDS + " s (stopped at page "
          + page
          + "), the cap of check-pdf");
    }
  }

  /**
   * The bytes a page's content streams and the form XObjects of its resources decode to, counted up to {@code budget}
   * (plus one): read and dropped, so a bomb costs at most the budget's inflation, not its memory.
   */
  private static long contentBytes(PDPage page, long budget) throws IOException {
    long n = 0;
    Iterator<PDStream> it = page.getContentStreams();
    while (it.hasNext() && n <= budget) {
      n += decoded(it.next().getCOSObject(), budget - n);
    }
    PDResources res = page.getResources();
    if (res != null) {
      for (COSName x : res.getXObjectNames()) {
        if (n > budget) {
          break;
        }
        COSBase o = res.getCOSObject().getCOSDictionary(COSName.XOBJECT) == null ? null
            : res.getCOSObject().getCOSDictionary(COSName.XOBJECT).getDictionaryObject(x);
        if (o instanceof COSStream st && COSName.FORM.equals(st.getCOSName(COSName.SUBTYPE))) {
          n += decoded(st, budget - n);
        }
      }
    }
    return n;
  }

  private static long decoded(COSStream stream, long budget) throws IOException {
    long n = 0;
    byte[] buf = new byte[1 << 16];
    try (InputStream in = stream.createInputStream()) {
      for (int r = in.read(buf); r >= 0 && n <= budget; r = in.read(buf)) {
        n += r;
      }
    }
    return n;
  }

  private static Page page(PDDocument doc, PDPage page, int number, LongSupplier nanoClock, long deadline,
                           String shown) throws IOException {
    PDRectangle crop = page.getCropBox();
    boolean provenance = PROVENANCE_SOURCE.equals(doc.getDocumentInformation().getCustomMetadataValue("FtlText"));
    List<Rectangle2D> rects = new ArrayList<>();
    List<Target> targets = new ArrayList<>();
    for (PDAnnotation a : page.getAnnotations()) {
      if (!(a instanceof PDAnnotationLink link)) {
        continue;
      }
      Target target = target(link, provenance);
      PDRectangle r = link.getRectangle();
      if (target == null || r == null) {
        continue;
      }
      // Text positions are measured from the crop box's top-left corner, y downwards.
      rects.add(new Rectangle2D.Float(r.getLowerLeftX() - crop.getLowerLeftX(), crop.getUpperRightY()
          - r.getUpperRightY(),
          r.getWidth(), r.getHeight()));
      targets.add(target);
    }
    Collector c = new Collector(rects, targets, () -> overdue(nanoClock, deadline, shown, number));
    c.setStartPage(number);
    c.setEndPage(number);
    c.writeText(doc, Writer.nullWriter());
    return new Page(number, c.text.toString(), c.links(), c.invisible());
  }

  /**
   * Where a link to a quantity leads (issue 58: a {@code javascript:} URI, a link to another host, or a remote go-to
   * naming another file was traced, since whatever followed {@code #} was taken). By the archive's scheme a number
   * links into the provenance listing: from the paper and the supplement a remote go-to naming one of
   * {@link #PROVENANCE_FILES} (or a relative URI to one, without scheme or host), from the provenance listing itself
   * ({@code inProvenance}) a go-to to its own named destination. Anything else naming {@code q.<key>} is a link
   * refused, with where it leads.
   *
   * @return null when the link names no quantity
   */
  static Target target(PDAnnotationLink link, boolean inProvenance) throws IOException {
    PDAction action = link.getAction();
    if (action instanceof PDActionRemoteGoTo remote) {
      String file = fileOf(remote);
      return target(destName(remote.getCOSObject()), PROVENANCE_FILES.contains(file) ? null
          : "a remote go-to to another file (" + (file == null ? "none named" : Echo.of(file)) + ")");
    }
    if (action instanceof PDActionGoTo goTo) {
      return target(destName(goTo.getDestination()), inProvenance ? null : "a go-to inside this PDF, which is not the "
          + "provenance listing");
    }
    if (action instanceof PDActionURI uri && uri.getURI() != null) {
      String u = uri.getURI();
      int hash = u.indexOf('#');
      if (hash < 0) {
        return null;
      }
      String file = u.substring(0, hash);
      boolean relative = !file.contains(":"); // no scheme; a network path names no file of PROVENANCE_FILES either
      return target(u.substring(hash + 1), relative && PROVENANCE_FILES.contains(file) ? null
          : "a URI to " + (file.regionMatches(true, 0, "javascript:", 0, 11) ? "a javascript: script"
          : relative ? "another file" : "another place") + " (" + Echo.of(u) + ")");
    }
    if (action == null) {
      return target(destName(link.getDestination()), inProvenance ? null : "a destination inside this PDF, which is "
          + "not the provenance listing");
    }
    return target(null, null);
  }

  private static Target target(String name, String refused) {
    return name != null && name.startsWith(DEST_PREFIX) && name.length() > DEST_PREFIX.length()
        ? new Target(name.substring(DEST_PREFIX.length()), refused) : null;
  }

  /** The file a remote go-to names ({@code /F}, a string or a file specification), or null. */
  private static String fileOf(PDActionRemoteGoTo remote) throws IOException {
    PDFileSpecification f = remote.getFile();
    if (f instanceof PDComplexFileSpecification c) {
      return c.getFileUnicode() != null ? c.getFileUnicode() : c.getFile();
    }
    return f == null ? null : f.getFile();
  }

  private static String destName(COSDictionary remoteAction) {
    COSBase d = remoteAction.getDictionaryObject(COSName.D);
    if (d instanceof COSString s) {
      return s.getString();
    }
    if (d instanceof COSName n) {
      return n.getName();
    }
    return null;
  }

  private static String destName(PDDestination d) {
    return d instanceof PDNamedDestination n ? n.getNamedDestination() : null;
  }

  /**
   * Collects a page's text character by character, each with the link it lies under; a character drawn invisibly (text
   * render mode 3 or 7, neither filled nor stroked) lies under no link and is noted as invisible.
   */
  private static final class Collector extends PDFTextStripper {
    private final List<Rectangle2D> rects;
    private final List<Target> rectKeys;
    final StringBuilder text = new StringBuilder();
    private final List<Target> owner = new ArrayList<>();
    /** Each character of {@link #text}: drawn invisibly, and the link it would lie under. */
    private final List<Boolean> hidden = new ArrayList<>();
    private final List<Target> hiddenUnder = new ArrayList<>();
    /** The glyphs shown while the text render mode drew nothing (identity: a glyph's position is its own object). */
    private final Set<TextPosition> invisibleGlyphs = Collections.newSetFromMap(new IdentityHashMap<>());

    /** Throws when the reading is overdue; called every {@link #CHECK_EVERY} operators. */
    private final Runnable deadline;
    private static final int CHECK_EVERY = 4096;
    private int operators;

    Collector(List<Rectangle2D> rects, List<Target> rectKeys, Runnable deadline) {
      this.rects = rects;
      this.rectKeys = rectKeys;
      this.deadline = deadline;
    }

    @Override
    protected void processOperator(Operator operator, List<COSBase> operands)
        throws IOException {
      if (++operators % CHECK_EVERY == 0) {
        deadline.run();
      }
      super.processOperator(operator, operands);
    }

    @Override
    protected void processTextPosition(TextPosition text) {
      RenderingMode mode = getGraphicsState().getTextState().getRenderingMode();
      if (!mode.isFill() && !mode.isStroke()) {
        invisibleGlyphs.add(text);
      }
      super.processTextPosition(text);
    }

    @Override
    protected void writeString(String string, List<TextPosition> positions) {
      for (TextPosition p : positions) {
        Target key = null;
        double x = p.getXDirAdj() + p.getWidthDirAdj() / 2;
        double y = p.getYDirAdj() - Math.min(p.getHeightDir() / 2, 2.0);
        // rotated text (a figure's axis label, rotated tick labels) has its coordinates in its own direction's frame,
        // not the page's: it can fall in a link's rectangle it is nowhere near, and the archive links no rotated text
        boolean upright = p.getDir() == 0f;
        for (int i = 0; upright && i < rects.size(); i++) {
          if (rects.get(i).contains(x, y)) {
            key = rectKeys.get(i);
            break;
          }
        }
        boolean invisible = invisibleGlyphs.contains(p);
        // an invisible glyph is owned by no link: what a link traces is what a reader sees under it
        append(p.getUnicode(), invisible ? null : key, invisible, key);
      }
    }

    @Override
    protected void writeWordSeparator() {
      append(" ", null, false, null);
    }

    @Override
    protected void writeLineSeparator() {
      append("\n", null, false, null);
    }

    private void append(String s, Target key, boolean invisible, Target under) {
      if (s == null) {
        return;
      }
      text.append(s);
      for (int i = 0; i < s.length(); i++) {
        owner.add(key);
        hidden.add(invisible);
        hiddenUnder.add(invisible ? under : null);
      }
    }

    /** Runs of characters drawn invisibly, each with the key of the link it lies under (the first one's). */
    List<Invisible> invisible() {
      List<Invisible> out = new ArrayList<>();
      int i = 0;
      while (i < hidden.size()) {
        if (!hidden.get(i)) {
          i++;
          continue;
        }
        int start = i;
        while (i < hidden.size() && hidden.get(i)) {
          i++;
        }
        Target under = hiddenUnder.get(start);
        out.add(new Invisible(start, i, text.substring(start, i), under == null ? null : under.key()));
      }
      return out;
    }

    /** Runs of characters under links to one key; white space between two parts of one link joins them. */
    List<Link> links() {
      List<Link> out = new ArrayList<>();
      int i = 0;
      while (i < owner.size()) {
        Target key = owner.get(i);
        if (key == null) {
          i++;
          continue;
        }
        int start = i;
        int end = i + 1;
        int j = i + 1;
        while (j < owner.size()) {
          if (key.equals(owner.get(j))) {
            end = j + 1;
            j++;
          } else if (owner.get(j) == null && Character.isWhitespace(text.charAt(j))) {
            j++;
          } else {
            break;
          }
        }
        out.add(new Link(key.key(), start, end, text.substring(start, end), key.refused()));
        i = end;
      }
      return out;
    }
  }
}
