package ftl.quantity.section;

import ftl.data.Campaign;
import ftl.data.io.JsonValue;
import ftl.data.ledger.Instrument;
import ftl.data.ledger.LedgerSchema;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.CampaignCatalogue;
import ftl.quantity.core.CampaignRuns;
import ftl.quantity.core.Format;
import ftl.quantity.core.Manipulations;
import ftl.quantity.core.Naming;
import ftl.quantity.core.Phrases;
import ftl.quantity.core.Provenance;
import ftl.quantity.core.Quantity.Scope;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.ScannedRun;
import ftl.quantity.core.ScanNeeds;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;
import ftl.stats.GuardResult;
import ftl.stats.Quantiles;
import ftl.stats.Rate;
import ftl.stats.RateRatio;
import ftl.stats.SignCheckResult;
import ftl.stats.SmoothLimit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The pre-registered replay campaign ({@code data/replay/plan.json}): send schedules derived from two StatsBomb
 * matches ({@code ftl replay-schedule}) at two mean gaps, beside fixed-interval controls at the same mean gaps.
 * Mode B: each replay condition's pooled guard retention against the smooth limit {@code E[min(T, q)]/q} of the
 * grid law, with the flight distribution <em>held out</em>: the flights of the fixed-interval control at the same
 * mean gap, never the replay runs' own events. Mode A: the pooled negative-A rate of the replay runs over the
 * control's. Tolerances are read from the plan's {@code predictions}, never typed here.
 */
public final class ReplayQuantities {
  static final String REPLAY = CampaignCatalogue.REPLAY.folder();
  /** Matches of the plan (StatsBomb match ids, prefixed). */
  static final List<String> MATCHES = List.of("m3788741", "m15986");
  /** Mean gaps of the plan: each replay schedule's and its control's send interval. */
  static final List<String> GAPS = List.of("500us", "250us");
  /** The quantum of create_ms. */
  static final long QUANTUM_NANOS = ScanNeeds.QUANTUM_NANOS;

  private ReplayQuantities() {}

  static String replayCondition(String match, String gap) {
    return "replay-" + match + "-g" + gap;
  }

  static String controlCondition(String gap) {
    return "fixed-" + gap;
  }

  /** Every condition of the plan: the replay conditions, then the controls. */
  static List<String> conditions() {
    List<String> c = new ArrayList<>();
    for (String g : GAPS) {
      for (String m : MATCHES) {
        c.add(replayCondition(m, g));
      }
    }
    for (String g : GAPS) {
      c.add(controlCondition(g));
    }
    return c;
  }

  public static List<Quantity> all() {
    List<Quantity> q = new ArrayList<>();
    q.add(entry(Quantity.key("replay.runs").macro("ReplayRuns")
        .definition("ok runs of the replay campaign (replay and fixed-interval control conditions)").unit(Unit.COUNT)
        .format(Format.GROUPED_INTEGER), Scope.LEDGERS, Provenance.name(ReplayQuantities.class, "runs"),
        a -> new Value.Count(a.okRowsOf(REPLAY, Instrument.KAFKA.word()).size())));
    q.add(entry(Quantity.key("replay.rejected").macro("ReplayRejected")
        .definition("ok runs of the replay campaign the sign check rejects (some event with A = recv_ns - ack_ns < 0)")
        .unit(Unit.COUNT).format(Format.GROUPED_INTEGER), Scope.KAFKA_EVENTS,
        Provenance.name(SignCheckResult.class, "rejected"),
        a -> new Value.Count(runs(a).stream().filter(ScannedRun::rejected).count())));
    for (String c : conditions()) {
      String words = Naming.macro("", "", c);
      q.add(entry(Quantity.key("replay.retention." + c).macro("ReplayRetention" + words)
          .definition(
          "pooled guard retention (sum kept / sum taken, kept iff floor(recv_us/1000) - create_ms > 0) of condition "
          + c + " of the replay campaign").unit(Unit.FRACTION).format(Format.PERCENT_2DP), Scope.KAFKA_EVENTS,
          Provenance.name(GuardResult.class, "retention"),
          a -> observed(a, c)));
      q.add(entry(Quantity.key("replay.retentionRange." + c).macro("ReplayRetentionRange" + words)
          .definition("smallest to largest per-run guard retention among the ok runs of condition " + c
          + " of the replay campaign").unit(Unit.FRACTION).format(Format.PERCENT_RANGE_2DP), Scope.KAFKA_EVENTS,
          Provenance.name(GuardResult.class, "retention"),
          a -> range(a, c)));
      q.add(entry(Quantity.key("replay.negRate." + c).macro("ReplayNegRate" + words)
          .definition(
          "pooled negative-A rate (events with A = recv_ns - ack_ns < 0 over events with all three stamps) of "
          + "condition " + c + " of the replay campaign").unit(Unit.FRACTION).format(Format.PERCENT_2DP),
          Scope.KAFKA_EVENTS, Provenance.name(Rate.class, "pooled"),
          a -> negRate(a, c)));
      q.add(entry(Quantity.key("replay.lagP99." + c).macro("ReplayLagPNinetyNine" + words)
          .definition("median over the ok runs of condition " + c
          + " of the replay campaign of each run's 99th-percentile pacing lag (send_ns minus intended send time, "
          + "ledger pacing_lag_p99_ns)").unit(Unit.MICROSECONDS).format(Format.REAL_3SF), Scope.LEDGERS,
          Provenance.name(Quantiles.class, "median"),
          a -> lag(a, c)));
    }
    for (String g : GAPS) {
      for (String m : MATCHES) {
        String c = replayCondition(m, g);
        String words = Naming.macro("", "", c);
        q.add(entry(Quantity.key("replay.predicted." + c).macro("ReplayPredicted" + words)
            .definition("held-out prediction of the pooled guard retention of " + c
            + ": the smooth limit E[min(T, q)]/q, q = 1 ms, over the flights T = recv_ns - send_ns of every ok run "
            + "of the fixed-interval control " + controlCondition(g) + " (never the replay runs' own events)")
            .unit(Unit.FRACTION).format(Format.PERCENT_2DP), Scope.KAFKA_EVENTS,
            Provenance.name(SmoothLimit.Sum.class, "retention"),
            a -> predicted(a, g)));
        q.add(entry(Quantity.key("replay.error." + c).macro("ReplayError" + words)
            .definition("observed minus held-out predicted pooled retention of " + c
            + " (replay.retention minus replay.predicted), in percentage points").unit(Unit.FRACTION)
            .format(Format.POINTS_2DP), Scope.KAFKA_EVENTS, Provenance.name(ReplayQuantities.class, "error"),
            a -> error(a, c, g)));
      }
      String gw = Naming.macro("", "", "g" + g);
      String key = "replay.burstRatio.g" + g;
      q.add(ratio(key, "ReplayBurstRatio" + gw,
          "pooled negative-A rate of the replay runs of both matches at mean gap " + g
          + " over that of the fixed-interval control " + controlCondition(g), g, 0));
      q.add(ratio(key + ".lower", "ReplayBurstRatio" + gw + "Lower",
          "lower end of the " + Phrases.bootstrapOverRuns() + " of " + key, g, -1));
      q.add(ratio(key + ".upper", "ReplayBurstRatio" + gw + "Upper",
          "upper end of the " + Phrases.bootstrapOverRuns() + " of " + key, g, 1));
    }
    q.add(entry(Quantity.key("replay.error.range").macro("ReplayErrorRange")
        .definition(
        "smallest to largest of replay.error over the four replay conditions (observed minus held-out predicted pooled"
            + " retention, in percentage points)").unit(Unit.FRACTION).format(Format.POINTS_RANGE_2DP),
            Scope.KAFKA_EVENTS,
        Provenance.name(ReplayQuantities.class, "span"), a -> span(replayErrors(a))));
    q.add(entry(Quantity.key("replay.burstRatio.range").macro("ReplayBurstRatioRange")
        .definition(
        "smaller to larger of replay.burstRatio over the plan's mean gaps (pooled negative-A rate of the replay runs "
            + "over that of the fixed-interval control at the same mean gap)").unit(Unit.RATIO)
            .format(Format.RATIO_RANGE_2SF),
        Scope.KAFKA_EVENTS, Provenance.name(ReplayQuantities.class, "span"),
        a -> span(GAPS.stream().map(g -> Manipulations.part(burst(a, g), 0)).toList())));
    q.add(entry(Quantity.key("replay.smoothLimit.tolerance").macro("ReplaySmoothLimitTolerance")
        .definition(
        "the replay plan's pre-registered tolerance of the held-out smooth-limit prediction, |observed - predicted| "
            + "pooled retention of a replay condition, in percentage points (data/replay/plan.json "
            + "predictions.mode_b_smooth_limit.tolerance)").unit(Unit.FRACTION).format(Format.POINTS_2DP),
            Scope.LEDGERS, Provenance.name(ReplayQuantities.class, "planNumber"),
        a -> tolerance(planNumber(a, "mode_b_smooth_limit", "tolerance"))));
    q.add(entry(Quantity.key("replay.prediction.smoothLimit").macro("ReplayPredictionSmoothLimit")
        .definition(
        "pre-registered (Mode B, held out): for every replay condition, |replay.retention - replay.predicted| is at "
        + "most the plan's tolerance (predictions.mode_b_smooth_limit.tolerance)").unit(Unit.DIMENSIONLESS)
        .format(Format.VERDICT), Scope.KAFKA_EVENTS, Provenance.name(ReplayQuantities.class, "smoothLimitVerdict"),
        a -> smoothLimitVerdict(a)));
    q.add(entry(Quantity.key("replay.ownFlights.share").macro("ReplayOwnFlightsShare")
        .definition(
        "share of the replay runs whose retention lies within the plan's tolerance "
        + "(predictions.mode_b_own_flights.tolerance) of E[min(T, q)]/q over the run's own flights (recv_ns - "
        + "send_ns) taken as an unpaired distribution (a consistency check of phase uniformity, not held out)")
        .unit(Unit.FRACTION).format(Format.PERCENT_2DP), Scope.KAFKA_EVENTS,
        Provenance.name(SmoothLimit.Sum.class, "retention"),
        a -> ownShare(a)));
    q.add(entry(Quantity.key("replay.prediction.ownFlights").macro("ReplayPredictionOwnFlights")
        .definition(
        "consistency check, pre-registered: replay.ownFlights.share reaches the plan's share "
        + "(predictions.mode_b_own_flights.share_of_runs)").unit(Unit.DIMENSIONLESS).format(Format.VERDICT),
        Scope.KAFKA_EVENTS, Provenance.name(ReplayQuantities.class, "ownVerdict"),
        a -> ownVerdict(a)));
    q.add(entry(Quantity.key("replay.prediction.bursts").macro("ReplayPredictionBursts")
        .definition("pre-registered (Mode A): at every mean gap the " + Phrases.level()
        + " bootstrap interval of replay.burstRatio lies above 1 (a replayed bursty stream raises the negative-A "
        + "rate over fixed intervals at the same mean rate)").unit(Unit.DIMENSIONLESS).format(Format.VERDICT),
        Scope.KAFKA_EVENTS, Provenance.name(ReplayQuantities.class, "burstsVerdict"),
        a -> burstsVerdict(GAPS.stream().map(g -> burst(a, g)).toList())));
    return q;
  }

  /** A registry entry of the campaign: unavailable, saying so, when the data root holds no ok run of it. */
  private static Quantity entry(Quantity.ScopePart head, Scope scope, String function, Function<Analysis,
      Value> compute) {
    return head.scope(scope).function(function).computes(a -> has(a) ? compute.apply(a) : noData());
  }

  private static Quantity ratio(String key, String macro, String definition, String gap, int which) {
    return entry(Quantity.key(key).macro(macro).definition(definition).unit(Unit.RATIO).format(Format.RATIO_3SF),
        Scope.KAFKA_EVENTS, Provenance.name(RateRatio.class, "estimate"),
        a -> Manipulations.part(burst(a, gap), which));
  }

  static boolean has(Analysis a) {
    return CampaignRuns.has(a, REPLAY);
  }

  static Value noData() {
    return CampaignRuns.noData(REPLAY);
  }

  static List<ScannedRun> runs(Analysis a) {
    return a.campaignRuns(REPLAY);
  }

  static List<ScannedRun> runs(Analysis a, String condition) {
    return runs(a).stream().filter(r -> r.row().condition().equals(condition)).toList();
  }

  private static Value none(String condition) {
    return new Value.Unavailable("no ok run of condition " + condition + " delivered an event");
  }

  static Value observed(Analysis a, String c) {
    long kept = 0;
    long taken = 0;
    for (ScannedRun r : runs(a, c)) {
      kept += r.guard().kept();
      taken += r.guard().taken();
    }
    return taken == 0 ? none(c) : new Value.Real((double) kept / taken);
  }

  static Value range(Analysis a, String c) {
    double[] v = runs(a, c).stream().filter(r -> r.guard().taken() > 0).mapToDouble(ScannedRun::retention).sorted()
        .toArray();
    return v.length == 0 ? none(c) : new Value.Range(v[0], v[v.length - 1]);
  }

  static Value negRate(Analysis a, String c) {
    long neg = 0;
    long complete = 0;
    for (ScannedRun r : runs(a, c)) {
      neg += r.sign().ackNegative();
      complete += r.sign().complete();
    }
    return complete == 0 ? new Value.Unavailable("no event of condition " + c + " has all three stamps")
        : new Value.Real((double) neg / complete);
  }

  static Value lag(Analysis a, String c) {
    double[] v = runs(a, c).stream().map(r -> r.field(LedgerSchema.PACING_LAG_P99_NS)).filter(s -> !s.isEmpty())
        .mapToDouble(Double::parseDouble).toArray();
    return v.length == 0 ? new Value.Unavailable("no run of condition " + c + " records pacing_lag_p99_ns")
        : new Value.Real(Quantiles.median(v) / 1000.0);
  }

  /**
   * Per ok run of the campaign, its flights reduced to the smooth-limit sum (memoised; flights from the scan's pass).
   */
  static Map<String, SmoothLimit.Sum> flightSums(Analysis a) {
    return a.memo("replay:flights", () -> {
      Map<String, SmoothLimit.Sum> m = new LinkedHashMap<>();
      for (ScannedRun r : runs(a)) {
        m.put(r.row().runId(), a.detail(r).flightSum()); // the delivered events' flights, summed in the scan's pass
      }
      return m;
    });
  }

  static Value predicted(Analysis a, String gap) {
    Map<String, SmoothLimit.Sum> sums = flightSums(a);
    SmoothLimit.Sum s = SmoothLimit.Sum.empty(QUANTUM_NANOS);
    for (ScannedRun r : runs(a, controlCondition(gap))) {
      s = s.merge(sums.get(r.row().runId()));
    }
    return s.flights() == 0 ? new Value.Unavailable("no flight of the control " + controlCondition(gap)
        + " to predict from") : new Value.Real(s.retention());
  }

  static Value error(Analysis a, String c, String gap) {
    Value o = observed(a, c);
    Value p = predicted(a, gap);
    if (o instanceof Value.Real or && p instanceof Value.Real pr) {
      return new Value.Real(or.value() - pr.value());
    }
    return o instanceof Value.Unavailable ? o : p;
  }

  /** A tolerance read from the plan, unavailable when the plan states none (NaN). */
  static Value tolerance(double fromPlan) {
    return Double.isNaN(fromPlan) ? new Value.Unavailable(
        "the replay plan states no predictions.mode_b_smooth_limit.tolerance")
        : new Value.Real(fromPlan);
  }

  /** replay.error of each replay condition, in the order of {@link #conditions()}. */
  static List<Value> replayErrors(Analysis a) {
    List<Value> out = new ArrayList<>();
    for (String g : GAPS) {
      for (String m : MATCHES) {
        out.add(error(a, replayCondition(m, g), g));
      }
    }
    return out;
  }

  /** Smallest to largest of {@code values}; the first unavailable one when any is unavailable. */
  static Value span(List<Value> values) {
    double low = Double.POSITIVE_INFINITY;
    double high = Double.NEGATIVE_INFINITY;
    for (Value v : values) {
      if (!(v instanceof Value.Real r)) {
        return v;
      }
      low = Math.min(low, r.value());
      high = Math.max(high, r.value());
    }
    return values.isEmpty() ? new Value.Unavailable("nothing to span") : new Value.Range(low, high);
  }

  /**
   * The plan's {@code predictions.<name>.<field>}, a fraction in [0, 1] ({@link
   * ftl.data.io.JsonValue#optionalDoubleIn}); NaN when the campaign has no plan or the field is absent; any other value
   * is refused with the plan's file:line.
   */
  static double planNumber(Analysis a, String name, String field) {
    Optional<JsonValue> plan = a.campaign(REPLAY).flatMap(Campaign::plan);
    return plan.map(p -> p.path("predictions").path(name).path(field).optionalDoubleIn(0, 1).orElse(Double.NaN))
        .orElse(Double.NaN);
  }

  static Value smoothLimitVerdict(Analysis a) {
    double tol = planNumber(a, "mode_b_smooth_limit", "tolerance");
    List<Value> errors = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (String g : GAPS) {
      for (String m : MATCHES) {
        names.add(replayCondition(m, g));
        errors.add(error(a, replayCondition(m, g), g));
      }
    }
    return smoothLimit(names, errors, tol);
  }

  /**
   * Held iff every error is at most {@code tolerance} in absolute value; unavailable without a tolerance or an error.
   */
  static Value smoothLimit(List<String> names, List<Value> errors, double tolerance) {
    if (Double.isNaN(tolerance)) {
      return new Value.Unavailable("the replay plan states no predictions.mode_b_smooth_limit.tolerance");
    }
    boolean held = true;
    List<String> basis = new ArrayList<>();
    for (int i = 0; i < errors.size(); i++) {
      if (!(errors.get(i) instanceof Value.Real e)) {
        return new Value.Unavailable("no error for " + names.get(i) + ": "
            + ((Value.Unavailable) errors.get(i)).reason());
      }
      held &= Math.abs(e.value()) <= tolerance;
      basis.add(names.get(i) + " " + (e.value() >= 0 ? "+" : "") + Format.points(e.value()));
    }
    return new Value.Verdict(held, "observed minus predicted: " + String.join("; ", basis)
        + " (tolerance " + Format.points(tolerance) + ")");
  }

  /** Replay runs (not controls) whose retention is within the tolerance of their own unpaired smooth limit. */
  static long[] ownCounts(Analysis a, double tolerance) {
    Map<String, SmoothLimit.Sum> sums = flightSums(a);
    long within = 0;
    long n = 0;
    for (ScannedRun r : runs(a)) {
      SmoothLimit.Sum s = sums.get(r.row().runId());
      if (!r.row().condition().startsWith("replay-") || s.flights() == 0) {
        continue;
      }
      n++;
      within += Math.abs(r.retention() - s.retention()) <= tolerance ? 1 : 0;
    }
    return new long[] {within, n};
  }

  static Value ownShare(Analysis a) {
    double tol = planNumber(a, "mode_b_own_flights", "tolerance");
    return share(tol, Double.isNaN(tol) ? new long[2] : ownCounts(a, tol));
  }

  /** {@code within / runs} of {@code counts}; unavailable without a tolerance or without a run. */
  static Value share(double tolerance, long[] counts) {
    if (Double.isNaN(tolerance)) {
      return new Value.Unavailable("the replay plan states no predictions.mode_b_own_flights.tolerance");
    }
    return counts[1] == 0 ? new Value.Unavailable("no replay run delivered an event")
        : new Value.Real((double) counts[0] / counts[1]);
  }

  static Value ownVerdict(Analysis a) {
    return ownVerdict(ownShare(a), planNumber(a, "mode_b_own_flights", "share_of_runs"));
  }

  /** Held iff {@code share} reaches {@code needed}; unavailable when the share is, or when the plan states no share. */
  static Value ownVerdict(Value share, double needed) {
    if (!(share instanceof Value.Real r)) {
      return share;
    }
    if (Double.isNaN(needed)) {
      return new Value.Unavailable("the replay plan states no predictions.mode_b_own_flights.share_of_runs");
    }
    return new Value.Verdict(r.value() >= needed, String.format(Locale.ROOT, "share %.4f, pre-registered %.4f",
        r.value(), needed));
  }

  /** The negative-A rate ratio, replay runs of both matches over the control, at one mean gap (memoised). */
  static RateRatio.Estimate burst(Analysis a, String gap) {
    return a.memo("replay:burst:" + gap, () -> Manipulations.ratio(runs(a),
        r -> r.row().condition().startsWith("replay-") && r.row().condition().endsWith("-g" + gap),
        r -> r.row().condition().equals(controlCondition(gap))));
  }

  /** Held iff at every mean gap the interval's lower end exceeds 1; unavailable when an interval is not finite. */
  static Value burstsVerdict(List<RateRatio.Estimate> estimates) {
    boolean held = true;
    List<String> basis = new ArrayList<>();
    for (int i = 0; i < estimates.size(); i++) {
      RateRatio.Estimate e = estimates.get(i);
      if (e.status() != RateRatio.Status.DEFINED || !Double.isFinite(e.lower())) {
        return new Value.Unavailable("no finite interval at mean gap " + GAPS.get(i) + ": " + e.status());
      }
      held &= e.lower() > 1;
      basis.add(String.format(Locale.ROOT, "mean gap %s: %.3gx, " + Phrases.levelFormat() + " interval %.3g to %.3g",
          GAPS.get(i), e.ratio(), e.lower(), e.upper()));
    }
    return new Value.Verdict(held, String.join("; ", basis));
  }
}
