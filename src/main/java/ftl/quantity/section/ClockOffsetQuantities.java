package ftl.quantity.section;

import ftl.data.ledger.Instrument;
import ftl.data.ledger.LedgerRow;
import ftl.data.ledger.LedgerSchema;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.CampaignCatalogue;
import ftl.quantity.core.CampaignRuns;
import ftl.quantity.core.Format;
import ftl.quantity.core.Naming;
import ftl.quantity.core.Quantity.Scope;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.ScanDetail;
import ftl.quantity.core.ScannedRun;
import ftl.quantity.core.ScanNeeds;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;
import ftl.stats.ExactHistogram;
import ftl.stats.GridLaw;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The pre-registered clock-offset campaign ({@code data/clockoffset/plan.json}): the producer stamps CreateTime on
 * a clock {@code clock_offset_us} ahead of the consumer's, and the grid law with an offset predicts, per run, the
 * retention and the one-tick negatives ({@code M = -1}) from the run's own send stamps and a flight distribution
 * it did not produce (the flights of campaign modeB at the same send interval). Also the grid law's held-out
 * retention prediction for the other new campaigns (fifojvm, delivery), there from the flights of the other runs
 * of the same condition.
 */
public final class ClockOffsetQuantities {
  static final String CLOCKOFFSET = CampaignCatalogue.CLOCKOFFSET.folder();
  /** The campaign whose flights the clock-offset predictions use (pre-registered). */
  static final String FLIGHTS_FROM = CampaignCatalogue.MODE_B.folder();
  /** Offsets of the plan, us. */
  static final List<Long> OFFSETS = List.of(-1500L, -300L, 0L, 300L, 700L, 1500L);
  /** Pre-registered tolerance of the count verdict: absolute difference of shares. */
  static final double TOLERANCE = 0.10;
  /** Occurrence: an expected-zero condition may show at most this pooled one-tick share. */
  static final double ZERO_SHARE_LIMIT = 0.005;
  /** Occurrence: a condition expecting at least this one-tick share must show one in every run. */
  static final double PRESENT_SHARE = 0.02;
  /**
   * Campaigns whose held-out grid-law error is reported (for clockoffset this is beside, not instead of, its
   * pre-registered prediction from modeB's flights: an exploratory check with the campaign's own flights).
   */
  static final List<String> HELD_OUT = ScanNeeds.HELD_OUT_STAMPS;

  private ClockOffsetQuantities() {}

  public static List<Quantity> all() {
    List<Quantity> q = new ArrayList<>();
    q.add(Quantity.key("clockoffset.oneTick.observed").macro("ClockOffsetOneTickObserved")
        .definition("one-tick negatives (M = recv_ms - create_ms = -1) in the ok runs of campaign clockoffset")
        .unit(Unit.COUNT).format(Format.GROUPED_INTEGER).scope(Scope.KAFKA_EVENTS)
        .function(ClockOffsetQuantities.class, "outcomes")
        .computes(a -> guarded(a, x -> new Value.Count(outcomes(x).stream().mapToLong(ConditionOutcome::oneTickObserved)
        .sum()))));
    q.add(Quantity.key("clockoffset.oneTick.expected").macro("ClockOffsetOneTickExpected")
        .definition(
        "one-tick negatives the grid law with an offset expects in the ok runs of campaign clockoffset (sum over "
        + "runs, rounded), from each run's send_us stamps and the flights (recv_us - send_us, wall clock) of "
        + "campaign modeB at the same send interval")
        .unit(Unit.COUNT).format(Format.GROUPED_INTEGER).scope(Scope.KAFKA_EVENTS)
        .function(GridLaw.class, "expectedWithOffset")
        .computes(a -> guarded(a, x -> new Value.Count(
        Math.round(outcomes(x).stream().mapToDouble(ConditionOutcome::oneTickExpected).sum())))));
    q.add(Quantity.key("clockoffset.runsWithOneTick").macro("ClockOffsetRunsWithOneTick")
        .definition("ok runs of campaign clockoffset with at least one one-tick negative")
        .unit(Unit.COUNT).format(Format.GROUPED_INTEGER).scope(Scope.KAFKA_EVENTS)
        .function(ClockOffsetQuantities.class, "outcomes")
        .computes(a -> guarded(a, x -> new Value.Count(outcomes(x).stream().mapToLong(ConditionOutcome::runsWithOneTick)
        .sum()))));
    for (long off : OFFSETS) {
      String slug = "off" + (off < 0 ? "m" + (-off) : String.valueOf(off));
      String where = "the ok runs of campaign clockoffset at clock offset " + off
          + " us (pooled over their conditions)";
      q.add(share(Quantity.key("clockoffset.oneTickShare.observed." + slug)
          .macro(Naming.macro("ClockOffsetOneTickObservedShare", "", slug))
          .definition("share of one-tick negatives among the delivered events of " + where), off, true, true));
      q.add(share(Quantity.key("clockoffset.oneTickShare.expected." + slug)
          .macro(Naming.macro("ClockOffsetOneTickExpectedShare", "", slug))
          .definition("share of one-tick negatives the grid law with an offset expects for " + where), off, true,
          false));
      q.add(share(Quantity.key("clockoffset.retention.observed." + slug)
          .macro(Naming.macro("ClockOffsetRetentionObserved", "", slug))
          .definition("guard retention (M > 0) of the delivered events of " + where), off, false, true));
      q.add(share(Quantity.key("clockoffset.retention.expected." + slug)
          .macro(Naming.macro("ClockOffsetRetentionExpected", "", slug))
          .definition("guard retention the grid law with an offset expects for " + where), off, false, false));
    }
    q.add(Quantity.key("clockoffset.count.maxShareError").macro("ClockOffsetMaxShareError")
        .definition(
        "largest absolute difference, over the conditions of campaign clockoffset, between the observed and the "
        + "expected pooled one-tick share")
        .unit(Unit.FRACTION).format(Format.POINTS_2DP).scope(Scope.KAFKA_EVENTS)
        .function(ClockOffsetQuantities.class, "maxError")
        .computes(a -> guarded(a, x -> maxError(outcomes(x), true))));
    q.add(Quantity.key("clockoffset.count.maxRetentionError").macro("ClockOffsetMaxRetentionError")
        .definition(
        "largest absolute difference, over the conditions of campaign clockoffset, between the observed and the "
        + "expected pooled retention")
        .unit(Unit.FRACTION).format(Format.POINTS_2DP).scope(Scope.KAFKA_EVENTS)
        .function(ClockOffsetQuantities.class, "maxError")
        .computes(a -> guarded(a, x -> maxError(outcomes(x), false))));
    q.add(Quantity.key("clockoffset.prediction.occurrence").macro("ClockOffsetPredictionOccurrence")
        .definition(
        "pre-registered: one-tick negatives occur where the grid law with an offset expects them (every run of each "
        + "condition expecting a share of at least 2%) and not where it expects none (pooled share at most 0.5%)")
        .unit(Unit.DIMENSIONLESS).format(Format.VERDICT).scope(Scope.KAFKA_EVENTS)
        .function(ClockOffsetQuantities.class, "occurrence")
        .computes(a -> guarded(a, x -> occurrence(outcomes(x)))));
    q.add(Quantity.key("clockoffset.prediction.count").macro("ClockOffsetPredictionCount")
        .definition(
        "pre-registered: in every condition of campaign clockoffset the observed pooled one-tick share and retention "
        + "lie within 10 " + Format.POINTS + " of the grid law's expectation")
        .unit(Unit.DIMENSIONLESS).format(Format.VERDICT).scope(Scope.KAFKA_EVENTS)
        .function(ClockOffsetQuantities.class, "count")
        .computes(a -> guarded(a, x -> count(outcomes(x)))));
    q.add(Quantity.key("clockoffset.createMismatch").macro("ClockOffsetCreateMismatch")
        .definition(
        "delivered CreateTimes of the offset runs (offset not 0) of campaign clockoffset that differ from the "
        + "producer's floor((send_us + offset) / 1000), from the ledger")
        .unit(Unit.COUNT).format(Format.GROUPED_INTEGER).scope(Scope.LEDGERS)
        .function("ftl.harness.run.KafkaRun#createMismatches")
        .computes(a -> guarded(a, x -> createMismatch(x))));
    for (String campaign : HELD_OUT) {
      q.add(Quantity.key("gridlaw.heldout.retentionError." + campaign)
          .macro(Naming.macro("GridLawHeldOutError", campaign, ""))
          .definition("mean over the ok runs of campaign " + campaign
          + " of the absolute difference between the observed guard retention and the grid law's expected retention, "
          + "from the run's send_us stamps and the flights (recv_us - send_us, wall clock) of the other runs of its "
          + "condition (held out)")
          .unit(Unit.FRACTION).format(Format.POINTS_2DP).scope(Scope.KAFKA_EVENTS)
          .function(GridLaw.class, "expectedWithOffset")
          .computes(a -> CampaignRuns.has(a, campaign) ? heldOutError(a, campaign, false)
          : CampaignRuns.noData(campaign)));
      q.add(Quantity.key("gridlaw.heldout.retentionErrorMax." + campaign)
          .macro(Naming.macro("GridLawHeldOutErrorMax", campaign, ""))
          .definition("largest over the ok runs of campaign " + campaign
          + " of the absolute difference between the observed and the held-out expected retention (flights recv_us - "
          + "send_us, wall clock)")
          .unit(Unit.FRACTION).format(Format.POINTS_2DP).scope(Scope.KAFKA_EVENTS)
          .function(GridLaw.class, "expectedWithOffset")
          .computes(a -> CampaignRuns.has(a, campaign) ? heldOutError(a, campaign, true)
          : CampaignRuns.noData(campaign)));
    }
    q.add(Quantity.key("gridlaw.heldout.oneTickError.clockoffset").macro("GridLawHeldOutOneTickErrorClockoffset")
        .definition(
        "mean over the ok runs of campaign clockoffset of the absolute difference between the observed share of "
        + "one-tick negatives and the grid law's expected share from the run's send_us stamps, its clock offset and "
        + "the flights (recv_us - send_us, wall clock) of the other runs of its condition (held out; exploratory, "
        + "not the pre-registered prediction)")
        .unit(Unit.FRACTION).format(Format.POINTS_2DP).scope(Scope.KAFKA_EVENTS)
        .function(GridLaw.class, "expectedWithOffset")
        .computes(a -> guarded(a, x -> heldOut(x, CLOCKOFFSET, false, true))));
    return q;
  }

  private static Value guarded(Analysis a, Function<Analysis, Value> f) {
    return CampaignRuns.has(a, CLOCKOFFSET) ? f.apply(a) : CampaignRuns.noData(CLOCKOFFSET);
  }

  private static Quantity share(Quantity.UnitPart head, long offset, boolean oneTick, boolean observed) {
    return head.unit(Unit.FRACTION).format(Format.PERCENT_2DP).scope(Scope.KAFKA_EVENTS)
        .function(ClockOffsetQuantities.class, "pooledShare")
        .computes(a -> guarded(a, x -> pooledShare(outcomes(x), offset, oneTick, observed)));
  }

  /**
   * A run's send phases ({@code send_us mod 1000}) and wall-clock flights ({@code recv_us - send_us}, us) of its
   * delivered events (each with its CreateTime), as exact histograms.
   */
  record Stamps(ExactHistogram sendPhasesMicros, ExactHistogram flightsMicros) {}

  /** Campaigns whose runs' wall-clock stamps the scan keeps ({@link ScanDetail}): the held-out ones and modeB. */
  static final Set<String> STAMP_CAMPAIGNS = ScanNeeds.STAMP_CAMPAIGNS;

  /** One run's stamps, taken in the pass that scanned it ({@link Analysis#detail}). */
  static Stamps stamps(Analysis a, ScannedRun r) {
    ScanDetail d = a.detail(r);
    return new Stamps(d.sendPhasesMicros(), d.wallFlightsMicros());
  }

  /** Stamps of every ok run of a campaign, by run id in ledger order (read once per analysis). */
  static Map<String, Stamps> stamps(Analysis a, String campaign) {
    return a.memo("stamps:" + campaign, () -> {
      Map<String, Stamps> m = new LinkedHashMap<>();
      for (ScannedRun r : a.campaignRuns(campaign)) {
        m.put(r.row().runId(), stamps(a, r));
      }
      return m;
    });
  }

  /** The flights of campaign modeB's ok runs at one send interval, pooled (empty when none). */
  static ExactHistogram modeBFlights(Analysis a, String intervalNanos) {
    return a.memo("flights:" + FLIGHTS_FROM + ":" + intervalNanos, () -> {
      List<ExactHistogram> parts = new ArrayList<>();
      for (ScannedRun r : a.campaignRuns(FLIGHTS_FROM)) {
        if (r.field(LedgerSchema.SEND_INTERVAL_NS).equals(intervalNanos)) {
          parts.add(stamps(a, r).flightsMicros());
        }
      }
      return ExactHistogram.merge(parts);
    });
  }

  /** The run's clock offset, us ({@code clock_offset_us}; empty = 0). */
  static long offsetOf(ScannedRun r) {
    return r.row().clockOffsetMicros();
  }

  /**
   * What one condition of the campaign showed and what the grid law expected of it (pooled over its runs).
   *
   * @param expectedZero true when no run of the condition is expected to have any one-tick negative (exactly)
   */
  public record ConditionOutcome(String condition, long offsetMicros, int runs, long taken, long keptObserved,
                          long oneTickObserved, int runsWithOneTick, double keptExpected, double oneTickExpected,
                          boolean expectedZero) {
    double shareObserved(boolean oneTick) {
      return (double) (oneTick ? oneTickObserved : keptObserved) / taken;
    }

    double shareExpected(boolean oneTick) {
      return (oneTick ? oneTickExpected : keptExpected) / taken;
    }
  }

  /** The campaign's conditions in ledger order, each with its observation and expectation (computed once). */
  static List<ConditionOutcome> outcomes(Analysis a) {
    return a.memo("clockoffset:outcomes", () -> {
      Map<String, Stamps> st = stamps(a, CLOCKOFFSET);
      Map<String, List<Object[]>> byCondition = new LinkedHashMap<>();
      for (ScannedRun r : a.campaignRuns(CLOCKOFFSET)) {
        ExactHistogram flights = modeBFlights(a, r.field(LedgerSchema.SEND_INTERVAL_NS));
        if (flights.total() == 0 || r.guard().taken() == 0) {
          continue; // no flight distribution for its interval, or nothing delivered: not predicted
        }
        GridLaw.ExpectedGuard g = GridLaw.expectedWithOffset(st.get(r.row().runId()).sendPhasesMicros(), offsetOf(r),
            flights);
        byCondition.computeIfAbsent(r.row().condition(), k -> new ArrayList<>()).add(new Object[] {r, g});
      }
      List<ConditionOutcome> out = new ArrayList<>();
      for (Map.Entry<String, List<Object[]>> e : byCondition.entrySet()) {
        long taken = 0;
        long kept = 0;
        long one = 0;
        int withOne = 0;
        double keptExp = 0;
        double oneExp = 0;
        long oneNumerator = 0;
        long offset = 0;
        for (Object[] pair : e.getValue()) {
          ScannedRun r = (ScannedRun) pair[0];
          GridLaw.ExpectedGuard g = (GridLaw.ExpectedGuard) pair[1];
          offset = offsetOf(r);
          taken += r.guard().taken();
          kept += r.guard().kept();
          one += r.guard().oneTickNegative();
          withOne += r.guard().oneTickNegative() > 0 ? 1 : 0;
          keptExp += g.expectedKept();
          oneExp += g.expectedOneTickNegative();
          oneNumerator += g.oneTickNegative();
        }
        out.add(new ConditionOutcome(e.getKey(), offset, e.getValue().size(), taken, kept, one, withOne, keptExp,
            oneExp,
            oneNumerator == 0));
      }
      return out;
    });
  }

  /** Pooled observed or expected share (one-tick or retention) over the conditions at one offset. */
  static Value pooledShare(List<ConditionOutcome> outcomes, long offset, boolean oneTick, boolean observed) {
    long taken = 0;
    double sum = 0;
    for (ConditionOutcome c : outcomes) {
      if (c.offsetMicros() == offset) {
        taken += c.taken();
        sum += observed ? (oneTick ? c.oneTickObserved() : c.keptObserved())
            : (oneTick ? c.oneTickExpected() : c.keptExpected());
      }
    }
    return taken == 0 ? new Value.Unavailable("no delivered event at clock offset " + offset + " us")
        : new Value.Real(sum / taken);
  }

  /** Largest |observed - expected| share over conditions; unavailable without a condition. */
  public static Value maxError(List<ConditionOutcome> outcomes, boolean oneTick) {
    if (outcomes.isEmpty()) {
      return new Value.Unavailable(
          "no condition with a prediction (no modeB flights at its send interval, or nothing delivered)");
    }
    double max = 0;
    for (ConditionOutcome c : outcomes) {
      max = Math.max(max, Math.abs(c.shareObserved(oneTick) - c.shareExpected(oneTick)));
    }
    return new Value.Real(max);
  }

  /**
   * Held iff expected-zero conditions stay at or under 0.5 % and conditions expecting at least 2 % show one in every
   * run.
   */
  public static Value occurrence(List<ConditionOutcome> outcomes) {
    if (outcomes.isEmpty()) {
      return new Value.Unavailable("no condition with a prediction");
    }
    List<String> failures = new ArrayList<>();
    int zero = 0;
    int present = 0;
    for (ConditionOutcome c : outcomes) {
      if (c.expectedZero()) {
        zero++;
        if (c.shareObserved(true) > ZERO_SHARE_LIMIT) {
          failures.add(String.format(Locale.ROOT, "%s expected none, observed %.2f%%", c.condition(),
              100 * c.shareObserved(true)));
        }
      } else if (c.shareExpected(true) >= PRESENT_SHARE) {
        present++;
        if (c.runsWithOneTick() < c.runs()) {
          failures.add(c.condition() + ": " + (c.runs() - c.runsWithOneTick()) + " of " + c.runs()
              + " runs without one");
        }
      }
    }
    String basis = zero + " conditions expecting none, " + present + " expecting at least 2%"
        + (failures.isEmpty() ? "" : "; " + String.join("; ", failures));
    return new Value.Verdict(failures.isEmpty(), basis);
  }

  /** Held iff every condition's observed one-tick share and retention are within {@link #TOLERANCE} of the expected. */
  public static Value count(List<ConditionOutcome> outcomes) {
    if (outcomes.isEmpty()) {
      return new Value.Unavailable("no condition with a prediction");
    }
    List<String> failures = new ArrayList<>();
    for (ConditionOutcome c : outcomes) {
      for (boolean oneTick : new boolean[] {true, false}) {
        double d = c.shareObserved(oneTick) - c.shareExpected(oneTick);
        if (Math.abs(d) > TOLERANCE) {
          failures.add(String.format(Locale.ROOT, "%s %s observed %.1f%%, expected %.1f%%", c.condition(),
              oneTick ? "one-tick share" : "retention", 100 * c.shareObserved(oneTick),
              100 * c.shareExpected(oneTick)));
        }
      }
    }
    return new Value.Verdict(failures.isEmpty(), outcomes.size() + " conditions"
        + (failures.isEmpty() ? " all within " + Format.points(TOLERANCE) : "; outside " + Format.points(TOLERANCE)
        + ": "
        + String.join("; ", failures)));
  }

  /** Sum of {@code create_ms_mismatch} over the campaign's ok runs with a non-zero offset. */
  static Value createMismatch(Analysis a) {
    long n = 0;
    for (LedgerRow row : a.okRowsOf(CLOCKOFFSET, Instrument.KAFKA.word())) {
      String mm = row.field(LedgerSchema.CREATE_MS_MISMATCH);
      if (row.clockOffsetMicros() != 0 && !mm.isEmpty()) {
        n += Long.parseLong(mm);
      }
    }
    return new Value.Count(n);
  }

  /**
   * Mean ({@code max == false}) or largest absolute difference between each ok run's observed retention and the
   * grid law's expectation from its send stamps, its clock offset and the flights of the other ok runs of its
   * condition (leave-one-out). Runs alone in their condition, or without a delivered event, are left out.
   */
  static Value heldOutError(Analysis a, String campaign, boolean max) {
    return heldOut(a, campaign, max, false);
  }

  /** {@link #heldOutError} of the retention ({@code oneTick == false}) or of the one-tick share. */
  static Value heldOut(Analysis a, String campaign, boolean max, boolean oneTick) {
    double sum = 0;
    double worst = 0;
    int n = 0;
    for (HeldOutRun h : heldOutRuns(a, campaign)) {
      ScannedRun r = h.run();
      double observed = (double) (oneTick ? r.guard().oneTickNegative() : r.guard().kept()) / r.guard().taken();
      double err = Math.abs(observed - (oneTick ? h.expected().oneTickShare() : h.expected().retention()));
      sum += err;
      worst = Math.max(worst, err);
      n++;
    }
    if (n == 0) {
      return new Value.Unavailable("no run with another run of its condition to hold out");
    }
    return new Value.Real(max ? worst : sum / n);
  }

  /** A run with another run of its condition and something delivered, and its leave-one-out expectation. */
  record HeldOutRun(ScannedRun run, GridLaw.ExpectedGuard expected) {}

  /** Every held-out run of a campaign with its expectation, in ledger order (computed once per analysis). */
  public static List<HeldOutRun> heldOutRuns(Analysis a, String campaign) {
    return a.memo("clockoffset:heldout:" + campaign, () -> {
      Map<String, Stamps> st = stamps(a, campaign);
      List<ScannedRun> runs = a.campaignRuns(campaign);
      Map<String, List<ExactHistogram>> byCondition = new LinkedHashMap<>();
      for (ScannedRun r : runs) {
        byCondition.computeIfAbsent(r.row().condition(), k -> new ArrayList<>())
            .add(st.get(r.row().runId()).flightsMicros());
      }
      Map<String, ExactHistogram> pooled = new HashMap<>();
      List<HeldOutRun> out = new ArrayList<>();
      for (ScannedRun r : runs) {
        ExactHistogram pool = pooled.computeIfAbsent(r.row().condition(),
            k -> ExactHistogram.merge(byCondition.get(k)));
        // held out: the pool without it is the other runs'
        ExactHistogram own = st.get(r.row().runId()).flightsMicros();
        if (pool.total() == own.total() || r.guard().taken() == 0) {
          continue;
        }
        out.add(new HeldOutRun(r, GridLaw.expectedWithOffset(st.get(r.row().runId()).sendPhasesMicros(), offsetOf(r),
            pool,
            own)));
      }
      return out;
    });
  }
}
