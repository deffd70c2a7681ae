package ftl.emit;

import freemarker.template.Configuration;
import freemarker.template.SimpleScalar;
import freemarker.template.Template;
import freemarker.template.TemplateException;
import freemarker.template.TemplateExceptionHandler;
import freemarker.template.TemplateMethodModelEx;
import freemarker.template.TemplateModelException;
import freemarker.template.TemplateScalarModel;
import ftl.data.DataSet;
import ftl.data.io.DataException;
import ftl.data.registration.Registration;
import ftl.data.registration.VerdictKind;
import ftl.quantity.core.Computed;
import ftl.quantity.core.Format;
import ftl.quantity.core.LatexEscape;
import ftl.quantity.core.Value;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TimeZone;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Renders the Freemarker templates of {@code emit/} into generated files: {@code emit/paper/X.ftl}
 * becomes {@code paper/generated/X}, {@code emit/supplement/X.ftl} becomes {@code supplement/generated/X}.
 * Rendering is locale- and time-zone-independent ({@link Locale#ROOT}, UTC, numbers pre-formatted by the
 * registry) and carries no timestamp, so the output is byte-identical across runs and machines.
 */
public final class Emitter {

  /** Folder of templates under the archive root. */
  public static final String EMIT_DIR = "emit";
  private static final List<String> TARGETS = List.of("paper", "supplement");

  private final Path root;
  private final Configuration cfg;

  public Emitter(Path archiveRoot) {
    this.root = archiveRoot;
    this.cfg = new Configuration(Configuration.VERSION_2_3_34);
    try {
      cfg.setDirectoryForTemplateLoading(archiveRoot.resolve(EMIT_DIR).toFile());
    } catch (IOException e) {
      throw new IllegalStateException("no emit/ folder under " + archiveRoot, e);
    }
    cfg.setDefaultEncoding("UTF-8");
    cfg.setLocale(Locale.ROOT);
    cfg.setTimeZone(TimeZone.getTimeZone("UTC"));
    cfg.setNumberFormat("computer");
    cfg.setTemplateExceptionHandler(TemplateExceptionHandler.RETHROW_HANDLER);
    cfg.setLogTemplateExceptions(false);
    cfg.setWrapUncheckedExceptions(true);
    cfg.setFallbackOnNullLoopVariable(false);
  }

  /** One file the templates produce: archive-relative path and its content. */
  public record Output(String path, String template, String content) {}

  /**
   * Renders every template.
   *
   * @param quantities every computed quantity, in registry order
   * @param dataDigest SHA-256 identifying the data the quantities came from
   */
  public List<Output> render(List<Computed> quantities, String dataDigest) {
    return render(quantities, List.of(), dataDigest);
  }

  /**
   * Renders every template, with per-run rows for figure data.
   *
   * @param runs one map per ok run (campaign, condition, run, and the run's figures), in data order
   */
  public List<Output> render(List<Computed> quantities, List<Map<String, Object>> runs, String dataDigest) {
    return render(quantities, runs, List.of(), dataDigest);
  }

  /**
   * Renders every template, with per-run rows and the harness audit rows (LaTeX-escaped cells), without a data root.
   */
  public List<Output> render(List<Computed> quantities, List<Map<String, Object>> runs,
                             List<Map<String, Object>> audit, String dataDigest) {
    return render(null, quantities, runs, audit, Map.of(), dataDigest);
  }

  /**
   * Renders every template, with per-run rows, the harness audit rows, typed row sets by name and the typed
   * table rows ({@link TableRows}) of {@code data}, the data root the quantities were computed from (null: no
   * data-bound rows).
   */
  public List<Output> render(DataSet data, List<Computed> quantities, List<Map<String, Object>> runs,
                             List<Map<String, Object>> audit, Map<String, List<?>> rowSets, String dataDigest) {
    List<OriginalStudy.Claim> original = OriginalStudy.read(root);
    Map<String, Registration> registrations = new LinkedHashMap<>();
    for (Object o : rowSets.getOrDefault(REGISTRATIONS, List.of())) {
      registrations.put(((Registration) o).verdictKey(), (Registration) o);
    }
    Set<String> notTests = new HashSet<>();
    rowSets.getOrDefault(NOT_TESTS, List.of()).forEach(k -> notTests.add((String) k));
    TableRows rows = TableRows.of(data, quantities, original, registrations, notTests);
    // One model for every template: escaping each quantity's texts once, not once per template (issue #31: the
    // per-template rebuild was a fifth of a reproduction's CPU, 29 templates times every quantity's definition).
    Map<String, Object> model = model(quantities, runs, audit, rows, rowSets, dataDigest);
    model.put("originals", originals(original, quantities));
    label(model, VerdictLabels.read(root));
    List<Output> out = new ArrayList<>();
    for (String target : TARGETS) {
      Path dir = root.resolve(EMIT_DIR).resolve(target);
      if (!Files.isDirectory(dir)) {
        continue;
      }
      List<Path> templates;
      try (Stream<Path> s = Files.list(dir)) {
        templates = s.filter(p -> p.getFileName().toString().endsWith(".ftl")).sorted().toList();
      } catch (IOException e) {
        throw new IllegalStateException("cannot list " + dir, e);
      }
      for (Path t : templates) {
        String name = t.getFileName().toString();
        String templateName = target + "/" + name;
        String outName = target + "/generated/" + name.substring(0, name.length() - ".ftl".length());
        String content = render(templateName, model);
        TexLimits.check(outName, content);
        out.add(new Output(outName, EMIT_DIR + "/" + templateName, content));
      }
    }
    Output abstractText = plainAbstract(quantities, original);
    if (abstractText != null) {
      out.add(abstractText);
    }
    return out;
  }

  /**
   * The original study's figures that have a macro ({@code paper/original-study.csv}, column {@code macro}), for
   * {@code quantities.tex}: {@code macro}, {@code latex} (the figure as text-mode LaTeX), {@code claim} (for a comment)
   * and {@code line}.
   *
   * @throws ftl.data.io.DataException when a macro is also a registry macro's name or is given twice
   */
  static List<Map<String, Object>> originals(List<OriginalStudy.Claim> original, List<Computed> quantities) {
    Set<String> taken = new HashSet<>();
    for (Computed c : quantities) {
      taken.add(c.quantity().macro());
    }
    List<Map<String, Object>> out = new ArrayList<>();
    for (OriginalStudy.Claim c : original) {
      if (c.macro().isEmpty()) {
        continue;
      }
      if (!taken.add(c.macro())) {
        throw new DataException(OriginalStudy.FILE, c.line(), "macro \\" + c.macro()
            + " is already a registry quantity's or another row's", null);
      }
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("macro", c.macro());
      m.put("latex", LatexEscape.escape(c.original()));
      m.put("claim", LatexEscape.comment(c.claim()));
      m.put("line", c.line());
      out.add(m);
    }
    return out;
  }

  /** The plain-text abstract's source: prose whose numbers are registry macros ({@code \NegAckSpansModeA}). */
  public static final String ABSTRACT_SOURCE = "paper/abstract.txt";
  /** Where its plain text goes, every macro replaced by the quantity's printed text. */
  public static final String ABSTRACT_OUTPUT = "paper/generated/abstract.txt";
  private static final Pattern MACRO = Pattern.compile("\\\\([A-Za-z]+)(\\{\\})?");

  /**
   * The plain-text abstract a record page or README quotes: {@value #ABSTRACT_SOURCE} with each
   * {@code \Macro} replaced by its quantity's plain text (a macro of the original study's figures by that figure as
   * {@code paper/original-study.csv} prints it), after a GENERATED line. Null when there is no source.
   *
   * A quantity without a value prints as {@code [no data: key]}, as its LaTeX macro prints {@code \\ftlNoData}.
   *
   * @throws ftl.data.io.DataException naming the line of a macro that is no registry quantity
   */
  Output plainAbstract(List<Computed> quantities, List<OriginalStudy.Claim> original) {
    Path src = root.resolve(ABSTRACT_SOURCE);
    if (!Files.exists(src)) {
      return null;
    }
    Map<String, Computed> byMacro = new LinkedHashMap<>();
    for (Computed c : quantities) {
      byMacro.put(c.quantity().macro(), c);
    }
    Map<String, String> originalByMacro = new LinkedHashMap<>();
    for (OriginalStudy.Claim c : original) {
      if (!c.macro().isEmpty()) {
        originalByMacro.put(c.macro(), c.original());
      }
    }
    List<String> lines;
    try {
      lines = Files.readAllLines(src, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + src, e);
    }
    StringBuilder sb = new StringBuilder("% GENERATED from " + ABSTRACT_SOURCE
        + " (every number a registry quantity or a figure of " + OriginalStudy.FILE + ") — do not edit\n");
    for (int i = 0; i < lines.size(); i++) {
      Matcher m = MACRO.matcher(lines.get(i));
      StringBuilder line = new StringBuilder();
      while (m.find()) {
        Computed c = byMacro.get(m.group(1));
        String text;
        if (c != null) {
          text = c.available() ? c.text() : "[no data: " + c.quantity().key() + "]";
        } else if (originalByMacro.containsKey(m.group(1))) {
          text = originalByMacro.get(m.group(1));
        } else {
          throw new DataException(ABSTRACT_SOURCE, i + 1, "\\" + m.group(1)
              + " is not a registry macro nor one of " + OriginalStudy.FILE, null);
        }
        m.appendReplacement(line, Matcher.quoteReplacement(text));
      }
      m.appendTail(line);
      sb.append(line).append('\n');
    }
    return new Output(ABSTRACT_OUTPUT, ABSTRACT_SOURCE, sb.toString());
  }

  /** The row set naming the verdicts that are not registered tests ({@code Registry#notTests}, keys). */
  public static final String NOT_TESTS = "notTests";

  /**
   * The row set naming each verdict's registration ({@link ftl.data.registration.Registration}), by which verdicts get
   * their kind.
   */
  public static final String REGISTRATIONS = "registrations";

  /**
   * Each verdict's kind beside it ({@code kind}, {@code kindLatex}: confirmatory, exploratory with the date its rule
   * was set, or consistency check; a verdict nothing registers is exploratory), and the lists the verdict tables lay
   * out: {@code verdicts} (every verdict), {@code confirmatory} (the registered predictions and claims, held or not,
   * but for those of a confirmatory campaign, which {@code tab-confirm} lays out from
   * {@link TableRows.ClaimTables#confirm}) and {@code deviations} (every rule that replaced another after the data,
   * with the earlier rule and its verdict).
   */
  private static void verdicts(Map<String, Object> model, List<Map<String, Object>> qs, List<?> registrations,
                               List<?> notTests) {
    Set<Object> combined = notTests == null ? Set.of() : new HashSet<>(notTests);
    Map<String, Registration> regs = new LinkedHashMap<>();
    if (registrations != null) {
      for (Object o : registrations) {
        Registration r = (Registration) o;
        regs.put(r.verdictKey(), r);
      }
    }
    List<Map<String, Object>> all = new ArrayList<>();
    List<Map<String, Object>> confirmatory = new ArrayList<>();
    List<Map<String, Object>> deviations = new ArrayList<>();
    for (Map<String, Object> m : qs) {
      if (!Boolean.TRUE.equals(m.get("isVerdict"))) {
        continue;
      }
      Registration r = regs.get((String) m.get("key"));
      VerdictKind kind = r == null ? VerdictKind.EXPLORATORY : r.kind();
      m.put("kind", kind.word());
      boolean test = !combined.contains(m.get("key"));
      m.put("kindLatex", LatexEscape.escape(kindText(r)
          + (test ? "" : "; a combined claim or half of a band: not a test, never counted")));
      m.put("rule", r == null ? "not registered" : r.rule());
      m.put("ruleLatex", LatexEscape.escape(r == null ? "not registered" : r.rule()));
      m.put("replaces", r == null ? "" : r.replaces());
      m.put("campaignsLatex", LatexEscape.escape(r == null ? "" : String.join(", ", r.campaigns())));
      m.put("replacesLatex", LatexEscape.escape(r == null ? "" : r.replaces()));
      m.put("claim", r == null ? "" : r.claim());
      all.add(m);
      // the confirmatory campaign's own verdicts have their own table (tab-confirm, from TableRows.ClaimTables#confirm)
      // the table of registered tests: a combined claim or half a band is not a test (RegisteredTests)
      if (kind == VerdictKind.CONFIRMATORY && !ownTable(r) && !combined.contains(m.get("key"))) {
        confirmatory.add(m);
      }
      if (r != null && !r.replaces().isEmpty()) {
        deviations.add(m);
      }
    }
    model.put("verdicts", all);
    model.put("confirmatory", confirmatory);
    // the table's own tally, counted from the rows it lays out (issue #45: a count comes from what it counts)
    Map<String, Object> tally = new LinkedHashMap<>();
    tally.put("rows", confirmatory.size());
    for (String outcome : List.of("held", "didNotHold", "untestable")) {
      tally.put(outcome, confirmatory.stream().filter(m -> outcome.equals(m.get("outcome"))).count());
    }
    model.put("confirmatoryTally", tally);
    model.put("deviations", deviations);
  }

  /**
   * Gives every verdict of the model its row label, {@code labelLatex}: what it judges in words, its registration's
   * claim (a plan criterion's {@code claim}) or else its row of {@link VerdictLabels#FILE}; a verdict of another data
   * root that neither names is labelled by its definition. A table row prints the label, never the registry key (issue
   * #45); {@code VerdictLabelsTest} requires a claim or a label for every verdict of the archive's own data.
   */
  @SuppressWarnings("unchecked")
  static void label(Map<String, Object> model, Map<String, String> labels) {
    Map<String, String> words = new LinkedHashMap<>();
    for (Map<String, Object> m : (List<Map<String, Object>>) model.get("verdicts")) {
      String claim = (String) m.getOrDefault("claim", "");
      String label = !claim.isEmpty() ? claim : labels.get((String) m.get("key"));
      m.put("labelLatex", label != null ? LatexEscape.escape(label) : m.get("definitionLatex"));
      if (label != null) {
        words.put((String) m.get("key"), label);
      }
    }
    // a rule's text and the rule it replaced name other verdicts by key: the table prints each by its label instead
    for (Map<String, Object> m : (List<Map<String, Object>>) model.get("verdicts")) {
      if (m.containsKey("rule")) {
        m.put("ruleLatex", LatexEscape.escape(unkeyed((String) m.get("rule"), words)));
        m.put("replacesLatex", LatexEscape.escape(unkeyed((String) m.get("replaces"), words)));
      }
    }
  }

  /**
   * {@code text} with each verdict key of {@code labels} that it names (whole: not inside a longer key) replaced by its
   * label in quotes, the longest key first ({@code gridlaw.heldout.verdict.nojvm-quiet} before {@code ...nojvm}); issue
   * #45: no registry key is printed as prose.
   */
  static String unkeyed(String text, Map<String, String> labels) {
    List<String> keys = new ArrayList<>(labels.keySet());
    keys.sort(Comparator.comparingInt(String::length).reversed());
    String out = text;
    for (String k : keys) {
      out = Pattern.compile("(?<![\\w.-])" + Pattern.quote(k) + "(?![\\w-])")
          .matcher(out).replaceAll(Matcher.quoteReplacement("'" + labels.get(k) + "'"));
    }
    return out;
  }

  /** Whether a verdict belongs to a campaign with a table of its own: every campaign it judges is confirmatory. */
  static boolean ownTable(Registration r) {
    return !r.campaigns().isEmpty() && r.campaigns().stream().allMatch(TableRows::ownTable);
  }

  /** Longest basis the main text's table of registered predictions prints; the supplement prints every basis whole. */
  static final int SHORT_BASIS = 150;

  /**
   * A verdict's basis cut for the main text's table: whole when at most {@link #SHORT_BASIS} characters, otherwise cut
   * at the last space before that length (never inside a number or a word) and marked as cut.
   */
  static String shortened(String basis) {
    if (basis.length() <= SHORT_BASIS) {
      return basis;
    }
    int cut = basis.lastIndexOf(' ', SHORT_BASIS);
    return basis.substring(0, cut < 0 ? SHORT_BASIS : cut).stripTrailing() + " ... (whole in the supplement)";
  }

  /**
   * A verdict's kind as a table prints it: the word, and for an exploratory rule the UTC date and minute it was set.
   */
  static String kindText(Registration r) {
    if (r == null) {
      return "exploratory (not registered)";
    }
    if (r.kind() == VerdictKind.CONSISTENCY) {
      return "consistency check";
    }
    if (r.kind() == VerdictKind.EXPLORATORY && r.registeredAtMillis() >= 0) {
      return "exploratory (rule of " + Instant.ofEpochMilli(r.registeredAtMillis()).toString().substring(0, 16)
          .replace('T', ' ') + " UTC)";
    }
    return r.kind().word();
  }

  /**
   * What the templates read: each quantity by key and in order (with its texts escaped for LaTeX and for comments), the
   * verdict lists, the runs, the audit rows, the table rows and the row sets, the data digest and the archive's
   * version, and {@code tex}, plain text as text-mode LaTeX. Built once per rendering; each template gets a copy naming
   * it.
   */
  private static Map<String, Object> model(List<Computed> quantities, List<Map<String, Object>> runs,
                                           List<Map<String, Object>> audit, TableRows rows, Map<String,
                                           List<?>> rowSets,
                                           String dataDigest) {
    Map<String, Object> model = new LinkedHashMap<>();
    model.putAll(rowSets);
    List<Map<String, Object>> qs = new ArrayList<>();
    Map<String, Map<String, Object>> byKey = new LinkedHashMap<>();
    for (Computed c : quantities) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("key", c.quantity().key());
      m.put("macro", c.quantity().macro());
      m.put("latex", c.latex());
      m.put("text", c.text());
      m.put("available", c.available());
      m.put("isVerdict", c.quantity().format() == Format.VERDICT);
      if (c.value() instanceof Value.Real r) {
        m.put("number", r.value());
      } else if (c.value() instanceof Value.Count n) {
        m.put("number", n.count());
      }
      // A verdict's basis (the numbers that decided it, or why a claim is not testable here), for the verdict table.
      if (c.value() instanceof Value.Verdict v) {
        m.put("outcome", v.held() ? "held" : "didNotHold");
        m.put("basisLatex", LatexEscape.escape(v.basis()));
        m.put("basisShortLatex", LatexEscape.escape(shortened(v.basis())));
      } else if (c.value() instanceof Value.Untestable u) {
        m.put("outcome", "untestable");
        m.put("basisLatex", LatexEscape.escape(u.reason()));
        m.put("basisShortLatex", LatexEscape.escape(shortened(u.reason())));
      }
      // the key with a break allowed after each dot, for a narrow table column
      m.put("keyBreakLatex", LatexEscape.escape(c.quantity().key()).replace(".", ".\\allowbreak{}"));
      // Plain text for a % comment: no control character can end the comment early.
      m.put("definition", LatexEscape.comment(c.definition()));
      m.put("definitionLatex", LatexEscape.escape(c.definition()));
      m.put("unit", c.quantity().unit().symbol());
      m.put("function", c.quantity().function());
      m.put("functionLatex", LatexEscape.escape(c.quantity().function()));
      m.put("keyLatex", LatexEscape.escape(c.quantity().key()));
      // A table cell printing this quantity: the \ftlQuantity link ./ftl check-pdf traces (TableRows.Cell#linked).
      m.put("linked", TableRows.Cell.of(c).linked());
      qs.add(m);
      byKey.put(c.quantity().key(), m);
    }
    model.put("quantities", qs);
    model.put("q", byKey);
    verdicts(model, qs, rowSets.get(REGISTRATIONS), rowSets.get(NOT_TESTS));
    model.put("dataDigest", dataDigest);
    model.put("archiveVersion", ArchiveVersion.VERSION);
    model.put("runs", runs);
    model.put("audit", audit);
    model.put("rows", rows);
    model.put("fragility", fragility(rows, byKey));
    model.put("designs", designs(byKey));
    // tex(s): plain text (an identifier from a key, a cell) as text-mode LaTeX.
    model.put("tex", (TemplateMethodModelEx) args -> {
      if (args.size() != 1) {
        throw new TemplateModelException("tex takes one argument");
      }
      Object a = args.get(0);
      String text = a instanceof TemplateScalarModel t ? t.getAsString() : String.valueOf(a);
      return new SimpleScalar(LatexEscape.escape(text));
    });
    // csv(s): one RFC 4180 field, always quoted (a quote doubled), control characters as spaces, so a row is one line.
    model.put("csv", (TemplateMethodModelEx) args -> {
      if (args.size() != 1) {
        throw new TemplateModelException("csv takes one argument");
      }
      Object a = args.get(0);
      String text = a instanceof TemplateScalarModel t ? t.getAsString() : String.valueOf(a);
      return new SimpleScalar(csvField(text));
    });
    return model;
  }

  /** {@code s} as one quoted CSV field (RFC 4180): a quote doubled, every control character a space. */
  static String csvField(String s) {
    return "\"" + LatexEscape.comment(s).replace("\"", "\"\"") + "\"";
  }

  /** One template's output from the shared {@code model}, with {@code template} naming the template. */
  private String render(String templateName, Map<String, Object> shared) {
    Map<String, Object> model = new LinkedHashMap<>(shared);
    model.put("template", EMIT_DIR + "/" + templateName);
    try {
      Template t = cfg.getTemplate(templateName);
      StringWriter w = new StringWriter();
      t.process(model, w);
      return w.toString();
    } catch (IOException | TemplateException e) {
      throw new IllegalStateException("template " + EMIT_DIR + "/" + templateName + " failed: " + e.getMessage(), e);
    }
  }

  /** The campaigns whose interval rules the fragility table lists, with their rule rows. */
  private static List<Map.Entry<String, List<TableRows.ConfirmRow>>> fragilityCampaigns(TableRows rows) {
    return List.of(Map.entry("confirm", rows.claims().confirm()), Map.entry("setting", rows.claims().setting()),
        Map.entry("cluster", rows.claims().cluster()));
  }

  /**
   * The fragility table's rows (issue #59): per registered interval rule of the block campaigns that has
   * {@code fragility.<campaign>.<rule>.*} entries, its campaign, rule, registered verdict and those entries' models.
   */
  static List<Map<String, Object>> fragility(TableRows rows, Map<String, Map<String, Object>> byKey) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (Map.Entry<String, List<TableRows.ConfirmRow>> e : fragilityCampaigns(rows)) {
      for (TableRows.ConfirmRow r : e.getValue()) {
        String k = "fragility." + e.getKey() + "." + r.idLatex();
        if (byKey.containsKey(k + ".p")) {
          Map<String, Object> m = new LinkedHashMap<>();
          m.put("campaign", e.getKey());
          m.put("idLatex", r.idLatex());
          m.put("verdict", r.verdict().linked());
          for (String part : List.of("p", "pHolm", "pExact", "bootLower", "bootUpper")) {
            m.put(part, byKey.get(k + "." + part).get("linked"));
          }
          out.add(m);
        }
      }
    }
    return out;
  }

  /**
   * Each claim summary's summaries by run design, by summary key ({@code summary.<claim>}): {@code blocks} and
   * {@code serial} (their links) and {@code differ}, whether the two designs' summaries print differently.
   */
  static Map<String, Map<String, Object>> designs(Map<String, Map<String, Object>> byKey) {
    Map<String, Map<String, Object>> out = new LinkedHashMap<>();
    for (Map.Entry<String, Map<String, Object>> e : byKey.entrySet()) {
      Map<String, Object> blocks = byKey.get(e.getKey() + ".blocks");
      Map<String, Object> serial = byKey.get(e.getKey() + ".serial");
      if (e.getKey().startsWith("summary.") && blocks != null && serial != null) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("blocks", blocks.get("linked"));
        m.put("serial", serial.get("linked"));
        m.put("differ", !blocks.get("text").equals(serial.get("text")));
        out.put(e.getKey(), m);
      }
    }
    return out;
  }
}
