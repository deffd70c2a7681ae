package ftl.harness.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.data.Geometry;
import ftl.data.Priority;
import ftl.harness.plan.Condition;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** The instrument warm-up's condition, now derived from the declared defaults, is the one it was written as. */
class WarmupConditionTest {

  @Test
  void warmupCondition_derivedFromDefaults_equalsThePositionalConditionItReplaced() {
    assertThat(CampaignRunner.warmupCondition()).isEqualTo(new Condition("instrument-warmup", 500_000L, 100, "1", 0, 1,
        40_000, 0, Priority.DEFAULT, Geometry.FREE, "all", 0, OptionalInt.empty(), 1, 0L, 1, 100));
  }
}
