package ftl.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import ftl.data.io.Echo;
import ftl.data.registration.Registration;
import ftl.data.registration.RegistrationTable;
import ftl.data.registration.VerdictKind;
import ftl.quantity.Registry;
import ftl.quantity.Sources;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.Computed;
import ftl.quantity.core.Format;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.Value;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code ftl list [--json]}. */
@Command(name = "list", mixinStandardHelpOptions = true,
    description = {"Every quantity of the registry, computed from the data root.",
        "--json prints objects with key, value, text, macro, unit, definition, function, declaredBy (the method",
        "declaring the quantity), sources (the data files read), and reason when no value can be computed.",
        "Per-run summaries come from the cache in target/ftl-cache/ when the events file's bytes and the code",
        "are those they were computed from (--no-cache scans instead; ftl reproduce never reads the cache).",
        "A folder of the archive's data/ that its catalogue of campaigns does not declare is named in a warning",
        "and not read: it adds nothing to any quantity (check does the same)."},
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
    Registry[] registry = new Registry[1];
    List<Computed> computed = Computed.allAfterReading(() -> (registry[0] = Registry.forData(a.data())).all(), a);
    if (json) {
      // streamed to stdout, never held as one string: the sources lists make the output grow with the data
      // JSON escapes every control itself (TERMINAL_SAFE): written past the terminal filter, unscanned
      BufferedOutputStream stdout = new BufferedOutputStream(TerminalStream.raw(System.out), 1 << 16);
      writeJson(computed, q -> Sources.of(a, q), registry[0]::registration, stdout);
      stdout.write(System.lineSeparator().getBytes(StandardCharsets.US_ASCII));
      stdout.flush();
    } else {
      System.out.printf("%-28s %-22s %-20s %s%n", "key", "text", "macro", "definition");
      for (Computed c : computed) {
        System.out.printf("%-28s %-22s %-20s %s%n", c.quantity().key(), c.text(), "\\" + c.quantity().macro(),
            c.definition());
      }
    }
    return ExitCode.OK;
  }

  /**
   * The JSON array of {@code list --json}: one object per quantity, fields in a fixed order. A sources list shared by
   * quantities (the same list) is encoded once, written as raw JSON (the list is printed on one line, so its text
   * does not depend on where it stands). Written through the streaming generator with the pretty printer ObjectMapper's
   * INDENT_OUTPUT uses, field by field, rather than as maps through databind's serializers: the same bytes
   * ({@code ListJsonTest}), without the serializers' cold start. {@code out} is flushed, not closed.
   */
  static void writeJson(List<Computed> computed, Function<Quantity, List<String>> sourceFiles,
                        OutputStream out) throws IOException {
    writeJson(computed, sourceFiles, key -> Optional.empty(), out);
  }

  /**
   * As {@link #writeJson(List, java.util.function.Function, java.io.OutputStream)}, a verdict's object also giving its
   * {@code kind} (confirmatory, exploratory or consistency) and what {@code registered} its criterion: a commit and its
   * time, or the plan's digest; a verdict nothing registers is exploratory.
   */
  static void writeJson(List<Computed> computed, Function<Quantity, List<String>> sourceFiles,
                        Function<String, Optional<Registration>> registrations,
                        OutputStream out) throws IOException {
    ObjectMapper om = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
        .disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
    om.getFactory().setCharacterEscapes(TERMINAL_SAFE);
    // a sources list shared by many quantities (the same instance) is encoded once
    Map<List<String>, SerializedString> sources = new IdentityHashMap<>();
    try (JsonGenerator g = om.getFactory().createGenerator(out)) {
      g.setPrettyPrinter(new DefaultPrettyPrinter());
      g.writeStartArray();
      for (Computed c : computed) {
        Quantity q = c.quantity();
        g.writeStartObject();
        g.writeStringField("key", q.key());
        g.writeFieldName("value");
        writeValue(g, c.value().json());
        g.writeFieldName("text");
        writeValue(g, c.available() ? c.text() : null);
        g.writeStringField("macro", "\\" + q.macro());
        g.writeStringField("unit", q.unit().symbol());
        g.writeStringField("definition", c.definition());
        g.writeStringField("function", q.function());
        g.writeStringField("declaredBy", q.declaredBy());
        if (q.format() == Format.VERDICT) {
          Optional<Registration> reg = registrations.apply(q.key());
          g.writeStringField("kind", reg.map(r -> r.kind().word()).orElse(VerdictKind.EXPLORATORY.word()));
          g.writeStringField("registered", reg.map(ListCommand::registered).orElse(NOT_REGISTERED));
        }
        g.writeFieldName("sources");
        g.writeRawValue(sources.computeIfAbsent(sourceFiles.apply(q), files -> raw(om, files)));
        if (c.value() instanceof Value.Unavailable u) {
          g.writeStringField("reason", u.reason());
        }
        g.writeEndObject();
      }
      g.writeEndArray();
    }
    out.flush();
  }

  /** What {@code registered} says of a verdict nothing registers. */
  static final String NOT_REGISTERED = "not registered: no row in data/" + RegistrationTable.FILE
      + " and no criterion of a plan";

  /** What {@code registered} says of a registration: what fixed the rule, when, and the data's first run. */
  static String registered(Registration r) {
    return r.registeredBy() + (r.registeredAtMillis() < 0 ? "" : " at " + Instant.ofEpochMilli(r.registeredAtMillis()))
        + (r.dataFromMillis() < 0 ? "" : "; first run judged " + Instant.ofEpochMilli(r.dataFromMillis()));
  }

  /**
   * JSON's own escapes (C0 controls, quote, backslash) and, beyond them, every other control {@link
   * ftl.data.io.Echo#isControl} names (DEL, C1, the Unicode separators, the bidirectional marks) as {@code \\uXXXX}:
   * the same JSON to a parser, and nothing in it can drive a terminal. Text without such a character is written as
   * before, byte for byte.
   */
  static final CharacterEscapes TERMINAL_SAFE = new CharacterEscapes() {
    private static final long serialVersionUID = 1L;
    private final int[] ascii = ascii();

    private static int[] ascii() {
      int[] a = standardAsciiEscapesForJSON();
      a[0x7f] = ESCAPE_STANDARD;
      return a;
    }

    @Override
    public int[] getEscapeCodesForAscii() {
      return ascii;
    }

    @Override
    public SerializableString getEscapeSequence(int ch) {
      return ch <= 0xffff && Echo.isControl((char) ch)
          ? new SerializedString(String.format(Locale.ROOT, "\\u%04x", ch)) : null;
    }
  };

  private static SerializedString raw(ObjectMapper om, List<String> files) {
    try {
      // a SerializedString keeps its UTF-8 bytes: each of the thousands of copies is a byte copy, not an encoding
      return new SerializedString(om.writeValueAsString(files));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a list of strings always serialises", e);
    }
  }

  /**
   * A value of {@link Value#json()} (a long, a double, a two-element array, a boolean, a string, or null), or a text.
   */
  private static void writeValue(JsonGenerator g, Object v) throws IOException {
    if (v == null) {
      g.writeNull();
    } else if (v instanceof Long n) {
      g.writeNumber(n);
    } else if (v instanceof Double d) {
      g.writeNumber(d);
    } else if (v instanceof Boolean b) {
      g.writeBoolean(b);
    } else if (v instanceof String t) {
      g.writeString(t);
    } else if (v instanceof double[] d) {
      g.writeArray(d, 0, d.length);
    } else {
      throw new IllegalStateException("not a JSON value of a quantity: " + v.getClass().getName());
    }
  }
}
