package ftl.cli;

import ftl.quantity.Analysis;
import ftl.quantity.Computed;
import ftl.quantity.Quantity;
import ftl.quantity.Registry;
import ftl.quantity.Value;
import ftl.verify.Manifest;
import ftl.verify.TextSources;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code ftl check <key | \macro | "quoted text">}. */
@Command(name = "check", mixinStandardHelpOptions = true,
    description = {"Check one number: find the quantity by key (events.ackNegative), macro (\\NegAckSpans)",
        "or printed text (\"62,264\", with or without separators or unit), recompute only it, and print",
        "value, text, definition, the data files with their SHA-256, the function that computed it, and",
        "every place in paper/, supplement/ and paper/abstract.txt that quotes it.",
        "Exit 0 when the generated macro and every quote agree with the recomputed value.",
        "Per-run summaries come from the cache in target/ftl-cache/ when the events file's bytes and the code",
        "are those they were computed from (--no-cache scans instead; ftl reproduce never reads the cache)."},
    footer = ExitCode.HELP_FOOTER)
public final class CheckCommand implements Callable<Integer> {
  @ParentCommand Main main;

  @Parameters(index = "0", paramLabel = "WHAT", description = "A quantity key, a \\macro, or a number as printed.")
  String what;

  @Option(names = "--files", description = "List every data file with its SHA-256 (default: ledgers, and a count of events files).")
  boolean allFiles;

  @Option(names = "--no-cache", description = Registries.NO_CACHE_HELP)
  boolean noCache;

  private List<String> macroLines;

  @Override
  public Integer call() {
    ftl.cache.DiskRunSummaryCache.Lazy cache = Registries.cache(main, noCache);
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
      c = byText(registry, a, what);
    }
    Quantity q = c.quantity();
    System.out.println(q.key() + "  \\" + q.macro());
    System.out.println("  value:      " + (c.available() ? c.value().json() instanceof double[] d
        ? d[0] + " to " + d[1] : String.valueOf(c.value().json()) : "none"));
    System.out.println("  text:       " + c.text());
    System.out.println("  definition: " + q.definition());
    System.out.println("  unit:       " + q.unit().symbol());
    System.out.println("  function:   " + q.function());
    if (c.value() instanceof Value.Unavailable u) {
      System.out.println("  no value:   " + u.reason());
    }
    List<String> files = a.sourceFiles(q.scope());
    System.out.println("  data:       " + files.size() + " file" + (files.size() == 1 ? "" : "s"));
    int shown = 0;
    for (String f : files) {
      boolean ledger = f.endsWith("/ledger.csv");
      if (allFiles || ledger) {
        System.out.println("    " + a.data().gate().map(g -> g.sha256OfDisplayed(f)).orElse("?") + "  " + f);
        shown++;
      }
    }
    if (shown < files.size()) {
      System.out.println("    ... and " + (files.size() - shown) + " events files (their SHA-256 are in the ledgers; --files lists them)");
    }
    // The cache lives beside the jar (target/) and is trusted like it; say so whenever a value rests on it.
    for (var e : cache.used().entrySet()) {
      Path shownPath = e.getKey().startsWith(main.archiveRoot()) ? main.archiveRoot().relativize(e.getKey()) : e.getKey();
      System.out.println("  from cache: " + shownPath.toString().replace('\\', '/') + " (stored summaries of "
          + e.getValue() + " run" + (e.getValue() == 1 ? "" : "s") + ", trusted like target/ftl.jar; --no-cache scans instead)");
    }
    int problems = 0;
    TextSources texts = TextSources.read(main.archiveRoot());
    List<TextSources.Place> places = new ArrayList<>(texts.macroUses(q.macro()));
    if (c.available()) {
      places.addAll(texts.literalUses(c.text()));
    }
    System.out.println("  quoted at:  " + (places.isEmpty() ? "nowhere in the texts" : places.size() + " place" + (places.size() == 1 ? "" : "s")));
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
    String want = c.available() ? "{\\ftlQuantity{" + ftl.quantity.LatexEscape.escape(q.key()) + "}{" + c.latex() + "}}"
        : "{\\ftlNoData{" + ftl.quantity.LatexEscape.escape(q.key()) + "}}";
    if (generatedLine == null) {
      System.out.println("  generated:  paper/generated/quantities.tex has no \\" + q.macro() + " (run ./ftl reproduce)");
      problems++;
    } else if (!generatedLine.equals(expected + want)) {
      System.out.println("  generated:  DISAGREE: paper/generated/quantities.tex says " + generatedLine.substring(expected.length())
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
  private Computed byText(Registry registry, Analysis a, String printed) {
    String want = normalise(printed);
    if (want.isEmpty()) {
      throw new NotFoundException("\"" + printed + "\" is neither a quantity key, a macro, nor a number");
    }
    List<Computed> hits = new ArrayList<>();
    for (Quantity q : indexed(want, registry)) {
      Computed c = Computed.of(q, a);
      if (c.available() && normalise(c.text()).equals(want)) {
        hits.add(c);
      }
    }
    if (hits.isEmpty()) {
      for (Quantity q : registry.all()) {
        Computed c = Computed.of(q, a);
        if (c.available() && normalise(c.text()).equals(want)) {
          hits.add(c);
        }
      }
    }
    if (hits.isEmpty()) {
      throw new NotFoundException("no quantity is printed as \"" + printed + "\" (try ./ftl list)");
    }
    if (hits.size() > 1) {
      System.out.println("\"" + printed + "\" is the text of " + hits.size() + " quantities: "
          + String.join(", ", hits.stream().map(h -> h.quantity().key()).toList()) + "; showing the first");
    }
    return hits.get(0);
  }

  /** Quantities the committed macros file prints as {@code normalised}. */
  private List<Quantity> indexed(String normalised, Registry registry) {
    List<Quantity> out = new ArrayList<>();
    java.util.regex.Pattern line = java.util.regex.Pattern.compile("^\\\\newcommand\\{\\\\([A-Za-z]+)\\}\\{\\\\ftlQuantity\\{[^}]*\\}\\{(.*)\\}\\}$");
    for (String l : generatedMacros()) {
      java.util.regex.Matcher m = line.matcher(l);
      if (m.matches() && normalise(m.group(2).replace("\\textmu{}", "µ")).equals(normalised)) {
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
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
    return macroLines;
  }

  /** Digits, decimal point and range words only: "62,264" and "62264" and "62{,}264" compare equal. */
  static String normalise(String s) {
    String t = s.toLowerCase(Locale.ROOT).replace("{,}", "").replace("\\%", "%").replace("\\,", "");
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < t.length(); i++) {
      char ch = t.charAt(i);
      if (Character.isDigit(ch) || ch == '.' || ch == '-') {
        sb.append(ch);
      } else if (t.startsWith(" to ", i)) {
        sb.append('~');
        i += 3;
      }
    }
    return sb.toString();
  }

}
