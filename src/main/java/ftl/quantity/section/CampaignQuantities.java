package ftl.quantity.section;

import ftl.data.ledger.Geometry;
import ftl.data.ledger.Instrument;
import ftl.data.ledger.Priority;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.CampaignCatalogue;
import ftl.quantity.core.CampaignRuns;
import ftl.quantity.core.Format;
import ftl.quantity.core.Manipulations;
import ftl.quantity.core.Phrases;
import ftl.quantity.core.Provenance;
import ftl.quantity.core.Quantity.Scope;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.ScannedRun;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;
import ftl.quantity.core.Values;
import ftl.stats.CorrelationResult;
import ftl.stats.GridLaw;
import ftl.stats.GuardAccounting;
import ftl.stats.GuardResult;
import ftl.stats.Quantiles;
import ftl.stats.RateRatio;
import ftl.stats.SignCheck;
import ftl.stats.WindowedCorrelation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
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
      q.add(count("events.total." + c, "EventsTotal" + m, "events of campaign " + c
          + " with all three monotonic stamps",
          c, Scope.KAFKA_EVENTS, r -> r.sign().complete()));
      q.add(count("events.ackNegative." + c, "NegAckSpans" + m,
          "events of campaign " + c + " with a negative ack-referenced span A", c, Scope.KAFKA_EVENTS,
          r -> r.sign().ackNegative()));
      q.add(count("events.sendNegative." + c, "NegFlights" + m,
          "events of campaign " + c + " with a negative flight T = recv_ns - send_ns (expected zero)", c,
          Scope.KAFKA_EVENTS,
          r -> r.sign().sendNegative()));
      q.add(fraction("omb.retention.min." + c, "OmbRetentionMin" + m,
          "smallest per-run guard retention in campaign " + c, c, true));
      q.add(fraction("omb.retention.max." + c, "OmbRetentionMax" + m,
          "largest per-run guard retention in campaign " + c, c, false));
      q.add(Quantity.key("omb.retention.range." + c).macro("OmbRetentionRange" + m)
          .definition("range of per-run guard retention in campaign " + c).unit(Unit.FRACTION)
          .format(Format.PERCENT_RANGE_2DP).scope(Scope.KAFKA_EVENTS)
          .function(GuardResult.class, "retention").computes(a -> {
            if (!CampaignRuns.has(a, c)) {
              return CampaignRuns.noData(c);
            }
            var s = CampaignRuns.runsOf(a, c).stream().filter(r -> r.guard().taken() > 0)
                .mapToDouble(ScannedRun::retention).summaryStatistics();
            return s.getCount() == 0 ? new Value.Unavailable("no run delivered any event")
                : new Value.Range(s.getMin(), s.getMax());
          }));
      q.add(count("omb.dropped." + c, "OmbDropped" + m, "samples the guard drops (M <= 0) in campaign " + c, c,
          Scope.KAFKA_EVENTS, r -> r.guard().dropped()));
      q.add(count("omb.oneTickNegatives." + c, "OneTickNegatives" + m, "samples with M = -1 in campaign " + c, c,
          Scope.KAFKA_EVENTS, r -> r.guard().oneTickNegative()));
    }

    // Mode A: the mechanism, by manipulation.
    q.add(Quantity.key("runs.refused.modeA").macro("RunsRefusedModeA")
        .definition(
        "ok runs of campaign modeA whose priority, geometry or load the host refused (excluded from every ratio)")
        .unit(Unit.COUNT).format(Format.GROUPED_INTEGER).scope(Scope.LEDGERS).function(Manipulations.class, "applied")
        .computes(a -> CampaignRuns.has(a, MODE_A) ? new Value.Count(a.okRowsOf(MODE_A, Instrument.KAFKA.word())
        .stream()
            .filter(r -> !r.manipulationsApplied()).count()) : CampaignRuns.noData(MODE_A)));
    q.add(Quantity.key("collapse.range.modeA").macro("CollapseRangeModeA")
        .definition(
        "range over strata (geometry, load, acks, send interval) of the collapse factor: negative-A rate at default "
        + "priority over SCHED_FIFO on the two stamping threads")
        .unit(Unit.RATIO).format(Format.RATIO_RANGE_2SF).scope(Scope.KAFKA_EVENTS).function(RateRatio.class, "range")
        .computes(a -> {
          RateRatio.Range r = collapseRange(a);
          return r == null || r.included() == 0 ? new Value.Unavailable("no stratum with a defined collapse factor")
              : new Value.Range(r.min(), r.max());
        }));
    q.add(Quantity.key("collapse.strata.modeA").macro("CollapseStrataModeA")
        .definition(
        "strata of campaign modeA with a finite collapse factor (both priorities present, a negative under fifo)")
        .unit(Unit.COUNT).format(Format.GROUPED_INTEGER).scope(Scope.KAFKA_EVENTS).function(RateRatio.class, "range")
        .computes(a -> CampaignRuns.has(a, MODE_A) ? new Value.Count(collapseRange(a).included())
        : CampaignRuns.noData(MODE_A)));
    q.add(Quantity.key("collapse.undefined.modeA").macro("CollapseUndefinedModeA")
        .definition(
        "strata of campaign modeA whose collapse factor is not finite (no negative under fifo, or no events), "
        + "counted not hidden")
        .unit(Unit.COUNT).format(Format.GROUPED_INTEGER).scope(Scope.KAFKA_EVENTS).function(RateRatio.class, "range")
        .computes(a -> CampaignRuns.has(a, MODE_A) ? new Value.Count(collapseRange(a).excluded())
        : CampaignRuns.noData(MODE_A)));
    Manipulations.addRatio(q, "geometry.ratio.modeA", "GeometryRatioModeA",
        "negative-A rate with both stamping threads on one core over one thread per core, default priority, no "
        + "background load",
        r -> r.row().at(Priority.DEFAULT) && r.row().atLoadPercent(0) && r.row().at(Geometry.SHARED),
        r -> r.row().at(Priority.DEFAULT) && r.row().atLoadPercent(0) && r.row().at(Geometry.SPLIT));
    Manipulations.addRatio(q, "load.ratio.modeA", "LoadRatioModeA",
        "negative-A rate at 90% background load over no load, default priority, both geometries",
        r -> r.row().at(Priority.DEFAULT) && r.row().atLoadPercent(90),
        r -> r.row().at(Priority.DEFAULT) && r.row().atLoadPercent(0));
    q.add(Quantity.key("rho.DA.modeA").macro("RhoDAModeA")
        .definition(
        "Pearson correlation of displacement D and ack-referenced span A over every complete event of campaign modeA "
        + "inside the declared window (" + Phrases.rhoWindow() + "), paired co-moments")
        .unit(Unit.DIMENSIONLESS).format(Format.REAL_3SF).scope(Scope.KAFKA_EVENTS)
        .function(WindowedCorrelation.class, "result").computes(a -> {
          if (!CampaignRuns.has(a, MODE_A)) {
            return CampaignRuns.noData(MODE_A);
          }
          var res = pooledRho(a);
          return res.defined() ? new Value.Real(res.rho()) : new Value.Unavailable("rho undefined: " + res.undefined());
        }));
    for (boolean smallest : new boolean[] {true, false}) {
      q.add(Quantity.key("rho.DA." + (smallest ? "min" : "max") + ".modeA")
          .macro(smallest ? "RhoDAMinModeA" : "RhoDAMaxModeA")
          .definition((smallest ? "smallest" : "largest")
              + " over the conditions of campaign modeA of the Pearson correlation of displacement D = ack_ns - "
              + "send_ns and ack-referenced span A = recv_ns - ack_ns over the complete events of the condition's "
              + "usable runs inside the declared window (" + Phrases.rhoWindow() + "), paired"
              + " co-moments pooled over the condition's runs; conditions whose correlation is undefined are left out")
          .unit(Unit.DIMENSIONLESS).format(Format.REAL_3SF).scope(Scope.KAFKA_EVENTS)
          .function(WindowedCorrelation.class, "result").computes(a -> {
            if (!CampaignRuns.has(a, MODE_A)) {
              return CampaignRuns.noData(MODE_A);
            }
            var v = conditionRho(a).values().stream().mapToDouble(Double::doubleValue);
            var x = smallest ? v.min() : v.max();
            return Values.real(x.orElse(Double.NaN), "no condition with a defined rho");
          }));
    }
    q.add(Quantity.key("rho.outside.modeA").macro("RhoOutsideModeA")
        .definition("complete events of campaign modeA outside the declared rho(D, A) window (counted, not used)")
        .unit(Unit.COUNT).format(Format.GROUPED_INTEGER).scope(Scope.KAFKA_EVENTS)
        .function(WindowedCorrelation.class, "acceptPair")
        .computes(a -> CampaignRuns.has(a, MODE_A) ? new Value.Count(pooledRho(a).pairsOutside())
        : CampaignRuns.noData(MODE_A)));
    q.add(Quantity.key("rho.undefinedRuns.modeA").macro("RhoUndefinedRunsModeA")
        .definition(
        "ok runs of campaign modeA whose own rho(D, A) is undefined (fewer than 2 pairs or a zero variance)")
        .unit(Unit.COUNT).format(Format.GROUPED_INTEGER).scope(Scope.KAFKA_EVENTS)
        .function(WindowedCorrelation.class, "result")
        .computes(a -> CampaignRuns.has(a, MODE_A) ? new Value.Count(CampaignRuns.runsOf(a, MODE_A).stream()
        .filter(r -> !r.rho().defined()).count())
            : CampaignRuns.noData(MODE_A)));
    q.add(median("displacement.median.modeA", "DisplacementMedianModeA",
        "median over runs of each run's median displacement D = ack_ns - send_ns, campaign modeA", MODE_A,
        r -> r.medianDisplacementNanos()));
    q.add(median("flight.median.modeA", "FlightMedianModeA",
        "median over runs of each run's median flight T = recv_ns - send_ns, campaign modeA", MODE_A,
        r -> r.guard().medianFlightNanos()));

    // Mode B: deletion, the grid law, two clocks.
    q.add(Quantity.key("gridlaw.eventAgreement.modeB").macro("GridLawAgreementModeB")
        .definition(
        "fraction of delivered events of campaign modeB whose guard outcome the grid law reproduces from the event's "
        + "own send phase and flight (T = recv_ns - send_ns, monotonic clock; a consistency check of the replay: it "
        + "pairs each event with its own flight, so it agrees by construction up to the CreateTime offset; not a "
        + "test of the law, see gridlaw.heldout)")
        .unit(Unit.FRACTION).format(Format.PERCENT_2DP).scope(Scope.KAFKA_EVENTS).function(GridLaw.class, "predictRun")
        .computes(a -> {
          if (!CampaignRuns.has(a, MODE_B)) {
            return CampaignRuns.noData(MODE_B);
          }
          return CampaignRuns.gridAgreement(CampaignRuns.runsOf(a, MODE_B));
        }));
    q.add(Quantity.key("omb.guardMedian.max.modeB").macro("OmbGuardMedianMaxModeB")
        .definition(
        "largest median the guard would report over the runs of campaign modeB (nearest-rank median of kept M)")
        .unit(Unit.MILLISECONDS).format(Format.REAL_3SF).scope(Scope.KAFKA_EVENTS)
        .function(GuardAccounting.class, "result")
        .computes(a -> guardMedian(a, MODE_B, false)));
    q.add(Quantity.key("omb.guardMedian.min.modeB").macro("OmbGuardMedianMinModeB")
        .definition("smallest median the guard would report over the runs of campaign modeB that kept any sample")
        .unit(Unit.MILLISECONDS).format(Format.REAL_3SF).scope(Scope.KAFKA_EVENTS)
        .function(GuardAccounting.class, "result")
        .computes(a -> guardMedian(a, MODE_B, true)));
    q.add(Quantity.key("wallus.retention.min.modeB").macro("WallMicrosRetentionMinModeB")
        .definition(
        "smallest per-run retention of the same guard on the microsecond wall clock (recv_us - send_us > 0), "
        + "campaign modeB")
        .unit(Unit.FRACTION).format(Format.PERCENT_2DP).scope(Scope.KAFKA_EVENTS)
        .function(GuardResult.class, "retention").computes(a -> {
          if (!CampaignRuns.has(a, MODE_B)) {
            return CampaignRuns.noData(MODE_B);
          }
          var min = CampaignRuns.runsOf(a, MODE_B).stream().map(ScannedRun::wallMicrosGuard)
              .filter(g -> g.taken() > 0).mapToDouble(g -> g.retention().value()).min();
          return min.isPresent() ? new Value.Real(min.getAsDouble())
              : new Value.Unavailable("no run delivered any event");
        }));

    // The no-JVM cross-check.
    q.add(Quantity.key("nojvm.runs").macro("NojvmRuns").definition("ok runs of the no-JVM Python cross-check")
        .unit(Unit.COUNT).format(Format.GROUPED_INTEGER).scope(Scope.LEDGERS).function(Analysis.class, "okRows")
        .computes(a -> a.has(Instrument.PYTHON_NOJVM.word())
        ? new Value.Count(a.okRows(Instrument.PYTHON_NOJVM.word()).size()) : noNojvm()));
    q.add(Quantity.key("nojvm.events").macro("NojvmEvents").definition("delivered events of the no-JVM cross-check")
        .unit(Unit.COUNT).format(Format.GROUPED_INTEGER).scope(Scope.NOJVM_EVENTS)
        .function(GuardAccounting.class, "acceptSample")
        .computes(a -> a.has(Instrument.PYTHON_NOJVM.word())
            ? new Value.Count(a.runs(Instrument.PYTHON_NOJVM.word()).stream().mapToLong(r -> r.guard().taken())
            .sum()) : noNojvm()));
    q.add(Quantity.key("nojvm.retention.min").macro("NojvmRetentionMin")
        .definition("smallest per-run guard retention of the no-JVM cross-check")
        .unit(Unit.FRACTION).format(Format.PERCENT_2DP).scope(Scope.NOJVM_EVENTS)
        .function(GuardResult.class, "retention").computes(a -> nojvmRetention(a, true)));
    q.add(Quantity.key("nojvm.retention.max").macro("NojvmRetentionMax")
        .definition("largest per-run guard retention of the no-JVM cross-check")
        .unit(Unit.FRACTION).format(Format.PERCENT_2DP).scope(Scope.NOJVM_EVENTS)
        .function(GuardResult.class, "retention").computes(a -> nojvmRetention(a, false)));
    q.add(Quantity.key("nojvm.gridlaw.eventAgreement").macro("NojvmGridLawAgreement")
        .definition(
        "fraction of delivered events of the no-JVM cross-check whose guard outcome the grid law reproduces from the "
        + "event's own send phase and flight (T = recv_ns - send_ns, monotonic clock; a consistency check of the "
        + "replay: it pairs each event with its own flight, so it agrees by construction up to the CreateTime "
        + "offset; not a test of the law, see gridlaw.heldout)")
        .unit(Unit.FRACTION).format(Format.PERCENT_2DP).scope(Scope.NOJVM_EVENTS).function(GridLaw.class, "predictRun")
        .computes(a -> {
          if (!a.has(Instrument.PYTHON_NOJVM.word())) {
            return noNojvm();
          }
          return CampaignRuns.gridAgreement(a.runs(Instrument.PYTHON_NOJVM.word()));
        }));
    return q;
  }

  private static String macroSuffix(String campaign) {
    return campaign.equals(MODE_A) ? "ModeA" : "ModeB";
  }

  private static Value noNojvm() {
    return new Value.Unavailable("no campaign data present: no ok run of the no-JVM cross-check under the data root");
  }

  private static Quantity count(String key, String macro, String definition, String campaign, Scope scope,
                                ToLongFunction<ScannedRun> perRun) {
    Function<Analysis, Value> f;
    if (scope == Scope.LEDGERS) {
      f = a -> CampaignRuns.has(a, campaign) ? new Value.Count(a.okRowsOf(campaign, Instrument.KAFKA.word()).size())
          : CampaignRuns.noData(campaign);
    } else {
      f = a -> CampaignRuns.has(a, campaign) ? new Value.Count(CampaignRuns.runsOf(a, campaign).stream()
          .mapToLong(perRun).sum()) : CampaignRuns.noData(campaign);
    }
    return Quantity.key(key).macro(macro).definition(definition).unit(Unit.COUNT).format(Format.GROUPED_INTEGER)
        .scope(scope)
        .function(scope == Scope.LEDGERS ? Provenance.name(Analysis.class, "okRowsOf")
        : Provenance.name(SignCheck.class, "accept") + " / " + Provenance.name(GuardAccounting.class, "acceptSample"))
        .computes(f);
  }

  private static Quantity fraction(String key, String macro, String definition, String campaign, boolean min) {
    return Quantity.key(key).macro(macro).definition(definition).unit(Unit.FRACTION).format(Format.PERCENT_2DP)
        .scope(Scope.KAFKA_EVENTS)
        .function(GuardResult.class, "retention").computes(a -> {
          if (!CampaignRuns.has(a, campaign)) {
            return CampaignRuns.noData(campaign);
          }
          var s = CampaignRuns.runsOf(a, campaign).stream().filter(r -> r.guard().taken() > 0)
              .mapToDouble(ScannedRun::retention);
          var v = min ? s.min() : s.max();
          return v.isPresent() ? new Value.Real(v.getAsDouble()) : new Value.Unavailable("no run delivered any event");
        });
  }

  private static Quantity median(String key, String macro, String definition, String campaign,
                                 ToDoubleFunction<ScannedRun> perRunNanos) {
    return Quantity.key(key).macro(macro).definition(definition).unit(Unit.MICROSECONDS).format(Format.REAL_3SF)
        .scope(Scope.KAFKA_EVENTS)
        .function(Quantiles.class, "median").computes(a -> CampaignRuns.medianMicros(a, campaign, perRunNanos));
  }

  private static RateRatio.Range collapseRange(Analysis a) {
    if (!CampaignRuns.has(a, MODE_A)) {
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
        by.computeIfAbsent(r.row().condition(), k -> new WindowedCorrelation(Analysis.RHO_WINDOW))
            .merge(r.correlation());
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
    if (!CampaignRuns.has(a, campaign)) {
      return CampaignRuns.noData(campaign);
    }
    var s = CampaignRuns.runsOf(a, campaign).stream().map(ScannedRun::guard).filter(g -> g.kept() > 0)
        .mapToDouble(GuardResult::guardMedianMillis);
    var v = min ? s.min() : s.max();
    return v.isPresent() ? new Value.Real(v.getAsDouble()) : new Value.Unavailable("no run kept any sample");
  }

  private static Value nojvmRetention(Analysis a, boolean min) {
    if (!a.has(Instrument.PYTHON_NOJVM.word())) {
      return noNojvm();
    }
    var s = a.runs(Instrument.PYTHON_NOJVM.word()).stream().filter(r -> r.guard().taken() > 0)
        .mapToDouble(ScannedRun::retention);
    var v = min ? s.min() : s.max();
    return v.isPresent() ? new Value.Real(v.getAsDouble()) : new Value.Unavailable("no run delivered any event");
  }
}
