package ftl.harness.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.Geometry;
import ftl.data.Priority;
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

  @Test
  void named_noFieldSet_holdsEveryDeclaredDefault() {
    Condition c = Condition.named("c").build();
    assertThat(c).isEqualTo(new Condition("c", 1_000_000L, 100, "1", 0, 1, 2000, 0, Priority.DEFAULT, Geometry.FREE,
        "all", 0, OptionalInt.empty(), 1, 0L, 1, 100));
    assertThat(c.explicitCreateTime()).isFalse();
  }

  @Test
  void named_fieldsSetByName_changeOnlyThoseFields() {
    Condition c = Condition.named("c").sendIntervalNanos(250_000L).priority(Priority.FIFO).fetchMaxWaitMillis(5).build();
    assertThat(c).isEqualTo(new Condition("c", 250_000L, 100, "1", 0, 1, 2000, 0, Priority.FIFO, Geometry.FREE,
        "all", 0, OptionalInt.empty(), 1, 0L, 1, 5));
  }

  @Test
  void build_fieldOutOfRange_namesTheField() {
    assertThatThrownBy(() -> Condition.named("c").loadPercent(95).build())
        .isInstanceOf(Condition.InvalidField.class).hasMessageStartingWith("load_pct: must be 0..90");
    assertThatThrownBy(() -> Condition.named("c").priority(Priority.FIFO_JVM).sendIntervalNanos(250_000L).build())
        .isInstanceOf(Condition.InvalidField.class).hasMessageStartingWith("priority: fifo-jvm");
  }
}
