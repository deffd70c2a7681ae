package ftl.quantity;

import ftl.data.Campaign;
import ftl.data.LedgerRow;
import ftl.stats.GuardResult;
import ftl.stats.SignCheckResult;

/**
 * What one pass over one ok run's events file gave: the sign check and the guard replica.
 *
 * @param campaign the run's campaign
 * @param row the run's ledger row
 * @param sha256 SHA-256 of the events file as read (already checked against the ledger)
 * @param rows event rows in the file
 * @param sign the sign check ({@link ftl.stats.SignCheck})
 * @param guard OpenMessaging Benchmark's positivity guard replayed ({@link ftl.stats.GuardAccounting})
 */
public record RunResult(Campaign campaign, LedgerRow row, String sha256, long rows, SignCheckResult sign,
                        GuardResult guard) {

  /** The sign check: a run is rejected when any complete event has a negative ack-referenced span. */
  public boolean rejected() {
    return sign.rejected();
  }

  /** Guard retention kept / taken, NaN when nothing was delivered. */
  public double retention() {
    return guard.taken() == 0 ? Double.NaN : (double) guard.kept() / guard.taken();
  }
}
