package ftl.harness;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.cli.ExitCode;
import ftl.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The campaign command on bad input: exit code and a one-line message naming file and field, never a stack trace. */
class CampaignCommandTest {

  @TempDir Path dir;

  record Outcome(int code, String err) {}

  static Outcome run(String... args) {
    CommandLine cl = Main.commandLine();
    StringWriter err = new StringWriter();
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute(args);
    return new Outcome(code, err.toString());
  }

  @Test
  void run_badPlanField_badDataExitNamesFileAndField() throws Exception {
    Path plan = dir.resolve("plan.json");
    Files.writeString(plan, "{\"campaign\":\"x\",\"conditions\":[{\"name\":\"a\",\"acks\":\"2\"}]}");
    Outcome o = run("--root", dir.toString(), "campaign", "run", plan.toString(), "--out",
        dir.resolve("out").toString());
    assertThat(o.code()).isEqualTo(ExitCode.BAD_DATA);
    assertThat(o.err()).contains(plan.toString()).contains("conditions[0].acks").doesNotContain("\tat ");
    assertThat(Files.exists(dir.resolve("out"))).as("nothing written for a bad plan").isFalse();
  }

  @Test
  void run_missingPlan_notFoundExit() {
    Outcome o = run("--root", dir.toString(), "campaign", "run", dir.resolve("nope.json").toString());
    assertThat(o.code()).isEqualTo(ExitCode.NOT_FOUND);
    assertThat(o.err()).contains("nope.json").doesNotContain("\tat ");
  }

  @Test
  void resume_folderWithoutPlan_badDataExit() throws Exception {
    Files.createDirectories(dir.resolve("c"));
    Outcome o = run("--root", dir.toString(), "campaign", "resume", dir.resolve("c").toString());
    assertThat(o.code()).isEqualTo(ExitCode.BAD_DATA);
    assertThat(o.err()).contains("plan.json").doesNotContain("\tat ");
  }

  @Test
  void run_badBootstrap_usageExit() throws Exception {
    Path plan = dir.resolve("plan.json");
    Files.writeString(plan, "{\"campaign\":\"x\",\"conditions\":[{\"name\":\"a\"}]}");
    Outcome o = run("--root", dir.toString(), "campaign", "run", plan.toString(), "--bootstrap", "nohost");
    assertThat(o.code()).isEqualTo(ExitCode.USAGE);
    assertThat(o.err()).contains("--bootstrap").doesNotContain("\tat ");
  }

  @Test
  void campaign_noSubcommand_usageExit() {
    assertThat(run("campaign").code()).isEqualTo(ExitCode.USAGE);
  }
}
