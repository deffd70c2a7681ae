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
        out.add(new Output(outName, EMIT_DIR + "/" + templateName, render(templateName, quantities, dataDigest)));
      }
    }
    return out;
  }

  private String render(String templateName, List<Computed> quantities, String dataDigest) {
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
