package ftl.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import ftl.cli.CliRunner;
import ftl.cli.ExitCode;
import ftl.data.registration.PlanDigest;
import ftl.emit.ArchiveVersion;
import ftl.harness.campaign.CampaignRunner;
import ftl.harness.campaign.Ledger;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue #54, item 1, end to end on a real embedded Kafka broker: a practitioner's two-condition plan in a folder of its
 * own, outside any git work tree, runs there as the runner of {@code ftl campaign run} runs it outside the archive's
 * {@code data/} (no clean tree asked for); every ledger row records the plan's digest, ftl's version and build digest,
 * an empty git state and {@code registered} no; and {@code ftl report} reads the folder. As {@link HarnessIT}, it
 * judges what was recorded, not timing, and skips when the host is too busy for the instrument.
 */
class WorkspaceIT {

  @TempDir static Path tmp;

  @Test
  @Timeout(value = 900, unit = TimeUnit.SECONDS)
  void run_twoConditionPlanOutsideGit_writesBesideThePlanUnregisteredAndReportReadsIt() throws Exception {
    Path ws = tmp.resolve("my-cluster-check");
    Files.createDirectories(ws);
    Path plan = ws.resolve("plan.json");
    String json = """
        {"campaign": "my-cluster-check", "description": "IT: a practitioner's two conditions", "seed": 3,
         "warmup": {"rule": "first_sends", "events": 200},
         "defaults": {"events": 500, "send_interval": "1ms"},
         "conditions": [{"name": "acks1", "acks": "1"}, {"name": "acksall", "acks": "all"}]}
        """;
    Files.writeString(plan, json);
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    // the runner as campaign run makes it for a folder outside data/ (no clean tree asked for), with a short warm-up
    CampaignRunner runner = new CampaignRunner(Path.of("").toAbsolutePath(), null,
        new PrintStream(err, true, StandardCharsets.UTF_8), false).scratchRoot(tmp.resolve("scratch"))
        .instrumentWarmupEvents(HarnessIT.WARMUP);
    CampaignRunner.Summary s = runner.run(plan, ws);
    String log = err.toString(StandardCharsets.UTF_8);
    Ledger ledger = Ledger.open(ws.resolve("ledger.csv"));
    assertThat(ledger.rows()).as("every planned run recorded, beside the plan: " + log).hasSize(2);
    assertThat(s.ran()).isEqualTo(2);
    assertThat(log).contains("ftl: workspace " + ws.toAbsolutePath().normalize() + ": unregistered (plan SHA-256 ")
        .contains("not in git");
    String digest = PlanDigest.of(json.getBytes(StandardCharsets.UTF_8));
    for (Map<String, String> row : ledger.rows()) {
      assertThat(row.get("registered")).isEqualTo("no");
      assertThat(row.get("plan_sha256")).isEqualTo(digest);
      assertThat(row.get("ftl_version")).isEqualTo(ArchiveVersion.VERSION);
      assertThat(row.get("ftl_build_sha256")).matches("[0-9a-f]{64}");
      assertThat(row.get("workspace_commit")).as("no git work tree holds the folder").isEmpty();
      assertThat(row.get("workspace_dirty")).isEmpty();
    }
    for (Map<String, String> row : ledger.rows()) {
      assumeTrue(row.get("status").equals("ok") || !HarnessIT.STARVED.matcher(row.get("reason")).find(),
          () -> "skipped: host too busy for the instrument, run " + row.get("run_id") + " (" + row.get("reason") + ")");
    }
    assertThat(s.ok()).as(log).isEqualTo(2);

    CliRunner.Result report = CliRunner.run("report", ws.toString(), "--fail-on", "none");
    assertThat(report.code()).as(report.out() + report.err()).isEqualTo(ExitCode.OK);
    assertThat(report.out().replaceAll("\\s+", " ")).as("the report, lines joined")
        .contains("2 runs in its ledger (2 ok").contains("2 conditions")
        .contains("an unregistered workspace (plan.json beside its runs, registered nowhere)").contains("acksall");
    CliRunner.Result json2 = CliRunner.run("report", ws.toString(), "--json", "--fail-on", "none");
    assertThat(json2.code()).as(json2.err()).isEqualTo(ExitCode.OK);
    assertThat(json2.out()).contains("\"pre_registered\" : false");
  }
}
