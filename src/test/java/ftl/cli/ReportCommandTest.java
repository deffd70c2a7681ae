package ftl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import ftl.report.format.RulesMarkdown;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/**
 * {@code ftl report}: its text and JSON on the synthetic campaigns of {@code src/test/resources/ftl/report} (the text
 * against golden files beside them), its exit codes (0 trusted, 1 a deciding rule fails, 2 usage, 3 bad data, 4 not
 * found) and its verdict on the archive's {@code data/cluster}.
 */
class ReportCommandTest {
  static final String FIXTURES = "src/test/resources/ftl/report";

  @Test
  void report_trustedFixture_printsTheGoldenTextAndExitsZero() throws IOException {
    CliRunner.Result r = CliRunner.run("report", FIXTURES + "/trusted");
    assertThat(r.err()).isEmpty();
    assertThat(r.out()).isEqualTo(golden("trusted.txt"));
    assertThat(r.code()).isEqualTo(ExitCode.OK);
  }

  @Test
  void report_untrustedFixture_printsTheGoldenTextAndExitsOne() throws IOException {
    CliRunner.Result r = CliRunner.run("report", FIXTURES + "/untrusted");
    assertThat(r.err()).isEmpty();
    assertThat(r.out()).isEqualTo(golden("untrusted.txt"));
    assertThat(r.code()).isEqualTo(ExitCode.DISAGREE);
  }

  private static String golden(String name) throws IOException {
    String text = Files.readString(Path.of(FIXTURES, name), StandardCharsets.UTF_8);
    return text.substring(text.indexOf('\n', text.indexOf("-- end of header --")) + 1); // after the comment header
  }

  static Stream<Arguments> exitCodes() {
    return Stream.of(
        Arguments.of("only the rules named decide", new String[] {"report", FIXTURES + "/untrusted", "--fail-on",
            "sign"}, ExitCode.DISAGREE, "Verdict: NOT TRUSTED: 1 rule fails (sign); exit 1"),
        Arguments.of("a rule that holds decides", new String[] {"report", FIXTURES + "/trusted", "--fail-on", "sign"},
            ExitCode.OK, "Verdict: TRUSTED: no rule that decides fails; exit 0"),
        Arguments.of("none decides", new String[] {"report", FIXTURES + "/untrusted", "--fail-on", "none"}, ExitCode.OK,
            "(does not decide)"),
        Arguments.of("the archive's cluster campaign fails", new String[] {"report", "data/cluster"}, ExitCode.DISAGREE,
            "FAILS  sign       48 of 48 runs have a negative A"),
        Arguments.of("the cluster's host held", new String[] {"report", "data/cluster", "--fail-on", "steal,other-cpu"},
            ExitCode.OK, "holds  steal      highest steal 0.0 %"),
        Arguments.of("unknown rule", new String[] {"report", FIXTURES + "/trusted", "--fail-on", "latency"},
            ExitCode.USAGE, "--fail-on: unknown rule \"latency\""),
        Arguments.of("no folder named", new String[] {"report"}, ExitCode.USAGE, "Missing required parameter: 'DIR'"),
        Arguments.of("no such folder", new String[] {"report", FIXTURES + "/nowhere"}, ExitCode.NOT_FOUND,
            "ftl: no such folder: " + FIXTURES + "/nowhere"),
        Arguments.of("a file, not a folder", new String[] {"report", FIXTURES + "/trusted/ledger.csv"},
            ExitCode.NOT_FOUND, "not a folder"),
        Arguments.of("no ledger", new String[] {"report", FIXTURES + "/malformed/no-ledger"}, ExitCode.BAD_DATA,
            "ftl: " + FIXTURES + "/malformed/no-ledger/ledger.csv: no ledger"),
        Arguments.of("malformed ledger", new String[] {"report", FIXTURES + "/malformed/bad-ledger"}, ExitCode.BAD_DATA,
            "ftl: " + FIXTURES + "/malformed/bad-ledger/ledger.csv:4: expected 6 fields, found 5"),
        Arguments.of("malformed events", new String[] {"report", FIXTURES + "/malformed/bad-events"}, ExitCode.BAD_DATA,
            "ftl: " + FIXTURES + "/malformed/bad-events/events/b1.csv:5: recv_ns is not an integer (\"41x\")"),
        Arguments.of("another tool's ledger", new String[] {"report", "data/omb-real"}, ExitCode.BAD_DATA,
            "ftl: data/omb-real/ledger.csv:1: is the ledger of another tool's runs"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("exitCodes")
  void report_case_exitsWithItsCodeAndSaysWhy(String label, String[] args, int code, String says) {
    CliRunner.Result r = CliRunner.run(args);
    assertThat(r.out() + r.err()).as(label).contains(says);
    assertThat(r.code()).as(label).isEqualTo(code);
  }

  @Test
  void report_json_carriesTheFiguresRulesAndExitCode() throws IOException {
    CliRunner.Result r = CliRunner.run("report", FIXTURES + "/untrusted", "--json", "--fail-on", "sign,steal");
    assertThat(r.code()).isEqualTo(ExitCode.DISAGREE);
    JsonNode j = new ObjectMapper().readTree(r.out());
    assertThat(j.path("format").asText()).isEqualTo("ftl-report");
    assertThat(j.path("version").asInt()).isEqualTo(1);
    assertThat(j.path("campaign").asText()).isEqualTo("untrusted");
    assertThat(j.path("runs").path("failed").asLong()).isEqualTo(1);
    JsonNode acks1 = j.path("conditions").get(0);
    assertThat(acks1.path("condition").asText()).isEqualTo("acks1");
    assertThat(acks1.path("flight_ns").path("p50").asLong()).isEqualTo(413_300);
    assertThat(acks1.path("ack_span_ns").path("min").asLong()).isEqualTo(-50_100);
    assertThat(acks1.path("sign").path("ack_negative").asLong()).isEqualTo(2);
    assertThat(acks1.path("guard").path("retention").asDouble()).isEqualTo(0.55);
    assertThat(acks1.path("host").path("steal_pct_max").asDouble()).isEqualTo(7.5);
    assertThat(j.path("conditions").get(1).path("host").path("steal_pct_max").isNull()).isTrue();
    assertThat(j.path("rules")).hasSize(6);
    assertThat(j.path("rules").get(3).path("rule").asText()).isEqualTo("steal");
    assertThat(j.path("rules").get(3).path("failing_at").get(0).asText()).isEqualTo("u1");
    assertThat(j.path("rules").get(1).path("decides").asBoolean()).isFalse();
    assertThat(j.path("verdict").path("exit_code").asInt()).isEqualTo(ExitCode.DISAGREE);
    assertThat(j.path("verdict").path("failed").toString()).isEqualTo("[\"sign\",\"steal\"]");
  }

  @Test
  void report_rules_printsTheTableOfThePractitionersPage() {
    CliRunner.Result r = CliRunner.run("report", "--rules");
    assertThat(r.code()).isEqualTo(ExitCode.OK);
    assertThat(r.out()).isEqualTo(RulesMarkdown.table());
  }

  @Test
  void displayParent_asTheUserWroteIt() {
    Path abs = Path.of("/x/y/camp");
    assertThat(ReportCommand.displayParent(Path.of("data/cluster"), abs)).isEqualTo("data");
    assertThat(ReportCommand.displayParent(Path.of("camp"), abs)).isEqualTo(".");
    assertThat(ReportCommand.displayParent(Path.of("/x/y/camp"), abs)).isEqualTo("/x/y");
    assertThat(ReportCommand.displayParent(Path.of("."), abs)).isEqualTo("/x/y");
  }
}
