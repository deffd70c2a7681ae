package ftl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.cli.CliRunner.Result;
import ftl.verify.TempArchive;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ftl check "62,264"}: a figure of the original study, transcribed in paper/original-study.csv and printed
 * in the replication table, is found and named as the original's, with ours beside it (a temporary archive with
 * the synthetic data set {@code small}, in which events.ackNegative prints as 2).
 */
class CheckOriginalFigureTest {
  static final Path SMALL = Path.of("src/test/resources/ftl/quantity/small");

  @TempDir Path tmp;
  TempArchive a;

  @BeforeEach
  void setUp() throws IOException {
    a = TempArchive.create(tmp).withData(SMALL)
        .write("paper/original-study.csv", "# synthetic: two claims of an original study, for the test\n"
            + "claim,original,our_key,verdict_key,note\n"
            + "negative ack-referenced spans,\"62,264\",events.ackNegative,,\n"
            + "runs the sign check rejected,\"1,321 of 2,266\",runs.rejected of runs.total,,a note\n")
        .write("paper/paper.tex", "\\input{generated/tab-replication}\n");
    CliRunner.run("--root", a.root.toString(), "reproduce");
    assertThat(a.root.resolve("paper/generated/tab-replication.tex")).exists();
  }

  @Test
  void check_originalFigure_namesItWherePrintedAndOursBeside() {
    Result r = CliRunner.run("--root", a.root.toString(), "check", "62,264");
    assertThat(r.code()).as(r.out() + r.err()).isZero();
    assertThat(r.out()).startsWith("\"62,264\" is the original study's figure, not ours: negative ack-referenced spans")
        .contains("original:   62,264 (paper/original-study.csv:3")
        .containsPattern(
        "printed in: paper/generated/tab-replication\\.tex:\\d+, in the table paper/paper\\.tex inputs at line 1")
        .contains("ours:       events.ackNegative = 2 (\\NegAckSpans").endsWith("OK\n");
  }

  @Test
  void check_oneNumberOfAnOriginalFigure_findsTheClaim() {
    Result r = CliRunner.run("--root", a.root.toString(), "check", "1321");
    assertThat(r.code()).as(r.out() + r.err()).isZero();
    assertThat(r.out()).contains("is the original study's figure, not ours: runs the sign check rejected")
        .contains("ours:       runs.rejected = ").contains("ours:       runs.total = ").contains("beside it:  ")
        .contains("note:       a note");
  }

  @Test
  void check_neitherOursNorTheOriginals_isNotFound() {
    Result r = CliRunner.run("--root", a.root.toString(), "check", "99,999");
    assertThat(r.code()).isEqualTo(ExitCode.NOT_FOUND);
    assertThat(r.err()).contains("no quantity is printed as \"99,999\", nor is it a figure of the original study");
  }
}
