package ftl.harness.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.harness.plan.Condition;
import org.junit.jupiter.api.Test;

/**
 * The instrument warm-up's condition, now derived from the declared defaults, is the one it was written as:
 * {@code new Condition("instrument-warmup", 500_000L, 100, "1", 0, 1, 40_000, 0, DEFAULT, FREE, "all", 0, empty, 1)}
 * (before the condition was grouped by role).
 */
class WarmupConditionTest {

  @Test
  void warmupCondition_derivedFromDefaults_isTheConditionItReplaced() {
    Condition c = CampaignRunner.warmupCondition();
    assertThat(c.name()).isEqualTo("instrument-warmup");
    assertThat(c.sendIntervalNanos()).isEqualTo(500_000L);
    assertThat(c.events()).isEqualTo(40_000);
    assertThat(c.payloadBytes()).isEqualTo(100);
    assertThat(c.acks()).isEqualTo("1");
    assertThat(c.warmupEvents()).isZero();
    assertThat(c.repeats()).isEqualTo(1);
    // every other field at its declared default
    assertThat(c).usingRecursiveComparison().ignoringFields("name", "pacing.sendIntervalNanos", "pacing.events")
        .isEqualTo(Condition.named("x").build());
  }
}
