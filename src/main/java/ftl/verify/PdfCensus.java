package ftl.verify;

import ftl.data.io.Echo;
import ftl.emit.OriginalStudy;
import ftl.quantity.core.Computed;
import ftl.quantity.core.Value;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The census of a built PDF: every number in its text, page by page, classified with the rules of the
 * census of the LaTeX sources ({@link Census}: the same number pattern, the same comparison key from
 * {@link PrintedNumber}, the same reasoned allow-list {@code paper/census-allow.csv}) as
 * <ul>
 *   <li><b>traced</b>: printed under a link to a quantity ({@code q.<key>}, which the emitted macro writes); it
 *       must equal that quantity's current text, or it is a <b>disagreement</b>;</li>
 *   <li><b>exempt</b>: inside an allow-list phrase, or the PDF's structure (a page, section, figure, table or
 *       citation number);</li>
 *   <li><b>untraced</b>: anything else, and a number that is not linked but equals the printed text of some quantity:
 *       equality of value binds nothing (issue #45), so its {@code why} names the coincidence and its key is null. In
 *       the paper a failure (issue 59): a number some code or data produce must be traced, every other exempt with its
 *       reason; in the supplement and the provenance listing counted and listed.</li>
 * </ul>
 * Exempt beside the allow-list and the structure: an axis's tick label (a number alone on its line), a formula constant
 * (0 or 1 beside a relation or an operator, as the source census exempts 0 and 1 in math mode) and a registered
 * threshold printed in words beside its rule.
 * A number is bound to a quantity only by name: the link the emitted {@code \ftlQuantity{key}{text}} writes.
 * The PDF agrees with the archive iff its data digest equals the archive's, at least one number is traced,
 * no traced number disagrees and, in the paper, no number is untraced.
 */
public final class PdfCensus {

  /** How a number of the PDF was classified. */
  public enum Kind { TRACED, DISAGREE, EXEMPT, UNTRACED }

  /**
   * One number of the PDF: its page, the text as printed, its class, the quantity key (or null), why, and for an
   * untraced number the line of the page's text it stands on (so a reader finds it).
   */
  public record Entry(int page, String printed, Kind kind, String key, String why, String line) {
    /** An entry whose line is not kept (a traced or exempt number). */
    public Entry(int page, String printed, Kind kind, String key, String why) {
      this(page, printed, kind, key, why, "");
    }

    @Override
    public String toString() {
      // the printed text and the link's name come from the PDF: shown inert and cut (ftl.data.io.Echo)
      return "page " + page + ": " + Echo.of(printed) + " (" + kind.name().toLowerCase(Locale.ROOT)
          + (key == null ? "" : " " + Echo.of(key)) + ": " + Echo.clean(why) + ")";
    }
  }

  /** The verdict on the data digest of the PDF's metadata. */
  public enum DigestStatus { MATCHES, MISSING, DIFFERENT }

  /** The outcome of checking one PDF. */
  public record Report(String file, DigestStatus digest, Optional<String> pdfDigest, String archiveDigest,
                       Optional<String> pdfVersion, int pages, List<Entry> entries, boolean untracedFails) {
    public Report {
      entries = List.copyOf(entries);
    }

    public List<Entry> of(Kind kind) {
      return entries.stream().filter(e -> e.kind() == kind).toList();
    }

    /**
     * True when the PDF is built from this archive's data, every traced number agrees and, for the paper
     * ({@link #untracedFails}), no number is untraced: a number printed is a quantity's (traced) or exempt with its
     * reason (issue 59: the paper says "every number here is a macro").
     */
    public boolean agrees() {
      return digest == DigestStatus.MATCHES && of(Kind.DISAGREE).isEmpty() && !of(Kind.TRACED).isEmpty()
          && (!untracedFails || of(Kind.UNTRACED).isEmpty());
    }
  }

  /**
   * The source whose PDF fails on an untraced number: the paper, which says every number in it is a quantity. The
   * supplement and the provenance listing make no such claim (their per-run tables are counted, issue 59 left them).
   */
  public static final String UNTRACED_FAILS = "paper/paper.tex";

  /** Numbers that name a part of the document, not a claim: "Section 4", "Figure 2", "Table 1", "Sections 4 and 5". */
  private static final Pattern REFERENCE = Pattern.compile(
      "(?:Sections?|Figures?|Fig\\.|Tables?|Appendix|Appendices|Equations?|Eq\\.|page|pages|Page)\\s+(?:\\d+(?:\\.\\"
      + "d+)*(?:\\s*(?:,|and|to|–|-)\\s*)?)+");
  /** Citation marks: [1], [2, 3]. */
  private static final Pattern CITATION = Pattern.compile("\\[\\d+(?:\\s*[,–-]\\s*\\d+)*\\]");
  /** A line that is only a number (a page number), or that starts with a heading number before a capitalised word. */
  private static final Pattern HEADING = Pattern.compile(
      "^\\s*\\d+(?:\\.\\d+)*\\s*$|^\\s*\\d+(?:\\.\\d+)*\\s+(?=\\p{Lu})");

  /**
   * A number with thousands separators or decimals alone on its line: an axis's tick label ({@code 2,000}, {@code
   * 0.5}), the scale an axis style sets (paper/ftl-figures.sty), not a value of the data; a plain integer alone on its
   * line is {@link #HEADING}'s.
   */
  private static final Pattern TICK = Pattern.compile("^\\s*\\d{1,3}(?:,\\d{3})+\\s*$|^\\s*\\d+\\.\\d+\\s*$");

  /** A letter, then a hyphen ending its line before a letter: a word broken by hyphenation ("ASP-" "LOS"). */
  private static final Pattern HYPHENATED = Pattern.compile("(\\p{L})-[ \\t]*\\n[ \\t]*(?=\\p{L})");

  /**
   * A formula constant as typeset: 0 or 1 beside a relation or an operator ({@code A < 0}, {@code M = -1}, {@code 1 -
   * L/q}, {@code b = 1}), the PDF's view of the source census' rule (0 or 1 in math mode), which math mode does not
   * survive.
   */
  private static final Pattern FORMULA = Pattern.compile(
      "(?<=[<>=\\u2264\\u2265\\u226a\\u226b\\u2212]\\s?[\\u2212-]?)[01](?![\\d.,]\\d)(?!\\s?[x%])|(?<![\\d.,])[01](?"
      + "=\\s?[\\u2212+/-]\\s?[\\p{L}(])");
  /**
   * A rule's registered threshold in words, as the emitted tables print it beside the rule's name
   * ({@code at least 7x}, {@code interval within 0.8x to 1.25x}; ftl.emit.TableRows#ruleLatex): fixed by a plan before
   * its data, not computed from them.
   */
  private static final Pattern THRESHOLD = Pattern.compile(
      "(?:interval\\s+(?:above|below|excludes|within)|at\\s+least|at\\s+most|above|below)\\s+(?<n>\\d[\\d,]*(?:\\.\\"
          + "d+)?(?:x|%| ?(?:ms|\\u00b5s))?)(?:\\s+to\\s+(?<m>\\d[\\d,]*(?:\\.\\d+)?(?:x|%| "
          + "?(?:ms|\\u00b5s))?))?(?![\\d.])");

  /** The unit suffix of a duration quantity ({@code Unit#suffix}) after a number. */
  private static final Pattern UNIT = Pattern.compile(" ?(?:\u00b5s|ms|ns)(?![A-Za-z])");

  private PdfCensus() {}

  /**
   * Takes the census of a PDF against the archive's quantities and allow-list.
   *
   * @param doc the PDF as read
   * @param quantities every quantity as computed from the data now
   * @param allowed the allow-list ({@link Census#allowList}); an entry applies when its file is {@code *} or
   *     the PDF's recorded source ({@code FtlText}), and every entry applies to a PDF that records none
   * @param originals the original study's claims ({@link OriginalStudy}): a number of one of their figures,
   *     printed in the replication table beside ours, is exempt as the original's
   * @param archiveDigest the data digest of the archive ({@link Reproduction#dataDigest})
   */
  public static Report take(PdfText.Document doc, List<Computed> quantities, List<Census.Allowed> allowed,
                            List<OriginalStudy.Claim> originals, String archiveDigest) {

    Map<String, Computed> byKey = new HashMap<>();
    for (Computed c : quantities) {
      byKey.put(c.quantity().key(), c);
    }
    Map<String, String> textKeys = Census.textKeys(quantities);
    Optional<String> source = doc.source();
    List<String> phrases = new ArrayList<>();
    List<String> reasons = new ArrayList<>();
    for (Census.Allowed a : allowed) {
      if (a.file().equals("*") || source.isEmpty() || source.get().equals(a.file())) {
        String p = compact(quotes(PrintedNumber.plain(detex(a.phrase()))));
        if (!p.isEmpty()) {
          phrases.add(p);
          reasons.add(a.reason());
        }
      }
    }
    // The original study's figures, printed whole in the replication table beside ours.
    for (OriginalStudy.Claim cl : originals) {
      String p = compact(PrintedNumber.plain(cl.original()));
      if (Census.NUMBER.matcher(p).find()) {
        phrases.add(p);
        reasons.add("a figure of the original study (" + OriginalStudy.FILE + ":" + cl.line() + ", " + cl.claim()
            + ")");
      }
    }
    List<Entry> out = new ArrayList<>();
    for (PdfText.Page page : doc.pages()) {
      StringBuilder blanked = new StringBuilder(page.text());
      for (PdfText.Link link : page.links()) {
        out.add(link.refused() != null ? refused(page.number(), link)
            : traced(page.number(), link, byKey.get(link.key())));
        blank(blanked, link.start(), link.end());
      }
      for (PdfText.Invisible hidden : page.invisible()) {
        Matcher n = Census.NUMBER.matcher(PrintedNumber.plain(hidden.printed()));
        while (n.find()) {
          out.add(new Entry(page.number(), n.group(), Kind.DISAGREE, hidden.key(),
              "drawn invisibly (text render mode 3: "
              + "neither filled nor stroked)" + (hidden.key() == null ? "" : " under a link to it")
              + ": a number no reader sees is bound to nothing, and check-pdf counts it as a disagreement"));
        }
        blank(blanked, hidden.start(), hidden.end());
      }
      out.addAll(untraced(page.number(), blanked.toString(), textKeys, phrases, reasons));
    }
    Optional<String> pdfDigest = doc.dataDigest();
    DigestStatus status = pdfDigest.isEmpty() ? DigestStatus.MISSING
        : pdfDigest.get().equals(archiveDigest) ? DigestStatus.MATCHES : DigestStatus.DIFFERENT;
    return new Report(doc.file(), status, pdfDigest, archiveDigest, doc.version(), doc.pages().size(), out,
        doc.source().map(UNTRACED_FAILS::equals).orElse(false));
  }

  /** Blanks {@code [from, to)} of a page's text but its line breaks: that text is not counted again as untraced. */
  private static void blank(StringBuilder text, int from, int to) {
    for (int i = from; i < to; i++) {
      if (text.charAt(i) != '\n') {
        text.setCharAt(i, ' ');
      }
    }
  }

  /**
   * A number under a link that names a quantity but does not lead into the provenance listing by the archive's scheme
   * ({@link PdfText#target}): it traces nothing, and is a disagreement naming where the link leads (issue 58).
   */
  private static Entry refused(int page, PdfText.Link link) {
    return new Entry(page, PrintedNumber.plain(link.printed()), Kind.DISAGREE, link.key(), "its link names q."
        + link.key() + " but leads to " + link.refused() + ", not into the provenance listing: it traces nothing");
  }

  private static Entry traced(int page, PdfText.Link link, Computed c) {
    String printed = PrintedNumber.plain(link.printed());
    if (c == null) {
      return new Entry(page, printed, Kind.DISAGREE, link.key(), "linked to a quantity this archive does not have");
    }
    if (!c.available()) {
      return new Entry(page, printed, Kind.DISAGREE, link.key(), "the archive's data give no value for it");
    }
    if (PrintedNumber.key(link.printed()).equals(PrintedNumber.key(c.text()))) {
      return new Entry(page, printed, Kind.TRACED, link.key(), "agrees");
    }
    if (basisAgrees(link.printed(), c)) {
      return new Entry(page, printed, Kind.TRACED, link.key(), "agrees with its verdict's basis");
    }
    return new Entry(page, printed, Kind.DISAGREE, link.key(), "the data give " + c.text());
  }

  /**
   * What a basis cut for a narrow table ends with (ftl.emit.Emitter#shortened); the cut text is a prefix of the basis.
   */
  public static final String CUT = " ... (whole in the supplement)";

  /**
   * Whether text under a verdict's link is that verdict's basis (the numbers that decided it, or why it is not
   * testable), whole or cut at a space and marked {@link #CUT}, alone or after the verdict's text (the two cells side
   * by side link to the one quantity and read as one span): the registered-predictions table prints each basis so
   * (issue 59).
   */
  static boolean basisAgrees(String printed, Computed c) {
    String basis = c.value() instanceof Value.Verdict v ? v.basis() : c.value() instanceof Value.Untestable u
        ? u.reason() : null;
    if (basis == null) {
      return false;
    }
    String p = quotes(PrintedNumber.plain(printed));
    basis = quotes(basis);
    // the verdict and its basis side by side under links to the one quantity read as one span: the verdict, then the
    // basis
    String verdict = PrintedNumber.plain(c.text());
    if (p.startsWith(verdict + " ")) {
      p = p.substring(verdict.length() + 1);
    }
    if (p.endsWith(CUT.strip())) {
      String head = PrintedNumber.key(p.substring(0, p.length() - CUT.strip().length()));
      return !head.isEmpty() && PrintedNumber.key(basis).startsWith(head);
    }
    return PrintedNumber.key(p).equals(PrintedNumber.key(basis));
  }

  /**
   * Whether a line is only numbers, at least three, evenly spaced or each ten times the one before: the tick labels of
   * a horizontal axis ({@code 0 2,000 4,000 6,000}, {@code 100 1,000 10,000}), which share a baseline and so a line.
   */
  static boolean ticks(String line) {
    String[] parts = line.strip().split("\\s+");
    if (parts.length < 3) {
      return false;
    }
    double[] v = new double[parts.length];
    for (int i = 0; i < parts.length; i++) {
      if (!parts[i].matches("\\d{1,3}(?:,\\d{3})*(?:\\.\\d+)?|\\d+(?:\\.\\d+)?")) {
        return false;
      }
      v[i] = Double.parseDouble(parts[i].replace(",", ""));
    }
    boolean even = true;
    boolean decades = true;
    for (int i = 2; i < v.length; i++) {
      even &= Math.abs((v[i] - v[i - 1]) - (v[1] - v[0])) <= 1e-9 * Math.abs(v[i]);
      decades &= v[i - 1] > 0 && Math.abs(v[i] / v[i - 1] - 10) < 1e-9;
    }
    return v[1] > v[0] && (even || (decades && v[0] > 0 && Math.abs(v[1] / v[0] - 10) < 1e-9));
  }

  /** Typeset quotes as typed: LaTeX prints ' and ` as curly quotes. */
  private static String quotes(String s) {
    return s.replace('\u2019', '\'').replace('\u2018', '\'').replace('\u201c', '"').replace('\u201d', '"');
  }

  /** The unlinked numbers of a page's text (links blanked out), line by line. */
  private static List<Entry> untraced(int page, String text, Map<String, String> textKeys, List<String> phrases,
                                      List<String> reasons) {
    List<Entry> out = new ArrayList<>();
    // A word hyphenated at a line's end is joined with its rest, the two lines read as one: "Fig-" and "ure 1)" are
    // "Figure 1)", a reference; "a 5 ms deliv-" and "ery hold" are the allow-list's "a 5 ms delivery hold".
    String[] lines = HYPHENATED.matcher(text).replaceAll("$1").split("\n", -1);
    // Allow-list phrases may run across a line break: match them on the page's text without white space.
    StringBuilder plainPage = new StringBuilder();
    List<int[]> lineSpans = new ArrayList<>();
    List<String> plainLines = new ArrayList<>();
    for (String line : lines) {
      String p = quotes(PrintedNumber.plain(line));
      lineSpans.add(new int[] {plainPage.length(), plainPage.length() + p.length()});
      plainLines.add(p);
      plainPage.append(p).append('\n');
    }
    StringBuilder compact = new StringBuilder();
    List<Integer> at = new ArrayList<>();
    for (int i = 0; i < plainPage.length(); i++) {
      char ch = plainPage.charAt(i);
      if (!Character.isWhitespace(ch)) {
        compact.append(ch);
        at.add(i);
      }
    }
    boolean[] exempt = new boolean[plainPage.length() + 1];
    String[] exemptWhy = new String[plainPage.length() + 1];
    for (int k = 0; k < phrases.size(); k++) {
      String ph = phrases.get(k);
      for (int p = compact.indexOf(ph); p >= 0; p = compact.indexOf(ph, p + 1)) {
        int from = at.get(p);
        int to = at.get(p + ph.length() - 1);
        if (insideNumber(plainPage, from, to)) {
          continue;
        }
        for (int i = from; i <= to; i++) {
          exempt[i] = true;
          exemptWhy[i] = reasons.get(k);
        }
      }
    }
    // thresholds in words and formula constants, matched on the whole page: a table cell may wrap between them
    boolean[] threshold = new boolean[plainPage.length() + 1];
    Matcher th = THRESHOLD.matcher(plainPage);
    while (th.find()) {
      for (String g : new String[] {"n", "m"}) {
        if (th.start(g) >= 0) {
          threshold[th.start(g)] = true;
        }
      }
    }
    boolean[] formula = new boolean[plainPage.length() + 1];
    Matcher f = FORMULA.matcher(plainPage);
    while (f.find()) {
      formula[f.start()] = true;
    }
    for (int l = 0; l < plainLines.size(); l++) {
      String line = plainLines.get(l);
      int offset = lineSpans.get(l)[0];
      boolean[] structure = new boolean[line.length() + 1];
      for (Pattern s : List.of(REFERENCE, CITATION, HEADING)) {
        Matcher m = s.matcher(line);
        while (m.find()) {
          for (int i = m.start(); i < m.end(); i++) {
            structure[i] = true;
          }
        }
      }
      Matcher n = Census.NUMBER.matcher(line);
      while (n.find()) {
        String number = n.group();
        // A duration's unit follows its number in a table cell ("3,660 µs"): read them together when a quantity prints
        // so.
        Matcher unit = UNIT.matcher(line).region(n.end(), line.length());
        if (unit.lookingAt() && textKeys.containsKey(PrintedNumber.key(number + unit.group()))) {
          number = number + unit.group();
        }
        int s = n.start();
        if (exempt[offset + s]) {
          out.add(new Entry(page, number, Kind.EXEMPT, null, exemptWhy[offset + s]));
        } else if (structure[s]) {
          out.add(new Entry(page, number, Kind.EXEMPT, null,
              "the PDF's structure (a page, section, figure, table or citation number)"));
        } else if (TICK.matcher(line).matches() || ticks(line)) {
          out.add(new Entry(page, number, Kind.EXEMPT, null,
              "an axis's tick label (a number alone on its line, or a line"
              + " of evenly spaced numbers): the scale an axis style sets, not a value of the data"));
        } else if (threshold[offset + s]) {
          out.add(new Entry(page, number, Kind.EXEMPT, null, "a threshold a plan registered, in words beside its rule"
              + " (data/<campaign>/plan.json): fixed before the data, not computed from them"));
        } else if (formula[offset + s]) {
          out.add(new Entry(page, number, Kind.EXEMPT, null,
              "a formula constant (0 or 1 beside a relation or an operator)"));
        } else if (textKeys.containsKey(PrintedNumber.key(number))) {
          out.add(new Entry(page, number, Kind.UNTRACED, null, "no link; equal by value only to the text of "
              + textKeys.get(PrintedNumber.key(number)) + ", which binds nothing", line.strip()));
        } else {
          out.add(new Entry(page, number, Kind.UNTRACED, null, "no link and no quantity prints as \"" + number + "\"",
              line.strip()));
        }
      }
    }
    return out;
  }

  /** Whether {@code [from, to]} of {@code s} is part of a longer number ("223" in "1,223" or "2235"). */
  static boolean insideNumber(CharSequence s, int from, int to) {
    boolean before = from > 0 && (Character.isDigit(s.charAt(from - 1))
        || (from > 1 && (s.charAt(from - 1) == ',' || s.charAt(from - 1) == '.')
        && Character.isDigit(s.charAt(from - 2))))
        && Character.isDigit(s.charAt(from));
    boolean after = to + 1 < s.length() && Character.isDigit(s.charAt(to)) && (Character.isDigit(s.charAt(to + 1))
        || (to + 2 < s.length() && (s.charAt(to + 1) == ',' || s.charAt(to + 1) == '.')
        && Character.isDigit(s.charAt(to + 2))));
    return before || after;
  }

  /** The text a LaTeX allow-list phrase typesets, roughly: commands' arguments kept, math and commands dropped. */
  static String detex(String latex) {
    String s = latex.replace("\\_", "_").replace("\\%", "%").replace("\\&", "&").replace("{,}", ",").replace("~", " ");
    String prev;
    do {
      prev = s;
      s = s.replaceAll("\\\\[A-Za-z]+\\*?\\{([^{}]*)\\}", "$1");
    } while (!s.equals(prev));
    // a superscript's caret is not printed: (1 - p)^n typesets as (1 - p)n
    return s.replaceAll("\\\\[A-Za-z]+", " ").replace("$", "").replace("{", "").replace("}", "").replace("^", "");
  }

  private static String compact(String s) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < s.length(); i++) {
      if (!Character.isWhitespace(s.charAt(i))) {
        sb.append(s.charAt(i));
      }
    }
    return sb.toString();
  }
}
