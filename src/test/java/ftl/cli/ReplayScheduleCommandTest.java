package ftl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.cli.CliRunner.Result;
import ftl.harness.replay.SendSchedule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ftl replay-schedule} end to end on the synthetic StatsBomb-format fixture. */
class ReplayScheduleCommandTest {
  static final String FIXTURE = "src/test/resources/ftl/harness/replay/two-periods.json";

  @Test
  void replaySchedule_fixture_writesTheFileAndPrintsItsSha256(@TempDir Path tmp) throws IOException {
    Path out = tmp.resolve("sub/s.csv");
    Result r = CliRunner.run("replay-schedule", FIXTURE, "--mean-gap", "500us", "-o", out.toString());
    assertThat(r.code()).as(r.err()).isZero();
    String sha = SendSchedule.sha256(Files.readAllBytes(out));
    assertThat(r.out()).isEqualTo(sha + "  " + out + "\n");
    assertThat(r.err()).contains("5 sends over 2000000 ns (mean gap 500us) from 9 events of two-periods.json");
    Result again = CliRunner.run("replay-schedule", FIXTURE, "--mean-gap", "0.5ms", "--exclude-types",
        "40,36,35,34,27,26,19,18",
        "--expect-sha256", sha.toUpperCase(Locale.ROOT));
    assertThat(again.code()).isZero();
    assertThat(again.out()).endsWith("4,2000000\n");
    assertThat(again.err()).startsWith(sha + "  -\n");
  }

  @Test
  void replaySchedule_shaDoesNotMatch_isRefusedAndWritesNothing(@TempDir Path tmp) {
    Path out = tmp.resolve("s.csv");
    Result r = CliRunner.run("replay-schedule", FIXTURE, "--mean-gap", "500us", "-o", out.toString(),
        "--expect-sha256", "0".repeat(64));
    assertThat(r.code()).isEqualTo(ExitCode.DISAGREE);
    assertThat(r.err()).contains("not the expected " + "0".repeat(64)).contains("nothing written");
    assertThat(out).doesNotExist();
  }

  @Test
  void replaySchedule_malformedFile_exits3NamingFileAndLine() {
    String f = "src/test/resources/ftl/harness/replay/malformed/missing-timestamp.json";
    Result r = CliRunner.run("replay-schedule", f, "--mean-gap", "500us");
    assertThat(r.code()).isEqualTo(ExitCode.BAD_DATA);
    assertThat(r.err()).isEqualTo("ftl: " + f + ":7: event 2 has no timestamp\n");
    Result one = CliRunner.run("replay-schedule", "src/test/resources/ftl/harness/replay/malformed/one-event.json",
        "--mean-gap", "500us");
    assertThat(one.code()).isEqualTo(ExitCode.BAD_DATA);
    assertThat(one.err()).contains("one-event.json: only 1 event is selected");
  }

  @Test
  void replaySchedule_missingFileOrBadOption_exits4Or2() {
    assertThat(CliRunner.run("replay-schedule", "no/such.json", "--mean-gap", "500us").code())
        .isEqualTo(ExitCode.NOT_FOUND);
    assertThat(CliRunner.run("replay-schedule", FIXTURE, "--mean-gap", "500").code()).isEqualTo(ExitCode.USAGE);
    assertThat(CliRunner.run("replay-schedule", FIXTURE, "--mean-gap", "10ns").code()).isEqualTo(ExitCode.USAGE);
    assertThat(CliRunner.run("replay-schedule", FIXTURE).code()).isEqualTo(ExitCode.USAGE);
  }
}
