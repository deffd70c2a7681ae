package ftl.quantity.core;

import ftl.data.ledger.Instrument;
import ftl.stats.Quantiles;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * A campaign's runs of the Kafka instrument as every section reads them: whether the data root holds any, the value an
 * entry takes when it does not ("no campaign data present"), the analysed runs, and the per-campaign summaries that
 * several sections quote (the median displacement, the grid law's per-event agreement).
 */
public final class CampaignRuns {
  private CampaignRuns() {}

  /** Whether the data root holds an ok run of the Kafka instrument in the campaign. */
  public static boolean has(Analysis a, String campaign) {
    return !a.okRowsOf(campaign, Instrument.KAFKA.word()).isEmpty();
  }

  /** The value of an entry of a campaign the data root does not hold. */
  public static Value noData(String campaign) {
    return new Value.Unavailable("no campaign data present: no ok run of campaign " + campaign
        + " under the data root");
  }

  /** The analysed ok runs of the Kafka instrument in the campaign. */
  public static List<ScannedRun> runsOf(Analysis a, String campaign) {
    return a.campaignRuns(campaign).stream().filter(r -> r.row().instrument().equals(Instrument.KAFKA.word())).toList();
  }

  /** Pooled share of delivered events whose guard outcome the per-event grid law predicts; unavailable without one. */
  public static Value gridAgreement(List<ScannedRun> runs) {
    long agree = 0;
    long n = 0;
    for (ScannedRun r : runs) {
      agree += r.grid().agreeing();
      n += r.grid().events();
    }
    return n == 0 ? new Value.Unavailable("no delivered event") : new Value.Real((double) agree / n);
  }

  /**
   * Median over a campaign's runs of each run's median displacement D = ack_ns - send_ns, us (the value of
   * {@code displacement.median.<campaign>}); unavailable without an ok run or without a run with the stamps.
   */
  public static Value medianDisplacementMicros(Analysis a, String campaign) {
    return medianMicros(a, campaign, ScannedRun::medianDisplacementNanos);
  }

  /**
   * Median over a campaign's runs of a per-run statistic in ns, in us (runs where it is NaN left out); unavailable
   * without an ok run or without a run where it is a number.
   */
  public static Value medianMicros(Analysis a, String campaign, ToDoubleFunction<ScannedRun> perRunNanos) {
    if (!has(a, campaign)) {
      return noData(campaign);
    }
    double[] v = runsOf(a, campaign).stream().mapToDouble(perRunNanos).filter(x -> !Double.isNaN(x)).toArray();
    return v.length == 0 ? new Value.Unavailable("no run with the stamps")
        : new Value.Real(Quantiles.median(v) / 1000.0);
  }
}
