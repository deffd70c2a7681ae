package ftl.quantity.verdict;

import ftl.quantity.core.Manipulations;

import ftl.quantity.core.Value;
import ftl.quantity.section.DisplacementQuantities;
import ftl.quantity.section.PriorityPooledQuantities;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.stats.DisplacementLaw;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The decisions of the verdict table's new rows, the 1/D law and the pre-registered priority direction, on numbers. */
class ClaimVerdictsTest {

  private static ftl.data.registration.Registration naming(List<String> campaigns) {
    return new ftl.data.registration.Registration("k", campaigns, ftl.data.registration.VerdictKind.CONFIRMATORY, "r",
        "commit x", -1, -1, "", "", "f:2", "");
  }

  @org.junit.jupiter.api.Test
  void laidOutApart_everyCampaignWithATableOfItsOwn_yes_anyOtherOrNone_no() {
    assertThat(ClaimVerdicts.laidOutApart(naming(List.of("confirm", "setting", "cluster", "rabbitmq", "perftest"))))
        .isTrue();
    assertThat(ClaimVerdicts.laidOutApart(naming(List.of("confirm", "modeA")))).isFalse();
    assertThat(ClaimVerdicts.laidOutApart(naming(List.of("somebody-elses")))).isFalse();
    assertThat(ClaimVerdicts.laidOutApart(naming(List.of()))).isFalse();
  }

  @org.junit.jupiter.api.Test
  void onKafkaOnly_everyCampaignOnKafka_yes_anyOtherSystemToolOrUnknown_no() {
    assertThat(ClaimVerdicts.onKafkaOnly(naming(List.of("modeA", "confirm")))).isTrue();
    assertThat(ClaimVerdicts.onKafkaOnly(naming(List.of("modeA", "rabbitmq")))).isFalse();
    assertThat(ClaimVerdicts.onKafkaOnly(naming(List.of("omb-real")))).isFalse();
    assertThat(ClaimVerdicts.onKafkaOnly(naming(List.of("audit")))).isFalse();
    assertThat(ClaimVerdicts.onKafkaOnly(naming(List.of("somebody-elses")))).isFalse();
    assertThat(ClaimVerdicts.onKafkaOnly(naming(List.of()))).isFalse();
    assertThat(ClaimVerdicts.onKafkaOnly(null)).isFalse();
  }

  static Value.Verdict v(boolean held, String basis) {
    return new Value.Verdict(held, basis);
  }

  static Arguments c(String label, Supplier<Value> decide, Value expected) {
    return Arguments.of(label, decide, expected);
  }

  static DisplacementLaw.Fit fit(double slope, double lower, double upper) {
    return new DisplacementLaw.Fit(10, 0, slope, lower, upper, 0, 1, 2);
  }

  static Stream<Arguments> decisions() {
    Value.Unavailable none = new Value.Unavailable("x");
    return Stream.of(
        c("load ratio above 1", () -> ClaimVerdicts.above("load ratio lower end", 1.5, 1.0),
        v(true, "load ratio lower end 1.5 > 1")),
        c("load ratio at 1", () -> ClaimVerdicts.above("load ratio lower end", 1.0, 1.0),
        v(false, "load ratio lower end 1 <= 1")),
        c("one median", () -> ClaimVerdicts.sameMedian(1, 1), v(true, "guard medians all 1 ms")),
        c("two medians", () -> ClaimVerdicts.sameMedian(1, 2), v(false, "guard medians from 1 to 2 ms")),
        c("every prediction held", () -> ClaimVerdicts.all(List.of(v(true, ""), v(true, ""))),
        v(true, "2 of 2 pre-registered predictions held")),
        c("one prediction failed", () -> ClaimVerdicts.all(List.of(v(true, ""), v(false, ""))),
        v(false, "1 of 2 pre-registered predictions held")),
        c("one clock", () -> ClaimVerdicts.oneTick(List.of(), 0, none),
        new Value.Untestable("one clock: no campaign with"
            + " clock_offset_us != 0, and on one clock CreateTime and the receive cannot differ by -1 ms without a "
            + "clock step")),
        c("two clocks, one-tick negatives", () -> ClaimVerdicts.oneTick(List.of("clockoffset"), 12, none),
        v(true, "one-tick negatives 12 in clockoffset")),
        c("two clocks, none", () -> ClaimVerdicts.oneTick(List.of("clockoffset"), 0, none),
        v(false, "one-tick negatives 0 in clockoffset")),
        c("two clocks, grid law's expected count", () ->
        ClaimVerdicts.oneTick(List.of("clockoffset"), 13050, new Value.Count(16740)),
            v(true, "one-tick negatives 13,050 in clockoffset (the grid law with the offset expects 16,740 in "
            + "clockoffset)")),
        c("direct 1/D test held, across conditions not",
        () -> ClaimVerdicts.oneOverD(v(true, "slope -0.003"), v(false, "D grows with T: slope 0.830")),
            v(true, "direct test (delay on delivery only) held: slope -0.003; across the sign campaign's conditions "
                + "(correlational): D grows with T: slope 0.830")),
        c("direct 1/D test failed, across unavailable", () -> ClaimVerdicts.oneOverD(v(false, "slope 0.5"), none),
            v(false,
            "direct test (delay on delivery only) did not hold: slope 0.5; across the sign campaign's conditions"
                + " (correlational): n/a")),
        c("no delivery campaign: the correlational verdict",
        () -> ClaimVerdicts.oneOverD(none, v(false, "D grows with T")),
            v(false, "D grows with T")),
        c("OMB dropped some", () -> ClaimVerdicts.ombDrops(new Value.Range(0.001, 0.3297)),
        v(true, "OMB's dropped share 0.10% to 32.97% > 0")),
        c("OMB dropped none", () -> ClaimVerdicts.ombDrops(new Value.Range(0, 0)),
        v(false, "OMB's dropped share 0% to 0%: none dropped")),
        c("one clock, grid law", () -> ClaimVerdicts.twoClocks(List.of(), List.of()),
        new Value.Untestable("one clock: no campaign with clock_offset_us != 0")),
        c("two clocks, held", () -> ClaimVerdicts.twoClocks(List.of("a", "b"), List.of(v(true, ""), v(true, ""))),
        v(true, "held-out grid law held in a, b")),
        c("two clocks, one failed", () -> ClaimVerdicts.twoClocks(List.of("a", "b"),
        List.of(v(true, ""), v(false, ""))), v(false, "held-out grid law did not hold in a, b")),
        c("two clocks, unavailable", () -> ClaimVerdicts.twoClocks(List.of("a"), List.of(none)),
            new Value.Unavailable("a held-out grid-law verdict of a two-clock campaign is unavailable")),
        c("crossover with flights below", () -> ClaimVerdicts.crossoverVerdict(new Value.Real(500), new Value.Count(2)),
            v(true, "crossover at 500 us; 2 published flights below it")),
        c("crossover without flights below", () -> ClaimVerdicts.crossoverVerdict(new Value.Real(500),
        new Value.Count(0)),
            v(false, "crossover at 500 us; 0 published flights below it")),
        c("no crossover", () -> ClaimVerdicts.crossoverVerdict(none, none),
        v(false, "no crossover within the measured flight bands")),
        c("rho bounded", () -> ClaimVerdicts.rho(0.5, 3),
        v(true, "rho 0.5 in [-1, 1], 3 pairs outside the window counted")),
        c("rho above 1", () -> ClaimVerdicts.rho(1.5, 0),
        v(false, "rho 1.5 outside [-1, 1], 0 pairs outside the window counted")),
        c("rho below -1", () -> ClaimVerdicts.rho(-1.5, 0),
        v(false, "rho -1.5 outside [-1, 1], 0 pairs outside the window counted")),
        c("silent drops", () -> ClaimVerdicts.atLeastOne(2, 4), v(true, "2 of 4 audited latencies drop silently")),
        c("no silent drop", () -> ClaimVerdicts.atLeastOne(0, 4), v(false, "0 of 4 audited latencies drop silently")),
        c("no no-JVM campaign", () -> ClaimVerdicts.anyHeld(List.of(), List.of()),
            new Value.Unavailable("no campaign of the no-JVM cross-check with a held-out test")),
        c("no no-JVM verdict", () -> ClaimVerdicts.anyHeld(List.of("a"), List.of(none)),
            new Value.Unavailable("no campaign of the no-JVM cross-check with a held-out test")),
        c("a no-JVM campaign held", () -> ClaimVerdicts.anyHeld(List.of("a", "b", "c"),
        List.of(v(true, ""), v(false, ""), none)),
            v(true, "campaign a held; campaign b did not hold")),
        c("no no-JVM campaign held", () -> ClaimVerdicts.anyHeld(List.of("a"), List.of(v(false, ""))),
        v(false, "campaign a did not hold")),
        c("1/D law holds", () -> DisplacementQuantities.verdict(fit(0.01, -0.02, 0.05)),
            v(true, "slope of D on T 0.0100 (95% interval -0.0200 to 0.0500) below 0.1")),
        c("D grows with T", () -> DisplacementQuantities.verdict(fit(0.8, 0.7, 0.9)),
            v(false, "D grows with T: slope of D on T 0.800 (95% interval 0.700 to 0.900)")),
        c("interval reaches the limit", () -> DisplacementQuantities.verdict(fit(0.05, 0.0, 0.2)),
            v(false, "interval reaches 0.1: slope of D on T 0.0500 (95% interval 0.00 to 0.200)")),
        c("no tested stratum", () -> PriorityPooledQuantities.direction(List.of()),
        new Value.Unavailable("no stratum with events at both priorities")),
        c("most strata above 1", () -> PriorityPooledQuantities.direction(
        List.of(new Manipulations.Tested("a", 2, 0.1, true),
            new Manipulations.Tested("b", 0.5, 0.1, true), new Manipulations.Tested("c", 1.5, 0.1, true))),
            v(true, "2 of 3 strata above 1 (most)")),
        c("half the strata above 1", () -> PriorityPooledQuantities.direction(
        List.of(new Manipulations.Tested("a", 2, 0.1, true),
            new Manipulations.Tested("b", 0.5, 0.1, true))), v(false, "1 of 2 strata above 1 (not most)")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("decisions")
  void decide_numbers_givesVerdictWithBasis(String label, Supplier<Value> decide, Value expected) {
    assertThat(decide.get()).isEqualTo(expected);
  }
}
