package ftl.harness.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import ftl.data.io.DataException;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The plan fields of a replicated cluster (issue #46): the plan's {@code brokers} and each condition's
 * {@code replication_factor} and {@code min_insync_replicas}, and what a plan may not ask of them.
 */
class ClusterPlanTest {

  private static Plan parse(String json) {
    return PlanParser.parse("plan.json", json.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void parse_noClusterFields_oneBrokerAndUnreplicatedTopics() {
    Plan p = parse("{\"campaign\": \"k\", \"conditions\": [{\"name\": \"a\"}]}");
    assertThat(p.brokers()).isEqualTo(1);
    assertThat(p.conditions().get(0).replicationFactor()).isEqualTo(1);
    assertThat(p.conditions().get(0).minInsyncReplicas()).isEqualTo(1);
  }

  @Test
  void parse_threeBrokers_conditionsReplicateAsAsked() {
    Plan p = parse("{\"campaign\": \"k\", \"brokers\": 3, \"conditions\": [{\"name\": \"rf1\"},"
        + " {\"name\": \"rf3\", \"replication_factor\": 3, \"min_insync_replicas\": 2, \"acks\": \"all\"}]}");
    assertThat(p.brokers()).isEqualTo(3);
    Condition rf3 = p.conditions().get(1);
    assertThat(rf3.replicationFactor()).isEqualTo(3);
    assertThat(rf3.minInsyncReplicas()).isEqualTo(2);
    assertThat(rf3.acks()).isEqualTo("all");
    assertThat(p.conditions().get(0).replicationFactor()).isEqualTo(1);
  }

  @Test
  void parse_matrixOverReplication_namesConditionsByTheShortLabel() {
    Plan p = parse("{\"campaign\": \"k\", \"brokers\": 3, \"matrix\": {\"replication_factor\": [1, 3]}}");
    assertThat(p.conditions()).extracting(Condition::name).containsExactly("rf1", "rf3");
  }

  static Stream<Arguments> refused() {
    return Stream.of(
        Arguments.of("{\"campaign\": \"k\", \"brokers\": 6, \"conditions\": [{\"name\": \"a\"}]}",
            "plan.json:1: brokers: must be an integer 1..5 (was 6)"),
        Arguments.of("{\"campaign\": \"k\", \"brokers\": 0, \"conditions\": [{\"name\": \"a\"}]}",
            "plan.json:1: brokers: must be an integer 1..5 (was 0)"),
        Arguments.of("{\"campaign\": \"k\", \"brokers\": \"3\", \"conditions\": [{\"name\": \"a\"}]}",
            "plan.json:1: brokers: must be an integer written as a JSON number"),
        Arguments.of("{\"campaign\": \"k\", \"conditions\": [{\"name\": \"a\", \"replication_factor\": 3}]}",
            "plan.json:1: a.replication_factor: must be at most the plan's brokers (1, the default) (was 3): a plan "
                + "for a cluster of 3 says \"brokers\": 3 (the runner starts that many, or checks that --bootstrap's "
                + "cluster has them)"),
        Arguments.of(
        "{\"campaign\": \"k\", \"brokers\": 2, \"conditions\": [{\"name\": \"a\", \"replication_factor\": 3}]}",
            "plan.json:1: a.replication_factor: must be at most the plan's brokers (2) (was 3): a plan for a cluster "
                + "of 3 says \"brokers\": 3"),
        Arguments.of(
        "{\"campaign\": \"k\", \"brokers\": 3, \"conditions\": [{\"name\": \"a\", \"replication_factor\": 3,"
            + " \"min_insync_replicas\": 4}]}",
            "plan.json:1: conditions[0].min_insync_replicas: must be 1..replication_factor (3) (was 4)"),
        Arguments.of(
        "{\"campaign\": \"k\", \"brokers\": 3, \"conditions\": [{\"name\": \"a\", \"replication_factor\": 0}]}",
            "plan.json:1: conditions[0].replication_factor: must be 1..16 (was 0)"),
        Arguments.of("{\"campaign\": \"k\", \"system\": \"nats\", \"brokers\": 3, \"conditions\": [{\"name\": \"a\"}]}",
            "plan.json:1: brokers: applies to kafka plans only: a run on nats has one server"),
        Arguments.of(
        "{\"campaign\": \"k\", \"system\": \"rabbitmq\", \"conditions\": [{\"name\": \"a\", \"replication_factor\": "
        + "1}]}",
            "plan.json:1: conditions[0].replication_factor: applies to kafka plans only"));
  }

  @ParameterizedTest
  @MethodSource("refused")
  void parse_clusterFieldOutOfRange_refusedNamingFileAndField(String json, String expected) {
    DataException e = catchThrowableOfType(() -> parse(json), DataException.class);
    assertThat(e).isNotNull();
    assertThat(e.getMessage()).startsWith(expected);
  }

  @Test
  void named_replicationFields_defaultToOneAndCheckTheirRange() {
    assertThat(Condition.named("c").build().replicationFactor()).isEqualTo(ConditionDefaults.REPLICATION_FACTOR);
    Condition.InvalidField e = catchThrowableOfType(
        () -> Condition.named("c").replicationFactor(2).minInsyncReplicas(3).build(), Condition.InvalidField.class);
    assertThat(e.field()).isEqualTo("min_insync_replicas");
  }
}
