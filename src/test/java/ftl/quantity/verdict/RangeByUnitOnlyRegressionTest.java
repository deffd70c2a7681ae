package ftl.quantity.verdict;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.DataSet;
import ftl.data.io.DataException;
import ftl.data.registration.Criteria;
import ftl.data.registration.VerdictKind;
import ftl.quantity.Registry;
import ftl.quantity.core.Format;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 43, item 3: {@link PlanCriteria} judged what a rule could do from the statistic's unit alone. A statistic whose
 * unit is unbounded but whose values are not (a denominator of a reduced fraction is at least 1, a Pearson correlation
 * lies in [-1, 1], a geometric mean of positive ratios is above 0) let a tautology through as a confirmatory test, and
 * a statistic printed as a fraction that can fall below 0 (PerfTest's left-out share, read from two counters not read
 * atomically) made {@code >= 0} a "consistency check" though data could make it fail. Now the range is the
 * statistic's own where declared ({@link StatisticRanges}), by the function that computes it. The roots are copies of
 * the small synthetic fixture ({@code src/test/resources/ftl/quantity/small/k}: two ok runs of condition c1, a send
 * interval of 1 ms, so gridlaw.b.k.c1 = 1) and of the tools' fixture ({@code omb/systems/perftest}).
 */
class RangeByUnitOnlyRegressionTest {
  @TempDir Path tmp;

  private static String plan(String rule) {
    return SmallCriteriaRoot.plan(rule);
  }

  private static String rule(String statistic, String comparison, String threshold, String unit) {
    return "      {\"id\": \"a\", \"claim\": \"a claim\", \"kind\": \"empirical\", \"statistic\": \"" + statistic
        + "\", \"comparison\": \"" + comparison + "\", \"threshold\": " + threshold + ", \"unit\": \"" + unit
        + "\", \"sidedness\": \"one-sided\", \"replication\": \"run\", \"runs\": \"all\"}";
  }

  /**
   * Campaign k of the small fixture under {@code plan}, every run naming its digest, started before the tool's runs.
   */
  private DataSet root(String plan) throws IOException {
    return SmallCriteriaRoot.write(tmp, plan, true);
  }

  @Test
  void boundedStatisticOfAnUnboundedUnit_tautology_registeredAsConsistencyNamingItsRange() throws IOException {
    Registry reg = Registry.forData(root(plan(rule("gridlaw.b.k.c1", ">=", "1", "1"))));
    var r = reg.registration("criterion.k.a").orElseThrow();
    assertThat(r.kind()).isEqualTo(VerdictKind.CONSISTENCY);
    assertThat(r.note())
        .isEqualTo("a consistency check: gridlaw.b.k.c1 lies in [1, infinity) (a term of a reduced fraction "
        + "of positive durations, or a send interval in whole ns), so >= 1 holds for any data");
    assertThat(r.source()).isEqualTo("root/k/plan.json:7");
  }

  @Test
  void boundedStatisticOfAnUnboundedUnit_ruleNoDataCouldMakeHold_refusedNamingPlanLine() throws IOException {
    DataSet data = root(plan(rule("gridlaw.b.k.c1", "<", "1", "1")));
    assertThatThrownBy(() -> Registry.forData(data)).isInstanceOf(DataException.class)
        .hasMessageContaining(
        "root/k/plan.json:7: criteria: rule a compares gridlaw.b.k.c1, which lies in [1, infinity) (a "
            + "term of a reduced fraction").hasMessageContaining("with < 1: no data could make it hold");
  }

  @Test
  void fractionThatFallsBelowZero_atLeastZero_aTestNotAConsistencyCheck() throws IOException {
    Registry reg = Registry.forData(root(plan(rule("perftest.leftOut.nanos", ">=", "0", "fraction"))));
    assertThat(reg.registration("criterion.k.a").orElseThrow().kind()).isEqualTo(VerdictKind.CONFIRMATORY);
    assertThat(reg.byKey("criterion.k.a").orElseThrow().definition()).doesNotContain("consistency");
  }

  private static Quantity of(String function, Unit unit) {
    return Quantity.key("x.y").macro("XY").definition("a statistic").unit(unit).format(Format.REAL_3SF)
        .scope(Quantity.Scope.LEDGERS).function(function).computes(a -> new Value.Real(1));
  }

  static Stream<Arguments> declared() {
    return Stream.of(
        Arguments.of("Pearson r", "ftl.stats.WindowedCorrelation#result", Unit.DIMENSIONLESS,
        "[-1, 1] (a Pearson correlation"),
        Arguments.of("Holm p-value", "ftl.stats.StratifiedRateRatio#holm", Unit.DIMENSIONLESS,
        "[0, 1] (a Holm-adjusted"),
        Arguments.of("geometric mean ratio", "ftl.stats.BlockStats#ratio", Unit.RATIO,
        "(0, infinity) (a geometric mean"),
        Arguments.of("left-out share", "ftl.data.tool.PerfTestReader.Run#leftOut", Unit.FRACTION,
        "(-infinity, 1] (1 - samples"),
        Arguments.of("fitted D/T", "ftl.stats.DisplacementLaw#fit", Unit.FRACTION, "(-infinity, infinity) (a fitted"),
        Arguments.of("declared function, other unit", "ftl.stats.BlockStats#ratio", Unit.FRACTION, "[0, 1]"),
        Arguments.of("undeclared function", "ftl.stats.Quantiles#median", Unit.RATIO, "[0, infinity)"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("declared")
  void of_declaredByFunctionAndUnit_elseTheUnits(String label, String function, Unit unit, String printed) {
    assertThat(StatisticRanges.of(of(function, unit)).toString()).startsWith(printed);
  }

  static Stream<Arguments> openEnds() {
    StatisticRanges.Range positive = new StatisticRanges.Range(BigDecimal.ZERO, false, null, false, "");
    StatisticRanges.Range belowOne = new StatisticRanges.Range(null, false, BigDecimal.ONE, false, "");
    BigDecimal zero = BigDecimal.ZERO;
    BigDecimal one = BigDecimal.ONE;
    BigDecimal half = new BigDecimal("0.5");
    return Stream.of(
        Arguments.of("> 0 on (0, inf)", Criteria.Comparison.GT, zero, positive, PlanCriteria.Reach.ALWAYS),
        Arguments.of(">= 0 on (0, inf)", Criteria.Comparison.GE, zero, positive, PlanCriteria.Reach.ALWAYS),
        Arguments.of("> 0.5 on (0, inf)", Criteria.Comparison.GT, half, positive, PlanCriteria.Reach.DEPENDS),
        Arguments.of("<= 0 on (0, inf)", Criteria.Comparison.LE, zero, positive, PlanCriteria.Reach.NEVER),
        Arguments.of("< 0 on (0, inf)", Criteria.Comparison.LT, zero, positive, PlanCriteria.Reach.NEVER),
        Arguments.of("< 0.5 on (0, inf)", Criteria.Comparison.LT, half, positive, PlanCriteria.Reach.DEPENDS),
        Arguments.of("< 1 on (-inf, 1)", Criteria.Comparison.LT, one, belowOne, PlanCriteria.Reach.ALWAYS),
        Arguments.of("<= 1 on (-inf, 1)", Criteria.Comparison.LE, one, belowOne, PlanCriteria.Reach.ALWAYS),
        Arguments.of("< 0.5 on (-inf, 1)", Criteria.Comparison.LT, half, belowOne, PlanCriteria.Reach.DEPENDS),
        Arguments.of(">= 1 on (-inf, 1)", Criteria.Comparison.GE, one, belowOne, PlanCriteria.Reach.NEVER),
        Arguments.of("> 1 on (-inf, 1)", Criteria.Comparison.GT, one, belowOne, PlanCriteria.Reach.NEVER),
        Arguments.of("> 0.5 on (-inf, 1)", Criteria.Comparison.GT, half, belowOne, PlanCriteria.Reach.DEPENDS));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("openEnds")
  void reach_atAnEndNotIncluded_decidedByTheValuesJustInside(String label, Criteria.Comparison c, BigDecimal t,
                                                             StatisticRanges.Range range, PlanCriteria.Reach expected) {
    assertThat(PlanCriteria.reach(c, t, range)).isEqualTo(expected);
  }

  static Stream<Arguments> contains() {
    StatisticRanges.Range positive = new StatisticRanges.Range(BigDecimal.ZERO, false, BigDecimal.ONE, true, "");
    StatisticRanges.Range closed = new StatisticRanges.Range(BigDecimal.ZERO, true, BigDecimal.ONE, false, "");
    StatisticRanges.Range all = new StatisticRanges.Range(null, false, null, false, "");
    return Stream.of(
        Arguments.of("0 in (0, 1]", positive, "0", false),
        Arguments.of("1 in (0, 1]", positive, "1", true),
        Arguments.of("0 in [0, 1)", closed, "0", true),
        Arguments.of("1 in [0, 1)", closed, "1", false),
        Arguments.of("-0.1 in [0, 1)", closed, "-0.1", false),
        Arguments.of("2 in (0, 1]", positive, "2", false),
        Arguments.of("-5 in (-inf, inf)", all, "-5", true));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("contains")
  void contains_eachKindOfEnd(String label, StatisticRanges.Range range, String v, boolean expected) {
    assertThat(range.contains(new BigDecimal(v))).isEqualTo(expected);
  }

  @Test
  void range_unboundedEndIncludedOrEmpty_refused() {
    assertThatThrownBy(() -> new StatisticRanges.Range(null, true, null, false, ""))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new StatisticRanges.Range(null, false, null, true, ""))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new StatisticRanges.Range(BigDecimal.ONE, true, BigDecimal.ONE, true, ""))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("must lie below");
    assertThat(new StatisticRanges.Range(BigDecimal.ONE, true, null, false, "")).hasToString("[1, infinity)");
    assertThat(new StatisticRanges.Range(null, false, BigDecimal.TEN, true, "")).hasToString("(-infinity, 10]");
    assertThat(new StatisticRanges.Range(BigDecimal.ZERO, true, BigDecimal.ONE, false, "")).hasToString("[0, 1)");
  }

  @Test
  void declaredFunctions_eachWithItsUnit() {
    assertThat(StatisticRanges.declaredFunctions()).contains("ftl.stats.WindowedCorrelation#result 1",
        "ftl.stats.BlockStats#ratio ratio").doesNotHaveDuplicates();
  }
}
