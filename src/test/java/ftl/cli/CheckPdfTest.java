package ftl.cli;

import static ftl.verify.TestPdfs.link;
import static ftl.verify.TestPdfs.page;
import static ftl.verify.TestPdfs.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import ftl.cli.CliRunner.Result;
import ftl.emit.ArchiveVersion;
import ftl.quantity.core.Computed;
import ftl.quantity.core.Value;
import ftl.verify.TempArchive;
import ftl.verify.TestPdfs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ftl check-pdf} on small PDFs made in the test with PDFBox (synthetic: text, links to quantities and
 * metadata as the emitted LaTeX writes them; no TeX needed), against a temporary archive holding the synthetic
 * data set {@code small}. The quantities' texts are computed from that data here, never typed.
 */
class CheckPdfTest {

  @TempDir Path tmp;
  TempArchive archive;
  String digest;
  Map<String, Computed> byKey = new HashMap<>();
  Computed count;
  Computed percent;

  SmallPdfArchive small;

  @BeforeEach
  void setUp() throws IOException {
    small = new SmallPdfArchive(tmp.resolve("archive"));
    archive = small.archive;
    byKey.putAll(small.byKey);
    digest = small.digest;
    count = small.available("events.ackNegative");
    percent = small.available("omb.retention.min");
  }

  /**
   * A quantity whose text has a space ("a to b", "412 µs"), to print across a line break; a range when the data give
   * one.
   */
  Optional<Computed> range() {
    return byKey.values().stream().filter(c -> c.available() && c.text().contains(" ") && c.text().matches(".*\\d.*"))
        .sorted(Comparator.comparing((Computed c) -> !c.text().contains(" to ")).thenComparing(c -> c.quantity().key()))
        .findFirst();
  }

  /**
   * Two pages: the abstract-like first with a remote link and an exempt 95%, the second with a range broken across
   * lines.
   */
  List<TestPdfs.Page> pages(String countAsPrinted) {
    List<List<TestPdfs.Piece>> one = new ArrayList<>();
    one.add(List.of(text("Over the campaign A was negative "), link(count.text(), count.quantity().key()),
        text(" times;")));
    one.add(List.of(text("the guard kept at least "), link(percent.text(), percent.quantity().key()),
        text(" of a run (a 95% bootstrap).")));
    one.add(List.of(text("1")));
    List<List<TestPdfs.Piece>> two = new ArrayList<>();
    two.add(List.of(text("Section 2 repeats it: "), link(countAsPrinted, count.quantity().key()),
        text(" negative spans.")));
    range().ifPresent(r -> {
      int cut = r.text().lastIndexOf(' ');
      two.add(List.of(text("It ranged over "), link(r.text().substring(0, cut), r.quantity().key())));
      two.add(List.of(link(r.text().substring(cut + 1), r.quantity().key()), text(" in all.")));
    });
    two.add(List.of(text("2")));
    return List.of(page(one), page(two));
  }

  Result checkPdf(Path pdf, String... more) {
    return small.checkPdf(pdf, more);
  }

  @Test
  void checkPdf_builtFromThisArchive_agreesAndCounts() throws IOException {
    Path pdf = tmp.resolve("paper.pdf");
    TestPdfs.write(pdf, TestPdfs.info(digest), pages(count.text()));
    Result r = checkPdf(pdf, "--list");
    assertThat(r.code()).as(r.out() + r.err()).isZero();
    assertThat(range()).as("a quantity to print across a line break").isPresent();
    int traced = 4;
    assertThat(r.out()).contains("(matches data)")
        .contains(traced + " traced to a quantity by name (" + traced + " agree, 0 disagree)")
        // every number is listed with the quantity it is bound to by name (issue #45)
        .contains("(traced " + count.quantity().key() + ": agrees)")
        .doesNotContain("(quantity ")
        .contains("95% (exempt: the declared confidence level)")
        .containsPattern("checked \\d+ numbers on 2 pages").endsWith("OK\n");
  }

  @Test
  void checkPdf_oneNumberChanged_failsNamingNumberKeyAndPage() throws IOException {
    long changed = ((Value.Count) count.value()).count() + 1;
    String printed = String.format(Locale.ROOT, "%,d", changed);
    Path pdf = tmp.resolve("changed.pdf");
    TestPdfs.write(pdf, TestPdfs.info(digest), pages(printed));
    Result r = checkPdf(pdf);
    assertThat(r.code()).as(r.out() + r.err()).isEqualTo(ExitCode.DISAGREE);
    assertThat(r.out()).contains("DISAGREE page 2: \"" + printed + "\" is " + count.quantity().key()
            + " (\\" + count.quantity().macro() + "): the data give " + count.text())
        .contains("computed by " + count.quantity().function())
        .contains(", 1 disagree)").doesNotContain("DISAGREE page 1");
  }

  @Test
  void checkPdf_localLinksAsInTheProvenanceListing_areTracedToo() throws IOException {
    Path pdf = tmp.resolve("provenance.pdf");
    TestPdfs.write(pdf, TestPdfs.info(digest, "supplement/provenance.tex"), pages(count.text() + "0"),
        TestPdfs.LinkStyle.LOCAL, null, null);
    Result r = checkPdf(pdf);
    assertThat(r.code()).as(r.out()).isEqualTo(ExitCode.DISAGREE);
    assertThat(r.out()).contains("DISAGREE page 2: \"" + count.text() + "0\" is " + count.quantity().key());
  }

  @Test
  void checkPdf_digestOfOtherData_isStale() throws IOException {
    Path pdf = tmp.resolve("stale.pdf");
    TestPdfs.write(pdf, TestPdfs.info("0".repeat(64)), pages(count.text()));
    Result r = checkPdf(pdf);
    assertThat(r.code()).isEqualTo(ExitCode.DISAGREE);
    assertThat(r.out()).contains("STALE: the PDF was built from data with digest " + "0".repeat(64))
        .contains(digest).endsWith("STALE: not built from this archive's data\n");
  }

  @Test
  void checkPdf_noDigestInMetadata_isStale() throws IOException {
    Path pdf = tmp.resolve("nodigest.pdf");
    TestPdfs.write(pdf, Map.of("Title", "a paper"), pages(count.text()));
    Result r = checkPdf(pdf);
    assertThat(r.code()).isEqualTo(ExitCode.DISAGREE);
    assertThat(r.out()).contains("STALE: the PDF's metadata carries none");
  }

  @Test
  void checkPdf_noLinkedNumber_cannotPass() throws IOException {
    Path pdf = tmp.resolve("retypeset.pdf");
    TestPdfs.write(pdf, TestPdfs.info(digest), List.of(
        page(List.of(List.of(text("We saw " + count.text() + " spans."))))));
    Result r = checkPdf(pdf);
    assertThat(r.code()).isEqualTo(ExitCode.DISAGREE);
    assertThat(r.out()).contains("no number of this PDF is linked to a quantity");
  }

  @Test
  void checkPdf_encryptedWithoutUserPassword_isBadInput() throws IOException {
    Path pdf = tmp.resolve("locked.pdf");
    TestPdfs.write(pdf, TestPdfs.info(digest), pages(count.text()), TestPdfs.LinkStyle.REMOTE, "owner", "");
    assertBadInput(checkPdf(pdf), "is encrypted");
  }

  @Test
  void checkPdf_encryptedWithUserPassword_isBadInput() throws IOException {
    Path pdf = tmp.resolve("locked2.pdf");
    TestPdfs.write(pdf, TestPdfs.info(digest), pages(count.text()), TestPdfs.LinkStyle.REMOTE, "owner", "reader");
    assertBadInput(checkPdf(pdf), "is encrypted");
  }

  @Test
  void checkPdf_emptyFile_isBadInput() throws IOException {
    Path pdf = Files.createFile(tmp.resolve("empty.pdf"));
    assertBadInput(checkPdf(pdf), "empty.pdf: is empty (0 bytes), not a PDF");
  }

  @Test
  void checkPdf_notAPdf_isBadInput() throws IOException {
    Path pdf = Files.writeString(tmp.resolve("notes.pdf"), "these are notes, not a PDF\n", StandardCharsets.UTF_8);
    assertBadInput(checkPdf(pdf), "notes.pdf: is not a readable PDF");
  }

  @Test
  void checkPdf_truncatedPdf_isBadInput() throws IOException {
    Path whole = tmp.resolve("whole.pdf");
    TestPdfs.write(whole, TestPdfs.info(digest), pages(count.text()));
    byte[] b = Files.readAllBytes(whole);
    Path pdf = Files.write(tmp.resolve("truncated.pdf"), Arrays.copyOf(b, 40));
    Result r = checkPdf(pdf);
    assumeTrue(r.code() != 0, "PDFBox recovered the truncated file");
    assertBadInput(r, "truncated.pdf: is not a readable PDF");
  }

  /**
   * {@code ftl --version}: the archive's version (as pom.xml, CITATION.cff and the PDFs carry it) and the data's
   * digest.
   */
  @Test
  void version_printsArchiveVersionAndDataDigest() {
    Result r = CliRunner.run("--root", archive.root.toString(), "--version");
    assertThat(r.code()).isZero();
    assertThat(r.out()).isEqualTo("ftl " + ArchiveVersion.VERSION + "\ndata digest " + digest + " (data)\n");
  }

  @Test
  void checkPdf_missingFile_isNotFound() {
    Result r = checkPdf(tmp.resolve("nowhere.pdf"));
    assertThat(r.code()).isEqualTo(ExitCode.NOT_FOUND);
    assertThat(r.err()).contains("no such file").doesNotContain("\tat ");
  }

  private static void assertBadInput(Result r, String message) {
    assertThat(r.code()).as(r.out() + r.err()).isEqualTo(ExitCode.BAD_DATA);
    assertThat(r.err()).contains(message).doesNotContain("\tat ").doesNotContain("Exception");
  }
}
