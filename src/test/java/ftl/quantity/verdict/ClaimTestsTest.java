package ftl.quantity.verdict;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.data.registration.Registration;
import ftl.data.registration.VerdictKind;
import ftl.quantity.core.Format;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** One claim, one place (issue #45): which verdicts test a claim, and the one rule that summarises them. */
class ClaimTestsTest {

  private static final Value HELD = new Value.Verdict(true, "b");
  private static final Value NOT_HELD = new Value.Verdict(false, "b");
  private static final Value UNTESTABLE = new Value.Untestable("one clock");
  private static final Value UNAVAILABLE = new Value.Unavailable("no data");

  private static ClaimTests.Outcome confirmatory(Value v) {
    return new ClaimTests.Outcome(VerdictKind.CONFIRMATORY, v);
  }

  /** Named cases of the summary rule: the tests, the summary's printed text and its basis. */
  static Stream<Arguments> summaries() {
    return Stream.of(
        Arguments.of("no test at all", List.of(), "no confirmatory test", "no confirmatory test decided here"),
        Arguments.of("every confirmatory test held, one exploratory row aside",
            List.of(confirmatory(HELD), confirmatory(HELD), new ClaimTests.Outcome(VerdictKind.EXPLORATORY, NOT_HELD)),
            "replicated",
            "2 of 2 confirmatory tests held; 1 other row (exploratory, consistency check or not testable here)"
                + " not deciding"),
        Arguments.of("one confirmatory test did not hold, two rows not deciding",
            List.of(confirmatory(HELD), confirmatory(NOT_HELD), confirmatory(UNTESTABLE),
                new ClaimTests.Outcome(VerdictKind.CONSISTENCY, HELD)),
            "did not replicate", "1 of 2 confirmatory tests held; 2 other rows (exploratory, consistency check or not"
                + " testable here) not deciding"),
        Arguments.of("confirmatory tests not testable or unavailable, a consistency check held",
            List.of(confirmatory(UNTESTABLE), confirmatory(UNAVAILABLE),
            new ClaimTests.Outcome(VerdictKind.CONSISTENCY, HELD)),
            "no confirmatory test", "no confirmatory test decided here; 3 other rows (exploratory, consistency check or"
                + " not testable here) not deciding"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("summaries")
  void summary_namedCase_printsItsOutcomeAndBasis(String name, List<ClaimTests.Outcome> tests, String text,
      String basis) {
    Value v = ClaimTests.summary(tests);
    assertThat(Format.SUMMARY.text(v, Unit.DIMENSIONLESS)).isEqualTo(text);
    assertThat(v instanceof Value.Verdict x ? x.basis() : ((Value.Untestable) v).reason()).isEqualTo(basis);
  }

  @Test
  void testsOf_theDeclaredPatterns_inPatternOrderKafkaOnlyAndRegisteredTestsOnly() {
    ClaimTests.Claim collapse = ClaimTests.bySummaryKey("summary.priorityCollapse").orElseThrow();
    List<String> keys = List.of("criterion.confirm.collapseJvmOriginal", "criterion.nats.collapseJvmOriginal",
        "criterion.omb-nats.collapseJvmOriginal", "criterion.confirm.priorityCollapse",
        "criterion.newboot.collapseThreadsOriginal",
        "replication.priorityCollapse", "replication.geometryRatio");
    List<ClaimTests.Found> found = ClaimTests.testsOf(collapse, keys, Set.of("criterion.confirm.priorityCollapse"));
    assertThat(found).containsExactly(
        new ClaimTests.Found("replication.priorityCollapse", "threads or JVM reach 7x", "collapse.range.modeA", "", ""),
        new ClaimTests.Found("criterion.confirm.collapseJvmOriginal", "collapseJvmOriginal", "", "", ""),
        new ClaimTests.Found("criterion.newboot.collapseThreadsOriginal", "collapseThreadsOriginal", "", "", ""));
  }

  @Test
  void testsOf_aCampaignPattern_fillsTheEstimateKeys() {
    ClaimTests.Claim oneOverD = ClaimTests.bySummaryKey("summary.oneOverD").orElseThrow();
    assertThat(ClaimTests.testsOf(oneOverD, List.of("onedlaw.verdict.payload"), Set.of())).containsExactly(
        new ClaimTests.Found("onedlaw.verdict.payload", "slope across runs", "onedlaw.slope.payload",
            "onedlaw.slope.lower.payload", "onedlaw.slope.upper.payload"));
  }

  @Test
  void testsOf_aKeyTwoPatternsMatch_isOneRow() {
    ClaimTests.Claim twice = new ClaimTests.Claim("x", "SummaryX", false, List.of(ClaimTests.Test.of("a\\.b", "first"),
        ClaimTests.Test.of("a\\.\\w+", "second")));
    assertThat(ClaimTests.testsOf(twice, List.of("a.b", "a.c"), Set.of())).extracting(ClaimTests.Found::name)
        .containsExactly("first", "second");
  }

  @Test
  void onKafka_otherSystemsAndTheirToolsAreNot() {
    assertThat(ClaimTests.onKafka("")).isTrue();
    assertThat(ClaimTests.onKafka("modeA")).isTrue();
    assertThat(ClaimTests.onKafka("nojvm")).isTrue();
    assertThat(ClaimTests.onKafka("omb-real")).isTrue();
    assertThat(ClaimTests.onKafka("a-campaign-the-catalogue-lacks")).isTrue();
    assertThat(ClaimTests.onKafka("rabbitmq")).isFalse();
    assertThat(ClaimTests.onKafka("perftest")).isFalse();
    assertThat(ClaimTests.onKafka("omb-rabbitmq")).isFalse();
  }

  @Test
  void designOf_agreeingCampaigns_theirDesign_mixedOrUnknownOrNone_empty() {
    Map<String, String> d = Map.of("a", "blocks", "b", "blocks", "c", "serial");
    assertThat(ClaimTests.designOf(reg(List.of("a", "b")), d)).isEqualTo("blocks");
    assertThat(ClaimTests.designOf(reg(List.of("a", "c")), d)).isEmpty();
    assertThat(ClaimTests.designOf(reg(List.of("x")), d)).isEmpty();
    assertThat(ClaimTests.designOf(null, d)).isEmpty();
  }

  private static Registration reg(List<String> campaigns) {
    return new Registration("k", campaigns, VerdictKind.CONFIRMATORY, "r", "commit x", -1, -1, "", "", "f:2", "");
  }

  @Test
  void summary_ofAClaimNotTestableHere_isNotTestableHere_whateverItsTestsGave() {
    ClaimTests.Claim twoClocks = ClaimTests.CLAIMS.stream().filter(c -> c.id().equals("twoClocks")).findFirst()
        .orElseThrow();
    Value v = ClaimTests.summary(twoClocks, List.of(new ClaimTests.Outcome(VerdictKind.CONFIRMATORY, NOT_HELD)));
    assertThat(v).isInstanceOf(Value.Untestable.class);
    assertThat(((Value.Untestable) v).reason()).startsWith(Value.Untestable.NOT_HERE).contains("1 row shown");
    ClaimTests.Claim load = ClaimTests.CLAIMS.stream().filter(c -> c.id().equals("backgroundLoad")).findFirst()
        .orElseThrow();
    assertThat(ClaimTests.summary(load, List.of(new ClaimTests.Outcome(VerdictKind.CONFIRMATORY, NOT_HELD))))
        .isEqualTo(ClaimTests.summary(List.of(new ClaimTests.Outcome(VerdictKind.CONFIRMATORY, NOT_HELD))));
  }

  @Test
  void bySummaryKey_aSummaryKey_findsItsClaim_anyOtherKey_none() {
    assertThat(ClaimTests.bySummaryKey("summary.gridLaw")).map(ClaimTests.Claim::id).contains("gridLaw");
    assertThat(ClaimTests.bySummaryKey("claim.gridLaw")).isEmpty();
  }

  private static Quantity verdict(String key, Value v) {
    return Quantity.key(key).macro("M" + key.replaceAll("[^A-Za-z]", "")).definition("a test verdict")
        .unit(Unit.DIMENSIONLESS).format(Format.VERDICT)
        .scope(Quantity.Scope.TABLE).function("ftl.quantity.verdict.ClaimTestsTest#verdict").computes(a -> v);
  }

  private static Registration registered(String key, VerdictKind kind) {
    return new Registration(key, List.of("modeA"), kind, "r", "commit x", -1, -1, "", "", "data/registrations.csv:2",
        "");
  }

  @Test
  void forRegistry_summariesOverTheirTests_andTalliesWithoutOurOwnPredictions() {
    List<Quantity> registry = List.of(verdict("replication.geometryRatio", NOT_HELD),
        verdict("criterion.confirm.geometryDiffers", HELD), verdict("criterion.confirm.loadRaises", HELD),
        verdict("replay.prediction.bursts", HELD), verdict("criterion.confirm.gridLaw", NOT_HELD));
    Map<String, Registration> regs = Map.of("replication.geometryRatio", registered("replication.geometryRatio",
        VerdictKind.CONFIRMATORY), "criterion.confirm.geometryDiffers", registered("criterion.confirm.geometryDiffers",
        VerdictKind.CONFIRMATORY), "criterion.confirm.loadRaises", registered("criterion.confirm.loadRaises",
        VerdictKind.CONFIRMATORY), "replay.prediction.bursts",
        registered("replay.prediction.bursts", VerdictKind.CONFIRMATORY));
    List<Quantity> out = ClaimTests.forRegistry(registry, regs, Set.of("criterion.confirm.gridLaw"),
        Map.of("modeA", "serial"));
    Map<String, Value> v = new LinkedHashMap<>();
    out.forEach(q -> v.put(q.key(), q.computation().apply(null)));
    assertThat(Format.SUMMARY.text(v.get("summary.geometryRatio"), Unit.DIMENSIONLESS)).isEqualTo("did not replicate");
    assertThat(Format.SUMMARY.text(v.get("summary.backgroundLoad"), Unit.DIMENSIONLESS)).isEqualTo("replicated");
    assertThat(Format.SUMMARY.text(v.get("summary.gridLaw"), Unit.DIMENSIONLESS)).isEqualTo("no confirmatory test");
    assertThat(Format.SUMMARY.text(v.get("summary.replayBursts"), Unit.DIMENSIONLESS)).isEqualTo("replicated");
    long claims = ClaimTests.CLAIMS.stream().filter(c -> !c.own()).count();
    assertThat(v.get("summaries.claims")).isEqualTo(new Value.Count(claims));
    assertThat(v.get("summaries.replicated")).isEqualTo(new Value.Count(1));
    assertThat(v.get("summaries.notReplicated")).isEqualTo(new Value.Count(1));
    long notHere = ClaimTests.CLAIMS.stream().filter(c -> !c.own() && !c.notTestableHere().isEmpty()).count();
    assertThat(notHere).isEqualTo(2);
    assertThat(v.get("summaries.noConfirmatoryTest")).isEqualTo(new Value.Count(claims - 2 - notHere));
    assertThat(v.get("summaries.notTestableHere")).isEqualTo(new Value.Count(notHere));
    assertThat(Format.SUMMARY.text(v.get("summary.twoClocks"), Unit.DIMENSIONLESS)).isEqualTo("not testable here");
    // by design: every registration here names modeA, given as serial, so the serial summaries are the summaries and
    // the block summaries have no test
    assertThat(Format.SUMMARY.text(v.get("summary.geometryRatio.serial"), Unit.DIMENSIONLESS))
        .isEqualTo("did not replicate");
    assertThat(Format.SUMMARY.text(v.get("summary.geometryRatio.blocks"), Unit.DIMENSIONLESS))
        .isEqualTo("no confirmatory test");
    assertThat(out.stream().filter(q -> q.key().equals("summary.geometryRatio")).findFirst().orElseThrow().definition())
        .contains("2 tests: replication.geometryRatio, criterion.confirm.geometryDiffers").contains(ClaimTests.RULE);
  }
}
