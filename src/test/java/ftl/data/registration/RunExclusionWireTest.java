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
import org.junit.jupiter.api.Test;

/**
 * The exclusion rule's members of issue #55: a run whose warm-up reached its cap unconverged, and a captured run whose
 * capture missed more than the plan's share of its complete events, are excluded and counted when the plan says so.
 */
class RunExclusionWireTest {

  private static RunExclusion rule(String exclusion) {
    String plan = "{\"campaign\": \"c\",\n \"exclusion\": " + exclusion + "}";
    return RunExclusion.of(StrictJson.parse(plan.getBytes(StandardCharsets.UTF_8), "plan.json")).orElseThrow();
  }

  private static LedgerRow row(String converged, String missed, String complete) {
    return new LedgerRow("r1", "c", RunStatus.OK, "events/r1.csv", "", Map.of("warmup_converged", converged,
        "wire_missed", missed, "events_complete", complete), 2);
  }

  @Test
  void cause_unconvergedWarmup_excludedWhenTheRuleSaysSo() {
    RunExclusion r = rule("{\"warmup_unconverged\": true}");
    assertThat(r.cause(row("no", "", ""))).contains(LedgerSchema.WARMUP_CONVERGED);
    assertThat(r.cause(row("yes", "", ""))).isEmpty();
    assertThat(r.cause(row("", "", ""))).as("first_sends: no convergence to judge").isEmpty();
    assertThat(rule("{\"warmup_unconverged\": false}").cause(row("no", "", ""))).isEmpty();
    assertThat(rule("{\"steal_pct_above\": 5}").cause(row("no", "", ""))).isEmpty();
  }

  @Test
  void cause_wireMissedAboveTheShare_excluded_emptyCellsNever() {
    RunExclusion r = rule("{\"wire_missed_pct_above\": 1}");
    assertThat(r.cause(row("yes", "11", "1000"))).contains(LedgerSchema.WIRE_MISSED);
    assertThat(r.cause(row("yes", "10", "1000"))).as("exactly 1 %: not above").isEmpty();
    assertThat(r.cause(row("yes", "", "1000"))).as("not captured").isEmpty();
    assertThat(r.cause(row("yes", "5", "0"))).as("no complete event").isEmpty();
    assertThat(r.cause(row("yes", "5", ""))).isEmpty();
  }

  @Test
  void of_unknownOrMistypedMember_refusedNamingPlanLine() {
    assertThatThrownBy(() -> rule("{\"warmup_unconverged\": 1}")).isInstanceOf(DataException.class)
        .hasMessageContaining("plan.json:2").hasMessageContaining("must be true or false");
    assertThatThrownBy(() -> rule("{\"wire_missed_pct_above\": 101}")).isInstanceOf(DataException.class)
        .hasMessageContaining("plan.json:2");
    assertThatThrownBy(() -> rule("{\"wire_missed\": 1}")).isInstanceOf(DataException.class)
        .hasMessageContaining("warmup_unconverged, wire_missed_pct_above");
  }
}
