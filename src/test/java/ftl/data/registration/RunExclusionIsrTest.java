package ftl.data.registration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.io.DataException;
import ftl.data.io.StrictJson;
import ftl.data.ledger.LedgerRow;
import ftl.data.ledger.LedgerSchema;
import ftl.data.ledger.RunStatus;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The exclusion rule's ISR member (issue #46): a run whose topic's ISR changed is excluded and counted when the plan
 * says so.
 */
class RunExclusionIsrTest {

  private static RunExclusion rule(String exclusion) {
    String plan = "{\"campaign\": \"c\",\n \"exclusion\": " + exclusion + "}";
    return RunExclusion.of(StrictJson.parse(plan.getBytes(StandardCharsets.UTF_8), "plan.json")).orElseThrow();
  }

  private static LedgerRow row(String isrChanged) {
    return new LedgerRow("r1", "c", RunStatus.OK, "events/r1.csv", "",
        Map.of("isr_changed", isrChanged, "steal_pct", "0.000"), 2);
  }

  @Test
  void cause_isrChangedRuleAndRowYes_excludedByTheColumn() {
    RunExclusion r = rule("{\"steal_pct_above\": 5, \"isr_changed\": true}");
    assertThat(r.isrChanged()).isTrue();
    assertThat(r.cause(row("yes"))).contains(LedgerSchema.ISR_CHANGED);
    assertThat(r.cause(row("no"))).isEmpty();
    assertThat(r.unmeasured(row(""))).as("a run that recorded no ISR is unmeasured under the rule").isTrue();
    assertThat(r.unmeasured(row("no"))).isFalse();
  }

  @Test
  void cause_ruleWithoutOrFalse_neverExcludesOnIsr() {
    assertThat(rule("{\"steal_pct_above\": 5}").cause(row("yes"))).isEqualTo(Optional.empty());
    RunExclusion off = rule("{\"isr_changed\": false}");
    assertThat(off.cause(row("yes"))).isEmpty();
    assertThat(off.unmeasured(row(""))).isFalse();
  }

  @Test
  void of_isrChangedNotABoolean_refusedNamingPlanLine() {
    assertThatThrownBy(() -> rule("{\"isr_changed\": \"yes\"}")).isInstanceOf(DataException.class)
        .hasMessageContaining("plan.json:2").hasMessageContaining("must be true or false");
  }
}
