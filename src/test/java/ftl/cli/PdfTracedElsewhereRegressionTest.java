package ftl.cli;

import static ftl.verify.TestPdfs.link;
import static ftl.verify.TestPdfs.page;
import static ftl.verify.TestPdfs.text;
import static org.assertj.core.api.Assertions.assertThat;

import ftl.quantity.core.Computed;
import ftl.verify.TestPdfs;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Issue 58, case 6 (a number traced to somewhere else): {@code check-pdf} said OK and counted a number as traced when
 * its link was a {@code javascript:} URI, a link to another host, or a remote go-to naming a URL or {@code
 * /etc/passwd}, as long as the destination was named {@code q.<key>}: it took whatever followed {@code #}. Now a number
 * is traced only through a link into the provenance listing by the archive's own scheme (a remote go-to to {@code
 * provenance.pdf} or {@code ../supplement/provenance.pdf}; inside the listing, a go-to to its own row); a link naming a
 * quantity that leads anywhere else is a disagreement naming where it leads (exit 1). PDFs made with PDFBox ({@link
 * TestPdfs}) against {@link SmallPdfArchive}.
 */
class PdfTracedElsewhereRegressionTest {
  @TempDir Path tmp;

  private List<TestPdfs.Page> pages(Computed count) {
    return List.of(page(List.of(List.of(text("A was negative "), link(count.text(), count.quantity().key()),
        text(" times.")))));
  }

  /** Where each style's link leads as the refusal says it; null for the archive's scheme, which traces. */
  private static String where(TestPdfs.LinkStyle style) {
    return switch (style) {
      case URI_JAVASCRIPT -> "leads to a URI to a javascript: script (javascript:app.alert(1)//#q.events.ackNegative)";
      case URI_OTHER_HOST ->
          "leads to a URI to another place (https://example.org/supplement/provenance.pdf#q.events.ackNegative)";
      case REMOTE_OTHER_FILE -> "leads to a remote go-to to another file (/etc/passwd)";
      case REMOTE_URL -> "leads to a remote go-to to another file (https://example.org/provenance.pdf)";
      // a go-to inside a PDF that is not the provenance listing names a row of no listing
      case LOCAL -> "leads to a go-to inside this PDF, which is not the provenance listing";
      case REMOTE -> null;
    };
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(TestPdfs.LinkStyle.class)
  void checkPdf_paperLinkNamingTheRow_tracedOnlyIntoTheListing(TestPdfs.LinkStyle style) throws IOException {
    SmallPdfArchive small = new SmallPdfArchive(tmp.resolve("archive"));
    Computed count = small.available("events.ackNegative");
    Path pdf = tmp.resolve("paper.pdf");
    TestPdfs.write(pdf, TestPdfs.info(small.digest), pages(count), style, null, null);

    CliRunner.Result r = small.checkPdf(pdf);
    if (where(style) == null) {
      assertThat(r.code()).as(r.out()).isEqualTo(ExitCode.OK);
      assertThat(r.out()).contains("1 traced to a quantity by name (1 agree, 0 disagree)").doesNotContain("found:");
      return;
    }
    assertThat(r.code()).as(r.out() + r.err()).isEqualTo(ExitCode.DISAGREE);
    assertThat(r.out()).contains("DISAGREE page 1: \"" + count.text() + "\" is events.ackNegative")
        .contains("its link names q.events.ackNegative but " + where(style) + ", not into the provenance listing: it "
            + "traces nothing")
        .contains(
        "found: 0 numbers drawn invisibly (text render mode 3), 1 linked to a quantity but leading outside the "
            + "provenance listing").endsWith("DISAGREE\n");
  }
}
