package ftl.emit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import ftl.cli.ExitCode;
import ftl.cli.Main;
import ftl.data.DataSet;
import ftl.data.io.DataException;
import ftl.quantity.core.LatexEscape;
import ftl.verify.Reproduction;
import ftl.verify.TempArchive;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/**
 * Defect (issue 26, class 5): the PDF build broke on data the readers accepted. An audit cell starting with {@code [}
 * was read as {@code \midrule}'s or {@code \\}'s optional argument ({@code [40pt]} moved a rule, {@code [oops]} stopped
 * the build); a 300,000-character published label made a line longer than TeX's buffer; 30,000 audit rows (under the
 * reader's cap) exceeded TeX's capacity; with no finite collapse factor the collapse figure's data were empty and
 * {@code paper.tex} failed. Now {@link LatexEscape#escape} puts {@code {}} before a leading {@code [} or {@code *},
 * the published label is capped at the reader (corpus case {@code roots/published-label-300k}), and the emitter
 * refuses ({@link TexLimits}; the empty collapse figure in {@link TableRows}) with exit 3.
 */
class TexLimitsRegressionTest {

  static Stream<Arguments> cells() {
    return Stream.of(
        Arguments.of("[40pt]", "{}[40pt]"),
        Arguments.of("  [oops]", "{}  [oops]"),
        Arguments.of("*starred", "{}*starred"),
        Arguments.of("\u001b[2J", "{} [2J"),
        Arguments.of("a [b] c", "a [b] c"),
        Arguments.of("OpenMessaging Benchmark", "OpenMessaging Benchmark"),
        Arguments.of("", ""));
  }

  @ParameterizedTest(name = "\"{0}\"")
  @MethodSource("cells")
  void escape_cellStartingWithBracketOrStar_cannotBeAnOptionalArgument(String cell, String latex) {
    assertThat(LatexEscape.escape(cell)).isEqualTo(latex);
  }

  @Test
  void check_longLine_refusedWithItsLine() {
    DataException e = catchThrowableOfType(() -> TexLimits.check("paper/generated/x.tex",
        "% GENERATED\n" + "a".repeat(TexLimits.MAX_LINE_CHARS + 1) + "\n"), DataException.class);
    assertThat(e).isNotNull();
    assertThat(e.getMessage()).isEqualTo("paper/generated/x.tex:2: a generated line of 20001 characters, more than the"
        + " 20000 the emitter writes for TeX (a data string too long to typeset)");
    TexLimits.check("x.tex", "a".repeat(TexLimits.MAX_LINE_CHARS) + "\nb");
  }

  @Test
  void check_tabularRows_countedPerEnvironment() {
    String rows = "x & y \\\\\n".repeat(TexLimits.MAX_TABULAR_ROWS);
    String ok = "\\begin{tabular}{ll}\n" + rows + "\\end{tabular}\n";
    TexLimits.check("t.tex", ok + ok);
    TexLimits.check("t.tex", "\\begin{longtable}{ll}\n" + rows + rows + "\\end{longtable}\n");
    DataException e = catchThrowableOfType(() -> TexLimits.check("t.tex", "% head\n\\begin{tabular}{ll}\n" + rows
        + "x \\\\\n\\end{tabular}\n"), DataException.class);
    assertThat(e).isNotNull();
    assertThat(e.getMessage()).startsWith("t.tex:2: a tabular of more than 1000 rows");
  }

  private static String cli(String... args) {
    StringWriter err = new StringWriter();
    CommandLine cl = Main.commandLine();
    cl.setErr(new PrintWriter(err, true));
    cl.setOut(new PrintWriter(new StringWriter(), true));
    return cl.execute(args) + " " + err;
  }

  /** A data root with one small campaign and the given harness audit rows (each a harness name). */
  private static Path rootWithAudit(Path tmp, List<String> harnesses) throws IOException {
    Path data = tmp.resolve("data");
    TempArchive.copyTree(Path.of("src/test/resources/ftl/data/malformed/ledgers/header-only"), data.resolve("c"));
    Files.writeString(data.resolve("c/ledger.csv"),
        "run_id,condition,status,events_file,events_sha256\nr1,c1,failed,,\n");
    StringBuilder csv =
        new StringBuilder("harness,latency,quantum_ns,zero_difference,negative_difference,drops_counted\n");
    for (String h : harnesses) {
      csv.append('"').append(h).append("\",end-to-end,1000000,dropped,dropped,no\n");
    }
    Files.createDirectories(data.resolve("audit"));
    Files.writeString(data.resolve("audit/harnesses.csv"), csv);
    return data;
  }

  @Test
  void reproduce_auditCellStartingWithBracket_isProtectedInTheTable(@TempDir Path tmp) throws IOException {
    Path data = rootWithAudit(tmp, List.of("[40pt]", "[oops]"));
    List<Emitter.Output> out = Reproduction.render(Path.of("."), DataSet.scan(data, "data"),
        new ArrayList<>(), "0".repeat(64));
    String audit = out.stream().filter(o -> o.path().equals("paper/generated/tab-audit.tex")).findFirst().orElseThrow()
        .content();
    assertThat(audit).contains("\\midrule\n{}[40pt] & ").contains("\\\\\n{}[oops] & ");
  }

  @Test
  void reproduce_thirtyThousandAuditRows_refusedInSeconds(@TempDir Path tmp) throws IOException {
    Path data = rootWithAudit(tmp, Collections.nCopies(30_000, "h"));
    long t0 = System.nanoTime();
    String r = cli("--root", ".", "--data", data.toString(), "reproduce", "--check");
    assertThat(r).startsWith(ExitCode.BAD_DATA + " ")
        .contains(
        "paper/generated/tab-audit.tex:4: a tabular of more than 1000 rows, more than TeX typesets in one box");
    assertThat((System.nanoTime() - t0) / 1e9).isLessThan(60);
  }

  @Test
  void reproduce_modeARunsWithoutAFiniteCollapseFactor_refused(@TempDir Path tmp) throws IOException {
    // three ok runs of modeA: too few for any stratum's factor with its interval
    Path camp = tmp.resolve("data/modeA");
    Files.createDirectories(camp.resolve("events"));
    List<String> lines = Files.readAllLines(Path.of("data/modeA/ledger.csv"));
    StringBuilder ledger = new StringBuilder(lines.get(0)).append('\n');
    int kept = 0;
    for (String l : lines.subList(1, lines.size())) {
      String[] f = l.split(",", -1);
      if (kept < 3 && f[2].equals("ok")) {
        Files.copy(Path.of("data/modeA").resolve(f[3]), camp.resolve(f[3]));
        ledger.append(l).append('\n');
        kept++;
      }
    }
    Files.writeString(camp.resolve("ledger.csv"), ledger);
    String r = cli("--root", ".", "--data", tmp.resolve("data").toString(), "reproduce", "--check");
    assertThat(r).startsWith(ExitCode.BAD_DATA + " ").contains("paper/generated/fig-collapse.dat: would be empty");
  }
}
