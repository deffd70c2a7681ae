package ftl.data.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link StrictJson} gives the very tree of {@code ObjectMapper.readTree}, node classes included, on every text both
 * accept, the very syntax errors (with file:line), and refuses what readers would read differently: a repeated key,
 * content after the value, a number a double cannot hold. {@link JsonValue}'s accessors refuse what does not fit.
 */
class StrictJsonTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  /** A JSON text, named for the report. */
  record Text(String label, byte[] bytes) {
    @Override
    public String toString() {
      return label;
    }
  }

  static Text text(String label, String json) {
    return new Text(label, json.getBytes(StandardCharsets.UTF_8));
  }

  static Stream<Text> wellFormed() throws IOException {
    List<Text> out = new ArrayList<>();
    out.add(text("scalars of every kind",
        "{\"s\":\"x\\u00e9\\n\",\"i\":-7,\"l\":12345678901,\"big\":123456789012345678901234567890,"
        + "\"d\":0.1,\"e\":-1.5e-300,\"z\":-0.0,\"t\":true,\"f\":false,\"n\":null}"));
    out.add(text("nested arrays and objects", "[[],{},[1,[2,[3,{\"a\":[{}]}]]],{\"b\":{\"c\":{\"d\":[null]}}}]"));
    out.add(text("bare scalar", "  42  "));
    out.add(text("whitespace only", " \n\t "));
    out.add(text("int boundaries",
        "[2147483647,2147483648,-2147483648,-2147483649,9223372036854775807,9223372036854775808]"));
    for (Path dir : List.of(Path.of("data"), Path.of("src/test/resources"))) {
      try (Stream<Path> s = Files.walk(dir)) {
        for (Path p : s.filter(f -> f.toString().endsWith(".json") && !f.toString().contains("malformed")).sorted()
            .toList()) {
          out.add(new Text(p.toString(), Files.readAllBytes(p)));
        }
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("wellFormed")
  void read_wellFormed_givesObjectMappersTreeNodeForNode(Text t) throws IOException {
    JsonNode expected = MAPPER.readTree(t.bytes());
    JsonNode actual = StrictJson.parse(t.bytes(), "t.json").json();
    assertThat(actual).isEqualTo(expected);
    assertSameClasses(actual, expected, "$");
  }

  static Stream<Text> malformed() throws IOException {
    List<Text> out = new ArrayList<>();
    out.add(text("unclosed object", "{\"a\": 1,\n \"b\": [1, 2\n"));
    out.add(text("missing value", "{\"a\": }"));
    out.add(text("trailing comma", "{\"a\": 1,}"));
    out.add(text("bare word", "{\"a\": nope}"));
    out.add(text("unquoted key", "{a: 1}"));
    out.add(text("unclosed string", "[\"abc"));
    out.add(text("array closed as object", "[1, 2}"));
    try (Stream<Path> s = Files.list(Path.of("src/test/resources/ftl/data/malformed/plans"))) {
      for (Path p : s.sorted().toList()) {
        if (Files.size(p) > 0) {
          out.add(new Text(p.toString(), Files.readAllBytes(p)));
        }
      }
    }
    out.add(new Text("dictionaries/not-json.json",
        Files.readAllBytes(Path.of("src/test/resources/ftl/data/malformed/dictionaries/not-json.json"))));
    return out.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("malformed")
  void read_malformed_failsAsObjectMapperDoes(Text t) {
    JsonProcessingException expected = catchThrowableOfType(() -> MAPPER.readTree(t.bytes()),
        JsonProcessingException.class);
    if (expected == null) {
      return; // well-formed after all (e.g. an array plan): covered above
    }
    DataException actual = catchThrowableOfType(() -> StrictJson.parse(t.bytes(), "t.json"), DataException.class);
    assertThat(actual).as("StrictJson accepted what ObjectMapper refuses").isNotNull();
    // A stream constraint (nesting depth, number length) is reported without a location by both.
    assertThat(actual.line()).isEqualTo(expected.getLocation() == null ? 0
        : Math.max(0, expected.getLocation().getLineNr()));
    assertThat(actual.problem()).isEqualTo(Echo.clean("not valid JSON: " + Echo.of(expected.getOriginalMessage())));
  }

  /** A text every strict reader must refuse, the line and the words of the message. */
  record Hostile(String label, String json, long line, String message) {
    @Override
    public String toString() {
      return label;
    }
  }

  static Stream<Hostile> ambiguous() {
    return Stream.of(
        new Hostile("repeated key, last would win", "{\n\"tolerance\": 0.02,\n\"tolerance\": 1\n}", 3, "Duplicate"),
        new Hostile("repeated key in a nested object", "{\"p\": {\"a\": 1,\n \"b\": 2,\n \"a\": 3}}", 3, "appear once"),
        new Hostile("a second value after the first", "{\"a\": 1}\n{\"a\": 2}", 2,
        "content after the first JSON value"),
        new Hostile("stray characters after the value", "{\"a\": 1}\n\n]", 3, "content after the first JSON value"),
        new Hostile("a number above a double's range", "{\"p\":\n {\"tolerance\": 1e400}}", 2,
            "p.tolerance: the number 1e400 is out of the range of a double"),
        new Hostile("a negative number above the range", "[-1.5e309]", 1,
        "[0]: the number -1.5e309 is out of the range"),
        new Hostile("a non-zero number below a double's precision", "{\"t\": 1e-400}", 1, "is too small for a double"),
        new Hostile("the literal NaN", "{\"t\": NaN}", 1, "not valid JSON"),
        new Hostile("the literal Infinity", "{\"t\": Infinity}", 1, "not valid JSON"),
        new Hostile("a hexadecimal literal", "{\"t\": 0x1p-1}", 1, "not valid JSON"),
        new Hostile("a leading plus", "{\"t\": +1}", 1, "not valid JSON"),
        new Hostile("a comment", "{\"t\": 1 /* c */}", 1, "not valid JSON"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ambiguous")
  void parse_ambiguousOrUnrepresentable_refusedWithLine(Hostile h) {
    DataException e = catchThrowableOfType(() -> StrictJson.parse(h.json().getBytes(StandardCharsets.UTF_8), "p.json"),
        DataException.class);
    assertThat(e).as(h.label()).isNotNull();
    assertThat(e.line()).isEqualTo(h.line());
    assertThat(e.getMessage()).startsWith("p.json:" + h.line() + ": ").contains(h.message());
  }

  private static JsonValue doc(String json) {
    return StrictJson.parse(json.getBytes(StandardCharsets.UTF_8), "p.json");
  }

  /** An accessor applied to a value, the line and the words of its refusal. */
  record Misread(String label, String json, Function<JsonValue, Object> read, long line, String message) {
    @Override
    public String toString() {
      return label;
    }
  }

  static Stream<Misread> misreads() {
    String big = "1" + "0".repeat(30);
    return Stream.of(
        new Misread("tolerance as the string Infinity", "{\"p\": {\n \"tolerance\": \"Infinity\"}}",
            v -> v.path("p").path("tolerance").doubleIn(0, 1), 2,
            "p.tolerance: must be a number, not the string \"Infinity\""),
        new Misread("tolerance as the string NaN", "{\"tolerance\": \"NaN\"}",
            v -> v.path("tolerance").finiteDouble(), 1, "must be a number, not the string \"NaN\""),
        new Misread("a hexadecimal float in a string", "{\"tolerance\": \"0x1p-1\"}",
            v -> v.path("tolerance").optionalDoubleIn(0, 1), 1, "must be a number, not the string \"0x1p-1\""),
        new Misread("a fraction above one", "{\"share\":\n\n 1.5}", v -> v.path("share").doubleIn(0, 1), 3,
            "share: must be in [0, 1] (was 1.5)"),
        new Misread("an integer of 10^30 (would wrap)", "{\"size\": {\"phase_us\": " + big + "}}",
            v -> v.path("size").path("phase_us").longIn(0, 999), 1,
            "size.phase_us: must be an integer in [0, 999] (was " + big + ")"),
        new Misread("an integer above a long", "{\"n\": 9223372036854775808}",
            v -> v.path("n").longIn(Long.MIN_VALUE, Long.MAX_VALUE), 1, "must be an integer in"),
        new Misread("an integer out of its range", "{\"n\": -1}", v -> v.path("n").optionalLongIn(0, 10), 1,
            "n: must be an integer in [0, 10] (was -1)"),
        new Misread("a decimal where an integer is read", "{\"n\": 2.0}", v -> v.path("n").longIn(0, 10), 1,
            "must be an integer (was 2.0)"),
        new Misread("an exponent where an integer is read", "{\"n\": 2e0}", v -> v.path("n").longIn(0, 10), 1,
            "must be an integer"),
        new Misread("an integer too large for a double", "{\"x\": 1" + "0".repeat(400) + "}",
            v -> v.path("x").finiteDouble(), 1, "must be a finite number"),
        new Misread("a missing required number names the parent's line", "{\n\"p\": {\n}}",
            v -> v.path("p").path("t").finiteDouble(), 2, "p.t: must be a number (missing)"),
        new Misread("a word not in the list", "{\"cmp\": \"<<\"}", v -> v.path("cmp").word(List.of("<=", ">=")), 1,
            "cmp: must be one of <=, >= (was \"<<\")"),
        new Misread("a word that is a number", "{\"cmp\": 1}", v -> v.path("cmp").word(List.of("<=")), 1,
            "must be a string (was 1)"),
        new Misread("a boolean as a string", "{\"b\": \"true\"}", v -> v.path("b").bool(), 1, "must be true or false"),
        new Misread("an element of an array", "{\"a\": [1,\n 2,\n \"x\"]}", v -> v.path("a").at(2).finiteDouble(), 3,
            "a[2]: must be a number"),
        new Misread("an escape in a decoded string is echoed inert", "{\"cmp\": \"\\u001b[2J\"}",
            v -> v.path("cmp").word(List.of("<=")), 1, "(was \"\\x1b[2J\")"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("misreads")
  void accessor_valueNotOfItsType_refusedWithLineAndPath(Misread m) {
    DataException e = catchThrowableOfType(() -> m.read().apply(doc(m.json())), DataException.class);
    assertThat(e).as(m.label()).isNotNull();
    assertThat(e.line()).isEqualTo(m.line());
    assertThat(e.getMessage()).startsWith("p.json:" + m.line() + ": ").contains(m.message());
    assertThat(e.getMessage().chars().filter(c -> Echo.isControl((char) c))).isEmpty();
  }

  @Test
  void accessors_valuesOfTheirType_readExactly() {
    JsonValue v = doc("{\"t\": 0.02, \"i\": 200, \"l\": -9223372036854775808, \"w\": \"<=\", \"b\": false, \"n\": null,"
        + " \"a\": [1, 2.5], \"weird key\": 3}");
    assertThat(v.path("t").doubleIn(0, 1)).isEqualTo(0.02);
    assertThat(v.path("i").doubleIn(0, 1000)).isEqualTo(200.0);
    assertThat(v.path("i").intIn(0, 999)).isEqualTo(200);
    assertThat(v.path("l").longIn(Long.MIN_VALUE, 0)).isEqualTo(Long.MIN_VALUE);
    assertThat(v.path("w").word(Map.of("<=", 1, ">=", 2))).isEqualTo(1);
    assertThat(v.path("b").bool()).isFalse();
    assertThat(v.path("n").optionalDoubleIn(0, 1)).isEmpty();
    assertThat(v.path("absent").optionalLongIn(0, 1)).isEmpty();
    assertThat(v.path("absent").optionalText()).isEmpty();
    assertThat(v.path("a").elements()).hasSize(2);
    assertThat(v.path("a").at(1).finiteDouble()).isEqualTo(2.5);
    assertThat(v.members().keySet()).containsExactly("t", "i", "l", "w", "b", "n", "a", "weird key");
    assertThat(v.path("weird key").path()).isEqualTo("[\"weird key\"]");
    assertThat(v.path("a").at(1).path()).isEqualTo("a[1]");
  }

  private static void assertSameClasses(JsonNode a, JsonNode e, String path) {
    assertThat(a.getClass()).as(path).isEqualTo(e.getClass());
    if (e.isObject()) {
      Iterator<Map.Entry<String, JsonNode>> it = e.fields();
      while (it.hasNext()) {
        Map.Entry<String, JsonNode> f = it.next();
        assertSameClasses(a.get(f.getKey()), f.getValue(), path + "." + f.getKey());
      }
      assertThat(a.size()).isEqualTo(e.size());
      assertThat(iterator(a.fieldNames())).as(path + " key order").isEqualTo(iterator(e.fieldNames()));
    } else if (e.isArray()) {
      for (int i = 0; i < e.size(); i++) {
        assertSameClasses(a.get(i), e.get(i), path + "[" + i + "]");
      }
    }
  }

  private static List<String> iterator(Iterator<String> it) {
    List<String> out = new ArrayList<>();
    it.forEachRemaining(out::add);
    return out;
  }
}
