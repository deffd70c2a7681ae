package ftl.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import ftl.cli.CliRunner;
import ftl.cli.ExitCode;
import ftl.harness.broker.EmbeddedCluster;
import ftl.harness.campaign.Ledger;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue #54's "done when", as a practitioner meets it: a local cluster of three brokers serving on its own (as
 * {@code ftl broker --brokers 3} serves it), a two-condition plan (acks=1 against acks=all on three replicas) in a
 * folder outside any git work tree, run with {@code campaign run PLAN --bootstrap "<the list>"}, then
 * {@code ftl report} on the folder. Which rules fail is the measurement's to say, so the test holds the exit codes to
 * the rules' outcomes: 1 by default exactly when some rule fails, and for each rule alone 1 when it fails and 0 when it
 * holds; 0 with {@code --fail-on none}. The brokers serve on this host, so the runner names them as the runs' own
 * CPU. 45 to 70 s on 2 cores (the cluster's start, the instrument's 20-s warm-up, two runs of 300 sends); skipped, with
 * the reason, when the machine cannot start the cluster or starves the instrument (as {@link ClusterIT}).
 */
class PractitionerClusterIT {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path tmp;

  @Test
  @Timeout(value = 300, unit = TimeUnit.SECONDS)
  void workspaceAgainstAThreeBrokerCluster_reportExitsByItsRules() throws Exception {
    EmbeddedCluster cluster;
    try {
      cluster = EmbeddedCluster.start(tmp.resolve("cluster"), 3);
    } catch (IOException | RuntimeException e) {
      assumeTrue(false, () -> "skipped: this machine could not start a cluster of three brokers: " + e.getMessage());
      return;
    }
    try {
      Path ws = Files.createDirectories(tmp.resolve("mycheck"));
      Path plan = ws.resolve("plan.json");
      Files.writeString(plan, """
          {"campaign": "my-check", "description": "IT: acks=1 against acks=all on three replicas", "seed": 1,
           "brokers": 3,
           "warmup": {"rule": "first_sends", "events": 100},
           "defaults": {"events": 300, "send_interval": "1ms", "replication_factor": 3, "min_insync_replicas": 2},
           "conditions": [{"name": "acks1", "acks": "1"}, {"name": "acksall", "acks": "all"}]}
          """, StandardCharsets.UTF_8);
      String root = Path.of("").toAbsolutePath().toString();

      CliRunner.Printed run = CliRunner.printed("--root", root, "campaign", "run", plan.toString(), "--bootstrap",
          cluster.bootstrap());
      String pids = cluster.pids().stream().sorted().map(String::valueOf).collect(Collectors.joining(", "));
      assertThat(run.text()).contains("answered in").contains(": 3 brokers")
          .contains("3 of its brokers serve on this host (pids " + pids + "): their CPU counts as the runs' own");
      Ledger ledger = Ledger.open(ws.resolve("ledger.csv"));
      assertThat(ledger.rows()).as(run.text()).hasSize(2);
      for (Map<String, String> row : ledger.rows()) {
        assumeTrue(row.get("status").equals("ok") || !HarnessIT.STARVED.matcher(row.get("reason")).find(),
            () -> "skipped: host too busy for the instrument, run " + row.get("run_id") + " (" + row.get("reason")
                + ")");
        assertThat(row.get("status")).as(run.text()).isEqualTo("ok");
        assertThat(row.get("registered")).isEqualTo("no");
        assertThat(row.get("workspace_commit")).isEmpty();
        assertThat(row.get("replication_factor")).isEqualTo("3");
        assertThat(row.get("bootstrap")).isEqualTo(cluster.bootstrap());
      }
      assertThat(run.code()).as(run.text()).isEqualTo(ExitCode.OK);

      CliRunner.Printed json = report(root, ws, "--json", "--fail-on", "none");
      assertThat(json.code()).as(json.text()).isEqualTo(ExitCode.OK);
      JsonNode report = JSON.readTree(json.text().substring(json.text().indexOf('{')));
      List<String> failing = new ArrayList<>();
      List<String> holding = new ArrayList<>();
      for (JsonNode r : report.get("rules")) {
        String outcome = r.get("outcome").asText();
        (outcome.equals("fails") ? failing : outcome.equals("holds") ? holding : new ArrayList<String>())
            .add(r.get("rule").asText());
      }
      assertThat(failing.size() + holding.size()).as("rules judged").isPositive();

      CliRunner.Printed text = report(root, ws);
      assertThat(text.text()).contains("Flight T and displacement D", "Trust rules", "Verdict: ");
      assertThat(text.code()).as("default: every rule decides; failing " + failing)
          .isEqualTo(failing.isEmpty() ? ExitCode.OK : ExitCode.DISAGREE);
      for (String rule : failing) {
        assertThat(report(root, ws, "--fail-on", rule).code()).as(rule).isEqualTo(ExitCode.DISAGREE);
      }
      for (String rule : holding) {
        assertThat(report(root, ws, "--fail-on", rule).code()).as(rule).isEqualTo(ExitCode.OK);
      }
      if (!holding.isEmpty()) {
        assertThat(report(root, ws, "--fail-on", String.join(",", holding)).code()).as("the rules that hold, together")
            .isEqualTo(ExitCode.OK);
      }
    } finally {
      cluster.close();
    }
  }

  /** {@code ftl report DIR} with {@code options}, both streams captured. */
  private static CliRunner.Printed report(String root, Path dir, String... options) {
    List<String> args = new ArrayList<>(List.of("--root", root, "report", dir.toString()));
    args.addAll(List.of(options));
    return CliRunner.printed(args.toArray(String[]::new));
  }
}
