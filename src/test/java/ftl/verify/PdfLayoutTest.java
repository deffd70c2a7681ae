package ftl.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The layout the PDF build holds (issue 59, items 9 and 10), on two synthetic LaTeX fixtures of
 * src/test/resources/layout/: {@code broken.tex}, a box 40 pt too wide and a float taller than the page whose caption
 * runs over the page number, and {@code clean.tex}, which holds its layout and has an abstract of 13 words. Each is
 * built once with pdflatex (skipped without TeX Live; .ci/run installs it), then judged from its log by
 * src/main/sh/check-tex-log.sh and from its PDF by {@link PdfLayout}.
 */
class PdfLayoutTest {
  @TempDir static Path dir;

  private static boolean built;

  @BeforeAll
  static void build() throws Exception {
    if (!TexLive.installed()) {
      return;
    }
    for (String name : new String[] {"broken", "clean"}) {
      Files.copy(Path.of("src/test/resources/layout", name + ".tex"), dir.resolve(name + ".tex"));
      Process p = new ProcessBuilder("pdflatex", "-interaction=nonstopmode", name + ".tex")
          .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(dir.resolve(name + ".out").toFile())
          .start();
      assertThat(p.waitFor(2, TimeUnit.MINUTES)).as("pdflatex finished").isTrue();
      assertThat(dir.resolve(name + ".pdf")).as("pdflatex wrote " + name + ".pdf").exists();
    }
    built = true;
  }

  private static void needTex() {
    assumeTrue(built, "latexmk/pdflatex not on the PATH: TeX Live is needed to build the fixtures");
  }

  /** Runs check-tex-log.sh on a log; returns its exit code and its output (stdout and stderr). */
  private static Object[] checkLog(String log) throws IOException, InterruptedException {
    Path out = dir.resolve(log + ".check");
    Process p = new ProcessBuilder(Path.of("src/main/sh/check-tex-log.sh").toAbsolutePath().toString(),
        dir.resolve(log).toString()).redirectErrorStream(true).redirectOutput(out.toFile()).start();
    assertThat(p.waitFor(1, TimeUnit.MINUTES)).isTrue();
    return new Object[] {p.exitValue(), Files.readString(out, StandardCharsets.UTF_8)};
  }

  @Test
  void checkTexLog_brokenLayout_namesTheOverfullBoxAndTheTallFloat() throws Exception {
    needTex();
    Object[] r = checkLog("broken.log");
    assertThat(r[0]).isEqualTo(1);
    assertThat((String) r[1]).contains("Overfull \\hbox (40.0pt too wide)").contains("Float too large for page by")
        .contains("2 layout offence(s)");
  }

  @Test
  void checkTexLog_cleanLayout_passes() throws Exception {
    needTex();
    Object[] r = checkLog("clean.log");
    assertThat(r[0]).as("output: %s", r[1]).isEqualTo(0);
  }

  @Test
  void checkTexLog_missingLog_exits2() throws Exception {
    Object[] r = checkLog("no-such.log");
    assertThat(r[0]).isEqualTo(2);
    assertThat((String) r[1]).contains("no such log");
  }

  @Test
  void read_floatOverThePageNumber_isFoundInTheFooterOfItsPage() {
    needTex();
    PdfLayout.Report r = PdfLayout.read(dir.resolve("broken.pdf"), "broken.pdf");
    assertThat(r.pages()).isEqualTo(2);
    assertThat(r.pagesWithoutNumber()).isZero();
    assertThat(r.overlaps()).singleElement().satisfies(o -> {
      assertThat(o.page()).isEqualTo(2);
      assertThat(o.pageNumber()).isEqualTo("2");
      assertThat(o.gapPt()).isLessThan(PdfLayout.FOOTER_LINES * 10);
      assertThat(o.text()).startsWith("Table1:");
    });
    assertThat(r.abstractText()).isEmpty();
    assertThat(r.abstractWords()).isEqualTo(-1);
  }

  @Test
  void read_cleanPage_hasNoFooterTextAndCountsTheAbstractAsPrinted() {
    needTex();
    PdfLayout.Report r = PdfLayout.read(dir.resolve("clean.pdf"), "clean.pdf");
    assertThat(r.overlaps()).isEmpty();
    assertThat(r.pagesWithoutNumber()).isZero();
    assertThat(r.abstractText()).hasValue("Negative spans occur in one run of ten, at a rate of 12.5%.");
    assertThat(r.abstractWords()).isEqualTo(13);
  }

  static Stream<Arguments> words() {
    return Stream.of(
        Arguments.of("empty", "", 0),
        Arguments.of("spaces only", " \n ", 0),
        Arguments.of("a number and its unit are two words", "0.50 pp", 2),
        Arguments.of("a word hyphenated at a line's end is one word", "acknowl-\nedgment came", 2),
        Arguments.of("a compound broken at its hyphen stays one word", "three-\nbroker cluster", 2),
        Arguments.of("a dash before a number at a line's end does not join", "rose -\n5 pp", 4),
        Arguments.of("a range in parentheses", "9.25x (6.46x to 13.2x)", 4));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource
  void words(String label, String text, int expected) {
    assertThat(PdfLayout.words(text)).isEqualTo(expected);
  }

  @Test
  void abstractOf_noSectionAfterTheHeading_isEmpty() {
    assertThat(PdfLayout.abstractOf("Title\nAbstract\nSome words.\n")).isEmpty();
    assertThat(PdfLayout.abstractOf("Title\nSome words.\n1 Introduction\n")).isEmpty();
    assertThat(PdfLayout.abstractOf("Title\nAbstract\nSome words,\nthree more.\n1 Introduction\nText")).hasValue(
        "Some words,\nthree more.");
  }
}
