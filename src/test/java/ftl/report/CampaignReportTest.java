package ftl.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.DataSet;
import ftl.data.io.DataException;
import ftl.data.ledger.RunStatus;
import ftl.data.registration.RunExclusion;
import ftl.stats.GridLaw;
import ftl.stats.GuardCounts;
import ftl.stats.Rate;
import ftl.trust.Outcome;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code ftl report} on the synthetic campaigns of {@code src/test/resources/ftl/report} (each file's comment header
 * says what it holds): every figure and every rule's outcome and evidence, exactly. The expected values were computed
 * from the fixtures' events by hand arithmetic (nearest rank {@code ceil(p n / 100)} over the values floored to 100
 * ns).
 */
class CampaignReportTest {
  static final Path FIXTURES = Path.of("src/test/resources/ftl/report");

  static CampaignReport report(String name, Set<TrustRule> failOn) {
    return CampaignReport.of(DataSet.campaignAt(FIXTURES.resolve(name), "fixtures"), failOn);
  }

  static final CampaignReport TRUSTED = report("trusted", EnumSet.allOf(TrustRule.class));
  static final CampaignReport UNTRUSTED = report("untrusted", EnumSet.allOf(TrustRule.class));

  @Test
  void figures_trusted_poolTheTwoRunsOfItsCondition() {
    CampaignFigures c = TRUSTED.figures();
    assertThat(c.name()).isEqualTo("trusted");
    assertThat(c.displayDir()).isEqualTo("fixtures/trusted");
    assertThat(c.preRegistered()).isFalse();
    assertThat(c.runsTotal()).isEqualTo(2);
    assertThat(c.runsOk()).isEqualTo(2);
    assertThat(c.eventsTaken()).isEqualTo(16);
    assertThat(c.conditions()).hasSize(1);
    ConditionFigures q = c.conditions().get(0);
    assertThat(q.condition()).isEqualTo("quiet");
    assertThat(q.flight()).isEqualTo(new Spread(16, 2_000_000, 2_070_000, 2_640_000, 2_640_000, 2_640_000));
    assertThat(q.displacement()).isEqualTo(new Spread(16, 300_000, 307_000, 324_000, 324_000, 324_000));
    assertThat(q.ackSpan()).isEqualTo(new Spread(16, 1_700_000, 1_763_000, 2_316_000, 2_316_000, 2_316_000));
    assertThat(q.sign().complete()).isEqualTo(16);
    assertThat(q.sign().ackNegative()).isZero();
    assertThat(q.runsWithNegativeA()).isZero();
    assertThat(q.guard()).isEqualTo(new GuardCounts(16, 16, 0, 0, 0, 0));
    assertThat(q.grid()).isEqualTo(new GridLaw.RunPrediction(16, 16, 16, 16, 0));
    assertThat(q.catchUp()).isEqualTo(new Rate(0, 14));
    assertThat(q.sendIntervalNanos()).hasValue(2_000_000);
    assertThat(q.gridPhases()).hasValue(1); // 2 ms / 1 ms = 2/1
    assertThat(q.pacingLagP50Nanos()).hasValue(50_000); // lower middle of 50,000 and 70,000
    assertThat(q.pacingLagMaxNanos()).hasValue(1_200_000);
    assertThat(q.maxOver(RunFigures::stealPercent)).hasValue(1.0);
    assertThat(q.maxOver(RunFigures::otherRunPercent)).hasValue(2.5);
  }

  @Test
  void figures_untrusted_countTheFailedRunAndPoolByCondition() {
    CampaignFigures c = UNTRUSTED.figures();
    assertThat(c.runsByStatus()).containsEntry(RunStatus.OK, 3L).containsEntry(RunStatus.FAILED, 1L)
        .containsEntry(RunStatus.ABORTED, 0L);
    assertThat(c.conditions()).extracting(ConditionFigures::condition).containsExactly("acks1", "acksall");
    ConditionFigures acks1 = c.conditions().get(0);
    ConditionFigures acksAll = c.conditions().get(1);
    assertThat(acks1.runs()).extracting(RunFigures::runId).containsExactly("u1", "u2");
    assertThat(acks1.flight()).isEqualTo(new Spread(20, 398_700, 413_300, 2_100_000, 2_100_000, 2_100_000));
    assertThat(acks1.displacement()).isEqualTo(new Spread(20, 150_000, 159_900, 473_300, 473_300, 473_300));
    // A = -50,050 ns floors to -50,100 ns (floored, not truncated toward zero)
    assertThat(acks1.ackSpan()).isEqualTo(new Spread(20, -50_100, 243_000, 1_940_000, 1_940_000, 1_940_000));
    assertThat(acks1.sign().ackNegative()).isEqualTo(2);
    assertThat(acks1.runsWithNegativeA()).isEqualTo(1);
    assertThat(acks1.guard()).isEqualTo(new GuardCounts(20, 11, 9, 0, 0, 0));
    assertThat(acks1.grid()).isEqualTo(new GridLaw.RunPrediction(20, 11, 11, 20, 0));
    assertThat(acks1.catchUp()).isEqualTo(new Rate(0, 18));
    assertThat(acksAll.flight()).isEqualTo(new Spread(10, 600_000, 724_900, 881_100, 881_100, 881_100));
    assertThat(acksAll.displacement()).isEqualTo(new Spread(10, 300_000, 320_000, 869_800, 869_800, 869_800));
    assertThat(acksAll.ackSpan()).isEqualTo(new Spread(10, -20_000, 378_700, 536_100, 536_100, 536_100));
    assertThat(acksAll.guard()).isEqualTo(new GuardCounts(10, 6, 4, 0, 0, 0));
    assertThat(acksAll.catchUp()).isEqualTo(new Rate(2, 9));
    assertThat(acksAll.maxOver(RunFigures::stealPercent)).isEmpty();
    assertThat(acksAll.pacingLagMaxNanos()).hasValue(3_100_000);
  }

  /** Every rule on both fixtures: outcome, units judged and failing, and the evidence printed beside it. */
  static Stream<Arguments> rules() {
    return Stream.of(
        Arguments.of("trusted", TrustRule.SIGN, Outcome.HOLDS, 2, List.of(),
            "0 of 2 runs have a negative A (0 of 16 complete events, 0.0 %; highest share 0.0 % in quiet)"),
        Arguments.of("trusted", TrustRule.RETENTION, Outcome.HOLDS, 1, List.of(),
            "lowest retention 100.0 % in quiet (16 of 16 kept) >= 99.0 %; 0 of 1 conditions below"),
        Arguments.of("trusted", TrustRule.QUANTUM, Outcome.HOLDS, 1, List.of(),
            "lowest median flight 2.07 ms in quiet >= q = 1 ms; 0 of 1 conditions below"),
        Arguments.of("trusted", TrustRule.STEAL, Outcome.HOLDS, 2, List.of(),
            "highest steal 1.0 % (run t2, quiet) <= 5 %; 0 of 2 runs above"),
        Arguments.of("trusted", TrustRule.OTHER_CPU, Outcome.HOLDS, 2, List.of(),
            "highest other tasks' run time 2.5 % (run t2, quiet) <= 10 %; 0 of 2 runs above"),
        Arguments.of("trusted", TrustRule.CATCH_UP, Outcome.HOLDS, 2, List.of(),
            "highest catch-up 0.0 % (run t1, quiet) <= 10 %; 0 of 2 runs above"),
        Arguments.of("untrusted", TrustRule.SIGN, Outcome.FAILS, 3, List.of("u2", "u4"),
            "2 of 3 runs have a negative A (3 of 30 complete events, 10.0 %; highest share 10.0 % in acks1)"),
        Arguments.of("untrusted", TrustRule.RETENTION, Outcome.FAILS, 2, List.of("acks1", "acksall"),
            "lowest retention 55.0 % in acks1 (11 of 20 kept) < 99.0 %; 2 of 2 conditions below"),
        Arguments.of("untrusted", TrustRule.QUANTUM, Outcome.FAILS, 2, List.of("acks1", "acksall"),
            "lowest median flight 0.41 ms in acks1 < q = 1 ms; 2 of 2 conditions below"),
        Arguments.of("untrusted", TrustRule.STEAL, Outcome.FAILS, 2, List.of("u1"),
            "highest steal 7.5 % (run u1, acks1) > 5 %; 1 of 2 runs above"),
        Arguments.of("untrusted", TrustRule.OTHER_CPU, Outcome.FAILS, 2, List.of("u2"),
            "highest other tasks' run time 12.5 % (run u2, acks1) > 10 %; 1 of 2 runs above"),
        Arguments.of("untrusted", TrustRule.CATCH_UP, Outcome.FAILS, 3, List.of("u4"),
            "highest catch-up 22.2 % (run u4, acksall) > 10 %; 1 of 3 runs above"));
  }

  @ParameterizedTest(name = "{0}: {1} {2}")
  @MethodSource("rules")
  void judge_fixture_givesOutcomeAndEvidence(String campaign, TrustRule rule, Outcome outcome, long judged,
                                             List<String> failingAt, String evidence) {
    CampaignReport r = campaign.equals("trusted") ? TRUSTED : UNTRUSTED;
    RuleResult result = r.rules().get(rule.ordinal());
    assertThat(result.rule()).isEqualTo(rule);
    assertThat(result.outcome()).isEqualTo(outcome);
    assertThat(result.judged()).isEqualTo(judged);
    assertThat(result.failingAt()).containsExactlyElementsOf(failingAt);
    assertThat(result.evidence()).isEqualTo(evidence);
    assertThat(result.boundFromPlan()).isFalse(); // neither fixture has a plan
  }

  @Test
  void verdict_trusted_holdsAndUntrusted_failsOnlyOnTheRulesChosen() {
    assertThat(TRUSTED.trusted()).isTrue();
    assertThat(TRUSTED.deciding()).isEmpty();
    assertThat(UNTRUSTED.trusted()).isFalse();
    assertThat(UNTRUSTED.deciding()).extracting(RuleResult::rule).containsExactly(TrustRule.values());
    CampaignReport steal = report("untrusted", TrustRule.parse("steal"));
    assertThat(steal.deciding()).extracting(RuleResult::rule).containsExactly(TrustRule.STEAL);
    CampaignReport none = report("untrusted", TrustRule.parse("none"));
    assertThat(none.trusted()).isTrue();
    assertThat(none.failOnInOrder()).isEmpty();
  }

  @Test
  void parse_failOnLists_nameTheRulesOrRefuse() {
    assertThat(TrustRule.parse("all")).containsExactlyInAnyOrder(TrustRule.values());
    assertThat(TrustRule.parse(" Sign ,catch-up")).containsExactlyInAnyOrder(TrustRule.SIGN, TrustRule.CATCH_UP);
    assertThat(TrustRule.parse("none")).isEmpty();
    assertThat(TrustRule.ids()).isEqualTo("sign,retention,quantum,steal,other-cpu,catch-up");
    assertThatThrownBy(() -> TrustRule.parse("sign,latency")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
        "unknown rule \"latency\" (rules: sign,retention,quantum,steal,other-cpu,catch-up; or all, or none)");
    assertThatThrownBy(() -> TrustRule.parse("sign,none")).hasMessageContaining("unknown rule \"none\"");
    assertThatThrownBy(() -> TrustRule.parse("")).hasMessageContaining("unknown rule \"\"");
  }

  @Test
  void bounds_aPlansExclusionRule_replacesTheHostBoundsItSets() {
    assertThat(TrustRule.Bounds.of(Optional.empty())).isEqualTo(TrustRule.Bounds.DEFAULT);
    TrustRule.Bounds b = TrustRule.Bounds.of(Optional.of(new RunExclusion(3, Double.NaN, Double.NaN, Double.NaN)));
    assertThat(b).isEqualTo(new TrustRule.Bounds(3, true, TrustRule.MAX_OTHER_RUN_PCT, false));
    assertThat(b.fromPlan(TrustRule.STEAL)).isTrue();
    assertThat(b.fromPlan(TrustRule.OTHER_CPU)).isFalse();
    assertThat(b.fromPlan(TrustRule.SIGN)).isFalse();
    TrustRule.Bounds o = TrustRule.Bounds.of(Optional.of(new RunExclusion(Double.NaN, 10, Double.NaN, 4)));
    assertThat(o).isEqualTo(new TrustRule.Bounds(TrustRule.MAX_STEAL_PCT, false, 4, true));
  }

  @Test
  void campaignAt_badFolders_nameTheFileAndLine() {
    Path bad = FIXTURES.resolve("malformed");
    assertThatThrownBy(() -> DataSet.campaignAt(bad.resolve("no-ledger"), "m")).isInstanceOf(DataException.class)
        .hasMessage("m/no-ledger/ledger.csv: no ledger: a campaign folder holds ledger.csv (one row per run) and the"
            + " runs' events/");
    assertThatThrownBy(() -> DataSet.campaignAt(bad.resolve("bad-ledger"), "m")).isInstanceOf(DataException.class)
        .hasMessage("m/bad-ledger/ledger.csv:4: expected 6 fields, found 5");
    assertThatThrownBy(() -> CampaignReport.of(DataSet.campaignAt(bad.resolve("bad-events"), "m"), Set.of()))
        .isInstanceOf(DataException.class)
        .hasMessage("m/bad-events/events/b1.csv:5: recv_ns is not an integer (\"41x\")");
  }
}
