package ftl.quantity;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.quantity.core.Provenance;
import ftl.stats.SmoothLimit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A printed function ({@link ftl.quantity.core.Quantity#function()}) is derived from code, not typed: its class part is
 * read off a class literal ({@link Provenance#name}) or a method reference ({@link Provenance#nameOf}), so moving or
 * renaming a class cannot leave a stale name in the provenance table (issue #42; {@link ProvenanceResolvesTest} checks
 * the method part). The main sources are read with comments removed and strings kept: a string literal spelling
 * {@code pkg.Class#method} (or the prefix {@code pkg.Class#}) is refused, except where a class literal would break a
 * rule of its own, each such place listed below with its reason.
 */
class ProvenanceNamedByClassTest {
  private static final Pattern TYPED = Pattern.compile(
      "\"(?:[a-z][a-z0-9]*\\.)+[A-Z][A-Za-z0-9]*(?:\\.[A-Z][A-Za-z0-9]*)*#[A-Za-z0-9_$]*");

  /** The typed names kept, by file and literal, with why a class literal is not used there. */
  private static final Map<String, String> KEPT = Map.of(
      "ftl/quantity/section/ClockOffsetQuantities.java \"ftl.harness.run.KafkaRun#createMismatches",
      "the analysis does not import the instrument that took the data");

  /** The typed names in {@code source}, comments removed. */
  static List<String> typedNames(String source) {
    String s = source.replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("(?m)^\\s*//[^\n]*", " ");
    List<String> out = new ArrayList<>();
    Matcher m = TYPED.matcher(s);
    while (m.find()) {
      out.add(m.group());
    }
    return out;
  }

  @Test
  void name_nestedClass_isPrintedWithDots() {
    assertThat(Provenance.name(SmoothLimit.Sum.class, "retention")).isEqualTo("ftl.stats.SmoothLimit.Sum#retention");
    assertThat(Provenance.name(Registry.class, "ledgerCount")).isEqualTo("ftl.quantity.Registry#ledgerCount");
  }

  @Test
  void mainSources_typeNoProvenanceNameOutsideTheKeptOnes() throws IOException {
    Path main = Path.of("src/main/java");
    List<String> typed = new ArrayList<>();
    List<String> seen = new ArrayList<>();
    try (Stream<Path> s = Files.walk(main)) {
      for (Path p : s.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
        String file = main.relativize(p).toString().replace('\\', '/');
        for (String name : typedNames(Files.readString(p))) {
          String place = file + " " + name;
          (KEPT.containsKey(place) ? seen : typed).add(place);
        }
      }
    }
    assertThat(typed).isEmpty();
    // every kept place is still there (a stale entry here would hide a new typed name at the same place)
    assertThat(seen).containsAll(KEPT.keySet());
  }

  @Test
  void mainSources_theCheck_seesATypedName() {
    assertThat(typedNames("class X { String f = \"ftl.stats.Quantiles#median\"; }"))
        .containsExactly("\"ftl.stats.Quantiles#median");
    assertThat(typedNames("/** \"ftl.stats.Quantiles#median\" */ class X { String f = Provenance.name(Quantiles.class,"
        + " \"median\"); }")).isEmpty();
  }
}
