package ftl.data.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import ftl.cli.ExitCode;
import ftl.cli.Main;
import ftl.data.io.DataException;
import ftl.verify.TempArchive;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/**
 * The malformed corpus of the real-OMB per-run file ({@code src/test/resources/ftl/data/omb-malformed/}, written
 * by its {@code make_corpus.py}): every file fails with a {@link DataException} naming the file and the line, and
 * through the CLI (the file put in place of run r01 of the synthetic OMB root) with exit code
 * {@link ExitCode#BAD_DATA} and that message on stderr, never a stack trace.
 */
class OmbMalformedInputTest {

  static final Path CORPUS = Path.of("src/test/resources/ftl/data/omb-malformed");
  static final Path ROOT = Path.of("src/test/resources/ftl/quantity/omb/full");

  record Case(String file, long line, String message) {
    @Override
    public String toString() {
      return file;
    }
  }

  static Stream<Case> cases() throws IOException {
    List<Case> out = new ArrayList<>();
    try (var r = Files.newBufferedReader(CORPUS.resolve("cases.csv"))) {
      for (CSVRecord rec : CSVFormat.RFC4180.builder().setCommentMarker('#').setHeader().setSkipHeaderRecord(true)
          .get().parse(r)) {
        out.add(new Case(rec.get("file"), Long.parseLong(rec.get("line")), rec.get("message")));
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void read_malformedRunFile_namesFileAndLine(Case c) {
    DataException e = catchThrowableOfType(DataException.class,
        () -> OmbRunReader.read(CORPUS.resolve(c.file()), "runs/" + c.file()));
    assertThat(e).as("no DataException for %s", c).isNotNull();
    assertThat(e.problem()).contains(c.message());
    assertThat(e.line()).isEqualTo(c.line());
    assertThat(e.getMessage()).startsWith("runs/" + c.file() + (c.line() > 0 ? ":" + c.line() + ": " : ": "));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void cli_malformedRunFile_exitsBadDataWithPlaceAndNoStackTrace(Case c, @TempDir Path tmp)
      throws IOException {
    Path data = tmp.resolve("data");
    TempArchive.copyTree(ROOT, data);
    Files.copy(CORPUS.resolve(c.file()), data.resolve("omb-real/runs/r01.csv"),
        StandardCopyOption.REPLACE_EXISTING);
    StringWriter err = new StringWriter();
    CommandLine cl = Main.commandLine();
    cl.setErr(new PrintWriter(err, true));
    cl.setOut(new PrintWriter(new StringWriter(), true));
    int code = cl.execute("--root", tmp.toString(), "--data", data.toString(), "list", "--json");
    assertThat(code).as("exit code; stderr: %s", err).isEqualTo(ExitCode.BAD_DATA);
    assertThat(err.toString()).contains("data/omb-real/runs/r01.csv" + (c.line() > 0 ? ":" + c.line() : "") + ": ")
        .contains(c.message()).doesNotContain("\tat ").doesNotContain("Exception");
  }

  /** One change to the synthetic OMB ledger and what the reader must report on which line. */
  record LedgerCase(String label, String from, String to, long line, String message) {
    @Override
    public String toString() {
      return label;
    }
  }

  static Stream<LedgerCase> ledgerCases() {
    return Stream.of(
        new LedgerCase("missing column", "run_id,condition,status,reason,", "run_id,condition,status,why,", 1,
            "header lacks column reason"),
        new LedgerCase("duplicate run", "r02,nolinger-4000,ok", "r01,nolinger-4000,ok", 3,
            "duplicate run_id \"r01\" (first on line 2)"),
        new LedgerCase("unsafe run id", "r02,nolinger-4000,ok", "r 2,nolinger-4000,ok", 3,
            "run_id \"r 2\" is empty or has characters outside"),
        new LedgerCase("unsafe condition", "r02,nolinger-4000,ok", "r02,no/linger,ok", 3,
            "condition \"no/linger\" is empty or has characters outside"),
        new LedgerCase("aborted status", "r02,nolinger-4000,ok", "r02,nolinger-4000,aborted", 3,
            "status \"aborted\" is not ok or failed"),
        new LedgerCase("unknown status", "r02,nolinger-4000,ok", "r02,nolinger-4000,fine", 3,
            "status \"fine\" is not ok or failed"),
        new LedgerCase("rate not a number", "2026-11-30T10:00:00.000Z,4000,250000",
        "2026-11-30T10:00:00.000Z,fast,250000",
            3, "rate_msg_per_s is not a number (\"fast\")"),
        new LedgerCase("rate zero", "2026-11-30T10:00:00.000Z,4000,250000", "2026-11-30T10:00:00.000Z,0,250000", 3,
            "rate_msg_per_s must be positive (was 0)"),
        new LedgerCase("rate infinite", "2026-11-30T10:00:00.000Z,4000,250000",
        "2026-11-30T10:00:00.000Z,Infinity,250000", 3,
            "rate_msg_per_s must be positive (was Infinity)"),
        new LedgerCase("interval not an integer", "4000,250000,100", "4000,250us,100", 3,
            "send_interval_ns is not an integer (\"250us\")"),
        new LedgerCase("interval zero", "4000,250000,100", "4000,0,100", 3,
        "send_interval_ns must be positive (was 0)"),
        new LedgerCase("run file outside", "runs/r02.csv", "../r02.csv", 3,
        "run_file \"../r02.csv\" is not a file inside"),
        new LedgerCase("run file empty", "runs/r02.csv", "", 3, "run_file \"\" is not a file inside"),
        new LedgerCase("run file absolute", "runs/r02.csv", "/etc/passwd", 3,
        "run_file \"/etc/passwd\" is not a file inside"),
        new LedgerCase("run file missing", "runs/r02.csv", "runs/r99.csv", 3, "run file runs/r99.csv is missing"),
        new LedgerCase("sha not hex", "runs/r02.csv,d", "runs/r02.csv,Xd", 3,
        "run_sha256 is not 64 lower-case hex digits"),
        new LedgerCase("received differs", "1000,1000,550,0.450000", "1000,1001,550,0.450000", 3,
            "messages_received/e2e_count 1001/550 differ from the run file's cumulative row 1000/550"),
        new LedgerCase("received not an integer", "1000,1000,550,0.450000", "1000,many,550,0.450000", 3,
            "messages_received is not an integer (\"many\")"),
        new LedgerCase("dropped share differs", "1000,1000,550,0.450000", "1000,1000,550,0.45", 3,
            "dropped_share \"0.45\" is not 1 - e2e_count / messages_received to 6 decimals (0.450000)"),
        new LedgerCase("short row", "r02,nolinger-4000,ok,\"\",", "r02,nolinger-4000,ok,", 3,
        "expected 38 fields, found 37"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ledgerCases")
  void readLedger_malformedRow_namesLedgerAndLine(LedgerCase c, @TempDir Path tmp)
      throws IOException {
    TempArchive.copyTree(ROOT.resolve("omb-real"), tmp);
    Path ledger = tmp.resolve("ledger.csv");
    String text = Files.readString(ledger);
    assertThat(text).as("fixture holds %s", c.from()).contains(c.from());
    Files.writeString(ledger, text.replaceFirst(Pattern.quote(c.from()),
        Matcher.quoteReplacement(c.to())), StandardCharsets.UTF_8);
    DataException e = catchThrowableOfType(DataException.class, () -> OmbLedgerReader.read(tmp, "data/omb-real"));
    assertThat(e).as("no DataException for %s", c).isNotNull();
    assertThat(e.getMessage()).startsWith("data/omb-real/ledger.csv:" + c.line() + ": ").contains(c.message());
  }

  @Test
  void readLedger_shaOfAnotherFile_isRefused(@TempDir Path tmp) throws IOException {
    TempArchive.copyTree(ROOT.resolve("omb-real"), tmp);
    Files.writeString(tmp.resolve("runs/r02.csv"),
        Files.readString(tmp.resolve("runs/r02.csv")).replace("warmup,1,500,", "warmup,1,501,"));
    DataException e = catchThrowableOfType(DataException.class, () -> OmbLedgerReader.read(tmp, "data/omb-real"));
    assertThat(e.getMessage()).startsWith("data/omb-real/ledger.csv:3: run file runs/r02.csv has SHA-256 ");
  }

  @Test
  void readLedger_emptyOrHeaderOnlyOrAbsent_isRefused(@TempDir Path tmp) throws IOException {
    Files.writeString(tmp.resolve("ledger.csv"), "");
    assertThat(catchThrowableOfType(DataException.class, () -> OmbLedgerReader.read(tmp, "d")).getMessage())
        .isEqualTo("d/ledger.csv: empty file (0 bytes)");
    Files.writeString(tmp.resolve("ledger.csv"), String.join(",", OmbFormat.LEDGER_HEADER) + "\n");
    assertThat(catchThrowableOfType(DataException.class, () -> OmbLedgerReader.read(tmp, "d")).getMessage())
        .isEqualTo("d/ledger.csv:1: no runs after the header");
    Files.delete(tmp.resolve("ledger.csv"));
    assertThat(catchThrowableOfType(DataException.class, () -> OmbLedgerReader.read(tmp, "d")).getMessage())
        .isEqualTo("d/ledger.csv: file not found");
  }
}
