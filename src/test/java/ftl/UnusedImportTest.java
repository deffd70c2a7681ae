package ftl;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No source file imports a name it does not use. javac does not say so and no linter of the build does: inline
 * qualified names became imports in one sweep (issue 42), and an import left behind by a later change names a
 * dependency the file no longer has. A name counts as used anywhere outside the import lines and string literals,
 * comments included, since a javadoc {@code {@link}} resolves through the imports.
 */
class UnusedImportTest {
  private static final Pattern IMPORT = Pattern.compile("(?m)^import (?:static )?([\\w.]+)\\.(\\w+);\\n");

  /** The imports of {@code source} whose simple name does not occur in it otherwise. */
  static List<String> unused(String source) {
    String rest = IMPORT.matcher(source).replaceAll("").replaceAll("\"(?:\\\\.|[^\"\\\\\\n])*\"", "\"\"");
    List<String> out = new ArrayList<>();
    Matcher m = IMPORT.matcher(source);
    while (m.find()) {
      if (!Pattern.compile("(?<![\\w$])" + Pattern.quote(m.group(2)) + "\\b").matcher(rest).find()) {
        out.add(m.group(1) + "." + m.group(2));
      }
    }
    return out;
  }

  @Test
  void sources_everyImport_isUsed() throws IOException {
    List<String> found = new ArrayList<>();
    for (String root : List.of("src/main", "src/test")) {
      try (Stream<Path> s = Files.walk(Path.of(root))) {
        // src/main/omb: the OMB driver that took the committed OMB runs, kept byte for byte as it ran
        for (Path p : s.filter(p -> p.toString().endsWith(".java") && !p.startsWith("src/main/omb")).sorted()
            .toList()) {
          unused(Files.readString(p)).forEach(i -> found.add(p + ": " + i));
        }
      }
    }
    assertThat(found).isEmpty();
  }

  @Test
  void unused_aNameOnlyInAString_isUnused() {
    String source =
        "package x;\n\nimport java.util.List;\nimport java.util.Map;\nimport static java.util.Objects.hash;\n"
        + "/** {@link Map} */\nclass X { String s = \"List\"; int h = hash(1); }\n";
    assertThat(unused(source)).containsExactly("java.util.List");
  }
}
