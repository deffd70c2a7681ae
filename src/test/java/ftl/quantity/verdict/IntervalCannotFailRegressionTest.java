package ftl.quantity.verdict;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.DataSet;
import ftl.data.io.DataException;
import ftl.data.registration.Registration;
import ftl.data.registration.VerdictKind;
import ftl.quantity.core.Format;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 58, case 4 (a verdict that cannot fail counted as evidence): {@code interval_above 0} on a ratio's interval and
 * {@code interval_excludes 0} on a ratio cannot fail (a geometric mean ratio's Student t interval, mapped back by exp,
 * lies above 0), yet were registered confirmatory and counted ({@code verdicts.confirmatory.held} 8 to 9), where the
 * point form {@code > 0} was already a consistency check: {@link PlanCriteria} judged what an interval rule could do by
 * nothing. Now interval rules are judged by the declared range of the interval's ends
 * ({@link StatisticRanges#ofInterval}): one that cannot fail is a consistency check naming that range, one that cannot
 * hold is refused, and the ends of an interval not declared bounded (a Student t interval of a mean of fractions, which
 * may reach below 0) keep every rule a test. The root is {@link SmallCriteriaRoot}; the statistics are synthetic
 * entries computed by the functions named.
 */
class IntervalCannotFailRegressionTest {
  @TempDir Path tmp;

  private static final String RATIO = "ftl.stats.BlockStats#ratio";
  private static final String MEAN = "ftl.stats.BlockStats#mean";

  /** An entry {@code key} computed by {@code function} in {@code unit}. */
  private static Quantity entry(String key, String function, Unit unit) {
    return Quantity.key(key).macro("X" + key.replace(".", "")).definition("a statistic").unit(unit)
        .format(Format.REAL_3SF).scope(Quantity.Scope.LEDGERS).function(function).computes(a -> new Value.Real(1));
  }

  /** A statistic x.s with its interval's ends x.s.lower and x.s.upper, all computed by {@code function}. */
  private static List<Quantity> registry(String function, Unit unit) {
    return List.of(entry("x.s", function, unit), entry("x.s.lower", function, unit),
        entry("x.s.upper", function, unit));
  }

  private static String rule(String comparison, String threshold, String unit) {
    return "      {\"id\": \"a\", \"claim\": \"a claim\", \"kind\": \"empirical\", \"statistic\": \"x.s\", "
        + "\"comparison\": \""
        + comparison + "\", \"lower\": \"x.s.lower\", \"upper\": \"x.s.upper\", \"threshold\": " + threshold
        + ", \"unit\": \"" + unit + "\", \"sidedness\": \"" + (comparison.equals("interval_above")
        || comparison.equals("interval_below") ? "one-sided" : "two-sided") + "\", \"replication\": \"block\", "
        + "\"runs\": \"all\"}";
  }

  private Registration registered(String rule, List<Quantity> registry) throws IOException {
    DataSet data = SmallCriteriaRoot.write(tmp, SmallCriteriaRoot.plan(rule), false);
    Map<String, Registration> regs = new HashMap<>();
    PlanCriteria.forRegistry(data, registry, regs);
    return regs.get("criterion.k.a");
  }

  static Stream<Arguments> rules() {
    return Stream.of(
        Arguments.of("interval_above 0 on a ratio", RATIO, Unit.RATIO, "interval_above", "0", VerdictKind.CONSISTENCY),
        Arguments.of("interval_excludes 0 on a ratio", RATIO, Unit.RATIO, "interval_excludes", "0",
        VerdictKind.CONSISTENCY),
        Arguments.of("interval_within [0, 1000] on a ratio", RATIO, Unit.RATIO, "interval_within", "[0, 1000]",
            VerdictKind.CONFIRMATORY),
        Arguments.of("interval_above 1 on a ratio", RATIO, Unit.RATIO, "interval_above", "1", VerdictKind.CONFIRMATORY),
        Arguments.of("interval_excludes 1 on a ratio", RATIO, Unit.RATIO, "interval_excludes", "1",
        VerdictKind.CONFIRMATORY),
        Arguments.of("interval_above 0 on a mean of fractions", MEAN, Unit.FRACTION, "interval_above", "0",
            VerdictKind.CONFIRMATORY),
        Arguments.of("interval_excludes 0 on an undeclared ratio", "ftl.stats.Quantiles#median", Unit.RATIO,
            "interval_excludes", "0", VerdictKind.CONFIRMATORY));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rules")
  void forRegistry_intervalRule_kindByTheEndsDeclaredRange(String label, String function, Unit unit, String comparison,
                                                           String threshold, VerdictKind expected) throws IOException {
    Registration r = registered(rule(comparison, threshold, unit.symbol().isEmpty() ? "1" : unit.symbol()),
        registry(function, unit));
    assertThat(r.kind()).isEqualTo(expected);
  }

  @Test
  void forRegistry_intervalAboveZeroOnARatio_consistencyCheckNamingTheRange() throws IOException {
    Registration r = registered(rule("interval_above", "0", "ratio"), registry(RATIO, Unit.RATIO));
    assertThat(r.note()).isEqualTo("a consistency check: the interval of x.s (x.s.lower to x.s.upper) has ends in "
        + "(0, infinity) (an end of a Student t interval of a log ratio, mapped back by exp), so interval_above 0 "
        + "holds for any data");
  }

  @Test
  void forRegistry_intervalBelowZeroOnARatio_refusedNamingPlanLine() throws IOException {
    DataSet data = SmallCriteriaRoot.write(tmp, SmallCriteriaRoot.plan(rule("interval_below", "0", "ratio")), false);
    assertThatThrownBy(() -> PlanCriteria.forRegistry(data, registry(RATIO, Unit.RATIO), new HashMap<>()))
        .isInstanceOf(DataException.class)
        .hasMessageContaining(
        "root/k/plan.json:7: criteria: rule a compares the interval of x.s (x.s.lower to x.s.upper), "
            + "whose ends lie in (0, infinity)")
        .hasMessageContaining("with interval_below 0: no data could make it hold");
  }
}
