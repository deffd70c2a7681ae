package ftl.quantity;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The registry's packages depend one way: {@code ftl.quantity.core} (analysis, quantity, value, format, catalogue, and
 * the helpers every section shares) on none of the others, {@code ftl.quantity.section} (one class per campaign family)
 * on the core only, {@code ftl.quantity.verdict} on both, and {@code ftl.quantity} itself ({@code Registry},
 * {@code Sources}) on all. Read from the sources with comments and string literals removed: a class that names a class
 * of a layer above its own (by simple name or fully qualified) fails the test, so no cycle can form between the
 * packages; and a section that names another section fails it too, so what two sections share lives in the core, and
 * no section squats on another's helpers (issue #42).
 */
public class QuantityLayersTest {
  static final Path MAIN = Path.of("src/main/java/ftl/quantity");
  /** The layers, lowest first: a package may use the ones before it. */
  static final List<String> LAYERS = List.of("core", "section", "verdict", "");

  static Map<String, Integer> layerOfClass() throws IOException {
    Map<String, Integer> out = new LinkedHashMap<>();
    for (int i = 0; i < LAYERS.size(); i++) {
      Path dir = LAYERS.get(i).isEmpty() ? MAIN : MAIN.resolve(LAYERS.get(i));
      try (Stream<Path> s = Files.list(dir)) {
        for (Path p : s.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
          out.put(p.getFileName().toString().replace(".java", ""), i);
        }
      }
    }
    return out;
  }

  public static String code(String source) {
    String s = source.replaceAll("(?s)/\\*.*?\\*/", " ");
    s = s.replaceAll("//[^\n]*", " ");
    return s.replaceAll("\"(?:\\\\.|[^\"\\\\])*\"", "\"\"");
  }

  @Test
  void layers_eachPackage_namesNoClassOfALayerAboveIt() throws IOException {
    Map<String, Integer> layer = layerOfClass();
    assertThat(layer).containsKeys("Analysis", "ConfirmQuantities", "ClaimVerdicts", "Registry");
    List<String> upward = new ArrayList<>();
    for (Map.Entry<String, Integer> c : layer.entrySet()) {
      String dir = LAYERS.get(c.getValue());
      Path file = (dir.isEmpty() ? MAIN : MAIN.resolve(dir)).resolve(c.getKey() + ".java");
      String code = code(Files.readString(file));
      for (Map.Entry<String, Integer> other : layer.entrySet()) {
        if (other.getValue() > c.getValue()
            && Pattern.compile("(?<![\\w$])" + other.getKey() + "\\b").matcher(code).find()) {
          upward.add(c.getKey() + " (" + (dir.isEmpty() ? "ftl.quantity" : dir) + ") names " + other.getKey());
        }
      }
    }
    assertThat(upward).isEmpty();
  }

  /** The sibling sections a section's code names ({@code self} itself left out). */
  static List<String> siblingsNamed(String self, String code, Iterable<String> sections) {
    List<String> out = new ArrayList<>();
    for (String other : sections) {
      if (!other.equals(self) && Pattern.compile("(?<![\\w$])" + other + "\\b").matcher(code).find()) {
        out.add(other);
      }
    }
    return out;
  }

  @Test
  void layers_aSection_namesNoOtherSection() throws IOException {
    Map<String, Integer> layer = layerOfClass();
    int section = LAYERS.indexOf("section");
    List<String> sections = layer.entrySet().stream().filter(e -> e.getValue() == section).map(Map.Entry::getKey)
        .toList();
    assertThat(sections).contains("ConditionQuantities", "CampaignQuantities", "ConfirmQuantities");
    List<String> sideways = new ArrayList<>();
    for (String c : sections) {
      String code = code(Files.readString(MAIN.resolve("section").resolve(c + ".java")));
      for (String other : siblingsNamed(c, code, sections)) {
        sideways.add(c + " names " + other);
      }
    }
    assertThat(sideways).isEmpty();
  }

  @Test
  void layers_theSidewaysCheck_seesASiblingSection() {
    // the same reading on a section that calls another section's helper: found; in a comment or a string: not found
    List<String> sections = List.of("ExposureQuantities", "DisplacementQuantities");
    String calls =
        code("package ftl.quantity.section;\nclass ExposureQuantities { Object o = "
        + "DisplacementQuantities.crossover(a, c); }");
    assertThat(siblingsNamed("ExposureQuantities", calls, sections)).containsExactly("DisplacementQuantities");
    String mentions =
        code("package ftl.quantity.section;\n/** {@link DisplacementQuantities} */\nclass ExposureQuantities {"
        + " String s = \"DisplacementQuantities\"; }");
    assertThat(siblingsNamed("ExposureQuantities", mentions, sections)).isEmpty();
  }

  @Test
  void layers_theCheck_seesAnUpwardName() {
    // the same reading on a text that names a section from the core: found, so the test above can fail
    String core =
        code("package ftl.quantity.core;\n/** {@link ConfirmQuantities} */\nclass X { Object o = "
        + "ConfirmQuantities.class; }");
    assertThat(Pattern.compile("(?<![\\w$])ConfirmQuantities\\b").matcher(core).find()).isTrue();
    String commented =
        code("package ftl.quantity.core;\n/** {@link ConfirmQuantities} */\nclass X { String s = "
        + "\"ConfirmQuantities\"; }");
    assertThat(Pattern.compile("(?<![\\w$])ConfirmQuantities\\b").matcher(commented).find()).isFalse();
  }
}
