package ftl.quantity.verdict;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import ftl.data.registration.Criteria;
import ftl.quantity.core.Unit;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class FragilityQuantitiesTest {

  /** With 2 degrees of freedom Student's t has F(t) = 1/2 + t / (2 sqrt(t^2 + 2)); for {1, 2, 3}, t = 2 sqrt(3). */
  private static final double F = 0.5 + Math.sqrt(3) / Math.sqrt(14);

  private static Criteria.Rule rule(Criteria.Comparison c, double... bounds) {
    return new Criteria.Rule("r", "a claim", false, "cluster.collapseControl", c, "lo", "hi",
        java.util.Arrays.stream(bounds).mapToObj(BigDecimal::valueOf).toList(), "ratio", "block", List.of(),
        Optional.empty(), 1, Map.of());
  }

  @Test
  void p_eachComparison_isOneSidedInTheRulesDirection_againstTheClosedForm() {
    double[] x = {1, 2, 3};
    assertThat(FragilityQuantities.p(rule(Criteria.Comparison.INTERVAL_ABOVE, 0), x, false, false))
        .isCloseTo(1 - F, within(1e-9));
    assertThat(FragilityQuantities.p(rule(Criteria.Comparison.INTERVAL_BELOW, 4), x, false, false))
        .isCloseTo(1 - F, within(1e-9)); // x - 4 = {-3, -2, -1}: the mirror
    assertThat(FragilityQuantities.p(rule(Criteria.Comparison.INTERVAL_EXCLUDES, 0), x, false, false))
        .isCloseTo(1 - F, within(1e-9));
    // within [-1, 5]: x + 1 = {2, 3, 4} and x - 5 = {-4, -3, -2}, both t = 3 sqrt(3); the larger p is either
    double g = 0.5 + 3 * Math.sqrt(3) / (2 * Math.sqrt(29));
    assertThat(FragilityQuantities.p(rule(Criteria.Comparison.INTERVAL_WITHIN, -1, 5), x, false, false))
        .isCloseTo(1 - g, within(1e-9));
  }

  @Test
  void p_onTheLogScale_comparesTheBoundsLogarithm_andExactGivesOneInTwoToTheN() {
    double[] x = {Math.log(2), Math.log(4), Math.log(8)}; // ln 2 times {1, 2, 3}
    assertThat(FragilityQuantities.p(rule(Criteria.Comparison.INTERVAL_ABOVE, 1), x, true, false))
        .isCloseTo(1 - F, within(1e-9));
    assertThat(FragilityQuantities.p(rule(Criteria.Comparison.INTERVAL_ABOVE, 1), x, true, true)).isEqualTo(0.125);
    assertThat(FragilityQuantities.p(rule(Criteria.Comparison.INTERVAL_BELOW, 1), x, true, true)).isEqualTo(1.0);
    assertThat(FragilityQuantities.p(rule(Criteria.Comparison.INTERVAL_ABOVE, 1), new double[0], true, true)).isNaN();
    assertThat(FragilityQuantities.p(rule(Criteria.Comparison.INTERVAL_ABOVE, 1), new double[25], true, true)).isNaN();
    assertThat(FragilityQuantities.p(rule(Criteria.Comparison.INTERVAL_ABOVE, 1), new double[] {1}, true, false))
        .isNaN();
  }

  @Test
  void source_contrastsAndInteractionsAreRatios_perConditionMeansKeepTheirUnit_anythingElseNone() {
    assertThat(FragilityQuantities.source("cluster", "cluster.collapseControl")).map(FragilityQuantities.Source::log)
        .contains(true);
    assertThat(FragilityQuantities.source("confirm", "confirm.collapseJvm")).map(FragilityQuantities.Source::log)
        .contains(true);
    assertThat(FragilityQuantities.source("setting", "setting.collapseJvmShort")).map(FragilityQuantities.Source::log)
        .contains(true);
    assertThat(FragilityQuantities.source("setting", "setting.designJvm")).map(FragilityQuantities.Source::unit)
        .contains(Unit.RATIO);
    assertThat(FragilityQuantities.source("cluster", "cluster.negativeRate.rf1")).map(FragilityQuantities.Source::unit)
        .contains(Unit.FRACTION);
    assertThat(FragilityQuantities.source("cluster", "cluster.designJvm")).isEmpty();
    assertThat(FragilityQuantities.source("cluster", "cluster.negativeRate")).isEmpty();
    assertThat(FragilityQuantities.source("cluster", "cluster.nothing.rf1")).isEmpty();
    assertThat(FragilityQuantities.source("cluster", "confirm.collapseJvm")).isEmpty();
  }

  @Test
  void logsAndInteractions_overTheBlocksBothHave() {
    TreeMap<Integer, Double> num = new TreeMap<>(Map.of(1, 4.0, 2, 2.0, 3, 8.0));
    TreeMap<Integer, Double> den = new TreeMap<>(Map.of(1, 2.0, 3, 2.0));
    assertThat(FragilityQuantities.logs(den)).containsExactly(Math.log(2), Math.log(2));
    assertThat(FragilityQuantities.interactionLogs(num, den)).containsExactly(Math.log(2), Math.log(4));
  }

  @Test
  void boot_backOnTheRatioScale_whenLogs() {
    double[] x = {0.1, 0.5, 0.2, 0.9};
    double[] lin = FragilityQuantities.boot(x, false);
    double[] log = FragilityQuantities.boot(x, true);
    assertThat(log[0]).isCloseTo(Math.exp(lin[0]), within(1e-12));
    assertThat(log[1]).isCloseTo(Math.exp(lin[1]), within(1e-12));
  }

  @Test
  void bounds_oneOrTwo() {
    assertThat(FragilityQuantities.bounds(rule(Criteria.Comparison.INTERVAL_ABOVE, 1))).isEqualTo("1.0");
    assertThat(FragilityQuantities.bounds(rule(Criteria.Comparison.INTERVAL_WITHIN, 0.9, 1.1))).isEqualTo("[0.9, 1.1]");
  }

  @Test
  void holm_overTheRulesWithAFiniteP_leavesTheOthersOut() {
    Criteria.Rule a = new Criteria.Rule("a", "c", false, "s", Criteria.Comparison.INTERVAL_ABOVE, "l", "u",
        List.of(BigDecimal.ZERO), "1", "block", List.of(), Optional.empty(), 1, Map.of());
    Criteria.Rule b = new Criteria.Rule("b", "c", false, "s", Criteria.Comparison.INTERVAL_ABOVE, "l", "u",
        List.of(BigDecimal.ZERO), "1", "block", List.of(), Optional.empty(), 1, Map.of());
    Criteria.Rule c = new Criteria.Rule("c", "c", false, "s", Criteria.Comparison.INTERVAL_ABOVE, "l", "u",
        List.of(BigDecimal.ZERO), "1", "block", List.of(), Optional.empty(), 1, Map.of());
    Map<String, Criteria.Rule> family = new LinkedHashMap<>(Map.of("a", a));
    family.put("b", b);
    family.put("c", c);
    Map<String, FragilityQuantities.Source> sources = Map.of(
        "a", new FragilityQuantities.Source(false, an -> new double[] {1, 2, 3}, Unit.DIMENSIONLESS, null),
        "b", new FragilityQuantities.Source(false, an -> new double[] {-1, 2, 3}, Unit.DIMENSIONLESS, null),
        "c", new FragilityQuantities.Source(false, an -> new double[] {1}, Unit.DIMENSIONLESS, null));
    Map<String, Double> h = FragilityQuantities.holm(null, family, sources);
    assertThat(h).containsOnlyKeys("a", "b");
    double pa = 1 - F;
    double pb = FragilityQuantities.p(b, new double[] {-1, 2, 3}, false, false);
    assertThat(pb).isGreaterThan(pa);
    assertThat(h.get("a")).isCloseTo(2 * pa, within(1e-12));
    assertThat(h.get("b")).isCloseTo(Math.max(2 * pa, pb), within(1e-12));
  }

  private static Criteria.Rule ruleOn(String id, String statistic, Criteria.Comparison c, boolean consistency) {
    return new Criteria.Rule(id, "a claim", consistency, statistic, c, "lo", "hi", List.of(BigDecimal.ONE), "ratio",
        "block", List.of(), Optional.empty(), 1, Map.of());
  }

  @Test
  void forCampaign_onlyResolvableIntervalRulesThatAreNotConsistencyChecks_andTheirValuesOrWhyNot() {
    List<ftl.quantity.core.Quantity> q = FragilityQuantities.forCampaign("setting", List.of(
        ruleOn("kept", "setting.collapseJvmShort", Criteria.Comparison.INTERVAL_ABOVE, false),
        ruleOn("check", "setting.collapseJvmShort", Criteria.Comparison.INTERVAL_ABOVE, true),
        ruleOn("unknown", "setting.nothing", Criteria.Comparison.INTERVAL_ABOVE, false),
        ruleOn("point", "setting.collapseJvmShort", Criteria.Comparison.GE, false)));
    assertThat(q).extracting(ftl.quantity.core.Quantity::key).containsExactly("fragility.setting.kept.p",
        "fragility.setting.kept.pHolm", "fragility.setting.kept.pExact", "fragility.setting.kept.bootLower",
        "fragility.setting.kept.bootUpper");
    // the synthetic setting root has no fifojvm-short runs: no block ratio, so no p; without the campaign, no data
    ftl.quantity.core.Computed none = ftl.quantity.core.Computed.of(q.get(0),
        ftl.quantity.RegistryFixtureTest.analysis("setting"));
    assertThat(((ftl.quantity.core.Value.Unavailable) none.value()).reason())
        .contains("usable blocks of campaign setting");
    assertThat(ftl.quantity.core.Computed.of(q.get(2), ftl.quantity.RegistryFixtureTest.analysis("minimal")).text())
        .startsWith("n/a");
  }

  @Test
  void entries_overTheSyntheticSettingRoot_matchTheClosedForm() {
    // designThreads' block ratios 2, 1.5, 0.5 (the root's ledger header): logs ln 2, ln 1.5, -ln 2, mean m, t = m / (s
    // / sqrt 3) with 2 df; excludes 1, so the smaller one-sided p, here p_greater = 1 - F(t)
    double[] y = {Math.log(2), Math.log(1.5), -Math.log(2)};
    double m = (y[0] + y[1] + y[2]) / 3;
    double ss = 0;
    for (double v : y) {
      ss += (v - m) * (v - m);
    }
    double t = m / (Math.sqrt(ss / 2) / Math.sqrt(3));
    double p = 0.5 - t / (2 * Math.sqrt(t * t + 2));
    assertThat(((ftl.quantity.core.Value.Real) ftl.quantity.RegistryFixtureTest.compute("setting",
        "fragility.setting.designThreads.p").value()).value()).isCloseTo(p, within(1e-12));
    assertThat(((ftl.quantity.core.Value.Real) ftl.quantity.RegistryFixtureTest.compute("setting",
        "fragility.setting.designThreads.pHolm").value()).value()).isCloseTo(p, within(1e-12)); // a family of one
    // sign flips of (ln 2, ln 1.5, -ln 2): sums at least the observed ln 1.5 in 4 of 8, at most it in 6 of 8
    assertThat(ftl.quantity.RegistryFixtureTest.compute("setting", "fragility.setting.designThreads.pExact").text())
        .isEqualTo("0.5");
  }
}
