package ftl.quantity.section;

import ftl.data.Campaign;
import ftl.data.io.JsonValue;
import ftl.data.ledger.LedgerSchema;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.CampaignCatalogue;
import ftl.quantity.core.Format;
import ftl.quantity.core.Quantity.Scope;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.ScannedRun;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;
import ftl.stats.GridLaw;
import ftl.stats.HeldOutGridLaw;
import ftl.stats.Quantiles;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * The pre-registered payload manipulation, judged against the numbers its {@code plan.json} committed
 * before the runs ({@code predictions.mechanism_tolerance}, {@code direction}, {@code size},
 * {@code control}). The thresholds are read from the plan, never typed here.
 */
public final class PayloadQuantities {
  static final String CAMPAIGN = CampaignCatalogue.PAYLOAD.folder();

  private PayloadQuantities() {}

  /**
   * The payload campaign's entries of the predictions its plan registers ({@link #add}); nothing for another campaign.
   */
  public static void forCampaign(List<Quantity> q, Campaign c) {
    if (c.name().equals(CampaignCatalogue.PAYLOAD.folder()) && c.plan().isPresent()) {
      add(q, c.plan().get());
    }
  }

  /** Phases are within the 1 ms quantum, in whole microseconds (as a condition's {@code start_phase_us}). */
  private static final long MAX_PHASE_MICROS = 999;

  public static void add(List<Quantity> q, JsonValue plan) {
    // read strictly (JsonValue): a fraction in [0, 1], a phase in [0, 999] us; absent gives NaN or -1 (no data)
    JsonValue p = plan.path("predictions");
    double tolerance = p.path("mechanism_tolerance").path("tolerance").optionalDoubleIn(0, 1).orElse(Double.NaN);
    double share = p.path("mechanism_tolerance").path("share_of_runs").optionalDoubleIn(0, 1).orElse(Double.NaN);
    long dirPhase = p.path("direction").path("phase_us").optionalLongIn(0, MAX_PHASE_MICROS).orElse(-1);
    long sizePhase = p.path("size").path("phase_us").optionalLongIn(0, MAX_PHASE_MICROS).orElse(-1);
    double minIncrease = p.path("size").path("min_increase").optionalDoubleIn(-1, 1).orElse(Double.NaN);
    long controlPhase = p.path("control").path("phase_us").optionalLongIn(0, MAX_PHASE_MICROS).orElse(-1);
    double controlMin = p.path("control").path("min_retention").optionalDoubleIn(0, 1).orElse(Double.NaN);

    q.add(Quantity.key("payload.mechanism.share").macro("PayloadMechanismShare")
        .definition("share of payload runs whose observed retention is within the plan's tolerance (" + tolerance
            + ") of the per-event grid-law prediction from the run's own send phases and flights (recv_ns - send_ns)")
        .unit(Unit.FRACTION).format(Format.PERCENT_2DP).scope(Scope.KAFKA_EVENTS).function(GridLaw.class, "predictRun")
        .computes(a -> {
          List<ScannedRun> runs = runs(a);
          return runs.isEmpty() ? noData() : Value.Real.share(within(runs, tolerance), runs.size());
        }));
    q.add(Quantity.key("payload.prediction.mechanism").macro("PayloadPredictionMechanism")
        .definition("whether payload.mechanism.share reached the pre-registered share of runs (" + share + ")")
        .unit(Unit.DIMENSIONLESS).format(Format.VERDICT).scope(Scope.KAFKA_EVENTS)
        .function(PayloadQuantities.class, "mechanism")
        .computes(a -> mechanism(a, tolerance, share)));
    q.add(Quantity.key("payload.prediction.direction").macro("PayloadPredictionDirection")
        .definition("whether median retention at start phase " + dirPhase
        + " us does not decrease with payload, as pre-registered")
        .unit(Unit.DIMENSIONLESS).format(Format.VERDICT).scope(Scope.KAFKA_EVENTS)
        .function(PayloadQuantities.class, "direction")
        .computes(a -> direction(a, dirPhase)));
    q.add(Quantity.key("payload.size.increase").macro("PayloadSizeIncrease")
        .definition("median retention at the largest payload minus median retention at the smallest, start phase "
        + sizePhase + " us"
            + " (a difference of two retentions, printed in percentage points)")
        .unit(Unit.FRACTION).format(Format.POINTS_2DP).scope(Scope.KAFKA_EVENTS).function(Quantiles.class, "median")
        .computes(a -> {
          TreeMap<Long, Double> m = medians(a, sizePhase);
          return m.size() < 2 ? noData() : new Value.Real(m.lastEntry().getValue() - m.firstEntry().getValue());
        }));
    q.add(Quantity.key("payload.prediction.size").macro("PayloadPredictionSize")
        .definition("whether payload.size.increase reached the pre-registered minimum (" + minIncrease + ")")
        .unit(Unit.DIMENSIONLESS).format(Format.VERDICT).scope(Scope.KAFKA_EVENTS)
        .function(PayloadQuantities.class, "size")
        .computes(a -> size(a, sizePhase, minIncrease)));
    q.add(Quantity.key("payload.control.min").macro("PayloadControlMin")
        .definition("smallest median retention over payloads at the control start phase " + controlPhase + " us")
        .unit(Unit.FRACTION).format(Format.PERCENT_2DP).scope(Scope.KAFKA_EVENTS).function(Quantiles.class, "median")
        .computes(a -> {
          TreeMap<Long, Double> m = medians(a, controlPhase);
          return m.isEmpty() ? noData() : new Value.Real(m.values().stream().mapToDouble(x -> x).min().getAsDouble());
        }));
    q.add(Quantity.key("payload.prediction.control").macro("PayloadPredictionControl")
        .definition("whether every payload's median retention at start phase " + controlPhase + " us reached "
        + controlMin)
        .unit(Unit.DIMENSIONLESS).format(Format.VERDICT).scope(Scope.KAFKA_EVENTS)
        .function(PayloadQuantities.class, "control")
        .computes(a -> control(a, controlPhase, controlMin)));
  }

  /** Held iff the share of runs within {@code tolerance} of their grid-law prediction reached {@code share}. */
  private static Value mechanism(Analysis a, double tolerance, double share) {
    List<ScannedRun> runs = runs(a);
    if (runs.isEmpty()) {
      return noData();
    }
    long within = within(runs, tolerance);
    double s = (double) within / runs.size();
    return new Value.Verdict(s >= share, within + " of " + runs.size() + " runs within " + tolerance);
  }

  /** Held iff the median retention at start phase {@code phaseMicros} does not decrease with payload. */
  private static Value direction(Analysis a, long phaseMicros) {
    TreeMap<Long, Double> m = medians(a, phaseMicros);
    if (m.size() < 2) {
      return noData();
    }
    double prev = -1;
    boolean held = true;
    for (double v : m.values()) {
      held &= v >= prev;
      prev = v;
    }
    return new Value.Verdict(held, "median retention by payload " + shown(m));
  }

  /** Held iff median retention at the largest payload minus at the smallest reached {@code minIncrease}. */
  private static Value size(Analysis a, long phaseMicros, double minIncrease) {
    TreeMap<Long, Double> m = medians(a, phaseMicros);
    if (m.size() < 2) {
      return noData();
    }
    double inc = m.lastEntry().getValue() - m.firstEntry().getValue();
    return new Value.Verdict(inc >= minIncrease, "increase " + Format.points(inc)
        + (inc >= minIncrease ? " >= " : " < ") + Format.points(minIncrease));
  }

  /** Held iff every payload's median retention at start phase {@code phaseMicros} reached {@code min}. */
  private static Value control(Analysis a, long phaseMicros, double min) {
    TreeMap<Long, Double> m = medians(a, phaseMicros);
    if (m.isEmpty()) {
      return noData();
    }
    return new Value.Verdict(m.values().stream().allMatch(v -> v >= min), "median retention by payload " + shown(m));
  }

  /**
   * Runs whose observed retention lies within {@code tolerance} of the per-event grid-law prediction, decided exactly
   * on the two ratios of counts and the tolerance as the plan writes it ({@link ftl.stats.HeldOutGridLaw#within}).
   */
  private static long within(List<ScannedRun> runs, double tolerance) {
    BigDecimal t = BigDecimal.valueOf(tolerance);
    return runs.stream().filter(r -> r.grid().events() > 0 && HeldOutGridLaw.within(
        r.grid().observedRetention(), r.grid().predictedRetention(), t)).count();
  }

  /** Medians by payload as a basis prints them: {@code 100 B 10.50%, 10,000 B 11.25%}. */
  static String shown(TreeMap<Long, Double> medians) {
    List<String> parts = new ArrayList<>();
    medians.forEach((bytes, v) -> parts.add(Format.grouped(bytes) + " B " + Format.percent(v) + "%"));
    return String.join(", ", parts);
  }

  private static Value noData() {
    return new Value.Unavailable("no campaign data present: no ok run of campaign payload under the data root");
  }

  static List<ScannedRun> runs(Analysis a) {
    return a.campaignRuns(CAMPAIGN);
  }

  /** Median retention per payload (bytes) among runs at one start phase. */
  static TreeMap<Long, Double> medians(Analysis a, long phaseMicros) {
    TreeMap<Long, List<Double>> by = new TreeMap<>();
    for (ScannedRun r : runs(a)) {
      if (r.guard().taken() == 0 || !r.field(LedgerSchema.START_PHASE_US).equals(Long.toString(phaseMicros))) {
        continue;
      }
      by.computeIfAbsent(r.campaign().requireInteger(r.row(), "payload_bytes"), k -> new ArrayList<>())
          .add(r.retention());
    }
    TreeMap<Long, Double> out = new TreeMap<>();
    by.forEach((k, v) -> out.put(k, Quantiles.median(v.stream().mapToDouble(x -> x).toArray())));
    return out;
  }
}
