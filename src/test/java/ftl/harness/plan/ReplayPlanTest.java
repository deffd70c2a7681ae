package ftl.harness.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.io.DataException;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The plan's replay section and the conditions bound to its schedules. */
class ReplayPlanTest {
  static final String SHA_A = "a".repeat(64);
  static final String SHA_B = "b".repeat(64);

  /** A plan with one replay condition and its fixed-interval control; {@code edit} rewrites a fragment. */
  static String plan(String from, String to) {
    String json = """
        {"campaign": "rp", "seed": 3,
         "replay": {"upstream": {"repo": "statsbomb/open-data", "commit": "0123456789abcdef0123456789abcdef01234567",
         "note": "via a mirror"},
                    "inputs": {"m1": {"path": "data/events/1.json", "sha256": "%s"}},
                    "schedules": {"m1-g500us": {"input": "m1", "mean_gap": "500us", "exclude_types": "default",
                    "max_events": 0,
                                                "sends": 3000, "sha256": "%s"}}},
         "defaults": {"events": 2000},
         "conditions": [{"name": "replay-m1", "send_interval": "500us", "schedule": "m1-g500us"},
                        {"name": "fixed-500us", "send_interval": "500us"}]}
        """.formatted(SHA_A, SHA_B);
    return from == null ? json : json.replace(from, to);
  }

  static Plan parse(String json) {
    return PlanParser.parse("plan.json", json.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void parse_replayPlan_bindsTheConditionToItsSchedule() {
    Plan p = parse(plan(null, null));
    assertThat(p.replay().upstreamRepo()).isEqualTo("statsbomb/open-data");
    assertThat(p.replay().inputs().get("m1").path()).isEqualTo("data/events/1.json");
    ReplaySpec.Schedule s = p.scheduleFor(p.conditions().get(0));
    assertThat(s.id()).isEqualTo("m1-g500us");
    assertThat(s.options().meanGapNanos()).isEqualTo(500_000);
    assertThat(s.options().canonicalArgs()).containsExactly("--mean-gap", "500us", "--exclude-types",
        "18,19,26,27,34,35,36,40", "--max-events", "0");
    assertThat(s.sends()).isEqualTo(3000);
    assertThat(s.sha256()).isEqualTo(SHA_B);
    assertThat(p.scheduleFor(p.conditions().get(1))).isNull();
    assertThat(parse(plan("\"replay\"", "\"xreplay\"").replace(", \"schedule\": \"m1-g500us\"", "")
        .replace("\"xreplay\"", "\"predictions\"")).replay()).isNull();
  }

  @Test
  void parse_matrixOverSchedules_namesConditionsByScheduleId() {
    String base = plan(null, null);
    String json = base.substring(0, base.indexOf("\"conditions\""))
        + "\"matrix\": {\"schedule\": [\"m1-g500us\"], \"send_interval\": [\"500us\"]}}";
    Plan p = parse(json);
    assertThat(p.conditions()).extracting(Condition::name).containsExactly("m1g500us-si500us");
    assertThat(p.scheduleFor(p.conditions().get(0)).id()).isEqualTo("m1-g500us");
  }

  static Stream<Arguments> bad() {
    return Stream.of(
        Arguments.of("unknown schedule", "\"schedule\": \"m1-g500us\"}", "\"schedule\": \"nope\"}",
        "replay-m1.schedule: names no schedule"),
        Arguments.of("interval not the mean gap", "\"name\": \"replay-m1\", \"send_interval\": \"500us\"",
        "\"name\": \"replay-m1\", \"send_interval\": \"250us\"",
            "replay-m1.send_interval: must equal the mean gap of its schedule m1-g500us (500us)"),
        Arguments.of("more events than sends", "\"sends\": 3000", "\"sends\": 1999",
        "replay-m1.events: asks for 2000 events; schedule m1-g500us has 1999 sends"),
        Arguments.of("schedule not a string", "\"schedule\": \"m1-g500us\"}", "\"schedule\": 7}",
        "schedule: must be the id of a schedule"),
        Arguments.of("short commit", "0123456789abcdef0123456789abcdef01234567", "0123456",
        "replay.upstream.commit: must be a full commit hash"),
        Arguments.of("bad repo", "statsbomb/open-data", "statsbomb", "replay.upstream.repo: must be owner/name"),
        Arguments.of("no commit", ", \"commit\": \"0123456789abcdef0123456789abcdef01234567\"", "",
        "replay.upstream: needs repo and commit"),
        Arguments.of("input path escapes", "data/events/1.json", "../1.json",
        "replay.inputs.m1.path: must be a relative path"),
        Arguments.of("input sha upper case", "\"sha256\": \"" + SHA_A + "\"", "\"sha256\": \"" + "A".repeat(64) + "\"",
        "replay.inputs.m1.sha256: must be 64"),
        Arguments.of("schedule names no input", "\"input\": \"m1\"", "\"input\": \"m2\"",
        "replay.schedules.m1-g500us.input: names no input"),
        Arguments.of("bad mean gap", "\"mean_gap\": \"500us\"", "\"mean_gap\": \"10ns\"",
        "replay.schedules.m1-g500us.options: --mean-gap must be 1us..1s"),
        Arguments.of("one send", "\"sends\": 3000", "\"sends\": 1",
        "replay.schedules.m1-g500us.sends: must be at least 2"),
        Arguments.of("unknown replay field", "\"upstream\":", "\"mirror\": 1, \"upstream\":",
        "replay.mirror: unknown field"),
        Arguments.of("replay not an object", "\"replay\": {", "\"replay\": 5, \"predictions\": {",
        "replay: must be an object"),
        Arguments.of("inputs not an object", "\"inputs\": {\"m1\"", "\"inputs\": 3, \"y\": {\"m1\"",
        "replay.y: unknown field"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("bad")
  void parse_badReplayPlan_failsNamingTheField(String label, String from, String to, String message) {
    String json = plan(from, to);
    assertThat(json).as("the edit applies").isNotEqualTo(plan(null, null));
    assertThatThrownBy(() -> parse(json)).isInstanceOf(DataException.class).hasMessageContaining(message);
  }
}
