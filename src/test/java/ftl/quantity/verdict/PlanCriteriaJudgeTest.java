package ftl.quantity.verdict;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.data.registration.Criteria;
import ftl.quantity.core.Value;
import ftl.quantity.verdict.ClaimVerdicts;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

/**
 * A registered rule's decision (PlanCriteria#judge, #combine) on plain values: every comparison at, above and below
 * its threshold (exact, so a value equal to its threshold is decided by the comparison, not by rounding), intervals
 * of every kind, the testability condition, values that hold no number, and claims combining rules.
 */
class PlanCriteriaJudgeTest {

  private static Criteria.Rule rule(Criteria.Comparison c, List<BigDecimal> t, Optional<Criteria.Testable> testable) {
    return new Criteria.Rule("r", "a claim", false, "s", c, c.interval() ? "lo" : "", c.interval() ? "hi" : "", t, "1",
        "run", List.of(), testable, 1, Map.of());
  }

  private static Criteria.Rule point(Criteria.Comparison c, String t) {
    return rule(c, List.of(new BigDecimal(t)), Optional.empty());
  }

  private static boolean held(Value v) {
    return ((Value.Verdict) v).held();
  }

  private static final Value HALF = new Value.Real(0.5);

  @Test
  void judge_pointComparisons_exactAtTheThreshold() {
    assertThat(held(PlanCriteria.judge(point(Criteria.Comparison.LT, "0.5"), HALF, null, null, null))).isFalse();
    assertThat(held(PlanCriteria.judge(point(Criteria.Comparison.LT, "0.75"), HALF, null, null, null))).isTrue();
    assertThat(held(PlanCriteria.judge(point(Criteria.Comparison.LE, "0.5"), HALF, null, null, null))).isTrue();
    assertThat(held(PlanCriteria.judge(point(Criteria.Comparison.GT, "0.5"), HALF, null, null, null))).isFalse();
    assertThat(held(PlanCriteria.judge(point(Criteria.Comparison.GE, "0.5"), HALF, null, null, null))).isTrue();
    // 0.1 as a double is above the decimal 0.1: exactly compared, it is greater
    assertThat(held(PlanCriteria.judge(point(Criteria.Comparison.GT, "0.1"), new Value.Real(0.1), null, null, null)))
        .isTrue();
    assertThat(PlanCriteria.judge(point(Criteria.Comparison.GE, "3"), new Value.Count(3), null, null, null))
        .isEqualTo(new Value.Verdict(true, "s 3 >= 3"));
  }

  @Test
  void judge_noNumber_notTestable() {
    assertThat(PlanCriteria.judge(point(Criteria.Comparison.GT, "0"), new Value.Unavailable("why"), null, null, null))
        .isEqualTo(new Value.Untestable("s has no value: why"));
    assertThat(PlanCriteria.judge(point(Criteria.Comparison.GT, "0"), new Value.Untestable("u"), null, null, null))
        .isEqualTo(new Value.Untestable("s has no value"));
    assertThat(PlanCriteria.judge(point(Criteria.Comparison.GT, "0"), new Value.Range(0, 1), null, null, null))
        .isInstanceOf(Value.Untestable.class);
  }

  @Test
  void judge_intervals_everyKindBothWays() {
    Value lo = new Value.Real(1.2);
    Value hi = new Value.Real(1.8);
    List<BigDecimal> one = List.of(BigDecimal.ONE);
    List<BigDecimal> two = List.of(new BigDecimal(2));
    assertThat(held(PlanCriteria.judge(rule(Criteria.Comparison.INTERVAL_ABOVE, one, Optional.empty()), null, lo, hi,
        null))).isTrue();
    assertThat(held(PlanCriteria.judge(rule(Criteria.Comparison.INTERVAL_ABOVE, two, Optional.empty()), null, lo, hi,
        null))).isFalse();
    assertThat(held(PlanCriteria.judge(rule(Criteria.Comparison.INTERVAL_BELOW, two, Optional.empty()), null, lo, hi,
        null))).isTrue();
    assertThat(held(PlanCriteria.judge(rule(Criteria.Comparison.INTERVAL_BELOW, one, Optional.empty()), null, lo, hi,
        null))).isFalse();
    assertThat(held(PlanCriteria.judge(rule(Criteria.Comparison.INTERVAL_EXCLUDES, one, Optional.empty()), null, lo,
        hi, null))).isTrue();
    assertThat(held(PlanCriteria.judge(rule(Criteria.Comparison.INTERVAL_EXCLUDES, two, Optional.empty()), null, lo,
        hi, null))).isTrue();
    assertThat(held(PlanCriteria.judge(rule(Criteria.Comparison.INTERVAL_EXCLUDES, List.of(new BigDecimal("1.5")),
        Optional.empty()), null, lo, hi, null))).isFalse();
    List<BigDecimal> wide = List.of(BigDecimal.ONE, new BigDecimal(2));
    List<BigDecimal> narrowLow = List.of(new BigDecimal("1.3"), new BigDecimal(2));
    List<BigDecimal> narrowHigh = List.of(BigDecimal.ONE, new BigDecimal("1.7"));
    assertThat(held(PlanCriteria.judge(rule(Criteria.Comparison.INTERVAL_WITHIN, wide, Optional.empty()), null, lo, hi,
        null))).isTrue();
    assertThat(held(PlanCriteria.judge(rule(Criteria.Comparison.INTERVAL_WITHIN, narrowLow, Optional.empty()), null,
        lo, hi, null))).isFalse();
    assertThat(held(PlanCriteria.judge(rule(Criteria.Comparison.INTERVAL_WITHIN, narrowHigh, Optional.empty()), null,
        lo, hi, null))).isFalse();
    assertThat(PlanCriteria.judge(rule(Criteria.Comparison.INTERVAL_ABOVE, one, Optional.empty()), null,
        new Value.Unavailable("x"), hi, null)).isEqualTo(new Value.Untestable("the interval of s has no lower end"));
    assertThat(PlanCriteria.judge(rule(Criteria.Comparison.INTERVAL_ABOVE, one, Optional.empty()), null, lo,
        new Value.Unavailable("y"), null)).isEqualTo(new Value.Untestable("the interval of s has no upper end"));
  }

  @Test
  void judge_testableIf_decidesBeforeTheRule() {
    Criteria.Testable blocks = new Criteria.Testable("blocks", Criteria.Comparison.GE, new BigDecimal(5), "count", 3);
    Criteria.Rule r = rule(Criteria.Comparison.GT, List.of(BigDecimal.ZERO), Optional.of(blocks));
    assertThat(PlanCriteria.judge(r, HALF, null, null, new Value.Count(4)))
        .isEqualTo(new Value.Untestable("blocks 4, not >= 5"));
    assertThat(PlanCriteria.judge(r, HALF, null, null, new Value.Unavailable("no runs")))
        .isEqualTo(new Value.Untestable("blocks has no value: no runs"));
    assertThat(PlanCriteria.judge(r, HALF, null, null, new Value.Range(1, 2)))
        .isEqualTo(new Value.Untestable("blocks has no value"));
    assertThat(held(PlanCriteria.judge(r, HALF, null, null, new Value.Count(5)))).isTrue();
    assertThat(PlanCriteria.judgeByKey(r).apply(Map.of("s", HALF, "blocks", new Value.Count(6))))
        .isInstanceOf(Value.Verdict.class);
    Criteria.Rule plain = point(Criteria.Comparison.GT, "0");
    assertThat(PlanCriteria.judgeByKey(plain).apply(Map.of("s", HALF))).isInstanceOf(Value.Verdict.class);
  }

  @Test
  void combine_allAndAny_withUntestableRules() {
    Value yes = new Value.Verdict(true, "b");
    Value no = new Value.Verdict(false, "b");
    Value open = new Value.Untestable("u");
    List<String> k = List.of("a", "b");
    assertThat(held(PlanCriteria.combine(true, k, List.of(yes, yes)))).isTrue();
    assertThat(held(PlanCriteria.combine(true, k, List.of(yes, no)))).isFalse();
    assertThat(held(PlanCriteria.combine(true, k, List.of(no, open)))).isFalse();
    assertThat(PlanCriteria.combine(true, k, List.of(yes, open))).isInstanceOf(Value.Untestable.class);
    assertThat(held(PlanCriteria.combine(false, k, List.of(no, yes)))).isTrue();
    assertThat(held(PlanCriteria.combine(false, k, List.of(no, no)))).isFalse();
    assertThat(held(PlanCriteria.combine(false, k, List.of(open, yes)))).isTrue();
    assertThat(PlanCriteria.combine(false, k, List.of(no, open))).isInstanceOf(Value.Untestable.class);
  }

  @Test
  void tallyOutcomes_onlyVerdictsCountAsHeldOrNot() {
    assertThat(ClaimVerdicts.held(new Value.Verdict(true, "b"))).isTrue();
    assertThat(ClaimVerdicts.held(new Value.Verdict(false, "b"))).isFalse();
    assertThat(ClaimVerdicts.held(new Value.Untestable("u"))).isFalse();
    assertThat(ClaimVerdicts.didNotHold(new Value.Verdict(false, "b"))).isTrue();
    assertThat(ClaimVerdicts.didNotHold(new Value.Verdict(true, "b"))).isFalse();
    assertThat(ClaimVerdicts.didNotHold(new Value.Unavailable("u"))).isFalse();
  }

  @Test
  void compareAndOnInterval_theOtherKindOfComparison_isRefused() {
    BigDecimal one = BigDecimal.ONE;
    Assertions.assertThatThrownBy(
        () -> PlanCriteria.compare(Criteria.Comparison.INTERVAL_ABOVE, one, one))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a point comparison");
    Assertions.assertThatThrownBy(
        () -> PlanCriteria.onInterval(Criteria.Comparison.LE, one, one, List.of(one), "interval 1 to 1"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not an interval comparison");
  }
}
