package ftl.cli;

import static ftl.verify.TestPdfs.invisible;
import static ftl.verify.TestPdfs.link;
import static ftl.verify.TestPdfs.page;
import static ftl.verify.TestPdfs.text;
import static org.assertj.core.api.Assertions.assertThat;

import ftl.quantity.core.Computed;
import ftl.quantity.core.Value;
import ftl.verify.TestPdfs;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 58, case 7 (a number no reader sees traced): with the right digest, the true number drawn invisibly (text
 * render mode 3) under its link and the only visible number a wrong, unlinked one, {@code check-pdf} said OK. Now
 * invisible text lies under no link, and every number drawn invisibly is a disagreement; the summary says what was
 * found (exit 1). PDFs made with PDFBox ({@link TestPdfs}) against {@link SmallPdfArchive}.
 */
class InvisibleNumberRegressionTest {
  @TempDir Path tmp;

  @Test
  void checkPdf_trueNumberInvisibleUnderItsLinkWrongOneVisible_disagrees() throws IOException {
    SmallPdfArchive small = new SmallPdfArchive(tmp.resolve("archive"));
    Computed count = small.available("events.ackNegative");
    Computed percent = small.available("omb.retention.min");
    String wrong = String.format(Locale.ROOT, "%,d", ((Value.Count) count.value()).count() + 7);
    Path pdf = tmp.resolve("paper.pdf");
    TestPdfs.write(pdf, TestPdfs.info(small.digest), List.of(page(List.of(
        List.of(text("A was negative "), invisible(count.text(), count.quantity().key()),
        text(" " + wrong + " times;")),
        List.of(text("the guard kept "), link(percent.text(), percent.quantity().key()), text(" of a run."))))));

    CliRunner.Result r = small.checkPdf(pdf);
    assertThat(r.code()).as(r.out() + r.err()).isEqualTo(ExitCode.DISAGREE);
    assertThat(r.out()).contains("DISAGREE page 1: \"" + count.text() + "\" is events.ackNegative")
        .contains("drawn invisibly (text render mode 3: neither filled nor stroked) under a link to it")
        .contains("found: 1 number drawn invisibly (text render mode 3), 0 linked to a quantity but leading outside")
        .endsWith("DISAGREE\n");
  }

  @Test
  void checkPdf_invisibleUnlinkedNumber_disagreesToo() throws IOException {
    SmallPdfArchive small = new SmallPdfArchive(tmp.resolve("archive"));
    Computed count = small.available("events.ackNegative");
    Path pdf = tmp.resolve("paper.pdf");
    TestPdfs.write(pdf, TestPdfs.info(small.digest), List.of(page(List.of(
        List.of(text("A was negative "), link(count.text(), count.quantity().key()), text(" times")),
        List.of(invisible("12345", null))))));

    CliRunner.Result r = small.checkPdf(pdf);
    assertThat(r.code()).as(r.out()).isEqualTo(ExitCode.DISAGREE);
    assertThat(r.out()).contains("DISAGREE page 1: \"12345\": drawn invisibly (text render mode 3: neither filled nor "
        + "stroked): a number no reader sees");
  }
}
