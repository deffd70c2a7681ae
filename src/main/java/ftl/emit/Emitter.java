package ftl.emit;

import freemarker.template.Configuration;
import freemarker.template.Template;
import freemarker.template.TemplateException;
import freemarker.template.TemplateExceptionHandler;
import ftl.quantity.Computed;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TimeZone;
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

  /** Renders every template, with per-run rows and the harness audit rows (LaTeX-escaped cells). */
  public List<Output> render(List<Computed> quantities, List<Map<String, Object>> runs,
                             List<Map<String, Object>> audit, String dataDigest) {
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
        out.add(new Output(outName, EMIT_DIR + "/" + templateName, render(templateName, quantities, runs, audit, dataDigest)));
      }
    }
    return out;
  }

  /** The original study's figures, from {@code paper/original-study.csv} (empty when absent). */
  private List<Map<String, Object>> originalStudy() {
    Path f = root.resolve("paper/original-study.csv");
    List<Map<String, Object>> out = new ArrayList<>();
    if (!Files.exists(f)) {
      return out;
    }
    try (java.io.Reader r = Files.newBufferedReader(f, java.nio.charset.StandardCharsets.UTF_8)) {
      for (org.apache.commons.csv.CSVRecord rec : org.apache.commons.csv.CSVFormat.RFC4180.builder().setHeader()
          .setSkipHeaderRecord(true).setCommentMarker('#').get().parse(r)) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("claimLatex", ftl.quantity.LatexEscape.escape(rec.get("claim")));
        m.put("originalLatex", ftl.quantity.LatexEscape.escape(rec.get("original")));
        m.put("ourKey", rec.get("our_key"));
        m.put("noteLatex", ftl.quantity.LatexEscape.escape(rec.get("note")));
        out.add(m);
      }
    } catch (IOException | IllegalArgumentException | IllegalStateException e) {
      throw new ftl.data.DataException("paper/original-study.csv", 0, "not a valid CSV: " + e.getMessage(), e);
    }
    return out;
  }

  private String render(String templateName, List<Computed> quantities, List<Map<String, Object>> runs,
                        List<Map<String, Object>> audit, String dataDigest) {
    Map<String, Object> model = new LinkedHashMap<>();
    List<Map<String, Object>> qs = new ArrayList<>();
    Map<String, Map<String, Object>> byKey = new LinkedHashMap<>();
    for (Computed c : quantities) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("key", c.quantity().key());
      m.put("macro", c.quantity().macro());
      m.put("latex", c.latex());
      m.put("text", c.text());
      m.put("available", c.available());
      if (c.value() instanceof ftl.quantity.Value.Real r) {
        m.put("number", r.value());
      } else if (c.value() instanceof ftl.quantity.Value.Count n) {
        m.put("number", n.count());
      }
      m.put("definition", c.quantity().definition());
      m.put("definitionLatex", ftl.quantity.LatexEscape.escape(c.quantity().definition()));
      m.put("unit", c.quantity().unit().symbol());
      m.put("function", c.quantity().function());
      m.put("functionLatex", ftl.quantity.LatexEscape.escape(c.quantity().function()));
      m.put("keyLatex", ftl.quantity.LatexEscape.escape(c.quantity().key()));
      qs.add(m);
      byKey.put(c.quantity().key(), m);
    }
    model.put("quantities", qs);
    model.put("q", byKey);
    model.put("dataDigest", dataDigest);
    model.put("runs", runs);
    model.put("audit", audit);
    model.put("original", originalStudy());
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
}
