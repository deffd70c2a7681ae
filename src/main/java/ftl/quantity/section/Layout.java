package ftl.quantity.section;

import ftl.quantity.core.CampaignCatalogue;

import ftl.data.DataSet;
import java.util.ArrayList;
import java.util.List;

/**
 * The shapes of the registry's per-stratum, per-point and per-row entries, typed, for the emitter's table and
 * figure rows ({@code ftl.emit.TableRows}): which strata, points and rows exist and the keys of their entries,
 * built here from the same constants and functions the registry builds its entries from, so a template never
 * splits a key to recover a geometry, a load or a row number, and the emitter never re-spells a key format.
 */
public final class Layout {
  private Layout() {}

  /** The start of every collapse stratum's key: {@code collapse.<campaign modeA>.}. */
  static final String COLLAPSE_STEM = "collapse." + CampaignCatalogue.MODE_A.folder() + ".";

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
    return IsolationQuantities.BROKERS;
  }

  /** Background loads (percent) of the isolation campaign, in registry order. */
  public static List<String> isolationLoads() {
    return IsolationQuantities.LOADS;
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
   * Every campaign-wide collapse factor the registry computes, in the order the campaigns were taken: fifojvm (the
   * stamping threads, then the whole JVM), confirm, setting (short runs, then long), then the manipulation campaigns on
   * RabbitMQ and NATS (the stamping threads only).
   */
  public static List<CampaignCollapse> campaignCollapses() {
    List<CampaignCollapse> out = new ArrayList<>();
    String fifojvm = CampaignCatalogue.FIFOJVM.folder();
    out.add(new CampaignCollapse(fifojvm, FifoJvmQuantities.COLLAPSE_STEM + "fifo", false, ""));
    out.add(new CampaignCollapse(fifojvm, FifoJvmQuantities.COLLAPSE_STEM + "fifoJvm", true, ""));
    out.addAll(ConfirmQuantities.collapses());
    return out;
  }

  /** Points of the exposure curve (numbered from 1). */
  public static int exposureCurvePoints() {
    return DisplacementQuantities.CURVE_FLIGHTS_US.length;
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
    return ExposureQuantities.published(data).stream().filter(ExposureQuantities::flight)
        .map(ExposureQuantities.Published::row).toList();
  }

  /** Flight bands of the 1/D law (numbered from 1). */
  public static int flightBands() {
    return DisplacementQuantities.BAND_EDGES_NANOS.length - 1;
  }

  /** A condition's name as a registry key segment (the same function the registry's keys are built with). */
  public static String conditionSegment(String condition) {
    return ConditionQuantities.slug(condition);
  }
}
