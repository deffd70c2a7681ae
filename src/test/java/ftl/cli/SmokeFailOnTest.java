package ftl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.report.TrustRule;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue #54: {@code ftl campaign smoke} ends with report's verdict, and takes report's {@code --fail-on} (one mixin,
 * {@link FailOnOption}, whose words are {@link TrustRule}'s ids): the rules named decide the smoke's exit code, an
 * unknown rule is refused before anything runs, and {@code --system}, which writes no campaign folder, refuses it.
 * The verdict is tested on the report's synthetic fixtures ({@code src/test/resources/ftl/report}), so no broker runs.
 */
class SmokeFailOnTest {
  static final Path UNTRUSTED = Path.of(ReportCommandTest.FIXTURES, "untrusted");
  static final Path TRUSTED = Path.of(ReportCommandTest.FIXTURES, "trusted");

  @TempDir Path tmp;

  @Test
  void withVerdict_rulesNamedDecide() {
    assertThat(verdict(0, UNTRUSTED, EnumSet.allOf(TrustRule.class))).isEqualTo(ExitCode.DISAGREE);
    assertThat(verdict(0, UNTRUSTED, TrustRule.parse("sign"))).isEqualTo(ExitCode.DISAGREE);
    assertThat(verdict(0, UNTRUSTED, TrustRule.parse("none"))).isEqualTo(ExitCode.OK);
    assertThat(verdict(0, TRUSTED, EnumSet.allOf(TrustRule.class))).isEqualTo(ExitCode.OK);
    // a run that failed keeps the instrument's code, whatever the rules say
    assertThat(verdict(ExitCode.HARNESS, UNTRUSTED, TrustRule.parse("none"))).isEqualTo(ExitCode.HARNESS);
  }

  @Test
  void withVerdict_printsWhichRulesDecide() {
    String out = printed(() -> CampaignCommand.Smoke.withVerdict(0, UNTRUSTED, TrustRule.parse("sign")));
    assertThat(out).contains("Verdict: NOT TRUSTED: 1 rule fails (sign); exit 1").contains("(does not decide)");
  }

  @Test
  void smoke_unknownRule_isRefusedBeforeAnythingRuns() {
    Path out = tmp.resolve("smoke");
    CliRunner.Result r = CliRunner.run("--root", tmp.toString(), "campaign", "smoke", "--fail-on", "latency", "--out",
        out.toString());
    assertThat(r.code()).as("stderr: %s", r.err()).isEqualTo(ExitCode.USAGE);
    assertThat(r.err()).contains("--fail-on: unknown rule \"latency\" (rules: " + TrustRule.ids()
        + "; or all, or none)")
        .doesNotContain("starting");
    assertThat(out).doesNotExist();
    assertThat(tmp.resolve("scratch")).doesNotExist();
  }

  @Test
  void smoke_failOnWithSystem_isAUsageError() {
    CliRunner.Result r = CliRunner.run("--root", tmp.toString(), "campaign", "smoke", "--system", "nats", "--fail-on",
        "sign", "--out", tmp.resolve("nats").toString());
    assertThat(r.code()).as("stderr: %s", r.err()).isEqualTo(ExitCode.USAGE);
    assertThat(r.err()).contains("--fail-on judges the smoke plan's campaign folder").doesNotContain("starting");
    assertThat(tmp.resolve("nats")).doesNotExist();
  }

  @Test
  void failOn_helpIsTheSameOnReportAndSmoke() {
    String report = failOnHelp(CliRunner.run("report", "--help").out());
    String smoke = failOnHelp(CliRunner.run("campaign", "smoke", "--help").out());
    assertThat(report).startsWith("--fail-on=RULE,... ").isEqualTo(smoke);
    for (TrustRule rule : TrustRule.values()) {
      assertThat(report).contains(rule.id());
    }
  }

  /** The help of {@code --fail-on}: its own line and the indented lines that continue it, spaces collapsed. */
  private static String failOnHelp(String help) {
    List<String> lines = help.lines().toList();
    int i = 0;
    while (i < lines.size() && !lines.get(i).strip().startsWith("--fail-on")) {
      i++;
    }
    int j = i + 1;
    while (j < lines.size() && lines.get(j).startsWith("                ")) {
      j++;
    }
    return String.join(" ", lines.subList(Math.min(i, lines.size()), Math.min(j, lines.size()))).strip()
        .replaceAll("\\s+", " ");
  }

  private static int verdict(int code, Path dir, Set<TrustRule> deciding) {
    int[] got = new int[1];
    printed(() -> got[0] = CampaignCommand.Smoke.withVerdict(code, dir, deciding));
    return got[0];
  }

  private static String printed(Runnable r) {
    synchronized (System.class) {
      PrintStream old = System.out;
      ByteArrayOutputStream bo = new ByteArrayOutputStream();
      try {
        System.setOut(new PrintStream(bo, true, StandardCharsets.UTF_8));
        r.run();
      } finally {
        System.setOut(old);
      }
      return bo.toString(StandardCharsets.UTF_8);
    }
  }
}
