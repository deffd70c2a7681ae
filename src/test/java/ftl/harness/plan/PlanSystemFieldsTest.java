package ftl.harness.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.node.NullNode;
import ftl.data.io.DataException;
import ftl.data.ledger.Geometry;
import ftl.data.ledger.Priority;
import ftl.data.ledger.QueueType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Which condition fields a plan may set on each system (issue 29): on RabbitMQ and NATS the sends, the start phase
 * and the manipulations their runs apply ({@code priority}, {@code geometry}, {@code load_pct}), on RabbitMQ also
 * {@code queue_type}; every other field refused by name, and a bad value refused as on Kafka, each with the file and
 * the line of the field.
 */
class PlanSystemFieldsTest {

  static Plan parse(String json) {
    return PlanParser.parse("plan.json", json.getBytes(StandardCharsets.UTF_8));
  }

  /** A plan on {@code system} whose second condition, on line 4, carries {@code field} (a JSON member). */
  static String planWith(String system, String member) {
    return "{\"campaign\": \"x\", \"system\": \"" + system + "\",\n"
        + "\"conditions\": [\n"
        + "  {\"name\": \"a\"},\n"
        + "  {\"name\": \"b\", " + member + "}\n"
        + "]}\n";
  }

  @Test
  void parse_manipulationsOnRabbitMqAndNats_readAsOnKafka() {
    for (String system : List.of("rabbitmq", "nats")) {
      Plan p = parse("{\"campaign\": \"x\", \"system\": \"" + system + "\", \"defaults\": {\"load_pct\": 50},"
          + " \"conditions\": [{\"name\": \"a\", \"priority\": \"fifo\", \"geometry\": \"split\"},"
          + " {\"name\": \"b\", \"priority\": \"fifo-jvm\", \"geometry\": \"shared\", \"load_pct\": 0}]}");
      Condition a = p.conditions().get(0);
      assertThat(a.priority()).as(system).isEqualTo(Priority.FIFO);
      assertThat(a.geometry()).as(system).isEqualTo(Geometry.SPLIT);
      assertThat(a.loadPercent()).as(system + ": from defaults").isEqualTo(50);
      assertThat(a.queueType()).as(system).isEqualTo(QueueType.CLASSIC);
      Condition b = p.conditions().get(1);
      assertThat(b.priority()).as(system).isEqualTo(Priority.FIFO_JVM);
      assertThat(b.geometry()).as(system).isEqualTo(Geometry.SHARED);
      assertThat(b.loadPercent()).as(system).isZero();
    }
  }

  @Test
  void parse_manipulationMatrixOnNats_expandsWithTheKafkaNames() {
    Plan p = parse("{\"campaign\": \"x\", \"system\": \"nats\", \"matrix\": {\"priority\": [\"default\", \"fifo\"],"
        + " \"load_pct\": [0, 50]}}");
    assertThat(p.conditions()).extracting(Condition::name)
        .containsExactly("default-load0", "default-load50", "fifo-load0", "fifo-load50");
  }

  @Test
  void parse_queueTypeOnRabbitMq_readDefaultedAndInMatrixNames() {
    Plan p = parse("{\"campaign\": \"x\", \"system\": \"rabbitmq\", \"conditions\": [{\"name\": \"a\"},"
        + " {\"name\": \"b\", \"queue_type\": \"stream\"}]}");
    assertThat(p.conditions()).extracting(Condition::queueType).containsExactly(QueueType.CLASSIC, QueueType.STREAM);
    Plan m =
        parse("{\"campaign\": \"x\", \"system\": \"rabbitmq\", \"matrix\": {\"queue_type\": [\"classic\", \"stream\"],"
        + " \"priority\": [\"fifo\"]}}");
    assertThat(m.conditions()).extracting(Condition::name).containsExactly("classic-fifo", "stream-fifo");
    assertThat(m.conditions()).extracting(Condition::queueType).containsExactly(QueueType.CLASSIC, QueueType.STREAM);
  }

  @Test
  void systemFields_areTheEarlierOnesAndExactlyTheManipulationsApplied() {
    assertThat(Plan.SYSTEM_FIELDS).containsExactlyInAnyOrder("name", "send_interval", "send_interval_ns",
        "payload_bytes",
        "events", "warmup_events", "repeats", "start_phase_us", "priority", "geometry", "load_pct");
    assertThat(Plan.RABBITMQ_FIELDS).containsExactly("queue_type");
    assertThat(PlanParser.CONDITION_FIELDS).containsAll(Plan.SYSTEM_FIELDS).containsAll(Plan.RABBITMQ_FIELDS);
  }

  /**
   * Every condition field neither system applies, on each of the two: Kafka's settings and the unapplied manipulations.
   */
  static Stream<Arguments> kafkaOnlyFields() {
    Set<String> values = Set.of("acks", "linger_ms", "partitions", "fetch_min_bytes", "fetch_max_wait_ms",
        "broker_cpus",
        "clock_offset_us", "schedule");
    List<Arguments> out = new ArrayList<>();
    for (String system : List.of("rabbitmq", "nats")) {
      for (String f : new TreeSet<>(values)) {
        out.add(Arguments.of(system + " " + f, system, f));
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("kafkaOnlyFields")
  void parse_kafkaOnlyFieldOnOtherSystem_refusedByNameWithLine(String label, String system, String field) {
    String value = field.equals("acks") || field.equals("broker_cpus") || field.equals("schedule") ? "\"1\"" : "1";
    DataException e = catchThrowableOfType(() -> parse(planWith(system, "\"" + field + "\": " + value)),
        DataException.class);
    assertThat(e).as(label).isNotNull();
    assertThat(e.getMessage()).startsWith("plan.json:4: conditions[1]." + field
        + ": applies to kafka plans only: a run on "
        + system + " sets only ");
    assertThat(e.getMessage()).as("the allowed fields listed").contains("geometry, load_pct", "priority");
    assertThat(PlanParser.CONDITION_FIELDS).as("a field of the schema, refused for the system only").contains(field);
  }

  static Stream<Arguments> badSystemPlans() {
    return Stream.of(
        Arguments.of("queue_type on nats", planWith("nats", "\"queue_type\": \"stream\""),
            "plan.json:4: conditions[1].queue_type: applies to rabbitmq plans only: a run on nats has no queue of "
            + "that kind"),
        Arguments.of("queue_type classic on nats too", planWith("nats", "\"queue_type\": \"classic\""),
            "plan.json:4: conditions[1].queue_type: applies to rabbitmq plans only"),
        Arguments.of("queue_type on kafka", planWith("kafka", "\"queue_type\": \"stream\""),
            "plan.json:4: conditions[1].queue_type: applies to rabbitmq plans only: a run on kafka"),
        Arguments.of("queue_type in kafka defaults",
        "{\"campaign\": \"x\",\n\"defaults\": {\"queue_type\": \"stream\"},\n"
            + "\"conditions\": [{\"name\": \"a\"}]}",
            "plan.json:2: defaults.queue_type: applies to rabbitmq plans only"),
        Arguments.of("queue_type in a nats matrix", "{\"campaign\": \"x\", \"system\": \"nats\",\n"
            + "\"matrix\": {\"queue_type\": [\"stream\"]}}",
            "plan.json:2: matrix.queue_type: applies to rabbitmq plans only"),
        Arguments.of("unknown queue type", planWith("rabbitmq", "\"queue_type\": \"lazy\""),
            "plan.json:4: conditions[1].queue_type: must be one of classic, stream, quorum (was \"lazy\")"),
        Arguments.of("queue type not a word", planWith("rabbitmq", "\"queue_type\": 2"),
            "plan.json:4: conditions[1].queue_type: must be one of classic, stream, quorum (was \"2\")"),
        Arguments.of("bad priority on rabbitmq", planWith("rabbitmq", "\"priority\": \"rr\""),
            "plan.json:4: conditions[1].priority: must be one of default, fifo, fifo-jvm (was \"rr\")"),
        Arguments.of("bad geometry on nats", planWith("nats", "\"geometry\": \"diagonal\""),
            "plan.json:4: conditions[1].geometry: must be one of free, shared, split (was \"diagonal\")"),
        Arguments.of("load too high on nats", planWith("nats", "\"load_pct\": 95"),
            "plan.json:4: conditions[1].load_pct: must be 0..90 (was 95)"),
        Arguments.of("fifo-jvm at 250us on rabbitmq",
        planWith("rabbitmq", "\"priority\": \"fifo-jvm\", \"send_interval\": \"250us\""),
            "plan.json:4: conditions[1].priority: fifo-jvm needs a send interval of at least 500us"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badSystemPlans")
  void parse_badSystemPlan_refusedNamingFileLineAndField(String label, String json, String expected) {
    DataException e = catchThrowableOfType(() -> parse(json), DataException.class);
    assertThat(e).as(label).isNotNull();
    assertThat(e.getMessage()).startsWith(expected);
  }

  @Test
  void plan_conditionWithStreamOnNats_refusedEvenWhenBuiltInJava() {
    Condition stream = Condition.named("s").queueType(QueueType.STREAM).build();
    Condition.InvalidField e = catchThrowableOfType(() -> new Plan("x", "", 1, Plan.WARMUP_RULE, List.of(stream),
        NullNode.getInstance(), null, Map.of(), 0, null, "nats", Set.of(), List.of(), 1, null, "", 0),
        Condition.InvalidField.class);
    assertThat(e).isNotNull();
    assertThat(e.getMessage())
        .isEqualTo("s.queue_type: applies to rabbitmq plans only: a run on nats has no queue of that kind to declare");
  }
}
