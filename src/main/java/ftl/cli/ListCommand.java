package ftl.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.util.RawValue;
import ftl.quantity.Analysis;
import ftl.quantity.Computed;
import ftl.quantity.Quantity;
import ftl.quantity.Registry;
import ftl.quantity.Value;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code ftl list [--json]}. */
@Command(name = "list", mixinStandardHelpOptions = true,
    description = {"Every quantity of the registry, computed from the data root.",
        "--json prints objects with key, value, text, macro, unit, definition, function, sources",
        "(the data files read), and reason when no value can be computed.",
        "Per-run summaries come from the cache in target/ftl-cache/ when the events file's bytes and the code",
        "are those they were computed from (--no-cache scans instead; ftl reproduce never reads the cache)."},
    footer = ExitCode.HELP_FOOTER)
public final class ListCommand implements Callable<Integer> {
  @ParentCommand Main main;

  @Option(names = "--json", description = "Print a JSON array instead of a table.")
  boolean json;

  @Option(names = "--no-cache", description = Registries.NO_CACHE_HELP)
  boolean noCache;

  @Override
  public Integer call() throws Exception {
    Analysis a = Registries.analysis(main, noCache);
    // every quantity is asked for: every campaign is read first, on every core
    List<Computed> computed = Computed.allAfterReading(() -> Registry.forData(a.data()).all(), a);
    if (json) {
      ObjectMapper om = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
          .disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
      // A scope's sources list is the same for each of its quantities: encoded once, written as raw JSON (the list is
      // printed on one line, so its text does not depend on where it stands). Output is unchanged.
      Map<Quantity.Scope, RawValue> sources = new java.util.EnumMap<>(Quantity.Scope.class);
      List<Map<String, Object>> out = new ArrayList<>();
      for (Computed c : computed) {
        Quantity q = c.quantity();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("key", q.key());
        m.put("value", c.value().json());
        m.put("text", c.available() ? c.text() : null);
        m.put("macro", "\\" + q.macro());
        m.put("unit", q.unit().symbol());
        m.put("definition", q.definition());
        m.put("function", q.function());
        m.put("sources", sources.computeIfAbsent(q.scope(), sc -> raw(om, a.sourceFiles(sc))));
        if (c.value() instanceof Value.Unavailable u) {
          m.put("reason", u.reason());
        }
        out.add(m);
      }
      // streamed to stdout, never held as one string: the sources lists make the output grow with the data
      java.io.BufferedOutputStream stdout = new java.io.BufferedOutputStream(System.out, 1 << 16);
      om.writeValue(stdout, out);
      stdout.write(System.lineSeparator().getBytes(java.nio.charset.StandardCharsets.US_ASCII));
      stdout.flush();
    } else {
      System.out.printf("%-28s %-22s %-20s %s%n", "key", "text", "macro", "definition");
      for (Computed c : computed) {
        System.out.printf("%-28s %-22s %-20s %s%n", c.quantity().key(), c.text(), "\\" + c.quantity().macro(),
            c.quantity().definition());
      }
    }
    return ExitCode.OK;
  }

  private static RawValue raw(ObjectMapper om, List<String> files) {
    try {
      // a SerializedString keeps its UTF-8 bytes: each of the thousands of copies is a byte copy, not an encoding
      return new RawValue(new com.fasterxml.jackson.core.io.SerializedString(om.writeValueAsString(files)));
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("a list of strings always serialises", e);
    }
  }
}
