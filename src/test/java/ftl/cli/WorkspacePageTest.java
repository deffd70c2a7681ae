package ftl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.harness.plan.Plan;
import ftl.harness.plan.PlanParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/**
 * Issue #54: the workspace section of {@code docs/practitioners.md} shows a plan a practitioner copies; it is a plan
 * the runner accepts, with the two conditions the text says, and the section names the ledger columns the runner
 * writes.
 */
class WorkspacePageTest {
  static final String HEADING = "## Your own campaign: a workspace anywhere\n";

  @Test
  void workspaceSection_planShown_isOneTheRunnerAccepts() throws IOException {
    String page = Files.readString(PractitionersPageTest.PAGE, StandardCharsets.UTF_8);
    int h = page.indexOf(HEADING);
    assertThat(h).as("docs/practitioners.md lacks " + HEADING).isNotNegative();
    int b = page.indexOf("```json\n", h);
    String json = page.substring(b + "```json\n".length(), page.indexOf("\n```", b));
    Plan plan = PlanParser.parse("docs/practitioners.md", json.getBytes(StandardCharsets.UTF_8));
    assertThat(plan.conditions()).extracting(c -> c.name()).containsExactly("acks1", "acksall");
    assertThat(plan.schedule()).hasSize(2);
    String section = page.substring(h, page.indexOf("\n## ", h + 1));
    for (String column : new String[] {"plan_sha256", "ftl_version", "ftl_build_sha256", "workspace_commit",
        "workspace_dirty", "registered"}) {
      assertThat(section).contains("`" + column + "`");
    }
  }
}
