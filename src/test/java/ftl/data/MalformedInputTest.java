package ftl.data;

import static ftl.data.ledger.Events.event;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import ftl.cli.ExitCode;
import ftl.cli.Main;
import ftl.data.io.DataException;
import ftl.data.io.Echo;
import ftl.data.ledger.DataDictionary;
import ftl.data.ledger.Event;
import ftl.data.ledger.EventReader;
import ftl.data.ledger.Instrument;
import ftl.data.registration.PlanReader;
import ftl.quantity.Registry;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.Computed;
import ftl.quantity.core.Quantity;
import ftl.verify.Manifest;
import ftl.verify.TempArchive;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/**
 * The malformed-input corpus ({@code src/test/resources/ftl/data/malformed/}, written by its
 * {@code make_corpus.py}): every case must fail with a {@link DataException} naming the file and the line,
 * and through the CLI with exit code {@link ExitCode#BAD_DATA} and that message on stderr, never a stack trace.
 */
class MalformedInputTest {

  static final Path CORPUS = Path.of("src/test/resources/ftl/data/malformed");

  record Case(String path, String reader, long line, String message, String file, String command) {
    @Override
    public String toString() {
      return reader + " " + path;
    }
  }

  static Stream<Case> cases() throws IOException {
    List<Case> out = new ArrayList<>();
    try (var r = Files.newBufferedReader(CORPUS.resolve("cases.csv"))) {
      for (CSVRecord rec : CSVFormat.RFC4180.builder().setCommentMarker('#').setHeader().setSkipHeaderRecord(true)
          .get().parse(r)) {
        out.add(new Case(rec.get("path"), rec.get("reader"), Long.parseLong(rec.get("line")), rec.get("message"),
            rec.get("file"), rec.get("command").isEmpty() ? "list" : rec.get("command")));
      }
    }
    return out.stream();
  }

  @Test
  void corpus_hasWellOverAHundredCases() throws IOException {
    assertThat(cases().count()).isGreaterThanOrEqualTo(150);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void reader_malformedInput_namesFileAndLine(Case c, @TempDir Path tmp) throws IOException {
    DataException e = catchThrowableOfType(DataException.class, () -> readDirectly(c, tmp));
    assertThat(e).as("no DataException for %s", c).isNotNull();
    assertThat(e.problem()).contains(c.message());
    assertThat(e.line()).isEqualTo(c.line());
    assertThat(e.getMessage()).startsWith(expectedFile(c) + (c.line() > 0 ? ":" + c.line() + ": " : ": "));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void cli_malformedInput_exitsBadDataWithPlaceAndNoStackTrace(Case c, @TempDir Path tmp) throws IOException {
    if (c.reader().equals("dictionary")) {
      Path data = tmp.resolve("data");
      Files.createDirectories(data);
      Files.copy(CORPUS.resolve(c.path()), data.resolve("datapackage.json"));
      assertCliFails(tmp, data, "data/datapackage.json", c);
      return;
    }
    Path data = dataRootFor(c, tmp);
    String file = !c.file().isEmpty() ? c.file() : switch (c.reader()) {
      case "events" -> "data/c/" + c.path();
      case "plan" -> "data/c/plan.json";
      default -> "data/" + Path.of(c.path()).getFileName() + "/ledger.csv";
    };
    assertCliFails(tmp, data, file, c);
  }

  private static void assertCliFails(Path root, Path data, String file, Case c) {
    StringWriter err = new StringWriter();
    CommandLine cl = Main.commandLine();
    cl.setErr(new PrintWriter(err, true));
    cl.setOut(new PrintWriter(new StringWriter(), true));
    int code = c.command().equals("reproduce")
        ? cl.execute("--root", root.toString(), "--data", data.toString(), "reproduce", "--check")
        : cl.execute("--root", root.toString(), "--data", data.toString(), "list", "--json");
    assertThat(code).as("exit code for %s; stderr: %s", c, err).isEqualTo(ExitCode.BAD_DATA);
    assertThat(err.toString()).contains(file + (c.line() > 0 ? ":" + c.line() : "") + ": ").contains(c.message())
        .doesNotContain("\tat ").doesNotContain("Exception");
    assertInert(err.toString());
  }

  /** A message a terminal shows: one line, of bounded length, without a control character but its newline. */
  static void assertInert(String stderr) {
    assertThat(stderr.strip()).as("one line").doesNotContain("\n").doesNotContain("\r");
    assertThat(stderr.length()).as("bounded length").isLessThan(1200);
    assertThat(stderr.strip().chars().filter(ch -> Echo.isControl((char) ch))).as("control characters").isEmpty();
  }

  /** A data root with one campaign {@code c} whose only run reads the case's file (or the case's campaign folder). */
  private static Path dataRootFor(Case c, Path tmp) throws IOException {
    Path data = tmp.resolve("data");
    Path src = CORPUS.resolve(c.path());
    switch (c.reader()) {
      case "events" -> {
        Path camp = data.resolve("c");
        Path ev = camp.resolve(c.path());
        Files.createDirectories(ev.getParent());
        Files.copy(src, ev);
        String sha = Manifest.sha256(ev);
        Files.writeString(camp.resolve("ledger.csv"), "run_id,condition,status,events_file,events_sha256\n"
            + "r1,c1,ok," + c.path() + "," + sha + "\n", StandardCharsets.UTF_8);
      }
      case "plan" -> {
        Path camp = data.resolve("c");
        Files.createDirectories(camp);
        Files.copy(src, camp.resolve("plan.json"));
        Files.writeString(camp.resolve("ledger.csv"), "run_id,condition,status,events_file,events_sha256\n"
            + "r1,c1,failed,,\n", StandardCharsets.UTF_8);
      }
      case "root" -> copyRootDecodingNames(src, data);
      default -> TempArchive.copyTree(src, data.resolve(src.getFileName().toString()));
    }
    return data;
  }

  /**
   * Copies a corpus root; a top-level folder committed under a percent-encoded name ({@code m%C3%B6de}) gets its
   * decoded name ({@code möde}) in the copy. The archive tracks only ASCII paths: git quotes others, and file systems
   * normalise them differently (macOS to NFD), so a non-ASCII name would not survive as the same bytes in
   * {@code SHA256SUMS}.
   */
  private static void copyRootDecodingNames(Path src, Path data) throws IOException {
    TempArchive.copyTree(src, data);
    try (var top = Files.list(data)) {
      for (Path p : top.toList()) {
        String name = p.getFileName().toString();
        if (name.contains("%")) {
          Files.move(p, data.resolve(URLDecoder.decode(name, StandardCharsets.UTF_8)));
        }
      }
    }
  }

  private static Object readDirectly(Case c, Path tmp) throws IOException {
    Path src = CORPUS.resolve(c.path());
    return switch (c.reader()) {
      case "events" -> EventReader.read(src, c.path(), null, e -> { });
      case "plan" -> PlanReader.parse(Files.readAllBytes(src), c.path());
      case "dictionary" -> {
        try (InputStream in = Files.newInputStream(src)) {
          yield DataDictionary.parse(in, c.path());
        }
      }
      default -> {
        Path data = dataRootFor(c, tmp);
        DataSet set = DataSet.scan(data, "data");
        if (c.command().equals("reproduce")) {
          yield set.digest();
        }
        Registry registry = Registry.forData(set);
        Analysis a = new Analysis(set);
        for (Quantity q : registry.all()) {
          Computed.of(q, a);
        }
        yield a.runs(Instrument.KAFKA.word());
      }
    };
  }

  private static String expectedFile(Case c) {
    if (!c.file().isEmpty()) {
      return c.file();
    }
    return c.reader().equals("ledger") ? "data/" + Path.of(c.path()).getFileName() + "/ledger.csv" : c.path();
  }

  @Test
  void read_validFile_readsEveryRowAndDigest(@TempDir Path tmp) throws IOException {
    Path f = tmp.resolve("ok.csv");
    Files.writeString(f,
        "# 2 events, one never delivered\nseq,send_ns,ack_ns,recv_ns,send_us,recv_us,create_ms,intended_ns\n"
        + "0,10,20,30,1000,1030,1,9\n1,40,,,1040,,,39\n");
    List<Event> events = new ArrayList<>();
    EventReader.FileSummary s = EventReader.read(f, "ok.csv", null, events::add);
    assertThat(s.rows()).isEqualTo(2);
    assertThat(s.sha256()).isEqualTo(Manifest.sha256(f));
    assertThat(events.get(0)).isEqualTo(event(0, 10, 20, 30, 1000, 1030, 1));
    assertThat(events.get(1).hasRecv()).isFalse();
    assertThat(events.get(1).hasAck()).isFalse();
    assertThatThrownBy(() -> EventReader.read(f, "ok.csv", "0".repeat(64), e -> { }))
        .isInstanceOf(DataException.class).hasMessageContaining("SHA-256 differs");
  }
}
