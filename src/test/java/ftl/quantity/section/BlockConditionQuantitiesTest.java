package ftl.quantity.section;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.data.registration.RunExclusion;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The per-condition block summaries' definitions name the plan's exclusion rule in words: each threshold it sets, "no
 * threshold" for a rule that sets none, and "the plan registers none" without a rule (the per-task and run-time
 * thresholds: {@link SystemCampaignQuantitiesTest}).
 */
class BlockConditionQuantitiesTest {
  @Test
  void describe_eachThresholdAndNone_isSpelledOut() {
    assertThat(BlockConditionQuantities.describe(Optional.empty())).isEqualTo("the plan registers none");
    assertThat(BlockConditionQuantities.describe(Optional.of(new RunExclusion(Double.NaN, Double.NaN))))
        .isEqualTo("no threshold");
    assertThat(BlockConditionQuantities.describe(Optional.of(new RunExclusion(5, 10))))
        .isEqualTo("steal_pct above 5% or other_cpu_pct above 10%");
  }
}
