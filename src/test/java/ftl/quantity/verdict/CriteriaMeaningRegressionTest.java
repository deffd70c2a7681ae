package ftl.quantity.verdict;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.Campaign;
import ftl.data.DataSet;
import ftl.data.io.DataException;
import ftl.data.registration.Criteria;
import ftl.data.registration.Registration;
import ftl.data.registration.VerdictKind;
import ftl.quantity.Registry;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.Computed;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 43, item 3: criteria that mislead. A rule no data could make fail ({@code perftest.runsNotOk >= 0}) was
 * accepted, "held" and counted confirmatory; a rule no data could make hold was accepted and judged; an interval rule
 * with its ends swapped was accepted; a criterion whose statistic read another, older campaign's data (modeA, taken two
 * days before the plan) was judged confirmatory. Now, from the statistic's declared range ({@link StatisticRanges}: its
 * unit's, {@link Unit#lowest} and {@link Unit#highest}, unless declared for its function), the first is registered as a
 * consistency check and the second refused; swapped ends are refused; a rule naming an older campaign's statistic is
 * exploratory, and a confirmatory rule whose statistics are found to read an older campaign's data is refused when
 * judged. The roots are copies of the small synthetic fixture ({@code src/test/resources/ftl/quantity/small/k}: two ok
 * runs, 1 ms apart sends).
 */
class CriteriaMeaningRegressionTest {
  @TempDir Path tmp;

  private static String plan(String campaign, String rules, String claims) {
    return "{\n  \"campaign\": \"" + campaign + "\",\n  \"conditions\": [{\"name\": \"c1\"}],\n  \"criteria\": {\n"
        + "    \"version\": 1,\n    \"rules\": [\n" + rules + "\n    ]"
        + (claims.isEmpty() ? "" : ",\n    \"claims\": [" + claims
        + "]") + "\n  }\n}\n";
  }

  private static String rule(String id, String statistic, String comparison, String threshold, String unit) {
    return "      {\"id\": \"" + id + "\", \"claim\": \"a claim\", \"kind\": \"empirical\", \"statistic\": \""
        + statistic
        + "\", \"comparison\": \"" + comparison + "\", \"threshold\": " + threshold + ", \"unit\": \"" + unit
        + "\", \"sidedness\": \"one-sided\", \"replication\": \"run\", \"runs\": \"all\"}";
  }

  private static String interval(String id, String statistic, String lower, String upper, String unit) {
    return rule(id, statistic, "interval_above", "0.1", unit).replace("\"comparison\"", "\"lower\": \"" + lower
        + "\", \"upper\": \"" + upper + "\", \"comparison\"");
  }

  /**
   * Adds campaign {@code name} to the root: the small fixture's runs, started at {@code startedAt} ("" = no column).
   */
  private void campaign(String name, String startedAt, String plan) throws IOException {
    SmallCriteriaRoot.campaign(tmp, name, startedAt, plan);
  }

  private static final String EARLY = "2026-11-28T10:00:00.000Z";
  private static final String MIDDLE = "2026-11-30T10:00:00.000Z";
  private static final String LATE = "2026-12-01T10:00:00.000Z";

  private DataSet data() {
    return DataSet.scan(tmp, "root");
  }

  private static Value value(DataSet data, Registry reg, String key) {
    return Computed.of(reg.byKey(key).orElseThrow(), new Analysis(data)).value();
  }

  private static Registration registration(Registry reg, String key) {
    return reg.registration(key).orElseThrow();
  }

  @Test
  void tautology_countAtLeastZero_registeredAsConsistencyAndNeverCounted() throws IOException {
    campaign("k", MIDDLE, plan("k", rule("noneFailed", "runs.total", ">=", "0", "count") + ",\n"
        + rule("allKept", "sign.rejectedShare.k", "<=", "1", "fraction"), ""));
    DataSet data = data();
    Registry reg = Registry.forData(data);
    for (String key : List.of("criterion.k.noneFailed", "criterion.k.allKept")) {
      assertThat(registration(reg, key).kind()).as(key).isEqualTo(VerdictKind.CONSISTENCY);
      assertThat(registration(reg, key).note()).as(key).contains("holds for any data");
      assertThat(reg.byKey(key).orElseThrow().definition()).contains("a consistency check:");
    }
    assertThat(registration(reg, "criterion.k.noneFailed").note())
        .isEqualTo("a consistency check: runs.total lies in [0, infinity), so >= 0 holds for any data");
    assertThat(value(data, reg, "criterion.k.noneFailed")).isEqualTo(new Value.Verdict(true, "runs.total 2 >= 0"));
    assertThat(value(data, reg, "verdicts.confirmatory.held")).isEqualTo(new Value.Count(0));
  }

  static Stream<Arguments> never() {
    return Stream.of(
        Arguments.of("a count below 0", rule("a", "runs.total", "<", "0", "count"),
        "runs.total, which lies in [0, infinity), with < 0"),
        Arguments.of("a fraction below 0", rule("a", "sign.rejectedShare.k", "<", "0", "fraction"),
        "lies in [0, 1], with < 0"),
        Arguments.of("a fraction above 1", rule("a", "sign.rejectedShare.k", ">", "1", "fraction"),
        "lies in [0, 1], with > 1"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("never")
  void outsideTheRange_ruleNoDataCouldMakeHold_refusedNamingPlanLine(String label, String rule,
      String message) throws IOException {
    campaign("k", MIDDLE, plan("k", rule, ""));
    DataSet data = data();
    assertThatThrownBy(() -> Registry.forData(data)).isInstanceOf(DataException.class)
        .hasMessageContaining("k/plan.json:7: criteria: rule a compares").hasMessageContaining(message)
        .hasMessageContaining("no data could make it hold");
  }

  @Test
  void intervalEnds_swappedByName_refusedAtRegistration() throws IOException {
    campaign("k", MIDDLE, plan("k", interval("a", "onedlaw.slope.k", "onedlaw.slope.upper.k", "onedlaw.slope.lower.k",
        "1"), ""));
    DataSet data = data();
    assertThatThrownBy(() -> Registry.forData(data)).isInstanceOf(DataException.class)
        .hasMessageContaining("k/plan.json:7: criteria: rule a takes onedlaw.slope.upper.k as the lower end")
        .hasMessageContaining("the ends are swapped");
  }

  @Test
  void intervalEnds_lowerAboveUpperWhenComputed_refusedWhenJudged() throws IOException {
    campaign("k", MIDDLE, plan("k", interval("a", "sign.ackNegativeRate.k", "sign.rejectedShare.k",
        "sign.ackNegativeRate.k",
        "fraction"), ""));
    DataSet data = data();
    Registry reg = Registry.forData(data);
    assertThatThrownBy(() -> value(data, reg, "criterion.k.a")).isInstanceOf(DataException.class)
        .hasMessageContaining(
        "k/plan.json:7: criteria: rule a: the lower end sign.rejectedShare.k = 0.5 exceeds the upper end");
  }

  @Test
  void olderCampaign_namedByTheStatistic_exploratoryAndSoIsItsClaim() throws IOException {
    campaign("old", EARLY, null);
    campaign("k", MIDDLE, plan("k", rule("a", "campaign.runs.old", ">=", "1", "count") + ",\n"
        + rule("b", "campaign.runs.k", ">=", "1", "count"),
        "{\"id\": \"both\", \"claim\": \"both\", \"combine\": \"all\", \"of\": [\"a\", \"b\"]}"));
    DataSet data = data();
    Registry reg = Registry.forData(data);
    assertThat(registration(reg, "criterion.k.a").kind()).isEqualTo(VerdictKind.EXPLORATORY);
    assertThat(registration(reg, "criterion.k.a").note())
        .contains("reads the data of campaign old, taken before this campaign's");
    assertThat(registration(reg, "criterion.k.b").kind()).isEqualTo(VerdictKind.CONFIRMATORY);
    assertThat(registration(reg, "criterion.k.both").kind()).isEqualTo(VerdictKind.EXPLORATORY);
    assertThat(registration(reg, "criterion.k.both").note()).isEqualTo("combines a rule that is not confirmatory");
    assertThat(value(data, reg, "criterion.k.a")).isEqualTo(new Value.Verdict(true, "campaign.runs.old 2 >= 1"));
  }

  @Test
  void olderCampaign_namedInItsKeysCamelCase_exploratory() throws IOException {
    campaign("nats-manip", EARLY, null);
    campaign("k", MIDDLE, plan("k", rule("a", "natsManip.flightNegative", "<=", "5", "count"), ""));
    Registry reg = Registry.forData(data());
    assertThat(registration(reg, "criterion.k.a").kind()).isEqualTo(VerdictKind.EXPLORATORY);
    assertThat(registration(reg, "criterion.k.a").note()).contains("reads the data of campaign nats-manip");
  }

  @Test
  void camel_folderNames_asTheirKeysSpellThem() {
    assertThat(PlanCriteria.camel("nats-manip2")).isEqualTo("natsManip2");
    assertThat(PlanCriteria.camel("modeA")).isEqualTo("modeA");
    assertThat(PlanCriteria.camel("a--b")).isEqualTo("aB");
    assertThat(PlanCriteria.camel("-x")).isEqualTo("x");
    assertThat(PlanCriteria.camel("a-")).isEqualTo("a");
  }

  @Test
  void olderCampaign_readByAGlobalStatistic_refusedWhenJudged() throws IOException {
    campaign("old", EARLY, null);
    campaign("k", MIDDLE, plan("k", rule("a", "runs.total", ">=", "1", "count"), ""));
    DataSet data = data();
    Registry reg = Registry.forData(data);
    assertThat(registration(reg, "criterion.k.a").kind()).isEqualTo(VerdictKind.CONFIRMATORY);
    assertThatThrownBy(() -> value(data, reg, "criterion.k.a")).isInstanceOf(DataException.class)
        .hasMessageContaining(
        "k/plan.json:7: criteria: rule a is registered confirmatory, but its statistics read the data "
            + "of campaign old, not taken after the first run of campaign k");
  }

  @Test
  void laterCampaign_namedOrRead_staysConfirmatory() throws IOException {
    campaign("later", LATE, null);
    campaign("k", MIDDLE, plan("k", rule("a", "campaign.runs.later", ">=", "1", "count") + ",\n"
        + rule("b", "runs.total", ">=", "4", "count"), ""));
    DataSet data = data();
    Registry reg = Registry.forData(data);
    assertThat(registration(reg, "criterion.k.a").kind()).isEqualTo(VerdictKind.CONFIRMATORY);
    assertThat(value(data, reg, "criterion.k.b")).isEqualTo(new Value.Verdict(true, "runs.total 4 >= 4"));
  }

  @Test
  void campaignsWithoutTimes_otherNotProvedLater_notConfirmatory() throws IOException {
    campaign("timed", EARLY, null);
    campaign("k", "", plan("k", rule("a", "campaign.runs.timed", ">=", "1", "count"), ""));
    DataSet data = data();
    assertThat(registration(Registry.forData(data), "criterion.k.a").kind()).isEqualTo(VerdictKind.EXPLORATORY);
  }

  @Test
  void campaignWithoutTime_readByAGlobalStatistic_refusedWhenJudged() throws IOException {
    campaign("untimed", "", null);
    campaign("k", MIDDLE, plan("k", rule("a", "runs.total", ">=", "1", "count"), ""));
    DataSet data = data();
    Registry reg = Registry.forData(data);
    assertThatThrownBy(() -> value(data, reg, "criterion.k.a")).isInstanceOf(DataException.class)
        .hasMessageContaining("read the data of campaign untimed");
  }

  static Stream<Arguments> reaches() {
    BigDecimal zero = BigDecimal.ZERO;
    BigDecimal one = BigDecimal.ONE;
    BigDecimal half = new BigDecimal("0.5");
    return Stream.of(
        Arguments.of(">= 0 on [0, inf)", Criteria.Comparison.GE, zero, zero, null, PlanCriteria.Reach.ALWAYS),
        Arguments.of("> 0 on [0, inf)", Criteria.Comparison.GT, zero, zero, null, PlanCriteria.Reach.DEPENDS),
        Arguments.of("< 0 on [0, inf)", Criteria.Comparison.LT, zero, zero, null, PlanCriteria.Reach.NEVER),
        Arguments.of("<= 0 on [0, inf)", Criteria.Comparison.LE, zero, zero, null, PlanCriteria.Reach.DEPENDS),
        Arguments.of("<= 1 on [0, 1]", Criteria.Comparison.LE, one, zero, one, PlanCriteria.Reach.ALWAYS),
        Arguments.of("> 1 on [0, 1]", Criteria.Comparison.GT, one, zero, one, PlanCriteria.Reach.NEVER),
        Arguments.of("< 0.5 on [0, 1]", Criteria.Comparison.LT, half, zero, one, PlanCriteria.Reach.DEPENDS),
        Arguments.of("> -1 on [0, inf)", Criteria.Comparison.GT, one.negate(), zero, null, PlanCriteria.Reach.ALWAYS),
        Arguments.of("> 5 unbounded", Criteria.Comparison.GT, new BigDecimal(5), null, null,
        PlanCriteria.Reach.DEPENDS),
        Arguments.of("< 5 unbounded", Criteria.Comparison.LT, new BigDecimal(5), null, null,
        PlanCriteria.Reach.DEPENDS),
        Arguments.of("<= 2 on (-inf, 1]", Criteria.Comparison.LE, new BigDecimal(2), null, one,
        PlanCriteria.Reach.ALWAYS));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("reaches")
  void reach_comparisonOverTheDeclaredRange_isDecidedAtItsEnds(String label, Criteria.Comparison c, BigDecimal t,
                                                                BigDecimal lowest, BigDecimal highest,
                                                                PlanCriteria.Reach expected) {
    assertThat(PlanCriteria.reach(c, t, new StatisticRanges.Range(lowest, lowest != null, highest, highest != null,
        "")))
        .isEqualTo(expected);
  }

  @Test
  void range_eachKindOfBound_printed() {
    assertThat(StatisticRanges.Range.of(Unit.COUNT)).hasToString("[0, infinity)");
    assertThat(StatisticRanges.Range.of(Unit.FRACTION)).hasToString("[0, 1]");
    assertThat(StatisticRanges.Range.of(Unit.MICROSECONDS)).hasToString("(-infinity, infinity)");
  }

  private static Criteria.Rule intervalRule(String lower, String upper) {
    return new Criteria.Rule("r", "a claim", false, "s", Criteria.Comparison.INTERVAL_ABOVE, lower, upper,
        List.of(BigDecimal.ONE), "1", "run", List.of(), Optional.empty(), 1, Map.of("lower", 9L));
  }

  @Test
  void refuseSwappedEnds_onlyBothEndsNamedTheWrongWay() {
    PlanCriteria.refuseSwappedEnds(intervalRule("x.upper", "y.upper"), "p");
    PlanCriteria.refuseSwappedEnds(intervalRule("x.lower", "y.lower"), "p");
    PlanCriteria.refuseSwappedEnds(intervalRule("x.lower", "x.upper"), "p");
    PlanCriteria.refuseSwappedEnds(intervalRule("x", "y"), "p");
    assertThatThrownBy(() -> PlanCriteria.refuseSwappedEnds(intervalRule("x.upper", "x.lower"), "p"))
        .isInstanceOf(DataException.class).hasMessageContaining("p:9: criteria: rule r takes x.upper as the lower end");
  }

  @Test
  void refuseUnordered_onlyTwoNumbersInTheWrongOrder() {
    Criteria.Rule r = intervalRule("lo", "hi");
    Value one = new Value.Real(1);
    Value two = new Value.Count(2);
    Value none = new Value.Unavailable("no data");
    PlanCriteria.refuseUnordered(r, "p", null, null);
    PlanCriteria.refuseUnordered(r, "p", none, two);
    PlanCriteria.refuseUnordered(r, "p", two, none);
    PlanCriteria.refuseUnordered(r, "p", one, two);
    PlanCriteria.refuseUnordered(r, "p", two, new Value.Real(2));
    assertThatThrownBy(() -> PlanCriteria.refuseUnordered(r, "p", two, one)).isInstanceOf(DataException.class)
        .hasMessageContaining("p:9: criteria: rule r: the lower end lo = 2 exceeds the upper end hi = 1");
  }

  @Test
  void later_onlyWithBothTimesAndTheOtherAfter() {
    Map<String, Long> t = Map.of("a", 1L, "b", 2L);
    assertThat(PlanCriteria.later("b", "a", t)).isTrue();
    assertThat(PlanCriteria.later("a", "b", t)).isFalse();
    assertThat(PlanCriteria.later("a", "a", t)).isFalse();
    assertThat(PlanCriteria.later("x", "a", t)).isFalse();
    assertThat(PlanCriteria.later("a", "x", t)).isFalse();
    assertThat(PlanCriteria.firstRuns(List.<Campaign>of())).isEmpty();
  }
}
