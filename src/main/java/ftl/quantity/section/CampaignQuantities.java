package ftl.quantity.section;

import ftl.data.ledger.Geometry;
import ftl.data.ledger.Instrument;
import ftl.data.ledger.Priority;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.CampaignCatalogue;
import ftl.quantity.core.Format;
import ftl.quantity.core.Phrases;
import ftl.quantity.core.Quantity.Scope;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.ScannedRun;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;
import ftl.stats.CorrelationResult;
import ftl.stats.GuardResult;
import ftl.stats.Quantiles;
import ftl.stats.RateRatio;
import ftl.stats.WindowedCorrelation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

/**
 * Registry entries scoped to one campaign ({@code <key>.<campaign>}): the Mode A sign campaign's
 * manipulation ratios and rho(D, A), the Mode B retention campaign's guard and grid-law figures, and the
 * no-JVM cross-check.
 */
public final class CampaignQuantities {
  /** Folder name of the Mode A (sign) campaign (kept for the sections that spell it so). */
  public static final String MODE_A = CampaignCatalogue.MODE_A.folder();
  /** Folder name of the Mode B (retention) campaign. */
  static final String MODE_B = CampaignCatalogue.MODE_B.folder();

  private CampaignQuantities() {}

  public static List<Quantity> all() {
    List<Quantity> q = new ArrayList<>();
    for (String c : List.of(MODE_A, MODE_B)) {
      String m = macroSuffix(c);
      q.add(count("runs.total." + c, "RunsTotal" + m, "ok runs of campaign " + c, c, Scope.LEDGERS, r -> 1));
      q.add(count("runs.rejected." + c, "RunsRejected" + m,
          "ok runs of campaign " + c + " the sign check rejects (at least one A < 0)", c, Scope.KAFKA_EVENTS,
          r -> r.rejected() ? 1 : 0));
      q.add(count("events.total." + c, "EventsTotal" + m, "events of campaign " + c + " with all three monotonic stamps",
          c, Scope.KAFKA_EVENTS, r -> r.sign().complete()));
      q.add(count("events.ackNegative." + c, "NegAckSpans" + m,
          "events of campaign " + c + " with a negative ack-referenced span A", c, Scope.KAFKA_EVENTS,
          r -> r.sign().ackNegative()));
      q.add(count("events.sendNegative." + c, "NegFlights" + m,
          "events of campaign " + c + " with a negative flight T = recv_ns - send_ns (expected zero)", c, Scope.KAFKA_EVENTS,
          r -> r.sign().sendNegative()));
      q.add(fraction("omb.retention.min." + c, "OmbRetentionMin" + m,
          "smallest per-run guard retention in campaign " + c, c, true));
      q.add(fraction("omb.retention.max." + c, "OmbRetentionMax" + m,
          "largest per-run guard retention in campaign " + c, c, false));
      q.add(new Quantity("omb.retention.range." + c, "OmbRetentionRange" + m,
          "range of per-run guard retention in campaign " + c, Unit.FRACTION, Format.PERCENT_RANGE_2DP, Scope.KAFKA_EVENTS,
          "ftl.stats.GuardResult#retention", a -> {
            if (!has(a, c)) {
              return noData(c);
            }
            var s = runsOf(a, c).stream().filter(r -> r.guard().taken() > 0).mapToDouble(ScannedRun::retention).summaryStatistics();
            return s.getCount() == 0 ? new Value.Unavailable("no run delivered any event") : new Value.Range(s.getMin(), s.getMax());
          }));
      q.add(count("omb.dropped." + c, "OmbDropped" + m, "samples the guard drops (M <= 0) in campaign " + c, c,
          Scope.KAFKA_EVENTS, r -> r.guard().dropped()));
      q.add(count("omb.oneTickNegatives." + c, "OneTickNegatives" + m, "samples with M = -1 in campaign " + c, c,
          Scope.KAFKA_EVENTS, r -> r.guard().oneTickNegative()));
    }

    // Mode A: the mechanism, by manipulation.
    q.add(new Quantity("runs.refused.modeA", "RunsRefusedModeA",
        "ok runs of campaign modeA whose priority, geometry or load the host refused (excluded from every ratio)",
        Unit.COUNT, Format.GROUPED_INTEGER, Scope.LEDGERS, "ftl.quantity.section.Manipulations#applied",
        a -> has(a, MODE_A) ? new Value.Count(a.okRowsOf(MODE_A, Instrument.KAFKA.word()).stream()
            .filter(r -> !r.manipulationsApplied()).count()) : noData(MODE_A)));
    q.add(new Quantity("collapse.range.modeA", "CollapseRangeModeA",
        "range over strata (geometry, load, acks, send interval) of the collapse factor: negative-A rate at default priority over SCHED_FIFO on the two stamping threads",
        Unit.RATIO, Format.RATIO_RANGE_2SF, Scope.KAFKA_EVENTS, "ftl.stats.RateRatio#range", a -> {
          RateRatio.Range r = collapseRange(a);
          return r == null || r.included() == 0 ? new Value.Unavailable("no stratum with a defined collapse factor")
              : new Value.Range(r.min(), r.max());
        }));
    q.add(new Quantity("collapse.strata.modeA", "CollapseStrataModeA",
        "strata of campaign modeA with a finite collapse factor (both priorities present, a negative under fifo)",
        Unit.COUNT, Format.GROUPED_INTEGER, Scope.KAFKA_EVENTS, "ftl.stats.RateRatio#range",
        a -> has(a, MODE_A) ? new Value.Count(collapseRange(a).included()) : noData(MODE_A)));
    q.add(new Quantity("collapse.undefined.modeA", "CollapseUndefinedModeA",
        "strata of campaign modeA whose collapse factor is not finite (no negative under fifo, or no events), counted not hidden",
        Unit.COUNT, Format.GROUPED_INTEGER, Scope.KAFKA_EVENTS, "ftl.stats.RateRatio#range",
        a -> has(a, MODE_A) ? new Value.Count(collapseRange(a).excluded()) : noData(MODE_A)));
    addRatio(q, "geometry.ratio.modeA", "GeometryRatioModeA",
        "negative-A rate with both stamping threads on one core over one thread per core, default priority, no background load",
        r -> r.row().at(Priority.DEFAULT) && r.row().atLoadPercent(0) && r.row().at(Geometry.SHARED),
        r -> r.row().at(Priority.DEFAULT) && r.row().atLoadPercent(0) && r.row().at(Geometry.SPLIT));
    addRatio(q, "load.ratio.modeA", "LoadRatioModeA",
        "negative-A rate at 90% background load over no load, default priority, both geometries",
        r -> r.row().at(Priority.DEFAULT) && r.row().atLoadPercent(90),
        r -> r.row().at(Priority.DEFAULT) && r.row().atLoadPercent(0));
    q.add(new Quantity("rho.DA.modeA", "RhoDAModeA",
        "Pearson correlation of displacement D and ack-referenced span A over every complete event of campaign modeA inside the declared window (" + Phrases.rhoWindow() + "), paired co-moments",
        Unit.DIMENSIONLESS, Format.REAL_3SF, Scope.KAFKA_EVENTS, "ftl.stats.WindowedCorrelation#result", a -> {
          if (!has(a, MODE_A)) {
            return noData(MODE_A);
          }
          var res = pooledRho(a);
          return res.defined() ? new Value.Real(res.rho()) : new Value.Unavailable("rho undefined: " + res.undefined());
        }));
    for (boolean smallest : new boolean[] {true, false}) {
      q.add(new Quantity("rho.DA." + (smallest ? "min" : "max") + ".modeA", smallest ? "RhoDAMinModeA" : "RhoDAMaxModeA",
          (smallest ? "smallest" : "largest") + " over the conditions of campaign modeA of the Pearson correlation of"
              + " displacement D = ack_ns - send_ns and ack-referenced span A = recv_ns - ack_ns over the complete events"
              + " of the condition's usable runs inside the declared window (" + Phrases.rhoWindow() + "), paired"
              + " co-moments pooled over the condition's runs; conditions whose correlation is undefined are left out",
          Unit.DIMENSIONLESS, Format.REAL_3SF, Scope.KAFKA_EVENTS, "ftl.stats.WindowedCorrelation#result", a -> {
            if (!has(a, MODE_A)) {
              return noData(MODE_A);
            }
            var v = conditionRho(a).values().stream().mapToDouble(Double::doubleValue);
            var x = smallest ? v.min() : v.max();
            return FifoJvmQuantities.real(x.orElse(Double.NaN), "no condition with a defined rho");
          }));
    }
    q.add(new Quantity("rho.outside.modeA", "RhoOutsideModeA",
        "complete events of campaign modeA outside the declared rho(D, A) window (counted, not used)",
        Unit.COUNT, Format.GROUPED_INTEGER, Scope.KAFKA_EVENTS, "ftl.stats.WindowedCorrelation#acceptPair",
        a -> has(a, MODE_A) ? new Value.Count(pooledRho(a).pairsOutside()) : noData(MODE_A)));
    q.add(new Quantity("rho.undefinedRuns.modeA", "RhoUndefinedRunsModeA",
        "ok runs of campaign modeA whose own rho(D, A) is undefined (fewer than 2 pairs or a zero variance)",
        Unit.COUNT, Format.GROUPED_INTEGER, Scope.KAFKA_EVENTS, "ftl.stats.WindowedCorrelation#result",
        a -> has(a, MODE_A) ? new Value.Count(runsOf(a, MODE_A).stream().filter(r -> !r.rho().defined()).count())
            : noData(MODE_A)));
    q.add(median("displacement.median.modeA", "DisplacementMedianModeA",
        "median over runs of each run's median displacement D = ack_ns - send_ns, campaign modeA", MODE_A,
        r -> r.medianDisplacementNanos()));
    q.add(median("flight.median.modeA", "FlightMedianModeA",
        "median over runs of each run's median flight T = recv_ns - send_ns, campaign modeA", MODE_A,
        r -> r.guard().medianFlightNanos()));

    // Mode B: deletion, the grid law, two clocks.
    q.add(new Quantity("gridlaw.eventAgreement.modeB", "GridLawAgreementModeB",
        "fraction of delivered events of campaign modeB whose guard outcome the grid law reproduces from the event's own send phase and flight (T = recv_ns - send_ns, monotonic clock; a consistency check of the replay: it pairs each event with its own flight, so it agrees by construction up to the CreateTime offset; not a test of the law, see gridlaw.heldout)",
        Unit.FRACTION, Format.PERCENT_2DP, Scope.KAFKA_EVENTS, "ftl.stats.GridLaw#predictRun", a -> {
          if (!has(a, MODE_B)) {
            return noData(MODE_B);
          }
          return gridAgreement(runsOf(a, MODE_B));
        }));
    q.add(new Quantity("omb.guardMedian.max.modeB", "OmbGuardMedianMaxModeB",
        "largest median the guard would report over the runs of campaign modeB (nearest-rank median of kept M)",
        Unit.MILLISECONDS, Format.REAL_3SF, Scope.KAFKA_EVENTS, "ftl.stats.GuardAccounting#result",
        a -> guardMedian(a, MODE_B, false)));
    q.add(new Quantity("omb.guardMedian.min.modeB", "OmbGuardMedianMinModeB",
        "smallest median the guard would report over the runs of campaign modeB that kept any sample",
        Unit.MILLISECONDS, Format.REAL_3SF, Scope.KAFKA_EVENTS, "ftl.stats.GuardAccounting#result",
        a -> guardMedian(a, MODE_B, true)));
    q.add(new Quantity("wallus.retention.min.modeB", "WallMicrosRetentionMinModeB",
        "smallest per-run retention of the same guard on the microsecond wall clock (recv_us - send_us > 0), campaign modeB",
        Unit.FRACTION, Format.PERCENT_2DP, Scope.KAFKA_EVENTS, "ftl.stats.GuardResult#retention", a -> {
          if (!has(a, MODE_B)) {
            return noData(MODE_B);
          }
          var min = runsOf(a, MODE_B).stream().map(ScannedRun::wallMicrosGuard)
              .filter(g -> g.taken() > 0).mapToDouble(g -> g.retention().value()).min();
          return min.isPresent() ? new Value.Real(min.getAsDouble()) : new Value.Unavailable("no run delivered any event");
        }));

    // The no-JVM cross-check.
    q.add(new Quantity("nojvm.runs", "NojvmRuns", "ok runs of the no-JVM Python cross-check",
        Unit.COUNT, Format.GROUPED_INTEGER, Scope.LEDGERS, "ftl.quantity.Registry#ledgerCount",
        a -> a.has(Instrument.PYTHON_NOJVM.word()) ? new Value.Count(a.okRows(Instrument.PYTHON_NOJVM.word()).size()) : noNojvm()));
    q.add(new Quantity("nojvm.events", "NojvmEvents", "delivered events of the no-JVM cross-check",
        Unit.COUNT, Format.GROUPED_INTEGER, Scope.NOJVM_EVENTS, "ftl.stats.GuardAccounting#acceptSample",
        a -> a.has(Instrument.PYTHON_NOJVM.word())
            ? new Value.Count(a.runs(Instrument.PYTHON_NOJVM.word()).stream().mapToLong(r -> r.guard().taken()).sum()) : noNojvm()));
    q.add(new Quantity("nojvm.retention.min", "NojvmRetentionMin", "smallest per-run guard retention of the no-JVM cross-check",
        Unit.FRACTION, Format.PERCENT_2DP, Scope.NOJVM_EVENTS, "ftl.stats.GuardResult#retention", a -> nojvmRetention(a, true)));
    q.add(new Quantity("nojvm.retention.max", "NojvmRetentionMax", "largest per-run guard retention of the no-JVM cross-check",
        Unit.FRACTION, Format.PERCENT_2DP, Scope.NOJVM_EVENTS, "ftl.stats.GuardResult#retention", a -> nojvmRetention(a, false)));
    q.add(new Quantity("nojvm.gridlaw.eventAgreement", "NojvmGridLawAgreement",
        "fraction of delivered events of the no-JVM cross-check whose guard outcome the grid law reproduces from the event's own send phase and flight (T = recv_ns - send_ns, monotonic clock; a consistency check of the replay: it pairs each event with its own flight, so it agrees by construction up to the CreateTime offset; not a test of the law, see gridlaw.heldout)",
        Unit.FRACTION, Format.PERCENT_2DP, Scope.NOJVM_EVENTS, "ftl.stats.GridLaw#predictRun", a -> {
          if (!a.has(Instrument.PYTHON_NOJVM.word())) {
            return noNojvm();
          }
          return gridAgreement(a.runs(Instrument.PYTHON_NOJVM.word()));
        }));
    return q;
  }

  /** Pooled share of delivered events whose guard outcome the per-event grid law predicts. */
  static Value gridAgreement(List<ScannedRun> runs) {
    long agree = 0;
    long n = 0;
    for (ScannedRun r : runs) {
      agree += r.grid().agreeing();
      n += r.grid().events();
    }
    return n == 0 ? new Value.Unavailable("no delivered event") : new Value.Real((double) agree / n);
  }

  private static String macroSuffix(String campaign) {
    return campaign.equals(MODE_A) ? "ModeA" : "ModeB";
  }

  public static boolean has(Analysis a, String campaign) {
    return !a.okRowsOf(campaign, Instrument.KAFKA.word()).isEmpty();
  }

  public static Value noData(String campaign) {
    return new Value.Unavailable("no campaign data present: no ok run of campaign " + campaign + " under the data root");
  }

  private static Value noNojvm() {
    return new Value.Unavailable("no campaign data present: no ok run of the no-JVM cross-check under the data root");
  }

  static List<ScannedRun> runsOf(Analysis a, String campaign) {
    return a.campaignRuns(campaign).stream().filter(r -> r.row().instrument().equals(Instrument.KAFKA.word())).toList();
  }

  private static Quantity count(String key, String macro, String definition, String campaign, Scope scope,
                                ToLongFunction<ScannedRun> perRun) {
    Function<Analysis, Value> f;
    if (scope == Scope.LEDGERS) {
      f = a -> has(a, campaign) ? new Value.Count(a.okRowsOf(campaign, Instrument.KAFKA.word()).size()) : noData(campaign);
    } else {
      f = a -> has(a, campaign) ? new Value.Count(runsOf(a, campaign).stream().mapToLong(perRun).sum()) : noData(campaign);
    }
    return new Quantity(key, macro, definition, Unit.COUNT, Format.GROUPED_INTEGER, scope,
        scope == Scope.LEDGERS ? "ftl.quantity.Registry#ledgerCount" : "ftl.stats.SignCheck#accept / ftl.stats.GuardAccounting#acceptSample", f);
  }

  private static Quantity fraction(String key, String macro, String definition, String campaign, boolean min) {
    return new Quantity(key, macro, definition, Unit.FRACTION, Format.PERCENT_2DP, Scope.KAFKA_EVENTS,
        "ftl.stats.GuardResult#retention", a -> {
          if (!has(a, campaign)) {
            return noData(campaign);
          }
          var s = runsOf(a, campaign).stream().filter(r -> r.guard().taken() > 0).mapToDouble(ScannedRun::retention);
          var v = min ? s.min() : s.max();
          return v.isPresent() ? new Value.Real(v.getAsDouble()) : new Value.Unavailable("no run delivered any event");
        });
  }

  /**
   * Median over a campaign's runs of each run's median displacement D = ack_ns - send_ns, us (the value of
   * {@code displacement.median.<campaign>}); unavailable without an ok run or without a run with the stamps.
   */
  static Value medianDisplacementMicros(Analysis a, String campaign) {
    return medianMicros(a, campaign, ScannedRun::medianDisplacementNanos);
  }

  private static Value medianMicros(Analysis a, String campaign, ToDoubleFunction<ScannedRun> perRunNanos) {
    if (!has(a, campaign)) {
      return noData(campaign);
    }
    double[] v = runsOf(a, campaign).stream().mapToDouble(perRunNanos).filter(x -> !Double.isNaN(x)).toArray();
    return v.length == 0 ? new Value.Unavailable("no run with the stamps") : new Value.Real(Quantiles.median(v) / 1000.0);
  }

  private static Quantity median(String key, String macro, String definition, String campaign,
                                 ToDoubleFunction<ScannedRun> perRunNanos) {
    return new Quantity(key, macro, definition, Unit.MICROSECONDS, Format.REAL_3SF, Scope.KAFKA_EVENTS,
        "ftl.stats.Quantiles#median", a -> medianMicros(a, campaign, perRunNanos));
  }

  static void addRatio(List<Quantity> q, String key, String macro, String definition,
                               Predicate<ScannedRun> numerator, Predicate<ScannedRun> denominator) {
    Function<Analysis, RateRatio.Estimate> est = a -> Manipulations.ratio(Manipulations.usable(a, MODE_A), numerator, denominator);
    q.add(new Quantity(key, macro, definition + "; pooled rates, campaign modeA", Unit.RATIO, Format.RATIO_3SF,
        Scope.KAFKA_EVENTS, "ftl.stats.RateRatio#estimate", a -> estimateValue(a, key, est, 0)));
    q.add(new Quantity(key.replace(".ratio.", ".ratio.lower."), macro + "Lower",
        "lower end of the " + Phrases.bootstrapOverRuns() + " of " + key,
        Unit.RATIO, Format.RATIO_3SF, Scope.KAFKA_EVENTS, "ftl.stats.RateRatio#estimate", a -> estimateValue(a, key, est, -1)));
    q.add(new Quantity(key.replace(".ratio.", ".ratio.upper."), macro + "Upper",
        "upper end of the " + Phrases.bootstrapOverRuns() + " of " + key,
        Unit.RATIO, Format.RATIO_3SF, Scope.KAFKA_EVENTS, "ftl.stats.RateRatio#estimate", a -> estimateValue(a, key, est, 1)));
  }

  /** One part of the estimate of the ratio entry {@code key}, computed once per analysis (memo keyed by the entry's key). */
  private static Value estimateValue(Analysis a, String key, Function<Analysis, RateRatio.Estimate> est, int which) {
    if (!has(a, MODE_A)) {
      return noData(MODE_A);
    }
    RateRatio.Estimate e = a.memo("estimate:" + key, () -> {
      List<ScannedRun> usable = Manipulations.usable(a, MODE_A);
      return usable.isEmpty() ? null : est.apply(a);
    });
    if (e == null) {
      return new Value.Unavailable("no run of campaign modeA with its manipulations applied");
    }
    return Manipulations.part(e, which);
  }

  private static RateRatio.Range collapseRange(Analysis a) {
    if (!has(a, MODE_A)) {
      return null;
    }
    return a.memo("collapseRange", () -> RateRatio.range(
        Manipulations.modeACollapse(a).stream().map(Manipulations.Stratum::estimate).toList()));
  }

  /** The windowed rho(D, A) of each condition of campaign modeA with a defined one, over its usable runs. */
  private static Map<String, Double> conditionRho(Analysis a) {
    return a.memo("rhoModeA:conditions", () -> {
      Map<String, WindowedCorrelation> by = new TreeMap<>();
      for (ScannedRun r : Manipulations.usable(a, MODE_A)) {
        by.computeIfAbsent(r.row().condition(), k -> new WindowedCorrelation(Analysis.RHO_WINDOW)).merge(r.correlation());
      }
      Map<String, Double> out = new TreeMap<>();
      by.forEach((cond, w) -> {
        CorrelationResult res = w.result();
        if (res.defined()) {
          out.put(cond, res.rho());
        }
      });
      return out;
    });
  }

  private static CorrelationResult pooledRho(Analysis a) {
    return a.memo("rhoModeA", () -> {
      WindowedCorrelation w = new WindowedCorrelation(Analysis.RHO_WINDOW);
      for (ScannedRun r : Manipulations.usable(a, MODE_A)) {
        w.merge(r.correlation());
      }
      return w.result();
    });
  }

  private static Value guardMedian(Analysis a, String campaign, boolean min) {
    if (!has(a, campaign)) {
      return noData(campaign);
    }
    var s = runsOf(a, campaign).stream().map(ScannedRun::guard).filter(g -> g.kept() > 0)
        .mapToDouble(GuardResult::guardMedianMillis);
    var v = min ? s.min() : s.max();
    return v.isPresent() ? new Value.Real(v.getAsDouble()) : new Value.Unavailable("no run kept any sample");
  }

  private static Value nojvmRetention(Analysis a, boolean min) {
    if (!a.has(Instrument.PYTHON_NOJVM.word())) {
      return noNojvm();
    }
    var s = a.runs(Instrument.PYTHON_NOJVM.word()).stream().filter(r -> r.guard().taken() > 0).mapToDouble(ScannedRun::retention);
    var v = min ? s.min() : s.max();
    return v.isPresent() ? new Value.Real(v.getAsDouble()) : new Value.Unavailable("no run delivered any event");
  }
}
