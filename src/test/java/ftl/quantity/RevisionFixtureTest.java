package ftl.quantity;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.stats.HeldOutGridLaw;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The revision's registry entries (the held-out grid law, the measured 1/D law, the pooled priority ratio, the
 * claim verdicts, the threats) over the synthetic data roots of {@link RegistryFixtureTest}, each value worked
 * out by hand in the ledgers' headers ({@code make_roots.py}). {@code n/a: ...} expects an unavailable value
 * whose reason contains the rest.
 */
class RevisionFixtureTest {

  static Arguments c(String root, String key, String expected) {
    return Arguments.of(root, key, expected);
  }

  static Stream<Arguments> cases() {
    return Stream.of(
        // the held-out grid law (GridLawHeldOut)
        c("full", "gridlaw.heldout.tolerance", "5.00%"),
        c("full", "gridlaw.heldout.requiredShare", "80.00%"),
        c("full", "gridlaw.heldout.runs.modeB", "2"),
        c("full", "gridlaw.heldout.untested.modeB", "3"),
        c("full", "gridlaw.heldout.medianAbsError.modeB", "25.00%"),
        c("full", "gridlaw.heldout.within.modeB", "50.00%"),
        c("full", "gridlaw.heldout.verdict.modeB", "did not hold"),
        c("full", "gridlaw.ownUnpaired.medianAbsError.modeB", "25.00%"),
        c("full", "gridlaw.heldout.runs.modeB.b1", "2"),
        c("full", "gridlaw.heldout.medianAbsError.modeB.b1", "25.00%"),
        c("full", "gridlaw.heldout.within.modeB.b1", "50.00%"),
        c("full", "gridlaw.heldout.condition.medianAbsError.modeB.s1ms", "25.00%"),
        c("full", "gridlaw.a.modeB.s1250us", "5"),
        c("full", "sendInterval.modeB.s1250us", "1,250,000"),
        c("mixed", "gridlaw.heldout.medianAbsError.mix", "50.00%"),
        c("bare", "gridlaw.heldout.medianAbsError.modeB", "n/a: no run of campaign modeB with a held-out prediction"),
        c("bare", "gridlaw.heldout.untested.modeB", "1"),
        c("bare", "gridlaw.ownUnpaired.medianAbsError.modeB", "n/a: no run with a held-out prediction"),
        c("bare", "gridlaw.heldout.condition.medianAbsError.modeB.s1ms", "n/a: no run of condition s1ms with a held-out prediction"),
        c("full>empty", "gridlaw.heldout.verdict.modeB", "n/a: no run of campaign modeB with a held-out prediction"));
  }

  @ParameterizedTest(name = "{0} {1} = {2}")
  @MethodSource("cases")
  void compute_fixtureRoot_matchesHandComputedText(String root, String key, String expected) {
    Computed c = RegistryFixtureTest.compute(root, key);
    if (expected.startsWith("n/a: ")) {
      assertThat(c.value()).isInstanceOf(Value.Unavailable.class);
      assertThat(((Value.Unavailable) c.value()).reason()).contains(expected.substring(5));
      assertThat(c.text()).isEqualTo("n/a");
    } else {
      assertThat(c.text()).isEqualTo(expected);
    }
  }

  @Test
  void heldOutVerdict_shareAtOrAboveRequired_holds() {
    assertThat(GridLawHeldOut.verdict(new HeldOutGridLaw.ErrorSummary(5, 0.01, 4, GridLawHeldOut.TOLERANCE)))
        .isEqualTo(new Value.Verdict(true, "4 of 5 runs within 5.00% >= 80.00%"));
    assertThat(GridLawHeldOut.verdict(new HeldOutGridLaw.ErrorSummary(5, 0.01, 3, GridLawHeldOut.TOLERANCE)))
        .isEqualTo(new Value.Verdict(false, "3 of 5 runs within 5.00% < 80.00%"));
  }

  @Test
  void heldOutRetention_fullRun_isThePredictionOfThatRun() {
    Analysis a = RegistryFixtureTest.analysis("full");
    RunResult b1 = a.campaignRuns("modeB").stream().filter(r -> r.row().runId().equals("b1")).findFirst().orElseThrow();
    RunResult b5 = a.campaignRuns("modeB").stream().filter(r -> r.row().runId().equals("b5")).findFirst().orElseThrow();
    assertThat(GridLawHeldOut.predictedRetention(a, b1)).isEqualTo(1.0);
    assertThat(GridLawHeldOut.predictedRetention(a, b5)).isNaN();
  }

  @Test
  void untestable_verdictFormat_printsNotTestableHere() {
    Value v = new Value.Untestable("one clock");
    assertThat(Format.VERDICT.text(v, Unit.DIMENSIONLESS)).isEqualTo("not testable here");
    assertThat(v.json()).isEqualTo("not testable here");
    assertThat(v.available()).isTrue();
  }
}
