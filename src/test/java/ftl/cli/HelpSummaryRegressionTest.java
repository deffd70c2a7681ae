package ftl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Defect (issue #54): {@code ./ftl --help} listed each command by the first line of its description, so summaries
 * stopped mid-sentence ("check  Check one number: find the quantity by key (events.ackNegative), macro (\NegAckSpans)",
 * "check-pdf ... against the archive:"). Now every command list shows each command's first sentence whole, wrapped.
 */
class HelpSummaryRegressionTest {

  /** The command list of a help text: each command's name and its summary, continuation lines joined. */
  static Map<String, String> listed(String help) {
    Map<String, String> out = new LinkedHashMap<>();
    boolean in = false;
    String last = null;
    for (String line : help.split("\n")) {
      if (line.equals("Commands:")) {
        in = true;
        continue;
      }
      if (!in) {
        continue;
      }
      if (line.isBlank()) {
        break;
      }
      if (line.startsWith("  ") && !line.startsWith("   ")) {
        String[] p = line.strip().split("\\s+", 2);
        last = p[0];
        out.put(last, p.length > 1 ? p[1] : "");
      } else {
        out.put(last, out.get(last) + " " + line.strip());
      }
    }
    return out;
  }

  @Test
  void help_everyCommandListed_endsItsSentence() {
    CliRunner.Result r = CliRunner.run("--help");
    Map<String, String> listed = listed(r.out());
    assertThat(listed).containsKeys("reproduce", "check", "check-pdf", "report", "campaign", "broker", "help");
    List<String> cut = new ArrayList<>();
    listed.forEach((name, summary) -> {
      if (!summary.endsWith(".")) {
        cut.add(name + ": " + summary);
      }
    });
    assertThat(cut).as("summaries cut mid-sentence").isEmpty();
    assertThat(listed.get("check")).isEqualTo("Check one number against the data and every text that quotes it.");
  }

  @Test
  void help_subcommandLists_showWholeSentencesToo() {
    CliRunner.Result r = CliRunner.run("campaign", "--help");
    assertThat(listed(r.out()).values()).isNotEmpty().allMatch(s -> s.endsWith("."));
  }

  @Test
  void summary_descriptionOverSeveralLines_isItsFirstSentenceWhole() {
    CommandLine.Model.UsageMessageSpec u = CommandLine.Model.CommandSpec.create().usageMessage()
        .description("Check a PDF (e.g. one downloaded) against the", "archive: every number. Exit 0 when it agrees.");
    assertThat(Main.summary(u)).isEqualTo("Check a PDF (e.g. one downloaded) against the archive: every number.");
    assertThat(Main.summary(CommandLine.Model.CommandSpec.create().usageMessage()
        .description("Every quantity. --json prints objects.")))
        .isEqualTo("Every quantity.");
    assertThat(Main.summary(CommandLine.Model.CommandSpec.create().usageMessage().description("No full stop at all")))
        .isEqualTo("No full stop at all");
    assertThat(Main.summary(CommandLine.Model.CommandSpec.create().usageMessage().header("A header.")
        .description("Long. Text.")))
        .isEqualTo("A header.");
  }
}
