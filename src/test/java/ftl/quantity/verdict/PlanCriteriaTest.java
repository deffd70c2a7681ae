package ftl.quantity.verdict;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.DataSet;
import ftl.data.io.DataException;
import ftl.data.registration.PlanDigest;
import ftl.data.registration.Registration;
import ftl.data.registration.RegistrationTable;
import ftl.data.registration.VerdictKind;
import ftl.quantity.Registry;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.Computed;
import ftl.quantity.core.Value;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Verdicts registered as criteria in a plan (ftl.data.registration.Criteria, PlanCriteria) on a copy of the small
 * fixture campaign ({@code src/test/resources/ftl/quantity/small/k}: two ok runs of condition c1, 1 ms apart sends;
 * synthetic): the rule comes from the plan, the kind from the ledger's plan digest, and a hostile criteria section is
 * refused naming the plan's line.
 */
class PlanCriteriaTest {

  @Test
  void namesake_aRuleNamedAfterAnotherQuantity_saysWhichItJudges_otherwiseNothing() {
    ftl.quantity.core.Quantity other = ftl.quantity.core.Quantity.key("c.x").macro("CX").definition("d")
        .unit(ftl.quantity.core.Unit.RATIO).format(ftl.quantity.core.Format.REAL_3SF)
        .scope(ftl.quantity.core.Quantity.Scope.TABLE).function("f#g").computes(a -> new Value.Real(1));
    java.util.Map<String, ftl.quantity.core.Quantity> byKey = java.util.Map.of("c.x", other);
    assertThat(PlanCriteria.namesake(byKey, "c.y.z", "c.x"))
        .isEqualTo("; it judges c.y.z, not c.x, the quantity of its own name");
    assertThat(PlanCriteria.namesake(byKey, "c.x", "c.x")).isEmpty();
    assertThat(PlanCriteria.namesake(byKey, "c.y.z", "c.w")).isEmpty();
    assertThat(PlanCriteria.namesake(byKey, "c.x.p", "c.x")).isEmpty();
  }

  private static final Path SMALL = Path.of("src/test/resources/ftl/quantity/small/k");

  /** A plan whose criteria section is {@code rules} (and {@code claims} when not empty). */
  private static String plan(String rules, String claims) {
    return "{\n  \"campaign\": \"k\",\n  \"conditions\": [{\"name\": \"c1\"}],\n  \"criteria\": {\n    \"version\": "
        + "1,\n    \"rules\": [\n" + rules + "\n    ]"
        + (claims.isEmpty() ? "" : ",\n    \"claims\": [" + claims + "]") + "\n  }\n}\n";
  }

  private static String rule(String id, String statistic, String comparison, String threshold, String unit,
      String sided) {
    return "      {\"id\": \"" + id
        + "\", \"claim\": \"two runs were taken\", \"kind\": \"empirical\", \"statistic\": \""
        + statistic + "\", \"comparison\": \"" + comparison + "\", \"threshold\": " + threshold + ", \"unit\": \""
        + unit
        + "\", \"sidedness\": \"" + sided + "\", \"replication\": \"run\", \"runs\": \"all\"}";
  }

  /** The small campaign with {@code plan}; the ledger names {@code digest} in every row ("" = no column). */
  private static Path root(Path tmp, String plan, String digest) throws IOException {
    Path k = tmp.resolve("k");
    Files.createDirectories(k.resolve("events"));
    for (String r : List.of("r1", "r2")) {
      Files.copy(SMALL.resolve("events/" + r + ".csv"), k.resolve("events/" + r + ".csv"));
    }
    List<String> lines = Files.readAllLines(SMALL.resolve("ledger.csv"), StandardCharsets.UTF_8);
    String text = digest.isEmpty() ? String.join("\n", lines) + "\n"
        : lines.get(0) + ",plan_sha256\n" + lines.get(1) + "," + digest + "\n" + lines.get(2) + "," + digest + "\n";
    Files.writeString(k.resolve("ledger.csv"), text, StandardCharsets.UTF_8);
    Files.writeString(k.resolve("plan.json"), plan, StandardCharsets.UTF_8);
    return tmp;
  }

  private static String digest(String plan) {
    return PlanDigest.of(plan.getBytes(StandardCharsets.UTF_8));
  }

  private static Computed compute(DataSet data, Registry reg, String key) {
    return Computed.of(reg.byKey(key).orElseThrow(), new Analysis(data));
  }

  @Test
  void registered_planDigestInEveryRow_confirmatoryAndJudgedByThePlansThreshold(@TempDir Path tmp) throws IOException {
    String p = plan(rule("twoRuns", "runs.total", ">=", "2", "count", "one-sided") + ",\n"
        + rule("threeRuns", "runs.total", ">=", "3", "count", "one-sided"), "");
    DataSet data = DataSet.scan(root(tmp, p, digest(p)), "root");
    Registry reg = Registry.forData(data);
    assertThat(compute(data, reg, "criterion.k.twoRuns").value())
        .isEqualTo(new Value.Verdict(true, "runs.total 2 >= 2"));
    assertThat(compute(data, reg, "criterion.k.threeRuns").value())
        .isEqualTo(new Value.Verdict(false, "runs.total 2 not >= 3"));
    assertThat(reg.registration("criterion.k.twoRuns").orElseThrow().kind()).isEqualTo(VerdictKind.CONFIRMATORY);
    assertThat(reg.registration("criterion.k.twoRuns").orElseThrow().registeredBy()).contains(digest(p));
    assertThat(compute(data, reg, "verdicts.confirmatory.held").value()).isEqualTo(new Value.Count(1));
    assertThat(compute(data, reg, "verdicts.confirmatory.didNotHold").value()).isEqualTo(new Value.Count(1));
  }

  /**
   * Issue #45, the tally's unit: one registered test. A two-sided band (two one-sided rules on one statistic joined by
   * a claim) is one test, the claim; a claim joining other rules restates them and is not a test.
   */
  @Test
  void registered_bandAndCombinedClaim_talliedAsRegisteredTests(@TempDir Path tmp) throws IOException {
    String p = plan(rule("lowTwo", "runs.total", ">=", "2", "count", "one-sided") + ",\n"
        + rule("highFive", "runs.total", "<=", "5", "count", "one-sided") + ",\n"
        + rule("threeRuns", "runs.total", ">=", "3", "count", "one-sided"),
        "{\"id\": \"band\", \"claim\": \"two to five runs\", \"combine\": \"all\", \"of\": [\"lowTwo\", \"highFive\"]},"
            + " {\"id\": \"both\", \"claim\": \"two and three runs\", \"combine\": \"all\", \"of\": [\"lowTwo\", "
            + "\"threeRuns\"]}");
    DataSet data = DataSet.scan(root(tmp, p, digest(p)), "root");
    Registry reg = Registry.forData(data);
    assertThat(reg.notTests().keySet()).containsExactlyInAnyOrder("criterion.k.lowTwo", "criterion.k.highFive",
        "criterion.k.both", "claim.payload", "claim.gridLaw", "claim.replaySmoothLimit", "claim.replayBursts",
        "claim.twoClocks", "claim.oneOverD", "claim.noJvm", "ombReal.heldout.verdict", "onedlaw.verdict.delivery");
    assertThat(reg.notTests().get("criterion.k.lowTwo")).contains("criterion.k.band");
    // verdict rows: lowTwo, highFive, band held; threeRuns, both did not. Tests: band held, threeRuns did not.
    assertThat(compute(data, reg, "verdicts.confirmatory.held").value()).isEqualTo(new Value.Count(1));
    assertThat(compute(data, reg, "verdicts.confirmatory.didNotHold").value()).isEqualTo(new Value.Count(1));
  }

  @Test
  void registered_ledgerWithoutDigest_exploratoryAndNotCounted(@TempDir Path tmp) throws IOException {
    String p = plan(rule("twoRuns", "runs.total", ">=", "2", "count", "one-sided"), "");
    DataSet data = DataSet.scan(root(tmp, p, ""), "root");
    Registry reg = Registry.forData(data);
    assertThat(reg.registration("criterion.k.twoRuns").orElseThrow().kind()).isEqualTo(VerdictKind.EXPLORATORY);
    assertThat(compute(data, reg, "verdicts.confirmatory.held").value()).isEqualTo(new Value.Count(0));
    assertThat(compute(data, reg, "verdicts.confirmatory.didNotHold").value()).isEqualTo(new Value.Count(0));
  }

  /**
   * Issue #54: a practitioner's workspace records {@code registered} no in its ledger; its plan names every row's
   * digest, yet none of its rules is confirmatory, and the report calls it not pre-registered.
   */
  @Test
  void registered_unregisteredWorkspace_exploratoryAndNotCounted(@TempDir Path tmp) throws IOException {
    String p = plan(rule("twoRuns", "runs.total", ">=", "2", "count", "one-sided"), "");
    Path k = root(tmp, p, digest(p)).resolve("k");
    List<String> lines = Files.readAllLines(k.resolve("ledger.csv"), StandardCharsets.UTF_8);
    Files.writeString(k.resolve("ledger.csv"), lines.get(0) + ",registered\n" + lines.get(1) + ",no\n" + lines.get(2)
        + ",no\n", StandardCharsets.UTF_8);
    DataSet data = DataSet.scan(tmp, "root");
    assertThat(data.campaigns().get(0).unregistered()).isTrue();
    assertThat(data.campaigns().get(0).preRegistered()).isFalse();
    Registry reg = Registry.forData(data);
    assertThat(compute(data, reg, "criterion.k.twoRuns").value())
        .isEqualTo(new Value.Verdict(true, "runs.total 2 >= 2"));
    Registration r = reg.registration("criterion.k.twoRuns").orElseThrow();
    assertThat(r.kind()).isEqualTo(VerdictKind.EXPLORATORY);
    assertThat(r.note()).isEqualTo(PlanCriteria.UNREGISTERED);
    assertThat(compute(data, reg, "verdicts.confirmatory.held").value()).isEqualTo(new Value.Count(0));
  }

  @Test
  void registered_criterionEditedAfterTheRuns_refused(@TempDir Path tmp) throws IOException {
    String before = plan(rule("twoRuns", "runs.total", ">=", "3", "count", "one-sided"), "");
    String after = before.replace("\"threshold\": 3", "\"threshold\": 2");
    Path r = root(tmp, after, digest(before));
    assertThatThrownBy(() -> DataSet.scan(r, "root")).isInstanceOf(DataException.class)
        .hasMessageContaining("ledger.csv:2: the runs were taken under a plan with SHA-256 " + digest(before))
        .hasMessageContaining("the plan was edited after its runs");
  }

  @Test
  void claim_allOfTwoRules_heldOnlyWhenBothHeld(@TempDir Path tmp) throws IOException {
    String p = plan(rule("twoRuns", "runs.total", ">=", "2", "count", "one-sided") + ",\n"
        + rule("threeRuns", "runs.total", ">=", "3", "count", "one-sided"),
        "{\"id\": \"both\", \"claim\": \"both\", \"combine\": \"all\", \"of\": [\"twoRuns\", \"threeRuns\"]},"
            + "{\"id\": \"either\", \"claim\": \"either\", \"combine\": \"any\", \"of\": [\"twoRuns\", "
            + "\"threeRuns\"]}");
    DataSet data = DataSet.scan(root(tmp, p, digest(p)), "root");
    Registry reg = Registry.forData(data);
    assertThat(((Value.Verdict) compute(data, reg, "criterion.k.both").value()).held()).isFalse();
    assertThat(((Value.Verdict) compute(data, reg, "criterion.k.either").value()).held()).isTrue();
  }

  @Test
  void registered_intervalTestableAndConsistencyRules_judgedAndKinded(@TempDir Path tmp) throws IOException {
    String interval = rule("interval", "load.ratio.modeA", "interval_above", "1", "ratio", "one-sided")
        .replace("\"comparison\"",
        "\"lower\": \"load.ratio.lower.modeA\", \"upper\": \"load.ratio.upper.modeA\", \"comparison\"");
    String testable = rule("gated", "runs.total", ">=", "1", "count", "one-sided").replace("\"runs\": \"all\"",
        "\"runs\": \"all\", \"testable_if\": {\"statistic\": \"runs.total\", \"comparison\": \">=\", \"threshold\": "
        + "5, \"unit\": \"count\"}");
    String consistency = rule("bounded", "runs.total", ">=", "0", "count", "one-sided")
        .replace("\"empirical\"", "\"consistency\"");
    String consistency2 = rule("bounded2", "runs.total", ">=", "0", "count", "one-sided")
        .replace("\"empirical\"", "\"consistency\"");
    String p = plan(interval + ",\n" + testable + ",\n" + consistency + ",\n" + consistency2,
        "{\"id\": \"both\", \"claim\": \"both\", \"combine\": \"all\", \"of\": [\"bounded\", \"bounded2\"]}");
    DataSet data = DataSet.scan(root(tmp, p, digest(p)), "root");
    Registry reg = Registry.forData(data);
    assertThat(compute(data, reg, "criterion.k.interval").value()).isInstanceOf(Value.Untestable.class);
    assertThat(compute(data, reg, "criterion.k.gated").value())
        .isEqualTo(new Value.Untestable("runs.total 2, not >= 5"));
    assertThat(reg.registration("criterion.k.bounded").orElseThrow().kind()).isEqualTo(VerdictKind.CONSISTENCY);
    assertThat(reg.registration("criterion.k.both").orElseThrow().kind()).isEqualTo(VerdictKind.CONSISTENCY);
    assertThat(reg.registration("criterion.k.gated").orElseThrow().kind()).isEqualTo(VerdictKind.CONFIRMATORY);
  }

  @Test
  void registrations_firstRunLaterThanTheLedgers_refused(@TempDir Path tmp) throws IOException {
    String p = plan(rule("twoRuns", "runs.total", ">=", "2", "count", "one-sided"), "");
    Path r = root(tmp, p, digest(p));
    Path ledger = r.resolve("k/ledger.csv");
    List<String> lines = Files.readAllLines(ledger, StandardCharsets.UTF_8);
    Files.writeString(ledger, lines.get(0) + ",started_at\n" + lines.get(1) + ",2026-11-30T03:00:00.000Z\n"
        + lines.get(2)
        + ",2026-11-30T03:00:01.000Z\n", StandardCharsets.UTF_8);
    Files.writeString(r.resolve("registrations.csv"), String.join(",", RegistrationTable.COLUMNS) + "\n"
        + "replication.negativeSpans,k,confirmatory,a rule,x.java,rule text," + "a".repeat(40)
        + ",2026-11-30T03:30:00Z,2026-11-30T04:00:00Z,,\n", StandardCharsets.UTF_8);
    DataSet data = DataSet.scan(r, "root");
    assertThatThrownBy(() -> Registry.forData(data)).isInstanceOf(DataException.class)
        .hasMessageContaining("registrations.csv:2: data_first_run_at of replication.negativeSpans")
        .hasMessageContaining("later than the first run of campaign k");
  }

  static Stream<Arguments> hostile() {
    String ok = rule("a", "runs.total", ">=", "2", "count", "one-sided");
    return Stream.of(
        Arguments.of("unknown registry key", plan(rule("a", "runs.nosuch", ">=", "2", "count", "one-sided"), ""), 7,
            "runs.nosuch is not a registry entry"),
        Arguments.of("wrong unit", plan(rule("a", "runs.total", ">=", "0", "fraction", "one-sided"), ""), 7,
            "gives unit fraction, and runs.total is in count"),
        Arguments.of("impossible comparison", plan(rule("a", "runs.total", "=~", "2", "count", "one-sided"), ""), 7,
            "comparison must be one of"),
        Arguments.of("sidedness contradicts the comparison",
        plan(rule("a", "runs.total", ">=", "2", "count", "two-sided"), ""),
            7, "comparison >= is one-sided, not two-sided"),
        Arguments.of("fraction above one", plan(rule("a", "omb.retention.min", ">=", "1.5", "fraction", "one-sided"),
        ""), 7,
            "a fraction threshold must lie in [0, 1]"),
        Arguments.of("fractional count", plan(rule("a", "runs.total", ">=", "2.5", "count", "one-sided"), ""), 7,
            "a count threshold must be a whole number"),
        Arguments.of("unknown field", plan(ok.replace("\"kind\"", "\"tolerance\": 1, \"kind\""), ""), 7,
        "unknown field"),
        Arguments.of("threshold a string", plan(rule("a", "runs.total", ">=", "\"Infinity\"", "count", "one-sided"),
        ""), 7,
            "a threshold must be a JSON number"),
        Arguments.of("duplicate id", plan(ok + ",\n" + ok, ""), 8, "id a is used twice"),
        Arguments.of("claim of an unknown rule", plan(ok,
        "{\"id\": \"c\", \"claim\": \"x\", \"combine\": \"all\", \"of\": [\"a\", \"zz\"]}"),
            9, "of must name distinct rules"),
        Arguments.of("runs naming no condition", plan(ok.replace("\"runs\": \"all\"", "\"runs\": [\"c9\"]"), ""), 7,
            "runs must name distinct conditions"),
        Arguments.of("interval end of another unit",
        plan(rule("a", "load.ratio.modeA", "interval_above", "1", "ratio", "one-sided")
            .replace("\"comparison\"",
            "\"lower\": \"runs.total\", \"upper\": \"load.ratio.upper.modeA\", \"comparison\""), ""), 7,
            "gives unit ratio, and runs.total is in count"),
        Arguments.of("upper end of another unit", plan(
        rule("a", "load.ratio.modeA", "interval_above", "1", "ratio", "one-sided")
            .replace("\"comparison\"",
            "\"lower\": \"load.ratio.lower.modeA\", \"upper\": \"runs.total\", \"comparison\""), ""), 7,
            "gives unit ratio, and runs.total is in count"),
        Arguments.of("a verdict compared with a number",
        plan(rule("a", "replication.negativeSpans", ">", "0", "1", "one-sided"), ""), 7,
            "a verdict, with a number"),
        Arguments.of("testable_if of another unit", plan(
        ok.replace("\"runs\": \"all\"", "\"runs\": \"all\", \"testable_if\": "
            + "{\"statistic\": \"runs.total\", \"comparison\": \">=\", \"threshold\": 0, \"unit\": \"fraction\"}"),
            ""), 7,
            "testable_if of rule a gives unit fraction"),
        Arguments.of("wrong version", plan(ok, "").replace("\"version\": 1", "\"version\": 2"), 5,
        "version must be 1"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("hostile")
  void criteria_hostile_refusedNamingPlanLine(String label, String plan, long line, String message, @TempDir Path tmp)
      throws IOException {
    Path r = root(tmp, plan, digest(plan));
    assertThatThrownBy(() -> Registry.forData(DataSet.scan(r, "root"))).isInstanceOf(DataException.class)
        .hasMessageContaining("k/plan.json:" + line + ":").hasMessageContaining(message);
  }
}
