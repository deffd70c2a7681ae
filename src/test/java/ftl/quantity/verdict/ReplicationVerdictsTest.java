package ftl.quantity.verdict;

import ftl.quantity.core.Value;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The decisions of {@link ReplicationVerdicts} on numbers: each criterion's both outcomes, its boundary, and
 * (for the geometry interval, whose ends may be unavailable one at a time) every unavailable path. The
 * synthetic data roots give some outcomes only ({@code RegistryFixtureTest}); the real data's numbers and the
 * original study's are among the cases.
 */
class ReplicationVerdictsTest {

  static Arguments c(String label, Supplier<Value> decide, Value expected) {
    return Arguments.of(label, decide, expected);
  }

  static Value.Verdict v(boolean held, String basis) {
    return new Value.Verdict(held, basis);
  }

  static Stream<Arguments> decisions() {
    Value notFinite = new Value.Unavailable("interval bound not finite");
    Value noData = new Value.Unavailable("no campaign data present");
    return Stream.of(
        c("negative spans occur", () -> ReplicationVerdicts.negativeSpans(68_916),
        v(true, "negative A spans 68,916 > 0")),
        c("no negative span", () -> ReplicationVerdicts.negativeSpans(0), v(false, "negative A spans 0 = 0")),
        c("no negative flight", () -> ReplicationVerdicts.flightsNeverNegative(0), v(true, "negative flights 0 = 0")),
        c("a negative flight", () -> ReplicationVerdicts.flightsNeverNegative(3), v(false, "negative flights 3 > 0")),
        c("majority rejected", () -> ReplicationVerdicts.signCheckMajority(1_321, 2_266),
            v(true, "rejected 1,321 of 2,266 runs >= 1/2")),
        c("exactly half rejected", () -> ReplicationVerdicts.signCheckMajority(1, 2),
        v(true, "rejected 1 of 2 runs >= 1/2")),
        c("minority rejected", () -> ReplicationVerdicts.signCheckMajority(7, 15),
        v(false, "rejected 7 of 15 runs < 1/2")),
        c("no run: 0 of 0 is not a half", () -> ReplicationVerdicts.signCheckMajority(0, 0),
        v(false, "rejected 0 of 0 runs < 1/2")),
        c("collapse below 7", () -> ReplicationVerdicts.priorityCollapse(2.66), v(false, "max collapse 2.66x < 7x")),
        c("collapse exactly 7", () -> ReplicationVerdicts.priorityCollapse(7.0), v(true, "max collapse 7x >= 7x")),
        c("collapse 80", () -> ReplicationVerdicts.priorityCollapse(80.4), v(true, "max collapse 80.4x >= 7x")),
        c("stamping threads short, whole JVM short",
        () -> ReplicationVerdicts.priorityCollapse(v(false, "max collapse 2.74x < 7x"),
            v(false, "pooled 0.870x")),
            v(false, "stamping threads: max collapse 2.74x < 7x; whole JVM (campaign fifojvm,"
            + " pre-registered) did not hold: pooled 0.870x")),
        c("stamping threads short, whole JVM reached 7x",
        () -> ReplicationVerdicts.priorityCollapse(v(false, "a"), v(true, "b")),
            v(true, "stamping threads: a; whole JVM (campaign fifojvm, pre-registered) held: b")),
        c("stamping threads reached 7x, whole JVM short",
        () -> ReplicationVerdicts.priorityCollapse(v(true, "a"), v(false, "b")),
            v(true, "stamping threads: a; whole JVM (campaign fifojvm, pre-registered) did not hold: b")),
        c("no fifojvm campaign: stamping threads alone", () -> ReplicationVerdicts.priorityCollapse(v(false, "a"),
            new Value.Unavailable("no ok run of campaign fifojvm")), v(false, "a")),
        c("stamping threads unavailable", () -> ReplicationVerdicts.priorityCollapse(new Value.Unavailable("x"),
        v(true, "b")),
            new Value.Unavailable("x")),
        c("interval above 1, upper not finite", () -> ReplicationVerdicts.geometryRatio(new Value.Real(2.0), notFinite),
            v(true, "95% interval lower end 2x > 1")),
        c("interval below 1", () -> ReplicationVerdicts.geometryRatio(new Value.Real(0.3), new Value.Real(0.8)),
            v(true, "95% interval upper end 0.800x < 1")),
        c("interval contains 1", () -> ReplicationVerdicts.geometryRatio(new Value.Real(0.883), new Value.Real(1.55)),
            v(false, "95% interval 0.883x to 1.55x contains 1")),
        c("interval [1, 1] contains 1", () -> ReplicationVerdicts.geometryRatio(new Value.Real(1.0),
        new Value.Real(1.0)),
            v(false, "95% interval 1x to 1x contains 1")),
        c("lower end at most 1, upper unavailable", () ->
        ReplicationVerdicts.geometryRatio(new Value.Real(0.5), notFinite),
            new Value.Unavailable(
            "95% interval of geometry.ratio.modeA undecided, an end is unavailable: interval bound not finite")),
        c("both ends unavailable", () -> ReplicationVerdicts.geometryRatio(noData, noData),
            new Value.Unavailable(
            "95% interval of geometry.ratio.modeA undecided, an end is unavailable: no campaign data present")),
        c("lower end unavailable, upper above 1", () -> ReplicationVerdicts.geometryRatio(noData, new Value.Real(1.5)),
            new Value.Unavailable(
            "95% interval of geometry.ratio.modeA undecided, an end is unavailable: no campaign data present")),
        c("almost none to all", () -> ReplicationVerdicts.retentionRange(0.0417, 1.0),
            v(true, "min retention 4.17% < 10%, max 100% = 100%")),
        c("smallest retention exactly 10%", () -> ReplicationVerdicts.retentionRange(0.10, 1.0),
            v(false, "min retention 10.00% >= 10%, max 100% = 100%")),
        c("smallest retention a third", () -> ReplicationVerdicts.retentionRange(1.0 / 3, 1.0),
            v(false, "min retention 33.33% >= 10%, max 100% = 100%")),
        c("no run keeps everything", () -> ReplicationVerdicts.retentionRange(0.05, 0.9),
            v(false, "min retention 5.00% < 10%, max 90.00% < 100%")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("decisions")
  void decide_numbers_givesVerdictWithBasis(String label, Supplier<Value> decide, Value expected) {
    assertThat(decide.get()).isEqualTo(expected);
  }
}
