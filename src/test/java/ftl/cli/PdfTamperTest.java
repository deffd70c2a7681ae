package ftl.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import ftl.emit.ArchiveVersion;
import ftl.quantity.RealDataTest;
import ftl.quantity.Registry;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.Computed;
import ftl.quantity.core.Value;
import ftl.verify.PdfText;
import ftl.verify.TempArchive;
import ftl.verify.TexLive;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With TeX Live: the real paper, built by latexmk from a copy of paper/ in which two emitted numbers were changed,
 * fails {@code ftl check-pdf} naming each of them, its quantity and its page, and nothing else disagrees:
 * <ul>
 *   <li>a macro's value: the count of negative ack-referenced spans of the sign campaign, plus one, printed in the
 *       abstract (page 1);
 *   <li>a table cell: the run count of the retention table's first send interval, plus one. A table cell that is a
 *       registry quantity is printed through {@code \ftlQuantity}, the link check-pdf follows, so a changed cell is
 *       caught as a disagreement and not only by comparing text.
 * </ul>
 * The built PDF carries the archive's version. The paper is built once, with both changes, and each test reads
 * the one {@code check-pdf} report (one latexmk build instead of two: issue #31). Skipped, with that reason, when
 * latexmk is not on the PATH (.ci/run installs TeX Live before mvn verify, so CI runs it).
 */
@Tag("slow") // whole pipeline, PDFs or many CLI runs: left out of the quick loop (mvn -Pquick test)
class PdfTamperTest {
  static final String KEY = "events.ackNegative.modeA";
  static final String MACRO = "NegAckSpansModeA";
  /** A linked run-count cell of the retention table: {@code \ftlQuantity{runs.modeB.<condition>}{<count>}}. */
  static final Pattern CELL = Pattern.compile("\\\\ftlQuantity\\{(runs\\.modeB\\.[A-Za-z0-9_-]+)\\}\\{([0-9]+)\\}");

  @TempDir static Path tmp;
  static Path pdf;
  static CliRunner.Result report;
  static String macroText;
  static String macroChanged;
  static String cellKey;
  static String cellWas;
  static String cellChanged;


  @BeforeAll
  static void buildTamperedPaper() throws IOException, InterruptedException {
    assumeTrue(TexLive.installed(), "latexmk/pdflatex not on the PATH: TeX Live is needed to build the paper");
    Path root = Path.of("").toAbsolutePath();
    Path paper = tmp.resolve("paper");
    TempArchive.copyTree(root.resolve("paper"), paper);
    for (String built : new String[] {"paper.pdf", "paper.aux", "paper.fdb_latexmk", "paper.fls", "paper.log",
        "paper.out"}) {
      Files.deleteIfExists(paper.resolve(built));
    }

    // the macro: its value plus one
    Analysis a = RealDataTest.ANALYSIS; // the archive's data, read once per test JVM (issue #31)
    Computed c = Computed.of(Registry.forData(a.data()).byKey(KEY).orElseThrow(), a);
    macroText = c.text();
    macroChanged = String.format(Locale.ROOT, "%,d", ((Value.Count) c.value()).count() + 1);
    Path macros = paper.resolve("generated/quantities.tex");
    String before = "\\newcommand{\\" + MACRO + "}{\\ftlQuantity{" + KEY + "}{" + c.latex() + "}}";
    String text = Files.readString(macros, StandardCharsets.UTF_8);
    assertThat(text).as("the committed macro agrees with the data (run ./ftl reproduce)").contains(before);
    Files.writeString(macros, text.replace(before, "\\newcommand{\\" + MACRO + "}{\\ftlQuantity{" + KEY + "}{"
        + macroChanged + "}}"),
        StandardCharsets.UTF_8);

    // the table cell: the first linked run count of the retention table, plus one
    Path table = paper.resolve("generated/tab-retention.tex");
    String tab = Files.readString(table, StandardCharsets.UTF_8);
    Matcher m = CELL.matcher(tab);
    assertThat(m.find()).as("the retention table prints its run counts as quantity links (run ./ftl reproduce)")
        .isTrue();
    cellKey = m.group(1);
    cellWas = m.group(2);
    cellChanged = Long.toString(Long.parseLong(cellWas) + 1);
    Files.writeString(table, tab.substring(0, m.start()) + "\\ftlQuantity{" + cellKey + "}{" + cellChanged + "}"
        + tab.substring(m.end()), StandardCharsets.UTF_8);

    Process p = new ProcessBuilder("latexmk", "-pdf", "-halt-on-error", "-interaction=nonstopmode", "paper.tex")
        .directory(paper.toFile()).redirectErrorStream(true).start();
    String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(10, TimeUnit.MINUTES)).as("latexmk finished").isTrue();
    assertThat(p.exitValue()).as(log).isZero();
    pdf = paper.resolve("paper.pdf");
    report = CliRunner.run("--root", root.toString(), "check-pdf", pdf.toString());
  }

  /**
   * The report's disagreements, checked to be the two changed numbers (each on every page it is printed) and nothing
   * else.
   */
  static List<String> disagreements() {
    List<String> lines = report.out().lines().filter(l -> l.startsWith("  DISAGREE")).toList();
    assertThat(lines).as("only the changed macro (wherever the paper prints it) and the changed cell disagree")
        .allMatch(l -> l.contains("\"" + macroChanged + "\" is " + KEY + " ")
        || l.contains("\"" + cellChanged + "\" is " + cellKey + " "));
    return lines;
  }

  @Test
  void checkPdf_paperBuiltWithOneMacroChanged_failsNamingNumberAndPage() throws IOException {
    assertThat(PdfText.read(pdf, "paper.pdf").version()).as("the PDF's FtlVersion").contains(ArchiveVersion.VERSION);
    assertThat(report.code()).as(report.out() + report.err()).isEqualTo(ExitCode.DISAGREE);
    assertThat(report.out()).contains("(matches data)")
        .contains("DISAGREE page 1: \"" + macroChanged + "\" is " + KEY + " (\\" + MACRO + "): the data give "
        + macroText);
    assertThat(disagreements()).filteredOn(l -> l.contains("\"" + macroChanged + "\" is " + KEY + " ")).isNotEmpty();
  }

  @Test
  void checkPdf_paperBuiltWithOneTableCellChanged_failsNamingThatCell() {
    assertThat(report.code()).as(report.out() + report.err()).isEqualTo(ExitCode.DISAGREE);
    assertThat(report.out()).contains("(matches data)").containsPattern(
        "DISAGREE page [0-9]+: \"" + cellChanged + "\" is " + Pattern.quote(cellKey)
        + " \\(\\\\[A-Za-z]+\\): the data give " + cellWas);
    assertThat(disagreements()).filteredOn(l -> l.contains("\"" + cellChanged + "\" is " + cellKey + " ")).hasSize(1);
  }
}
