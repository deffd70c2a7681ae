package ftl;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.quantity.QuantityLayersTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The rooms of the archive (the packages under {@code ftl}) and which others each may use, as
 * {@code docs/architecture.md} ("Rooms") states them: the pure statistics use only the data's records, the analysis
 * (quantity) no instrument, the templates' emitter no verifier, and only the command line sees every room. Read from
 * the sources with comments and string literals removed ({@link QuantityLayersTest#code}): a class that names a package
 * of a room its own may not use ({@code ftl.harness.} in {@code ftl.quantity}) fails the test. The rooms inside
 * {@code ftl.data} and {@code ftl.quantity} have their own tests ({@code DataLayersTest}, {@code QuantityLayersTest}).
 */
class RoomsTest {
  static final Path MAIN = Path.of("src/main/java/ftl");

  /** Each room, and the rooms it may name. */
  static final Map<String, Set<String>> MAY_USE = Map.ofEntries(
      Map.entry("data", Set.of()),
      Map.entry("text", Set.of("data")),
      Map.entry("trust", Set.of()),
      Map.entry("stats", Set.of("data")),
      Map.entry("quantity", Set.of("data", "stats")),
      Map.entry("harness", Set.of("data", "emit", "stats", "text")),
      Map.entry("audit", Set.of("data", "stats", "text", "trust")),
      Map.entry("emit", Set.of("data", "quantity")),
      Map.entry("report", Set.of("data", "quantity", "stats", "text", "trust")),
      Map.entry("cache", Set.of("data", "quantity", "stats")),
      Map.entry("verify", Set.of("data", "emit", "quantity", "stats")),
      Map.entry("cli", Set.of("audit", "cache", "data", "emit", "harness", "quantity", "report", "stats", "text",
      "trust", "verify")));

  private static final Pattern ROOM = Pattern.compile("(?<![\\w.])ftl\\.([a-z]+)\\.");

  /** The rooms a source names that its room may not use, as {@code Class (room) names ftl.other}. */
  static List<String> crossings(String room, String className, String code) {
    Set<String> named = new TreeSet<>();
    Matcher m = ROOM.matcher(code);
    while (m.find()) {
      named.add(m.group(1));
    }
    List<String> out = new ArrayList<>();
    for (String other : named) {
      if (!other.equals(room) && !MAY_USE.get(room).contains(other)) {
        out.add(className + " (" + room + ") names ftl." + other);
      }
    }
    return out;
  }

  @Test
  void rooms_eachClass_namesOnlyRoomsItMayUse() throws IOException {
    Map<String, Integer> classes = new TreeMap<>();
    List<String> crossings = new ArrayList<>();
    try (Stream<Path> dirs = Files.list(MAIN)) {
      for (Path dir : dirs.filter(Files::isDirectory).sorted().toList()) {
        String room = dir.getFileName().toString();
        assertThat(MAY_USE).as("room ftl.%s is declared in RoomsTest and docs/architecture.md", room).containsKey(room);
        try (Stream<Path> files = Files.walk(dir)) {
          for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
            classes.merge(room, 1, Integer::sum);
            crossings.addAll(crossings(room, f.getFileName().toString().replace(".java", ""),
                QuantityLayersTest.code(Files.readString(f))));
          }
        }
      }
    }
    assertThat(classes).containsKeys("stats", "quantity", "harness", "cli");
    assertThat(crossings).isEmpty();
  }

  @Test
  void rooms_theCheck_seesACrossing() {
    // the analysis naming the instrument: found; the same name in a comment, a string or a longer package: not found
    String code = QuantityLayersTest.code("package ftl.quantity.section;\nimport ftl.harness.run.KafkaRun;\n"
        + "/** {@link ftl.harness.run.KafkaRun} */ class X { String f = \"ftl.harness.run.KafkaRun#createMismatches\"; "
        + "Object o = ftl.stats.Quantiles.class; Object p = org.ftl.cli.Main.class; }");
    assertThat(crossings("quantity", "X", code)).containsExactly("X (quantity) names ftl.harness");
    assertThat(crossings("stats", "Y", QuantityLayersTest.code("import ftl.quantity.core.Quantity;")))
        .containsExactly("Y (stats) names ftl.quantity");
  }
}
