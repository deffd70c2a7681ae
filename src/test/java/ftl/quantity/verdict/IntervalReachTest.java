package ftl.quantity.verdict;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.registration.Criteria;
import ftl.quantity.core.Format;
import ftl.quantity.core.Provenance;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;
import ftl.stats.BlockStats;
import java.math.BigDecimal;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What an interval rule can do given the declared ranges of its two ends (issue 58: a ratio's interval lies above 0, so
 * {@code interval_above 0} on it cannot fail): every comparison, and "either" and "both" over each pair of outcomes.
 */
class IntervalReachTest {
  private static final StatisticRanges.Range POSITIVE =
      new StatisticRanges.Range(BigDecimal.ZERO, false, null, false, "");
  private static final StatisticRanges.Range ANY = new StatisticRanges.Range(null, false, null, false, "");
  private static final StatisticRanges.Range BELOW_ONE =
      new StatisticRanges.Range(null, false, BigDecimal.ONE, false, "");

  private static List<BigDecimal> t(String... v) {
    return Stream.of(v).map(BigDecimal::new).toList();
  }

  static Stream<Arguments> cases() {
    Criteria.Comparison above = Criteria.Comparison.INTERVAL_ABOVE;
    Criteria.Comparison below = Criteria.Comparison.INTERVAL_BELOW;
    Criteria.Comparison excludes = Criteria.Comparison.INTERVAL_EXCLUDES;
    Criteria.Comparison within = Criteria.Comparison.INTERVAL_WITHIN;
    return Stream.of(
        Arguments.of("above 0 on a ratio", above, t("0"), POSITIVE, POSITIVE, PlanCriteria.Reach.ALWAYS),
        Arguments.of("above 1 on a ratio", above, t("1"), POSITIVE, POSITIVE, PlanCriteria.Reach.DEPENDS),
        Arguments.of("below 0 on a ratio", below, t("0"), POSITIVE, POSITIVE, PlanCriteria.Reach.NEVER),
        Arguments.of("excludes 0 on a ratio: either always", excludes, t("0"), POSITIVE, POSITIVE,
        PlanCriteria.Reach.ALWAYS),
        Arguments.of("excludes 1 below one: the second always", excludes, t("1"), ANY, BELOW_ONE,
        PlanCriteria.Reach.ALWAYS),
        Arguments.of("excludes 1 on any: both depend", excludes, t("1"), ANY, ANY, PlanCriteria.Reach.DEPENDS),
        Arguments.of("excludes 0, upper below one, lower positive: one never, one depends", excludes, t("0"), POSITIVE,
            POSITIVE, PlanCriteria.Reach.ALWAYS),
        Arguments.of("excludes 2, lower below one, upper positive: never and depends", excludes, t("2"), BELOW_ONE,
            POSITIVE, PlanCriteria.Reach.DEPENDS),
        Arguments.of("excludes 1 both below one: never above, always below", excludes, t("1"), BELOW_ONE, BELOW_ONE,
            PlanCriteria.Reach.ALWAYS),
        Arguments.of("within [0.5, 2] on a ratio: both depend", within, t("0.5", "2"), POSITIVE, POSITIVE,
            PlanCriteria.Reach.DEPENDS),
        Arguments.of("within [0, 1] below one: both always", within, t("0", "1"), POSITIVE, BELOW_ONE,
        PlanCriteria.Reach.ALWAYS),
        Arguments.of("within [2, 3] below one: the upper never", within, t("2", "3"), BELOW_ONE, BELOW_ONE,
            PlanCriteria.Reach.NEVER),
        Arguments.of("within [0, 5] on a ratio: lower always, upper depends", within, t("0", "5"), POSITIVE,
            POSITIVE, PlanCriteria.Reach.DEPENDS),
        Arguments.of("excludes 0, lower at most 0, upper at least 0: both never", excludes, t("0"),
            new StatisticRanges.Range(null, false, BigDecimal.ZERO, true, ""),
            new StatisticRanges.Range(BigDecimal.ZERO, true, null, false, ""), PlanCriteria.Reach.NEVER),
        Arguments.of("within [0, 0.5], upper at least 1: lower always, upper never", within, t("0", "0.5"), POSITIVE,
            new StatisticRanges.Range(BigDecimal.ONE, true, null, false, ""), PlanCriteria.Reach.NEVER));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void intervalReach_comparisonOnDeclaredEnds_decidedAsPointComparisons(String label, Criteria.Comparison c,
                                                                      List<BigDecimal> t, StatisticRanges.Range lo,
                                                                      StatisticRanges.Range hi,
                                                                      PlanCriteria.Reach expected) {
    assertThat(PlanCriteria.intervalReach(c, t, lo, hi)).as(label).isEqualTo(expected);
  }

  @Test
  void intervalReach_aPointComparison_refused() {
    assertThatThrownBy(() -> PlanCriteria.intervalReach(Criteria.Comparison.GT, t("0"), ANY, ANY))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not an interval comparison");
  }

  private static Quantity end(String key, String function) {
    return Quantity.key(key).macro("X" + key.replace(".", "")).definition("an interval end").unit(Unit.RATIO)
        .format(Format.RATIO_3SF).scope(Quantity.Scope.LEDGERS).function(function).computes(a -> new Value.Real(1));
  }

  @Test
  void intervalRanges_endsOfOneDeclarationOnce_elseEachNamed() {
    String ratio = Provenance.name(BlockStats.class, "ratio");
    String same = PlanCriteria.intervalRanges(end("a.lower", ratio), end("a.upper", ratio));
    assertThat(same).doesNotContain("(lower)");
    String differ = PlanCriteria.intervalRanges(end("b.lower", ratio), end("b.upper", "ftl.Other#method"));
    assertThat(differ).contains(" (lower) and ").endsWith(" (upper)");
  }
}
