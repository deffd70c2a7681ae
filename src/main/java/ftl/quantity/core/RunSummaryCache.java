package ftl.quantity.core;

import ftl.data.Campaign;
import ftl.data.ledger.LedgerRow;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.UnaryOperator;

/**
 * Where {@link Analysis} gets the per-run results of a campaign: by scanning every ok run's events file
 * ({@link #NONE}), or from summaries stored by an earlier scan of the very same bytes (e.g.
 * {@code ftl.cache.DiskRunSummaryCache}). An implementation must return, for every ok run, exactly what
 * {@link Analysis#scan} returns for the events file as it is now, and must let {@code scan} raise its
 * {@link ftl.data.io.DataException} for a file that is malformed or differs from the ledger's digest.
 */
@FunctionalInterface
public interface RunSummaryCache {

  /** No cache: every ok run is scanned (on every core, {@link Parallel#readEach}), results in ledger order. */
  RunSummaryCache NONE = (campaign, scan, keep) -> Parallel.readEach(
      campaign.runs().stream().filter(LedgerRow::ok).toList(), r -> keep.apply(scan.apply(campaign, r)));

  /**
   * The results of the ok runs of {@code campaign}, in ledger order.
   *
   * @param campaign the campaign
   * @param scan computes one run's result from its events file ({@link Analysis#scan}); pure
   * @param keep what the caller keeps of each run's result, applied to every result (scanned or stored) as soon as
   *     it is made and after the cache took what it stores, so a result's full detail is never held for a whole
   *     campaign
   */
  List<ScannedRun> campaignRuns(Campaign campaign, BiFunction<Campaign, LedgerRow, ScannedRun> scan,
                               UnaryOperator<ScannedRun> keep);

  /** {@link #campaignRuns(Campaign, BiFunction, UnaryOperator)} keeping every result whole. */
  default List<ScannedRun> campaignRuns(Campaign campaign, BiFunction<Campaign, LedgerRow, ScannedRun> scan) {
    return campaignRuns(campaign, scan, UnaryOperator.identity());
  }
}
