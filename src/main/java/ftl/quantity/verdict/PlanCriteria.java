package ftl.quantity.verdict;

import ftl.data.Campaign;
import ftl.data.DataSet;
import ftl.data.io.DataException;
import ftl.data.io.DataGate;
import ftl.data.io.UtcTimestamp;
import ftl.data.ledger.EventFormat;
import ftl.data.ledger.Identifiers;
import ftl.data.ledger.LedgerRow;
import ftl.data.ledger.LedgerSchema;
import ftl.data.registration.Criteria;
import ftl.data.registration.Registration;
import ftl.data.registration.VerdictKind;
import ftl.data.tool.OmbLedgerReader;
import ftl.data.tool.PerfTestReader;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.CampaignCatalogue;
import ftl.quantity.core.Format;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.SourceReads;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;
import ftl.quantity.section.OmbSystemQuantities;
import ftl.quantity.section.PerfTestQuantities;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The verdicts a campaign's plan registers in its {@code criteria} section ({@link Criteria}), judged on the registry's
 * values by the plan's own rule: no threshold of these verdicts is in Java. Rule {@code id} of campaign {@code c} is
 * the entry {@code criterion.c.id}; a claim combining rules is {@code criterion.c.claimId}. Each is confirmatory when
 * every ledger row of its campaign names the plan's digest ({@link Campaign#planDigest}: the rule is then, byte for
 * byte, the one the runs were taken under), a consistency check when the plan declares it one, and exploratory
 * otherwise.
 *
 * <p>Comparisons are exact: the statistic's double is compared, as the binary number it is, with the decimal the plan
 * writes ({@link BigDecimal}), so a value equal to its threshold is never decided by rounding.
 */
public final class PlanCriteria {

  private PlanCriteria() {}

  /**
   * The criteria verdicts of every campaign of {@code data}, judged on {@code registry}; their registrations are added
   * to {@code registrations}.
   *
   * @throws DataException naming the plan and line of a rule whose key is not a registry entry or whose unit is not
   *     the entry's
   */
  public static List<Quantity> forRegistry(DataSet data, List<Quantity> registry, Map<String,
      Registration> registrations) {
    Map<String, Quantity> byKey = new HashMap<>();
    for (Quantity q : registry) {
      byKey.put(q.key(), q);
    }
    List<Quantity> out = new ArrayList<>();
    // every campaign a rule may name (its data possibly older than the plan), judged or not
    List<Campaign> named = withTools(data);
    List<Campaign> judged = CampaignCatalogue.opted(data, named, CampaignCatalogue.Family.CRITERIA);
    Map<String, Long> instrumentFirstRuns = firstRuns(named);
    // a tool's folder judged as a campaign has no instrument rows of its own: its first run is read by the tool's
    // reader, once and only when a rule asks (at judgment, not for every command that builds the registry)
    Map<String, OptionalLong> toolFirstRuns = new ConcurrentHashMap<>();
    Function<String, Long> firstRuns = name -> instrumentFirstRuns.containsKey(name) ? instrumentFirstRuns.get(name)
        : toolFirstRuns.computeIfAbsent(name, f -> toolFirstRun(data, f)).stream().boxed().findFirst().orElse(null);
    for (Campaign c : judged) {
      if (c.criteria().isEmpty()) {
        continue;
      }
      String plan = c.displayDir() + "/" + EventFormat.PLAN_FILE;
      Criteria.Section s = c.criteria().get();
      boolean accruing = c.plan().map(p -> !p.path("strata").isAbsent()).orElse(false);
      Map<String, Quantity> rules = new HashMap<>();
      for (Criteria.Rule r : s.rules()) {
        Quantity stat = entry(byKey, r.statistic(), plan, r.lineOf("statistic"));
        if (!stat.unit().symbol().equals(r.unit())) {
          throw new DataException(plan, r.lineOf("unit"), "criteria: rule " + r.id() + " gives unit " + r.unit()
              + ", and "
              + r.statistic() + " is in " + stat.unit().symbol(), null);
        }
        if (stat.format() == Format.VERDICT) {
          throw new DataException(plan, r.lineOf("statistic"), "criteria: rule " + r.id() + " compares " + r.statistic()
              + ", a verdict, with a number: combine verdicts in claims", null);
        }
        Quantity lower = r.comparison().interval() ? entry(byKey, r.lower(), plan, r.lineOf("lower")) : null;
        Quantity upper = r.comparison().interval() ? entry(byKey, r.upper(), plan, r.lineOf("upper")) : null;
        for (Quantity end : new Quantity[] {lower, upper}) {
          if (end != null && !end.unit().symbol().equals(r.unit())) {
            throw new DataException(plan, r.lineOf(end == lower ? "lower" : "upper"), "criteria: rule " + r.id()
                + " gives unit "
                + r.unit() + ", and " + end.key() + " is in " + end.unit().symbol(), null);
          }
        }
        Quantity testStat = null;
        if (r.testable().isPresent()) {
          Criteria.Testable t = r.testable().get();
          testStat = entry(byKey, t.statistic(), plan, t.line());
          if (!testStat.unit().symbol().equals(t.unit())) {
            throw new DataException(plan, t.line(), "criteria: testable_if of rule " + r.id() + " gives unit "
                + t.unit()
                + ", and " + t.statistic() + " is in " + testStat.unit().symbol(), null);
          }
        }
        Quantity ts = testStat;
        if (ts != null) {
          refuseNeverTestable(r, ts, plan);
        }
        String key = "criterion." + c.name() + "." + r.id();
        // what the statistic's declared range allows: a rule no data could make hold is refused, one no data could make
        // fail is a consistency check whatever the plan calls it (issue 43: perftest.runsNotOk >= 0 counted as
        // evidence) (the range is the statistic's own where its unit's says too little, issue 43: a ratio of positive
        // values > 0; an interval rule is judged by the declared range of the interval's ends, issue 58: interval_above
        // 0 on a ratio)
        String lies = r.comparison().interval() ? "the interval of " + r.statistic() + " (" + r.lower() + " to "
            + r.upper()
            + ") has ends in " + intervalRanges(lower, upper) : r.statistic() + " lies in " + StatisticRanges.of(stat);
        String against = r.comparison().word() + " " + thresholds(r);
        Reach reach = r.comparison().interval()
            ? intervalReach(r.comparison(), r.thresholds(), StatisticRanges.ofInterval(lower),
            StatisticRanges.ofInterval(upper))
            : reach(r.comparison(), r.thresholds().get(0), StatisticRanges.of(stat));
        if (reach == Reach.NEVER) {
          throw new DataException(plan, r.lineOf("threshold"), "criteria: rule " + r.id() + " compares "
              + (r.comparison()
              .interval() ? lies.replace(") has ends in ", "), whose ends lie in ")
              : r.statistic() + ", which" + lies.substring(r.statistic().length())) + ", with " + against
              + ": no data could make it hold", null);
        }
        String tautology = reach == Reach.ALWAYS ? lies + ", so " + against + " holds for any data" : "";
        boolean consistency = r.consistency() || reach == Reach.ALWAYS;
        refuseSwappedEnds(r, plan);
        List<String> older = olderNamed(c, r, named, firstRuns);
        Quantity q = Quantity.key(key).macro(macro(c.name(), r.id()))
            .definition("registered criterion " + r.id() + " of campaign " + c.name()
            + " (" + plan + ", line " + r.line() + "): " + r.claim() + "; held iff " + r.statement()
            + namesake(byKey, r.statistic(), r.statistic().substring(0, r.statistic().indexOf('.') + 1) + r.id())
            + (r.consistency() ? "; declared a consistency check (true by construction, never counted)" : "")
            + (tautology.isEmpty() || r.consistency() ? "" : "; a consistency check: " + tautology
            + " (never counted)"))
            .unit(Unit.DIMENSIONLESS).format(Format.VERDICT).scope(stat.scope()).function(PlanCriteria.class, "judge")
            .computes(a -> {
              Value[] v = new Value[4];
              Set<String> read = SourceReads.noting(() -> {
                v[0] = value(stat, a);
                v[1] = lower == null ? null : value(lower, a);
                v[2] = upper == null ? null : value(upper, a);
                v[3] = ts == null ? null : value(ts, a);
              });
              if (!consistency && older.isEmpty() && c.planDigest().isPresent()) {
                refuseOlderRead(c, r, plan, read, firstRuns);
              }
              refuseUnordered(r, plan, v[1], v[2]);
              return pendingIf(accruing, judge(r, v[0], v[1], v[2], v[3]));
            });
        out.add(q);
        rules.put(r.id(), q);
        String why = !tautology.isEmpty() && !r.consistency() ? "a consistency check: " + tautology
            : older.isEmpty() ? "" : "reads the data of campaign " + String.join(", ", older) + ", taken before this "
            + "campaign's first run (the plan may have been written after it): not confirmatory";
        registrations.put(key, registration(c, key, r.claim() + ": held iff " + r.statement(),
            new Standing(consistency, !older.isEmpty(), why), plan + ":" + r.line(), r.claim()));
      }
      for (Criteria.Claim cl : s.claims()) {
        String key = "criterion." + c.name() + "." + cl.id();
        List<Quantity> of = cl.of().stream().map(rules::get).toList();
        out.add(Quantity.key(key).macro(macro(c.name(), cl.id()))
            .definition("registered claim " + cl.id() + " of campaign " + c.name() + " ("
            + plan + ", line " + cl.line() + "): " + cl.claim() + "; held iff " + (cl.all() ? "every one" : "any one")
            + " of " + String.join(", ", of.stream().map(Quantity::key).toList()) + " held")
            .unit(Unit.DIMENSIONLESS).format(Format.VERDICT).scope(of.get(0).scope())
            .function(PlanCriteria.class, "combine")
            .computes(a -> pendingIf(accruing, combine(cl.all(), of.stream().map(Quantity::key).toList(),
                of.stream().map(x -> x.computation().apply(a)).toList()))));
        boolean consistency = cl.of().stream().allMatch(id -> registrations.get("criterion." + c.name() + "." + id)
            .kind()
            == VerdictKind.CONSISTENCY);
        boolean notConfirmatory = cl.of().stream().anyMatch(id -> registrations.get("criterion." + c.name() + "." + id)
            .kind()
            == VerdictKind.EXPLORATORY);
        registrations.put(key, registration(c, key, cl.claim() + ": held iff " + (cl.all() ? "all" : "any") + " of "
            + String.join(", ", cl.of()) + " held", new Standing(consistency, notConfirmatory, notConfirmatory
            ? "combines a rule that is not confirmatory" : ""), plan + ":" + cl.line(), cl.claim()));
      }
    }
    return out;
  }

  /**
   * A verdict of a protocol that accrues boots (its plan's {@code strata}, issue #53): what it cannot test yet, later
   * boots can, so it is "not yet testable" ({@link Value.Untestable#NOT_YET}); any other verdict as it is.
   */
  static Value pendingIf(boolean accruing, Value verdict) {
    // judge and combine never give a pending verdict themselves: it is only made here
    return accruing && verdict instanceof Value.Untestable u
        ? new Value.Untestable(Value.Untestable.NOT_YET + u.reason()) : verdict;
  }

  /**
   * The campaigns whose plans' criteria are judged: every campaign of {@code data}, and the tools' on other systems,
   * that declare {@link CampaignCatalogue.Family#CRITERIA} ({@link CampaignCatalogue#opted}).
   */
  public static List<Campaign> judged(DataSet data) {
    return CampaignCatalogue.opted(data, withTools(data), CampaignCatalogue.Family.CRITERIA);
  }

  /** Every campaign of {@code data}, then the tools' folders on other systems read as campaigns. */
  private static List<Campaign> withTools(DataSet data) {
    List<Campaign> all = new ArrayList<>(data.campaigns());
    all.addAll(OmbSystemQuantities.registered(data));
    all.addAll(PerfTestQuantities.registered(data));
    return all;
  }

  /**
   * What decides a criterion's kind besides its plan.
   *
   * @param consistency declared a consistency check by the plan, or true for any data by the statistic's range
   * @param notConfirmatory the rule reads data that may predate the plan: exploratory at best
   * @param why what made it a consistency check or not confirmatory ("" when the plan's word decides)
   */
  private record Standing(boolean consistency, boolean notConfirmatory, String why) {}

  /** The registration of criterion {@code key} of campaign {@code c}, its kind decided by {@code standing}. */
  private static Registration registration(Campaign c, String key, String rule, Standing standing, String source,
                                           String claim) {
    boolean consistency = standing.consistency();
    boolean notConfirmatory = standing.notConfirmatory();
    String why = standing.why();
    VerdictKind kind = consistency ? VerdictKind.CONSISTENCY
        : c.planDigest().isPresent() && !notConfirmatory && !c.unregistered() ? VerdictKind.CONFIRMATORY
        : VerdictKind.EXPLORATORY;
    String by = c.planDigest().map(d -> "plan.json sha256 " + d + ", named by every ledger row")
        .orElse("plan.json, whose ledger rows name no digest: registration not proved");
    return new Registration(key, List.of(c.name()), kind, rule, by, -1, -1, "", !why.isEmpty() ? why : consistency
        ? "declared a consistency check by the plan" : c.unregistered() ? UNREGISTERED : "", source, claim);
  }

  /** Why a rule of an unregistered campaign ({@link Campaign#unregistered()}) is exploratory. */
  static final String UNREGISTERED = "an unregistered workspace (its ledger's registered cell is no): the plan was "
      + "written beside the runs, not registered in the archive, so no verdict of it is confirmatory";

  /** What a point comparison can do over a statistic's declared range. */
  enum Reach { NEVER, ALWAYS, DEPENDS }

  /**
   * Whether {@code statistic c t} holds for no value, for every value, or depends on the value, over the statistic's
   * declared range. A point comparison is monotone in the value, so its truth at the range's two ends decides: at an
   * unbounded end, {@code > >=} fail below and hold above, {@code < <=} the reverse; at an end not included, the truth
   * of the values just inside it ({@code > 0} holds for every value of (0, infinity), {@code <= 0} for none).
   */
  static Reach reach(Criteria.Comparison c, BigDecimal t, StatisticRanges.Range range) {
    boolean rising = c == Criteria.Comparison.GT || c == Criteria.Comparison.GE;
    BigDecimal lo = range.lowest();
    BigDecimal hi = range.highest();
    boolean atLowest = lo == null ? !rising : range.lowestIncluded() ? compare(c, lo, t)
        : rising ? lo.compareTo(t) >= 0 : lo.compareTo(t) < 0;
    boolean atHighest = hi == null ? rising : range.highestIncluded() ? compare(c, hi, t)
        : rising ? hi.compareTo(t) > 0 : hi.compareTo(t) <= 0;
    if (atLowest == atHighest) {
      return atLowest ? Reach.ALWAYS : Reach.NEVER;
    }
    return Reach.DEPENDS;
  }

  /** A rule's thresholds as the plan gives them: one number, or {@code [low, high]} for {@code interval_within}. */
  private static String thresholds(Criteria.Rule r) {
    List<BigDecimal> t = r.thresholds();
    return t.size() == 1 ? t.get(0).toPlainString() : "[" + t.get(0).toPlainString() + ", " + t.get(1).toPlainString()
        + "]";
  }

  /** The declared ranges of an interval's two ends, once when they are the same. */
  static String intervalRanges(Quantity lower, Quantity upper) {
    String lo = StatisticRanges.ofInterval(lower).toString();
    String hi = StatisticRanges.ofInterval(upper).toString();
    return lo.equals(hi) ? lo : lo + " (lower) and " + hi + " (upper)";
  }

  /**
   * Whether an interval comparison holds for no interval, for every interval, or depends on the data, when its lower
   * end lies in {@code lo} and its upper end in {@code hi} ({@link StatisticRanges#ofInterval}): {@code interval_above
   * t} is {@code lower > t}, {@code interval_below t} is {@code upper < t}, {@code interval_excludes t} is either, and
   * {@code interval_within [a, b]} is {@code lower >= a} and {@code upper <= b}, each decided as {@link #reach} decides
   * a point comparison (issue 58: the interval of a ratio lies above 0, so {@code interval_above 0} and
   * {@code interval_excludes 0} on it cannot fail).
   */
  static Reach intervalReach(Criteria.Comparison c, List<BigDecimal> t, StatisticRanges.Range lo,
      StatisticRanges.Range hi) {
    return switch (c) {
      case INTERVAL_ABOVE -> reach(Criteria.Comparison.GT, t.get(0), lo);
      case INTERVAL_BELOW -> reach(Criteria.Comparison.LT, t.get(0), hi);
      case INTERVAL_EXCLUDES -> either(reach(Criteria.Comparison.GT, t.get(0), lo),
          reach(Criteria.Comparison.LT, t.get(0), hi));
      case INTERVAL_WITHIN -> both(reach(Criteria.Comparison.GE, t.get(0), lo),
          reach(Criteria.Comparison.LE, t.get(1), hi));
      default -> throw new IllegalArgumentException("not an interval comparison: " + c);
    };
  }

  /** What "a or b" can do, from what each can. */
  private static Reach either(Reach a, Reach b) {
    return a == Reach.ALWAYS || b == Reach.ALWAYS ? Reach.ALWAYS : a == Reach.NEVER && b == Reach.NEVER ? Reach.NEVER
        : Reach.DEPENDS;
  }

  /** What "a and b" can do, from what each can. */
  private static Reach both(Reach a, Reach b) {
    return a == Reach.NEVER || b == Reach.NEVER ? Reach.NEVER : a == Reach.ALWAYS && b == Reach.ALWAYS ? Reach.ALWAYS
        : Reach.DEPENDS;
  }

  /**
   * Refuses a rule whose {@code testable_if} no data could make hold (issue 58: {@code cluster.blocks < 0} made the
   * prediction "not testable here" for ever, a rule that can never fail): a plan error, naming the condition's line.
   */
  static void refuseNeverTestable(Criteria.Rule r, Quantity testStat, String plan) {
    Criteria.Testable t = r.testable().orElseThrow();
    StatisticRanges.Range range = StatisticRanges.of(testStat);
    if (reach(t.comparison(), t.threshold(), range) == Reach.NEVER) {
      throw new DataException(plan, t.line(), "criteria: testable_if of rule " + r.id() + " compares " + t.statistic()
          + ", which lies in " + range + ", with " + t.comparison().word() + " " + t.threshold().toPlainString()
          + ": it can never hold, so the rule would never be tested and never fail", null);
    }
  }

  /**
   * Refuses an interval rule whose ends are named the wrong way round ({@code lower} a key with a segment {@code upper}
   * and {@code upper} one with a segment {@code lower}, as {@code onedlaw.slope.upper.k}, issue 43): judged on swapped
   * ends, an interval comparison reads a different rule than the one written.
   */
  static void refuseSwappedEnds(Criteria.Rule r, String plan) {
    if (end(r.lower()).equals("upper") && end(r.upper()).equals("lower")) {
      throw new DataException(plan, r.lineOf("lower"), "criteria: rule " + r.id() + " takes " + r.lower()
          + " as the lower end of its interval and " + r.upper() + " as the upper: the ends are swapped", null);
    }
  }

  /** Which end of an interval a registry key names by a segment: upper, lower, or "" when neither. */
  static String end(String key) {
    List<String> parts = List.of(key.split("\\."));
    return parts.contains("upper") ? "upper" : parts.contains("lower") ? "lower" : "";
  }

  /** Refuses an interval whose lower end exceeds its upper end as computed: the ends are swapped or not an interval. */
  static void refuseUnordered(Criteria.Rule r, String plan, Value lower, Value upper) {
    BigDecimal lo = lower == null ? null : number(lower);
    BigDecimal hi = upper == null ? null : number(upper);
    if (lo != null && hi != null && lo.compareTo(hi) > 0) {
      throw new DataException(plan, r.lineOf("lower"), "criteria: rule " + r.id() + ": the lower end " + r.lower()
          + " = "
          + shown(lower) + " exceeds the upper end " + r.upper() + " = " + shown(upper) + " (ends swapped?)", null);
    }
  }

  /**
   * The campaigns other than {@code c} that a key of rule {@code r} names by a segment, as the folder is spelled
   * ({@code sign.ackNegativeRate.modeA} names modeA) or in the camel case of a campaign's own keys ({@code
   * natsManip.load} names nats-manip), and whose first run is not proved later than {@code c}'s: data the plan may have
   * been written after.
   */
  /**
   * A warning when a rule's id is also the key's last segment of a quantity other than the one it judges (a reader
   * would take {@code criterion.cluster.exposureAcksAll} for a verdict on {@code cluster.exposureAcksAll}); empty
   * otherwise, and empty for a statistic that is a part of that quantity ({@code wire.acks1Order.pHolm} of {@code
   * wire.acks1Order}).
   */
  static String namesake(Map<String, Quantity> byKey, String statistic, String sameName) {
    return !sameName.equals(statistic) && !statistic.startsWith(sameName + ".") && byKey.containsKey(sameName)
        ? "; it judges " + statistic + ", not " + sameName + ", the quantity of its own name" : "";
  }

  static List<String> olderNamed(Campaign c, Criteria.Rule r, List<Campaign> campaigns, Function<String,
      Long> firstRuns) {
    Set<String> segments = new HashSet<>();
    for (String k : List.of(r.statistic(), r.lower(), r.upper(),
        r.testable().map(Criteria.Testable::statistic).orElse(""))) {
      segments.addAll(List.of(k.split("\\.")));
    }
    List<String> out = new ArrayList<>();
    for (Campaign d : campaigns) {
      if (!d.name().equals(c.name()) && (segments.contains(d.name()) || segments.contains(camel(d.name())))
          && !later(d.name(), c.name(), firstRuns)) {
        out.add(d.name());
      }
    }
    return out;
  }

  /** A campaign folder's name as its own keys spell it: {@code nats-manip2} is {@code natsManip2}. */
  static String camel(String folder) {
    StringBuilder out = new StringBuilder();
    for (String part : folder.split("[^A-Za-z0-9]+", -1)) {
      out.append(out.length() == 0 || part.isEmpty() ? part : Character.toUpperCase(part.charAt(0))
          + part.substring(1));
    }
    return out.toString();
  }

  /**
   * Refuses a confirmatory rule whose statistics read the data of another campaign not proved to be taken after this
   * campaign's first run: its plan is proved older than its own runs only, so it cannot be confirmatory on those data.
   */
  static void refuseOlderRead(Campaign c, Criteria.Rule r, String plan, Set<String> read, Function<String,
      Long> firstRuns) {
    for (String d : read) {
      if (!d.equals(c.name()) && !later(d, c.name(), firstRuns)) {
        throw new DataException(plan, r.lineOf("statistic"), "criteria: rule " + r.id()
            + " is registered confirmatory, but its statistics read the data of campaign " + d
            + ", not taken after the first run of campaign " + c.name()
            + ": a plan proved older than its own runs only cannot be confirmatory on those data", null);
      }
    }
  }

  /** Whether campaign {@code d}'s first run is known to be later than campaign {@code c}'s (both times known). */
  static boolean later(String d, String c, Map<String, Long> firstRuns) {
    return later(d, c, firstRuns::get);
  }

  /** {@link #later(String, String, Map)} with each first run (epoch ms, null when unknown) looked up by name. */
  static boolean later(String d, String c, Function<String, Long> firstRuns) {
    Long td = firstRuns.apply(d);
    Long tc = firstRuns.apply(c);
    return td != null && tc != null && td > tc;
  }

  /** The earliest {@code started_at} of each campaign's ledger rows that carry one. */
  static Map<String, Long> firstRuns(List<Campaign> campaigns) {
    Map<String, Long> out = new HashMap<>();
    for (Campaign c : campaigns) {
      for (LedgerRow row : c.runs()) {
        OptionalLong ms = UtcTimestamp.epochMillis(row.field(LedgerSchema.STARTED_AT));
        if (ms.isPresent()) {
          out.merge(c.name(), ms.getAsLong(), Math::min);
        }
      }
    }
    return out;
  }

  /**
   * The earliest {@code started_at} of each tool's folder under the data root (OpenMessaging Benchmark's, RabbitMQ
   * PerfTest's), read by the tool's own reader: when the data a criterion's statistic reads there were taken, so that a
   * tool's folder read by a statistic ({@link SourceReads#folder}) is judged older or later like a campaign (issue 43).
   */
  static Map<String, Long> toolFirstRuns(DataSet data) {
    Map<String, Long> out = new HashMap<>();
    for (CampaignCatalogue c : CampaignCatalogue.values()) {
      toolFirstRun(data, c.folder()).ifPresent(ms -> out.put(c.folder(), ms));
    }
    return out;
  }

  /** The earliest {@code started_at} of tool folder {@code rel} ({@link #toolFirstRuns}); empty when it is none. */
  static OptionalLong toolFirstRun(DataSet data, String rel) {
    for (CampaignCatalogue c : CampaignCatalogue.values()) {
      boolean tool = c.system() == CampaignCatalogue.MeasuredSystem.OMB
          || c.system() == CampaignCatalogue.MeasuredSystem.PERFTEST;
      if (!c.folder().equals(rel) || !tool || !data.otherFolders().contains(rel)
          || !data.gate().orElseThrow().isFile(rel + "/" + EventFormat.LEDGER_FILE)) {
        continue;
      }
      DataGate gate = data.gate().orElseThrow();
      String display = data.displayRoot() + "/" + rel;
      List<String> started = c.system() == CampaignCatalogue.MeasuredSystem.OMB
          ? OmbLedgerReader.read(gate, rel, display).stream().map(e -> e.row().field(LedgerSchema.STARTED_AT.name()))
          .toList()
          : PerfTestReader.read(gate, rel, display).stream().map(PerfTestReader.Run::startedAt).toList();
      return started.stream().flatMapToLong(t -> UtcTimestamp.epochMillis(t).stream()).min();
    }
    return OptionalLong.empty();
  }

  private static Quantity entry(Map<String, Quantity> byKey, String key, String plan, long line) {
    Quantity q = byKey.get(key);
    if (q == null) {
      throw new DataException(plan, line, "criteria: " + key + " is not a registry entry for this data root", null);
    }
    return q;
  }

  private static Value value(Quantity q, Analysis a) {
    return q.computation().apply(a);
  }

  /** The macro of a criterion: Criterion, then the campaign's and the id's words. */
  private static String macro(String campaign, String id) {
    return "Criterion" + Identifiers.macroWords(campaign) + Identifiers.macroWords(id);
  }

  /** The number a value holds, exactly; null when it holds none. */
  private static BigDecimal number(Value v) {
    if (v instanceof Value.Count n) {
      return BigDecimal.valueOf(n.count());
    }
    if (v instanceof Value.Real r) {
      return new BigDecimal(r.value()); // a Real is finite by construction
    }
    return null;
  }

  /** A value {@link #number} found a number in (a Count or a Real), as a basis prints it. */
  private static String shown(Value v) {
    return v instanceof Value.Count n ? Format.grouped(n.count()) : Format.sig(((Value.Real) v).value(), 4);
  }

  /** A point comparison, exact; an interval comparison is refused (the caller decides those on the ends). */
  static boolean compare(Criteria.Comparison c, BigDecimal v, BigDecimal t) {
    int s = v.compareTo(t);
    return switch (c) {
      case LT -> s < 0;
      case LE -> s <= 0;
      case GT -> s > 0;
      case GE -> s >= 0;
      default -> throw new IllegalArgumentException("not a point comparison: " + c);
    };
  }

  /**
   * The verdict of one rule on the values of its statistic (and the ends of its interval, and its testability
   * statistic). Not testable when the testability condition fails or a compared value is unavailable or not a finite
   * number.
   */
  static Value judge(Criteria.Rule r, Value stat, Value lower, Value upper, Value testStat) {
    if (r.testable().isPresent()) {
      Criteria.Testable t = r.testable().get();
      BigDecimal tv = number(testStat);
      if (tv == null) {
        return new Value.Untestable(t.statistic() + " has no value"
            + (testStat instanceof Value.Unavailable u ? ": " + u.reason() : ""));
      }
      if (!compare(t.comparison(), tv, t.threshold())) {
        return new Value.Untestable(t.statistic() + " " + shown(testStat) + ", not " + t.comparison().word() + " "
            + t.threshold().toPlainString());
      }
    }
    BigDecimal t = r.thresholds().get(0);
    if (!r.comparison().interval()) {
      BigDecimal v = number(stat);
      if (v == null) {
        return new Value.Untestable(r.statistic() + " has no value"
            + (stat instanceof Value.Unavailable u ? ": " + u.reason() : ""));
      }
      boolean held = compare(r.comparison(), v, t);
      return new Value.Verdict(held, r.statistic() + " " + shown(stat) + (held ? " " : " not ") + r.comparison().word()
          + " " + t.toPlainString());
    }
    BigDecimal lo = number(lower);
    BigDecimal hi = number(upper);
    if (lo == null || hi == null) {
      return new Value.Untestable("the interval of " + r.statistic() + " has no " + (lo == null ? "lower" : "upper")
          + " end");
    }
    String interval = "interval " + shown(lower) + " to " + shown(upper);
    return onInterval(r.comparison(), lo, hi, r.thresholds(), interval);
  }

  /**
   * An interval comparison's verdict on the interval's ends, exact; a point comparison is refused (the caller decides
   * those on the statistic).
   *
   * @param thresholds one bound, or two for {@code interval_within}
   * @param interval the interval as the basis prints it
   */
  static Value onInterval(Criteria.Comparison c, BigDecimal lo, BigDecimal hi, List<BigDecimal> thresholds,
      String interval) {
    BigDecimal t = thresholds.get(0);
    return switch (c) {
      case INTERVAL_ABOVE -> new Value.Verdict(lo.compareTo(t) > 0, interval
          + (lo.compareTo(t) > 0 ? " above " : " not above ")
          + t.toPlainString());
      case INTERVAL_BELOW -> new Value.Verdict(hi.compareTo(t) < 0, interval
          + (hi.compareTo(t) < 0 ? " below " : " not below ")
          + t.toPlainString());
      case INTERVAL_EXCLUDES -> {
        boolean held = lo.compareTo(t) > 0 || hi.compareTo(t) < 0;
        yield new Value.Verdict(held, interval + (held ? " excludes " : " contains ") + t.toPlainString());
      }
      case INTERVAL_WITHIN -> {
        BigDecimal t2 = thresholds.get(1);
        boolean held = lo.compareTo(t) >= 0 && hi.compareTo(t2) <= 0;
        yield new Value.Verdict(held, interval + (held ? " within " : " not within ") + "[" + t.toPlainString() + ", "
            + t2.toPlainString() + "]");
      }
      default -> throw new IllegalArgumentException("not an interval comparison: " + c);
    };
  }

  /** A claim over several rules: held iff all (or any) held; not testable when a rule is not testable and decides. */
  static Value combine(boolean all, List<String> keys, List<Value> verdicts) {
    List<String> each = new ArrayList<>();
    int held = 0;
    int untestable = 0;
    for (int i = 0; i < keys.size(); i++) {
      Value v = verdicts.get(i);
      if (v instanceof Value.Verdict x) {
        held += x.held() ? 1 : 0;
        each.add(keys.get(i) + (x.held() ? " held" : " did not hold"));
      } else {
        untestable++;
        each.add(keys.get(i) + " not testable");
      }
    }
    int decided = keys.size() - untestable;
    boolean settled = all ? (held < decided || untestable == 0) : (held > 0 || untestable == 0);
    if (!settled) {
      return new Value.Untestable(String.join("; ", each));
    }
    boolean result = all ? held == keys.size() : held > 0;
    return new Value.Verdict(result, held + " of " + keys.size() + " held: " + String.join("; ", each));
  }

  /** For tests: a rule's function of values, by key. */
  static Function<Map<String, Value>, Value> judgeByKey(Criteria.Rule r) {
    return m -> judge(r, m.get(r.statistic()), m.get(r.lower()), m.get(r.upper()),
        r.testable().map(t -> m.get(t.statistic())).orElse(null));
  }
}
