package ftl.harness.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/**
 * The plan fields of the setting as a factor (issue #44): {@code clocksource} per block and a run design of short runs
 * ({@code warmup_first_sends}) beside long ones under one {@code stable_flights} plan.
 */
class SettingPlanTest {
  private static final String DESIGNS = "\"conditions\": [{\"name\": \"long\"}, "
      + "{\"name\": \"short\", \"events\": 600, \"warmup_first_sends\": 200, \"repeats\": 3}]";

  @Test
  void parse_warmupFirstSends_shortRunsTakeTheirOwnFirstSendsUnderStableFlights() {
    Plan p = BlockedPlanTest.parse("{\"campaign\": \"k\", \"blocks\": 2, " + BlockedPlanTest.STABLE + ", " + DESIGNS
        + "}");
    Condition lng = p.conditions().get(0);
    Condition shrt = p.conditions().get(1);
    assertThat(p.stableFlightsFor(lng)).isEqualTo(p.stableFlights());
    assertThat(p.warmupRuleFor(lng)).isEqualTo("stable_flights");
    assertThat(lng.warmupEvents()).isEqualTo(60000);
    assertThat(p.stableFlightsFor(shrt)).isNull();
    assertThat(p.warmupRuleFor(shrt)).isEqualTo("first_sends");
    assertThat(shrt.warmupEvents()).isEqualTo(200);
    assertThat(p.warmupFloorEvents(shrt)).isEqualTo(200);
    assertThat(p.firstSendsConditions()).containsExactly("short");
  }

  @Test
  void parse_clocksourceList_alternatesByBlock() {
    Plan p = BlockedPlanTest.parse("{\"campaign\": \"k\", \"blocks\": 4, \"clocksource\": [\"tsc\", \"kvm-clock\"], "
        + BlockedPlanTest.THREE + "}");
    assertThat(List.of(p.clocksourceOfBlock(1), p.clocksourceOfBlock(2), p.clocksourceOfBlock(3),
        p.clocksourceOfBlock(4)))
        .containsExactly("tsc", "kvm-clock", "tsc", "kvm-clock");
    Plan one = BlockedPlanTest.parse("{\"campaign\": \"k\", \"clocksource\": \"kvm-clock\", " + BlockedPlanTest.THREE
        + "}");
    assertThat(one.clocksourceOfBlock(1)).isEqualTo("kvm-clock");
    Plan none = BlockedPlanTest.parse("{\"campaign\": \"k\", " + BlockedPlanTest.THREE + "}");
    assertThat(none.clocksourceOfBlock(1)).isEmpty();
  }

  static Stream<Arguments> refused() {
    return Stream.of(
        Arguments.of("warmup_first_sends under first_sends",
        "\"conditions\": [{\"name\": \"a\", \"warmup_first_sends\": 5}]",
            "warmup_first_sends: applies under the stable_flights warm-up rule only"),
        Arguments.of("clocksource a number", "\"clocksource\": 3, " + BlockedPlanTest.THREE,
            "clocksource: must be a clock source word like \"tsc\" or a non-empty array"),
        Arguments.of("clocksource an empty list", "\"clocksource\": [], " + BlockedPlanTest.THREE,
            "clocksource: must be a clock source word like \"tsc\" or a non-empty array"),
        Arguments.of("clocksource a path", "\"clocksource\": \"../../etc\", " + BlockedPlanTest.THREE,
            "clocksource: must be a clock source word like tsc or kvm-clock"),
        Arguments.of("clocksource on nats", "\"system\": \"nats\", \"clocksource\": \"tsc\", " + BlockedPlanTest.THREE,
            "clocksource: applies to kafka plans only"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refused")
  void parse_badSettingField_isRefusedByName(String label, String body, String message) {
    Throwable e = catchThrowableOfType(() -> BlockedPlanTest.parse("{\"campaign\": \"k\", " + body + "}"),
        RuntimeException.class);
    assertThat(e).isNotNull();
    assertThat(e.getMessage()).contains(message);
  }
}
