package ftl.harness.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.io.DataException;
import ftl.data.ledger.Geometry;
import ftl.data.ledger.Priority;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class PlanParserTest {

  static Plan sample() throws Exception {
    return PlanParser.read(Path.of(PlanParserTest.class.getResource("/ftl/harness/sample-plan.json").toURI()));
  }

  static Plan parse(String json) {
    return PlanParser.parse("plan.json", json.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void read_samplePlan_expandsExplicitThenMatrix() throws Exception {
    Plan p = sample();
    assertThat(p.campaign()).isEqualTo("sample");
    assertThat(p.seed()).isEqualTo(7);
    assertThat(p.warmupRule()).isEqualTo("first_sends");
    assertThat(p.conditions()).extracting(Condition::name).containsExactly(
        "baseline-1ms", "phase-late", "si250us-default", "si250us-fifo", "si1130us-default", "si1130us-fifo");
    Condition late = p.conditions().get(1);
    assertThat(late.sendIntervalNanos()).isEqualTo(1_000_000);
    assertThat(late.startPhaseMicros()).hasValue(950);
    assertThat(late.repeats()).isEqualTo(2);
    Condition m = p.conditions().get(5);
    assertThat(m.sendIntervalNanos()).isEqualTo(1_130_000);
    assertThat(m.priority()).isEqualTo(Priority.FIFO);
    assertThat(m.warmupEvents()).isEqualTo(500);
    assertThat(m.events()).isEqualTo(20000);
    assertThat(m.startPhaseMicros()).isEmpty();
    assertThat(p.predictions().get("flight_negative").asInt()).isZero();
  }

  @Test
  void schedule_samplePlan_everyConditionRepeatOnceInSeededOrder() throws Exception {
    Plan p = sample();
    List<Plan.ScheduledRun> s = p.schedule();
    assertThat(s).hasSize(3 + 2 + 4 * 3);
    Set<String> slots = new HashSet<>();
    for (Plan.ScheduledRun r : s) {
      assertThat(slots.add(r.condition().name() + "#" + r.repeat())).isTrue();
    }
    assertThat(s).extracting(Plan.ScheduledRun::runId).startsWith("r0001", "r0002");
    assertThat(s).extracting(Plan.ScheduledRun::orderIndex).containsExactlyElementsOf(
        IntStream.range(0, s.size()).boxed().toList());
    assertThat(sample().schedule()).as("same plan, same order").isEqualTo(s);
    assertThat(s.stream().map(r -> r.condition().name()).toList())
        .as("shuffled, not plan order").isNotEqualTo(s.stream().map(r -> r.condition().name()).sorted().toList());
  }

  @Test
  void parse_systemPlan_systemAndTheFieldsItRuns() {
    Plan p = parse("{\"campaign\":\"r\",\"system\":\"rabbitmq\",\"blocks\":2,\"warmup\":{\"events\":50},"
        + "\"defaults\":{\"payload_bytes\":100},\"conditions\":[{\"name\":\"a\",\"send_interval\":\"750us\",\"events"
        + "\":40000,\"repeats\":2}]}");
    assertThat(p.system()).isEqualTo("rabbitmq");
    assertThat(p.onKafka()).isFalse();
    Condition c = p.conditions().get(0);
    assertThat(c.sendIntervalNanos()).isEqualTo(750_000);
    assertThat(c.events()).isEqualTo(40_000);
    assertThat(c.warmupEvents()).isEqualTo(50);
    assertThat(c.payloadBytes()).isEqualTo(100);
    assertThat(p.schedule()).hasSize(4);
  }

  @Test
  void parse_minimalPlan_usesBuiltInDefaults() {
    Plan p = parse("{\"campaign\":\"m\",\"conditions\":[{\"name\":\"a\"}]}");
    assertThat(p.system()).as("kafka unless the plan names another system").isEqualTo("kafka");
    assertThat(p.onKafka()).isTrue();
    Condition c = p.conditions().get(0);
    assertThat(c.sendIntervalNanos()).isEqualTo(1_000_000);
    assertThat(c.acks()).isEqualTo("1");
    assertThat(c.geometry()).isEqualTo(Geometry.FREE);
    assertThat(c.brokerCpus()).isEqualTo("all");
    assertThat(c.warmupEvents()).isZero();
    assertThat(c.repeats()).isEqualTo(1);
    assertThat(p.seed()).isEqualTo(1);
  }

  static Stream<Arguments> badPlans() {
    return Stream.of(
        Arguments.of("not JSON", "{\"campaign\": ", "not valid JSON"),
        Arguments.of("no campaign", "{\"conditions\":[{\"name\":\"a\"}]}", "campaign: required"),
        Arguments.of("no conditions", "{\"campaign\":\"x\"}", "conditions: the plan has no condition"),
        Arguments.of("unknown top field", "{\"campaign\":\"x\",\"condtions\":[]}", "condtions: unknown field"),
        Arguments.of("bad acks",
        "{\"campaign\":\"x\",\"conditions\":[{\"name\":\"a\"},{\"name\":\"b\",\"acks\":\"2\"}]}",
            "conditions[1].acks: must be \"1\" or \"all\""),
        Arguments.of("interval too short",
        "{\"campaign\":\"x\",\"conditions\":[{\"name\":\"a\",\"send_interval\":\"20us\"}]}",
            "conditions[0].send_interval: must be at least 50us"),
        Arguments.of("interval without unit",
        "{\"campaign\":\"x\",\"conditions\":[{\"name\":\"a\",\"send_interval\":\"250\"}]}",
            "conditions[0].send_interval: not a duration with a unit"),
        Arguments.of("unknown condition field", "{\"campaign\":\"x\",\"conditions\":[{\"name\":\"a\",\"ack\":\"1\"}]}",
            "conditions[0].ack: unknown field"),
        Arguments.of("load too high", "{\"campaign\":\"x\",\"conditions\":[{\"name\":\"a\",\"load_pct\":95}]}",
            "conditions[0].load_pct: must be 0..90"),
        Arguments.of("phase out of range",
        "{\"campaign\":\"x\",\"conditions\":[{\"name\":\"a\",\"start_phase_us\":1000}]}",
            "conditions[0].start_phase_us: must be 0..999"),
        Arguments.of("bad priority", "{\"campaign\":\"x\",\"conditions\":[{\"name\":\"a\",\"priority\":\"rr\"}]}",
            "conditions[0].priority: must be one of default, fifo"),
        Arguments.of("bad geometry in matrix",
        "{\"campaign\":\"x\",\"matrix\":{\"geometry\":[\"split\",\"diagonal\"]}}",
            "matrix[geometry=diagonal].geometry: must be one of free, shared, split"),
        Arguments.of("duplicate names", "{\"campaign\":\"x\",\"conditions\":[{\"name\":\"a\"},{\"name\":\"a\"}]}",
            "condition name \"a\" appears twice"),
        Arguments.of("events not integer", "{\"campaign\":\"x\",\"conditions\":[{\"name\":\"a\",\"events\":\"many\"}]}",
            "conditions[0].events: must be an integer"),
        Arguments.of("bad warm-up rule",
        "{\"campaign\":\"x\",\"warmup\":{\"rule\":\"first_seconds\"},\"conditions\":[{\"name\":\"a\"}]}",
            "warmup.rule: the rules are \"first_sends\" and \"stable_flights\" (was \"first_seconds\")"),
        Arguments.of("clock offset beyond 10 s",
        "{\"campaign\":\"x\",\"conditions\":[{\"name\":\"a\",\"clock_offset_us\":20000000}]}",
            "conditions[0].clock_offset_us: must be within"),
        Arguments.of("fetch.min.bytes zero",
        "{\"campaign\":\"x\",\"conditions\":[{\"name\":\"a\",\"fetch_min_bytes\":0}]}",
            "conditions[0].fetch_min_bytes: must be 1..100000000"),
        Arguments.of("fetch.max.wait.ms negative",
        "{\"campaign\":\"x\",\"conditions\":[{\"name\":\"a\",\"fetch_max_wait_ms\":-1}]}",
            "conditions[0].fetch_max_wait_ms: must be 0..10000"),
        Arguments.of("fifo-jvm at 250us",
        "{\"campaign\":\"x\",\"conditions\":[{\"name\":\"a\",\"priority\":\"fifo-jvm\",\"send_interval\":\"250us\"}]}",
            "conditions[0].priority: fifo-jvm needs a send interval of at least 500us"),
        Arguments.of("bad broker cpus",
        "{\"campaign\":\"x\",\"conditions\":[{\"name\":\"a\",\"broker_cpus\":\"one\"}]}",
            "conditions[0].broker_cpus: must be \"all\" or a cpu list"),
        Arguments.of("unknown system", "{\"campaign\":\"x\",\"system\":\"pulsar\",\"conditions\":[{\"name\":\"a\"}]}",
            "system: must be one of kafka, rabbitmq, nats (was \"pulsar\")"),
        Arguments.of("system not a string", "{\"campaign\":\"x\",\"system\":7,\"conditions\":[{\"name\":\"a\"}]}",
            "system: must be a string"),
        Arguments.of("broker placement on rabbitmq",
        "{\"campaign\":\"x\",\"system\":\"rabbitmq\",\"conditions\":[{\"name\":\"a\"},"
            + "{\"name\":\"b\",\"broker_cpus\":\"0\"}]}",
            "conditions[1].broker_cpus: applies to kafka plans only: a run on rabbitmq"),
        Arguments.of("a Kafka setting in nats defaults",
        "{\"campaign\":\"x\",\"system\":\"nats\",\"defaults\":{\"acks\":\"all\"},"
            + "\"conditions\":[{\"name\":\"a\"}]}", "defaults.acks: applies to kafka plans only: a run on nats"),
        Arguments.of("a matrix axis on nats",
        "{\"campaign\":\"x\",\"system\":\"nats\",\"matrix\":{\"clock_offset_us\":[0,50]}}",
            "matrix.clock_offset_us: applies to kafka plans only"),
        Arguments.of("stable flights on rabbitmq",
        "{\"campaign\":\"x\",\"system\":\"rabbitmq\",\"warmup\":{\"rule\":\"stable_flights\","
            + "\"window\":10,\"tolerance_us\":5,\"min_events\":20,\"max_events\":100},\"conditions\":[{\"name\":\"a"
            + "\"}]}",
            "warmup: applies to kafka plans only: a run on rabbitmq takes the first_sends warm-up"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badPlans")
  void parse_badPlan_dataExceptionNamesFileAndField(String label, String json, String expected) {
    assertThatThrownBy(() -> parse(json))
        .isInstanceOf(DataException.class)
        .hasMessageStartingWith("plan.json")
        .hasMessageContaining(expected);
  }

  @Test
  void parse_newConditionFields_readAndDefaulted() {
    Plan p = parse("{\"campaign\":\"x\",\"conditions\":[{\"name\":\"a\"},"
        + "{\"name\":\"b\",\"clock_offset_us\":-1500,\"fetch_min_bytes\":1000000,\"fetch_max_wait_ms\":20,\"priority"
        + "\":\"fifo-jvm\"}]}");
    Condition a = p.conditions().get(0);
    assertThat(a.clockOffsetMicros()).isZero();
    assertThat(a.explicitCreateTime()).isFalse();
    assertThat(a.get(ConditionDefaults.FETCH_MIN_BYTES)).isEqualTo(ConditionDefaults.FETCH_MIN_BYTES.defaultValue());
    assertThat(a.get(ConditionDefaults.FETCH_MAX_WAIT_MILLIS))
        .isEqualTo(ConditionDefaults.FETCH_MAX_WAIT_MILLIS.defaultValue());
    Condition b = p.conditions().get(1);
    assertThat(b.clockOffsetMicros()).isEqualTo(-1500);
    assertThat(b.explicitCreateTime()).isTrue();
    assertThat(b.fetchMinBytes()).isEqualTo(1_000_000);
    assertThat(b.fetchMaxWaitMillis()).isEqualTo(20);
    assertThat(b.priority()).isEqualTo(Priority.FIFO_JVM);
    assertThat(b.priority().word()).isEqualTo("fifo-jvm");
  }

  @Test
  void parse_matrixOfSignedOffsets_namesKeepTheSign() {
    Plan p = parse("{\"campaign\":\"x\",\"matrix\":{\"clock_offset_us\":[-300,300],\"priority\":[\"fifo-jvm\"]}}");
    assertThat(p.conditions()).extracting(Condition::name).containsExactly("offm300-fifojvm", "off300-fifojvm");
  }

  @Test
  void read_missingFile_dataExceptionNamesFile() {
    assertThatThrownBy(() -> PlanParser.read(Path.of("no/such/plan.json")))
        .isInstanceOf(DataException.class).hasMessageContaining("no/such/plan.json")
        .hasMessageContaining("no such plan file");
  }

  static Stream<Arguments> durations() {
    return Stream.of(Arguments.of("250us", 250_000L), Arguments.of("1ms", 1_000_000L),
        Arguments.of("1.25ms", 1_250_000L),
        Arguments.of("50000ns", 50_000L), Arguments.of("2s", 2_000_000_000L), Arguments.of("1130µs", 1_130_000L));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("durations")
  void parseNanos_withUnit_exactNanos(String text, long nanos) {
    assertThat(Durations.parseNanos(text)).isEqualTo(nanos);
  }

  @Test
  void parseNanos_fractionOfNanosecond_rejected() {
    assertThatThrownBy(() -> Durations.parseNanos("1.5ns")).isInstanceOf(IllegalArgumentException.class);
    assertThat(Durations.format(1_250_000)).isEqualTo("1250us");
    assertThat(Durations.format(1_000_000)).isEqualTo("1ms");
  }
}
