package ftl.quantity.section;

import ftl.data.Campaign;
import ftl.data.DataSet;
import ftl.data.io.JsonValue;
import ftl.data.ledger.LedgerRow;
import ftl.data.ledger.LedgerSchema;
import ftl.data.registration.PlanReader;
import ftl.data.tool.OmbFormat;
import ftl.data.tool.OmbLedgerReader;
import ftl.data.tool.OmbRun;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.CampaignCatalogue;
import ftl.quantity.core.Format;
import ftl.quantity.core.Naming;
import ftl.quantity.core.Provenance;
import ftl.quantity.core.Quantity.Scope;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.ScanNeeds;
import ftl.quantity.core.ScannedRun;
import ftl.quantity.core.SourceReads;
import ftl.quantity.core.ToolFolders;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;
import ftl.quantity.core.Values;
import ftl.stats.ExactHistogram;
import ftl.stats.HeldOutGuard;
import ftl.stats.Quantiles;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Function;

/**
 * The real OpenMessaging Benchmark runs ({@code data/omb-real}: OMB's own, unmodified {@code LocalWorker} on the
 * embedded broker, {@link OmbFormat}) and the grid law's held-out prediction of their dropped share from the
 * matched campaign of our instrument ({@code data/omb-matched}), with the verdicts of
 * {@code data/omb-real/plan.json}. OMB's dropped share of a run is {@code 1 - e2e_count / messages_received}, both
 * from OMB's objects ({@link OmbRun#droppedShare}); the prediction ({@link HeldOutGuard#predict}) reads only the
 * matched runs' flights and the OMB rate's send interval, never OMB's output.
 */
public final class OmbRealQuantities {
  /** Folder of the matched campaign of our instrument. */
  static final String MATCHED = ScanNeeds.COMPLETE_FLIGHTS;
  /** The condition whose start-phase swing the plan predicts (kafka-no-linger, 1,000 msg/s, b = 1). */
  static final String SWING = "nolinger-1000";
  /** The condition the plan predicts steadier than {@link #SWING} (kafka-no-linger, 4,000 msg/s, b = 4). */
  static final String STEADY = "nolinger-4000";
  /** The condition with OMB's kafka-latency config (linger.ms=1), predicted near 0. */
  static final String LINGER = "latency-1000";
  /** The plan's range over runs that counts as a swing at b = 1. */
  static final double SWING_MIN_RANGE = 0.3;
  /** The plan's largest dropped share of any run with linger.ms=1. */
  static final double LINGER_MAX = 0.05;
  /** A condition enters the campaign's held-out verdict with at least this many ok runs. */
  static final int MIN_RUNS = 3;
  /** The timestamp quantum of CreateTime and currentTimeMillis, ns. */
  static final long QUANTUM_NANOS = ScanNeeds.QUANTUM_NANOS;
  /** Most start phases a plan may ask the held-out prediction to average over (the work grows with it). */
  static final long MAX_PHASE_GRID_POINTS = 1_000_000L;

  private OmbRealQuantities() {}

  /** The folder's ok runs with their rows, the plan, and how messages name the folder. */
  record OmbData(List<OmbLedgerReader.Entry> entries, Optional<JsonValue> plan, String display) {
    List<OmbLedgerReader.Entry> ok() {
      return entries.stream().filter(e -> e.row().ok()).toList();
    }

    List<OmbLedgerReader.Entry> ok(String condition) {
      return ok().stream().filter(e -> e.row().condition().equals(condition)).toList();
    }

    double[] dropped(String condition) {
      return ok(condition).stream().mapToDouble(e -> e.run().droppedShare()).toArray();
    }
  }

  /** The real OMB folder of a data root, read, or empty when the root has none. */
  static Optional<OmbData> read(DataSet data) {
    // Every file through the data root's gate (no link or special file, real path inside the root, capped).
    String rel = CampaignCatalogue.OMB_REAL.folder();
    return ToolFolders.toolFolder(data, rel)
        .map(f -> new OmbData(OmbLedgerReader.read(f.gate(), rel, f.display()), f.plan(), f.display()));
  }

  public static List<Quantity> forData(DataSet data) {
    Optional<OmbData> omb = read(data);
    List<Quantity> q = new ArrayList<>();
    q.add(q(Quantity.key("ombReal.runs").macro("OmbRealRuns")
        .definition("ok runs of OpenMessaging Benchmark's own worker (data/omb-real)").unit(Unit.COUNT)
        .format(Format.GROUPED_INTEGER), Provenance.name(OmbLedgerReader.class, "read"), omb,
        d -> new Value.Count(d.ok().size())));
    q.add(q(Quantity.key("ombReal.runsNotOk").macro("OmbRealRunsNotOk")
        .definition(
        "runs of OpenMessaging Benchmark's own worker whose ledger status is failed (counted, never analysed)")
        .unit(Unit.COUNT).format(Format.GROUPED_INTEGER), Provenance.name(OmbLedgerReader.class, "read"), omb,
        d -> new Value.Count(d.entries().size() - d.ok().size())));
    q.add(q(Quantity.key("ombReal.messages").macro("OmbRealMessages")
        .definition("messages OpenMessaging Benchmark counted as received over the measured windows of its ok runs")
        .unit(Unit.COUNT).format(Format.GROUPED_INTEGER), Provenance.name(OmbRun.class, "received"), omb,
        d -> new Value.Count(d.ok().stream().mapToLong(e -> e.run().received()).sum())));
    q.add(q(Quantity.key("ombReal.dropped.range").macro("OmbRealDroppedRange")
        .definition(
        "smallest to largest dropped share 1 - e2e_count / messages_received over the ok runs of OpenMessaging "
        + "Benchmark's own worker").unit(Unit.FRACTION).format(Format.PERCENT_RANGE_2DP),
        Provenance.name(OmbRun.class, "droppedShare"), omb,
        d -> range(d.ok().stream().mapToDouble(e -> e.run().droppedShare()).toArray())));
    q.add(q(Quantity.key("ombReal.heldout.tolerance").macro("OmbRealHeldOutTolerance")
        .definition(
        "pre-registered absolute tolerance of the held-out test (data/omb-real/plan.json, "
        + "predictions.held_out_prediction.tolerance_abs)").unit(Unit.DIMENSIONLESS).format(Format.DECIMAL_2DP),
        Provenance.name(PlanReader.class, "read"), omb, OmbRealQuantities::tolerance));
    q.add(Quantity.key("ombReal.heldout.verdict").macro("OmbRealHeldOutVerdict")
        .definition(
        "pre-registered: the grid law's held-out prediction from the matched runs' flights (recv_ns - send_ns) holds "
        + "for every OMB condition with at least 3 ok runs (mean inside the band, every run inside the predicted "
        + "range widened by the tolerance)")
        .unit(Unit.DIMENSIONLESS).format(Format.VERDICT).scope(Scope.OMB_REAL).function(HeldOutGuard.class, "check")
        .computes(a -> omb.<Value>map(d -> heldOutVerdict(a, read(d))).orElseGet(OmbRealQuantities::noData)));
    q.add(q(Quantity.key("ombReal.swing.verdict").macro("OmbRealSwingVerdict")
        .definition(
        "pre-registered: at 1,000 msg/s with kafka-no-linger (b = 1) the range over runs of OMB's dropped share "
        + "exceeds 0.3").unit(Unit.DIMENSIONLESS).format(Format.VERDICT),
        Provenance.name(OmbRealQuantities.class, "swing"), omb,
        d -> swing(d.dropped(SWING))));
    q.add(q(Quantity.key("ombReal.steadier.verdict").macro("OmbRealSteadierVerdict")
        .definition(
        "pre-registered: the range over runs of OMB's dropped share at 4,000 msg/s (b = 4) is smaller than at 1,000 "
        + "msg/s (b = 1)").unit(Unit.DIMENSIONLESS).format(Format.VERDICT),
        Provenance.name(OmbRealQuantities.class, "steadier"), omb,
        d -> steadier(d.dropped(STEADY), d.dropped(SWING))));
    q.add(q(Quantity.key("ombReal.linger.verdict").macro("OmbRealLingerVerdict")
        .definition(
        "pre-registered: with OMB's kafka-latency config (linger.ms=1) every run's dropped share is below 0.05")
        .unit(Unit.DIMENSIONLESS).format(Format.VERDICT), Provenance.name(OmbRealQuantities.class, "linger"), omb,
        d -> linger(d.dropped(LINGER))));
    if (omb.isEmpty()) {
      return q;
    }
    OmbData d = omb.get();
    Set<String> conditions = new LinkedHashSet<>();
    d.ok().forEach(e -> conditions.add(e.row().condition()));
    for (String c : conditions) {
      perCondition(q, d, c);
    }
    for (OmbLedgerReader.Entry e : d.ok()) {
      String id = e.row().runId();
      q.add(q(Quantity.key("ombReal.run." + id + ".dropped").macro(Naming.macro("OmbRealDropped", "run", id))
          .definition("dropped share 1 - e2e_count / messages_received of OMB run " + id + " (condition "
          + e.row().condition() + ")").unit(Unit.FRACTION).format(Format.PERCENT_2DP),
          Provenance.name(OmbRun.class, "droppedShare"), omb, x -> Values.finite(e.run().droppedShare())));
    }
    return q;
  }

  private static void perCondition(List<Quantity> q, OmbData d, String c) {
    Optional<OmbData> omb = Optional.of(d);
    String base = "ombReal." + c;
    String where = " of OMB condition " + c;
    q.add(q(Quantity.key(base + ".runs").macro(macro("OmbRealRuns", c)).definition("ok runs" + where).unit(Unit.COUNT)
        .format(Format.GROUPED_INTEGER),
        Provenance.name(OmbLedgerReader.class, "read"), omb, x -> new Value.Count(x.ok(c).size())));
    q.add(q(Quantity.key(base + ".rate").macro(macro("OmbRealRate", c))
        .definition("OMB's fixed publish rate in messages per second" + where).unit(Unit.COUNT)
        .format(Format.GROUPED_INTEGER), Provenance.name(OmbLedgerReader.class, "read"), omb,
        x -> new Value.Count(Math.round(x.ok(c).get(0).row().rateMsgPerSecond()))));
    q.add(q(Quantity.key(base + ".sendInterval").macro(macro("OmbRealSendInterval", c))
        .definition("send interval s = 1 / rate" + where).unit(Unit.MICROSECONDS).format(Format.REAL_3SF),
        Provenance.name(OmbLedgerReader.class, "read"), omb,
        x -> new Value.Real(x.ok(c).get(0).row().sendIntervalNanos() / 1000.0)));
    q.add(q(Quantity.key(base + ".dropped.range").macro(macro("OmbRealDroppedRange", c))
        .definition("smallest to largest dropped share over the ok runs" + where).unit(Unit.FRACTION)
        .format(Format.PERCENT_RANGE_2DP), Provenance.name(OmbRun.class, "droppedShare"), omb,
        x -> range(x.dropped(c))));
    q.add(q(Quantity.key(base + ".dropped.mean").macro(macro("OmbRealDroppedMean", c))
        .definition("mean dropped share over the ok runs" + where).unit(Unit.FRACTION).format(Format.PERCENT_2DP),
        Provenance.name(HeldOutGuard.class, "check"), omb,
        x -> Values.finite(Arrays.stream(x.dropped(c)).average().orElseThrow())));
    q.add(pred(Quantity.key(base + ".predicted.mean").macro(macro("OmbRealPredictedMean", c))
        .definition(
        "held-out predicted mean dropped share 1 - E[clamp(T, 0, q)]/q from the matched runs' flights (recv_ns - "
        + "send_ns)" + where).unit(Unit.FRACTION).format(Format.PERCENT_2DP), d, c,
        p -> Values.finite(p.prediction().meanDropped())));
    q.add(pred(Quantity.key(base + ".predicted.range").macro(macro("OmbRealPredictedRange", c))
        .definition(
        "held-out predicted range of the dropped share over start phases (1,000-point grid) from the matched runs' "
        + "flights (recv_ns - send_ns)" + where).unit(Unit.FRACTION).format(Format.PERCENT_RANGE_2DP), d, c,
        p -> new Value.Range(p.prediction().minDropped(), p.prediction().maxDropped())));
    q.add(pred(Quantity.key(base + ".predicted.band").macro(macro("OmbRealPredictedBand", c))
        .definition(
        "band the observed mean must fall in: predicted mean +/- max(2 sigma / sqrt(n), tolerance), n = ok runs"
        + where).unit(Unit.FRACTION).format(Format.PERCENT_RANGE_2DP), d, c, p -> {
          HeldOutGuard.Check k = HeldOutGuard.check(d.dropped(c), p.prediction(), p.tolerance());
          return new Value.Range(p.prediction().meanDropped() - k.halfWidth(), p.prediction().meanDropped()
              + k.halfWidth());
        }));
    q.add(pred(Quantity.key(base + ".phases").macro(macro("OmbRealPhases", c))
        .definition("b of s/q = a/b for the OMB rate's send interval and q = 1 ms" + where).unit(Unit.DIMENSIONLESS)
        .format(Format.GROUPED_INTEGER), d, c, p -> new Value.Count(p.prediction().phases())));
    q.add(pred(Quantity.key(base + ".matched.flights").macro(macro("OmbRealMatchedFlights", c))
        .definition("flights (recv_ns - send_ns) of the matched campaign's ok runs the prediction rests on" + where)
        .unit(Unit.COUNT).format(Format.GROUPED_INTEGER), d, c, p -> new Value.Count(p.prediction().flights())));
    q.add(pred(Quantity.key(base + ".matched.flightMedian").macro(macro("OmbRealMatchedFlightMedian", c))
        .definition("median flight T = recv_ns - send_ns of the matched campaign's ok runs" + where)
        .unit(Unit.MICROSECONDS).format(Format.REAL_3SF), d, c, p -> Values.finite(p.medianFlightMicros())));
    q.add(pred(Quantity.key(base + ".verdict").macro(macro("OmbRealVerdict", c))
        .definition("pre-registered held-out test" + where
        + ": mean of OMB's per-run dropped share inside the band and every run inside the predicted range widened by "
        + "the tolerance").unit(Unit.DIMENSIONLESS).format(Format.VERDICT), d, c, p -> verdict(d.dropped(c), p)));
  }

  /** A held-out prediction for one OMB condition, with what it was computed from. */
  record Pred(HeldOutGuard.Prediction prediction, double medianFlightMicros, double tolerance) {
  }

  /**
   * The prediction for condition {@code c} (memoised per analysis): the matched condition named in the plan, its
   * ok runs' complete events' flights, the OMB rate's send interval. Unavailable without a plan, without matched
   * runs, or when the matched runs' send interval or payload differs from OMB's.
   */
  static Object prediction(Analysis a, OmbData d, String c) {
    return a.memo("ombReal:pred:" + c, () -> {
      if (d.plan().isEmpty()) {
        return "not pre-registered: " + d.display() + "/plan.json is missing";
      }
      JsonValue plan = d.plan().get();
      JsonValue rule = plan.path("predictions").path("held_out_prediction");
      String matched = null;
      for (JsonValue cond : plan.path("conditions").elements()) {
        if (cond.path("name").optionalText().orElse("").equals(c)) {
          matched = cond.path("matched_condition").optionalText().orElse(null);
        }
      }
      // read strictly (ftl.data.io.JsonValue): a fraction in [0, 1], a grid of 1 to MAX_PHASE_GRID_POINTS phases
      OptionalDouble tolerance = rule.path("tolerance_abs").optionalDoubleIn(0, 1);
      OptionalLong grid = rule.path("phase_grid_points").optionalLongIn(1, MAX_PHASE_GRID_POINTS);
      if (matched == null || tolerance.isEmpty() || grid.isEmpty()) {
        return "the plan does not name the matched condition of " + c + " with a tolerance and a phase grid";
      }
      OmbLedgerReader.Entry first = d.ok(c).get(0);
      long interval = first.row().sendIntervalNanos();
      String payload = first.row().field("payload_bytes"); // the omb-real ledger, a layout of its own (OmbLedgerReader)
      Optional<Campaign> camp = a.campaign(MATCHED);
      List<LedgerRow> rows = new ArrayList<>();
      for (LedgerRow r : camp.map(Campaign::runs).orElse(List.of())) {
        if (r.ok() && r.condition().equals(matched)) {
          rows.add(r);
        }
      }
      if (rows.isEmpty()) {
        return "no ok run of condition " + matched + " in campaign " + MATCHED;
      }
      for (LedgerRow r : rows) {
        if (!r.field(LedgerSchema.SEND_INTERVAL_NS).equals(Long.toString(interval))
            || !r.field(LedgerSchema.PAYLOAD_BYTES).equals(payload)) {
          return "matched run " + r.runId() + " has send interval " + r.field(LedgerSchema.SEND_INTERVAL_NS)
              + " ns and payload "
              + r.field(LedgerSchema.PAYLOAD_BYTES) + " B, OMB condition " + c + " " + interval + " ns and " + payload
              + " B";
        }
      }
      // the complete flights the scan kept of each matched run (ScanDetail#completeFlightsNanos): no file read again
      Map<String, ScannedRun> byRun = new HashMap<>();
      for (ScannedRun r : a.campaignRuns(MATCHED)) {
        byRun.put(r.row().runId(), r);
      }
      List<ExactHistogram> perRun = new ArrayList<>();
      for (LedgerRow r : rows) {
        perRun.add(byRun.get(r.runId()).detail().completeFlightsNanos());
      }
      ExactHistogram flights = ExactHistogram.merge(perRun);
      long[] buffer = new long[Math.toIntExact(flights.total())];
      int n = 0;
      for (int i = 0; i < flights.distinct(); i++) {
        for (long k = 0; k < flights.count(i); k++) {
          buffer[n++] = flights.value(i);
        }
      }
      if (n == 0) {
        return "no complete event in the ok runs of condition " + matched + " in campaign " + MATCHED;
      }
      HeldOutGuard.Prediction p = HeldOutGuard.predict(buffer, interval, QUANTUM_NANOS, (int) grid.getAsLong());
      // the buffer is ascending (a histogram's values in order): its median is read off, not selected from a copy
      return new Pred(p, Quantiles.type7Sorted(buffer, 0.5) / 1000.0, tolerance.getAsDouble());
    });
  }

  private static Quantity pred(Quantity.ScopePart head, OmbData d, String c, Function<Pred, Value> f) {
    return head.scope(Scope.OMB_REAL).function(HeldOutGuard.class, "predict").computes(a -> {
      Object p = prediction(a, read(d), c);
      return p instanceof Pred pr ? f.apply(pr) : new Value.Unavailable((String) p);
    });
  }

  private static Quantity q(Quantity.ScopePart head, String function, Optional<OmbData> omb, Function<OmbData,
      Value> f) {
    return head.scope(Scope.OMB_REAL).function(function)
        .computes(a -> omb.map(d -> f.apply(read(d))).orElseGet(OmbRealQuantities::noData));
  }

  /** {@code d}, noted as read by the computation running now ({@link SourceReads#folder}: what a criterion read). */
  private static OmbData read(OmbData d) {
    SourceReads.folder(OmbFormat.FOLDER);
    return d;
  }

  static Value tolerance(OmbData d) {
    OptionalDouble t = d.plan().map(p -> p.path("predictions").path("held_out_prediction").path("tolerance_abs")
        .optionalDoubleIn(0, 1)).orElse(OptionalDouble.empty());
    return t.isPresent() ? new Value.Real(t.getAsDouble()) : new Value.Unavailable("no tolerance_abs in the plan");
  }

  static Value noData() {
    return new Value.Unavailable("no real OpenMessaging Benchmark runs: no " + CampaignCatalogue.OMB_REAL.folder()
        + "/ledger.csv in OMB's format under the data root");
  }

  static String macro(String prefix, String condition) {
    return Naming.macro(prefix, "", condition);
  }

  static Value range(double[] xs) {
    if (xs.length == 0) {
      return new Value.Unavailable("no ok run");
    }
    double lo = Arrays.stream(xs).min().orElseThrow();
    double hi = Arrays.stream(xs).max().orElseThrow();
    return Double.isFinite(lo) && Double.isFinite(hi) ? new Value.Range(lo, hi)
        : new Value.Unavailable("a run received no message");
  }

  /** Held iff the mean lies in the band and every run in the widened range ({@link HeldOutGuard#check}). */
  static Value verdict(double[] observed, Pred p) {
    HeldOutGuard.Check k = HeldOutGuard.check(observed, p.prediction(), p.tolerance());
    return new Value.Verdict(k.held(), String.format(Locale.ROOT,
        "%d runs: mean %.4f vs predicted %.4f +/- %.4f (%s); %d outside [%.4f, %.4f] +/- %.2f", k.runs(),
        k.observedMean(), p.prediction().meanDropped(), k.halfWidth(), k.meanInside() ? "inside" : "outside",
        k.outsideRange(), p.prediction().minDropped(), p.prediction().maxDropped(), p.tolerance()));
  }

  /** Held iff every condition with at least {@link #MIN_RUNS} ok runs holds; its reason when one cannot be tested. */
  static Value heldOutVerdict(Analysis a, OmbData d) {
    Set<String> conditions = new LinkedHashSet<>();
    d.ok().forEach(e -> conditions.add(e.row().condition()));
    List<String> basis = new ArrayList<>();
    boolean held = true;
    for (String c : conditions) {
      if (d.ok(c).size() < MIN_RUNS) {
        continue;
      }
      Object p = prediction(a, d, c);
      if (!(p instanceof Pred pr)) {
        return new Value.Unavailable(c + ": " + p);
      }
      Value.Verdict v = (Value.Verdict) verdict(d.dropped(c), pr);
      held &= v.held();
      basis.add(c + " " + (v.held() ? "held" : "did not hold"));
    }
    return basis.isEmpty() ? new Value.Unavailable("no OMB condition with at least " + MIN_RUNS + " ok runs")
        : new Value.Verdict(held, String.join("; ", basis));
  }

  static Value swing(double[] dropped) {
    if (dropped.length < 2) {
      return new Value.Unavailable("fewer than 2 ok runs of " + SWING);
    }
    double r = spread(dropped);
    return new Value.Verdict(r > SWING_MIN_RANGE, String.format(Locale.ROOT, "range %.4f vs %.2f", r, SWING_MIN_RANGE));
  }

  static Value steadier(double[] steady, double[] swing) {
    if (steady.length < 2 || swing.length < 2) {
      return new Value.Unavailable("fewer than 2 ok runs of " + STEADY + " or " + SWING);
    }
    double s = spread(steady);
    double w = spread(swing);
    return new Value.Verdict(s < w, String.format(Locale.ROOT, "range %.4f at %s vs %.4f at %s", s, STEADY, w, SWING));
  }

  static Value linger(double[] dropped) {
    if (dropped.length == 0) {
      return new Value.Unavailable("no ok run of " + LINGER);
    }
    double max = Arrays.stream(dropped).max().orElseThrow();
    return new Value.Verdict(max < LINGER_MAX, String.format(Locale.ROOT, "largest %.4f vs %.2f", max, LINGER_MAX));
  }

  /** max - min; NaN propagates. */
  static double spread(double[] xs) {
    return Arrays.stream(xs).max().orElseThrow() - Arrays.stream(xs).min().orElseThrow();
  }

  /** The files the quantities read: the OMB ledger and run files, then the matched campaign's ledger and events. */
  public static List<String> sources(Analysis a) {
    List<String> out = new ArrayList<>();
    String display = a.data().displayRoot() + "/" + CampaignCatalogue.OMB_REAL.folder();
    if (a.data().otherFolders().contains(CampaignCatalogue.OMB_REAL.folder())) {
      out.add(display + "/ledger.csv");
      out.addAll(read(a.data()).map(d -> d.ok().stream().map(e -> display + "/" + e.row().runFile()).toList())
          .orElse(List.of()));
    }
    for (Campaign c : a.data().campaigns()) {
      if (c.name().equals(MATCHED)) {
        out.add(c.ledgerName());
        c.runs().stream().filter(LedgerRow::ok).forEach(r -> out.add(c.eventsName(r)));
      }
    }
    return out;
  }
}
