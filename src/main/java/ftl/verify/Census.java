package ftl.verify;

import ftl.data.io.DataException;
import ftl.emit.OriginalStudy;
import ftl.quantity.core.Computed;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;

/**
 * The census of numbers: every number in the prose, captions, tables and footnotes of {@code paper/},
 * {@code supplement/} and {@code paper/abstract.txt}, classified as
 * <ul>
 *   <li><b>macro</b>: a registry macro used in the text (its number is emitted, never typed);</li>
 *   <li><b>original</b>: a macro of the original study's transcribed figures ({@code paper/original-study.csv},
 *       column {@code macro}), emitted beside the registry's;</li>
 *   <li><b>named</b>: a typed {@code \ftlQuantity{key}{text}} whose key is a registry quantity that prints that
 *       text (the key is checked; a wrong or unknown key, or another text, is untraced);</li>
 *   <li><b>exempt</b>: covered by an entry of the allow-list {@code paper/census-allow.csv}
 *       ({@code file,phrase,reason}: the number lies inside that phrase on its line), or part of LaTeX
 *       structure (a label, reference, citation key, file name, length or column specification);</li>
 *   <li><b>untraced</b>: anything else, which fails the build.</li>
 * </ul>
 * Equality of value binds nothing (issue #45): a typed literal that happens to equal the printed text of some
 * quantity is untraced, since among thousands of quantities almost any small number equals one.
 */
public final class Census {

  /** File name of the allow-list, under {@code paper/}. */
  public static final String ALLOW_FILE = "paper/census-allow.csv";

  /** How a number was classified. */
  public enum Kind { MACRO, ORIGINAL, NAMED, EXEMPT, UNTRACED }

  /** One number found in a text. */
  public record Entry(String file, int line, String number, Kind kind, String why) {
    @Override
    public String toString() {
      return file + ":" + line + ": " + number + " (" + kind.name().toLowerCase(Locale.ROOT) + ": " + why + ")";
    }
  }

  /** An allow-list entry. */
  public record Allowed(String file, String phrase, String reason) {}

  /** A number as printed: digits with thousands separators and decimals, optionally a percent sign or x. */
  static final Pattern NUMBER =
      Pattern.compile("(?<![A-Za-z0-9_.])\\d(?:\\d|,(?=\\d))*(?:\\{,\\}\\d+)*(?:\\.\\d+)?(?:\\\\%|%|x)?");
  /** LaTeX constructs whose arguments are structure, not claims. */
  static final Pattern STRUCTURE = Pattern.compile(
      "\\\\(?:label|ref|eqref|autoref|cref|Cref|cite|citep|citet|input|include|includegraphics|usepackage|documentclass"
          + "|begin|end|url|pgfplotstableread|bibliography|bibliographystyle|hypersetup|setcounter|addtocounter"
          + "|hspace|vspace|setlength|addtolength|newcommand|renewcommand|providecommand|definecolor|tikzset|pgfplot"
          + "sset|ftlNoData)\\*?(?:\\[[^\\]]*\\])?(?:\\{[^{}]*\\})+");
  static final Pattern LENGTH =
      Pattern.compile(
      "-?\\d*\\.?\\d+\\s*(?:pt|em|ex|cm|mm|in|bp|sp)\\b|-?\\d*\\.?\\d+\\\\(?:textwidth|linewidth|columnwidth|texthei"
      + "ght|baselineskip)");
  static final Pattern OPTIONS =
      Pattern.compile("\\[[^\\]]*(?:=|\\b(?:width|height|scale|xshift|yshift|node distance)\\b)[^\\]]*\\]");

  private Census() {}

  /** Reads the allow-list (absent: empty). */
  public static List<Allowed> allowList(Path root) {
    Path f = root.resolve(ALLOW_FILE);
    List<Allowed> out = new ArrayList<>();
    if (!Files.exists(f)) {
      return out;
    }
    try (Reader r = Files.newBufferedReader(f, StandardCharsets.UTF_8)) {
      for (CSVRecord rec : CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).setCommentMarker('#')
          .get().parse(r)) {
        String reason = rec.get("reason").trim();
        if (reason.isEmpty()) {
          throw new DataException(ALLOW_FILE, rec.getRecordNumber() + 1, "an allow-list entry needs a reason", null);
        }
        out.add(new Allowed(rec.get("file").trim(), rec.get("phrase"), reason));
      }
    } catch (IOException | IllegalArgumentException | IllegalStateException e) {
      throw new DataException(ALLOW_FILE, 0, "not a valid allow-list: " + e.getMessage(), e);
    }
    return out;
  }

  /**
   * A typed binding of a number to its quantity by name: {@code \ftlQuantity{key}{text}} (text may hold {@code {,}}).
   */
  static final Pattern NAMED = Pattern.compile("\\\\ftlQuantity\\{([^{}]*)\\}\\{((?:[^{}]|\\{[^{}]*\\})*)\\}");

  /**
   * Takes the census of every text against the computed quantities.
   *
   * @param originals the original study's transcribed figures ({@link OriginalStudy#read}); a use of a row's macro is
   *     classified {@link Kind#ORIGINAL}
   */
  public static List<Entry> take(TextSources texts, List<Computed> quantities, List<OriginalStudy.Claim> originals,
                                 List<Allowed> allowed) {
    Map<String, String> macroKeys = new HashMap<>();
    Map<String, Computed> byKey = new HashMap<>();
    for (Computed c : quantities) {
      macroKeys.put(c.quantity().macro(), c.quantity().key());
      byKey.put(c.quantity().key(), c);
    }
    Map<String, String> originalMacros = new HashMap<>();
    for (OriginalStudy.Claim c : originals) {
      if (!c.macro().isEmpty()) {
        originalMacros.put(c.macro(), OriginalStudy.FILE + ":" + c.line() + ", the original study's figure: "
            + c.claim());
      }
    }
    List<Entry> out = new ArrayList<>();
    Pattern macroUse = Pattern.compile("\\\\([A-Za-z]+)");
    for (TextSources.Text t : texts.texts()) {
      for (int i = 0; i < t.lines().size(); i++) {
        String raw = TextSources.stripComment(t.lines().get(i), t.name());
        Matcher m = macroUse.matcher(raw);
        while (m.find()) {
          String key = macroKeys.get(m.group(1));
          if (key != null) {
            out.add(new Entry(t.name(), i + 1, "\\" + m.group(1), Kind.MACRO, key));
          } else if (originalMacros.containsKey(m.group(1))) {
            out.add(new Entry(t.name(), i + 1, "\\" + m.group(1), Kind.ORIGINAL, originalMacros.get(m.group(1))));
          }
        }
        String line = raw;
        Matcher named = NAMED.matcher(raw);
        while (named.find()) {
          out.add(named(t.name(), i + 1, named.group(1), named.group(2), byKey));
          line = line.substring(0, named.start()) + " ".repeat(named.end() - named.start())
              + line.substring(named.end());
        }
        line = blankStructure(line);
        Matcher n = NUMBER.matcher(line);
        while (n.find()) {
          out.add(classify(t.name(), i + 1, raw, n.toMatchResult(), allowed));
        }
      }
    }
    return out;
  }

  /** A typed {@code \ftlQuantity{key}{text}}: named when the key is a quantity whose printed text is {@code text}. */
  private static Entry named(String file, int lineNo, String keyLatex, String text, Map<String, Computed> byKey) {
    String key = keyLatex.replace("\\_", "_").replace("\\-", "").strip();
    Computed c = byKey.get(key);
    if (c == null) {
      return new Entry(file, lineNo, text, Kind.UNTRACED, "names " + key + ", which is no registry quantity");
    }
    if (!c.available()) {
      return new Entry(file, lineNo, text, Kind.UNTRACED, "names " + key + ", which has no value on these data");
    }
    String printed = PrintedNumber.key(text);
    if (printed.equals(PrintedNumber.key(c.latex())) || printed.equals(PrintedNumber.key(c.text()))) {
      return new Entry(file, lineNo, text, Kind.NAMED, key);
    }
    return new Entry(file, lineNo, text, Kind.UNTRACED, "names " + key + ", which prints as \"" + c.text() + "\"");
  }

  /** The first quantity printing as each comparison key ({@link PrintedNumber#key}), from its plain and LaTeX text. */
  static Map<String, String> textKeys(List<Computed> quantities) {
    Map<String, String> textKeys = new HashMap<>();
    for (Computed c : quantities) {
      if (c.available()) {
        textKeys.putIfAbsent(PrintedNumber.key(c.text()), c.quantity().key());
        textKeys.putIfAbsent(PrintedNumber.key(c.latex()), c.quantity().key());
      }
    }
    return textKeys;
  }

  /** The number {@code found} in line {@code lineNo} of {@code file} ({@code raw}), as a census entry. */
  private static Entry classify(String file, int lineNo, String raw, MatchResult found, List<Allowed> allowed) {
    int start = found.start();
    int end = found.end();
    String number = found.group();
    for (Allowed a : allowed) {
      if (!a.file().equals(file) && !a.file().equals("*")) {
        continue;
      }
      int from = 0;
      while (true) {
        int p = raw.indexOf(a.phrase(), from);
        if (p < 0) {
          break;
        }
        if (p <= start && end <= p + a.phrase().length()) {
          return new Entry(file, lineNo, number, Kind.EXEMPT, a.reason());
        }
        from = p + 1;
      }
    }
    if ((number.equals("0") || number.equals("1")) && file.endsWith(".tex") && inMath(raw, start)) {
      return new Entry(file, lineNo, number, Kind.EXEMPT, "a formula constant (0 or 1 in math mode)");
    }
    return new Entry(file, lineNo, number, Kind.UNTRACED, "no macro and no allow-list phrase covers it (a typed number"
        + " binds to a quantity only by naming it: \\ftlQuantity{key}{text})");
  }

  /**
   * Whether column {@code at} of a line lies in math mode: after an odd number of unescaped {@code $}, or
   * between {@code \[} and {@code \]} on the line. Math spanning lines is not followed (a number there is
   * classified as prose, the stricter reading).
   */
  static boolean inMath(String line, int at) {
    int dollars = 0;
    for (int i = 0; i < at && i < line.length(); i++) {
      if (line.charAt(i) == '$' && (i == 0 || line.charAt(i - 1) != '\\')) {
        dollars++;
      }
    }
    if ((dollars & 1) == 1) {
      return true;
    }
    int open = line.lastIndexOf("\\[", at);
    return open >= 0 && line.indexOf("\\]", at) > open && line.lastIndexOf("\\]", at) < open;
  }

  /** Replaces LaTeX structure (labels, references, lengths, options) by spaces, keeping columns in place. */
  static String blankStructure(String line) {
    String s = blank(line, STRUCTURE);
    s = blank(s, LENGTH);
    s = blank(s, OPTIONS);
    return s;
  }

  private static String blank(String s, Pattern p) {
    Matcher m = p.matcher(s);
    StringBuilder sb = new StringBuilder(s);
    while (m.find()) {
      for (int i = m.start(); i < m.end(); i++) {
        sb.setCharAt(i, ' ');
      }
    }
    return sb.toString();
  }


  /** Counts by kind. */
  public static Map<Kind, Long> counts(List<Entry> census) {
    Map<Kind, Long> out = new EnumMap<>(Kind.class);
    for (Kind k : Kind.values()) {
      out.put(k, census.stream().filter(e -> e.kind() == k).count());
    }
    return out;
  }
}
