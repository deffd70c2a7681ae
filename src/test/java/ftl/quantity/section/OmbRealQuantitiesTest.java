package ftl.quantity.section;

import ftl.quantity.core.Values;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import ftl.data.DataSet;
import ftl.data.io.DataException;
import ftl.quantity.Registry;
import ftl.quantity.Sources;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.Computed;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.Value;
import ftl.stats.HeldOutGuard;
import ftl.verify.Manifest;
import ftl.verify.TempArchive;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The real-OMB quantities over the synthetic root {@code src/test/resources/ftl/quantity/omb/full} (written by its
 * {@code make_omb_root.py}; scenario and hand-computed answers in its docstring), and every unavailable path on
 * copies of it with one thing changed.
 */
class OmbRealQuantitiesTest {

  static final Path FULL = Path.of("src/test/resources/ftl/quantity/omb/full");
  static final double HALF_B1 = 2 * Math.sqrt(0.125) / Math.sqrt(3);
  static final double HALF_B4 = 2 * Math.sqrt(0.0078125) / Math.sqrt(3);

  static Value value(Path root, String key) {
    DataSet data = DataSet.scan(root, "data");
    return Computed.of(Registry.forData(data).byKey(key).orElseThrow(() -> new AssertionError("no key " + key)),
        new Analysis(data)).value();
  }

  static Stream<Arguments> known() {
    return Stream.of(
        Arguments.of("ombReal.runs", new Value.Count(8)),
        Arguments.of("ombReal.runsNotOk", new Value.Count(1)),
        Arguments.of("ombReal.messages", new Value.Count(8000)),
        Arguments.of("ombReal.dropped.range", new Value.Range(0, 0.8)),
        Arguments.of("claim.ombDrops", new Value.Verdict(true, "OMB's dropped share 0% to 80.00% > 0")),
        Arguments.of("ombReal.heldout.tolerance", new Value.Real(0.05)),
        Arguments.of("ombReal.run.r01.dropped", new Value.Real(0.2)),
        Arguments.of("ombReal.run.r06.dropped", new Value.Real(1 - 0.99)),
        Arguments.of("ombReal.nolinger-1000.runs", new Value.Count(3)),
        Arguments.of("ombReal.nolinger-1000.dropped.range", new Value.Range(0.2, 0.8)),
        Arguments.of("ombReal.nolinger-1000.dropped.mean", new Value.Real(0.5)),
        Arguments.of("ombReal.nolinger-1000.predicted.mean", new Value.Real(0.5)),
        Arguments.of("ombReal.nolinger-1000.predicted.range", new Value.Range(0, 1)),
        Arguments.of("ombReal.nolinger-1000.phases", new Value.Count(1)),
        Arguments.of("ombReal.nolinger-1000.matched.flights", new Value.Count(4)),
        Arguments.of("ombReal.nolinger-1000.matched.flightMedian", new Value.Real(500)),
        Arguments.of("ombReal.nolinger-4000.predicted.range", new Value.Range(0.375, 0.625)),
        Arguments.of("ombReal.nolinger-4000.phases", new Value.Count(4)),
        Arguments.of("ombReal.nolinger-4000.rate", new Value.Count(4000)),
        Arguments.of("ombReal.nolinger-4000.sendInterval", new Value.Real(250)),
        Arguments.of("ombReal.latency-1000.predicted.mean", new Value.Real(0)),
        Arguments.of("ombReal.latency-1000.predicted.range", new Value.Range(0, 0)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("known")
  void compute_fullFixture_matchesHandComputedValue(String key, Value expected) {
    Value v = value(FULL, key);
    if (expected instanceof Value.Real r) {
      assertThat(((Value.Real) v).value()).isCloseTo(r.value(), within(1e-12));
    } else if (expected instanceof Value.Range g) {
      assertThat(((Value.Range) v).low()).isCloseTo(g.low(), within(1e-12));
      assertThat(((Value.Range) v).high()).isCloseTo(g.high(), within(1e-12));
    } else {
      assertThat(v).isEqualTo(expected);
    }
  }

  @Test
  void bands_fullFixture_arePredictedMeanPlusMinusTwoSigmaOverRootN() {
    Value.Range b1 = (Value.Range) value(FULL, "ombReal.nolinger-1000.predicted.band");
    assertThat(b1.low()).isCloseTo(0.5 - HALF_B1, within(1e-9));
    assertThat(b1.high()).isCloseTo(0.5 + HALF_B1, within(1e-9));
    Value.Range b4 = (Value.Range) value(FULL, "ombReal.nolinger-4000.predicted.band");
    assertThat(b4.low()).isCloseTo(0.5 - HALF_B4, within(1e-9));
    // latency-1000: sigma 0, two runs, so the tolerance is the half-width
    Value.Range lat = (Value.Range) value(FULL, "ombReal.latency-1000.predicted.band");
    assertThat(lat.low()).isCloseTo(-0.05, within(1e-12));
    assertThat(lat.high()).isCloseTo(0.05, within(1e-12));
  }

  @Test
  void verdicts_fullFixture_holdWithTheirBasis() {
    assertThat(value(FULL, "ombReal.heldout.verdict"))
        .isEqualTo(new Value.Verdict(true, "nolinger-1000 held; nolinger-4000 held"));
    assertThat(((Value.Verdict) value(FULL, "ombReal.nolinger-1000.verdict")).basis())
        .startsWith("3 runs: mean 0.5000 vs predicted 0.5000 +/- 0.4082 (inside); 0 outside [0.0000, 1.0000]");
    assertThat(((Value.Verdict) value(FULL, "ombReal.latency-1000.verdict")).held()).isTrue();
    assertThat(value(FULL, "ombReal.swing.verdict")).isEqualTo(new Value.Verdict(true, "range 0.6000 vs 0.30"));
    assertThat(value(FULL, "ombReal.steadier.verdict"))
        .isEqualTo(new Value.Verdict(true, "range 0.1000 at nolinger-4000 vs 0.6000 at nolinger-1000"));
    assertThat(value(FULL, "ombReal.linger.verdict")).isEqualTo(new Value.Verdict(true, "largest 0.0100 vs 0.05"));
  }

  @Test
  void sources_fullFixture_listOmbFilesThenMatchedEvents() {
    DataSet data = DataSet.scan(FULL, "data");
    Analysis a = new Analysis(data);
    assertThat(Sources.ofScope(a, Quantity.Scope.OMB_REAL))
        .startsWith("data/omb-real/ledger.csv", "data/omb-real/runs/r01.csv")
        .contains("data/omb-matched/ledger.csv", "data/omb-matched/events/m3.csv").hasSize(13);
  }

  @Test
  void campaignDiscovery_ombLedger_isNotAnInstrumentCampaign() {
    DataSet data = DataSet.scan(FULL, "data");
    assertThat(data.campaigns()).extracting(c -> c.name()).containsExactly("omb-matched");
    assertThat(data.otherFolders()).containsExactly("omb-real");
  }

  /**
   * The prediction takes the matched runs' complete flights from the analysis's one pass over their files: with the
   * campaign read and then every one of its events files deleted, the predictions are what they are on the whole
   * root (nothing reads those files again), and each file was passed through the reader once. A consistency check
   * (the same flights reach the prediction by two paths), not a test of the prediction: it fails if the scan keeps
   * other flights than the complete events' or the prediction still opens a file.
   */
  @Test
  void prediction_readsNoEventsFileAgain(@TempDir Path tmp) throws IOException {
    TempArchive.copyTree(FULL, tmp);
    DataSet data = DataSet.scan(tmp, "data");
    Analysis a = new Analysis(data);
    a.campaignRuns("omb-matched");
    try (Stream<Path> files = Files.list(tmp.resolve("omb-matched/events"))) {
      for (Path f : files.toList()) {
        Files.delete(f);
      }
    }
    int compared = 0;
    for (Quantity q : Registry.forData(data).all()) {
      if (q.key().startsWith("ombReal.") && q.key().contains("predicted")) {
        assertThat(Computed.of(q, a).value()).as(q.key()).isEqualTo(value(FULL, q.key()));
        compared++;
      }
    }
    assertThat(compared).isGreaterThan(2);
    assertThat(a.reads().values()).allMatch(n -> n == 1);
  }

  @Test
  void compute_noOmbFolder_isUnavailableEverywhere(@TempDir Path tmp) throws IOException {
    TempArchive.copyTree(FULL.resolve("omb-matched"), tmp.resolve("omb-matched"));
    for (String key : new String[] {"ombReal.runs", "ombReal.heldout.verdict", "ombReal.swing.verdict"}) {
      assertThat(((Value.Unavailable) value(tmp, key)).reason()).contains("no real OpenMessaging Benchmark runs");
    }
    assertThat(Registry.forData(DataSet.scan(tmp, "data")).byKey("ombReal.nolinger-1000.runs")).isEmpty();
    assertThat(Sources.ofScope(new Analysis(DataSet.scan(tmp, "data")), Quantity.Scope.OMB_REAL))
        .containsExactly("data/omb-matched/ledger.csv", "data/omb-matched/events/m1.csv",
            "data/omb-matched/events/m2.csv", "data/omb-matched/events/m3.csv");
  }

  @Test
  void compute_folderWithoutLedger_isUnavailable(@TempDir Path tmp) throws IOException {
    Files.createDirectories(tmp.resolve("omb-real"));
    Files.copy(FULL.resolve("omb-real/plan.json"), tmp.resolve("omb-real/plan.json"));
    assertThat(value(tmp, "ombReal.runs")).isInstanceOf(Value.Unavailable.class);
  }

  private static Path copy(Path tmp) throws IOException {
    TempArchive.copyTree(FULL, tmp);
    return tmp;
  }

  @Test
  void prediction_noPlan_isNotPreRegistered(@TempDir Path tmp) throws IOException {
    Files.delete(copy(tmp).resolve("omb-real/plan.json"));
    assertThat(((Value.Unavailable) value(tmp, "ombReal.nolinger-1000.predicted.mean")).reason())
        .isEqualTo("not pre-registered: data/omb-real/plan.json is missing");
    assertThat(((Value.Unavailable) value(tmp, "ombReal.heldout.verdict")).reason())
        .isEqualTo("nolinger-1000: not pre-registered: data/omb-real/plan.json is missing");
    assertThat(value(tmp, "ombReal.runs")).isEqualTo(new Value.Count(8));
    assertThat(value(tmp, "ombReal.heldout.tolerance"))
        .isEqualTo(new Value.Unavailable("no tolerance_abs in the plan"));
  }

  static Stream<Arguments> planEdits() {
    return Stream.of(
        Arguments.of("matched condition missing", "\"matched_condition\": \"nolinger-1000\"", "\"x\": 1"),
        Arguments.of("tolerance missing", "\"tolerance_abs\": 0.05", "\"tolerance\": 0.05"),
        Arguments.of("grid missing", "\"phase_grid_points\": 1000", "\"phase_grids\": 1000"));
  }

  /** A rule present but not of its type is bad data (issue 26: plans are read strictly), not an unavailable value. */
  static Stream<Arguments> badRules() {
    return Stream.of(
        Arguments.of("grid not an integer", "\"phase_grid_points\": 1000", "\"phase_grid_points\": 1.5",
            "predictions.held_out_prediction.phase_grid_points: must be an integer (was 1.5)"),
        Arguments.of("grid of no phase", "\"phase_grid_points\": 1000", "\"phase_grid_points\": 0",
            "phase_grid_points: must be an integer in [1, 1000000] (was 0)"),
        Arguments.of("tolerance as a string", "\"tolerance_abs\": 0.05", "\"tolerance_abs\": \"Infinity\"",
            "predictions.held_out_prediction.tolerance_abs: must be a number, not the string \"Infinity\""));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badRules")
  void prediction_ruleNotOfItsType_refusedWithLine(String label, String from, String to, String message,
      @TempDir Path tmp)
      throws IOException {
    Path plan = copy(tmp).resolve("omb-real/plan.json");
    String text = Files.readString(plan);
    long line = text.substring(0, text.indexOf(from)).chars().filter(c -> c == '\n').count() + 1;
    Files.writeString(plan, text.replace(from, to), StandardCharsets.UTF_8);
    DataException e = Assertions.catchThrowableOfType(
        () -> value(tmp, "ombReal.nolinger-1000.verdict"), DataException.class);
    assertThat(e).isNotNull();
    assertThat(e.getMessage()).startsWith("data/omb-real/plan.json:" + line + ": ").contains(message);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("planEdits")
  void prediction_planWithoutRule_isUnavailable(String label, String from, String to, @TempDir Path tmp)
      throws IOException {
    Path plan = copy(tmp).resolve("omb-real/plan.json");
    Files.writeString(plan, Files.readString(plan).replace(from, to), StandardCharsets.UTF_8);
    assertThat(((Value.Unavailable) value(tmp, "ombReal.nolinger-1000.verdict")).reason())
        .isEqualTo("the plan does not name the matched condition of nolinger-1000 with a tolerance and a phase grid");
  }

  @Test
  void prediction_noMatchedCampaign_isUnavailable(@TempDir Path tmp) throws IOException {
    Path root = copy(tmp);
    for (String f : new String[] {"events/m1.csv", "events/m2.csv", "events/m3.csv", "ledger.csv"}) {
      Files.delete(root.resolve("omb-matched").resolve(f));
    }
    assertThat(((Value.Unavailable) value(root, "ombReal.nolinger-1000.phases")).reason())
        .isEqualTo("no ok run of condition nolinger-1000 in campaign omb-matched");
  }

  @Test
  void prediction_matchedRunFailedOrOtherCondition_isIgnored(@TempDir Path tmp) throws IOException {
    Path ledger = copy(tmp).resolve("omb-matched/ledger.csv");
    String text = Files.readString(ledger);
    text = text.replace("m1,nolinger-1000,ok", "m1,nolinger-1000,failed");
    // a run of its own events file (a second row naming m1.csv would be refused: one measurement counted twice)
    Files.copy(tmp.resolve("omb-matched/events/m1.csv"), tmp.resolve("omb-matched/events/m4.csv"));
    Files.writeString(ledger, text + "m4,other,ok,events/m4.csv," + sha(tmp.resolve("omb-matched/events/m4.csv"))
        + ",1000000,100,all,0\n", StandardCharsets.UTF_8);
    assertThat(((Value.Unavailable) value(tmp, "ombReal.nolinger-1000.phases")).reason())
        .isEqualTo("no ok run of condition nolinger-1000 in campaign omb-matched");
  }

  static Stream<Arguments> mismatches() {
    return Stream.of(
        Arguments.of("interval", "m1,nolinger-1000,ok,events/m1.csv,SHA,1000000,100",
        "m1,nolinger-1000,ok,events/m1.csv,SHA,2000000,100",
            "matched run m1 has send interval 2000000 ns and payload 100 B, OMB condition nolinger-1000 1000000 ns "
            + "and 100 B"),
        Arguments.of("payload", "m1,nolinger-1000,ok,events/m1.csv,SHA,1000000,100",
        "m1,nolinger-1000,ok,events/m1.csv,SHA,1000000,200",
            "matched run m1 has send interval 1000000 ns and payload 200 B, OMB condition nolinger-1000 1000000 ns "
            + "and 100 B"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("mismatches")
  void prediction_matchedRunOfAnotherRateOrPayload_isUnavailable(String label, String from, String to, String reason,
                                                                @TempDir Path tmp) throws IOException {
    Path ledger = copy(tmp).resolve("omb-matched/ledger.csv");
    String sha = sha(tmp.resolve("omb-matched/events/m1.csv"));
    Files.writeString(ledger, Files.readString(ledger).replace(from.replace("SHA", sha), to.replace("SHA", sha)),
        StandardCharsets.UTF_8);
    assertThat(((Value.Unavailable) value(tmp, "ombReal.nolinger-1000.predicted.mean")).reason()).isEqualTo(reason);
  }

  @Test
  void prediction_matchedRunsWithoutCompleteEvent_isUnavailable(@TempDir Path tmp) throws IOException {
    Path events = copy(tmp).resolve("omb-matched/events/m1.csv");
    String text = Files.readString(events);
    StringBuilder kept = new StringBuilder();
    for (String line : text.split("\n")) {
      if (line.startsWith("#") || line.startsWith("seq") || line.startsWith("4,")) {
        kept.append(line).append('\n');
      }
    }
    Files.writeString(events, kept.toString(), StandardCharsets.UTF_8);
    Path ledger = tmp.resolve("omb-matched/ledger.csv");
    Files.writeString(ledger, Files.readString(ledger).replaceAll("events/m1.csv,[0-9a-f]{64}",
        "events/m1.csv," + sha(events)), StandardCharsets.UTF_8);
    assertThat(((Value.Unavailable) value(tmp, "ombReal.nolinger-1000.predicted.mean")).reason())
        .isEqualTo("no complete event in the ok runs of condition nolinger-1000 in campaign omb-matched");
  }

  @Test
  void heldOutVerdict_noConditionWithThreeRuns_isUnavailable(@TempDir Path tmp) throws IOException {
    Path ledger = copy(tmp).resolve("omb-real/ledger.csv");
    String text = Files.readString(ledger).replaceAll("(?m)^(r0[78]),([a-z0-9-]+),ok,", "$1,$2,failed,");
    Files.writeString(ledger, text, StandardCharsets.UTF_8);
    assertThat(value(tmp, "ombReal.runs")).isEqualTo(new Value.Count(6));
    assertThat(((Value.Unavailable) value(tmp, "ombReal.heldout.verdict")).reason())
        .isEqualTo("no OMB condition with at least 3 ok runs");
  }

  @Test
  void verdict_observedOutsideBand_doesNotHoldAndNamesIt() {
    OmbRealQuantities.Pred p = new OmbRealQuantities.Pred(
        HeldOutGuard.predict(new long[] {1_200_000}, 1_000_000, 1_000_000, 10), 1200, 0.05);
    Value.Verdict v = (Value.Verdict) OmbRealQuantities.verdict(new double[] {0.5, 0.6, 0.7}, p);
    assertThat(v.held()).isFalse();
    assertThat(v.basis())
        .isEqualTo("3 runs: mean 0.6000 vs predicted 0.0000 +/- 0.0500 (outside); 3 outside [0.0000, 0.0000] +/- 0.05");
  }

  @Test
  void heldOutVerdict_oneConditionFails_doesNotHold(@TempDir Path tmp) throws IOException {
    Path events = copy(tmp).resolve("omb-matched/events/m2.csv");
    // every flight above a quantum: predicted 0 dropped at 4,000 msg/s, observed about 0.5
    String text = Files.readString(events);
    StringBuilder out = new StringBuilder();
    for (String line : text.split("\n")) {
      String[] f = line.split(",", -1);
      if (!line.startsWith("#") && !line.startsWith("seq") && !f[3].isEmpty()) {
        f[3] = Long.toString(Long.parseLong(f[1]) + 2_000_000);
        f[5] = Long.toString(Long.parseLong(f[4]) + 2_000);
      }
      out.append(String.join(",", f)).append('\n');
    }
    Files.writeString(events, out.toString(), StandardCharsets.UTF_8);
    Path ledger = tmp.resolve("omb-matched/ledger.csv");
    Files.writeString(ledger, Files.readString(ledger).replaceAll("events/m2.csv,[0-9a-f]{64}",
        "events/m2.csv," + sha(events)), StandardCharsets.UTF_8);
    assertThat(value(tmp, "ombReal.heldout.verdict"))
        .isEqualTo(new Value.Verdict(false, "nolinger-1000 held; nolinger-4000 did not hold"));
  }

  @Test
  void qualitativeVerdicts_plainInputs_coverBothOutcomesAndUnavailable() {
    assertThat(OmbRealQuantities.swing(new double[] {0.1, 0.2}))
        .isEqualTo(new Value.Verdict(false, "range 0.1000 vs 0.30"));
    assertThat(OmbRealQuantities.swing(new double[] {0.1})).isInstanceOf(Value.Unavailable.class);
    assertThat(OmbRealQuantities.steadier(new double[] {0.1, 0.5}, new double[] {0.1, 0.2}))
        .isEqualTo(new Value.Verdict(false, "range 0.4000 at nolinger-4000 vs 0.1000 at nolinger-1000"));
    assertThat(OmbRealQuantities.steadier(new double[] {0.1}, new double[] {0.1, 0.2}))
        .isInstanceOf(Value.Unavailable.class);
    assertThat(OmbRealQuantities.steadier(new double[] {0.1, 0.2}, new double[] {0.1}))
        .isInstanceOf(Value.Unavailable.class);
    assertThat(OmbRealQuantities.linger(new double[] {0.01, 0.2}))
        .isEqualTo(new Value.Verdict(false, "largest 0.2000 vs 0.05"));
    assertThat(OmbRealQuantities.linger(new double[0])).isInstanceOf(Value.Unavailable.class);
  }

  @Test
  void helpers_nonFiniteOrEmpty_areUnavailable() {
    assertThat(Values.finite(Double.NaN)).isInstanceOf(Value.Unavailable.class);
    assertThat(OmbRealQuantities.range(new double[0])).isEqualTo(new Value.Unavailable("no ok run"));
    assertThat(OmbRealQuantities.range(new double[] {0.1, Double.NaN}))
        .isEqualTo(new Value.Unavailable("a run received no message"));
    assertThat(OmbRealQuantities.range(new double[] {Double.NaN}))
        .isEqualTo(new Value.Unavailable("a run received no message"));
    assertThat(OmbRealQuantities.range(new double[] {0.1, Double.POSITIVE_INFINITY}))
        .isEqualTo(new Value.Unavailable("a run received no message"));
  }

  static String sha(Path p) throws IOException {
    return Manifest.sha256(p);
  }
}
