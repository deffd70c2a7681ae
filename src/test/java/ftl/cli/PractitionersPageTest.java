package ftl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.report.TrustRule;
import ftl.report.format.RulesMarkdown;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/practitioners.md}, the page a practitioner reads first, states the trust rules of {@code ftl report} as
 * the code applies them: its table is {@link RulesMarkdown#table()} verbatim (rendered from {@link TrustRule}, the one
 * source), it is linked from the README's first screen, and it links the harness audit table it explains.
 */
class PractitionersPageTest {
  static final Path PAGE = Path.of("docs/practitioners.md");
  /** The README's first screen: what a newcomer sees before scrolling. */
  static final int FIRST_SCREEN_LINES = 25;

  @Test
  void rulesTable_onThePage_isTheOneTheCodeRenders() throws IOException {
    String page = Files.readString(PAGE, StandardCharsets.UTF_8);
    int b = page.indexOf(RulesMarkdown.BEGIN + "\n");
    int e = page.indexOf(RulesMarkdown.END);
    assertThat(b).as("the page lacks " + RulesMarkdown.BEGIN).isNotNegative();
    assertThat(e).as("the page lacks " + RulesMarkdown.END).isGreaterThan(b);
    String shown = page.substring(b + RulesMarkdown.BEGIN.length() + 1, e);
    assertThat(shown).as("docs/practitioners.md's rules are stale: paste ./ftl report --rules between the markers")
        .isEqualTo(RulesMarkdown.table());
  }

  @Test
  void rulesTable_namesEveryRuleAndBound() {
    String table = RulesMarkdown.table();
    for (TrustRule r : TrustRule.values()) {
      assertThat(table).contains("| `" + r.id() + "` |").contains(r.statement().bound());
    }
    assertThat(table.lines()).hasSize(TrustRule.values().length + 2);
  }

  @Test
  void clusterExcerpt_onThePage_isWhatTheCommandPrints() throws IOException {
    String page = Files.readString(PAGE, StandardCharsets.UTF_8);
    int b = page.indexOf("```text\ncampaign data/cluster");
    assertThat(b).as("the page's excerpt of ftl report data/cluster").isNotNegative();
    List<String> excerpt = page.substring(b + "```text\n".length(), page.indexOf("\n```", b)).lines()
        .filter(l -> !l.startsWith("[...")).toList();
    CliRunner.Result r = CliRunner.run("report", "data/cluster");
    assertThat(r.code()).isEqualTo(ExitCode.DISAGREE);
    List<String> printed = r.out().lines().toList();
    assertThat(printed).as("lines of the page's excerpt the command no longer prints").containsAll(excerpt);
    assertThat(excerpt).hasSizeGreaterThan(20);
  }

  @Test
  void page_linkedFromTheReadmesFirstScreen_andLinksTheHarnessAudit() throws IOException {
    List<String> readme = Files.readAllLines(Path.of("README.md"), StandardCharsets.UTF_8);
    assertThat(String.join("\n", readme.subList(0, FIRST_SCREEN_LINES))).contains("(docs/practitioners.md)");
    String page = Files.readString(PAGE, StandardCharsets.UTF_8);
    assertThat(page).contains("(../data/audit/harnesses.csv)");
    assertThat(Files.isRegularFile(Path.of("data/audit/harnesses.csv"))).isTrue();
    // every rule is named where the page explains --fail-on
    assertThat(page).contains("--fail-on");
    Arrays.stream(TrustRule.values()).forEach(r -> assertThat(page).contains("`" + r.id() + "`"));
  }
}
