package ftl.cli;

import ftl.data.io.DataException;
import ftl.data.io.Echo;
import ftl.emit.ArchiveVersion;
import ftl.emit.OriginalStudy;
import ftl.quantity.Registry;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.Computed;
import ftl.verify.Census;
import ftl.verify.PdfCensus;
import ftl.verify.PdfLayout;
import ftl.verify.PdfText;
import ftl.verify.Reproduction;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code ftl check-pdf FILE.pdf}: a built PDF against the archive. */
@Command(name = "check-pdf", mixinStandardHelpOptions = true,
    description = {"Check a built PDF against the archive, number by number.",
        "A PDF (paper or supplement, e.g. one downloaded from a journal) is checked against the archive:",
        "the data digest in its metadata must equal the archive's, and every number printed under a link to a",
        "quantity must equal that quantity's text as the data give it now. Every number of the text is counted,",
        "page by page, with the census's rules and allow-list (paper/census-allow.csv). Exit 0 when the digest",
        "matches, every traced number agrees and, in the paper, none is untraced; 1 when the PDF is stale, a number",
        "disagrees or a number of the paper is neither traced nor exempt; 3 when the file",
        "is not a readable, unencrypted PDF.",
        "With --layout only the layout is checked, no data read: no text of the body in a page's footer (a float or",
        "a page running into the page number), and a paper's abstract at most 250 words as printed, as many as",
        "paper/generated/abstract.txt has after its title. Exit 0 when it holds, 1 when not."},
    footer = ExitCode.HELP_FOOTER)
public final class CheckPdfCommand implements Callable<Integer> {
  @ParentCommand Main main;

  @Parameters(index = "0", paramLabel = "FILE.pdf", description = "The PDF to check.")
  Path pdf;

  @Option(names = "--list", description =
      "List every number found, with its page and class (default: only disagreements).")
  boolean list;

  @Option(names = "--no-cache", description = Registries.NO_CACHE_HELP)
  boolean noCache;

  @Option(names = "--layout", description =
      "Check only the layout as printed (footers, the abstract's words); no data read.")
  boolean layout;

  @Override
  public Integer call() {
    Path file = pdf.toAbsolutePath().normalize();
    if (!Files.exists(file)) {
      throw new NotFoundException("no such file: " + Echo.of(pdf.toString()));
    }
    if (!Files.isRegularFile(file)) {
      throw new DataException(pdf.toString(), 0, "is not a regular file");
    }
    if (layout) {
      return layout(file);
    }
    PdfText.Document doc = PdfText.read(file, pdf.toString());
    Analysis a = Registries.analysis(main, noCache);
    // every quantity is computed: every campaign is read first, on every core
    List<Computed> computed = new ArrayList<>(Computed.allAfterReading(() -> Registry.forData(a.data()).all(), a));
    String digest = Reproduction.dataDigest(a.data());
    PdfCensus.Report r = PdfCensus.take(doc, computed, Census.allowList(main.archiveRoot()),
        OriginalStudy.read(main.archiveRoot()), digest);
    Map<String, Computed> byKey = new HashMap<>();
    computed.forEach(c -> byKey.put(c.quantity().key(), c));

    System.out.println(Echo.of(pdf.toString()) + ": " + r.pages() + " page" + (r.pages() == 1 ? "" : "s")
        + doc.source().map(s -> ", built from " + Echo.of(s)).orElse("")
        + doc.version().map(v -> ", archive version " + Echo.of(v)).orElse(""));
    switch (r.digest()) {
      case MATCHES -> System.out.println("  data digest: " + digest + " (matches " + a.data().displayRoot() + ")");
      case MISSING -> System.out.println("  data digest: STALE: the PDF's metadata carries none (Subject \""
          + Echo.of(doc.info().getOrDefault("Subject", "")) + "\"); it was not built from this archive");
      case DIFFERENT -> System.out.println("  data digest: STALE: the PDF was built from data with digest "
          + Echo.of(r.pdfDigest().get())
          + ", not from this archive's " + a.data().displayRoot() + " (" + digest + ")");
    }
    if (doc.version().isPresent() && !doc.version().get().equals(ArchiveVersion.VERSION)) {
      System.out.println("  note: built with archive version " + Echo.of(doc.version().get()) + ", this is "
          + ArchiveVersion.VERSION);
    }
    for (PdfCensus.Entry e : r.of(PdfCensus.Kind.DISAGREE)) {
      Computed c = byKey.get(e.key());
      System.out.println("  DISAGREE page " + e.page() + ": \"" + Echo.of(e.printed()) + "\""
          + (e.key() == null ? "" : " is " + Echo.of(e.key())) + (c == null ? "" : " (\\" + c.quantity().macro() + ")")
          + ": " + Echo.clean(e.why()));
      if (c != null) {
        System.out.println("    value " + (c.available() ? c.text() : "none") + "; computed by "
            + c.quantity().function()
            + "; " + c.definition() + " (./ftl check " + e.key() + " lists its data files)");
      }
    }
    for (PdfCensus.Entry e : r.untracedFails() ? r.of(PdfCensus.Kind.UNTRACED) : List.<PdfCensus.Entry>of()) {
      System.out.println("  UNTRACED page " + e.page() + ": \"" + Echo.of(e.printed()) + "\" in \"" + Echo.of(e.line())
          + "\": "
          + Echo.clean(e.why())
          + "; trace it (\\ftlQuantity) or exempt it with its reason (paper/census-allow.csv)");
    }
    if (list) {
      for (PdfCensus.Entry e : r.entries()) {
        if (e.kind() != PdfCensus.Kind.DISAGREE && (e.kind() != PdfCensus.Kind.UNTRACED || !r.untracedFails())) {
          System.out.println("  " + Echo.clean(e.toString()));
        }
      }
    }
    int traced = r.of(PdfCensus.Kind.TRACED).size();
    int disagree = r.of(PdfCensus.Kind.DISAGREE).size();
    long byValue = r.of(PdfCensus.Kind.UNTRACED).stream().filter(e -> e.why().contains("equal by value only")).count();
    System.out.printf(Locale.ROOT,
        "checked %d numbers on %d pages: %d traced to a quantity by name (%d agree, %d disagree), %d exempt, %d "
            + "untraced (not linked to any quantity nor exempt%s; %d of them equal to some quantity's text by value "
            + "only; --list shows every number with the quantity it is bound to)%n",
        r.entries().size(), r.pages(), traced + disagree, traced, disagree, r.of(PdfCensus.Kind.EXEMPT).size(),
        r.of(PdfCensus.Kind.UNTRACED).size(), r.untracedFails() ? ", in the paper each a failure" : "", byValue);
    long invisible = r.of(PdfCensus.Kind.DISAGREE).stream().filter(e -> e.why().startsWith("drawn invisibly")).count();
    long elsewhere = r.of(PdfCensus.Kind.DISAGREE).stream().filter(e -> e.why().startsWith("its link names")).count();
    if (invisible + elsewhere > 0) {
      System.out.println("  found: " + invisible + " number" + (invisible == 1 ? "" : "s")
          + " drawn invisibly (text render mode 3), " + elsewhere
          + " linked to a quantity but leading outside the provenance listing; each is a disagreement");
    }
    if (traced + disagree == 0) {
      System.out.println(
          "  no number of this PDF is linked to a quantity (re-typeset, or not an ftl PDF): it cannot be checked");
    }
    System.out.println(r.agrees() ? "OK" : r.digest() != PdfCensus.DigestStatus.MATCHES
        ? "STALE: not built from this archive's data"
        : disagree > 0 || traced == 0 ? "DISAGREE" : "UNTRACED: " + r.of(PdfCensus.Kind.UNTRACED).size()
            + " number" + (r.of(PdfCensus.Kind.UNTRACED).size() == 1 ? "" : "s")
            + " neither traced to a quantity nor exempt");
    return r.agrees() ? ExitCode.OK : ExitCode.DISAGREE;
  }

  /** {@code --layout}: the footers of every page and, for the paper, its abstract's words as printed. */
  private int layout(Path file) {
    PdfLayout.Report r = PdfLayout.read(file, pdf.toString());
    boolean ok = r.overlaps().isEmpty();
    System.out.println(Echo.of(pdf.toString()) + ": " + r.pages() + " page" + (r.pages() == 1 ? "" : "s") + ", "
        + (r.pages() - r.pagesWithoutNumber()) + " with a page number, " + r.overlaps().size()
        + " with body text in the footer");
    for (PdfLayout.FooterOverlap o : r.overlaps()) {
      System.out.println("  FOOTER " + Echo.clean(o.toString()));
    }
    if (r.abstractText().isPresent()) {
      int words = r.abstractWords();
      System.out.println("  abstract: " + words + " words as printed (at most " + PdfLayout.MAX_ABSTRACT_WORDS + ")");
      if (words > PdfLayout.MAX_ABSTRACT_WORDS) {
        System.out.println("  ABSTRACT: " + words + " words, more than " + PdfLayout.MAX_ABSTRACT_WORDS);
        ok = false;
      }
      Path plain = main.archiveRoot().resolve(ABSTRACT_TXT);
      if (r.source().filter(PAPER::equals).isPresent() && Files.isRegularFile(plain)) {
        int txt = PdfLayout.words(plainAbstract(plain));
        System.out.println("  " + ABSTRACT_TXT + ": " + txt + " words after the title");
        if (txt != words) {
          System.out.println("  ABSTRACT: the PDF prints " + words + " words, " + ABSTRACT_TXT + " has " + txt
              + ": rebuild the PDF, or the two abstracts say different things");
          ok = false;
        }
      }
    }
    System.out.println(ok ? "OK" : "LAYOUT");
    return ok ? ExitCode.OK : ExitCode.DISAGREE;
  }

  /** The paper's source, as its PDF records it ({@code FtlText}). */
  private static final String PAPER = "paper/paper.tex";
  /** The plain-text abstract the emitter writes, numbers as printed: a comment line, then title and abstract. */
  private static final String ABSTRACT_TXT = "paper/generated/abstract.txt";

  /** The abstract of {@link #ABSTRACT_TXT} without its comment lines and its title (its first sentence). */
  private static String plainAbstract(Path file) {
    String text;
    try {
      text = Files.readString(file, java.nio.charset.StandardCharsets.UTF_8);
    } catch (java.io.IOException e) {
      throw new DataException(ABSTRACT_TXT, 0, "cannot read: " + e.getMessage(), e);
    }
    String body = text.lines().filter(l -> !l.startsWith("%")).collect(java.util.stream.Collectors.joining("\n"));
    int title = body.indexOf(". ");
    return title < 0 ? body : body.substring(title + 2);
  }
}
