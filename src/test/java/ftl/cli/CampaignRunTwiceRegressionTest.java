package ftl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.data.ledger.EventFormat;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue #54, a new user's friction: {@code campaign run} on a folder that already has runs said only "use 'ftl campaign
 * resume DIR'", which, once every run is done, runs nothing; a user who wants to measure again needs a new folder. The
 * message now says both, and nothing starts (exit 3, naming the ledger). The folder holds a synthetic ledger of one
 * row, so no broker is involved.
 */
class CampaignRunTwiceRegressionTest {
  @TempDir Path tmp;

  @Test
  void run_onAFolderWithRuns_saysResumeOrOutAndStartsNothing() throws Exception {
    Path ws = Files.createDirectories(tmp.resolve("mycheck"));
    // a ledger of one run: its required columns (the runner reads no more to see the folder has runs)
    Files.writeString(ws.resolve("ledger.csv"), String.join(",", EventFormat.LEDGER_REQUIRED) + "\n"
        + EventFormat.LEDGER_REQUIRED.stream().map(c -> "x").collect(Collectors.joining(",")) + "\n");
    Path plan = Files.writeString(ws.resolve("plan.json"), """
        {"campaign": "trusted", "description": "a second run of a done campaign", "seed": 1,
         "defaults": {"events": 100}, "conditions": [{"name": "quiet", "send_interval": "2ms"}]}
        """);
    CliRunner.Result r = CliRunner.run("--root", tmp.toString(), "campaign", "run", plan.toString());
    assertThat(r.code()).as("stderr: %s", r.err()).isEqualTo(ExitCode.BAD_DATA);
    assertThat(r.err()).contains(ws.resolve("ledger.csv")
        + ": the campaign folder already has runs: 'ftl campaign resume "
        + ws + "' runs those its schedule still misses, and 'ftl campaign run PLAN --out DIR' starts a new campaign "
        + "in DIR")
        .doesNotContain("starting");
    assertThat(tmp.resolve("scratch")).doesNotExist();
  }
}
