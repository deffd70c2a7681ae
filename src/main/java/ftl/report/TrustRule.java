package ftl.report;

import ftl.data.ledger.LedgerSchema;
import ftl.data.registration.RunExclusion;
import ftl.stats.Rate;
import ftl.trust.Outcome;
import ftl.trust.RuleStatement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;

/**
 * The trust rules of {@code ftl report}: each judges one kind of figure against one stated bound, and is printed with
 * the number behind it. This enum is the one source of the rules: the report applies them, {@code --fail-on} names
 * them, and the table of {@code docs/practitioners.md} is rendered from them ({@code ftl.report.format.RulesMarkdown};
 * a test holds the page to it).
 *
 * <p>Bounds are named constants with their reason. The two host bounds are those of the archive's registered exclusion
 * rule; a campaign whose plan registers its own ({@code exclusion}: {@code steal_pct_above}, {@code
 * other_run_pct_above}) is judged by the plan's ({@link Bounds#of}), and the report says which. A rule with nothing to
 * judge (no run records the column, no event has the stamps) is {@link Outcome#NOT_JUDGED}: said, never counted as
 * holding or failing.
 */
public enum TrustRule {

  /** Ack-referenced figures: untrustworthy when any A is negative. */
  SIGN("sign", "ack-referenced figures (A, and any latency measured from the acknowledgment)",
      "any run has an event with A = recv_ns - ack_ns < 0", "no negative A",
      "the acknowledgment and the delivery are two branches after the broker's append, and neither precedes the other:"
          + " a negative A shows the acknowledgment is not an origin of the flight, so no figure measured from it is a"
          + " latency") {
    @Override
    RuleResult judge(CampaignFigures c, Bounds b) {
      long judged = 0;
      List<String> failing = new ArrayList<>();
      long negative = 0;
      long complete = 0;
      ConditionFigures worst = null;
      for (ConditionFigures f : c.conditions()) {
        for (RunFigures r : f.runs()) {
          if (r.sign().complete() > 0) {
            judged++;
            if (r.sign().rejected()) {
              failing.add(r.runId());
            }
          }
        }
        negative += f.sign().ackNegative();
        complete += f.sign().complete();
        if (f.sign().complete() > 0 && (worst == null || f.sign().ackNegativeRate().value() > worst.sign()
            .ackNegativeRate().value())) {
          worst = f;
        }
      }
      if (judged == 0) {
        return RuleResult.notJudged(this, b, "no run has an event with all three stamps (send, ack, receive)");
      }
      double share = new Rate(negative, complete).value();
      String evidence = ReportNumbers.count(failing.size()) + " of " + ReportNumbers.count(judged)
          + " runs have a negative A ("
          + ReportNumbers.count(negative) + " of " + ReportNumbers.count(complete) + " complete events, "
          + ReportNumbers.percent(share) + "; highest share " + ReportNumbers.percent(worst.sign().ackNegativeRate()
          .value()) + " in " + worst.condition() + ")";
      return RuleResult.of(this, b, judged, failing,
          new RuleResult.Worst("runs", worst.sign().ackNegativeRate().value(), worst.condition()), evidence);
    }
  },

  /** Guard-filtered figures: untrustworthy when the guard keeps less than {@link #MIN_RETENTION}. */
  RETENTION("retention", "guard-filtered figures (what OpenMessaging Benchmark prints: M = recv_ms - create_ms, "
      + "kept only when M > 0)",
      "a condition's retention kept / taken is below the bound", ReportNumbers.percent(TrustRule.MIN_RETENTION),
      "the samples the guard deletes are fast ones (delivered within their send's millisecond), so at retention r a"
          + " printed percentile p stands for at most the full sample's 1 - r (1 - p): at 99 % the median for at "
          + "most the 50.5th percentile, one standard error of a median's rank at 10,000 samples (sqrt(p (1 - p) / "
          + "n) = 0.5 percentile); below it the figure describes the slower samples only") {
    @Override
    RuleResult judge(CampaignFigures c, Bounds b) {
      Lowest l = lowest(c, f -> f.guard().retention().defined(), f -> f.guard().retention().value(),
          f -> f.guard().retention().value() < MIN_RETENTION);
      if (l.judged() == 0) {
        return RuleResult.notJudged(this, b, "no delivered event carries create_ms, so no guard applies");
      }
      Rate r = l.lowest().guard().retention();
      String evidence = "lowest retention " + ReportNumbers.percent(r.value()) + " in " + l.lowest().condition() + " ("
          + ReportNumbers.count(r.count()) + " of " + ReportNumbers.count(r.total()) + " kept) "
          + (r.value() < MIN_RETENTION ? "<" : ">=") + " " + ReportNumbers.percent(MIN_RETENTION) + "; "
          + ReportNumbers.count(l.failing().size()) + " of " + ReportNumbers.count(l.judged()) + " conditions below";
      return RuleResult.of(this, b, l.judged(), l.failing(),
          new RuleResult.Worst("conditions", r.value(), l.lowest().condition()), evidence);
    }
  },

  /** Millisecond-stamp figures: unresolvable when the median flight is below the quantum of {@code create_ms}. */
  QUANTUM("quantum", "figures computed from the millisecond stamp create_ms (Kafka's CreateTime)",
      "a condition's median flight T is below the quantum q of create_ms", "q = 1 ms, the unit of create_ms",
      "a difference of two stamps on a 1 ms grid is a whole number of milliseconds, so a latency below 1 ms is"
          + " rounded to 0 or 1 ms by where the send fell in its millisecond (the grid law), not measured; the bound is"
          + " the quantum itself, a definition") {
    @Override
    RuleResult judge(CampaignFigures c, Bounds b) {
      Lowest l = lowest(c, f -> f.flight().defined(), f -> f.flight().p50Nanos(),
          f -> f.flight().p50Nanos() < ConditionFigures.CREATE_MS_QUANTUM_NANOS);
      if (l.judged() == 0) {
        return RuleResult.notJudged(this, b, "no event was delivered");
      }
      long p50 = l.lowest().flight().p50Nanos();
      String evidence = "lowest median flight " + ReportNumbers.millis(p50) + " ms in " + l.lowest().condition() + " "
          + (p50 < ConditionFigures.CREATE_MS_QUANTUM_NANOS ? "<" : ">=") + " q = 1 ms; "
          + ReportNumbers.count(l.failing().size()) + " of " + ReportNumbers.count(l.judged()) + " conditions below";
      return RuleResult.of(this, b, l.judged(), l.failing(),
          new RuleResult.Worst("conditions", p50 / 1e6, l.lowest().condition()), evidence);
    }
  },

  /** Every figure of a run: disturbed when steal time exceeds the bound. */
  STEAL("steal", "every figure of a run (the hypervisor ran other guests on its cores)",
      "a run's " + LedgerSchema.STEAL_PCT.name() + " is above the bound", ReportNumbers.bound(TrustRule.MAX_STEAL_PCT)
      + " % of all cores' time",
      TrustRule.DISTURBANCE_REASON) {
    @Override
    RuleResult judge(CampaignFigures c, Bounds b) {
      return perRun(this, c, b, new PerRun(RunFigures::stealPercent, r -> r.stealPercent().orElse(0) > b.stealPct(),
          b.stealPct(), LedgerSchema.STEAL_PCT.name(), "steal"));
    }
  },

  /** Every figure of a run: disturbed when other tasks' exact run time exceeds the bound. */
  OTHER_CPU("other-cpu", "every figure of a run (other processes competed for its cores)",
      "a run's " + LedgerSchema.OTHER_RUN_PCT.name()
      + " (other tasks' exact run time, from schedstat) is above the bound",
      ReportNumbers.bound(TrustRule.MAX_OTHER_RUN_PCT) + " % of all cores' time", TrustRule.DISTURBANCE_REASON) {
    @Override
    RuleResult judge(CampaignFigures c, Bounds b) {
      return perRun(this, c, b, new PerRun(RunFigures::otherRunPercent,
          r -> r.otherRunPercent().orElse(0) > b.otherRunPct(), b.otherRunPct(), LedgerSchema.OTHER_RUN_PCT.name(),
          "other tasks' run time"));
    }
  },

  /** Every figure of a run: disturbed when the pacer caught up after stalls in more than the bound's share of sends. */
  CATCH_UP("catch-up", "every figure of a run (its sender stalled, then sent back to back)",
      "a run's catch-up share (consecutive sends closer than a quarter of the send interval) is above the bound",
      ReportNumbers.bound(TrustRule.MAX_CATCH_UP_PCT) + " % of send pairs",
      "every run of the archive under 90 % background load per core (the load90 conditions of confirm, setting,"
          + " nats-manip, nats-manip2, rabbitmq-manip and rabbitmq-queues) caught up in at least 14 % of its send "
          + "pairs, while the median run of every unloaded condition stayed below 5 %: above 10 % the run measured "
          + "bursts, not its schedule") {
    @Override
    RuleResult judge(CampaignFigures c, Bounds b) {
      // exact: catch-up pairs x 100 > bound x pairs, in integers
      return perRun(this, c, b, new PerRun(r -> r.catchUp().defined() ? OptionalDouble.of(r.catchUp().value() * 100)
          : OptionalDouble.empty(), r -> Math.multiplyExact(r.catchUp().count(), 100L)
          > Math.multiplyExact(MAX_CATCH_UP_PCT, r.catchUp().total()), MAX_CATCH_UP_PCT, "send interval", "catch-up"));
    }
  };

  /**
   * Least share of samples the guard may keep for a guard-filtered figure to stand: 99 %. Reason: {@link #RETENTION}'s
   * {@link ftl.trust.RuleStatement#why()}.
   */
  public static final double MIN_RETENTION = 0.99;

  /**
   * Most steal time a run may see, percent of all cores' time: 5 %, the archive's registered exclusion rule
   * ({@code data/confirm/plan.json}, {@code data/cluster/plan.json}). Reason: {@link #DISTURBANCE_REASON}.
   */
  public static final double MAX_STEAL_PCT = 5;

  /**
   * Most exact run time other tasks may take during a run, percent of all cores' time: 10 %, the archive's registered
   * exclusion rule on {@code other_run_pct} ({@code data/cluster/plan.json}, {@code data/setting/plan.json}). Reason:
   * {@link #DISTURBANCE_REASON}.
   */
  public static final double MAX_OTHER_RUN_PCT = 10;

  /**
   * Most catch-up pairs a run may have, percent of its send pairs: 10 %. Reason: {@link #CATCH_UP}'s {@link
   * ftl.trust.RuleStatement#why()}.
   */
  public static final long MAX_CATCH_UP_PCT = 10;

  /** Why the host bounds are where they are: the archive's registered exclusion rule and the data behind it. */
  static final String DISTURBANCE_REASON = "the archive's registered exclusion rule: campaigns taken in quiet windows"
      + " had other-CPU medians of 1.3 to 1.5 % and 90th percentiles of 4.3 to 6.7 %, while modeA, taken beside other"
      + " work, had a median of 16.6 % (data/confirm/plan.json); steal swings on these hosts from a few percent to a"
      + " third of a core, and a run's negative-span rate follows it; a plan's own exclusion rule takes its place";

  private final RuleStatement statement;

  TrustRule(String id, String judges, String failsWhen, String bound, String why) {
    statement = new RuleStatement(id, judges, failsWhen, bound, why);
  }

  /** The rule's name on the command line ({@code --fail-on}) and in JSON. */
  public String id() {
    return statement.id();
  }

  /** The rule in words: the figures it judges (its summary), when it fails, its default bound, and why. */
  public RuleStatement statement() {
    return statement;
  }

  /** Judges a campaign. */
  abstract RuleResult judge(CampaignFigures c, Bounds b);

  /** Every rule judged on a campaign, in declaration order. */
  public static List<RuleResult> judgeAll(CampaignFigures c) {
    Bounds b = Bounds.of(c.exclusion());
    List<RuleResult> out = new ArrayList<>();
    for (TrustRule r : values()) {
      out.add(r.judge(c, b));
    }
    return out;
  }

  /** Every rule's id, comma-separated, for messages. */
  public static String ids() {
    return Arrays.stream(values()).map(TrustRule::id).collect(Collectors.joining(","));
  }

  /**
   * The rules a {@code --fail-on} list names: ids separated by commas, {@code all}, or {@code none} alone (the report
   * is printed, and only bad input changes the exit code).
   *
   * @throws IllegalArgumentException naming the unknown id and the known ones
   */
  public static Set<TrustRule> parse(String list) {
    Set<TrustRule> out = EnumSet.noneOf(TrustRule.class);
    for (String raw : list.split(",", -1)) {
      String w = raw.strip().toLowerCase(Locale.ROOT);
      if (w.equals("all")) {
        out.addAll(EnumSet.allOf(TrustRule.class));
        continue;
      }
      if (w.equals("none") && list.strip().equalsIgnoreCase("none")) {
        continue;
      }
      Optional<TrustRule> r = Arrays.stream(values()).filter(x -> x.id().equals(w)).findFirst();
      if (r.isEmpty()) {
        throw new IllegalArgumentException("unknown rule \"" + raw.strip() + "\" (rules: " + ids()
            + "; or all, or none)");
      }
      out.add(r.get());
    }
    return out;
  }

  /**
   * The figure a per-run host rule judges.
   *
   * @param of the figure of a run in percent (empty when the run does not record it)
   * @param above whether a run's figure is above the bound
   * @param boundValue the bound in percent (shown)
   * @param column the ledger column that records it (shown when no run does)
   * @param what what the figure is, for the evidence
   */
  private record PerRun(Function<RunFigures, OptionalDouble> of, Predicate<RunFigures> above, double boundValue,
                        String column, String what) {}

  /**
   * A per-run host rule: fails when any run that records its figure is {@code above} the bound; {@code of} gives the
   * figure in percent (shown), {@code boundValue} the bound in percent (shown).
   */
  private static RuleResult perRun(TrustRule rule, CampaignFigures c, Bounds b, PerRun figure) {
    Function<RunFigures, OptionalDouble> of = figure.of();
    Predicate<RunFigures> above = figure.above();
    double boundValue = figure.boundValue();
    String column = figure.column();
    String what = figure.what();
    long judged = 0;
    List<String> failing = new ArrayList<>();
    RunFigures worst = null;
    double worstValue = Double.NEGATIVE_INFINITY;
    String worstCondition = "";
    for (ConditionFigures f : c.conditions()) {
      for (RunFigures r : f.runs()) {
        OptionalDouble v = of.apply(r);
        if (v.isEmpty()) {
          continue;
        }
        judged++;
        if (above.test(r)) {
          failing.add(r.runId());
        }
        if (v.getAsDouble() > worstValue) {
          worst = r;
          worstValue = v.getAsDouble();
          worstCondition = f.condition();
        }
      }
    }
    if (worst == null) {
      return RuleResult.notJudged(rule, b, "no run records its " + column);
    }
    String evidence = "highest " + what + " " + ReportNumbers.percentValue(worstValue) + " (run " + worst.runId() + ", "
        + worstCondition + ") " + (above.test(worst) ? ">" : "<=") + " " + ReportNumbers.bound(boundValue) + " %"
        + b.sourceOf(rule) + "; " + ReportNumbers.count(failing.size()) + " of " + ReportNumbers.count(judged)
        + " runs above";
    return RuleResult.of(rule, b, judged, failing, new RuleResult.Worst("runs", worstValue, worst.runId()), evidence);
  }

  /**
   * Over the conditions that have a figure: how many, those that fail, and the one whose figure is lowest (the first in
   * ledger order on a tie; null when none has it).
   */
  private record Lowest(long judged, List<String> failing, ConditionFigures lowest) {}

  private static Lowest lowest(CampaignFigures c, Predicate<ConditionFigures> has,
      ToDoubleFunction<ConditionFigures> value,
                               Predicate<ConditionFigures> fails) {
    long judged = 0;
    List<String> failing = new ArrayList<>();
    ConditionFigures lowest = null;
    for (ConditionFigures f : c.conditions()) {
      if (!has.test(f)) {
        continue;
      }
      judged++;
      if (fails.test(f)) {
        failing.add(f.condition());
      }
      if (lowest == null || value.applyAsDouble(f) < value.applyAsDouble(lowest)) {
        lowest = f;
      }
    }
    return new Lowest(judged, failing, lowest);
  }

  /**
   * The bounds the host rules apply: the report's own ({@link #MAX_STEAL_PCT}, {@link #MAX_OTHER_RUN_PCT}), or a
   * campaign plan's registered exclusion thresholds where it sets them.
   *
   * @param stealPct steal bound, percent
   * @param stealFromPlan whether it is the plan's
   * @param otherRunPct other tasks' run-time bound, percent
   * @param otherRunFromPlan whether it is the plan's
   */
  public record Bounds(double stealPct, boolean stealFromPlan, double otherRunPct, boolean otherRunFromPlan) {

    /** The report's own bounds. */
    public static final Bounds DEFAULT = new Bounds(MAX_STEAL_PCT, false, MAX_OTHER_RUN_PCT, false);

    /** The bounds for a campaign whose plan registers {@code exclusion} (or none). */
    public static Bounds of(Optional<RunExclusion> exclusion) {
      if (exclusion.isEmpty()) {
        return DEFAULT;
      }
      RunExclusion e = exclusion.get();
      boolean steal = !Double.isNaN(e.stealPctAbove());
      boolean other = !Double.isNaN(e.otherRunPctAbove());
      return new Bounds(steal ? e.stealPctAbove() : MAX_STEAL_PCT, steal,
          other ? e.otherRunPctAbove() : MAX_OTHER_RUN_PCT, other);
    }

    /** Whether the bound a rule applies is the plan's. */
    public boolean fromPlan(TrustRule rule) {
      return (rule == STEAL && stealFromPlan) || (rule == OTHER_CPU && otherRunFromPlan);
    }

    /**
     * The bound a rule applies, in words: its own {@link ftl.trust.RuleStatement#bound()}, or the plan's with its
     * source.
     */
    public String text(TrustRule rule) {
      if (rule == STEAL && stealFromPlan) {
        return ReportNumbers.bound(stealPct) + " % of all cores' time (the plan's exclusion rule)";
      }
      if (rule == OTHER_CPU && otherRunFromPlan) {
        return ReportNumbers.bound(otherRunPct) + " % of all cores' time (the plan's exclusion rule)";
      }
      return rule.statement().bound();
    }

    /** " (the plan's exclusion rule)" after a bound that came from the plan, else "". */
    String sourceOf(TrustRule rule) {
      return fromPlan(rule) ? " (the plan's exclusion rule)" : "";
    }
  }
}
