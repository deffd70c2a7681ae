package ftl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.verify.TempArchive;
import ftl.verify.TexLive;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's examples, and those of the pages of {@code docs/} it links, work as written: every command of their
 * {@code ```sh} blocks is run, in order (the README first, then {@code docs/*.md} by name), in a copy of the archive
 * (its git-visible files, so nothing here is changed), and must exit 0; a command shown again in a later block or
 * page is run once, where it is first shown. {@code ./ftl ...}
 * runs in this JVM exactly as the launcher runs it ({@code ftl.cli.Main --root <archive> ...}); anything else
 * runs in bash. The one placeholder path of a runnable command, {@code /path/to/another/data-root}, is replaced by the
 * synthetic data set {@code small}. Skipped, each with its reason: commands that need a Kafka broker,
 * {@code mvn verify}, which is this test suite, the benchmarks, and, when latexmk is not on the PATH, those that need
 * TeX Live or the PDFs it builds (with TeX, the PDFs are built in the copy and checked there).
 */
@Tag("slow") // whole pipeline, PDFs or many CLI runs: left out of the quick loop (mvn -Pquick test)
class ReadmeCommandsTest {
  static final Path SMALL = Path.of("src/test/resources/ftl/quantity/small").toAbsolutePath();

  /** A command shown in {@code file} (the README or a page of docs/), and why it is not run here (null: it is run). */
  record Shown(String file, String line, String skip) {}

  /** The commands of the README, then of every {@code docs/*.md} by name, in the order shown. */
  static List<Shown> commands(Path root) throws IOException {
    List<Shown> out = new ArrayList<>();
    for (Path f : ReadmeAndDocs.files(root)) {
      out.addAll(commands(f.toString(), Files.readString(root.resolve(f), StandardCharsets.UTF_8)));
    }
    return out;
  }

  static List<Shown> commands(String file, String readme) {
    List<Shown> out = new ArrayList<>();
    boolean inSh = false;
    for (String raw : readme.split("\n", -1)) {
      if (!inSh) {
        inSh = raw.strip().equals("```sh");
        continue;
      }
      if (raw.strip().equals("```")) {
        inSh = false;
        continue;
      }
      String line = stripComment(raw).strip();
      if (line.isEmpty()) {
        continue;
      }
      out.add(new Shown(file, line, skipReason(line, TexLive.installed())));
    }
    return out;
  }

  static String skipReason(String line, boolean tex) {
    if (line.startsWith("mvn ")) {
      return "the test suite itself (mvn verify runs this test)";
    }
    if (line.startsWith("src/main/sh/growth-benchmark.sh")) {
      return "a benchmark of several minutes that builds a grown data root (issue #15: benchmarks, not timed tests);"
          + " run it by hand on a quiet machine";
    }
    if (line.startsWith("src/main/sh/startup-benchmark.sh")) {
      return "a benchmark of a few minutes that times the launcher many times (issue #15: benchmarks, not timed"
          + " tests); run it by hand on a quiet machine";
    }
    if (line.startsWith("src/main/sh/verify-benchmark.sh")) {
      return "a benchmark of mvn verify on fresh clones, several minutes each (issue #31: benchmarks, not timed"
          + " tests), and this test is part of what it times; run it by hand on a quiet machine";
    }
    if (line.startsWith("src/main/sh/report-benchmark.sh")) {
      return "a benchmark of a few minutes that times ftl report on the largest campaign against zcat (issue #56:"
          + " benchmarks, not timed tests); run it by hand on a quiet machine";
    }
    if (line.startsWith("./ftl campaign") || line.startsWith("./ftl broker")) {
      return "starts a broker or server (HarnessIT, RabbitMqIT and NatsIT run the instrument on real ones)";
    }
    if (!tex && (line.contains("build-pdfs.sh") || line.startsWith("./ftl check-pdf"))) {
      return "needs TeX Live (latexmk, pdflatex are not on the PATH) and the PDFs it builds; .ci/run installs it,"
          + " builds the PDFs, then runs ./ftl check-pdf on all three";
    }
    return null;
  }

  /** Drops a trailing shell comment: a # after white space, outside quotes. */
  static String stripComment(String line) {
    boolean single = false;
    boolean dbl = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (c == '\'' && !dbl) {
        single = !single;
      } else if (c == '"' && !single) {
        dbl = !dbl;
      } else if (c == '#' && !single && !dbl && (i == 0 || Character.isWhitespace(line.charAt(i - 1)))) {
        return line.substring(0, i);
      }
    }
    return line;
  }

  /** Splits a command line into words as a POSIX shell does for plain words and '...' or "..." quoting. */
  static List<String> words(String line) {
    List<String> out = new ArrayList<>();
    StringBuilder w = new StringBuilder();
    boolean in = false;
    char quote = 0;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        } else {
          w.append(c);
        }
      } else if (c == '\'' || c == '"') {
        quote = c;
        in = true;
      } else if (Character.isWhitespace(c)) {
        if (in) {
          out.add(w.toString());
          w.setLength(0);
          in = false;
        }
      } else {
        w.append(c);
        in = true;
      }
    }
    if (in) {
      out.add(w.toString());
    }
    return out;
  }

  @Test
  void commands_parsedFromTheReadme_includeTheExamples() throws IOException {
    List<Shown> shown = commands("README.md", Files.readString(Path.of("README.md"), StandardCharsets.UTF_8));
    assertThat(shown).extracting(Shown::line).contains("./ftl check \"62,264\"", "./ftl reproduce --check",
        "./ftl check-pdf paper/paper.pdf", "./ftl --version");
    assertThat(words("./ftl check '\\NegAckSpans'")).containsExactly("./ftl", "check", "\\NegAckSpans");
    assertThat(stripComment("./ftl reproduce   # the main job")).isEqualTo("./ftl reproduce   ");
  }

  @Test
  void commands_parsedFromTheDocs_includeTheirExamplesAfterTheReadmes() throws IOException {
    Path root = Path.of("").toAbsolutePath();
    List<Shown> shown = commands(root);
    assertThat(ReadmeAndDocs.docs(root)).as("docs/ pages the README links").isNotEmpty();
    assertThat(shown.get(0).file()).isEqualTo("README.md");
    assertThat(shown).filteredOn(s -> s.file().equals("docs/campaigns.md")).extracting(Shown::line)
        .contains("./ftl replay-schedule src/test/resources/ftl/harness/replay/two-periods.json --mean-gap 500us",
            "python3 src/main/python/confirm_calibration.py");
    assertThat(shown).filteredOn(s -> s.file().equals("docs/performance.md")).extracting(Shown::line)
        .anyMatch(l -> l.startsWith("src/main/sh/growth-benchmark.sh"))
        .allMatch(l -> skipReason(l, true) != null);
    assertThat(shown).filteredOn(s -> s.file().startsWith("docs/") && s.skip() == null).as("runnable docs/ commands")
        .isNotEmpty();
  }

  @Test
  void readmeAndDocs_everyCommandShown_exitsZero(@TempDir Path tmp) throws IOException, InterruptedException {
    Path root = Path.of("").toAbsolutePath();
    Path copy = tmp.resolve("archive");
    for (String f : gitFiles(root)) {
      Path to = copy.resolve(f);
      Files.createDirectories(to.getParent());
      Files.copy(root.resolve(f), to);
    }
    TempArchive.git(copy, "init", "-q");
    List<Shown> shown = commands(root);
    List<String> failures = new ArrayList<>();
    Set<String> done = new HashSet<>();
    int ran = 0;
    for (Shown s : shown) {
      if (s.skip() != null) {
        System.out.println(s.file() + ": skipped " + s.line() + " (" + s.skip() + ")");
        continue;
      }
      if (!done.add(s.line())) {
        // the same command shown in a second place (./ftl reproduce, a full recomputation: issue #31) is run once
        System.out.println(s.file() + ": shown again " + s.line() + " (ran above)");
        continue;
      }
      String line = s.line().replace("/path/to/another/data-root", SMALL.toString());
      int code;
      String output;
      long started = System.nanoTime();
      if (line.startsWith("./ftl ")) {
        List<String> args = new ArrayList<>(List.of("--root", copy.toString()));
        String previous = "";
        for (String w : words(line).subList(1, words(line).size())) {
          // a file named relative to the archive (e.g. paper/paper.pdf, built in the copy) is the copy's file: the
          // in-process CLI would otherwise resolve it against this JVM's working directory; so is a file to write
          // (--out FILE), which does not exist yet
          Path inCopy = w.startsWith("-") ? null : copy.resolve(w);
          boolean written = previous.equals("--out") && !Path.of(w).isAbsolute();
          args.add(inCopy != null && (written || Files.exists(inCopy)) ? inCopy.toString() : w);
          previous = w;
        }
        CliRunner.Result r = CliRunner.run(args.toArray(String[]::new));
        code = r.code();
        output = r.out() + r.err();
      } else {
        Process p = new ProcessBuilder("bash", "-c", line).directory(copy.toFile()).redirectErrorStream(true).start();
        output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(5, TimeUnit.MINUTES);
        code = p.exitValue();
      }
      ran++;
      System.out.printf(Locale.ROOT, "%s: ran %s -> exit %d (%.1f s)%n", s.file(), s.line(), code,
          (System.nanoTime() - started) / 1e9);
      if (code != 0) {
        failures.add(s.file() + ": " + s.line() + " exited " + code + ":\n" + output);
      }
    }
    assertThat(failures).as("README and docs/ commands that do not work as written").isEmpty();
    // without TeX: 12 of the README, 2 of docs/ (replay-schedule, confirm_calibration.py)
    assertThat(ran).as("README and docs/ commands run").isGreaterThanOrEqualTo(14);
  }

  private static List<String> gitFiles(Path root) throws IOException, InterruptedException {
    Process p = new ProcessBuilder("git", "-C", root.toString(), "ls-files", "-z", "--cached", "--others",
        "--exclude-standard")
        .start();
    String all = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    p.waitFor(1, TimeUnit.MINUTES);
    List<String> out = new ArrayList<>();
    for (String f : all.split("\0")) {
      if (!f.isEmpty() && Files.isRegularFile(root.resolve(f))) {
        out.add(f);
      }
    }
    return out;
  }
}
