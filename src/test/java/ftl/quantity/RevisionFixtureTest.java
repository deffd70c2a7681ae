package ftl.quantity;

import ftl.quantity.core.Manipulations;

import ftl.quantity.core.PublishedMedians;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.data.DataSet;
import ftl.data.io.DataException;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.Computed;
import ftl.quantity.core.Format;
import ftl.quantity.core.ScannedRun;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;
import ftl.quantity.section.ExposureQuantities;
import ftl.quantity.section.AuditQuantities;
import ftl.quantity.section.GridLawHeldOutQuantities;
import ftl.quantity.section.PriorityPooledQuantities;
import ftl.stats.HeldOutGridLaw;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
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
        // the held-out grid law (GridLawHeldOutQuantities)
        c("full", "gridlaw.heldout.tolerance", "5.00 pp"),
        c("full", "gridlaw.heldout.requiredShare", "80.00%"),
        c("full", "gridlaw.heldout.runs.modeB", "2"),
        c("full", "gridlaw.heldout.untested.modeB", "3"),
        c("full", "gridlaw.heldout.medianAbsError.modeB", "25.00 pp"),
        c("full", "gridlaw.heldout.within.modeB", "50%"), // a share of runs: no finer than its standard error
        c("full", "gridlaw.heldout.verdict.modeB", "did not hold"),
        c("full", "gridlaw.ownUnpaired.medianAbsError.modeB", "25.00 pp"),
        c("full", "gridlaw.heldout.runs.modeB.b1", "2"),
        c("full", "gridlaw.heldout.medianAbsError.modeB.b1", "25.00 pp"),
        c("full", "gridlaw.heldout.within.modeB.b1", "50%"),
        c("full", "gridlaw.heldout.condition.medianAbsError.modeB.s1ms", "25.00 pp"),
        c("full", "gridlaw.a.modeB.s1250us", "5"),
        c("full", "sendInterval.modeB.s1250us", "1,250,000"),
        c("mixed", "gridlaw.heldout.medianAbsError.mix", "50.00 pp"),
        c("bare", "gridlaw.heldout.medianAbsError.modeB", "n/a: no run of campaign modeB with a held-out prediction"),
        c("bare", "gridlaw.heldout.untested.modeB", "1"),
        c("bare", "gridlaw.ownUnpaired.medianAbsError.modeB", "n/a: no run with a held-out prediction"),
        c("bare", "gridlaw.heldout.condition.medianAbsError.modeB.s1ms",
        "n/a: no run of condition s1ms with a held-out prediction"),
        c("full>empty", "gridlaw.heldout.verdict.modeB", "n/a: no run of campaign modeB with a held-out prediction"),
        c("onedlaw", "gridlaw.heldout.medianAbsError.modeA", "50.00 pp"),
        c("onedlaw", "gridlaw.heldout.verdict.modeA", "did not hold"),
        // the 1/D law measured (DisplacementQuantities) and the exposure curve from it (ExposureQuantities)
        c("full", "onedlaw.slopeLimit", "0.100"),
        c("full", "onedlaw.slope.modeA", "n/a: slope undefined"),
        c("full", "onedlaw.verdict.modeA", "n/a: slope undefined"),
        c("full", "onedlaw.slope.modeB", "0"),
        c("full", "onedlaw.slope.lower.modeB", "0"),
        c("full", "onedlaw.slope.upper.modeB", "0"),
        c("full", "onedlaw.intercept.modeB", "100 \u00b5s"),
        c("full", "onedlaw.verdict.modeB", "held"),
        c("full", "onedlaw.band.runs.modeB.band1", "0"),
        c("full", "onedlaw.band.runs.modeB.band2", "2"),
        c("full", "onedlaw.band.runs.modeB.band3", "1"),
        c("full", "onedlaw.band.relError.modeB.band1", "n/a: no run in [0 us, 300 us)"),
        c("full", "onedlaw.band.relError.modeB.band2", "25.00%"),
        c("full", "onedlaw.band.relError.modeB.band3", "7.14%"),
        c("full", "onedlaw.band.flight.modeB.band3", "1,400 \u00b5s"),
        c("full", "onedlaw.band.flight.modeB.band1", "n/a: no run in [0 us, 300 us)"),
        c("full", "onedlaw.crossover.modeB", "n/a: D - T keeps one sign"),
        c("full>empty", "onedlaw.slope.modeA", "n/a: no campaign data present"),
        c("full>empty", "onedlaw.band.runs.modeA.band2", "n/a: no campaign data present"),
        c("full>empty", "onedlaw.band.relError.modeA.band2", "n/a: no campaign data present"),
        c("full>empty", "onedlaw.band.flight.modeA.band2", "n/a: no campaign data present"),
        c("full>empty", "onedlaw.crossover.modeA", "n/a: no campaign data present"),
        c("onedlaw", "onedlaw.slope.modeA", "0.0252"),
        c("onedlaw", "onedlaw.intercept.modeA", "151 \u00b5s"),
        c("onedlaw", "onedlaw.band.relError.modeA.band1", "200.00%"),
        c("onedlaw", "onedlaw.band.relError.modeA.band3", "14.29%"),
        c("onedlaw", "onedlaw.crossover.modeA", "175 \u00b5s"),
        c("onedlaw", "exposure.crossover.modeA", "175 \u00b5s"),
        c("onedlaw", "exposure.published.count", "2"),
        c("onedlaw", "exposure.relError.published3", "17.59%"),
        c("onedlaw", "exposure.published.percentile3", "99"),
        c("onedlaw", "exposure.published.notFlights", "1"),
        c("onedlaw", "exposure.published.belowCrossover", "1"),
        c("onedlaw", "exposure.relError.published1", "153.24%"),
        c("onedlaw", "exposure.published.flight1", "100 \u00b5s"),
        c("onedlaw", "exposure.published.percentile1", "50"),
        c("onedlaw", "exposure.curve.relError.p5", "153.24%"),
        c("onedlaw", "exposure.curve.relError.p1", "n/a: no fitted D(T) at this flight"),
        c("onedlaw", "exposure.curve.flight.p1", "20 \u00b5s"),
        c("full", "exposure.crossover.modeA", "n/a: D - T keeps one sign"),
        c("full", "exposure.published.belowCrossover", "n/a: D - T keeps one sign"),
        c("full", "exposure.relError.published1", "n/a: no fitted D(T) at this flight"),
        c("full>empty", "exposure.relError.published1", "n/a: no campaign data present"),
        // the priority collapse pooled (PriorityPooledQuantities) and per stratum with Holm's correction
        c("full", "collapse.pooled.modeA", "1.33x"),
        c("full", "collapse.pooled.strata.modeA", "4"),
        c("full", "collapse.holm.tested.modeA", "4"),
        c("full", "collapse.holm.above.modeA", "0"),
        c("full", "collapse.holm.below.modeA", "0"),
        c("full", "collapse.above.modeA", "2"),
        c("full", "collapse.prediction.modeA", "did not hold"),
        c("full", "collapse.modeA.shared-load0-acks1-s1000us.holm", "1"),
        c("full", "collapse.modeA.split-load50-acksall-s500us.holm", "n/a: stratum not tested"),
        c("full>empty", "collapse.pooled.modeA", "n/a: no campaign data present"),
        c("full>empty", "collapse.pooled.strata.modeA", "n/a: no campaign data present"),
        c("full>empty", "collapse.holm.tested.modeA", "n/a: no campaign data present"),
        c("full>empty", "collapse.prediction.modeA", "n/a: no campaign data present"),
        c("full>empty", "collapse.modeA.shared-load0-acks1-s1000us.holm", "n/a: no campaign data present"),
        c("bare", "collapse.pooled.modeA", "n/a: not finite"),
        c("bare", "collapse.prediction.modeA", "n/a: no stratum with events at both priorities"),
        // threats and rates (ThreatQuantities)
        c("onedlaw", "threat.wallSpan", "2.5 h"),
        c("onedlaw", "threat.otherCpu.median.modeA", "2.00%"),
        c("onedlaw", "threat.otherCpu.max.modeA", "3.00%"),
        c("onedlaw", "threat.dirtyRuns", "1"),
        c("onedlaw", "threat.dirtyCampaigns", "1"),
        c("onedlaw", "threat.catchUp.modeA", "n/a: no run of modeA with two sends"),
        c("full", "threat.wallSpan", "n/a: no ok run of the Kafka instrument with started_at"),
        c("full", "threat.dirtyRuns", "0"),
        c("full", "threat.otherCpu.median.modeA", "n/a: no other_cpu_pct in the ledger of modeA"),
        c("full", "threat.catchUp.modeA", "0%"),
        c("full", "threat.catchUp.modeB", "0%"),
        c("full", "sign.rejectedShare.modeA", "47%"),
        c("full", "sign.ackNegativeRate.modeA", "20.51%"),
        c("full>empty", "sign.rejectedShare.modeA", "n/a: no campaign data present"),
        c("bare", "sign.ackNegativeRate.modeA", "n/a: no complete event in campaign modeA"),
        c("full", "interval.ratio.modeA.s500us", "1.5x"),
        c("full", "interval.ratio.modeA.s250us", "n/a: ratio not finite: NUMERATOR_NO_EVENTS"),
        // the verdicts on the original record's claims (ClaimVerdicts)
        c("full", "claim.backgroundLoad", "n/a: load.ratio.lower.modeA is unavailable"),
        c("full", "claim.sameMedian", "did not hold"),
        c("full", "claim.gridLaw", "did not hold"),
        c("full", "claim.payload", "held"),
        c("full", "claim.oneTickNegatives", "not testable here"),
        c("full", "claim.twoClocks", "not testable here"),
        c("full", "claim.oneOverD", "n/a: slope undefined: fewer than two runs or one flight"),
        c("full", "claim.exposureCrossover", "did not hold"),
        c("full", "claim.windowedRho", "held"),
        c("full", "claim.harnessAudit", "held"),
        c("full", "claim.noJvm", "n/a: no campaign of the no-JVM cross-check with a held-out test"),
        c("full>empty", "claim.exposureCrossover", "n/a: no campaign data present"),
        c("mixed", "claim.noJvm", "did not hold"),
        c("iso", "claim.gridLaw",
        "n/a: gridlaw.heldout.verdict.modeB is unavailable: no run of campaign modeB with a held-out prediction"),
        c("onedlaw", "claim.oneTickNegatives", "did not hold"),
        c("onedlaw", "claim.twoClocks", "did not hold"),
        c("onedlaw", "claim.exposureCrossover", "held"),
        // the fixture root has no registrations.csv: every test is exploratory, so no claim has a confirmatory test
        c("full", "summary.gridLaw", "no confirmatory test"),
        c("full", "summaries.replicated", "0"),
        c("full", "summaries.noConfirmatoryTest", "16"),
        c("full", "summaries.notTestableHere", "2"),
        c("full", "summaries.claims", "18"));
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
    assertThat(GridLawHeldOutQuantities.verdict(new HeldOutGridLaw.ErrorSummary(5, 0.01, 4,
        GridLawHeldOutQuantities.TOLERANCE)))
        .isEqualTo(new Value.Verdict(true, "4 of 5 runs within 5.00 pp >= 80.00%"));
    assertThat(GridLawHeldOutQuantities.verdict(new HeldOutGridLaw.ErrorSummary(5, 0.01, 3,
        GridLawHeldOutQuantities.TOLERANCE)))
        .isEqualTo(new Value.Verdict(false, "3 of 5 runs within 5.00 pp < 80.00%"));
  }

  @Test
  void heldOutRetention_fullRun_isThePredictionOfThatRun() {
    Analysis a = RegistryFixtureTest.analysis("full");
    ScannedRun b1 = a.campaignRuns("modeB").stream().filter(r -> r.row().runId().equals("b1")).findFirst()
        .orElseThrow();
    ScannedRun b5 = a.campaignRuns("modeB").stream().filter(r -> r.row().runId().equals("b5")).findFirst()
        .orElseThrow();
    assertThat(GridLawHeldOutQuantities.predictedRetention(a, b1)).isEqualTo(1.0);
    assertThat(GridLawHeldOutQuantities.predictedRetention(a, b5)).isNaN();
  }

  @Test
  void groupQuantum_auditRow_printsWholeNumbersWithSeparators_andNamesTheirQuantity() {
    assertThat(Registry.groupQuantum(Map.of("quantum_ns", "1000000"), "k")).containsEntry("quantum_ns_grouped",
        "1,000,000").containsEntry("quantum_key", "k");
    assertThat(Registry.groupQuantum(Map.of("quantum_ns", "1"), "k")).containsEntry("quantum_ns_grouped", "1");
    assertThat(Registry.groupQuantum(Map.of("quantum_ns", "unknown"), "k")).containsEntry("quantum_ns_grouped",
        "unknown").containsEntry("quantum_key", "");
    assertThat(Registry.groupQuantum(Map.of(), "k")).containsEntry("quantum_ns_grouped", "")
        .containsEntry("quantum_key", "");
  }

  @Test
  void quantumKey_rowsAsLetters_asTheirMacrosAre() {
    assertThat(AuditQuantities.quantumKey(0)).isEqualTo("audit.harnesses.quantumNs.a");
    assertThat(AuditQuantities.quantumKey(25)).isEqualTo("audit.harnesses.quantumNs.z");
    assertThat(AuditQuantities.quantumKey(26)).isEqualTo("audit.harnesses.quantumNs.ba");
  }

  @Test
  void published_percentileNotAWholeNumber_isBadDataNamingTheFile(@TempDir Path root)
      throws Exception {
    Files.createDirectories(root.resolve("audit"));
    Files.writeString(root.resolve("audit/published-medians.csv"),
        "label,median_ns,percentile,latency_kind,source\nX,100000,median,end-to-end,s\n");
    Assertions.assertThatThrownBy(() -> PublishedMedians.published(DataSet.scan(root, "data")))
        .isInstanceOf(DataException.class).hasMessageContaining("published-medians.csv")
        .hasMessageContaining("percentile is not a whole number");
  }

  @Test
  void significant_holmAdjusted_countsStrataBelowTheFamilyAlphaOnEachSide() {
    List<Manipulations.Tested> t = List.of(new Manipulations.Tested("a", 2, 0.01, true),
        new Manipulations.Tested("b", 0.5, 0.01, true),
        new Manipulations.Tested("c", 3, 0.2, true), new Manipulations.Tested("d", 1, 0.01, true));
    assertThat(PriorityPooledQuantities.significant(t, 1)).isEqualTo(1);
    assertThat(PriorityPooledQuantities.significant(t, -1)).isEqualTo(1);
  }

  @Test
  void untestable_verdictFormat_printsNotTestableHere() {
    Value v = new Value.Untestable("one clock");
    assertThat(Format.VERDICT.text(v, Unit.DIMENSIONLESS)).isEqualTo("not testable here");
    assertThat(v.json()).isEqualTo("not testable here");
    assertThat(v.available()).isTrue();
  }
}
