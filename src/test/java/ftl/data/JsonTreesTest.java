package ftl.data;

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
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@link JsonTrees} gives the very tree, node classes included, and the very errors of {@code ObjectMapper.readTree}. */
class JsonTreesTest {
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
    out.add(text("scalars of every kind", "{\"s\":\"x\\u00e9\\n\",\"i\":-7,\"l\":12345678901,\"big\":123456789012345678901234567890,"
        + "\"d\":0.1,\"e\":-1.5e-300,\"z\":-0.0,\"t\":true,\"f\":false,\"n\":null}"));
    out.add(text("nested arrays and objects", "[[],{},[1,[2,[3,{\"a\":[{}]}]]],{\"b\":{\"c\":{\"d\":[null]}}}]"));
    out.add(text("repeated key keeps the last", "{\"a\":1,\"a\":{\"x\":2},\"b\":3,\"a\":[4]}"));
    out.add(text("content after the first value is not read", "{\"a\":1} {\"b\":"));
    out.add(text("bare scalar", "  42  "));
    out.add(text("whitespace only", " \n\t "));
    out.add(text("int boundaries", "[2147483647,2147483648,-2147483648,-2147483649,9223372036854775807,9223372036854775808]"));
    for (Path dir : List.of(Path.of("data"), Path.of("src/test/resources"))) {
      try (Stream<Path> s = Files.walk(dir)) {
        for (Path p : s.filter(f -> f.toString().endsWith(".json") && !f.toString().contains("malformed")).sorted().toList()) {
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
    JsonNode actual = JsonTrees.read(t.bytes());
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
    JsonProcessingException expected = catchThrowableOfType(() -> MAPPER.readTree(t.bytes()), JsonProcessingException.class);
    if (expected == null) {
      return; // well-formed after all (e.g. an array plan): covered above
    }
    JsonProcessingException actual = catchThrowableOfType(() -> JsonTrees.read(t.bytes()), JsonProcessingException.class);
    assertThat(actual).as("JsonTrees accepted what ObjectMapper refuses").isNotNull();
    // A stream constraint (nesting depth, number length) is reported without a location by both.
    assertThat(actual.getLocation() == null ? -1 : actual.getLocation().getLineNr())
        .isEqualTo(expected.getLocation() == null ? -1 : expected.getLocation().getLineNr());
    assertThat(actual.getOriginalMessage()).isEqualTo(expected.getOriginalMessage());
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
