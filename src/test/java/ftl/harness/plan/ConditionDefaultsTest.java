package ftl.harness.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.ledger.Geometry;
import ftl.data.ledger.Priority;
import java.nio.charset.StandardCharsets;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** The declared defaults: one set, read alike by the plan parser and by a condition built by name. */
class ConditionDefaultsTest {

  private static Condition parsedAlone(String name) {
    String json = "{\"campaign\": \"x\", \"conditions\": [{\"name\": \"" + name + "\"}]}";
    return PlanParser.parse("plan.json", json.getBytes(StandardCharsets.UTF_8)).conditions().get(0);
  }

  @Test
  void named_noFieldSet_equalsWhatAPlanGetsForAConditionWithOnlyAName() {
    assertThat(Condition.named("c").build()).isEqualTo(parsedAlone("c"));
  }

  /** The values the defaults had when they lived in three places (parser, overload, warm-up literals). */
  @Test
  void named_noFieldSet_holdsEveryDeclaredDefault() {
    Condition c = Condition.named("c").build();
    assertThat(c.sendIntervalNanos()).isEqualTo(1_000_000L);
    assertThat(c.payloadBytes()).isEqualTo(100);
    assertThat(c.acks()).isEqualTo("1");
    assertThat(c.lingerMillis()).isZero();
    assertThat(c.partitions()).isEqualTo(1);
    assertThat(c.events()).isEqualTo(2000);
    assertThat(c.warmupEvents()).isZero();
    assertThat(c.priority()).isEqualTo(Priority.DEFAULT);
    assertThat(c.geometry()).isEqualTo(Geometry.FREE);
    assertThat(c.brokerCpus()).isEqualTo("all");
    assertThat(c.loadPercent()).isZero();
    assertThat(c.startPhaseMicros()).isEqualTo(OptionalInt.empty());
    assertThat(c.repeats()).isEqualTo(1);
    assertThat(c.clockOffsetMicros()).isZero();
    assertThat(c.fetchMinBytes()).isEqualTo(1);
    assertThat(c.fetchMaxWaitMillis()).isEqualTo(100);
    assertThat(c.explicitCreateTime()).isFalse();
  }

  @Test
  void named_fieldsSetByName_changeOnlyThoseFields() {
    Condition c = Condition.named("c").sendIntervalNanos(250_000L).priority(Priority.FIFO).fetchMaxWaitMillis(5)
        .build();
    assertThat(c.sendIntervalNanos()).isEqualTo(250_000L);
    assertThat(c.priority()).isEqualTo(Priority.FIFO);
    assertThat(c.fetchMaxWaitMillis()).isEqualTo(5);
    assertThat(c).usingRecursiveComparison().ignoringFields("pacing.sendIntervalNanos", "placement.priority",
        "declared")
        .isEqualTo(Condition.named("c").build());
    assertThat(c.fetchMinBytes()).as("the other declared field").isEqualTo(1);
  }

  @Test
  void build_fieldOutOfRange_namesTheField() {
    assertThatThrownBy(() -> Condition.named("c").loadPercent(95).build())
        .isInstanceOf(Condition.InvalidField.class).hasMessageStartingWith("load_pct: must be 0..90");
    assertThatThrownBy(() -> Condition.named("c").priority(Priority.FIFO_JVM).sendIntervalNanos(250_000L).build())
        .isInstanceOf(Condition.InvalidField.class).hasMessageStartingWith("priority: fifo-jvm");
  }
}
