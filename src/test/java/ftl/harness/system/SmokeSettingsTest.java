package ftl.harness.system;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.harness.plan.Condition;
import ftl.harness.plan.ConditionDefaults;
import ftl.harness.plan.Plan;
import ftl.harness.plan.PlanParser;
import java.io.IOException;
import java.io.InputStream;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * The quick look's settings are built by name: from a condition's fields, and for the smoke from the declared
 * condition defaults with the Kafka smoke plan's run sizes (docs/architecture.md#conventions, item 16), never from
 * positional literals.
 */
class SmokeSettingsTest {

  @Test
  void defaults_kafkaSmokePlansBaseCondition_sameSettings() throws IOException {
    Plan smoke;
    try (InputStream in = SmokeSettingsTest.class.getResourceAsStream("/ftl/harness/smoke-plan.json")) {
      smoke = PlanParser.parse("smoke-plan.json", in.readAllBytes());
    }
    Condition base = smoke.conditions().stream().filter(c -> c.name().equals("base-1ms")).findFirst().orElseThrow();
    assertThat(SystemRun.Settings.DEFAULTS).isEqualTo(SystemRun.Settings.of(base));
    assertThat(SystemRun.Settings.DEFAULTS).isEqualTo(new SystemRun.Settings(500, 3000, 1_000_000L, 100,
        SystemRun.Settings.UNALIGNED));
  }

  @Test
  void defaults_fieldsNotSetBySmoke_areTheDeclaredConditionDefaults() {
    SystemRun.Settings d = SystemRun.Settings.DEFAULTS;
    assertThat(d.sendIntervalNanos()).isEqualTo(ConditionDefaults.SEND_INTERVAL_NANOS);
    assertThat(d.payloadBytes()).isEqualTo(ConditionDefaults.PAYLOAD_BYTES);
    assertThat(d.startPhaseMicros()).isEqualTo(SystemRun.Settings.UNALIGNED);
  }

  @Test
  void of_condition_takesEachFieldByName() {
    Condition c = Condition.named("c").warmupEvents(7).events(11).sendIntervalNanos(250_000L).payloadBytes(64)
        .startPhaseMicros(OptionalInt.of(900)).build();
    assertThat(SystemRun.Settings.of(c)).isEqualTo(new SystemRun.Settings(7, 11, 250_000L, 64, 900));
  }
}
