package ftl.quantity.core;

import ftl.data.Campaign;
import ftl.data.ledger.LedgerSchema;
import ftl.data.registration.RunExclusion;
import ftl.stats.BlockStats;
import ftl.stats.LogScale;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

/**
 * The block design's statistics, for every campaign registered in blocks (one broker or server lifetime each, every
 * condition once per block in a seeded order): the per-run statistics a campaign summarises over blocks
 * ({@link Metric}), the runs that enter (ok, manipulations applied, not excluded by the plan's rule), each block's
 * value of a condition and their mean with its Student t interval ({@link BlockStats}), and the ledger numbers they
 * read.
 * The blocked campaigns' section makes its entries from them, and the tool sections set their figures beside the same
 * block means.
 */
public final class Blocks {
  private static final String CONFIRM = CampaignCatalogue.CONFIRM.folder();
  private static final String SETTING = CampaignCatalogue.SETTING.folder();
  private static final String CLUSTER = CampaignCatalogue.CLUSTER.folder();
  private static final String QUEUES = CampaignCatalogue.RABBITMQ_QUEUES.folder();

  /** Level of every interval here (two-sided). */
  public static final double LEVEL = 0.95;

  private Blocks() {}

  /** A per-run statistic that the campaign summarises over blocks. */
  public enum Metric {
    /** Negative ack-referenced spans over complete events, {@code A = recv_ns - ack_ns < 0}. */
    NEGATIVE_RATE("negativeRate", Unit.FRACTION, Format.PERCENT_2DP,
        "share of complete events with a negative ack-referenced span A = recv_ns - ack_ns",
        r -> r.ackNegativeRate().value()),
    /** OpenMessaging Benchmark's guard retention kept / taken on {@code M = recv_ms - create_ms > 0}. */
    RETENTION("retention", Unit.FRACTION, Format.PERCENT_2DP,
        "guard retention kept/taken (kept iff M = floor(recv_us / 1000) - create_ms > 0, ms ticks)",
        ScannedRun::retention),
    /** One-tick negatives ({@code M = -1}) over taken events. */
    ONE_TICK_SHARE("oneTickShare", Unit.FRACTION, Format.PERCENT_2DP,
        "share of taken events with M = -1 (one-tick negatives)", r -> r.guard().taken() == 0 ? Double.NaN
            : (double) r.guard().oneTickNegative() / r.guard().taken()),
    /** The run's median flight {@code T = recv_ns - send_ns}, us. */
    FLIGHT_MEDIAN("flightMedian", Unit.MICROSECONDS, Format.REAL_3SF,
        "run's type-7 median flight T = recv_ns - send_ns (monotonic clock), in us",
        r -> r.guard().medianFlightNanos() / 1e3),
    /** The run's median displacement {@code D = ack_ns - send_ns}, us. */
    DISPLACEMENT_MEDIAN("displacementMedian", Unit.MICROSECONDS, Format.REAL_3SF,
        "run's type-7 median displacement D = ack_ns - send_ns (monotonic clock), in us",
        r -> r.medianDisplacementNanos() / 1e3),
    /** The run's median ack-referenced span {@code A = recv_ns - ack_ns}, us (the other systems' campaigns only). */
    ACK_SPAN_MEDIAN("ackSpanMedian", Unit.MICROSECONDS, Format.REAL_3SF,
        "run's type-7 median ack-referenced span A = recv_ns - ack_ns over complete events (monotonic clock), in us",
        r -> r.medianAckSpanNanos() / 1e3),
    /** The run's median displacement over its median flight, {@code D/T} (the other systems' campaigns only). */
    EXPOSURE("exposure", Unit.RATIO, Format.RATIO_3SF,
        "run's exposure: its type-7 median displacement D = ack_ns - send_ns over its type-7 median flight T = "
            + "recv_ns - send_ns (monotonic clock)", r -> r.medianDisplacementNanos() / r.guard().medianFlightNanos()),
    /**
     * OpenMessaging Benchmark's median over the true median: guard median (ms, nearest rank of kept M) in us over T's
     * median.
     */
    OMB_INFLATION("ombInflation", Unit.RATIO, Format.RATIO_3SF,
        "OpenMessaging Benchmark's median inflation: the guard's median (nearest rank of the kept M, whole ms, times "
            + "1000) over the run's median flight T = recv_ns - send_ns in us", ScannedRun::ombInflation),
    /**
     * The pacer's burst share (ledger pacing_burst_share): sends closer than a quarter interval, a measured covariate.
     */
    BURST_SHARE("burstShare", Unit.FRACTION, Format.PERCENT_2DP,
        "pacer's burst share (ledger pacing_burst_share: consecutive sends closer than a quarter of the send interval)",
        r -> ledgerNumber(r, LedgerSchema.PACING_BURST_SHARE, 1)),
    /** Other processes' CPU during the run (ledger other_cpu_pct), as a fraction of all cores' time. */
    OTHER_CPU("otherCpu", Unit.FRACTION, Format.PERCENT_2DP,
        "CPU share of all cores used by processes other than the client, the broker and the load generator (ledger "
            + "other_cpu_pct over 100)", r -> ledgerNumber(r, LedgerSchema.OTHER_CPU_PCT, 100)),
    /** Other tasks' own CPU time during the run (ledger other_tasks_cpu_pct), as a fraction of all cores' time. */
    OTHER_TASKS_CPU("otherTasksCpu", Unit.FRACTION, Format.PERCENT_2DP,
        "CPU share of all cores used by tasks other than the client, the server and the load generator, from their own "
            + "run-time accounting (ledger other_tasks_cpu_pct over 100)",
        r -> ledgerNumber(r, LedgerSchema.OTHER_TASKS_CPU_PCT, 100)),
    /** Other tasks' exact run time during the run (ledger other_run_pct), as a fraction of all cores' time. */
    OTHER_RUN("otherRun", Unit.FRACTION, Format.PERCENT_2DP,
        "exact contention: run time of every task other than the client's, the broker's and the load generator's, "
            + "summed from each task's schedstat over the run's wall time on every online core (ledger other_run_pct "
            + "over 100)",
        r -> ledgerNumber(r, LedgerSchema.OTHER_RUN_PCT, 100)),
    /**
     * Negative ack-referenced spans among the events whose confirm covered that message alone (events ack_covered = 1).
     */
    NEGATIVE_RATE_SINGLE("negativeRateSingle", Unit.FRACTION, Format.PERCENT_2DP,
        "among the complete events whose acknowledgment completed that message alone (events column ack_covered = "
            + "1), the share with a negative ack-referenced span A = recv_ns - ack_ns (denominator: those singly "
            + "acknowledged events, not all events)", r -> r.coverage().singleNegativeRate().value()),
    /**
     * Complete events whose acknowledgment completed several messages (a confirm with multiple=true), over all counted.
     */
    ACK_SEVERAL_SHARE("ackSeveralShare", Unit.FRACTION, Format.PERCENT_2DP,
        "share of complete events whose acknowledgment completed several messages at once (events column ack_covered "
            + "above 1: a RabbitMQ publisher confirm with multiple=true, one ack_ns for every message it covers)",
        r -> r.coverage().severalShare().value()),
    /** Negative spans whose acknowledgment completed several messages, over all negative spans counted. */
    NEGATIVE_SEVERAL_SHARE("negativeSeveralShare", Unit.FRACTION, Format.PERCENT_2DP,
        "share of the negative ack-referenced spans A = recv_ns - ack_ns < 0 whose acknowledgment completed several "
            + "messages at once (events column ack_covered above 1)", r -> r.coverage().negativeSeveralShare().value()),
    /** The cost of one System.nanoTime under the run's clock source (ledger nanotime_cost_ns), ns. */
    NANOTIME_COST("nanotimeCost", Unit.NANOSECONDS, Format.REAL_3SF,
        "cost of one System.nanoTime call under the run's clock source, the median over 21 batches of 20,000 calls "
            + "taken before the run (ledger nanotime_cost_ns)", r -> ledgerNumber(r, LedgerSchema.NANOTIME_COST_NS, 1));

    /**
     * The metrics a blocked campaign's conditions get: the confirmatory campaign's are those its paper section was
     * written with (its ledger has no other_tasks_cpu_pct); the other systems' add the median ack-referenced span, the
     * exposure D/T and the other tasks' own CPU; the setting campaign's ledger (version 9) has the exact contention
     * measure and the instrument's timescale too, and the queue campaign's (version 11) the split of the negative spans
     * by how many messages each acknowledgment completed.
     */
    public static List<Metric> of(String campaign) {
      boolean v9 = campaign.equals(SETTING) || campaign.equals(CLUSTER) || campaign.equals(QUEUES);
      boolean v11 = campaign.equals(QUEUES);
      return Arrays.stream(values())
          .filter(m -> v9 || (m != OTHER_RUN && m != NANOTIME_COST))
          .filter(m -> v11 || (m != NEGATIVE_RATE_SINGLE && m != ACK_SEVERAL_SHARE && m != NEGATIVE_SEVERAL_SHARE))
          .filter(m -> !campaign.equals(CONFIRM) || (m != OTHER_TASKS_CPU && m != ACK_SPAN_MEDIAN && m != EXPOSURE))
          .toList();
    }

    private final String word;
    private final Unit unit;
    private final Format format;
    private final String what;
    private final ToDoubleFunction<ScannedRun> perRun;

    Metric(String word, Unit unit, Format format, String what, ToDoubleFunction<ScannedRun> perRun) {
      this.word = word;
      this.unit = unit;
      this.format = format;
      this.what = what;
      this.perRun = perRun;
    }

    /** The metric's key segment ({@code negativeRate}). */
    public String word() {
      return word;
    }

    /** The unit of a block's value. */
    public Unit unit() {
      return unit;
    }

    /** How a block summary of it is printed. */
    public Format format() {
      return format;
    }

    /** What the per-run statistic is, for definitions. */
    public String what() {
      return what;
    }

    /**
     * Whether a run's value is a positive time no plan's rule compares on the linear scale (a median flight,
     * displacement or clock-read cost): its block summary is the geometric mean with a Student t interval on the log
     * scale ({@link LogScale}), so no interval of it reaches below zero (issue #59). The rates, shares and ratios that
     * registered rules compare keep the arithmetic mean and the linear interval their plans registered.
     */
    public boolean positive() {
      return this == FLIGHT_MEDIAN || this == DISPLACEMENT_MEDIAN || this == NANOTIME_COST;
    }

    /** How a block summary of it is computed, for definitions: "mean" or "geometric mean". */
    public String summaryWords() {
      return positive() ? "geometric mean" : "mean";
    }

    /** How its interval is computed, for definitions. */
    public String intervalWords() {
      return positive() ? "Student t interval on the log scale" : "Student t interval";
    }

    /** The per-run statistic (NaN when the run has none). */
    public ToDoubleFunction<ScannedRun> perRun() {
      return perRun;
    }
  }

  /** The plan's exclusion rule, read from the campaign of the analysis' data root (empty without campaign or rule). */
  public static Optional<RunExclusion> exclusion(Analysis a, String campaign) {
    return a.memo(campaign + ":exclusion", () -> a.campaign(campaign).flatMap(Campaign::plan)
        .flatMap(RunExclusion::of));
  }

  /** Usable runs: ok, manipulations applied, not excluded by the plan's rule. */
  public static List<ScannedRun> usable(Analysis a, String campaign, Optional<RunExclusion> exclusion) {
    return Manipulations.usable(a, campaign).stream()
        .filter(r -> exclusion.flatMap(x -> x.cause(r.row())).isEmpty()).toList();
  }

  /** A numeric ledger cell over {@code divisor}; NaN when the cell is empty (the block then has no value). */
  public static double ledgerNumber(ScannedRun r, LedgerSchema.Column column, double divisor) {
    String cell = r.field(column);
    return cell.isEmpty() ? Double.NaN : Double.parseDouble(cell) / divisor;
  }

  /** Events in the files times the send interval, summed, in hours; a run without a send interval adds nothing. */
  public static double measuredHours(List<ScannedRun> runs) {
    double nanos = 0;
    for (ScannedRun r : runs) {
      String s = r.field(LedgerSchema.SEND_INTERVAL_NS);
      nanos += s.isEmpty() ? 0 : (double) r.rows() * Long.parseLong(s);
    }
    return nanos / 3.6e12;
  }

  /** Runs by block (ledger column block), blocks in order; a run without a block is its own block 0. */
  public static TreeMap<Integer, List<ScannedRun>> byBlock(List<ScannedRun> runs) {
    TreeMap<Integer, List<ScannedRun>> out = new TreeMap<>();
    for (ScannedRun r : runs) {
      String b = r.field(LedgerSchema.BLOCK);
      out.computeIfAbsent(b.isEmpty() ? 0 : Integer.parseInt(b), k -> new ArrayList<>()).add(r);
    }
    return out;
  }

  /**
   * Per block, the mean of the metric over the block's usable runs of {@code cond}; blocks without a value left out.
   */
  public static TreeMap<Integer, Double> blockValues(Analysis a, String campaign, Optional<RunExclusion> exclusion,
      String cond, Metric m) {
    return a.memo(campaign + ":" + cond + ":" + m + ":" + exclusion.isPresent(), () -> {
      TreeMap<Integer, Double> out = new TreeMap<>();
      for (Map.Entry<Integer, List<ScannedRun>> e : byBlock(usable(a, campaign, exclusion)).entrySet()) {
        double[] v = e.getValue().stream().filter(r -> r.row().condition().equals(cond)).mapToDouble(m.perRun())
            .filter(Double::isFinite).toArray();
        if (v.length > 0) {
          out.put(e.getKey(), Arrays.stream(v).average().orElseThrow());
        }
      }
      return out;
    });
  }

  /**
   * {@link BlockStats#mean} of a condition's block values, or {@link LogScale#summary} for a {@link Metric#positive}
   * one.
   */
  public static BlockStats.Interval mean(Analysis a, String campaign, Optional<RunExclusion> exclusion, String cond,
      Metric m) {
    double[] v = blockValues(a, campaign, exclusion, cond, m).values().stream().mapToDouble(Double::doubleValue)
        .toArray();
    return m.positive() ? LogScale.summary(v, LEVEL) : BlockStats.mean(v, LEVEL);
  }
}
