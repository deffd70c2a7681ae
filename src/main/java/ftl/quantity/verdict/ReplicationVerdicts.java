package ftl.quantity.verdict;

import ftl.quantity.core.Format;
import ftl.quantity.core.Phrases;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;
import ftl.quantity.section.FifoJvmQuantities;

import ftl.quantity.core.Quantity.Scope;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Whether our data reproduced each claim of the original study that the replication table sets beside ours
 * ({@code paper/original-study.csv}, column {@code verdict_key}). Each verdict is judged on the values of other
 * registry entries (the very entries the table prints, so a verdict and its figures cannot disagree); its
 * basis names the numbers that decided. A verdict is unavailable when an entry it needs is unavailable.
 *
 * <p>The decisions are pure functions of the inputs' values ({@link #negativeSpans}, {@link #geometryRatio},
 * ...), so each outcome is tested on numbers as well as on the synthetic data roots.
 */
public final class ReplicationVerdicts {
  /** The smallest priority collapse the original study reported ("7 to 80x"). */
  static final double ORIGINAL_SMALLEST_COLLAPSE = 7.0;
  /** Share of runs the sign check must reject for "more than half of its runs" to be reproduced. */
  public static final double MAJORITY = 0.5;
  /** {@link #MAJORITY} as the definition and the verdict print it (PhrasesTest holds the two equal). */
  public static final String MAJORITY_PRINTED = "1/2";
  /** Largest smallest-run retention that still counts as "almost none of a run's samples". */
  static final double ALMOST_NONE = 0.10;

  /** Provenance prefix: each verdict names its decision method, {@code FUNCTION + "#" + method}. */
  private static final String FUNCTION = ReplicationVerdicts.class.getCanonicalName();

  private ReplicationVerdicts() {}

  /**
   * The verdicts, judged on entries of {@code registry} (the entries built before them; every input is a
   * fixed campaign entry, so it is always there).
   */
  public static List<Quantity> forRegistry(List<Quantity> registry) {
    Function<String, Quantity> in = key -> registry.stream().filter(q -> q.key().equals(key)).findFirst().orElseThrow();
    List<Quantity> out = new ArrayList<>();
    out.add(claim("replication.negativeSpans", "negativeSpans", "ReplicationNegativeSpans",
        "whether the original study's claim that negative ack-referenced spans occur held on our data: held iff"
            + " events.ackNegative.modeA > 0",
        List.of(in.apply("events.ackNegative.modeA")), v -> negativeSpans(count(v.get(0)))));
    out.add(claim("replication.flightsNeverNegative", "flightsNeverNegative", "ReplicationFlightsNeverNegative",
        "whether the original study's claim that flights (recv_ns - send_ns) are never negative held on our data: "
            + "held iff events.sendNegative.modeA = 0",
        List.of(in.apply("events.sendNegative.modeA")), v -> flightsNeverNegative(count(v.get(0)))));
    out.add(claim("replication.signCheckMajority", "signCheckMajority", "ReplicationSignCheckMajority",
        "whether the original study's claim that the sign check rejects more than half of the runs held on our"
            + " data: held iff runs.rejected.modeA / runs.total.modeA >= " + MAJORITY_PRINTED,
        List.of(in.apply("runs.rejected.modeA"), in.apply("runs.total.modeA")),
        v -> signCheckMajority(count(v.get(0)), count(v.get(1)))));
    Quantity stamping = claim("replication.priorityCollapse", "priorityCollapse", "ReplicationPriorityCollapse",
        "whether the original study's priority collapse (7 to 80x) held on our data: held iff the largest"
            + " per-stratum collapse factor of SCHED_FIFO on the stamping threads, the upper end of "
            + "collapse.range.modeA, is at least " + Phrases.number(ORIGINAL_SMALLEST_COLLAPSE)
            + ", or, when campaign fifojvm exists, the pooled whole-JVM collapse fifojvm.collapse.fifoJvm reaches "
            + "the original's range (at least 7x with the lower end of its interval above 1; data/fifojvm/plan.json, "
            + "predictions.collapse, predicted that it would not, so that prediction holding counts against this "
            + "claim); did not hold otherwise",
        List.of(in.apply("collapse.range.modeA")), v -> priorityCollapse(((Value.Range) v.get(0)).high()));

    out.add(stamping.withComputation(a -> priorityCollapse(stamping.computation().apply(a),
        FifoJvmQuantities.wholeJvmReaches(a))));
    Quantity lower = in.apply("geometry.ratio.lower.modeA");
    Quantity upper = in.apply("geometry.ratio.upper.modeA");
    out.add(Quantity.key("replication.geometryRatio").macro("ReplicationGeometryRatio")
        .definition("whether the original study's core-geometry effect held on our data: held iff the "
        + Phrases.level() + " bootstrap interval"
            + " of geometry.ratio.modeA excludes 1 (geometry.ratio.lower.modeA > 1 or geometry.ratio.upper.modeA < 1;"
            + " one end beyond 1 decides even when the other is not finite); did not hold when both ends are"
            + " available and the interval contains 1")
        .unit(Unit.DIMENSIONLESS).format(Format.VERDICT).scope(Scope.KAFKA_EVENTS).function(FUNCTION + "#geometryRatio")
        .computes(a -> geometryRatio(lower.computation().apply(a), upper.computation().apply(a))));
    out.add(claim("replication.retentionRange", "retentionRange", "ReplicationRetentionRange",
        "whether the original study's guard retention range (from almost none to all of a run's samples) held on"
            + " our data: held iff omb.retention.min.modeB < " + Phrases.percent(ALMOST_NONE)
            + " and omb.retention.max.modeB = 100%",
        List.of(in.apply("omb.retention.min.modeB"), in.apply("omb.retention.max.modeB")),
        v -> retentionRange(((Value.Real) v.get(0)).value(), ((Value.Real) v.get(1)).value())));
    return out;
  }

  /** Held iff at least one complete event has a negative ack-referenced span A. */
  static Value.Verdict negativeSpans(long ackNegative) {
    boolean held = ackNegative > 0;
    return new Value.Verdict(held, "negative A spans " + Format.grouped(ackNegative) + (held ? " > 0" : " = 0"));
  }

  /** Held iff no complete event has a negative flight T. */
  static Value.Verdict flightsNeverNegative(long sendNegative) {
    boolean held = sendNegative == 0;
    return new Value.Verdict(held, "negative flights " + Format.grouped(sendNegative) + (held ? " = 0" : " > 0"));
  }

  /**
   * Held iff {@code rejected / total >= 1/2}. {@code total} is at least 1 whenever runs.total.modeA is
   * available; 0 of 0 would give NaN, which is not at least a half.
   */
  static Value.Verdict signCheckMajority(long rejected, long total) {
    boolean held = (double) rejected / total >= MAJORITY;
    return new Value.Verdict(held, "rejected " + Format.grouped(rejected) + " of " + Format.grouped(total) + " runs"
        + (held ? " >= " : " < ") + MAJORITY_PRINTED);
  }

  /** Held iff the largest per-stratum collapse factor is at least the original's smallest, 7. */
  /**
   * The stamping-thread verdict alone when the whole-JVM test is unavailable (no campaign fifojvm) or the
   * stamping-thread one is; otherwise held iff either reached 7x, the basis giving both.
   */
  public static Value priorityCollapse(Value stamping, Value wholeJvm) {
    if (stamping instanceof Value.Verdict s && wholeJvm instanceof Value.Verdict w) {
      return new Value.Verdict(s.held() || w.held(), "stamping threads: " + s.basis() + "; whole JVM (campaign fifojvm,"
          + " pre-registered) " + (w.held() ? "held" : "did not hold") + ": " + w.basis());
    }
    return stamping;
  }

  public static Value.Verdict priorityCollapse(double largestCollapse) {
    boolean held = largestCollapse >= ORIGINAL_SMALLEST_COLLAPSE;
    return new Value.Verdict(held, "max collapse " + Format.sig(largestCollapse, 3) + "x" + (held ? " >= " : " < ")
        + Phrases.number(ORIGINAL_SMALLEST_COLLAPSE) + "x");
  }

  /**
   * Held iff the 95% interval [lower, upper] excludes 1. An end that is unavailable while the other is a
   * number is +Infinity (a bootstrap bound is NaN only when both are), so a lower end above 1 decides alone,
   * and so does an upper end below 1. Unavailable when neither decides and an end is unavailable.
   */
  static Value geometryRatio(Value lower, Value upper) {
    if (lower instanceof Value.Real lo && lo.value() > 1) {
      return new Value.Verdict(true, Phrases.level() + " interval lower end " + Format.sig(lo.value(), 3) + "x > 1");
    }
    if (upper instanceof Value.Real hi && hi.value() < 1) {
      return new Value.Verdict(true, Phrases.level() + " interval upper end " + Format.sig(hi.value(), 3) + "x < 1");
    }
    if (lower instanceof Value.Real lo && upper instanceof Value.Real hi) {
      return new Value.Verdict(false, Phrases.level() + " interval " + Format.sig(lo.value(), 3) + "x to "
          + Format.sig(hi.value(), 3)
          + "x contains 1");
    }
    Value.Unavailable missing = (Value.Unavailable) (lower.available() ? upper : lower);
    return new Value.Unavailable(Phrases.level()
        + " interval of geometry.ratio.modeA undecided, an end is unavailable: " + missing.reason());
  }

  /** Held iff the smallest per-run retention is below 10% and the largest is 100%. */
  static Value.Verdict retentionRange(double minRetention, double maxRetention) {
    boolean almostNone = minRetention < ALMOST_NONE;
    boolean all = maxRetention == 1.0;
    return new Value.Verdict(almostNone && all, "min retention " + Format.percent(minRetention) + "%"
        + (almostNone ? " < " : " >= ") + Phrases.percent(ALMOST_NONE) + ", max " + Format.percent(maxRetention) + "%"
        + (all ? " = 100%" : " < 100%"));
  }

  private static long count(Value v) {
    return ((Value.Count) v).count();
  }

  /** A verdict that needs every input available; the first unavailable one makes it unavailable, naming why. */
  private static Quantity claim(String key, String decision, String macro, String definition, List<Quantity> inputs,
                                Function<List<Value>, Value> judge) {
    return Quantity.key(key).macro(macro).definition(definition).unit(Unit.DIMENSIONLESS).format(Format.VERDICT)
        .scope(Scope.KAFKA_EVENTS)
        .function(FUNCTION + "#" + decision).computes(a -> {
      List<Value> values = new ArrayList<>();
      for (Quantity q : inputs) {
        Value v = q.computation().apply(a);
        if (v instanceof Value.Unavailable u) {
          return new Value.Unavailable(q.key() + " is unavailable: " + u.reason());
        }
        values.add(v);
      }
      return judge.apply(values);
    });
  }
}
