package ftl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import ftl.harness.host.HostCheck;
import ftl.harness.host.HostFacts;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code ftl doctor} (issue #54): the host rules on stated checks, and the command on this host. */
class DoctorCommandTest {

  private static HostCheck check(String clock, double cost, double steal, double other) {
    HostFacts f = new HostFacts("Test CPU", 2, "6.1", clock, "jvm", "4.4.0", "c", "boot", "tsc kvm-clock", "250",
        "voluntary");
    return new HostCheck(f, cost, 20, Double.isNaN(steal) ? "no" : "yes", steal, other, 500, "0.5", "", "madvise");
  }

  static Stream<Arguments> hosts() {
    return Stream.of(
        Arguments.of("quiet tsc host", check("tsc", 25, 0.5, 2), List.of("holds", "holds", "holds", "holds")),
        Arguments.of("kvm-clock", check("kvm-clock", 40, 0.5, 2), List.of("FAILS", "holds", "holds", "holds")),
        Arguments.of("hpet system call", check("hpet", 600, 0.5, 2), List.of("FAILS", "FAILS", "holds", "holds")),
        Arguments.of("steal above 5 %", check("tsc", 25, 5.1, 2), List.of("holds", "holds", "FAILS", "holds")),
        Arguments.of("steal not reported", check("tsc", 25, Double.NaN, 2), List.of("holds", "holds", "n/a", "holds")),
        Arguments.of("other tasks at 10 %", check("tsc", 25, 0, 10), List.of("holds", "holds", "holds", "holds")),
        Arguments.of("other tasks above 10 %", check("tsc", 25, 0, 10.1), List.of("holds", "holds", "holds", "FAILS")),
        Arguments.of("clock unknown", check("unknown", 25, 0, Double.NaN), List.of("n/a", "holds", "holds", "n/a")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("hosts")
  void judge_statedHosts_rulesAsStated(String label, HostCheck c, List<String> words) {
    assertThat(DoctorCommand.judge(c).stream().map(DoctorCommand.Judged::word).toList()).isEqualTo(words);
  }

  @Test
  void text_failingHost_namesTheRuleAndTheStrictExit() {
    HostCheck c = check("kvm-clock", 40, 0, 50);
    String t = DoctorCommand.text(c, DoctorCommand.judge(c), ExitCode.OK);
    assertThat(t).contains("FAILS  other-cpu   50.0 %").contains("Host: 2 rules fail; exit 0 (--strict exits 1)")
        .contains("kvm-clock (offered: tsc kvm-clock)");
  }

  @Test
  void doctor_json_thisHost_everyItemAndRule() throws Exception {
    CliRunner.Result r = CliRunner.run("doctor", "--json", "--window", "100ms");
    assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.OK);
    JsonNode j = new ObjectMapper().readTree(r.out());
    assertThat(j.path("items").size()).isEqualTo(9);
    assertThat(j.path("rules").size()).isEqualTo(DoctorCommand.HostRule.values().length);
    assertThat(j.path("figures").path("nanotime_cost_ns").asDouble()).isPositive();
  }

  @Test
  void doctor_badWindow_usage() {
    assertThat(CliRunner.run("doctor", "--window", "5ms").code()).isEqualTo(ExitCode.USAGE);
  }

  @Test
  void wrapped_longSentence_linesWithinWidthIndented() {
    String w = DoctorCommand.wrapped("aaaa bbbb cccc dddd", "  ", 12);
    assertThat(w).isEqualTo("  aaaa bbbb\n  cccc dddd\n");
  }

  @Test
  void chosen_sysfsChoice_bracketedWord() {
    assertThat(HostCheck.chosen("always [madvise] never\n")).isEqualTo("madvise");
    assertThat(HostCheck.chosen("performance\n")).isEqualTo("performance");
    assertThat(HostCheck.chosen(null)).isEmpty();
  }
}
