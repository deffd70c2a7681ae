package ftl.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import ftl.cli.Main;
import ftl.data.io.DataException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Defect (issue 26, class 4): work without a bound. Several ledger rows naming one events file were each scanned and
 * counted (5,000 rows on one 200,000-row file ran past 30 s; 99,999 rows on a 2,097,152-row file would have taken
 * about 39 hours); {@code check-pdf} had no page or decoded-size cap (one 100 kB flate stream of 100 MB shared by 30
 * pages ran past 30 s, 10,000 trivial pages took 52 s) and printed a 500-frame stack trace on a deeply nested PDF.
 * Now a second row naming a file is bad data at the ledger ({@code LedgerReader}), and {@link PdfText#read} refuses
 * more than {@link PdfText#MAX_PAGES} pages, content decoding to more than {@link PdfText#MAX_CONTENT_BYTES} bytes and
 * a reading longer than {@link PdfText#MAX_SECONDS} s, each with exit 3 and one line.
 */
class UnboundedWorkRegressionTest {

  private static String cli(Path root, String... args) {
    StringWriter err = new StringWriter();
    CommandLine cl = Main.commandLine();
    cl.setErr(new PrintWriter(err, true));
    cl.setOut(new PrintWriter(new StringWriter(), true));
    String[] all = new String[args.length + 2];
    all[0] = "--root";
    all[1] = root.toString();
    System.arraycopy(args, 0, all, 2, args.length);
    return cl.execute(all) + " " + err;
  }

  @Test
  void ledger_fiveThousandRowsOnOneEventsFile_refusedAtTheLedgerInSeconds(@TempDir Path tmp) throws IOException {
    Path camp = tmp.resolve("data/c");
    Files.createDirectories(camp.resolve("events"));
    StringBuilder ev = new StringBuilder("seq,send_ns,ack_ns,recv_ns,send_us,recv_us,create_ms\n");
    for (int i = 0; i < 200_000; i++) {
      long s = 1_000_000L + i * 1_000_000L;
      ev.append(i).append(',').append(s).append(',').append(s + 300_000).append(',').append(s + 400_000).append(',')
          .append(1_700_000_000_000_000L + i * 1000L).append(',').append(1_700_000_000_000_400L + i * 1000L).append(',')
          .append(1_700_000_000_000L + i).append('\n');
    }
    Path events = camp.resolve("events/r1.csv");
    Files.writeString(events, ev);
    String sha = Manifest.sha256(events);
    StringBuilder ledger = new StringBuilder("run_id,condition,status,events_file,events_sha256\n");
    for (int i = 1; i <= 5_000; i++) {
      ledger.append('r').append(i).append(",c1,ok,events/r1.csv,").append(sha).append('\n');
    }
    Files.writeString(camp.resolve("ledger.csv"), ledger);
    long t0 = System.nanoTime();
    String out = cli(tmp, "--data", tmp.resolve("data").toString(), "list", "--json", "--no-cache");
    double seconds = (System.nanoTime() - t0) / 1e9;
    assertThat(out).startsWith("3 ")
        .contains("data/c/ledger.csv:3: events file events/r1.csv is named again (first on line 2)");
    assertThat(seconds).as("refused before any events file is scanned").isLessThan(10);
  }

  /** A PDF of {@code pages} pages sharing one flate content stream that decodes to {@code decodedMiB} MiB of spaces. */
  private static void bomb(Path out, int pages, int decodedMiB) throws IOException {
    try (PDDocument doc = new PDDocument()) {
      ByteArrayOutputStream z = new ByteArrayOutputStream();
      try (DeflaterOutputStream d = new DeflaterOutputStream(z, new Deflater(9))) {
        byte[] chunk = new byte[1 << 20];
        Arrays.fill(chunk, (byte) ' ');
        for (int i = 0; i < decodedMiB; i++) {
          d.write(chunk);
        }
      }
      COSStream s = doc.getDocument().createCOSStream();
      try (OutputStream o = s.createRawOutputStream()) {
        o.write(z.toByteArray());
      }
      s.setItem(COSName.FILTER, COSName.FLATE_DECODE);
      for (int i = 0; i < pages; i++) {
        PDPage p = new PDPage();
        p.getCOSObject().setItem(COSName.CONTENTS, s);
        doc.addPage(p);
      }
      doc.save(out.toFile());
    }
  }

  @Test
  void checkPdf_hundredMegabyteStreamOnThirtyPages_refusedByTheDecodedCap(@TempDir Path tmp) throws IOException {
    Path pdf = tmp.resolve("bomb.pdf");
    bomb(pdf, 30, 100);
    assertThat(Files.size(pdf)).isLessThan(200_000);
    long t0 = System.nanoTime();
    DataException e = catchThrowableOfType(() -> PdfText.read(pdf, "bomb.pdf"), DataException.class);
    assertThat(e).isNotNull();
    assertThat(e.getMessage())
        .isEqualTo("bomb.pdf: page 1: the content of the pages decodes to more than 67108864 bytes,"
        + " the cap of check-pdf (a decompression bomb, or not a paper)");
    assertThat((System.nanoTime() - t0) / 1e9).isLessThan(10);
  }

  @Test
  void checkPdf_sharedStreamUnderTheCapPerPage_countedOnEveryPage(@TempDir Path tmp) throws IOException {
    Path pdf = tmp.resolve("shared.pdf");
    bomb(pdf, 30, 3); // 90 MiB over the pages, 3 MiB each
    DataException e = catchThrowableOfType(() -> PdfText.read(pdf, "shared.pdf"), DataException.class);
    assertThat(e).isNotNull();
    assertThat(e.getMessage()).startsWith("shared.pdf: page 22: the content of the pages decodes to more than");
  }

  @Test
  void checkPdf_tenThousandPages_refusedBeforeReadingThem(@TempDir Path tmp) throws IOException {
    Path pdf = tmp.resolve("pages.pdf");
    try (PDDocument doc = new PDDocument()) {
      for (int i = 0; i < 10_000; i++) {
        doc.addPage(new PDPage());
      }
      doc.save(pdf.toFile());
    }
    long t0 = System.nanoTime();
    DataException e = catchThrowableOfType(() -> PdfText.read(pdf, "pages.pdf"), DataException.class);
    assertThat(e).isNotNull();
    assertThat(e.getMessage()).startsWith("pages.pdf: has 10000 pages, more than the 1000 pages check-pdf reads");
    assertThat((System.nanoTime() - t0) / 1e9).isLessThan(10);
  }

  @Test
  void checkPdf_readingPastTheTimeCap_refused(@TempDir Path tmp) throws IOException {
    Path pdf = tmp.resolve("slow.pdf");
    TestPdfs.write(pdf, TestPdfs.info("0".repeat(64)), List.of(
        TestPdfs.page(List.of(List.of(TestPdfs.text("1 2 3")))),
        TestPdfs.page(List.of(List.of(TestPdfs.text("4 5"))))));
    AtomicLong now = new AtomicLong();
    // a clock that advances 20 s at each reading: the second page is past the 30 s cap
    DataException e = catchThrowableOfType(() -> PdfText.read(pdf, "slow.pdf", () -> now.getAndAdd(20_000_000_000L)),
        DataException.class);
    assertThat(e).isNotNull();
    assertThat(e.getMessage()).startsWith("slow.pdf: reading its text took longer than 30 s (stopped at page");
  }

  @Test
  void checkPdf_deeplyNestedObjects_noStackTrace(@TempDir Path tmp) throws IOException {
    String nest = "[".repeat(100_000) + "]".repeat(100_000);
    String pdf =
        "%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count "
        + "1 >>\nendobj\n3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /X " + nest + " >>\nendobj\n"
        + "4 0 obj\n<< /Title (t) /Nest " + nest
        + " >>\nendobj\ntrailer\n<< /Root 1 0 R /Info 4 0 R /Size 5 >>\n%%EOF\n";
    Path file = tmp.resolve("deep.pdf");
    Files.writeString(file, pdf, StandardCharsets.US_ASCII);
    DataException e = catchThrowableOfType(() -> PdfText.read(file, "deep.pdf"), DataException.class);
    assertThat(e).isNotNull();
    assertThat(e.getMessage()).isEqualTo("deep.pdf: has no page (damaged, or its page tree could not be read)");
    String out = cli(Path.of("."), "check-pdf", file.toString());
    assertThat(out).startsWith("3 ").doesNotContain("\tat ").doesNotContain("Exception");
  }

  @Test
  void caps_areThoseTheHostileInputsPageStates() throws IOException {
    String page = Files.readString(Path.of("docs/hostile-inputs.md"));
    assertThat(page).contains(PdfText.MAX_PAGES / 1000 + ",000 pages")
        .contains((PdfText.MAX_CONTENT_BYTES >> 20) + " MiB")
        .contains(PdfText.MAX_SECONDS + " s");
  }
}
