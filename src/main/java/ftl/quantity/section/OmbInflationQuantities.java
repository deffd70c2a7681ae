package ftl.quantity.section;

import ftl.quantity.core.Analysis;
import ftl.quantity.core.CampaignCatalogue;
import ftl.quantity.core.CampaignRuns;
import ftl.quantity.core.Format;
import ftl.quantity.core.Naming;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.ScannedRun;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;

import ftl.quantity.core.Quantity.Scope;
import ftl.stats.Quantiles;
import ftl.stats.Rate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * The median OpenMessaging Benchmark would report, set against how much of the run its guard kept
 * ({@code ombInflation.*}, exploratory: set after the data of the campaign it reads). "The same median" from
 * almost none or all of the samples is one reading of the retention campaign; this section says what the median
 * does as retention falls: the guard's median (the nearest-rank median of the kept {@code M = recv_ms - create_ms},
 * whole ms) and the run's true median flight {@code T = recv_ns - send_ns} (type-7, monotonic clock), per band of
 * the run's retention.
 *
 * <p>Bands of the run's retention {@code kept / taken}, decided exactly on the two counts: {@code [0, 10%)},
 * {@code [10%, 50%)}, {@code [50%, 99%)}, {@code [99%, 100%]}. A run that kept no sample reports no median and is
 * counted apart ({@code ombInflation.none.*}). Within a band every statistic is the type-7 median over its runs
 * ({@link Quantiles#median}).
 */
public final class OmbInflationQuantities {
  /** The campaign read: the retention campaign, whose uncontrolled start phase spreads retention widely. */
  static final String CAMPAIGN = CampaignCatalogue.MODE_B.folder();
  /** Lower ends of the bands in percent; the last band includes 100 %. */
  static final int[] BAND_FROM_PCT = {0, 10, 50, 99};

  private OmbInflationQuantities() {}

  /**
   * The band of a retention, 1-based, decided on the counts ({@code 100 kept >= lo taken}); 0 when nothing was taken.
   */
  static int band(Rate retention) {
    if (!retention.defined()) {
      return 0;
    }
    int band = 1;
    for (int j = 1; j < BAND_FROM_PCT.length; j++) {
      if (Math.multiplyExact(retention.count(), 100L) >= Math.multiplyExact(retention.total(),
          (long) BAND_FROM_PCT[j])) {
        band = j + 1;
      }
    }
    return band;
  }

  /** The band as printed: {@code [10%, 50%)}; the last closed at 100 %. */
  static String bandName(int band) {
    int lo = BAND_FROM_PCT[band - 1];
    return band == BAND_FROM_PCT.length ? "[" + lo + "%, 100%]" : "[" + lo + "%, " + BAND_FROM_PCT[band] + "%)";
  }

  public static List<Quantity> all() {
    List<Quantity> q = new ArrayList<>();
    String median = " (the nearest-rank median of the kept M = recv_ms - create_ms, whole ms)";
    String flight = " (type-7 median of T = recv_ns - send_ns, monotonic clock)";
    String exploratory = "; exploratory: set after the data of campaign " + CAMPAIGN;
    q.add(Quantity.key("ombInflation.none." + CAMPAIGN).macro(Naming.macro("OmbInflationNone", CAMPAIGN, ""))
        .definition("ok runs of campaign " + CAMPAIGN
        + " whose guard kept no sample, so that OMB would report no median" + exploratory)
        .unit(Unit.COUNT).format(Format.GROUPED_INTEGER).scope(Scope.KAFKA_EVENTS)
        .function(OmbInflationQuantities.class, "band")
        .computes(a -> CampaignRuns.has(a, CAMPAIGN) ? new Value.Count(runs(a, 0).size())
        : CampaignRuns.noData(CAMPAIGN)));
    for (int j = 1; j <= BAND_FROM_PCT.length; j++) {
      int band = j;
      String in = " of the ok runs of campaign " + CAMPAIGN + " whose guard retention kept/taken lies in " + bandName(j)
          + " (decided exactly on the counts)";
      q.add(Quantity.key(key("runs", j)).macro(macro("OmbInflationRuns", j)).definition("number" + in + exploratory)
          .unit(Unit.COUNT)
          .format(Format.GROUPED_INTEGER).scope(Scope.KAFKA_EVENTS).function(OmbInflationQuantities.class, "band")
          .computes(a -> CampaignRuns.has(a, CAMPAIGN) ? new Value.Count(runs(a, band).size())
          : CampaignRuns.noData(CAMPAIGN)));
      q.add(perRun(Quantity.key(key("guardMedian", j)).macro(macro("OmbInflationGuardMedian", j))
          .definition("median over the runs" + in + " of the median OMB would report" + median + exploratory),
          Unit.MILLISECONDS, band, r -> r.guard().guardMedianMillis(), Quantiles::median));
      q.add(perRun(Quantity.key(key("guardMedian.min", j)).macro(macro("OmbInflationGuardMedianMin", j))
          .definition("smallest over the runs" + in + " of the median OMB would report" + median + exploratory),
          Unit.MILLISECONDS, band, r -> r.guard().guardMedianMillis(), v -> Arrays.stream(v).min().getAsDouble()));
      q.add(perRun(Quantity.key(key("guardMedian.max", j)).macro(macro("OmbInflationGuardMedianMax", j))
          .definition("largest over the runs" + in + " of the median OMB would report" + median + exploratory),
          Unit.MILLISECONDS, band, r -> r.guard().guardMedianMillis(), v -> Arrays.stream(v).max().getAsDouble()));
      q.add(perRun(Quantity.key(key("flight", j)).macro(macro("OmbInflationFlight", j))
          .definition("median over the runs" + in + " of the run's true median flight" + flight + ", us"
          + exploratory), Unit.MICROSECONDS, band, r -> r.guard().medianFlightNanos() / 1e3, Quantiles::median));
      q.add(perRun(Quantity.key(key("ratio", j)).macro(macro("OmbInflationRatio", j))
          .definition("median over the runs" + in
              + " of the run's median inflation: the median OMB would report (whole ms, times 1000) over its true "
              + "median flight" + flight + " in us" + exploratory), Unit.RATIO, band, ScannedRun::ombInflation,
              Quantiles::median));
    }
    return q;
  }

  private static String key(String what, int band) {
    return "ombInflation." + what + "." + CAMPAIGN + ".band" + band;
  }

  private static String macro(String prefix, int band) {
    return Naming.macro(prefix, CAMPAIGN, "band" + band);
  }

  /** The ok Kafka runs of the campaign in one band (0: nothing kept or nothing taken). */
  static List<ScannedRun> runs(Analysis a, int band) {
    return CampaignRuns.runsOf(a, CAMPAIGN).stream()
        .filter(r -> (r.guard().kept() == 0 ? 0 : band(r.guard().retention())) == band).toList();
  }

  /** A summary ({@code over}: the type-7 median, the smallest or the largest) of one value per run of a band. */
  private static Quantity perRun(Quantity.UnitPart head, Unit unit, int band, ToDoubleFunction<ScannedRun> f,
                                 ToDoubleFunction<double[]> over) {
    Format format = unit == Unit.RATIO ? Format.RATIO_3SF : Format.REAL_3SF;
    return head.unit(unit).format(format).scope(Scope.KAFKA_EVENTS)
        .function(OmbInflationQuantities.class, "runs").computes(a -> {
          if (!CampaignRuns.has(a, CAMPAIGN)) {
            return CampaignRuns.noData(CAMPAIGN);
          }
          double[] v = runs(a, band).stream().mapToDouble(f).toArray();
          if (v.length == 0) {
            return new Value.Unavailable("no run of campaign " + CAMPAIGN + " in " + bandName(band));
          }
          return new Value.Real(over.applyAsDouble(v));
        });
  }
}
