package ftl.quantity.verdict;

import ftl.data.Campaign;
import ftl.data.DataSet;
import ftl.data.ledger.Instrument;
import ftl.data.ledger.LedgerRow;
import ftl.data.ledger.LedgerSchema;
import ftl.data.registration.Registration;
import ftl.data.registration.VerdictKind;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.CampaignCatalogue;
import ftl.quantity.core.CampaignRuns;
import ftl.quantity.core.Definitions;
import ftl.quantity.core.DisplacementFits;
import ftl.quantity.core.CampaignCatalogue;
import ftl.quantity.core.Format;
import ftl.quantity.core.Phrases;
import ftl.quantity.core.Provenance;
import ftl.quantity.core.Quantity.Scope;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;
import ftl.quantity.section.CampaignQuantities;
import ftl.quantity.section.DisplacementQuantities;
import ftl.quantity.section.GridLawHeldOutQuantities;
import ftl.quantity.section.ReplayQuantities;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Verdicts on the claims of the original record that {@link ReplicationVerdicts} does not already judge, each a
 * test of a claim of the replication table ({@link ClaimTests}) or a combined claim restating such tests: held, did not
 * hold, or not testable here with the reason. Each is judged on the values of other registry entries by a
 * pure decision function tested on numbers; each definition states its criterion, and the basis of each value
 * names the numbers that decided. Claims that need what this host lacks (a second clock) are "not testable
 * here" until a campaign with the missing condition exists under the data root, and become testable then
 * without a change of code.
 */
public final class ClaimVerdicts {
  /** Provenance prefix: each claim names its decision method, {@code FUNCTION + method}. */
  private static final String FUNCTION = ClaimVerdicts.class.getCanonicalName() + "#";
  /** The ledger column of a producer clock offset (a second clock emulated on one host). */
  static final String CLOCK_OFFSET = LedgerSchema.CLOCK_OFFSET_US.name();

  /**
   * The start of claim.noJvm's rule, as {@code data/registrations.csv} quotes it from this file (its rule_text): kept
   * on one line, so a line-length wrap never splits it.
   */
  private static final String NO_JVM_RULE =
    "the grid law reproduced without a JVM: held iff the held-out grid-law test held in at least one campaign of the";

  private ClaimVerdicts() {}

  /**
   * Campaigns with an ok run whose producer clock is offset from the consumer's ({@code clock_offset_us != 0}), but for
   * a campaign whose plan registers criteria: that one is judged by its own registered rules alone, and these claims'
   * rules, set in Java before it, would otherwise change what they judge with every such campaign added.
   */
  static List<String> twoClockCampaigns(DataSet data) {
    List<String> out = new ArrayList<>();
    for (Campaign c : CampaignCatalogue.opted(data, CampaignCatalogue.Family.POOLED)) {
      if (c.criteria().isEmpty() && c.runs().stream().anyMatch(r -> r.ok() && offset(r))) {
        out.add(c.name());
      }
    }
    return out;
  }

  private static boolean offset(LedgerRow r) {
    return r.clockOffsetMicros() != 0;
  }

  /**
   * The claim verdicts and the tallies of registered tests. A tally counts confirmatory tests only (their criterion
   * registered before the data, {@code registrations}); exploratory rows and consistency checks are counted apart and
   * never as evidence.
   */
  public static List<Quantity> forRegistry(DataSet data, List<Quantity> registry,
                                    Map<String, Registration> registrations) {
    Function<String, Quantity> in = key -> registry.stream().filter(q -> q.key().equals(key)).findFirst().orElse(null);
    List<Quantity> out = new ArrayList<>();
    out.add(judge(Quantity.key("claim.backgroundLoad").macro("ClaimBackgroundLoad")
        .definition("background load raises the negative-A rate: held iff the " + Phrases.level()
            + " bootstrap interval of load.ratio.modeA lies above 1 (load.ratio.lower.modeA > 1)"), FUNCTION + "above",
            in, List.of("load.ratio.lower.modeA"), v -> above("load ratio lower end", real(v.get(0)), 1.0)));
    out.add(judge(Quantity.key("claim.sameMedian").macro("ClaimSameMedian")
        .definition(
        "the guard reports the same median whatever its retention: held iff the guard's median (nearest rank of the "
            + "kept M, whole ms) is the same in every run of campaign modeB that kept a sample "
            + "(omb.guardMedian.min.modeB = omb.guardMedian.max.modeB)"), FUNCTION + "sameMedian", in,
            List.of("omb.guardMedian.min.modeB", "omb.guardMedian.max.modeB"),
            v -> sameMedian(real(v.get(0)), real(v.get(1)))));
    out.add(judge(Quantity.key("claim.gridLaw").macro("ClaimGridLaw")
        .definition(
        "retention obeys the grid law in the reduced fraction s/q: held iff the held-out test of "
            + "gridlaw.heldout.verdict.modeB held (runs predicted from their schedule and other runs' flights "
            + "recv_ns - send_ns, never their own events)"),
            Provenance.name(GridLawHeldOutQuantities.class, "verdict"), in, List.of("gridlaw.heldout.verdict.modeB"),
            v -> v.get(0)));
    out.add(judge(Quantity.key("claim.payload").macro("ClaimPayload")
        .definition(
        "the grid law is confirmed by the pre-registered payload manipulation: held iff all four predictions of"
            + " data/payload/plan.json held (payload.prediction.mechanism, .direction, .size, .control)"), FUNCTION
            + "all", in, List.of("payload.prediction.mechanism", "payload.prediction.direction",
            "payload.prediction.size",
            "payload.prediction.control"), ClaimVerdicts::all));
    List<String> twoClocks = twoClockCampaigns(data);
    out.add(Quantity.key("claim.oneTickNegatives").macro("ClaimOneTickNegatives")
        .definition(
        "one-tick negatives (M = -1) occur and the guard absorbs them: needs two clocks (a producer clock offset "
            + "from the consumer's); not testable here without a campaign whose ledger has " + CLOCK_OFFSET
            + " != 0; with one, held iff the guard absorbed at least one one-tick negative in such a campaign")
        .unit(Unit.DIMENSIONLESS).format(Format.VERDICT).scope(Scope.KAFKA_EVENTS).function(FUNCTION + "oneTick")
        .computes(a -> oneTick(twoClocks, twoClocks.stream().mapToLong(c -> oneTicks(a, c)).sum(),
            value(in, "clockoffset.oneTick.expected", a))));
    out.add(Quantity.key("claim.twoClocks").macro("ClaimTwoClocks")
        .definition("the grid law measured across two clocks: not testable here without a campaign whose ledger has "
        + CLOCK_OFFSET
            + " != 0; with one, held iff the held-out grid-law test (with the offset) held in every such campaign")
        .unit(Unit.DIMENSIONLESS).format(Format.VERDICT).scope(Scope.KAFKA_EVENTS).function(FUNCTION + "twoClocks")
        .computes(a -> twoClocks(twoClocks, twoClocks.stream()
            .map(c -> value(in, "gridlaw.heldout.verdict." + c, a)).toList())));
    out.add(Quantity.key("claim.oneOverD").macro("ClaimOneOverD")
        .definition(
        "the 1/D law (D = ack_ns - send_ns does not grow with the flight T = recv_ns - send_ns, so D/T falls as "
            + "1/T): when campaign delivery exists, its pre-registered direct test delivery.prediction.oneOverD (a "
            + "delay on the delivery branch only raises T; held iff the upper end of the " + Phrases.level()
            + " interval of the slope of D on T lies below " + DisplacementQuantities.SLOPE_LIMIT
            + "), the basis also giving the correlational slope across the sign campaign's conditions, where D and T"
            + " co-vary (onedlaw.verdict.modeA); without campaign delivery, onedlaw.verdict.modeA itself (held iff "
            + "the " + Phrases.level()
            + " interval of that slope lies below " + DisplacementQuantities.SLOPE_LIMIT + ")")
        .unit(Unit.DIMENSIONLESS).format(Format.VERDICT).scope(Scope.KAFKA_EVENTS).function(FUNCTION + "oneOverD")
        .computes(a -> oneOverD(value(in, "delivery.prediction.oneOverD", a), value(in, "onedlaw.verdict.modeA", a))));
    out.add(Quantity.key("claim.exposureCrossover").macro("ClaimExposureCrossover")
        .definition(
        "the exposure curve reaches below a crossover where D exceeds T, and published broker flights lie there: "
            + "held iff the sign campaign's bands of flights T = recv_ns - send_ns contain a crossover "
            + "(exposure.crossover.modeA) and at least one published flight lies below it; did not hold when D - T "
            + "keeps one sign over the measured flight bands")
        .unit(Unit.DIMENSIONLESS).format(Format.VERDICT).scope(Scope.KAFKA_EVENTS)
        .function(FUNCTION + "crossoverVerdict").computes(a -> {
          if (!CampaignRuns.has(a, CampaignQuantities.MODE_A)) {
            return CampaignRuns.noData(CampaignQuantities.MODE_A);
          }
          return crossoverVerdict(DisplacementFits.crossover(a, CampaignQuantities.MODE_A),
              value(in, "exposure.published.belowCrossover", a));
        }));
    out.add(judge(Quantity.key("claim.windowedRho").macro("ClaimWindowedRho")
        .definition(
        "rho(D, A) is a windowed Pearson correlation on paired co-moments, bounded, with excluded pairs counted: "
            + "held iff rho.DA.modeA lies in [-1, 1] and the pairs outside the window are counted (rho.outside.modeA "
            + "available)"), FUNCTION + "rho", in, List.of("rho.DA.modeA", "rho.outside.modeA"),
            v -> rho(real(v.get(0)), ((Value.Count) v.get(1)).count())));
    out.add(judge(Quantity.key("claim.harnessAudit").macro("ClaimHarnessAudit")
        .definition(
        "harnesses practitioners run drop zero or negative differences without counting them: held iff at least one"
            + " audited latency does (audit.harnesses.silentDrops > 0)"), FUNCTION + "atLeastOne", in,
            List.of("audit.harnesses.silentDrops", "audit.harnesses.rows"),
            v -> atLeastOne(((Value.Count) v.get(0)).count(), ((Value.Count) v.get(1)).count())));
    out.add(judge(Quantity.key("claim.ombDrops").macro("ClaimOmbDrops")
        .definition(
        "OpenMessaging Benchmark itself drops the non-positive samples from its end-to-end latency: held iff some ok "
            + "run of OMB's own worker (data/omb-real) has a dropped share 1 - e2e_count / messages_received above 0 "
            + "(the upper end of ombReal.dropped.range > 0)"), FUNCTION + "ombDrops", in,
            List.of("ombReal.dropped.range"), v -> ombDrops((Value.Range) v.get(0))));
    out.add(judge(Quantity.key("claim.replaySmoothLimit").macro("ClaimReplaySmoothLimit")
        .definition(
        "our pre-registered replay prediction (data/replay/plan.json, predictions.mode_b_smooth_limit), for which "
            + "the original record states no result: with send times replayed from a real event stream the guard's "
            + "retention approaches the smooth limit E[min(T, q)]/q of the grid law, predicted from the flights "
            + "(recv_ns - send_ns) of the fixed-interval control at the same mean gap (held out): held iff "
            + "replay.prediction.smoothLimit held (every replay condition within the plan's tolerance)"),
            Provenance.name(ReplayQuantities.class, "smoothLimitVerdict"), in,
            List.of("replay.prediction.smoothLimit"), v -> v.get(0)));
    out.add(judge(Quantity.key("claim.replayBursts").macro("ClaimReplayBursts")
        .definition(
        "our pre-registered replay prediction (data/replay/plan.json, predictions.mode_a_bursts), for which the "
            + "original record states no result: a replayed bursty stream raises the negative-A rate over fixed "
            + "intervals at the same mean rate: held iff replay.prediction.bursts held (at every mean gap the "
            + Phrases.level() + " bootstrap interval of"
            + " replay.burstRatio lies above 1)"), Provenance.name(ReplayQuantities.class, "burstsVerdict"), in,
            List.of("replay.prediction.bursts"), v -> v.get(0)));
    List<String> nojvmCampaigns = CampaignCatalogue.opted(data, CampaignCatalogue.Family.GRID_LAW).stream()
        .filter(c -> c.runs().stream().anyMatch(r -> r.ok() && r.instrument().equals(Instrument.PYTHON_NOJVM.word())))
        .map(Campaign::name).toList();
    List<String> nojvm = nojvmCampaigns.stream().map(c -> "gridlaw.heldout.verdict." + c).toList();
    out.add(Quantity.key("claim.noJvm").macro("ClaimNoJvm")
        .definition(NO_JVM_RULE + " no-JVM cross-check").unit(Unit.DIMENSIONLESS).format(Format.VERDICT)
        .scope(Scope.NOJVM_EVENTS).function(FUNCTION + "anyHeld")
        .computes(a -> anyHeld(nojvmCampaigns, nojvm.stream().map(k -> value(in, k, a)).toList())));
    Predicate<Quantity> counted = q -> Registrations.kind(registrations, q.key()) == VerdictKind.CONFIRMATORY;
    // The claims of the original study are summarised over every campaign's tests by ClaimTests (one claim, one place);
    // the tallies here count registered tests, the unit of every verdict count.
    // The tally's unit is one registered test (RegisteredTests): a combined claim is not a test, a two-sided band is
    // one.
    Map<String, String> notTests = RegisteredTests.notTests(data);
    List<Quantity> every = new ArrayList<>(registry.stream().filter(q -> q.format() == Format.VERDICT).toList());
    every.addAll(out); // every entry so far is a claim's verdict (Format.VERDICT); the tallies follow
    every.removeIf(q -> notTests.containsKey(q.key()));
    Tests tests = new Tests(every, registrations);
    String all =
        " registered tests (the tally's unit, ftl.quantity.verdict.RegisteredTests: one verdict row per test; a"
        + " combined claim restates its parts and is not a test, a two-sided band is one test, not its two halves)";
    out.add(tally("verdicts.confirmatory.held", "VerdictsConfirmatoryHeld", "held confirmatory" + all, tests, counted,
        ClaimVerdicts::held));
    out.add(tally("verdicts.confirmatory.didNotHold", "VerdictsConfirmatoryDidNotHold", "did-not-hold confirmatory"
        + all,
        tests, counted, ClaimVerdicts::didNotHold));
    out.add(tally("verdicts.confirmatory.untestable", "VerdictsConfirmatoryUntestable", "not-testable confirmatory"
        + all,
        tests, counted, v -> v instanceof Value.Untestable));
    // The same two counts by system (issue #59): a test of our instrument on Kafka's broker (every campaign its
    // registration names is one), and the rest (other messaging systems, OMB's and PerfTest's own code, the no-JVM
    // cross-check and the harness audit).
    Predicate<Quantity> kafka = q -> onKafkaOnly(registrations.get(q.key()));
    String kafkaWords = ", those of the archive's instrument on Kafka's broker (every campaign the test's registration"
        + " names measured Kafka with the Java instrument)";
    String otherWords = ", those that are not of the archive's instrument on Kafka's broker (a campaign the test's"
        + " registration names measured another system, ran another tool's own code, or is the harness audit)";
    out.add(tally("verdicts.confirmatory.held.kafka", "VerdictsConfirmatoryHeldKafka", "held confirmatory" + all
        + kafkaWords, tests, counted.and(kafka), ClaimVerdicts::held));
    out.add(tally("verdicts.confirmatory.didNotHold.kafka", "VerdictsConfirmatoryDidNotHoldKafka", "did-not-hold"
        + " confirmatory" + all + kafkaWords, tests, counted.and(kafka), ClaimVerdicts::didNotHold));
    out.add(tally("verdicts.confirmatory.held.other", "VerdictsConfirmatoryHeldOther", "held confirmatory" + all
        + otherWords, tests, counted.and(kafka.negate()), ClaimVerdicts::held));
    out.add(tally("verdicts.confirmatory.didNotHold.other", "VerdictsConfirmatoryDidNotHoldOther", "did-not-hold"
        + " confirmatory" + all + otherWords, tests, counted.and(kafka.negate()), ClaimVerdicts::didNotHold));
    // The main text's table of registered predictions counts its own rows (issue #59: a count of a table is a
    // quantity): the confirmatory tests of the campaigns whose verdicts no table of their own lays out.
    // (a confirmatory verdict has a registration: Registrations#kind gives exploratory to one without)
    Predicate<Quantity> inTable = counted.and(q -> !laidOutApart(registrations.get(q.key())));
    String table = " of the main text's table of registered predictions (tab-predictions: the confirmatory tests"
        + " of the campaigns whose verdicts no table of their own lays out, " + String.join(", ", apartWords()) + ")";
    out.add(tally("verdicts.predictionsTable.rows", "VerdictsPredictionsTableRows", "registered tests" + table, tests,
        inTable, v -> true));
    out.add(tally("verdicts.predictionsTable.held", "VerdictsPredictionsTableHeld", "held registered tests" + table,
        tests, inTable, ClaimVerdicts::held));
    out.add(tally("verdicts.predictionsTable.didNotHold", "VerdictsPredictionsTableDidNotHold", "did-not-hold"
        + " registered tests" + table, tests, inTable, ClaimVerdicts::didNotHold));
    out.add(tally("verdicts.predictionsTable.untestable", "VerdictsPredictionsTableUntestable", "not-testable"
        + " registered tests" + table, tests, inTable, v -> v instanceof Value.Untestable));
    out.add(tally("verdicts.exploratory", "VerdictsExploratory", "exploratory" + all + ": criterion set after the data",
        tests, q -> Registrations.kind(registrations, q.key()) == VerdictKind.EXPLORATORY, v -> true));
    out.add(tally("verdicts.consistency", "VerdictsConsistency", "consistency-check" + all + ": true by construction,"
        + " never counted", tests, q -> Registrations.kind(registrations, q.key()) == VerdictKind.CONSISTENCY,
        v -> true));
    return out;
  }

  /**
   * Whether a registered test is one of the archive's instrument on Kafka's broker: its registration names at least one
   * campaign and every campaign it names is a catalogue campaign of {@link CampaignCatalogue.MeasuredSystem#KAFKA}
   * (a campaign the catalogue does not name counts as not, as does a test without a registration).
   */
  static boolean onKafkaOnly(Registration r) {
    if (r == null || r.campaigns().isEmpty()) {
      return false;
    }
    for (String c : r.campaigns()) {
      boolean kafka = false;
      for (CampaignCatalogue k : CampaignCatalogue.values()) {
        kafka |= k.folder().equals(c) && k.system() == CampaignCatalogue.MeasuredSystem.KAFKA;
      }
      if (!kafka) {
        return false;
      }
    }
    return true;
  }

  /**
   * The roles whose campaigns' verdicts are laid out in tables of their own (tab-confirm, -setting, -cluster,
   * -systems).
   */
  static final Set<CampaignCatalogue.Role> APART_ROLES = Set.of(CampaignCatalogue.Role.CONFIRMATORY,
      CampaignCatalogue.Role.SETTING, CampaignCatalogue.Role.HOSTS, CampaignCatalogue.Role.CLUSTER,
      CampaignCatalogue.Role.SYSTEM);
  /** The tools run on the other systems, whose verdicts the supplement's verdict table lays out. */
  static final Set<CampaignCatalogue> APART_TOOLS = Set.of(CampaignCatalogue.OMB_RABBITMQ, CampaignCatalogue.OMB_NATS,
      CampaignCatalogue.PERFTEST);

  /**
   * Whether a campaign's verdicts are laid out apart from the main text's table of registered predictions: those of
   * the roles {@link #APART_ROLES} and the tools {@link #APART_TOOLS}; a campaign the catalogue does not name is not.
   */
  public static boolean laidOutApart(String campaign) {
    for (CampaignCatalogue c : CampaignCatalogue.values()) {
      if (c.folder().equals(campaign)) {
        return APART_ROLES.contains(c.role()) || APART_TOOLS.contains(c);
      }
    }
    return false;
  }

  /** Whether every campaign a registration names is {@link #laidOutApart} (and it names one). */
  static boolean laidOutApart(Registration r) {
    return !r.campaigns().isEmpty() && r.campaigns().stream().allMatch(ClaimVerdicts::laidOutApart);
  }

  private static List<String> apartWords() {
    List<String> out = new ArrayList<>();
    for (CampaignCatalogue c : CampaignCatalogue.values()) {
      if (laidOutApart(c.folder())) {
        out.add(c.folder());
      }
    }
    return out;
  }

  /** A verdict that held (a tally's outcome); anything else, not testable or unavailable included, is not. */
  public static boolean held(Value v) {
    return v instanceof Value.Verdict x && x.held();
  }

  /** A verdict that did not hold (a tally's outcome); not testable and unavailable are neither. */
  public static boolean didNotHold(Value v) {
    return v instanceof Value.Verdict x && !x.held();
  }

  /** Counts the verdicts of {@code which} kind whose value satisfies {@code outcome}. */
  /** The registered tests a tally may count, with the registrations that name each test's campaigns. */
  private record Tests(List<Quantity> every, Map<String, Registration> registrations) {
    /** The campaigns the registrations of {@code judged} name, sorted by name. */
    List<String> campaigns(List<Quantity> judged) {
      Set<String> out = new TreeSet<>();
      for (Quantity q : judged) {
        Registration r = registrations.get(q.key());
        if (r != null) {
          out.addAll(r.campaigns());
        }
      }
      return List.copyOf(out);
    }
  }

  /**
   * A count of the tests of {@code tests} that {@code which} selects and whose verdict {@code outcome} accepts; its
   * definition names the campaigns whose tests it counts (issue #57: a campaign added moves the count, and says so).
   */
  private static Quantity tally(String key, String macro, String definition, Tests tests,
                                Predicate<Quantity> which, Predicate<Value> outcome) {
    List<Quantity> judged = tests.every().stream().filter(which).toList();
    List<String> campaigns = tests.campaigns(judged);
    String named = campaigns.isEmpty() ? definition
        : definition + "; counts the tests of " + Definitions.campaigns(campaigns);
    return Quantity.key(key).macro(macro).definition(named).unit(Unit.COUNT).format(Format.GROUPED_INTEGER)
        .scope(Scope.KAFKA_EVENTS).function(FUNCTION + "tally")
        .computes(a -> new Value.Count(judged.stream().filter(q -> outcome.test(q.computation().apply(a))).count()));
  }

  static Value above(String what, double v, double limit) {
    boolean held = v > limit;
    return new Value.Verdict(held, what + " " + Format.sig(v, 3) + (held ? " > " : " <= ") + Format.sig(limit, 3));
  }

  static Value sameMedian(double min, double max) {
    boolean held = min == max;
    return new Value.Verdict(held, "guard medians " + (held ? "all " + Format.sig(min, 3) + " ms"
        : "from " + Format.sig(min, 3) + " to " + Format.sig(max, 3) + " ms"));
  }

  static Value all(List<Value> verdicts) {
    boolean held = verdicts.stream().allMatch(v -> ((Value.Verdict) v).held());
    long n = verdicts.stream().filter(v -> ((Value.Verdict) v).held()).count();
    return new Value.Verdict(held, n + " of " + verdicts.size() + " pre-registered predictions held");
  }

  /**
   * Held iff a two-clock campaign has a one-tick negative; the basis adds the grid law's expected count when available.
   */
  static Value oneTick(List<String> twoClockCampaigns, long oneTicks, Value expected) {
    if (twoClockCampaigns.isEmpty()) {
      return new Value.Untestable("one clock: no campaign with " + CLOCK_OFFSET
          + " != 0, and on one clock CreateTime and the receive cannot differ by -1 ms without a clock step");
    }
    boolean held = oneTicks > 0;
    return new Value.Verdict(held, "one-tick negatives " + Format.grouped(oneTicks) + " in "
        + String.join(", ", twoClockCampaigns)
        + (expected instanceof Value.Count e ? " (the grid law with the offset expects " + Format.grouped(e.count())
        + " in clockoffset)" : ""));
  }

  /**
   * The direct test's verdict when it is available (campaign delivery exists), its basis followed by the
   * correlational one across the sign campaign's conditions; otherwise the correlational verdict itself.
   */
  static Value oneOverD(Value direct, Value across) {
    if (direct instanceof Value.Verdict d) {
      return new Value.Verdict(d.held(), "direct test (delay on delivery only) " + (d.held() ? "held" : "did not hold")
          + ": "
          + d.basis() + "; across the sign campaign's conditions (correlational): "
          + (across instanceof Value.Verdict x ? x.basis() : "n/a"));
    }
    return across;
  }

  /** Held iff OMB's largest per-run dropped share is above 0. */
  static Value ombDrops(Value.Range dropped) {
    boolean held = dropped.high() > 0;
    return new Value.Verdict(held, "OMB's dropped share " + Format.percent(dropped.low()) + "% to "
        + Format.percent(dropped.high()) + "%"
        + (held ? " > 0" : ": none dropped"));
  }

  static long oneTicks(Analysis a, String campaign) {
    return a.campaignRuns(campaign).stream().mapToLong(r -> r.guard().oneTickNegative()).sum();
  }

  static Value twoClocks(List<String> twoClockCampaigns, List<Value> heldOut) {
    if (twoClockCampaigns.isEmpty()) {
      return new Value.Untestable("one clock: no campaign with " + CLOCK_OFFSET + " != 0");
    }
    for (Value v : heldOut) {
      if (!(v instanceof Value.Verdict)) {
        return new Value.Unavailable("a held-out grid-law verdict of a two-clock campaign is unavailable");
      }
    }
    boolean held = heldOut.stream().allMatch(v -> ((Value.Verdict) v).held());
    return new Value.Verdict(held, "held-out grid law " + (held ? "held" : "did not hold") + " in "
        + String.join(", ", twoClockCampaigns));
  }

  static Value crossoverVerdict(Value crossover, Value below) {
    if (crossover instanceof Value.Real x) {
      long n = ((Value.Count) below).count();
      return new Value.Verdict(n > 0, "crossover at " + Format.sig(x.value(), 3) + " us; " + n
          + " published flights below it");
    }
    return new Value.Verdict(false, "no crossover within the measured flight bands");
  }

  static Value rho(double rho, long outside) {
    boolean held = rho >= -1 && rho <= 1;
    return new Value.Verdict(held, "rho " + Format.sig(rho, 3) + (held ? " in [-1, 1]" : " outside [-1, 1]") + ", "
        + Format.grouped(outside) + " pairs outside the window counted");
  }

  static Value atLeastOne(long silent, long rows) {
    boolean held = silent > 0;
    return new Value.Verdict(held, silent + " of " + rows + " audited latencies drop silently");
  }

  /** Held iff any of the verdicts held; the basis gives each; unavailable when there is none to judge. */
  /**
   * Held iff the held-out grid-law verdict of at least one of {@code campaigns} held; the basis names each campaign (a
   * table prints it: campaigns, never registry keys, issue #45).
   */
  static Value anyHeld(List<String> campaigns, List<Value> verdicts) {
    List<String> each = new ArrayList<>();
    boolean any = false;
    for (int i = 0; i < campaigns.size(); i++) {
      Value v = verdicts.get(i);
      if (v instanceof Value.Verdict x) {
        any |= x.held();
        each.add("campaign " + campaigns.get(i) + (x.held() ? " held" : " did not hold"));
      }
    }
    return each.isEmpty() ? new Value.Unavailable("no campaign of the no-JVM cross-check with a held-out test")
        : new Value.Verdict(any, String.join("; ", each));
  }

  /** The value of a registry entry, or unavailable naming the key when this data root has no such entry. */
  static Value value(Function<String, Quantity> registry, String key, Analysis a) {
    Quantity q = registry.apply(key);
    return q == null ? new Value.Unavailable("no entry " + key + " for this data root") : q.computation().apply(a);
  }

  private static double real(Value v) {
    return ((Value.Real) v).value();
  }

  /** A verdict that needs every input available; the first unavailable one makes it unavailable, naming why. */
  private static Quantity judge(Quantity.UnitPart head, String function, Function<String, Quantity> registry,
                                List<String> inputs, Function<List<Value>, Value> decide) {
    return head.unit(Unit.DIMENSIONLESS).format(Format.VERDICT).scope(Scope.KAFKA_EVENTS).function(function)
        .computes(a -> {
      List<Value> values = new ArrayList<>();
      for (String k : inputs) {
        Value v = value(registry, k, a);
        if (v instanceof Value.Unavailable u) {
          return new Value.Unavailable(k + " is unavailable: " + u.reason());
        }
        values.add(v);
      }
      return decide.apply(values);
    });
  }
}
