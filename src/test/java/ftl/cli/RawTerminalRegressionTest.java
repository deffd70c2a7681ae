package ftl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.cli.CliRunner.Result;
import ftl.data.io.Echo;
import ftl.verify.TempArchive;
import ftl.verify.TestPdfs;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Defect (issue 26, class 3): control characters reached the terminal raw. A JSON {@code "\u001b"} escape in a plan
 * decoded after the gate's byte check and was printed by {@code check} and {@code reproduce --check}; {@code check-pdf}
 * printed raw ESC from the PDF's metadata and a link's name, and echoed 1 MB of metadata whole; {@code check zz2zz}
 * exited 0 claiming to be "the text of 7 quantities" and echoed an escape of its argument; {@code check @/etc/passwd}
 * read the file as arguments (picocli's @-files). Now every byte a command prints passes {@link TerminalStream}
 * (one escaping, {@link Echo#isControl}'s), values from a PDF are cut ({@link Echo#of}), a WHAT that is no number as
 * printed is not found (exit 4), and @-files are off.
 */
class RawTerminalRegressionTest {
  private static final Path OMB = Path.of("src/test/resources/ftl/quantity/omb/full");

  /** No control character but the line feed and the tab. */
  static void assertInert(String s) {
    assertThat(s.chars().filter(c -> c != '\n' && c != '\t' && Echo.isControl((char) c)))
        .as("control characters in: %s", s.length() > 300 ? s.substring(0, 300) : s).isEmpty();
  }

  @Test
  void terminalStream_controlsInAnyWrite_shownAsEscapes() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream t = TerminalStream.wrap(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    t.print("a\u001b[2Jb\u009bc\u202ed\u2028e\u007ff\r\tµs ≤ 1\n");
    byte[] rtl = "x\u202ey".getBytes(StandardCharsets.UTF_8);
    t.write(rtl, 0, 2); // the override's first byte ends this write
    t.write(rtl, 2, rtl.length - 2);
    t.flush();
    assertThat(bytes.toString(StandardCharsets.UTF_8))
        .isEqualTo("a\\x1b[2Jb\\x9bc\\u202ed\\u2028e\\x7ff\\x0d\tµs ≤ 1\nx\\u202ey");
  }

  @Test
  void terminalStream_cleanText_passesByteForByte() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream t = TerminalStream.wrap(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    String text = "median flight 450 µs — 62,264 of 1,321 ≤ 2.07× \\NegAckSpans\n";
    t.print(text);
    t.flush();
    assertThat(bytes.toString(StandardCharsets.UTF_8)).isEqualTo(text);
    assertThat(TerminalStream.wrap(t)).isSameAs(t);
  }

  @Test
  void check_argumentWithADigitButNoNumber_isNotFoundAndInert(@TempDir Path tmp) throws IOException {
    TempArchive.copyTree(OMB, tmp);
    Result r = CliRunner.run("--data", tmp.toString(), "check", "zz2zz");
    assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.NOT_FOUND);
    assertThat(r.out()).doesNotContain("is the text of");
    Result esc = CliRunner.run("--data", tmp.toString(), "check", "7\u001b]0;pwned\u0007" + "9".repeat(500));
    assertThat(esc.code()).isEqualTo(ExitCode.NOT_FOUND);
    assertInert(esc.out() + esc.err());
    assertThat(esc.err()).contains("7\\x1b]0;pwned\\x07").hasSizeLessThan(400);
  }

  @Test
  void check_atFile_isAnArgumentNotAFileRead(@TempDir Path tmp) throws IOException {
    TempArchive.copyTree(OMB, tmp);
    Path secret = tmp.resolve("secret.txt");
    Files.writeString(secret, "runs.total\n");
    Result r = CliRunner.run("--data", tmp.toString(), "check", "@" + secret);
    assertThat(r.code()).isEqualTo(ExitCode.NOT_FOUND);
    assertThat(r.out()).doesNotContain("runs.total");
    assertThat(r.err()).contains("\"@" + secret + "\"");
  }

  @Test
  void check_planStringWithEscapes_printedInert(@TempDir Path tmp) throws IOException {
    TempArchive.copyTree(OMB, tmp);
    Path plan = tmp.resolve("omb-real/plan.json");
    String text = Files.readString(plan);
    String from = "\"matched_condition\": \"nolinger-1000\"";
    assertThat(text).contains(from);
    Files.writeString(plan, text.replace(from, "\"matched_condition\": \"nolinger-1000\\u001b[2J\\u009b\\u202e\""));
    Result r = CliRunner.run("--data", tmp.toString(), "check", "ombReal.nolinger-1000.verdict");
    assertThat(r.out()).contains("nolinger-1000\\x1b[2J\\x9b\\u202e");
    assertInert(r.out() + r.err());
  }

  @Test
  void checkPdf_hostileMetadataAndLinkName_printedInertAndCut(@TempDir Path tmp) throws IOException {
    TempArchive.copyTree(OMB, tmp.resolve("data"));
    Path pdf = tmp.resolve("x.pdf");
    String huge = "\u001b[2J" + "A".repeat(1 << 20);
    TestPdfs.write(pdf, Map.of("Subject", huge, "FtlText", "paper/\u001b]0;t\u0007.tex", "FtlVersion", "\u202e1.0"),
        List.of(TestPdfs.page(List.of(List.of(TestPdfs.text("runs "), TestPdfs.link("8", "omb\u001b[31mReal.runs"))))));
    Result r = CliRunner.run("--data", tmp.resolve("data").toString(), "check-pdf", pdf.toString(), "--list");
    assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.DISAGREE);
    assertInert(r.out() + r.err());
    assertThat(r.out().length() + r.err().length()).as("1 MB of metadata is not echoed whole").isLessThan(5000);
    assertThat(r.out()).contains("\\x1b[2J").contains("(1048580 characters)").contains("omb\\x1b[31mReal.runs");
  }
}
