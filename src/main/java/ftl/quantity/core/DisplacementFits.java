package ftl.quantity.core;

import ftl.data.Campaign;
import ftl.data.io.DataException;
import ftl.stats.DisplacementLaw;
import ftl.stats.Exposure;
import ftl.stats.RateRatio;
import java.util.List;

/**
 * The 1/D law fitted to a campaign's runs, computed once per analysis: the line of each run's median displacement D on
 * its median flight T with its bootstrap interval, D/T by flight band ({@link Layout#bandEdgesNanos}), and the
 * crossover where the banded medians of D and T meet. The 1/D law's section prints them; the exposure section and the
 * claims' verdicts read the same fit and crossover.
 */
public final class DisplacementFits {
  private DisplacementFits() {}

  /**
   * Each ok run's median flight and median displacement, ns; runs without a complete event are left out (a run
   * with a complete event has a delivered one, so both medians are numbers). A run whose median flight is not
   * positive is bad data, refused naming its ledger line: on one monotonic clock a flight is a causal chain, so most of
   * a run's events cannot arrive before they were sent, and the 1/D law has no value at {@code T <= 0}.
   */
  public static double[][] points(Analysis a, String campaign) {
    List<ScannedRun> runs = CampaignRuns.runsOf(a, campaign).stream()
        .filter(r -> !Double.isNaN(r.medianDisplacementNanos())).toList();
    for (ScannedRun r : runs) {
      if (!(r.guard().medianFlightNanos() > 0)) {
        String ledger = a.campaign(campaign).map(Campaign::ledgerName).orElse(campaign);
        throw new DataException(ledger, r.row().line(), "run " + r.row().runId() + ": its median flight is not"
            + " positive (" + r.guard().medianFlightNanos()
            + " ns): on one clock most of its events would arrive before they were sent", null);
      }
    }
    return new double[][] {runs.stream().mapToDouble(r -> r.guard().medianFlightNanos()).toArray(),
        runs.stream().mapToDouble(ScannedRun::medianDisplacementNanos).toArray()};
  }

  /** The fit of a campaign (memoised); null without an ok run of the campaign. */
  public static DisplacementLaw.Fit fitOf(Analysis a, String campaign) {
    if (!CampaignRuns.has(a, campaign)) {
      return null;
    }
    return a.memo("onedlaw.fit:" + campaign, () -> {
      double[][] p = points(a, campaign);
      return DisplacementLaw.fit(p[0], p[1], RateRatio.Bootstrap.standard());
    });
  }

  /** The flight bands of a campaign (memoised); empty without an ok run of the campaign. */
  public static List<DisplacementLaw.Band> bandsOf(Analysis a, String campaign) {
    if (!CampaignRuns.has(a, campaign)) {
      return List.of();
    }
    return a.memo("onedlaw.bands:" + campaign, () -> {
      double[][] p = points(a, campaign);
      return DisplacementLaw.bands(p[0], p[1], Layout.bandEdgesNanos());
    });
  }

  /** Crossover from the non-empty bands' medians, us. */
  public static Value crossover(Analysis a, String campaign) {
    List<DisplacementLaw.Band> b = bandsOf(a, campaign);
    if (b.isEmpty()) {
      return CampaignRuns.noData(campaign);
    }
    Exposure.Crossover x = Exposure.crossover(b.stream().filter(band -> band.runs() > 0)
        .map(band -> new Exposure.Bin(band.medianFlightNanos(), band.medianDisplacementNanos())).toList());
    return x.found() ? new Value.Real(x.flightNanos() / 1000.0)
        : new Value.Unavailable("D - T keeps one sign over the flight bands of campaign " + campaign
        + ": no crossover in the data");
  }
}
