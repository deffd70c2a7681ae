package ftl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A document the code cites is in the repository (issue #57, item 1): twenty files once cited {@code DESIGN.md} and
 * {@code CONVENTIONS}, which were never committed. Every {@code *.md} named in the comments of {@code src/main} and
 * {@code src/test/java}, in the other sources of {@code src/main} (Python, shell, resources), in {@code pom.xml}, the
 * README and {@code docs/} must resolve to a file (from the archive's root or from the citing file's folder), and its
 * {@code #anchor}, when given, to a heading of it (GitHub's slug); a bare {@code DESIGN} or {@code CONVENTIONS} is a
 * citation of a document the repository lacks. Java string literals are left out (they name files of temporary
 * archives), and so are the fixtures of {@code src/test/resources} (other archives, labelled synthetic).
 */
class DocCitationsTest {
  static final Path ROOT = Path.of("").toAbsolutePath();
  /** A cited Markdown file, with its anchor: {@code docs/architecture.md#rooms}, {@code campaigns.md}. */
  static final Pattern MD = Pattern.compile("(?<![\\w./-])([\\w./-]*[\\w-]\\.md)(?:#([\\w-]+))?(?![\\w])");
  /** The two documents that were cited but never committed, named without their extension. */
  static final Pattern MISSING = Pattern.compile("(?<![\\w.])(DESIGN|CONVENTIONS)(?![\\w])");

  /** The comments of a Java source: its block and line comments, string and character literals left out. */
  static String comments(String java) {
    StringBuilder out = new StringBuilder();
    Matcher m = Pattern.compile("(?s)'(?:\\\\.|[^'\\\\])'|\"(?:\\\\.|[^\"\\\\])*\"|/\\*.*?\\*/|//[^\n]*").matcher(java);
    while (m.find()) {
      if (m.group().startsWith("/")) {
        out.append(m.group()).append('\n');
      }
    }
    return out.toString();
  }

  /** The citations in {@code text} (of {@code file}, relative to {@code root}) that lead nowhere, one line each. */
  static List<String> broken(Path root, Path file, String text) throws IOException {
    List<String> out = new ArrayList<>();
    Matcher m = MD.matcher(text);
    while (m.find()) {
      String ref = m.group(1);
      Path target = null;
      for (Path base : List.of(root, root.resolve(file).getParent())) {
        Path t = base.resolve(ref.startsWith("/") ? ref.substring(1) : ref).normalize();
        if (target == null && t.startsWith(root) && Files.isRegularFile(t)) {
          target = t;
        }
      }
      if (target == null) {
        out.add(file + ": " + ref + " (no such file in the repository)");
      } else if (m.group(2) != null
          && !ReadmeTest.slugs(Files.readString(target, StandardCharsets.UTF_8)).contains(m.group(2))) {
        out.add(file + ": " + ref + "#" + m.group(2) + " (no such heading)");
      }
    }
    Matcher d = MISSING.matcher(text);
    while (d.find()) {
      out.add(file + ": " + d.group(1) + " (a document the repository lacks; cite docs/architecture.md)");
    }
    return out;
  }

  /** The files whose citations are checked, relative to {@code root}. */
  static List<Path> cited(Path root) throws IOException {
    List<Path> out = new ArrayList<>(List.of(Path.of("README.md"), Path.of("pom.xml")));
    for (String dir : List.of("docs", "src/main", "src/test/java")) {
      try (Stream<Path> s = Files.walk(root.resolve(dir))) {
        s.filter(Files::isRegularFile).filter(p -> p.toString().matches(".*\\.(java|md|py|sh|json|xml|txt|properties)"))
            .map(root::relativize).sorted().forEach(out::add);
      }
    }
    // this test's own comments name the two missing documents and a relative link, as its examples
    out.remove(Path.of("src/test/java/ftl/cli/DocCitationsTest.java"));
    return out;
  }

  @Test
  void citations_inTheArchive_leadToAFileAndHeadingItHolds() throws IOException {
    List<Path> files = cited(ROOT);
    assertThat(files).contains(Path.of("docs/architecture.md"), Path.of("src/main/java/ftl/stats/GridLaw.java"));
    List<String> broken = new ArrayList<>();
    for (Path f : files) {
      String text = Files.readString(ROOT.resolve(f), StandardCharsets.UTF_8);
      broken.addAll(broken(ROOT, f, f.toString().endsWith(".java") ? comments(text) : text));
    }
    assertThat(broken).as("citations of documents").isEmpty();
  }

  @Test
  void citations_theCheck_seesAMissingDocumentAndAnchor() throws IOException {
    Path f = Path.of("src/main/java/ftl/stats/GridLaw.java");
    String java =
        "/** The grid law (DESIGN.md, \"grid law\"); style (CONVENTIONS 19); see docs/architecture.md#no-such-"
        + "heading and docs/architecture.md#vocabulary. */ class X { String s = \"docs/x.md\"; }";
    assertThat(broken(ROOT, f, comments(java))).containsExactly(
        "src/main/java/ftl/stats/GridLaw.java: DESIGN.md (no such file in the repository)",
        "src/main/java/ftl/stats/GridLaw.java: docs/architecture.md#no-such-heading (no such heading)",
        "src/main/java/ftl/stats/GridLaw.java: DESIGN (a document the repository lacks; cite docs/architecture.md)",
        "src/main/java/ftl/stats/GridLaw.java: CONVENTIONS (a document the repository lacks; cite "
        + "docs/architecture.md)");
    // relative to the citing file's folder, as the pages of docs/ link each other
    assertThat(broken(ROOT, Path.of("docs/campaigns.md"), "see verdicts.md and ../README.md")).isEmpty();
    assertThat(broken(ROOT, f, "String DESIGNS = SETTING_DESIGNS; a DESIGN_X")).isEmpty();
  }
}
