package ftl.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import ftl.verify.TempArchive;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With TeX Live: a table cell is a traced number. The real paper, built by latexmk from a copy of paper/ in
 * which one cell of the emitted retention table was changed (the run count of its first send interval, plus
 * one), fails {@code ftl check-pdf} naming that cell's number and quantity, and nothing else disagrees: the
 * emitter prints a table cell that is a registry quantity through {@code \ftlQuantity}, the link check-pdf
 * follows, so a changed cell is caught as a disagreement and not only by comparing text. Skipped, with that
 * reason, when latexmk is not on the PATH (.ci/run installs TeX Live before mvn verify, so CI runs it).
 */
@org.junit.jupiter.api.Tag("slow") // whole pipeline, PDFs or many CLI runs: left out of the quick loop (mvn -Pquick test)
class PdfTamperTableCellTest {
  /** A linked run-count cell of the retention table: {@code \ftlQuantity{runs.modeB.<condition>}{<count>}}. */
  static final Pattern CELL = Pattern.compile("\\\\ftlQuantity\\{(runs\\.modeB\\.[A-Za-z0-9_-]+)\\}\\{([0-9]+)\\}");

  @Test
  void checkPdf_paperBuiltWithOneTableCellChanged_failsNamingThatCell(@TempDir Path tmp)
      throws IOException, InterruptedException {
    assumeTrue(PdfTamperTexTest.onPath("latexmk") && PdfTamperTexTest.onPath("pdflatex"),
        "latexmk/pdflatex not on the PATH: TeX Live is needed to build the paper");
    Path root = Path.of("").toAbsolutePath();
    Path paper = tmp.resolve("paper");
    TempArchive.copyTree(root.resolve("paper"), paper);
    for (String built : new String[] {"paper.pdf", "paper.aux", "paper.fdb_latexmk", "paper.fls", "paper.log", "paper.out"}) {
      Files.deleteIfExists(paper.resolve(built));
    }
    Path table = paper.resolve("generated/tab-retention.tex");
    String text = Files.readString(table, StandardCharsets.UTF_8);
    Matcher m = CELL.matcher(text);
    assertThat(m.find()).as("the retention table prints its run counts as quantity links (run ./ftl reproduce)").isTrue();
    String key = m.group(1);
    String was = m.group(2);
    String changed = Long.toString(Long.parseLong(was) + 1);
    Files.writeString(table, text.substring(0, m.start()) + "\\ftlQuantity{" + key + "}{" + changed + "}"
        + text.substring(m.end()), StandardCharsets.UTF_8);

    Process p = new ProcessBuilder("latexmk", "-pdf", "-halt-on-error", "-interaction=nonstopmode", "paper.tex")
        .directory(paper.toFile()).redirectErrorStream(true).start();
    String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(10, TimeUnit.MINUTES)).as("latexmk finished").isTrue();
    assertThat(p.exitValue()).as(log).isZero();

    CliRunner.Result r = CliRunner.run("--root", root.toString(), "check-pdf", paper.resolve("paper.pdf").toString());
    assertThat(r.code()).as(r.out() + r.err()).isEqualTo(ExitCode.DISAGREE);
    assertThat(r.out()).contains("(matches data)").containsPattern(
        "DISAGREE page [0-9]+: \"" + changed + "\" is " + Pattern.quote(key) + " \\(\\\\[A-Za-z]+\\): the data give " + was);
    assertThat(r.out().lines().filter(l -> l.startsWith("  DISAGREE")))
        .as("only the changed cell disagrees").singleElement().asString().contains("\"" + changed + "\" is " + key + " ");
  }
}
