package ftl.quantity.core;

import ftl.data.DataSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The shapes of the registry's per-stratum, per-point and per-row entries, typed, for the emitter's table and
 * figure rows ({@code ftl.emit.TableRows}): which strata, points and rows exist and the keys of their entries,
 * built here from the same constants and functions the registry builds its entries from, so a template never
 * splits a key to recover a geometry, a load or a row number, and the emitter never re-spells a key format.
 */
public final class Layout {
  private Layout() {}

  /** The start of every collapse stratum's key: {@code collapse.<campaign modeA>.}. */
  public static final String COLLAPSE_STEM = "collapse." + CampaignCatalogue.MODE_A.folder() + ".";

  /**
   * One stratum of the priority collapse of campaign modeA: fixed geometry, background load, acks and send
   * interval.
   *
   * @param geometry core geometry ({@code shared} or {@code split})
   * @param loadPct requested background load per core, percent, as the ledger writes it
   * @param acks producer acks ({@code 1} or {@code all})
   * @param sendIntervalNanos send interval, ns
   */
  public record CollapseStratum(String geometry, String loadPct, String acks, long sendIntervalNanos) {
    /** The send interval in whole microseconds. */
    public long sendIntervalMicros() {
      return sendIntervalNanos / 1000;
    }

    /** The stratum's name as the manipulation's strata are named ({@code Manipulations.collapse}). */
    public String name() {
      return "geometry=" + geometry + " load=" + loadPct + "% acks=" + acks + " interval=" + sendIntervalNanos + "ns";
    }

    /** The key stem of its entries: {@code collapse.modeA.<geometry>-load<L>-acks<a>-s<us>us}. */
    public String key() {
      return COLLAPSE_STEM + geometry + "-load" + loadPct + "-acks" + acks + "-s" + sendIntervalMicros() + "us";
    }
  }

  /** The start of the fifojvm campaign's collapse factors' keys: {@code fifojvm.collapse.}. */
  public static final String FIFOJVM_COLLAPSE_STEM = CampaignCatalogue.FIFOJVM.folder() + ".collapse.";
  /** Broker placements of the isolation campaign ({@link Manipulations#placement}), in registry order. */
  static final List<String> ISOLATION_BROKERS = List.of("all", "core0");
  /** Background loads (percent, as the ledger writes them) of the isolation campaign, in registry order. */
  static final List<String> ISOLATION_LOADS = List.of("0", "90");
  /**
   * Flight bands of the 1/D law by a run's median flight, ns: [0, 300 us), [300 us, 1 ms), [1, 3 ms), [3, 10 ms), [10
   * ms, inf).
   */
  private static final double[] BAND_EDGES_NANOS =
      {0, 300_000, 1_000_000, 3_000_000, 10_000_000, Double.POSITIVE_INFINITY};
  /** Flights (us) at which the exposure curve of the sign campaign's measured D(T) is drawn. */
  private static final int[] CURVE_FLIGHTS_US = {20, 30, 50, 70, 100, 150, 200, 300, 500, 700, 1000, 1500, 2000, 3000,
      5000,
      7000, 10000, 20000};

  /** Key segment of a blocked campaign's contrast of the two stamping threads' priority (default over SCHED_FIFO). */
  public static final String COLLAPSE_THREADS = "collapseThreads";
  /** Key segment of a blocked campaign's contrast of the whole client JVM's priority (default over SCHED_FIFO). */
  public static final String COLLAPSE_JVM = "collapseJvm";
  /** Key segment of the cluster campaign's stamping-thread collapse on the one-replica topic. */
  public static final String COLLAPSE_CONTROL = "collapseControl";
  /** Key segment of the cluster campaign's stamping-thread collapse on the replicated topic at acks=all. */
  public static final String COLLAPSE_ACKS_ALL = "collapseAcksAll";
  /** The setting campaign's run designs, as its contrasts' key segments end ({@code collapseThreadsShort}). */
  public static final List<String> SETTING_DESIGNS = List.of("Short", "Long");

  /** The flight band edges of the 1/D law, ns (a copy). */
  public static double[] bandEdgesNanos() {
    return BAND_EDGES_NANOS.clone();
  }

  /** The flights of the exposure curve's points, us (a copy). */
  public static int[] curveFlightsMicros() {
    return CURVE_FLIGHTS_US.clone();
  }

  /** Every stratum of the priority collapse, in registry order (geometry, load, acks, send interval). */
  public static List<CollapseStratum> collapseStrata() {
    List<CollapseStratum> out = new ArrayList<>();
    for (String geometry : List.of("shared", "split")) {
      for (String load : List.of("0", "50", "90")) {
        for (String acks : List.of("1", "all")) {
          for (long interval : List.of(1_000_000L, 500_000L, 250_000L)) {
            out.add(new CollapseStratum(geometry, load, acks, interval));
          }
        }
      }
    }
    return List.copyOf(out);
  }

  /** Broker placements of the isolation campaign, in registry order. */
  public static List<String> isolationBrokers() {
    return ISOLATION_BROKERS;
  }

  /** Background loads (percent) of the isolation campaign, in registry order. */
  public static List<String> isolationLoads() {
    return ISOLATION_LOADS;
  }

  /** Key of the isolation campaign's collapse factor at one broker placement and load. */
  public static String isolationCollapseKey(String broker, String loadPct) {
    return "isolation.collapse." + broker + ".load" + loadPct;
  }

  /**
   * A campaign-wide priority collapse factor outside campaign modeA's strata and the isolation campaign: the ratio of
   * negative-A rates at default priority over {@code SCHED_FIFO}, its interval's ends under {@code <key>.lower} and
   * {@code <key>.upper}.
   *
   * @param campaign the campaign's folder
   * @param key the ratio's key
   * @param wholeJvm whether {@code SCHED_FIFO} was on every thread of the client JVM (else on the two stamping threads)
   * @param design the run design of the setting campaign ({@code short}, {@code long}); empty for the others
   */
  public record CampaignCollapse(String campaign, String key, boolean wholeJvm, String design) {}

  /**
   * Every campaign-wide collapse factor the registry computes, Kafka's first in the order the campaigns were taken:
   * fifojvm (the stamping threads, then the whole JVM), confirm, setting (short runs, then long), the replicated
   * cluster (one replica, acks=all); then the manipulation campaigns on RabbitMQ and NATS (the stamping threads only),
   * so that a figure can set the other systems apart from Kafka (issue 59).
   */
  public static List<CampaignCollapse> campaignCollapses() {
    List<CampaignCollapse> out = new ArrayList<>();
    String fifojvm = CampaignCatalogue.FIFOJVM.folder();
    out.add(new CampaignCollapse(fifojvm, FIFOJVM_COLLAPSE_STEM + "fifo", false, ""));
    out.add(new CampaignCollapse(fifojvm, FIFOJVM_COLLAPSE_STEM + "fifoJvm", true, ""));
    // the blocked campaigns' collapse contrasts: the confirmatory campaign's (stamping threads, whole JVM), the setting
    // campaign's (each design: stamping threads, whole JVM), each manipulation campaign's on another system (stamping
    // threads), the replicated cluster's (issue #46: the one-replica topic, the acks=all race)
    String confirm = CampaignCatalogue.CONFIRM.folder();
    out.add(new CampaignCollapse(confirm, Naming.keyOf(confirm) + "." + COLLAPSE_THREADS, false, ""));
    out.add(new CampaignCollapse(confirm, Naming.keyOf(confirm) + "." + COLLAPSE_JVM, true, ""));
    String setting = CampaignCatalogue.SETTING.folder();
    for (String design : SETTING_DESIGNS) {
      String lower = design.toLowerCase(Locale.ROOT);
      out.add(new CampaignCollapse(setting, Naming.keyOf(setting) + "." + COLLAPSE_THREADS + design, false, lower));
      out.add(new CampaignCollapse(setting, Naming.keyOf(setting) + "." + COLLAPSE_JVM + design, true, lower));
    }
    String cluster = CampaignCatalogue.CLUSTER.folder();
    out.add(new CampaignCollapse(cluster, Naming.keyOf(cluster) + "." + COLLAPSE_CONTROL, false, "rf1"));
    out.add(new CampaignCollapse(cluster, Naming.keyOf(cluster) + "." + COLLAPSE_ACKS_ALL, false, "acksall"));
    for (CampaignCatalogue c : CampaignCatalogue.SYSTEM_MANIPULATIONS) {
      out.add(new CampaignCollapse(c.folder(), Naming.keyOf(c.folder()) + "." + COLLAPSE_THREADS, false, ""));
    }
    return out;
  }

  /** Points of the exposure curve (numbered from 1). */
  public static int exposureCurvePoints() {
    return CURVE_FLIGHTS_US.length;
  }

  /** Key of the flight of exposure-curve point {@code point} (from 1). */
  public static String exposureCurveFlightKey(int point) {
    return "exposure.curve.flight.p" + point;
  }

  /** Key of the relative error D(T)/T of exposure-curve point {@code point} (from 1). */
  public static String exposureCurveRelErrorKey(int point) {
    return "exposure.curve.relError.p" + point;
  }

  /** Key of the relative error D0/T of the 1/D law as stated, at exposure-curve point {@code point} (from 1). */
  public static String exposureLawRelErrorKey(int point) {
    return "exposure.law.relError.p" + point;
  }

  /** Rows of {@code data/audit/published-medians.csv} that are flights, each with its entries. */
  public static List<Integer> publishedFlightRows(DataSet data) {
    return PublishedMedians.published(data).stream().filter(PublishedMedians::flight)
        .map(PublishedMedians.Published::row).toList();
  }

  /** Flight bands of the 1/D law (numbered from 1). */
  public static int flightBands() {
    return BAND_EDGES_NANOS.length - 1;
  }

  /** A condition's name as a registry key segment (the same function the registry's keys are built with). */
  public static String conditionSegment(String condition) {
    return Naming.slug(condition);
  }
}
