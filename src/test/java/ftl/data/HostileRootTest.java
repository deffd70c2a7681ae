package ftl.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import ftl.cli.ExitCode;
import ftl.cli.Main;
import ftl.data.io.DataException;
import ftl.data.io.DataGate;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.RandomAccessFile;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.assertj.core.api.Assertions;
import org.assertj.core.api.ThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/**
 * The part of the malformed-input corpus that cannot be committed, built at test time: symbolic links out of the
 * data root, FIFOs (which would block a reader for ever), sparse files of gigabytes (which would exhaust memory
 * if read whole), and {@code --data} naming nothing. Each case asserts the exit code, a message naming the file
 * (and line where there is one), and no stack trace. Sparse files cost no disk: their size is set, not written.
 * Synthetic data only.
 */
class HostileRootTest {

  static final String H = "seq,send_ns,ack_ns,recv_ns,send_us,recv_us,create_ms\n";
  static final String ROWS = H + "0,1000000,1300000,1400000,1700000000000000,1700000000000400,1700000000000\n";
  static final String LH = "run_id,condition,status,events_file,events_sha256,send_interval_ns\n";

  /** How a case makes its root. */
  @FunctionalInterface
  interface Setup {
    void make(Path data, Path outside) throws IOException, InterruptedException;
  }

  record Case(String name, Setup setup, String command, int exit, String file, String message) {
    @Override
    public String toString() {
      return name;
    }
  }

  static String sha(String text) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
          .digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** One campaign c with one ok run r1 whose events file is events/r1.csv. */
  static void campaign(Path data) throws IOException {
    Files.createDirectories(data.resolve("c/events"));
    Files.writeString(data.resolve("c/events/r1.csv"), ROWS);
    Files.writeString(data.resolve("c/ledger.csv"), LH + "r1,c1,ok,events/r1.csv," + sha(ROWS) + ",1000000\n");
  }

  static void fifo(Path p) throws IOException, InterruptedException {
    Files.createDirectories(p.getParent());
    Process mk = new ProcessBuilder("mkfifo", p.toString()).inheritIO().start();
    assumeTrue(mk.waitFor() == 0, "mkfifo is not available here");
  }

  static void sparse(Path p, long bytes) throws IOException {
    Files.createDirectories(p.getParent());
    try (RandomAccessFile f = new RandomAccessFile(p.toFile(), "rw")) {
      f.setLength(bytes);
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case("events file is a link out of the root", (d, o) -> {
          campaign(d);
          Files.writeString(o.resolve("secret.csv"), ROWS);
          Files.delete(d.resolve("c/events/r1.csv"));
          Files.createSymbolicLink(d.resolve("c/events/r1.csv"), o.resolve("secret.csv"));
        }, "list", ExitCode.BAD_DATA, "data/c/events/r1.csv", "is a symbolic link"),
        new Case("events folder is a link out of the root", (d, o) -> {
          campaign(d);
          Files.move(d.resolve("c/events"), o.resolve("events"));
          Files.createSymbolicLink(d.resolve("c/events"), o.resolve("events"));
        }, "list", ExitCode.BAD_DATA, "data/c/events", "is a symbolic link"),
        new Case("campaign folder is a link out of the root", (d, o) -> {
          campaign(o);
          Files.createDirectories(d);
          Files.createSymbolicLink(d.resolve("c"), o.resolve("c"));
        }, "list", ExitCode.BAD_DATA, "data/c", "is a symbolic link"),
        new Case("ledger is a link", (d, o) -> {
          campaign(d);
          Files.move(d.resolve("c/ledger.csv"), o.resolve("ledger.csv"));
          Files.createSymbolicLink(d.resolve("c/ledger.csv"), o.resolve("ledger.csv"));
        }, "list", ExitCode.BAD_DATA, "data/c/ledger.csv", "is a symbolic link"),
        new Case("plan is a link to /etc/passwd", (d, o) -> {
          campaign(d);
          Files.createSymbolicLink(d.resolve("c/plan.json"), Path.of("/etc/passwd"));
        }, "list", ExitCode.BAD_DATA, "data/c/plan.json", "is a symbolic link"),
        new Case("data dictionary is a link", (d, o) -> {
          campaign(d);
          Files.writeString(o.resolve("datapackage.json"), "{}");
          Files.createSymbolicLink(d.resolve("datapackage.json"), o.resolve("datapackage.json"));
        }, "list", ExitCode.BAD_DATA, "data/datapackage.json", "is a symbolic link"),
        new Case("audit table is a link", (d, o) -> {
          campaign(d);
          Files.createDirectories(d.resolve("audit"));
          Files.createSymbolicLink(d.resolve("audit/harnesses.csv"), Path.of("/etc/hostname"));
        }, "list", ExitCode.BAD_DATA, "data/audit/harnesses.csv", "is a symbolic link"),
        new Case("a link anywhere is refused by the data digest", (d, o) -> {
          campaign(d);
          Files.createDirectories(d.resolve("notes"));
          Files.createSymbolicLink(d.resolve("notes/passwd"), Path.of("/etc/passwd"));
        }, "reproduce", ExitCode.BAD_DATA, "data/notes/passwd", "is a symbolic link"),
        new Case("a link loop is refused by the data digest", (d, o) -> {
          campaign(d);
          Files.createDirectories(d.resolve("loop"));
          Files.createSymbolicLink(d.resolve("loop/self"), d.resolve("loop"));
        }, "reproduce", ExitCode.BAD_DATA, "data/loop/self", "is a symbolic link"),
        new Case("events file is a FIFO", (d, o) -> {
          campaign(d);
          Files.delete(d.resolve("c/events/r1.csv"));
          fifo(d.resolve("c/events/r1.csv"));
        }, "list", ExitCode.BAD_DATA, "data/c/events/r1.csv", "is a special file"),
        new Case("plan is a FIFO", (d, o) -> {
          campaign(d);
          fifo(d.resolve("c/plan.json"));
        }, "list", ExitCode.BAD_DATA, "data/c/plan.json", "is a special file"),
        new Case("ledger is a FIFO", (d, o) -> {
          Files.createDirectories(d.resolve("c"));
          fifo(d.resolve("c/ledger.csv"));
        }, "list", ExitCode.BAD_DATA, "data/c/ledger.csv", "is a special file"),
        new Case("audit text is a FIFO", (d, o) -> {
          campaign(d);
          fifo(d.resolve("audit/demo/outputs/e2e-1.txt"));
        }, "list", ExitCode.BAD_DATA, "data/audit/demo/outputs/e2e-1.txt", "is a special file"),
        new Case("a FIFO anywhere is refused by the data digest", (d, o) -> {
          campaign(d);
          fifo(d.resolve("notes/pipe"));
        }, "reproduce", ExitCode.BAD_DATA, "data/notes/pipe", "is a special file"),
        new Case("events file of 3 GB (sparse)", (d, o) -> {
          campaign(d);
          sparse(d.resolve("c/events/r1.csv"), 3L << 30);
        }, "list", ExitCode.BAD_DATA, "data/c/events/r1.csv", "events file larger than the cap of 1073741824 bytes"),
        new Case("plan of 110 MB (sparse)", (d, o) -> {
          campaign(d);
          sparse(d.resolve("c/plan.json"), 110L << 20);
        }, "list", ExitCode.BAD_DATA, "data/c/plan.json", "plan larger than the cap of 4194304 bytes"),
        new Case("ledger of 20 MB (sparse)", (d, o) -> {
          Files.createDirectories(d.resolve("c"));
          sparse(d.resolve("c/ledger.csv"), 20L << 20);
        }, "list", ExitCode.BAD_DATA, "data/c/ledger.csv", "ledger larger than the cap of 16777216 bytes"),
        new Case("data dictionary of 2 MB (sparse)", (d, o) -> {
          campaign(d);
          sparse(d.resolve("datapackage.json"), 2L << 20);
        }, "list", ExitCode.BAD_DATA, "data/datapackage.json", "data dictionary larger than the cap of 1048576 bytes"),
        new Case("audit table of 5 MB (sparse)", (d, o) -> {
          campaign(d);
          sparse(d.resolve("audit/harnesses.csv"), 5L << 20);
        }, "list", ExitCode.BAD_DATA, "data/audit/harnesses.csv", "audit table larger than the cap of 4194304 bytes"),
        new Case("audit text of 5 MB (sparse)", (d, o) -> {
          campaign(d);
          sparse(d.resolve("audit/demo/outputs/perf-1.txt"), 5L << 20);
        }, "list", ExitCode.BAD_DATA, "data/audit/demo/outputs/perf-1.txt",
            "audit text larger than the cap of 4194304 bytes"),
        new Case("other file of 3 GB (sparse) in the data digest", (d, o) -> {
          campaign(d);
          sparse(d.resolve("notes/huge.bin"), 3L << 30);
        }, "reproduce", ExitCode.BAD_DATA, "data/notes/huge.bin", "data file larger than the cap of 1073741824 bytes"),
        new Case("--data names no folder", (d, o) -> { }, "list", ExitCode.NOT_FOUND, "--data", "no such folder"),
        new Case("--data names a file", (d, o) -> Files.writeString(d, "not a folder\n"),
            "list", ExitCode.NOT_FOUND, "--data", "not a folder"),
        new Case("--data names no folder (reproduce)", (d, o) -> { }, "reproduce", ExitCode.NOT_FOUND, "--data",
        "no such folder"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void cli_hostileRoot_exitsWithPlaceAndNoStackTrace(Case c, @TempDir Path tmp) throws Exception {
    Path data = tmp.resolve("data");
    Path outside = tmp.resolve("outside");
    Files.createDirectories(outside);
    c.setup().make(data, outside);
    StringWriter err = new StringWriter();
    CommandLine cl = Main.commandLine();
    cl.setErr(new PrintWriter(err, true));
    cl.setOut(new PrintWriter(new StringWriter(), true));
    long t0 = System.nanoTime();
    int code = c.command().equals("reproduce")
        ? cl.execute("--root", tmp.toString(), "--data", data.toString(), "reproduce", "--check")
        : cl.execute("--root", tmp.toString(), "--data", data.toString(), "list", "--json");
    assertThat(code).as("exit code; stderr: %s", err).isEqualTo(c.exit());
    assertThat(err.toString()).contains(c.file()).contains(c.message()).doesNotContain("\tat ")
        .doesNotContain("Exception");
    if (c.exit() == ExitCode.BAD_DATA) {
      assertThat(err.toString()).contains(c.file() + ": ");
    }
    MalformedInputTest.assertInert(err.toString());
    // Not a timing claim (the benchmark measures): a refusal reads nothing large, so it is quick even here.
    assertThat((System.nanoTime() - t0) / 1e9).as("seconds").isLessThan(60);
  }

  @Test
  void gate_pathsOfHostileShape_areRefusedBeforeTheFileSystem(@TempDir Path tmp) throws IOException {
    DataGate gate = DataGate.of(tmp, "data");
    for (String rel : List.of("../x", "/etc/passwd", "a//b", "a/./b", ".", "a\\b", "a b", "a/\u00e9", "x/..")) {
      assertThat(Assertions.catchThrowableOfType(DataException.class,
          () -> gate.read(rel, DataGate.Kind.PLAN))).as(rel).isNotNull()
          .extracting(DataException::problem).asString().contains("not a safe relative path");
    }
  }

  /**
   * The gate examines a folder once and remembers it (a root that changes while it is read is outside its threat
   * model): what lies in a remembered folder is still examined on each use, and another folder on its own first use.
   */
  @Test
  void gate_aFolderExaminedOnce_stillRefusesWhatLiesInIt(@TempDir Path tmp)
      throws IOException, InterruptedException {
    Path data = tmp.resolve("data");
    campaign(data);
    Files.writeString(tmp.resolve("secret.csv"), ROWS);
    Files.createSymbolicLink(data.resolve("c/events/r2.csv"), tmp.resolve("secret.csv"));
    fifo(data.resolve("c/events/r3.csv"));
    Files.createDirectories(tmp.resolve("out/events"));
    Files.writeString(tmp.resolve("out/events/r1.csv"), ROWS);
    Files.createDirectories(data.resolve("d"));
    Files.createSymbolicLink(data.resolve("d/events"), tmp.resolve("out/events"));
    DataGate gate = DataGate.of(data, "data");

    assertThat(new String(gate.read("c/events/r1.csv", DataGate.Kind.EVENTS), StandardCharsets.UTF_8)).isEqualTo(ROWS);
    assertThat(gate.eventsIdentity("c/events/r1.csv")).isPresent();
    for (int twice = 0; twice < 2; twice++) {
      assertThat(refusal(() -> gate.read("c/events/r2.csv", DataGate.Kind.EVENTS)))
          .isEqualTo("data/c/events/r2.csv: is a symbolic link");
      assertThat(refusal(() -> gate.openEvents("c/events/r3.csv")))
          .isEqualTo("data/c/events/r3.csv: is a special file");
      assertThat(refusal(() -> gate.read("d/events/r1.csv", DataGate.Kind.EVENTS)))
          .isEqualTo("data/d/events: is a symbolic link");
      assertThat(gate.eventsIdentity("c/events/r2.csv")).isEmpty();
      assertThat(gate.eventsIdentity("d/events/r1.csv")).isEmpty();
    }
  }

  /** The file and the start of the problem of the refusal {@code call} throws. */
  private static String refusal(ThrowableAssert.ThrowingCallable call) {
    DataException e = Assertions.catchThrowableOfType(DataException.class, call);
    assertThat(e).as("refused").isNotNull();
    String problem = e.problem();
    int cut = problem.indexOf(" (");
    int colon = problem.indexOf(':');
    int end = Math.min(cut < 0 ? problem.length() : cut, colon < 0 ? problem.length() : colon);
    return e.file() + ": " + problem.substring(0, end).replaceFirst(",.*", "");
  }
}
