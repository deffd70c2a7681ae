package ftl.quantity.section;

import ftl.data.Campaign;
import ftl.data.DataSet;
import ftl.data.ledger.Instrument;
import ftl.data.ledger.LedgerRow;
import ftl.data.ledger.LedgerSchema;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.CampaignCatalogue;
import ftl.quantity.core.Format;
import ftl.quantity.core.Naming;
import ftl.quantity.core.Provenance;
import ftl.quantity.core.Quantity.Scope;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.ScanDetail;
import ftl.quantity.core.ScannedRun;
import ftl.quantity.core.ScanNeeds;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;
import ftl.stats.ExactHistogram;
import ftl.stats.GridLaw;
import ftl.stats.HeldOutGridLaw;
import ftl.stats.Rate;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The grid law tested out of sample ({@code gridlaw.heldout.*}), in every campaign whose ledger records the
 * schedule. Each ok run's retention is predicted by {@link HeldOutGridLaw#predictRetention} from its ledger
 * alone (send interval {@code send_interval_ns}, achieved first-send phase {@code first_send_phase_us}, sends
 * {@code events_written}, clock offset {@code clock_offset_us} when the column exists) and the pooled flights
 * {@code T = recv_ns - send_ns} of the <b>other</b> ok runs of the same condition (leave one run out), and
 * compared with the guard's retention of the run. The criterion was committed before its first computation but after
 * the data of the campaigns taken before it (exploratory for those; {@code data/registrations.csv}):
 * a run is predicted when {@code |predicted - observed| <= } {@link #TOLERANCE}, and the law holds out of
 * sample in a campaign when at least {@link #REQUIRED_SHARE} of its predicted runs are. The per-event
 * agreement ({@code gridlaw.eventAgreement.*}) pairs each event's own phase and flight and is only a
 * consistency check of the replay.
 */
public final class GridLawHeldOutQuantities {
  /** Largest |predicted - observed| retention of a run that counts as predicted (fraction), decided exactly. */
  public static final BigDecimal TOLERANCE = new BigDecimal("0.05");
  /** Share of a campaign's predicted runs that must lie within {@link #TOLERANCE} for the law to hold. */
  static final double REQUIRED_SHARE = 0.80;
  /** The guard's quantum: CreateTime and the receive in whole milliseconds. */
  static final long QUANTUM_NANOS = ScanNeeds.QUANTUM_NANOS;

  private GridLawHeldOutQuantities() {}

  /**
   * One run's held-out prediction.
   *
   * @param runId the run
   * @param condition its condition
   * @param phases {@code b} of its send interval over the quantum
   * @param predicted leave-one-run-out prediction as an exact ratio, 0/0 when untested
   * @param ownUnpaired the same prediction from the run's own flights taken as an unpaired distribution
   * @param observed the guard's retention kept/taken, 0/0 when nothing was delivered
   * @param intended the leave-one-run-out prediction with the sends placed from the ledger's intended start phase
   *     ({@code start_phase_us}) instead of the achieved phase of the first measured send; 0/0 when the ledger records
   *     no intended phase or the prediction is untested
   * @param achievedPhaseMicros the achieved phase of the first measured send ({@code first_send_phase_us}), us; -1 when
   *     the ledger records no schedule
   * @param intendedPhaseMicros the intended start phase ({@code start_phase_us}), us; -1 when the ledger records none
   */
  record RunPrediction(String runId, String condition, long phases, Rate predicted, Rate ownUnpaired, Rate observed,
                       Rate intended, long achievedPhaseMicros, long intendedPhaseMicros) {
    boolean tested() {
      return predicted.defined() && observed.defined();
    }

    /** Tested, and predicted from the intended start phase too. */
    boolean twoPhases() {
      return tested() && intended.defined();
    }

    /**
     * Whether the two predictions, from the achieved and from the intended phase, differ by more than the criterion's
     * tolerance: the first measured send missed its intended phase by enough to change what the law predicts.
     */
    boolean moved() {
      return twoPhases() && !HeldOutGridLaw.within(predicted, intended, TOLERANCE);
    }

    /** |achieved-phase prediction - intended-phase prediction|. */
    double move() {
      return Math.abs(predicted.value() - intended.value());
    }

    HeldOutGridLaw.RunError fromIntended() {
      return new HeldOutGridLaw.RunError(intended, observed);
    }

    double error() {
      return predicted.value() - observed.value();
    }

    HeldOutGridLaw.RunError heldOut() {
      return new HeldOutGridLaw.RunError(predicted, observed);
    }
  }

  /**
   * Campaigns whose ledgers record the schedule of an ok run (send interval and achieved first phase), of the Kafka
   * instrument or the no-JVM cross-check: the campaigns on other systems register their grid-law predictions in their
   * plans (and their pilots register none), so this rule, set in Java for Kafka, does not judge them.
   */
  static List<Campaign> campaigns(DataSet data) {
    return CampaignCatalogue.opted(data, CampaignCatalogue.Family.GRID_LAW).stream()
        .filter(c -> c.runs().stream().anyMatch(ScanNeeds::scheduled))
        .filter(c -> c.runs().stream().noneMatch(r -> Analysis.SYSTEM_INSTRUMENTS.contains(r.instrument()))).toList();
  }

  public static List<Quantity> forData(DataSet data) {
    List<Quantity> q = new ArrayList<>();
    q.add(constant("gridlaw.heldout.tolerance", "GridLawHeldOutTolerance",
        "criterion of the held-out grid-law test (set in commit a8b361d before its first computation, but after the "
            + "data of the campaigns taken before it: exploratory for those, data/registrations.csv): the largest "
            + "|predicted - observed| retention of a run counted as predicted, in fractions of its delivered events "
            + "(printed in percentage points)",
        Format.POINTS_2DP, TOLERANCE.doubleValue()));
    q.add(constant("gridlaw.heldout.requiredShare", "GridLawHeldOutRequiredShare",
        "criterion of the held-out grid-law test (set in commit a8b361d before its first computation, but after the "
            + "data of the campaigns taken before it: exploratory for those, data/registrations.csv): the share of a "
            + "campaign's runs that must be predicted within the tolerance for the law to hold",
        Format.PERCENT_2DP, REQUIRED_SHARE));
    // The retention campaign's entries exist for every data root (the abstract quotes them); others as found.
    // (names and runs only: a placeholder for an absent retention campaign opens nothing)
    LinkedHashMap<String, List<LedgerRow>> byName = new LinkedHashMap<>();
    byName.put(CampaignCatalogue.MODE_B.folder(), List.of());
    // a campaign whose plan registers criteria is judged by them alone: this rule, set in Java, gives it no verdict
    Set<String> ownCriteria = new HashSet<>();
    for (Campaign c : campaigns(data)) {
      byName.put(c.name(), c.runs());
      if (c.criteria().isPresent()) {
        ownCriteria.add(c.name());
      }
    }
    for (Map.Entry<String, List<LedgerRow>> c : byName.entrySet()) {
      String name = c.getKey();
      Scope scope = c.getValue().stream().anyMatch(r -> r.instrument().equals(Instrument.PYTHON_NOJVM.word()))
          ? Scope.NOJVM_EVENTS
          : Scope.KAFKA_EVENTS;
      String how =
          " (leave-one-run-out: each run predicted from its ledger's send interval, first-send phase and sends,"
          + " and the pooled flights T = recv_ns - send_ns (monotonic clock) of the other ok runs of its condition; "
          + "never its own events)";
      q.add(summary(Quantity.key("gridlaw.heldout.runs." + name).macro(Naming.macro("GridLawHeldOutRuns", name, ""))
          .definition("ok runs of campaign " + name + " with a held-out grid-law prediction" + how).unit(Unit.COUNT)
          .format(Format.GROUPED_INTEGER).scope(scope), name, 0, s -> new Value.Count(s.runs())));
      q.add(Quantity.key("gridlaw.heldout.untested." + name).macro(Naming.macro("GridLawHeldOutUntested", name, ""))
          .definition("ok runs of campaign " + name
              + " without a held-out prediction (no other run of the condition, no fixed schedule in the ledger, a "
              + "replayed schedule the fixed grid does not describe, or nothing delivered), counted").unit(Unit.COUNT)
              .format(Format.GROUPED_INTEGER).scope(scope)
          .function(GridLawHeldOutQuantities.class, "predictions")
          .computes(a -> new Value.Count(predictions(a, name).stream().filter(p -> !p.tested()).count())));
      q.add(summary(Quantity.key("gridlaw.heldout.medianAbsError." + name)
          .macro(Naming.macro("GridLawHeldOutMedianAbsError", name, ""))
          .definition("median over runs of |predicted - observed| guard retention, campaign " + name + how)
          .unit(Unit.FRACTION).format(Format.POINTS_2DP).scope(scope), name, 0,
          s -> new Value.Real(s.medianAbsError())));
      q.add(summary(Quantity.key("gridlaw.heldout.within." + name).macro(Naming.macro("GridLawHeldOutWithin", name, ""))
          .definition("share of runs of campaign " + name + " whose held-out prediction lies within "
          + Format.percent(TOLERANCE.doubleValue())
              + " " + Format.POINTS + " of the observed retention (|predicted - observed| <= "
              + TOLERANCE.toPlainString()
              + ", decided exactly on the two ratios of counts)" + how).unit(Unit.FRACTION).format(Format.PERCENT_2DP)
              .scope(scope), name, 0, s -> Value.Real.share(s.within(), s.runs())));
      if (!ownCriteria.contains(name)) {
        q.add(summary(Quantity.key("gridlaw.heldout.verdict." + name)
            .macro(Naming.macro("GridLawHeldOutVerdict", name, ""))
            .definition("the grid law tested out of sample in campaign " + name + ": held iff at least "
            + Format.percent(REQUIRED_SHARE)
                + "% of the runs are predicted within " + Format.percent(TOLERANCE.doubleValue()) + " " + Format.POINTS
                + " of their retention" + how).unit(Unit.DIMENSIONLESS).format(Format.VERDICT).scope(scope), name, 0,
                GridLawHeldOutQuantities::verdict));
      }
      q.add(Quantity.key("gridlaw.ownUnpaired.medianAbsError." + name)
          .macro(Naming.macro("GridLawOwnUnpairedMedianAbsError", name, ""))
          .definition("median over the runs with a held-out prediction (the runs of gridlaw.heldout.runs." + name
              + ") of |predicted - observed| guard retention, campaign " + name
              + ", predicted from the ledger's schedule and the run's own flights (recv_ns - send_ns) taken as a "
              + "distribution, unpaired from their phases")
          .unit(Unit.FRACTION).format(Format.POINTS_2DP).scope(scope)
          .function(HeldOutGridLaw.class, "predictedRetention").computes(a -> {
            List<HeldOutGridLaw.RunError> e = predictions(a, name).stream().filter(RunPrediction::tested)
                .map(p -> new HeldOutGridLaw.RunError(p.ownUnpaired(), p.observed())).toList();
            return e.isEmpty() ? new Value.Unavailable("no run with a held-out prediction")
                : new Value.Real(HeldOutGridLaw.summarise(e, TOLERANCE).medianAbsError());
          }));
      String baseline =
          " (exploratory, set after the data: the no-law baseline predicts each run with a held-out prediction"
          + " by the pooled guard retention, kept over taken, of the other such runs of its condition; runs alone in "
          + "their condition are left out)";
      q.add(Quantity.key("gridlaw.baseline.runs." + name).macro(Naming.macro("GridLawBaselineRuns", name, ""))
          .definition("runs of campaign " + name + " with both a held-out grid-law prediction and a no-law baseline"
          + baseline)
          .unit(Unit.COUNT).format(Format.GROUPED_INTEGER).scope(scope)
          .function(GridLawHeldOutQuantities.class, "baselines")
          .computes(a -> new Value.Count(baselines(predictions(a, name)).size())));
      q.add(baselineSummary(Quantity.key("gridlaw.baseline.within." + name)
          .macro(Naming.macro("GridLawBaselineWithin", name, ""))
          .definition("share of those runs of campaign " + name + " whose no-law baseline lies within "
          + Format.percent(TOLERANCE.doubleValue())
              + " " + Format.POINTS + " of the observed retention (|baseline - observed| <= "
              + TOLERANCE.toPlainString()
              + ", decided exactly): the share the held-out criterion would grant a model that knows only each "
              + "condition's retention" + baseline).unit(Unit.FRACTION).format(Format.PERCENT_2DP).scope(scope), name,
              b -> Value.Real.share(b.stream().filter(x -> x.baseline().within(TOLERANCE)).count(), b.size())));
      q.add(baselineSummary(Quantity.key("gridlaw.baseline.medianAbsError." + name)
          .macro(Naming.macro("GridLawBaselineMedianAbsError", name, ""))
          .definition("median over those runs of campaign " + name + " of |baseline - observed| guard retention"
          + baseline).unit(Unit.FRACTION).format(Format.POINTS_2DP).scope(scope), name,
          b -> new Value.Real(HeldOutGridLaw.summarise(b.stream().map(Compared::baseline).toList(), TOLERANCE)
          .medianAbsError())));
      q.add(baselineSummary(Quantity.key("gridlaw.skill." + name).macro(Naming.macro("GridLawSkill", name, ""))
          .definition("the grid law's skill over the no-law baseline in campaign " + name
              + ": 1 - (mean over those runs of |held-out prediction - observed|) / (mean over the same runs of "
              + "|baseline - observed|), guard retention; above 0 when the law predicts better than the condition's "
              + "retention, 1 when exactly" + baseline).unit(Unit.DIMENSIONLESS).format(Format.REAL_3SF).scope(scope),
              name, GridLawHeldOutQuantities::skill));
      if (name.equals(CampaignCatalogue.MODE_B.folder()) || c.getValue().stream().anyMatch(ScanNeeds::intended)) {
        q.addAll(intended(name, scope));
      }
      for (String cond : c.getValue().stream().filter(ScanNeeds::scheduled).map(LedgerRow::condition).distinct()
          .sorted().toList()) {
        q.add(Quantity.key("gridlaw.heldout.condition.medianAbsError." + name + "." + Naming.slug(cond))
            .macro(Naming.macro("GridLawHeldOutMedianAbsError", name, cond))
            .definition("median |predicted - observed| held-out retention over the runs of condition " + cond
            + " of campaign " + name
                + how).unit(Unit.FRACTION).format(Format.POINTS_2DP).scope(scope)
                .function(GridLawHeldOutQuantities.class, "predictions").computes(a -> {
              List<HeldOutGridLaw.RunError> e = predictions(a, name).stream()
                  .filter(p -> p.tested() && p.condition().equals(cond)).map(RunPrediction::heldOut).toList();
              return e.isEmpty() ? new Value.Unavailable("no run of condition " + cond + " with a held-out prediction")
                  : new Value.Real(HeldOutGridLaw.summarise(e, TOLERANCE).medianAbsError());
            }));
      }
      for (long b : phaseCounts(c.getValue())) {
        String by = ", runs with b = " + b;
        q.add(summary(Quantity.key("gridlaw.heldout.runs." + name + ".b" + b)
            .macro(Naming.macro("GridLawHeldOutRuns", name, "b" + b))
            .definition("ok runs of campaign " + name + by + " with a held-out prediction").unit(Unit.COUNT)
            .format(Format.GROUPED_INTEGER).scope(scope), name, b, s -> new Value.Count(s.runs())));
        q.add(summary(Quantity.key("gridlaw.heldout.medianAbsError." + name + ".b" + b)
            .macro(Naming.macro("GridLawHeldOutMedianAbsError", name, "b" + b))
            .definition("median |predicted - observed| held-out retention, campaign " + name + by).unit(Unit.FRACTION)
            .format(Format.POINTS_2DP).scope(scope), name, b, s -> new Value.Real(s.medianAbsError())));
        q.add(summary(Quantity.key("gridlaw.heldout.within." + name + ".b" + b)
            .macro(Naming.macro("GridLawHeldOutWithin", name, "b" + b))
            .definition("share of runs predicted within " + Format.percent(TOLERANCE.doubleValue()) + " "
            + Format.POINTS + ", campaign " + name + by).unit(Unit.FRACTION).format(Format.PERCENT_2DP).scope(scope),
            name, b, s -> Value.Real.share(s.within(), s.runs())));
      }
    }
    return q;
  }

  /** Runs of the retention campaign whose two predictions moved most, quoted as examples (a choice of layout). */
  static final int INTENDED_EXAMPLES = 2;

  private static final String INTENDED =
      " (exploratory, set after the data, not a registered test: each run whose ledger"
      + " records an intended start phase start_phase_us is predicted as in gridlaw.heldout, leave one run out, once "
      + "with its sends placed from the achieved phase of its first measured send first_send_phase_us, as the "
      + "registered test does, and once from the intended phase; a first send that was late moves the first "
      + "placement off the grid the later sends kept)";

  /**
   * The intended-phase variant of the held-out test in one campaign ({@code gridlaw.intended.*}); see {@link
   * #INTENDED}.
   */
  static List<Quantity> intended(String name, Scope scope) {
    List<Quantity> q = new ArrayList<>();
    String fn = Provenance.name(GridLawHeldOutQuantities.class, "intendedRuns");
    String within = " within " + Format.percent(TOLERANCE.doubleValue()) + " " + Format.POINTS
        + " of the observed retention (decided exactly)";
    q.add(Quantity.key("gridlaw.intended.runs." + name).macro(Naming.macro("GridLawIntendedRuns", name, ""))
        .definition("ok runs of campaign " + name
        + " with a held-out prediction from both the achieved and the intended phase" + INTENDED)
        .unit(Unit.COUNT).format(Format.GROUPED_INTEGER).scope(scope).function(fn)
        .computes(a -> new Value.Count(intendedRuns(a, name).size())));
    q.add(intendedShare(Quantity.key("gridlaw.intended.within." + name)
        .macro(Naming.macro("GridLawIntendedWithin", name, ""))
        .definition("share of those runs of campaign " + name + " whose prediction from the intended phase lies"
        + within + INTENDED), scope, name, false, true));
    q.add(intendedShare(Quantity.key("gridlaw.intended.achievedWithin." + name)
        .macro(Naming.macro("GridLawIntendedAchievedWithin", name, ""))
        .definition("share of the same runs of campaign " + name + " whose prediction from the achieved phase lies"
        + within + INTENDED), scope, name, false, false));
    q.add(Quantity.key("gridlaw.intended.moved." + name).macro(Naming.macro("GridLawIntendedMoved", name, ""))
        .definition("runs of campaign " + name
            + " whose predictions from the achieved and from the intended phase differ by more than the held-out "
            + "tolerance " + Format.points(TOLERANCE.doubleValue()) + " (the first measured send missed its"
            + " intended phase by enough to change the prediction)" + INTENDED)
        .unit(Unit.COUNT).format(Format.GROUPED_INTEGER).scope(scope).function(fn)
        .computes(a -> new Value.Count(intendedRuns(a, name).stream().filter(RunPrediction::moved).count())));
    q.add(intendedShare(Quantity.key("gridlaw.intended.movedWithin." + name)
        .macro(Naming.macro("GridLawIntendedMovedWithin", name, ""))
        .definition("share of those moved runs of campaign " + name + " whose prediction from the intended phase lies"
        + within + INTENDED), scope, name, true, true));
    q.add(intendedShare(Quantity.key("gridlaw.intended.movedAchievedWithin." + name)
        .macro(Naming.macro("GridLawIntendedMovedAchievedWithin", name, ""))
        .definition("share of those moved runs of campaign " + name + " whose prediction from the achieved phase lies"
        + within + INTENDED), scope, name, true, false));
    if (!name.equals(CampaignCatalogue.MODE_B.folder())) {
      return q;
    }
    for (int k = 1; k <= INTENDED_EXAMPLES; k++) {
      int rank = k;
      String which = "the moved run of campaign " + name + " ranked " + k
          + " by |achieved-phase prediction - intended-phase prediction| (largest first, ties in ledger order)";
      String key = "gridlaw.intended.example" + k + "." + name;
      String macro = Naming.macro("GridLawIntendedExample", name, "r" + k);
      q.add(example(Quantity.key(key + ".intendedPhase").macro(macro + "IntendedPhase")
          .definition("intended start phase start_phase_us of " + which + INTENDED).unit(Unit.MICROSECONDS)
          .format(Format.REAL_3SF).scope(scope), name, rank, p -> new Value.Real(p.intendedPhaseMicros())));
      q.add(example(Quantity.key(key + ".achievedPhase").macro(macro + "AchievedPhase")
          .definition("achieved phase of the first measured send"
          + " first_send_phase_us of " + which + INTENDED).unit(Unit.MICROSECONDS).format(Format.REAL_3SF)
          .scope(scope), name, rank, p -> new Value.Real(p.achievedPhaseMicros())));
      q.add(example(Quantity.key(key + ".predictedAchieved").macro(macro + "PredictedAchieved")
          .definition("held-out predicted retention from the achieved"
          + " phase of " + which + INTENDED).unit(Unit.FRACTION).format(Format.PERCENT_2DP).scope(scope), name, rank,
          p -> new Value.Real(p.predicted().value())));
      q.add(example(Quantity.key(key + ".predictedIntended").macro(macro + "PredictedIntended")
          .definition("held-out predicted retention from the intended"
          + " phase of " + which + INTENDED).unit(Unit.FRACTION).format(Format.PERCENT_2DP).scope(scope), name, rank,
          p -> new Value.Real(p.intended().value())));
      q.add(example(Quantity.key(key + ".observed").macro(macro + "Observed")
          .definition("the guard's observed retention, kept over taken, of " + which
          + INTENDED).unit(Unit.FRACTION).format(Format.PERCENT_2DP).scope(scope), name, rank,
          p -> new Value.Real(p.observed().value())));
    }
    return q;
  }

  /** The runs of a campaign predicted from both phases, in ledger order. */
  static List<RunPrediction> intendedRuns(Analysis a, String campaign) {
    return predictions(a, campaign).stream().filter(RunPrediction::twoPhases).toList();
  }

  /** The moved runs of a campaign, largest move first, ties in ledger order (a stable sort). */
  static List<RunPrediction> movedRuns(Analysis a, String campaign) {
    return intendedRuns(a, campaign).stream().filter(RunPrediction::moved)
        .sorted(Comparator.comparingDouble(RunPrediction::move).reversed()).toList();
  }

  /** Share of the two-phase runs (or of the moved ones) predicted within the tolerance from one of the two phases. */
  private static Quantity intendedShare(Quantity.UnitPart head, Scope scope, String campaign, boolean movedOnly,
                                        boolean fromIntended) {
    return head.unit(Unit.FRACTION).format(Format.PERCENT_2DP).scope(scope)
        .function(GridLawHeldOutQuantities.class, "intendedRuns").computes(a -> {
          List<RunPrediction> runs = movedOnly ? movedRuns(a, campaign) : intendedRuns(a, campaign);
          if (runs.isEmpty()) {
            return new Value.Unavailable("no " + (movedOnly ? "moved " : "") + "run of campaign " + campaign
                + " predicted from both its achieved and its intended phase");
          }
          long in = runs.stream().map(p -> fromIntended ? p.fromIntended() : p.heldOut())
              .filter(e -> e.within(TOLERANCE)).count();
          return Value.Real.share(in, runs.size());
        });
  }

  private static Quantity example(Quantity.FunctionPart head, String campaign, int rank,
                                  Function<RunPrediction, Value> f) {
    return head.function(GridLawHeldOutQuantities.class, "movedRuns")
        .computes(a -> {
          List<RunPrediction> moved = movedRuns(a, campaign);
          return moved.size() < rank ? new Value.Unavailable("fewer than " + rank + " moved runs in campaign "
              + campaign)
              : f.apply(moved.get(rank - 1));
        });
  }

  /**
   * A run's held-out prediction beside its no-law baseline.
   *
   * @param law the held-out grid-law prediction against the observed retention
   * @param baseline the pooled retention of the other compared runs of its condition against the observed retention
   */
  record Compared(HeldOutGridLaw.RunError law, HeldOutGridLaw.RunError baseline) {}

  /**
   * Every run with a held-out prediction and at least one other such run in its condition, in ledger order, with its
   * no-law baseline: the pooled retention (kept over taken, summed) of the other such runs of its condition.
   */
  static List<Compared> baselines(List<RunPrediction> predictions) {
    List<RunPrediction> tested = predictions.stream().filter(RunPrediction::tested).toList();
    Map<String, Rate> pooled = new HashMap<>();
    for (RunPrediction p : tested) {
      pooled.merge(p.condition(), p.observed(), Rate::plus);
    }
    List<Compared> out = new ArrayList<>();
    for (RunPrediction p : tested) {
      Rate all = pooled.get(p.condition());
      Rate others = new Rate(all.count() - p.observed().count(), all.total() - p.observed().total());
      if (others.defined()) {
        out.add(new Compared(p.heldOut(), new HeldOutGridLaw.RunError(others, p.observed())));
      }
    }
    return out;
  }

  /**
   * The law's skill over the baseline, {@code 1 - mean|law error| / mean|baseline error|}; see the entry's definition.
   */
  static Value skill(List<Compared> compared) {
    double law = compared.stream().mapToDouble(x -> Math.abs(x.law().error())).average().orElseThrow();
    double base = compared.stream().mapToDouble(x -> Math.abs(x.baseline().error())).average().orElseThrow();
    return base == 0 ? new Value.Unavailable("the no-law baseline predicts every run exactly: no skill to measure")
        : new Value.Real(1 - law / base);
  }

  private static Quantity baselineSummary(Quantity.FunctionPart head, String campaign,
                                          Function<List<Compared>, Value> f) {
    return head.function(GridLawHeldOutQuantities.class, "baselines").computes(a -> {
      List<Compared> b = baselines(predictions(a, campaign));
      return b.isEmpty() ? new Value.Unavailable("no run of campaign " + campaign
          + " with both a held-out prediction and another such run in its condition") : f.apply(b);
    });
  }

  /** Held iff the share within tolerance reaches {@link #REQUIRED_SHARE}. */
  public static Value verdict(HeldOutGridLaw.ErrorSummary s) {
    boolean held = s.withinShare() >= REQUIRED_SHARE;
    return new Value.Verdict(held, Format.grouped(s.within()) + " of " + Format.grouped(s.runs()) + " runs within "
        + Format.points(TOLERANCE.doubleValue()) + (held ? " >= " : " < ") + Format.percent(REQUIRED_SHARE) + "%");
  }

  private static Quantity constant(String key, String macro, String definition, Format format, double v) {
    return Quantity.key(key).macro(macro).definition(definition).unit(Unit.FRACTION).format(format).scope(Scope.TABLE)
        .function(GridLawHeldOutQuantities.class, "constant").computes(a -> new Value.Real(v));
  }

  private static Quantity summary(Quantity.FunctionPart head, String campaign, long phases,
                                  Function<HeldOutGridLaw.ErrorSummary, Value> f) {
    return head.function(GridLawHeldOutQuantities.class, "predictions").computes(a -> {
          List<HeldOutGridLaw.RunError> e = predictions(a, campaign).stream()
              .filter(p -> p.tested() && (phases == 0 || p.phases() == phases)).map(RunPrediction::heldOut).toList();
          if (e.isEmpty()) {
            return new Value.Unavailable("no run of campaign " + campaign + " with a held-out prediction");
          }
          return f.apply(HeldOutGridLaw.summarise(e, TOLERANCE));
        });
  }

  /** The distinct {@code b} of the scheduled ok runs of a campaign, ascending. */
  static TreeSet<Long> phaseCounts(List<LedgerRow> runs) {
    TreeSet<Long> out = new TreeSet<>();
    for (LedgerRow r : runs) {
      if (ScanNeeds.scheduled(r)) {
        out.add(GridLaw.reduce(Long.parseLong(r.field(LedgerSchema.SEND_INTERVAL_NS)), QUANTUM_NANOS).denominator());
      }
    }
    return out;
  }

  /**
   * Every ok run's held-out prediction in a campaign (ledger order), memoised per analysis; an empty list when
   * the campaign is not in the analysis's data root. The flights come from the pass that scanned each run.
   */
  public static List<RunPrediction> predictions(Analysis a, String campaign) {
    return a.memo("gridlaw.heldout:" + campaign, () -> a.campaign(campaign).map(c -> compute(a, c)).orElse(List.of()));
  }

  private static List<RunPrediction> compute(Analysis a, Campaign c) {
    List<RunPrediction> out = new ArrayList<>();
    for (ScannedRun r : a.campaignRuns(c.name())) {
      LedgerRow row = r.row();
      if (!ScanNeeds.scheduled(row)) {
        out.add(new RunPrediction(row.runId(), row.condition(), 0, Rate.EMPTY, Rate.EMPTY, r.guard().retention(),
            Rate.EMPTY, -1, -1));
        continue;
      }
      long s = Long.parseLong(row.field(LedgerSchema.SEND_INTERVAL_NS));
      long sends = Long.parseLong(row.field(LedgerSchema.EVENTS_WRITTEN));
      ScanDetail d = r.detail();
      // the condition's pooled flights; the run's own are taken out by counting at its thresholds (leave-one-out)
      ExactHistogram pool = a.flightPool(c.name(), row.condition(), d.flightUnitNanos());
      long[] own = d.gridOwnAtLeast().stream().mapToLong(Long::longValue).toArray();
      long[] others = new long[own.length];
      long[] x = ScanNeeds.thresholds(row, d.flightUnitNanos());
      for (int j = 0; j < own.length; j++) {
        others[j] = pool.atLeast(x[j]) - own[j];
      }
      Rate intended = Rate.EMPTY;
      if (ScanNeeds.intended(row)) {
        // the same leave-one-out prediction with the sends placed from the intended start phase
        long[] ownIntended = d.gridOwnAtLeastIntended().stream().mapToLong(Long::longValue).toArray();
        long[] xi = ScanNeeds.thresholds(row, d.flightUnitNanos(), LedgerSchema.START_PHASE_US);
        long[] othersIntended = new long[ownIntended.length];
        for (int j = 0; j < ownIntended.length; j++) {
          othersIntended[j] = pool.atLeast(xi[j]) - ownIntended[j];
        }
        intended = HeldOutGridLaw.predictedRetention(s, QUANTUM_NANOS, sends, pool.total() - d.flights(),
            othersIntended);
      }
      out.add(new RunPrediction(row.runId(), row.condition(), GridLaw.reduce(s, QUANTUM_NANOS).denominator(),
          HeldOutGridLaw.predictedRetention(s, QUANTUM_NANOS, sends, pool.total() - d.flights(), others),
          HeldOutGridLaw.predictedRetention(s, QUANTUM_NANOS, sends, d.flights(), own),
          r.guard().retention(), intended, Long.parseLong(row.field(LedgerSchema.FIRST_SEND_PHASE_US)),
          ScanNeeds.intended(row) ? Long.parseLong(row.field(LedgerSchema.START_PHASE_US)) : -1));
    }
    return out;
  }

  /**
   * The held-out predicted retention of one ok run (for figure data), NaN when the run has none.
   */
  public static double predictedRetention(Analysis a, ScannedRun r) {
    return predictions(a, r.campaign().name()).stream().filter(p -> p.runId().equals(r.row().runId()))
        .mapToDouble(p -> p.predicted().value()).findFirst().orElse(Double.NaN);
  }

}
