package ftl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The README is a newcomer's page (docs/architecture.md#conventions, item 19): it shows the current {@code ./ftl
 * --help} verbatim, stays within {@link ReadmeAndDocs#README_MAX_LINES} lines, links every page of {@code docs/}, and
 * every relative link of the README and of those pages (with its {@code #anchor}, GitHub's heading slug) leads
 * somewhere.
 */
class ReadmeTest {
  static final Path ROOT = Path.of("").toAbsolutePath();
  /** A Markdown inline link's target: {@code [text](target)}. */
  static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");

  @Test
  void readme_helpSection_equalsCurrentHelp() throws IOException {
    String readme = Files.readString(Path.of("README.md"));
    String begin = "<!-- BEGIN ftl --help (checked by ReadmeTest) -->\n```\n";
    String end = "```\n<!-- END ftl --help -->";
    int b = readme.indexOf(begin);
    int e = readme.indexOf(end);
    assertThat(b).as("README lacks the help section").isNotNegative();
    String shown = readme.substring(b + begin.length(), e);
    CliRunner.Result r = CliRunner.run("--help");
    assertThat(shown).as("README's ./ftl --help is stale; paste the current output").isEqualTo(r.out());
  }

  @Test
  void readme_lineCount_isWithinTheNewcomersBudget() throws IOException {
    List<String> lines = Files.readAllLines(ROOT.resolve("README.md"), StandardCharsets.UTF_8);
    assertThat(lines.size()).as("README.md lines (measurements, history and long notes belong in docs/)")
        .isLessThanOrEqualTo(ReadmeAndDocs.README_MAX_LINES);
  }

  @Test
  void readme_everyDocsPage_isLinked() throws IOException {
    Set<String> linked = new HashSet<>();
    for (String target : links(Files.readString(ROOT.resolve("README.md"), StandardCharsets.UTF_8))) {
      linked.add(target.replaceFirst("#.*", ""));
    }
    List<Path> docs = ReadmeAndDocs.docs(ROOT);
    assertThat(docs).as("docs/*.md").isNotEmpty();
    for (Path doc : docs) {
      assertThat(linked).as("the README links " + doc).contains(doc.toString());
    }
  }

  @Test
  void readmeAndDocs_relativeLinks_resolveToAFileAndHeading() throws IOException {
    List<String> broken = new ArrayList<>();
    for (Path file : ReadmeAndDocs.files(ROOT)) {
      for (String target : links(Files.readString(ROOT.resolve(file), StandardCharsets.UTF_8))) {
        if (target.matches("[a-z]+:.*")) {
          continue; // https:, mailto: — not the archive's
        }
        int hash = target.indexOf('#');
        String path = hash < 0 ? target : target.substring(0, hash);
        Path to = path.isEmpty() ? ROOT.resolve(file) : ROOT.resolve(file).getParent().resolve(path).normalize();
        if (!to.startsWith(ROOT) || !Files.exists(to)) {
          broken.add(file + ": " + target + " (no such file)");
        } else if (hash >= 0 && !slugs(Files.readString(to, StandardCharsets.UTF_8))
            .contains(target.substring(hash + 1))) {
          broken.add(file + ": " + target + " (no such heading)");
        }
      }
    }
    assertThat(broken).as("relative links of the README and docs/").isEmpty();
  }

  @Test
  void slugs_aHeadingWithPunctuation_isGitHubsAnchor() {
    assertThat(slugs("## The test suite's time: what was changed, and what was not\n### `./ftl --help`\n"))
        .containsExactlyInAnyOrder("the-test-suites-time-what-was-changed-and-what-was-not", "ftl---help");
  }

  static List<String> links(String markdown) {
    List<String> out = new ArrayList<>();
    Matcher m = LINK.matcher(markdown);
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }

  /** GitHub's anchors of a page's headings: lower case, punctuation but - and _ dropped, each space a -. */
  static Set<String> slugs(String markdown) {
    Set<String> out = new HashSet<>();
    boolean fenced = false;
    for (String line : markdown.split("\n", -1)) {
      if (line.startsWith("```")) {
        fenced = !fenced;
      } else if (!fenced && line.matches("#{1,6} .*")) {
        String text = line.replaceFirst("#{1,6} ", "").strip().toLowerCase(Locale.ROOT);
        out.add(text.replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-'));
      }
    }
    return out;
  }
}
