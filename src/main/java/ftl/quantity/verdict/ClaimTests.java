package ftl.quantity.verdict;

import ftl.data.Campaign;
import ftl.data.DataSet;
import ftl.data.ledger.LedgerRow;
import ftl.data.ledger.LedgerSchema;
import ftl.data.registration.Registration;
import ftl.data.registration.VerdictKind;
import ftl.quantity.core.CampaignCatalogue;
import ftl.quantity.core.Format;
import ftl.quantity.core.Quantity.Scope;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One claim, one place (issue #45): each claim of the original study that the replication table lists, with every
 * registered test of it in every Kafka campaign, and the claim's <b>summary</b>, derived from those tests by one rule
 * ({@link #summary}). A test is a registry verdict that is a registered test ({@link RegisteredTests}: a combined claim
 * is shown by its parts, a two-sided band by the band); which verdicts test a claim is declared here, once, by key
 * pattern, so a campaign added later under the same plan ids is a row of the claim without a change of code.
 *
 * <p>The rule: a claim <em>replicated</em> when at least one confirmatory test of it (criterion committed before the
 * data it judges) could be decided on this archive's data and every such test held; it <em>did not replicate</em>
 * when one of them did not hold; it has <em>no confirmatory test</em> when none could be decided here (its exploratory
 * rows and consistency checks are shown and never decide). Printed by {@link Format#SUMMARY}.
 */
public final class ClaimTests {
  /** Provenance of every summary and summary tally. */
  private static final String FUNCTION = ClaimTests.class.getCanonicalName() + "#";
  /** The key prefix of a claim's summary: {@code summary.<claim id>}. */
  public static final String SUMMARY = "summary.";
  /** A plan criterion's verdict key: {@code criterion.<campaign>.<id>}, the campaign group {@code c}. */
  private static final String CRITERION = "criterion\\.(?<c>[\\w-]+)\\.";

  /**
   * Which verdicts test a claim, and the figure each test compares.
   *
   * @param pattern the verdict keys (a regular expression over the whole key; group {@code c}, where present, the
   *     campaign, which must be a Kafka campaign of the catalogue or one the catalogue does not name; group {@code id},
   *     where present, a plan's rule id)
   * @param name the test's name in the table: a short phrase; empty for a plan criterion, named by its rule id
   * @param statistic the estimate's key, {@code {c}} standing for the campaign; empty for a plan criterion (its rule
   *     names it) or a test with no single figure
   * @param lower the lower end of its interval ({@code ""}: none)
   * @param upper the upper end of its interval ({@code ""}: none)
   */
  public record Test(Pattern pattern, String name, String statistic, String lower, String upper) {
    static Test of(String regex, String name) {
      return new Test(Pattern.compile(regex), name, "", "", "");
    }

    static Test of(String regex, String name, String statistic) {
      return new Test(Pattern.compile(regex), name, statistic, "", "");
    }

    static Test of(String regex, String name, String statistic, String lower, String upper) {
      return new Test(Pattern.compile(regex), name, statistic, lower, upper);
    }

    /**
     * A plan criterion whose rule id matches {@code idRegex}, in any campaign: named by its id, its figure its rule's.
     */
    static Test rule(String idRegex) {
      return new Test(Pattern.compile(CRITERION + "(?<id>" + idRegex + ")"), "", "", "", "");
    }
  }

  /**
   * A claim of the original study and what tests it.
   *
   * @param id the claim's id: its summary is {@code summary.<id>}, and plans that test it name their rule or claim so
   * @param macro the summary's macro
   * @param own whether the row is our own pre-registered prediction, for which the original states no result (shown,
   *     never counted among the original's claims)
   * @param tests the verdicts that test it
   * @param notTestableHere why this archive's setting cannot test the claim at all ({@code ""}: it can); its tests are
   *     then shown and never decide (an emulation on one host tests the emulation, not the claim)
   */
  public record Claim(String id, String macro, boolean own, List<Test> tests, String notTestableHere) {
    public Claim {
      tests = List.copyOf(tests);
      Objects.requireNonNull(notTestableHere, "notTestableHere");
    }

    Claim(String id, String macro, boolean own, List<Test> tests) {
      this(id, macro, own, tests, "");
    }

    /** The summary's key. */
    public String summaryKey() {
      return SUMMARY + id;
    }
  }

  /**
   * Why the two-clock claims cannot be tested on this archive's one host: the producer's and the consumer's stamps come
   * from one wall clock, so the clock offset the claims are about does not exist here; the campaigns that offset the
   * producer's CreateTime test that emulation (its predictions are registered and shown), not the claims.
   */
  static final String ONE_CLOCK = "one host has one wall clock, so the offset between a producer's and a consumer's"
      + " clocks the claim is about does not occur here; the emulated producer clock's tests test the emulation and do"
      + " not decide";

  /** The claims, in the order of {@code paper/original-study.csv}. */
  public static final List<Claim> CLAIMS = List.of(
      new Claim("negativeSpans", "SummaryNegativeSpans", false, List.of(
          Test.of("replication\\.negativeSpans", "A < 0 occurs", "sign.ackNegativeRate.modeA"),
          Test.rule("(negativeSpans\\w*|controlNegative)"))),
      new Claim("signCheckMajority", "SummarySignCheckMajority", false, List.of(
          Test.of("replication\\.signCheckMajority", "most runs rejected", "sign.rejectedShare.modeA"))),
      new Claim("flightsNeverNegative", "SummaryFlightsNeverNegative", false, List.of(
          Test.of("replication\\.flightsNeverNegative", "no T < 0", "events.sendNegative.modeA"),
          Test.rule("flightsNeverNegative"))),
      new Claim("priorityCollapse", "SummaryPriorityCollapse", false, List.of(
          Test.of("replication\\.priorityCollapse", "threads or JVM reach 7x", "collapse.range.modeA"),
          Test.rule("collapse\\w*Original"))),
      new Claim("geometryRatio", "SummaryGeometryRatio", false, List.of(
          Test.of("replication\\.geometryRatio", "interval excludes 1", "geometry.ratio.modeA",
          "geometry.ratio.lower.modeA",
              "geometry.ratio.upper.modeA"),
          Test.rule("geometry\\w*"))),
      new Claim("backgroundLoad", "SummaryBackgroundLoad", false, List.of(
          Test.of("claim\\.backgroundLoad", "interval above 1", "load.ratio.modeA", "load.ratio.lower.modeA",
          "load.ratio.upper.modeA"),
          Test.rule("load\\w*"))),
      new Claim("retentionRange", "SummaryRetentionRange", false, List.of(
          Test.of("replication\\.retentionRange", "below 10% and 100%", "omb.retention.range.modeB"))),
      new Claim("sameMedian", "SummarySameMedian", false, List.of(
          Test.of("claim\\.sameMedian", "one median", "omb.guardMedian.max.modeB"))),
      new Claim("gridLaw", "SummaryGridLaw", false, List.of(
          Test.of("gridlaw\\.heldout\\.verdict\\.(?<c>(?!nojvm|clockoffset)[\\w-]+)", "held out",
          "gridlaw.heldout.within.{c}"),
          Test.rule("gridLaw(Base|Si\\w+|Skill)"))),
      new Claim("payload", "SummaryPayload", false, List.of(
          Test.of("payload\\.prediction\\.(?<id>\\w+)", ""))),
      new Claim("oneTickNegatives", "SummaryOneTickNegatives", false, List.of(
          Test.of("claim\\.oneTickNegatives", "one-tick negatives", "clockoffset.oneTick.observed"),
          Test.of("clockoffset\\.prediction\\.(?<id>\\w+)", ""),
          Test.rule("oneTick(?!Offset)\\w*")), ONE_CLOCK),
      new Claim("twoClocks", "SummaryTwoClocks", false, List.of(
          Test.of("gridlaw\\.heldout\\.verdict\\.(?<c>clockoffset)", "held out", "gridlaw.heldout.within.{c}"),
          Test.rule("gridLawOffset|oneTickOffset")), ONE_CLOCK),
      new Claim("oneOverD", "SummaryOneOverD", false, List.of(
          Test.of("delivery\\.prediction\\.oneOverD", "delay on delivery", "delivery.slope.DT"),
          Test.of("onedlaw\\.verdict\\.(?<c>[\\w-]+)", "slope across runs", "onedlaw.slope.{c}",
          "onedlaw.slope.lower.{c}",
              "onedlaw.slope.upper.{c}"),
          Test.rule("oneOverD"))),
      new Claim("exposureCrossover", "SummaryExposureCrossover", false, List.of(
          Test.of("claim\\.exposureCrossover", "crossover"))),
      new Claim("windowedRho", "SummaryWindowedRho", false, List.of(
          Test.of("claim\\.windowedRho", "bounded", "rho.DA.modeA"))),
      new Claim("harnessAudit", "SummaryHarnessAudit", false, List.of(
          Test.of("claim\\.harnessAudit", "silent drops", "audit.harnesses.silentDrops"))),
      new Claim("noJvm", "SummaryNoJvm", false, List.of(
          Test.of("gridlaw\\.heldout\\.verdict\\.(?<c>nojvm[\\w-]*)", "held out", "gridlaw.heldout.within.{c}"))),
      new Claim("ombDrops", "SummaryOmbDrops", false, List.of(
          Test.of("claim\\.ombDrops", "drops", "ombReal.dropped.range"))),
      new Claim("replaySmoothLimit", "SummaryReplaySmoothLimit", true, List.of(
          Test.of("replay\\.prediction\\.smoothLimit", "smooth limit", "replay.error.range"))),
      new Claim("replayBursts", "SummaryReplayBursts", true, List.of(
          Test.of("replay\\.prediction\\.bursts", "bursts", "replay.burstRatio.range"))));

  private ClaimTests() {}

  /** The claim whose summary is {@code key}; empty for any other key. */
  public static Optional<Claim> bySummaryKey(String key) {
    return CLAIMS.stream().filter(c -> c.summaryKey().equals(key)).findFirst();
  }

  /**
   * A test of a claim found among the registry's verdicts: its verdict key and the keys of its estimate (empty strings
   * where the declaration names none: a plan criterion's come from its rule).
   */
  public record Found(String verdictKey, String name, String statistic, String lower, String upper) {}

  /**
   * The tests of {@code claim} among {@code verdictKeys}: each key a pattern matches whole, whose campaign (if the
   * pattern names one) is not on another messaging system ({@link #onKafka}), and that is a registered test (not in
   * {@code notTests}); in the order of the claim's patterns, and within a pattern in the keys' order (the registry's).
   */
  public static List<Found> testsOf(Claim claim, List<String> verdictKeys, Set<String> notTests) {
    List<Found> out = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (Test t : claim.tests()) {
      for (String key : verdictKeys) {
        Matcher m = t.pattern().matcher(key);
        if (!notTests.contains(key) && m.matches() && onKafka(campaign(m)) && seen.add(key)) {
          String c = campaign(m);
          out.add(new Found(key, t.name().isEmpty() ? m.group("id") : t.name(), t.statistic().replace("{c}", c),
              t.lower().replace("{c}", c), t.upper().replace("{c}", c)));
        }
      }
    }
    return out;
  }

  /** The campaign a match names (group {@code c}), or {@code ""} when its pattern has none. */
  private static String campaign(Matcher m) {
    return m.pattern().pattern().contains("(?<c>") ? m.group("c") : "";
  }

  /**
   * Whether a campaign, if any, measured Kafka's broker: a catalogue campaign on another messaging system (RabbitMQ,
   * NATS, and the tools run on them) did not; the no-JVM cross-check and OMB's own worker did, with other clients.
   */
  public static boolean onKafka(String campaign) {
    for (CampaignCatalogue k : CampaignCatalogue.values()) {
      if (k.folder().equals(campaign)) {
        return !OTHER_SYSTEMS.contains(k.system()) && !OMB_ON_OTHER_SYSTEMS.contains(k);
      }
    }
    return true;
  }

  /** The systems of the catalogue that are not Kafka's broker. */
  private static final Set<CampaignCatalogue.MeasuredSystem> OTHER_SYSTEMS =
      Set.of(CampaignCatalogue.MeasuredSystem.RABBITMQ,
      CampaignCatalogue.MeasuredSystem.NATS, CampaignCatalogue.MeasuredSystem.PERFTEST);
  /** OpenMessaging Benchmark's drivers run on the other systems (its Kafka worker, omb-real, measured Kafka). */
  private static final Set<CampaignCatalogue> OMB_ON_OTHER_SYSTEMS = Set.of(CampaignCatalogue.OMB_RABBITMQ,
      CampaignCatalogue.OMB_NATS);

  /** A test's kind and value, what {@link #summary} decides on. */
  public record Outcome(VerdictKind kind, Value value) {}

  /**
   * The summary rule (stated in the paper's replication section): replicated (a held {@link Value.Verdict}) iff at
   * least one confirmatory test has a verdict (held or not) and every one held; did not replicate when one did not
   * hold; no confirmatory test ({@link Value.Untestable}) when no confirmatory test has a verdict here: exploratory
   * rows, consistency checks, tests not testable here and unavailable ones never decide. The basis counts the
   * confirmatory tests that held and were decided, and the rows that did not decide.
   */
  public static Value summary(Claim claim, List<Outcome> tests) {
    if (!claim.notTestableHere().isEmpty()) {
      return new Value.Untestable(Value.Untestable.NOT_HERE + claim.notTestableHere() + "; " + tests.size() + " row"
          + (tests.size() == 1 ? "" : "s") + " shown, none deciding");
    }
    return summary(tests);
  }

  /** The summary rule over {@code tests} alone (a claim this archive can test). */
  public static Value summary(List<Outcome> tests) {
    long decided = 0;
    long held = 0;
    for (Outcome t : tests) {
      if (t.kind() == VerdictKind.CONFIRMATORY && t.value() instanceof Value.Verdict v) {
        decided++;
        held += v.held() ? 1 : 0;
      }
    }
    long other = tests.size() - decided;
    String rest = other == 0 ? "" : "; " + other + " other row" + (other == 1 ? "" : "s")
        + " (exploratory, consistency check or not testable here) not deciding";
    if (decided == 0) {
      return new Value.Untestable("no confirmatory test decided here" + rest);
    }
    return new Value.Verdict(held == decided, held + " of " + decided + " confirmatory tests held" + rest);
  }

  /** The rule's statement, which every summary's definition carries. */
  static final String RULE = "replicated iff at least one confirmatory test of it (criterion committed before the data"
      + " it judges) was decided on this archive's data and every such test held; did not replicate when one did not"
      + " hold; no confirmatory test when none was decided here (exploratory rows and consistency checks are shown,"
      + " never deciding)";

  /**
   * The summaries, one per claim, and their tallies over the original study's claims (our own predictions aside).
   *
   * @param registry every entry built before (the verdicts the claims' tests are among)
   * @param registrations each verdict's registration, by key (its kind)
   * @param notTests the verdicts that are not registered tests ({@link RegisteredTests#notTests})
   * @param designs each campaign's run design ({@link #designs}), for the summaries by design
   */
  public static List<Quantity> forRegistry(List<Quantity> registry, Map<String, Registration> registrations,
                                           Set<String> notTests, Map<String, String> designs) {
    List<String> verdictKeys = registry.stream().filter(q -> q.format() == Format.VERDICT).map(Quantity::key).toList();
    Function<String, Quantity> in = key -> registry.stream().filter(q -> q.key().equals(key)).findFirst().orElseThrow();
    List<Quantity> out = new ArrayList<>();
    for (Claim c : CLAIMS) {
      List<Quantity> tests = testsOf(c, verdictKeys, notTests).stream().map(f -> in.apply(f.verdictKey())).toList();
      out.add(Quantity.key(c.summaryKey()).macro(c.macro())
          .definition("the original study's claim '" + c.id() + "' over every registered"
          + " test of it in every Kafka campaign (" + tests.size() + " tests: " + String.join(", ",
          tests.stream().map(Quantity::key).toList()) + "): " + RULE).unit(Unit.DIMENSIONLESS).format(Format.SUMMARY)
          .scope(Scope.KAFKA_EVENTS).function(FUNCTION + "summary").computes(a -> summary(c, tests.stream()
          .map(q -> new Outcome(Registrations.kind(registrations, q.key()), q.computation().apply(a))).toList())));
    }
    List<Quantity> counted = out.stream().filter(q -> !bySummaryKey(q.key()).orElseThrow().own()).toList();
    for (String design : List.of(BLOCKS, SERIAL)) {
      for (Claim c : CLAIMS) {
        List<Quantity> tests = testsOf(c, verdictKeys, notTests).stream()
            .filter(f -> design.equals(designOf(registrations.get(f.verdictKey()), designs)))
            .map(f -> in.apply(f.verdictKey())).toList();
        String suffix = design.equals(BLOCKS) ? "Blocks" : "Serial";
        out.add(Quantity.key(c.summaryKey() + "." + design).macro(c.macro() + suffix).definition("the original study's"
            + " claim '" + c.id() + "' over its registered tests in Kafka campaigns whose ok runs ran "
            + (design.equals(BLOCKS)
            ? "in blocks (more than one block in the ledger)" : "serially (one block in the ledger)") + " ("
            + tests.size()
            + " tests: " + String.join(", ", tests.stream().map(Quantity::key).toList()) + "), by the same rule: "
            + RULE
            + "; exploratory, the design's verdict beside the registered summary").unit(Unit.DIMENSIONLESS)
            .format(Format.SUMMARY).scope(Scope.KAFKA_EVENTS).function(FUNCTION + "summary").computes(a -> summary(c,
                tests.stream().map(q -> new Outcome(Registrations.kind(registrations, q.key()),
                q.computation().apply(a)))
                    .toList())));
      }
    }
    String of = " claims of the original study in the replication table (our own replay predictions aside), by the"
        + " summary rule: " + RULE;
    out.add(tally("summaries.claims", "SummariesClaims", "the" + of, counted, v -> true));
    out.add(tally("summaries.replicated", "SummariesReplicated", "replicated" + of, counted,
        v -> v instanceof Value.Verdict x && x.held()));
    out.add(tally("summaries.notReplicated", "SummariesNotReplicated", "did-not-replicate" + of, counted,
        v -> v instanceof Value.Verdict x && !x.held()));
    out.add(tally("summaries.noConfirmatoryTest", "SummariesNoConfirmatoryTest", "no-confirmatory-test" + of
        + " (a claim this archive's setting cannot test is counted apart, summaries.notTestableHere)", counted,
        v -> v instanceof Value.Untestable u && !u.notHere()));
    out.add(tally("summaries.notTestableHere", "SummariesNotTestableHere", "not-testable-here" + of + " (the setting"
        + " cannot test the claim at all: " + ONE_CLOCK + ")", counted, v -> v instanceof Value.Untestable u
        && u.notHere()));
    return out;
  }

  /** A campaign's run design in blocks: more than one distinct {@code block} among its ok runs. */
  static final String BLOCKS = "blocks";
  /** A campaign's serial run design: its ok runs in one block. */
  static final String SERIAL = "serial";

  /** Each campaign's run design ({@link #BLOCKS} or {@link #SERIAL}), as its ok runs' ledger rows record it. */
  public static Map<String, String> designs(DataSet data) {
    Map<String, String> out = new LinkedHashMap<>();
    for (Campaign c : data.campaigns()) {
      Set<String> blocks = new HashSet<>();
      c.runs().stream().filter(LedgerRow::ok).forEach(r -> blocks.add(r.field(LedgerSchema.BLOCK)));
      out.put(c.name(), blocks.size() > 1 ? BLOCKS : SERIAL);
    }
    return out;
  }

  /**
   * The design of a test: that of every campaign its registration names when they agree, {@code ""} when they do not,
   * a campaign has no design (no ledger under the root) or there is no registration.
   */
  static String designOf(Registration r, Map<String, String> designs) {
    if (r == null) {
      return "";
    }
    Set<String> found = new HashSet<>();
    for (String c : r.campaigns()) {
      found.add(designs.getOrDefault(c, ""));
    }
    return found.size() == 1 ? found.iterator().next() : "";
  }

  private static Quantity tally(String key, String macro, String definition, List<Quantity> summaries,
                                Predicate<Value> outcome) {
    return Quantity.key(key).macro(macro).definition(definition).unit(Unit.COUNT).format(Format.GROUPED_INTEGER)
        .scope(Scope.KAFKA_EVENTS).function(FUNCTION + "tally")
        .computes(a -> new Value.Count(summaries.stream().filter(q -> outcome.test(q.computation().apply(a))).count()));
  }
}
