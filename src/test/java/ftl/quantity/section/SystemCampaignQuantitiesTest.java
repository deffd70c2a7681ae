package ftl.quantity.section;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.data.DataSet;
import ftl.data.registration.RunExclusion;
import ftl.quantity.Registry;
import ftl.quantity.RegistryFixtureTest;
import ftl.quantity.Sources;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.Computed;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.Value;
import java.util.List;
import java.util.Optional;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A campaign on another system ({@code roots/systems}: RabbitMQ in two blocks, an exclusion rule on other tasks' own
 * CPU, a failed run, a Kafka campaign beside it) gets the blocked campaigns' entries under its own name, from its own
 * runs only, with the other systems' events as sources; a system without a campaign under the root (nats) has its
 * entries unavailable. Every expected value is computed by hand in the ledger's comment.
 */
class SystemCampaignQuantitiesTest {
  private static final DataSet DATA = DataSet.scan(RegistryFixtureTest.ROOTS.resolve("systems"), "systems");
  private static final Registry REGISTRY = Registry.forData(DATA);
  private static final Analysis ANALYSIS = new Analysis(DATA);

  private static Computed computed(String key) {
    return Computed.of(REGISTRY.byKey(key).orElseThrow(() -> new AssertionError("no entry " + key)), ANALYSIS);
  }

  @ParameterizedTest(name = "{0} = {1}")
  @CsvSource(delimiter = '|', value = {
      "rabbitmq.blocks | 2",
      "rabbitmq.runs.usable | 2",
      "rabbitmq.excluded | 1",
      "rabbitmq.excluded.otherTasksCpu | 1",
      "rabbitmq.excluded.otherCpu | 0",
      "rabbitmq.excluded.steal | 0",
      "rabbitmq.excluded.s1 | 1",
      "rabbitmq.flightNegative | 0",
      "runs.rabbitmq.s1 | 3"})
  void counts_systemsRoot_asComputedByHand(String key, String text) {
    assertThat(computed(key).text()).isEqualTo(text);
  }

  @ParameterizedTest(name = "{0} = {1}")
  @CsvSource(delimiter = '|', value = {
      "rabbitmq.negativeRate.s1 | 0.25",
      "rabbitmq.negativeRate.s1.lower | -2.926551",
      "rabbitmq.negativeRate.s1.upper | 3.426551",
      "rabbitmq.retention.s1 | 0.75",
      "rabbitmq.gridlaw.error.s1 | 0.25",
      "rabbitmq.gridlaw.skill | 0.0",
      "rabbitmq.otherTasksCpu.s1 | 0.015",
      "rabbitmq.exposure.s1 | 0.5",
      "rabbitmq.ackSpanMedian.s1 | 200.0",
      "rabbitmq.otherCpu.s1 | 0.15"})
  void blockValues_systemsRoot_asComputedByHand(String key, double expected) {
    Value v = computed(key).value();
    assertThat(v).isInstanceOf(Value.Real.class);
    assertThat(((Value.Real) v).value()).isCloseTo(expected, Offset.offset(1e-5));
  }

  @Test
  void measuredHours_everyOkRunOfTheCampaign_excludedOnesToo() {
    assertThat(((Value.Real) computed("rabbitmq.measuredHours").value()).value())
        .isCloseTo(6e-3 / 3600, Offset.offset(1e-12));
  }

  @Test
  void sources_systemEntries_areTheOtherSystemsFilesOnly() {
    Quantity q = REGISTRY.byKey("rabbitmq.negativeRate.s1").orElseThrow();
    assertThat(q.scope()).isEqualTo(Quantity.Scope.SYSTEM_EVENTS);
    List<String> files = Sources.ofScope(ANALYSIS, q.scope());
    assertThat(files).containsExactly("systems/rabbitmq/ledger.csv", "systems/rabbitmq/events/r1.csv",
        "systems/rabbitmq/events/r2.csv", "systems/rabbitmq/events/r3.csv");
    assertThat(REGISTRY.byKey("runs.rabbitmq.s1").orElseThrow().scope()).isEqualTo(Quantity.Scope.SYSTEM_EVENTS);
    assertThat(REGISTRY.byKey("gridlaw.b.rabbitmq.s1").orElseThrow().scope()).isEqualTo(Quantity.Scope.SYSTEM_EVENTS);
    assertThat(REGISTRY.byKey("runs.k.c").orElseThrow().scope()).isEqualTo(Quantity.Scope.LEDGERS);
    assertThat(REGISTRY.byKey("confirm.blocks").orElseThrow().scope()).isEqualTo(Quantity.Scope.KAFKA_EVENTS);
  }

  @Test
  void absentSystem_entriesUnavailable_andNoPerConditionEntries() {
    Value v = computed("nats.blocks").value();
    assertThat(v).isInstanceOf(Value.Unavailable.class);
    assertThat(((Value.Unavailable) v).reason()).contains("no ok run of campaign nats");
    assertThat(REGISTRY.byKey("nats.negativeRate.s1")).isEmpty();
    assertThat(REGISTRY.byKey("confirm.otherTasksCpu.base")).as("the confirmatory ledger has no per-task column")
        .isEmpty();
  }

  @Test
  void describe_perTaskThreshold_isSpelledOut() {
    assertThat(BlockConditionQuantities.describe(Optional.of(new RunExclusion(5, Double.NaN, 10))))
        .isEqualTo("steal_pct above 5% or other_tasks_cpu_pct above 10%");
  }
}
