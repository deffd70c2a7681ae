package ftl.cli;

import ftl.cache.DiskRunSummaryCache;
import ftl.data.io.Echo;
import ftl.data.registration.Registration;
import ftl.data.registration.VerdictKind;
import ftl.emit.OriginalStudy;
import ftl.quantity.Registry;
import ftl.quantity.Sources;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.Computed;
import ftl.quantity.core.Format;
import ftl.quantity.core.LatexEscape;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.Value;
import ftl.verify.PrintedNumber;
import ftl.verify.TextSources;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code ftl check <key | \macro | "quoted text">}. */
@Command(name = "check", mixinStandardHelpOptions = true,
    description = {"Check one number against the data and every text that quotes it.",
        "Find the quantity by key (events.ackNegative), macro (\\NegAckSpans)",
        "or printed text (\"62,264\", with or without separators or unit), recompute only it, and print",
        "value, text, definition, the data files with their SHA-256, the function that computed it, the method",
        "that declares the quantity and builds its key, and",
        "every place in paper/, supplement/ and paper/abstract.txt that quotes it. A figure of the original study",
        "(paper/original-study.csv, e.g. \"62,264\") is named as the original's, with where it is printed and ours "
        + "beside it.",
        "Exit 0 when the generated macro and every quote agree with the recomputed value.",
        "Per-run summaries come from the cache in target/ftl-cache/ when the events file's bytes and the code",
        "are those they were computed from (--no-cache scans instead; ftl reproduce never reads the cache)."},
    footer = ExitCode.HELP_FOOTER)
public final class CheckCommand implements Callable<Integer> {
  @ParentCommand Main main;

  @Parameters(index = "0", paramLabel = "WHAT", description = "A quantity key, a \\macro, or a number as printed.")
  String what;

  @Option(names = "--files", description =
      "List every data file with its SHA-256 (default: ledgers, and a count of events files).")
  boolean allFiles;

  @Option(names = "--no-cache", description = Registries.NO_CACHE_HELP)
  boolean noCache;

  private List<String> macroLines;

  @Override
  public Integer call() {
    DiskRunSummaryCache.Lazy cache = Registries.cache(main, noCache);
    Analysis a = Registries.analysis(main, cache);
    Registry registry = Registry.forData(a.data());
    Optional<Quantity> found = registry.byKey(what);
    if (found.isEmpty() && (what.startsWith("\\") || what.matches("[A-Za-z]+"))) {
      found = registry.byMacro(what);
    }
    Computed c;
    if (found.isPresent()) {
      c = Computed.of(found.get(), a);
    } else {
      List<Computed> hits = byText(registry, a, what);
      if (hits.isEmpty()) {
        List<OriginalStudy.Claim> originals = originalFigures(what);
        if (!originals.isEmpty()) {
          return original(originals, registry, a);
        }
        throw new NotFoundException("no quantity is printed as \"" + Echo.of(what)
            + "\", nor is it a figure of the original study (" + OriginalStudy.FILE + "; try ./ftl list)");
      }
      if (hits.size() > 1) {
        System.out.println("\"" + Echo.of(what) + "\" is the text of " + hits.size() + " quantities: "
            + String.join(", ", hits.stream().map(h -> h.quantity().key()).toList()) + "; showing the first");
      }
      c = hits.get(0);
    }
    Quantity q = c.quantity();
    System.out.println(q.key() + "  \\" + q.macro());
    System.out.println("  value:      " + (c.available() ? c.value().json() instanceof double[] d
        ? d[0] + " to " + d[1] : String.valueOf(c.value().json()) : "none"));
    System.out.println("  text:       " + c.text());
    System.out.println("  definition: " + c.definition());
    System.out.println("  unit:       " + q.unit().symbol());
    System.out.println("  function:   " + q.function());
    System.out.println("  declared:   " + q.declaredBy());
    if (q.format() == Format.VERDICT) {
      Optional<Registration> reg = registry.registration(q.key());
      System.out.println("  kind:       " + reg.map(r -> r.kind().word()).orElse(VerdictKind.EXPLORATORY.word())
          + " (" + reg.map(ListCommand::registered).orElse(ListCommand.NOT_REGISTERED) + ")");
      reg.ifPresent(r -> {
        System.out.println("  rule:       " + Echo.clean(r.rule()));
        if (!r.replaces().isEmpty()) {
          System.out.println("  replaces:   " + Echo.clean(r.replaces()));
        }
        System.out.println("  registered: " + r.source());
      });
    }
    if (c.value() instanceof Value.Unavailable u) {
      System.out.println("  no value:   " + u.reason());
    }
    List<String> files = Sources.of(a, q);
    System.out.println("  data:       " + files.size() + " file" + (files.size() == 1 ? "" : "s"));
    int shown = 0;
    for (String f : files) {
      boolean events = f.contains("/events/"); // the ledgers and tables are shown, the events files counted
      if (allFiles || !events) {
        System.out.println("    " + a.data().gate().map(g -> g.sha256OfDisplayed(f)).orElse("?") + "  " + f);
        shown++;
      }
    }
    if (shown < files.size()) {
      System.out.println("    ... and " + (files.size() - shown)
          + " events files (their SHA-256 are in the ledgers; --files lists them)");
    }
    // The cache lives beside the jar (target/) and is trusted like it; say so whenever a value rests on it.
    for (var e : cache.used().entrySet()) {
      Path shownPath = e.getKey().startsWith(main.archiveRoot()) ? main.archiveRoot().relativize(e.getKey())
          : e.getKey();
      System.out.println("  from cache: " + shownPath.toString().replace('\\', '/') + " (stored summaries of "
          + e.getValue() + " run" + (e.getValue() == 1 ? "" : "s")
          + ", trusted like target/ftl.jar; --no-cache scans instead)");
    }
    int problems = 0;
    TextSources texts = TextSources.read(main.archiveRoot());
    List<TextSources.Place> places = new ArrayList<>(texts.macroUses(q.macro()));
    if (c.available()) {
      places.addAll(texts.literalUses(c.text()));
    }
    System.out.println("  quoted at:  " + (places.isEmpty() ? "nowhere in the texts" : places.size() + " place"
        + (places.size() == 1 ? "" : "s")));
    for (TextSources.Place p : places) {
      System.out.println("    " + p);
      if (!c.available()) {
        problems++;
        System.out.println("      DISAGREE: the text quotes a quantity that has no value");
      }
    }
    String expected = "\\newcommand{\\" + q.macro() + "}";
    String generatedLine = null;
    for (String line : generatedMacros()) {
      if (line.startsWith(expected)) {
        generatedLine = line;
      }
    }
    String want = c.available() ? "{\\ftlQuantity{" + LatexEscape.escape(q.key()) + "}{" + c.latex() + "}}"
        : "{\\ftlNoData{" + LatexEscape.escape(q.key()) + "}}";
    if (generatedLine == null) {
      System.out.println("  generated:  paper/generated/quantities.tex has no \\" + q.macro()
          + " (run ./ftl reproduce)");
      problems++;
    } else if (!generatedLine.equals(expected + want)) {
      System.out.println("  generated:  DISAGREE: paper/generated/quantities.tex says "
          + generatedLine.substring(expected.length())
          + ", the data give " + want);
      problems++;
    } else {
      System.out.println("  generated:  paper/generated/quantities.tex agrees");
    }
    System.out.println(problems == 0 ? "OK" : "DISAGREE (" + problems + ")");
    return problems == 0 ? ExitCode.OK : ExitCode.DISAGREE;
  }

  /**
   * Finds the quantity whose printed text matches {@code printed}, ignoring separators, spaces and units.
   * The committed macros file serves as an index: only the quantities it prints that way are recomputed
   * (and must still print that way); when it names none, every quantity is computed.
   */
  private List<Computed> byText(Registry registry, Analysis a, String printed) {
    String want = PrintedNumber.digits(printed);
    if (want.isEmpty() || !looksPrinted(printed)) {
      throw new NotFoundException("\"" + Echo.of(printed) + "\" is neither a quantity key, a macro, nor a number"
          + " as printed");
    }
    List<Computed> hits = new ArrayList<>();
    for (Quantity q : indexed(want, registry)) {
      Computed c = Computed.of(q, a);
      if (c.available() && PrintedNumber.digits(c.text()).equals(want)) {
        hits.add(c);
      }
    }
    if (hits.isEmpty()) {
      for (Quantity q : registry.all()) {
        Computed c = Computed.of(q, a);
        if (c.available() && PrintedNumber.digits(c.text()).equals(want)) {
          hits.add(c);
        }
      }
    }
    return hits;
  }

  /**
   * The original study's claims whose figure, or one number of it ({@code 1,321} of {@code 1,321 of 2,266}),
   * reads as {@code printed} ({@link PrintedNumber#digits}).
   */
  private List<OriginalStudy.Claim> originalFigures(String printed) {
    String want = PrintedNumber.digits(printed);
    List<OriginalStudy.Claim> out = new ArrayList<>();
    for (OriginalStudy.Claim cl : OriginalStudy.read(main.archiveRoot())) {
      List<String> readings = new ArrayList<>(List.of(cl.original()));
      readings.addAll(List.of(cl.original().split(" of | to ")));
      if (readings.stream().map(PrintedNumber::digits).anyMatch(r -> !r.isEmpty() && r.equals(want))) {
        out.add(cl);
      }
    }
    return out;
  }

  /**
   * Reports a figure of the original study: the claim, where the archive prints it (the generated table that
   * sets it beside ours, and the text that inputs that table), and our quantities and verdict beside it.
   * Exit 0 when each of our quantities beside it has a value.
   */
  private int original(List<OriginalStudy.Claim> claims, Registry registry, Analysis a) {
    int problems = 0;
    for (OriginalStudy.Claim cl : claims) {
      System.out.println("\"" + what + "\" is the original study's figure, not ours: " + cl.claim());
      System.out.println("  original:   " + cl.original() + " (" + OriginalStudy.FILE + ":" + cl.line()
          + ", transcribed from the original study's record)");
      List<TextSources.Place> printedAt = printedIn(LatexEscape.escape(cl.original()));
      if (printedAt.isEmpty()) {
        System.out.println("  printed in: nowhere in paper/generated/ or supplement/generated/ (run ./ftl reproduce)");
      }
      for (TextSources.Place p : printedAt) {
        System.out.println("  printed in: " + p.file() + ":" + p.line() + p.found());
      }
      List<String> ours = new ArrayList<>();
      for (String key : cl.ourKeys()) {
        Optional<Quantity> q = registry.byKey(key);
        if (q.isEmpty()) {
          System.out.println("  ours:       " + key + ": DISAGREE: no such quantity in the registry");
          problems++;
          continue;
        }
        Computed ourC = Computed.of(q.get(), a);
        if (!ourC.available()) {
          problems++;
        }
        ours.add(ourC.text());
        System.out.println("  ours:       " + key + " = " + ourC.text() + " (\\" + q.get().macro() + "; ./ftl check "
            + key + ")");
      }
      if (cl.ourKeys().size() > 1) {
        System.out.println("  beside it:  " + String.join(" of ", ours));
      }
      if (!cl.verdictKey().isEmpty()) {
        registry.byKey(cl.verdictKey()).ifPresent(v ->
            System.out.println("  verdict:    " + cl.verdictKey() + " = " + Computed.of(v, a).text()));
      }
      if (!cl.note().isBlank()) {
        System.out.println("  note:       " + cl.note());
      }
    }
    System.out.println(problems == 0 ? "OK" : "DISAGREE (" + problems + ")");
    return problems == 0 ? ExitCode.OK : ExitCode.DISAGREE;
  }

  /**
   * Lines of the generated files that print {@code latex} as a cell, each with the text that inputs the file
   * (e.g. {@code paper/generated/tab-replication.tex:12, in the table paper/paper.tex inputs at line 431}).
   */
  private List<TextSources.Place> printedIn(String latex) {
    List<TextSources.Place> out = new ArrayList<>();
    TextSources texts = TextSources.read(main.archiveRoot());
    for (String dir : List.of("paper", "supplement")) {
      Path g = main.archiveRoot().resolve(dir).resolve("generated");
      if (!Files.isDirectory(g)) {
        continue;
      }
      try (Stream<Path> s = Files.list(g)) {
        for (Path f : s.filter(p -> p.getFileName().toString().endsWith(".tex")).sorted().toList()) {
          List<String> lines = Files.readAllLines(f, StandardCharsets.UTF_8);
          String stem = f.getFileName().toString().replaceFirst("\\.tex$", "");
          for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).startsWith("%") && Arrays.stream(lines.get(i).split("&"))
                .anyMatch(cell -> cell.trim().equals(latex))) {
              StringBuilder where = new StringBuilder();
              for (TextSources.Text t : texts.texts()) {
                for (int j = 0; j < t.lines().size(); j++) {
                  if (t.lines().get(j).contains("generated/" + stem + "}")) {
                    where.append(", in the table ").append(t.name()).append(" inputs at line ").append(j + 1);
                  }
                }
              }
              out.add(new TextSources.Place(dir + "/generated/" + f.getFileName(), i + 1, where.toString()));
            }
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return out;
  }

  /** Quantities the committed macros file prints as {@code normalised}. */
  private List<Quantity> indexed(String normalised, Registry registry) {
    List<Quantity> out = new ArrayList<>();
    Pattern line = Pattern.compile("^\\\\newcommand\\{\\\\([A-Za-z]+)\\}\\{\\\\ftlQuantity\\{[^}]*\\}\\{(.*)\\}\\}$");
    for (String l : generatedMacros()) {
      Matcher m = line.matcher(l);
      if (m.matches() && PrintedNumber.digits(m.group(2).replace("\\textmu{}", "µ")).equals(normalised)) {
        registry.byMacro(m.group(1)).ifPresent(out::add);
      }
    }
    return out;
  }

  /** The lines of the committed macros file, read once per check; empty when it does not exist. */
  private List<String> generatedMacros() {
    if (macroLines == null) {
      Path generated = main.archiveRoot().resolve("paper/generated/quantities.tex");
      try {
        macroLines = Files.exists(generated) ? Files.readAllLines(generated, StandardCharsets.UTF_8) : List.of();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return macroLines;
  }

  /**
   * Digits, decimal point and range words only: "62,264" and "62264" and "62{,}264" compare equal ({@link
   * PrintedNumber#digits}).
   */
  /**
   * Words a printed number may carry: units, the {@code x} of a ratio, the {@code to} of a range, the {@code of} of a
   * share.
   */
  private static final Set<String> NUMBER_WORDS = Set.of("to", "of", "x", "ns", "us", "µs", "ms", "s", "h",
      "b", "kb", "mb", "gb", "pp", "k", "m", "msg", "per", "runs", "events", "percent");

  /**
   * Whether {@code s} reads as a number as printed ({@code 62,264}, {@code 2.07x}, {@code 0.36% to 100%},
   * {@code 450 µs}): every word of letters in it is a unit or a connective of {@link #NUMBER_WORDS}. {@code zz2zz} is
   * not one, though it has a digit: {@link PrintedNumber#digits} alone would read it as {@code 2} and match every
   * quantity printed as 2.
   */
  static boolean looksPrinted(String s) {
    Matcher m = Pattern.compile("[\\p{L}]+").matcher(s.toLowerCase(Locale.ROOT));
    while (m.find()) {
      if (!NUMBER_WORDS.contains(m.group())) {
        return false;
      }
    }
    return s.chars().anyMatch(Character::isDigit) && s.length() <= 200;
  }
}
