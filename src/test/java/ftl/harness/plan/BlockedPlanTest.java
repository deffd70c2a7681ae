package ftl.harness.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.io.DataException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The plan fields of the confirmatory campaign's instrument: {@code blocks} and the {@code stable_flights} warm-up
 * rule.
 */
class BlockedPlanTest {

  static Plan parse(String json) {
    return PlanParser.parse("plan.json", json.getBytes(StandardCharsets.UTF_8));
  }

  static final String THREE =
      "\"conditions\": [{\"name\": \"a\"}, {\"name\": \"b\"}, {\"name\": \"c\", \"repeats\": 2}]";

  @Test
  void schedule_blocks_everyConditionRepeatInEveryBlockInItsOwnSeededOrder() {
    Plan p = parse("{\"campaign\": \"k\", \"seed\": 11, \"blocks\": 5, " + THREE + "}");
    assertThat(p.blocks()).isEqualTo(5);
    List<Plan.ScheduledRun> s = p.schedule();
    assertThat(s).hasSize(5 * 4);
    for (int b = 1; b <= 5; b++) {
      int block = b;
      List<Plan.ScheduledRun> in = s.subList((b - 1) * 4, b * 4);
      assertThat(in).as("block " + b + " is contiguous").allMatch(r -> r.block() == block);
      assertThat(in.stream().map(r -> r.condition().name() + "#" + r.repeat()).sorted().toList())
          .as("block " + b + ": every condition x repeat once").containsExactly("a#1", "b#1", "c#1", "c#2");
      // the documented derivation: plan order, shuffled by new Random(blockSeed(seed, b))
      List<String> expected = new ArrayList<>(List.of("a#1", "b#1", "c#1", "c#2"));
      Collections.shuffle(expected, new Random(Plan.blockSeed(11, b)));
      assertThat(in.stream().map(r -> r.condition().name() + "#" + r.repeat()).toList()).isEqualTo(expected);
    }
    assertThat(s).extracting(Plan.ScheduledRun::runId).startsWith("r0001", "r0002").endsWith("r0020");
    assertThat(s).extracting(Plan.ScheduledRun::orderIndex).containsExactlyElementsOf(
        IntStream.range(0, 20).boxed().toList());
    assertThat(parse("{\"campaign\": \"k\", \"seed\": 11, \"blocks\": 5, " + THREE + "}").schedule()).isEqualTo(s);
  }

  @Test
  void schedule_moreBlocks_keepsTheFirstBlocksOrders() {
    List<Plan.ScheduledRun> two = parse("{\"campaign\": \"k\", \"seed\": 3, \"blocks\": 2, " + THREE + "}").schedule();
    List<Plan.ScheduledRun> six = parse("{\"campaign\": \"k\", \"seed\": 3, \"blocks\": 6, " + THREE + "}").schedule();
    assertThat(six.subList(0, 8).stream().map(r -> r.condition().name() + r.repeat() + r.block()).toList())
        .isEqualTo(two.stream().map(r -> r.condition().name() + r.repeat() + r.block()).toList());
  }

  @Test
  void schedule_noBlocks_blockZeroAndTheOneShuffleOfBefore() {
    Plan p = parse("{\"campaign\": \"k\", \"seed\": 11, " + THREE + "}");
    assertThat(p.blocked()).isFalse();
    List<String> expected = new ArrayList<>(List.of("a#1", "b#1", "c#1", "c#2"));
    Collections.shuffle(expected, new Random(11));
    assertThat(p.schedule().stream().map(r -> r.condition().name() + "#" + r.repeat()).toList()).isEqualTo(expected);
    assertThat(p.schedule()).allMatch(r -> r.block() == 0);
  }

  @Test
  void blockSeed_knownValues_areSplitMix64Draws() {
    // mix64(0 + 1 * gamma) and mix64(0 + 2 * gamma): the first two outputs of SplitMix64(0), as published
    assertThat(Plan.blockSeed(0, 1)).isEqualTo(0xE220A8397B1DCDAFL);
    assertThat(Plan.blockSeed(0, 2)).isEqualTo(0x6E789E6AA1B965F4L);
    assertThat(Plan.blockSeed(11, 1)).isNotEqualTo(Plan.blockSeed(11, 2));
    assertThatThrownBy(() -> Plan.blockSeed(1, 0)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void pacedNanos_blocks_countEveryBlock() {
    Plan one = parse("{\"campaign\": \"k\", " + THREE + "}");
    Plan five = parse("{\"campaign\": \"k\", \"blocks\": 5, " + THREE + "}");
    assertThat(five.pacedNanos()).isEqualTo(5 * one.pacedNanos());
  }

  static final String STABLE = "\"warmup\": {\"rule\": \"stable_flights\", \"window\": 500, \"tolerance_us\": 12.5, "
      + "\"min_events\": 5000, \"max_events\": 60000}";

  @Test
  void parse_stableFlights_ruleParametersAndReservedSlots() {
    Plan p = parse("{\"campaign\": \"k\", " + STABLE + ", " + THREE + "}");
    assertThat(p.warmupRule()).isEqualTo("stable_flights");
    assertThat(p.stableFlights()).isEqualTo(new StableFlights(500, 12.5, 5000, 60000));
    assertThat(p.conditions()).allMatch(c -> c.warmupEvents() == 60000);
    assertThat(p.warmupFloorEvents(p.conditions().get(0))).isEqualTo(5000);
    Plan first = parse("{\"campaign\": \"k\", \"warmup\": {\"rule\": \"first_sends\", \"events\": 300}, " + THREE
        + "}");
    assertThat(first.stableFlights()).isNull();
    assertThat(first.warmupFloorEvents(first.conditions().get(0))).isEqualTo(300);
  }

  static Stream<Arguments> refused() {
    return Stream.of(
        Arguments.of("blocks zero", "\"blocks\": 0, " + THREE, "blocks: must be an integer 1..1000 (was 0)"),
        Arguments.of("blocks too many", "\"blocks\": 1001, " + THREE, "blocks: must be an integer 1..1000 (was 1001)"),
        Arguments.of("blocks not an integer", "\"blocks\": 2.5, " + THREE, "blocks: must be an integer"),
        Arguments.of("unknown rule", "\"warmup\": {\"rule\": \"until_quiet\"}, " + THREE,
            "warmup.rule: the rules are \"first_sends\" and \"stable_flights\""),
        Arguments.of("a first_sends field under stable_flights",
            "\"warmup\": {\"rule\": \"stable_flights\", \"events\": 5, \"window\": 10, \"tolerance_us\": 5, "
                + "\"min_events\": 10, \"max_events\": 100}, " + THREE, "warmup.events: unknown field"),
        Arguments.of("a stable_flights field under first_sends",
        "\"warmup\": {\"rule\": \"first_sends\", \"window\": 10}, " + THREE,
            "warmup.window: unknown field"),
        Arguments.of("a parameter missing",
        "\"warmup\": {\"rule\": \"stable_flights\", \"window\": 10, \"tolerance_us\": 5, "
            + "\"min_events\": 10}, " + THREE, "warmup.max_events: required by the stable_flights rule"),
        Arguments.of("window too small", STABLE.replace("\"window\": 500", "\"window\": 5") + ", " + THREE,
            "warmup.window: must be at least 10"),
        Arguments.of("tolerance zero", STABLE.replace("12.5", "0") + ", " + THREE,
        "warmup.tolerance_us: must be a finite number"),
        Arguments.of("tolerance as text", STABLE.replace("12.5", "\"12.5us\"") + ", " + THREE,
            "warmup.tolerance_us: must be a number of microseconds"),
        Arguments.of("min below the window", STABLE.replace("5000,", "400,") + ", " + THREE,
        "warmup.min_events: must be at least the window"),
        Arguments.of("max below min", STABLE.replace("60000", "4000") + ", " + THREE,
        "warmup.max_events: must be at least min_events"),
        Arguments.of("max above ten million", STABLE.replace("60000", "10000001") + ", " + THREE,
        "warmup.max_events: must be at most 10000000"),
        Arguments.of("a condition's own warm-up count", STABLE
        + ", \"conditions\": [{\"name\": \"a\", \"warmup_events\": 5}]",
            "conditions[0].warmup_events: the stable_flights warm-up rule decides"),
        Arguments.of("a default warm-up count", STABLE + ", \"defaults\": {\"warmup_events\": 5}, " + THREE,
            "defaults.warmup_events: the stable_flights warm-up rule decides"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refused")
  void parse_badNewField_clearErrorNamingTheField(String label, String body, String message) {
    assertThatThrownBy(() -> parse("{\"campaign\": \"k\", " + body + "}")).isInstanceOf(DataException.class)
        .hasMessageContaining("plan.json").hasMessageContaining(message);
  }
}
