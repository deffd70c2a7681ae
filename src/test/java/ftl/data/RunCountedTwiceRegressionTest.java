package ftl.data;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.cli.CliRunner;
import ftl.cli.ExitCode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 58, case 3 (wrong numbers accepted): an events file copied or hard-linked under a second run's name, its
 * SHA-256 put in the ledger, was counted as two runs ({@code events.ackNegative.modeA} 148 where the distinct runs hold
 * 109): the ledger reader refused one path named twice, but not one measurement under two names. Now two {@code ok}
 * rows naming events files of one digest, or one file (inode), in one ledger or in two campaigns, are refused (exit 3),
 * the message naming both rows by ledger and line.
 */
class RunCountedTwiceRegressionTest {

  static final String OTHER_ROWS = HostileRootTest.H
      + "0,2000000,2300000,2400000,1700000000001000,1700000000001400,1700000000001\n";

  /** How the second run's file is made from r1's. */
  @FunctionalInterface
  interface Second {
    void make(Path first, Path second) throws Exception;
  }

  static Stream<Arguments> seconds() {
    return Stream.of(
        Arguments.of(Named.of("a copy", (Second) (a, b) -> Files.copy(a, b)), HostileRootTest.sha(HostileRootTest.ROWS),
            "an events file with the same SHA-256"),
        Arguments.of(Named.of("a hard link", (Second) (a, b) -> Files.createLink(b, a)),
            HostileRootTest.sha(HostileRootTest.ROWS), "an events file with the same SHA-256"),
        // a hard link whose row claims another digest: refused by its inode before any file is read
        Arguments.of(Named.of("a hard link, the ledger claiming another digest",
        (Second) (a, b) -> Files.createLink(b, a)),
            HostileRootTest.sha(OTHER_ROWS), "the same events file under another name (one inode"));
  }

  @ParameterizedTest(name = "{0}, in one ledger")
  @MethodSource("seconds")
  void list_secondRowOnOneMeasurement_refusedNamingBothRows(Second second, String sha, String what, @TempDir Path tmp)
      throws Exception {
    Path data = tmp.resolve("data");
    HostileRootTest.campaign(data);
    second.make(data.resolve("c/events/r1.csv"), data.resolve("c/events/r2.csv"));
    Files.writeString(data.resolve("c/ledger.csv"), "r2,c1,ok,events/r2.csv," + sha + ",1000000\n",
        java.nio.file.StandardOpenOption.APPEND);

    CliRunner.Result r = CliRunner.run("--root", tmp.toString(), "--data", data.toString(), "list", "--json");
    assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.BAD_DATA);
    assertThat(r.err()).contains("data/c/ledger.csv:3: run r2 names " + what)
        .contains("as data/c/ledger.csv:2 (run r1)").doesNotContain("\tat ");
  }

  @Test
  void list_runCopiedIntoAnotherCampaign_refusedNamingBothLedgers(@TempDir Path tmp) throws Exception {
    Path data = tmp.resolve("data");
    HostileRootTest.campaign(data);
    Files.createDirectories(data.resolve("d/events"));
    Files.copy(data.resolve("c/events/r1.csv"), data.resolve("d/events/r9.csv"));
    Files.writeString(data.resolve("d/ledger.csv"), HostileRootTest.LH + "r9,c1,ok,events/r9.csv,"
        + HostileRootTest.sha(HostileRootTest.ROWS) + ",1000000\n");

    CliRunner.Result r = CliRunner.run("--root", tmp.toString(), "--data", data.toString(), "list", "--json");
    assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.BAD_DATA);
    assertThat(r.err()).contains("data/d/ledger.csv:2: run r9 names an events file with the same SHA-256")
        .contains("as data/c/ledger.csv:2 (run r1)");
  }

  /** Two distinct measurements, and a failed run's file equal to another's, are accepted. */
  @Test
  void list_distinctRunsAndEqualFilesOfFailedRuns_accepted(@TempDir Path tmp) throws Exception {
    Path data = tmp.resolve("data");
    HostileRootTest.campaign(data);
    Files.writeString(data.resolve("c/events/r2.csv"), OTHER_ROWS);
    Files.copy(data.resolve("c/events/r1.csv"), data.resolve("c/events/r3.csv"));
    Files.writeString(data.resolve("c/ledger.csv"), "r2,c1,ok,events/r2.csv," + HostileRootTest.sha(OTHER_ROWS)
        + ",1000000\nr3,c1,failed,events/r3.csv," + HostileRootTest.sha(HostileRootTest.ROWS) + ",1000000\n",
        java.nio.file.StandardOpenOption.APPEND);

    CliRunner.Result r = CliRunner.run("--root", tmp.toString(), "--data", data.toString(), "list", "--json");
    assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.OK);
  }
}
