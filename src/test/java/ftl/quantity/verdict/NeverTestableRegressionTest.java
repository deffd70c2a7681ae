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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 58, case 5 (a prediction that can never fail): {@code "testable_if": {"statistic": "cluster.blocks",
 * "comparison": "<", "threshold": 0}} was accepted, so the prediction was "not testable here" for ever, whatever the
 * data. Now a {@code testable_if} that no value in its statistic's declared range could satisfy is a plan error (exit
 * 3, the plan and the condition's line named); one that data can satisfy is kept. The root is {@link
 * SmallCriteriaRoot}.
 */
class NeverTestableRegressionTest {
  @TempDir Path tmp;

  private static final List<Quantity> REGISTRY = List.of(
      Quantity.key("x.rate").macro("XRate").definition("a rate").unit(Unit.FRACTION).format(Format.REAL_3SF)
          .scope(Quantity.Scope.LEDGERS).function("ftl.stats.BlockStats#mean").computes(a -> new Value.Real(0.5)),
      Quantity.key("x.blocks").macro("XBlocks").definition("blocks").unit(Unit.COUNT).format(Format.GROUPED_INTEGER)
          .scope(Quantity.Scope.LEDGERS).function("ftl.stats.BlockStats#mean").computes(a -> new Value.Count(4)));

  private static String rule(String comparison, String threshold) {
    return "      {\"id\": \"a\", \"claim\": \"a claim\", \"kind\": \"empirical\", \"statistic\": \"x.rate\", "
        + "\"comparison\": \">\", \"threshold\": 0.1, \"unit\": \"fraction\", \"sidedness\": \"one-sided\", "
        + "\"replication\": \"block\", \"runs\": \"all\",\n        \"testable_if\": {\"statistic\": \"x.blocks\", "
        + "\"comparison\": \"" + comparison + "\", \"threshold\": " + threshold + ", \"unit\": \"count\"}}";
  }

  @Test
  void forRegistry_testableIfBelowZeroBlocks_refusedAsAPlanError() throws IOException {
    DataSet data = SmallCriteriaRoot.write(tmp, SmallCriteriaRoot.plan(rule("<", "0")), false);
    assertThatThrownBy(() -> PlanCriteria.forRegistry(data, REGISTRY, new HashMap<>()))
        .isInstanceOf(DataException.class)
        .hasMessage(
        "root/k/plan.json:8: criteria: testable_if of rule a compares x.blocks, which lies in [0, infinity), "
            + "with < 0: it can never hold, so the rule would never be tested and never fail");
  }

  @Test
  void forRegistry_testableIfDataCanSatisfy_kept() throws IOException {
    DataSet data = SmallCriteriaRoot.write(tmp, SmallCriteriaRoot.plan(rule(">=", "4")), false);
    Map<String, Registration> regs = new HashMap<>();
    PlanCriteria.forRegistry(data, REGISTRY, regs);
    assertThat(regs.get("criterion.k.a").kind()).isEqualTo(VerdictKind.CONFIRMATORY);
  }
}
