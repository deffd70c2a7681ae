package ftl.quantity.verdict;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.data.registration.Criteria;
import ftl.quantity.RealDataTest;
import ftl.quantity.Registry;
import ftl.quantity.core.Format;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The tally's unit on the archive's own data: one registered test (issue #45). */
class RegisteredTestsTest {

  private static final Registry REG = Registry.forData(RealDataTest.ANALYSIS.data());

  @Test
  void notTests_everyKey_isAVerdictOfTheRegistry() {
    for (Map.Entry<String, String> e : REG.notTests().entrySet()) {
      assertThat(REG.byKey(e.getKey())).as(e.getKey() + " (" + e.getValue() + ")")
          .hasValueSatisfying(q -> assertThat(q.format()).isEqualTo(Format.VERDICT));
    }
  }

  /** The six two-sided bands of the tools' plans (OMB's RabbitMQ and NATS drivers, PerfTest) are one test each. */
  @Test
  void notTests_theToolsBands_countOnceAsTheirClaim() {
    assertThat(REG.notTests()).containsKeys("criterion.omb-rabbitmq.secondQuantumLowR800",
        "criterion.omb-rabbitmq.secondQuantumHighR800").doesNotContainKey("criterion.omb-rabbitmq.secondQuantumR800");
    assertThat(REG.notTests().values().stream().filter(w -> w.startsWith("one half of the two-sided band")).count())
        .isEqualTo(12);
  }

  private static Criteria.Rule rule(String id, String statistic, Criteria.Comparison c) {
    return new Criteria.Rule(id, "a claim", false, statistic, c, "", "", List.of(BigDecimal.ONE),
        "count", "run", List.of(), Optional.empty(), 1, Map.of());
  }

  /** A band is exactly two rules, all of which must hold, on one statistic, one from below and one from above. */
  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "low then high | true | lo,hi | true",
      "high then low | true | hi,lo | true",
      "any, not all | false | lo,hi | false",
      "one rule | true | lo | false",
      "three rules | true | lo,hi,lo2 | false",
      "a rule the plan lacks | true | lo,none | false",
      "the plan lacks the first | true | none,hi | false",
      "two statistics | true | lo,other | false",
      "both from below | true | lo,lo2 | false",
      "both from above | true | hi,hi2 | false"})
  void band_twoOneSidedRulesOnOneStatistic(String name, boolean all, String of, boolean band) {
    Map<String, Criteria.Rule> rules = Map.of(
        "lo", rule("lo", "x", Criteria.Comparison.GE), "lo2", rule("lo2", "x", Criteria.Comparison.GT),
        "hi", rule("hi", "x", Criteria.Comparison.LE), "hi2", rule("hi2", "x", Criteria.Comparison.LT),
        "other", rule("other", "y", Criteria.Comparison.LE));
    Criteria.Claim cl = new Criteria.Claim("c", "a band", all, List.of(of.split(",")), 1);
    assertThat(RegisteredTests.band(cl, rules)).isEqualTo(band);
  }

  /** A registry verdict restating another, and a plan's claim joining rules, are not tests; their parts are. */
  @Test
  void notTests_combinedClaims_butNotTheirParts() {
    assertThat(REG.notTests()).containsKeys("claim.replayBursts", "claim.payload", "ombReal.heldout.verdict",
        "criterion.confirm.priorityCollapse");
    assertThat(REG.notTests()).doesNotContainKeys("replay.prediction.bursts", "payload.prediction.size",
        "criterion.confirm.collapseJvmOriginal");
  }
}
