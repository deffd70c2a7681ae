package ftl.harness.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import ftl.data.io.DataException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The host protocol's plan fields (issue #53): {@code strata} (one stratum of the plan's blocks per boot, clock source
 * within boot) and {@code block_lead} (a condition that opens every block, left out of the analysis).
 */
class HostProtocolPlanTest {
  static final String STRATA = "\"strata\": {\"by\": \"boot\", \"judged_at_boots\": 3, \"max_boots\": 6, "
      + "\"clocksources\": [\"tsc\", \"kvm-clock\"]}";
  static final String FOUR =
      "\"conditions\": [{\"name\": \"lead\"}, {\"name\": \"base\"}, {\"name\": \"fifo\", \"priority\": "
      + "\"fifo\"}, {\"name\": \"split\", \"geometry\": \"split\"}]";

  static Plan protocol(int blocks) {
    return BlockedPlanTest.parse("{\"campaign\": \"h\", \"seed\": 7, \"blocks\": " + blocks
        + ", \"block_lead\": \"lead\", "
        + STRATA + ", " + FOUR + "}");
  }

  @Test
  void parse_committedHostPlan_registersThreeBootsOfSixAndBothClockSources() {
    Plan p = PlanParser.read(Path.of("data/hosts/plan.json"));
    assertThat(p.strata()).isEqualTo(new Strata(3, 6, List.of("tsc", "kvm-clock")));
    assertThat(p.blockLead()).isEqualTo("lead");
    assertThat(p.blocks()).isEqualTo(8);
    assertThat(p.conditions()).extracting(Condition::name).containsExactly("lead", "base", "fifo", "fifojvm", "split");
  }

  @Test
  void blockOrder_blockLead_opensEveryBlockAndTheRestKeepTheirShuffle() {
    Plan p = protocol(8);
    for (int b = 1; b <= 8; b++) {
      List<Plan.ScheduledRun> order = p.blockOrder(b);
      assertThat(order).hasSize(4);
      assertThat(order.get(0).condition().name()).isEqualTo("lead");
      assertThat(order.subList(1, 4)).extracting(r -> r.condition().name())
          .containsExactlyInAnyOrder("base", "fifo", "split");
    }
    assertThat(protocol(8).blockOrder(3)).extracting(r -> r.condition().name())
        .containsExactlyElementsOf(p.blockOrder(3).stream().map(r -> r.condition().name()).toList());
  }

  @Test
  void clockOfBlocks_twoOffered_everyPairHoldsEachOnceInASeededOrder() {
    Map<Integer, String> clocks = Strata.clockOfBlocks(7, 1, 8, List.of("tsc", "kvm-clock"));
    assertThat(clocks).hasSize(8);
    for (int pair = 0; pair < 4; pair++) {
      assertThat(List.of(clocks.get(2 * pair + 1), clocks.get(2 * pair + 2)))
          .containsExactlyInAnyOrder("tsc", "kvm-clock");
    }
    assertThat(Strata.clockOfBlocks(7, 1, 8, List.of("tsc", "kvm-clock"))).isEqualTo(clocks);
    List<Map<Integer, String>> strata = new ArrayList<>();
    for (int s = 1; s <= 6; s++) {
      strata.add(Strata.clockOfBlocks(7, s, 8, List.of("tsc", "kvm-clock")));
    }
    assertThat(strata.stream().distinct().count()).as("each stratum draws its own order").isGreaterThan(1);
  }

  @Test
  void clockOfBlocks_oneOffered_everyBlockUnderIt() {
    assertThat(Strata.clockOfBlocks(7, 2, 8, List.of("kvm-clock")).values()).containsOnly("kvm-clock").hasSize(8);
  }

  @Test
  void schedule_secondStratum_numbersBlocksAndRunsOnFromTheFirst() {
    Plan p = protocol(8);
    Strata.StratumSchedule one = Strata.schedule(p, 1, "boot-a", List.of("tsc", "kvm-clock"), 0);
    Strata.StratumSchedule two = Strata.schedule(p, 2, "boot-b", List.of("kvm-clock"), one.runs().size());
    assertThat(one.runs()).hasSize(32);
    assertThat(one.runs().get(0).runId()).isEqualTo("s01-r0001");
    assertThat(two.runs().get(0).runId()).isEqualTo("s02-r0001");
    assertThat(two.runs().get(0).block()).isEqualTo(9);
    assertThat(two.runs().get(31).block()).isEqualTo(16);
    assertThat(two.runs().get(0).orderIndex()).isEqualTo(32);
    assertThat(two.clockOfBlock().values()).containsOnly("kvm-clock");
    assertThat(one.clocks()).containsExactlyInAnyOrder("tsc", "kvm-clock");
    assertThat(Strata.schedule(p, 2, "boot-b", List.of("kvm-clock"), 32)).isEqualTo(two);
  }

  @Test
  void offeredOf_keepsThePlansOrderOfPreference() {
    Strata s = new Strata(3, 6, List.of("tsc", "kvm-clock"));
    assertThat(s.offeredOf(List.of("kvm-clock", "tsc", "hpet"))).containsExactly("tsc", "kvm-clock");
    assertThat(s.offeredOf(List.of("hpet"))).isEmpty();
  }

  static Stream<Arguments> refused() {
    String blocks = "\"blocks\": 4, ";
    return Stream.of(
        Arguments.of("by a factor other than boot", blocks + STRATA.replace("\"boot\"", "\"day\"") + ", " + FOUR,
            "strata.by: must be \"boot\""),
        Arguments.of("max below judged", blocks + STRATA.replace("\"max_boots\": 6", "\"max_boots\": 2") + ", " + FOUR,
            "strata.max_boots: must be an integer from judged_at_boots (3)"),
        Arguments.of("a field missing", blocks
        + "\"strata\": {\"by\": \"boot\", \"judged_at_boots\": 3, \"max_boots\": 6}, " + FOUR,
            "strata.clocksources: required"),
        Arguments.of("an unknown field", blocks + STRATA.replace("\"by\"", "\"hosts\": 2, \"by\"") + ", " + FOUR,
            "strata.hosts: unknown field"),
        Arguments.of("clock source a path", blocks + STRATA.replace("\"tsc\", ", "\"../x\", ") + ", " + FOUR,
            "strata.clocksources: must be a non-empty array of clock source words"),
        Arguments.of("no blocks", STRATA + ", " + FOUR, "strata: a stratified plan has blocks"),
        Arguments.of("clocksource beside strata", blocks + "\"clocksource\": \"tsc\", " + STRATA + ", " + FOUR,
            "clocksource: a stratified plan names its clock sources in strata.clocksources"),
        Arguments.of("lead names nothing", blocks + "\"block_lead\": \"first\", " + FOUR,
        "block_lead: names no condition"),
        Arguments.of("lead repeated", blocks + "\"block_lead\": \"lead\", " + FOUR.replace("{\"name\": \"lead\"}",
            "{\"name\": \"lead\", \"repeats\": 2}"), "block_lead: must name a condition of one repeat"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refused")
  void parse_badStrataOrLead_refusedNamingTheField(String label, String body, String message) {
    DataException e = catchThrowableOfType(() -> BlockedPlanTest.parse("{\"campaign\": \"h\", " + body + "}"),
        DataException.class);
    assertThat(e).as(label).isNotNull();
    assertThat(e.getMessage()).contains(message);
  }

  @Test
  void schedule_stratifiedPlan_isScheduledOneBootAtATime() {
    IllegalStateException e = catchThrowableOfType(() -> protocol(2).schedule(), IllegalStateException.class);
    assertThat(e).hasMessageContaining("one boot at a time");
  }
}
