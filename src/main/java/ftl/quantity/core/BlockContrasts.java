package ftl.quantity.core;

import ftl.data.ledger.Identifiers;
import ftl.data.registration.RunExclusion;
import ftl.stats.BlockStats;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The registered block contrasts of the blocked campaigns (a ratio of one per-run statistic between two conditions,
 * block by block) and the interactions of two of them, with the block-level ratios that estimate them. Split from
 * {@code ConfirmQuantities}, which declares their entries: what a contrast is and how its ratio is computed is here,
 * what the registry calls it is there.
 */
public final class BlockContrasts {
  private BlockContrasts() {}

  /**
   * A registered contrast: the geometric mean over blocks of a per-block ratio of one metric between two conditions.
   *
   * @param id the contrast's key segment
   * @param numerator the condition on top
   * @param denominator the condition below
   * @param metric the per-run statistic compared
   * @param what what the ratio measures, for its definition
   * @param macroWords the words of its macros after the campaign's (its id's, unless that would spell a per-condition
   *     entry's macro: the cluster's {@code exposureAcks1} and the exposure of condition {@code acks1} are both
   *     {@code ExposureAcksOne})
   */
  public record Contrast(String id, String numerator, String denominator, Blocks.Metric metric, String what,
      String macroWords) {
    /** A contrast whose macro spells its id ({@code collapseThreads -> ...CollapseThreads}). */
    public Contrast(String id, String numerator, String denominator, Blocks.Metric metric, String what) {
      this(id, numerator, denominator, metric, what, Identifiers.macroWords(id));
    }
  }

  /** The contrasts of the plan's claims (the plan's criteria name them by key). */
  public static final List<Contrast> CONTRASTS = List.of(
      new Contrast(Layout.COLLAPSE_THREADS, "base", "fifo", Blocks.Metric.NEGATIVE_RATE,
          "priority collapse of the two stamping threads: default scheduling over SCHED_FIFO on the producer I/O and "
          + "consumer threads"),
      new Contrast(Layout.COLLAPSE_JVM, "base", "fifojvm", Blocks.Metric.NEGATIVE_RATE,
          "whole-JVM priority collapse: default scheduling over SCHED_FIFO on every thread of the client JVM"),
      new Contrast("geometry", "base", "split", Blocks.Metric.NEGATIVE_RATE,
          "core geometry: both stamping threads on one core over one core each"),
      new Contrast("load", "load90", "base", Blocks.Metric.NEGATIVE_RATE,
          "background load: 90 % load per core over none"),
      new Contrast("displacementHold", "hold5", "base", Blocks.Metric.DISPLACEMENT_MEDIAN,
          "the 1/D law: median displacement D under a 5 ms delivery hold over none"),
      new Contrast("flightHold", "hold5", "base", Blocks.Metric.FLIGHT_MEDIAN,
          "the delivery hold's effect on the path: median flight T = recv_ns - send_ns under a 5 ms delivery hold "
          + "over none"));

  /**
   * The contrasts of the setting campaign (issue #44): each manipulation under each run design, conditions
   * {@code <manipulation>-short} (600-event runs after their first 200 sends, three per block) and
   * {@code <manipulation>-long} (60-s runs after the stable_flights warm-up).
   */
  public static final List<Contrast> SETTING_CONTRASTS = settingContrasts();

  private static List<Contrast> settingContrasts() {
    List<Contrast> out = new ArrayList<>();
    for (String design : Layout.SETTING_DESIGNS) {
      String d = "-" + design.toLowerCase(Locale.ROOT);
      String runs = design.equals("Short") ? " in 600-event runs after their first 200 sends"
          : " in 60-s runs after the "
          + "stable_flights warm-up";
      out.add(new Contrast(Layout.COLLAPSE_THREADS + design, "base" + d, "fifo" + d, Blocks.Metric.NEGATIVE_RATE,
          "priority collapse of the two stamping threads" + runs
          + ": default scheduling over SCHED_FIFO on the producer I/O and consumer threads"));
      out.add(new Contrast(Layout.COLLAPSE_JVM + design, "base" + d, "fifojvm" + d, Blocks.Metric.NEGATIVE_RATE,
          "whole-JVM priority collapse" + runs
          + ": default scheduling over SCHED_FIFO on every thread of the client JVM"));
      out.add(new Contrast("geometry" + design, "base" + d, "split" + d, Blocks.Metric.NEGATIVE_RATE,
          "core geometry" + runs + ": both stamping threads on one core over one core each"));
      out.add(new Contrast("load" + design, "load90" + d, "base" + d, Blocks.Metric.NEGATIVE_RATE,
          "background load" + runs + ": 90 % load per core over none"));
    }
    return List.copyOf(out);
  }

  /**
   * A registered interaction: the geometric mean over blocks of the per-block ratio of one contrast's per-block ratio
   * over another's (a ratio of ratios), with the blocks where both contrasts have a value above 0.
   *
   * @param id the interaction's key segment
   * @param numerator the contrast on top
   * @param denominator the contrast below
   * @param what what the ratio of ratios measures, for its definition
   */
  public record Interaction(String id, Contrast numerator, Contrast denominator, String what) {}

  /** The setting campaign's design x priority interactions (its plan's criteria name them by key). */
  public static final List<Interaction> SETTING_INTERACTIONS = List.of(
      new Interaction("designThreads", SETTING_CONTRASTS.get(4), SETTING_CONTRASTS.get(0),
          "design x priority of the stamping threads: the collapse under long runs over the collapse under short runs"),
      new Interaction("designJvm", SETTING_CONTRASTS.get(5), SETTING_CONTRASTS.get(1),
          "design x priority of the whole JVM: the collapse under long runs over the collapse under short runs"));

  /**
   * The contrasts of the replicated cluster (issue #46): conditions {@code rf1} (one replica: the control), {@code
   * acks1} (three replicas, acks=1) and {@code acksall} (three replicas, acks=all), each also with {@code -fifo}
   * (SCHED_FIFO on the two stamping threads). The conditions are declared here, as the contrasts are, so their entries
   * exist under every data root (unavailable without the campaign) and the abstract may quote them.
   */
  public static final List<String> CLUSTER_CONDITIONS =
      List.of("rf1", "rf1-fifo", "acks1", "acks1-fifo", "acksall", "acksall-fifo");

  /** The cluster campaign's contrasts, over {@link #CLUSTER_CONDITIONS}. */
  public static final List<Contrast> CLUSTER_CONTRASTS = List.of(
      new Contrast(Layout.COLLAPSE_CONTROL, "rf1", "rf1-fifo", Blocks.Metric.NEGATIVE_RATE,
          "priority collapse on the unreplicated topic: default scheduling over SCHED_FIFO on the two stamping "
          + "threads"),
      new Contrast(Layout.COLLAPSE_ACKS_ALL, "acksall", "acksall-fifo", Blocks.Metric.NEGATIVE_RATE,
          "priority collapse on the replicated topic at acks=all: default scheduling over SCHED_FIFO on the two "
          + "stamping threads"),
      new Contrast("acksAllOverControl", "acksall", "rf1", Blocks.Metric.NEGATIVE_RATE,
          "the race at acks=all: three replicas at acks=all over one replica, default priority"),
      new Contrast("exposureAcks1", "acks1", "rf1", Blocks.Metric.EXPOSURE,
          "replication at acks=1 lengthens the delivery branch only: three replicas over one, default priority",
          "ExposureRatioAcksOne"),
      new Contrast("exposureAcksAll", "acksall", "rf1", Blocks.Metric.EXPOSURE,
          "replication at acks=all: three replicas over one, default priority", "ExposureRatioAcksAll"),
      new Contrast("displacementAcks1", "acks1", "rf1", Blocks.Metric.DISPLACEMENT_MEDIAN,
          "the acknowledgment branch at acks=1: three replicas over one, default priority", "DisplacementRatioAcksOne"),
      new Contrast("flightAcks1", "acks1", "rf1", Blocks.Metric.FLIGHT_MEDIAN,
          "the delivery branch at acks=1: three replicas over one, default priority", "FlightRatioAcksOne"),
      new Contrast("flightAcksAll", "acksall", "rf1", Blocks.Metric.FLIGHT_MEDIAN,
          "the delivery branch at acks=all: three replicas over one, default priority", "FlightRatioAcksAll"));

  /** The contrasts of the manipulation campaigns on other systems (their plans' criteria name them by key). */
  public static final List<Contrast> SYSTEM_CONTRASTS = List.of(
      new Contrast(Layout.COLLAPSE_THREADS, "base", "fifo", Blocks.Metric.NEGATIVE_RATE,
          "priority collapse of the two stamping threads: default scheduling over SCHED_FIFO on the client's thread "
              + "that took the acknowledgment and the one that took the delivery (ledger stamp_threads)"),
      new Contrast("geometry", "base", "split", Blocks.Metric.NEGATIVE_RATE,
          "core geometry: both stamping threads on one core over one core each"),
      new Contrast("load", "load90", "base", Blocks.Metric.NEGATIVE_RATE,
          "background load: 90 % load per core over none"));

  /** The contrasts of the queue campaign's claims (issue #47): its plan's criteria name them by key. */
  public static final List<Contrast> QUEUES_CONTRASTS = List.of(
      new Contrast("quorumFlight", "quorum", "classic", Blocks.Metric.FLIGHT_MEDIAN,
          "queue kind at OpenMessaging Benchmark's rate: the durable quorum queue's median flight over the transient "
              + "classic queue's, both at 1 ms sends"),
      new Contrast("coalescingLoad", "classic-load90", "classic", Blocks.Metric.ACK_SEVERAL_SHARE,
          "coalesced confirms under load: 90 % load per core over none, on the classic queue"),
      new Contrast("load", "classic-load90", "classic", Blocks.Metric.NEGATIVE_RATE,
          "background load on the classic queue: 90 % load per core over none"));

  /** {@link BlockStats#ratio} over the blocks where both conditions have a value above 0. */
  public static BlockStats.Interval ratio(Analysis a, String campaign, Optional<RunExclusion> exclusion, Contrast k) {
    return pairedRatio(Blocks.blockValues(a, campaign, exclusion, k.numerator(), k.metric()),
        Blocks.blockValues(a, campaign, exclusion, k.denominator(), k.metric()));
  }

  /** The contrast's per-block ratio, for the blocks where both conditions have a value above 0. */
  public static TreeMap<Integer, Double> blockRatios(Analysis a, String campaign, Optional<RunExclusion> exclusion,
      Contrast k) {
    TreeMap<Integer, Double> out = new TreeMap<>();
    positivePairs(Blocks.blockValues(a, campaign, exclusion, k.numerator(), k.metric()),
        Blocks.blockValues(a, campaign, exclusion, k.denominator(), k.metric()))
        .forEach((b, p) -> out.put(b, p[0] / p[1]));
    return out;
  }

  /**
   * {@link BlockStats#ratio} of one contrast's per-block ratios over another's, over the blocks where both have one.
   */
  public static BlockStats.Interval interaction(Analysis a, String campaign, Optional<RunExclusion> exclusion,
      Interaction k) {
    return pairedRatio(blockRatios(a, campaign, exclusion, k.numerator()),
        blockRatios(a, campaign, exclusion, k.denominator()));
  }

  /** {@link BlockStats#ratio} over the blocks where both maps have a value above 0. */
  public static BlockStats.Interval pairedRatio(TreeMap<Integer, Double> num, TreeMap<Integer, Double> den) {
    Collection<double[]> pairs = positivePairs(num, den).values();
    return BlockStats.ratio(pairs.stream().mapToDouble(p -> p[0]).toArray(),
        pairs.stream().mapToDouble(p -> p[1]).toArray(),
        Blocks.LEVEL);
  }

  /** By block, the pair (numerator, denominator) of the blocks where both maps have a value above 0. */
  private static TreeMap<Integer, double[]> positivePairs(TreeMap<Integer, Double> num, TreeMap<Integer, Double> den) {
    TreeMap<Integer, double[]> out = new TreeMap<>();
    for (Map.Entry<Integer, Double> e : num.entrySet()) {
      Double y = den.get(e.getKey());
      if (y != null && y > 0 && e.getValue() > 0) {
        out.put(e.getKey(), new double[] {e.getValue(), y});
      }
    }
    return out;
  }

  /**
   * The estimate ({@code which == 0}) or an end of an interval as a value; unavailable, saying why, when not a number.
   */
  public static Value value(BlockStats.Interval i, int which, String campaign) {
    double v = which == 0 ? i.estimate() : which < 0 ? i.lower() : i.upper();
    if (Double.isFinite(v)) {
      return new Value.Real(v);
    }
    return new Value.Unavailable(i.blocks() == 0 ? "no block of campaign " + campaign + " has a value"
        : "one block only: no spread between blocks");
  }
}
