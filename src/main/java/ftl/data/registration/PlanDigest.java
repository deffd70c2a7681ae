package ftl.data.registration;

import ftl.data.io.DataException;
import ftl.data.io.Sha256;
import ftl.data.ledger.LedgerRow;
import ftl.data.ledger.LedgerSchema;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * The registration of a campaign's plan, proved from the data alone. The runner writes the SHA-256 of the
 * {@code plan.json} bytes it ran under into every ledger row ({@link LedgerSchema#PLAN_SHA256}) and refuses to append
 * a row under another digest ({@link #firstOtherDigest}); the analysis refuses a ledger whose rows name two digests,
 * or one that is not the digest of the plan beside it ({@link #check}). So a criterion edited after the first run is
 * caught without git history: the committed plan is the plan the runs were taken under, byte for byte.
 *
 * <p>Ledgers written before the column have no digest in any row; their registration rests on git history
 * ({@code data/registrations.csv}).
 */
public final class PlanDigest {
  private PlanDigest() {}

  /** Lower-case hex SHA-256 of a plan's bytes, as the ledger writes it. */
  public static String of(byte[] planBytes) {
    return HexFormat.of().formatHex(Sha256.jdk().digest(planBytes));
  }

  /**
   * The one plan digest the rows of a ledger name, checked against the plan beside it.
   *
   * @param rows every row of the ledger, in ledger order
   * @param planSha256 the digest of the campaign's {@code plan.json}; empty when the campaign has none
   * @param ledgerName the ledger as messages name it
   * @param planName the plan as messages name it
   * @return the digest every row names; empty when no row names one (a ledger written before the column)
   * @throws DataException naming the ledger line of the first row that names no digest or another digest than the
   *     first row's, or of the first row when the plan beside the ledger is absent or has another digest
   */
  public static Optional<String> check(List<LedgerRow> rows, Optional<String> planSha256, String ledgerName,
                                       String planName) {
    LedgerRow first = null;
    for (LedgerRow r : rows) {
      String d = r.field(LedgerSchema.PLAN_SHA256);
      if (first == null) {
        if (d.isEmpty()) {
          continue;
        }
        first = r;
      }
      String want = first.field(LedgerSchema.PLAN_SHA256);
      if (!d.equals(want)) {
        throw new DataException(ledgerName, r.line(), "run " + r.runId() + (d.isEmpty() ? " names no plan digest"
            : " names plan digest " + d) + " while run " + first.runId() + " (line " + first.line() + ") names " + want
            + ": one ledger is taken under one plan", null);
      }
    }
    if (first == null) {
      return Optional.empty();
    }
    for (LedgerRow r : rows) {
      if (r == first) {
        break;
      }
      throw new DataException(ledgerName, r.line(), "run " + r.runId() + " names no plan digest while run "
          + first.runId() + " (line " + first.line() + ") names " + first.field(LedgerSchema.PLAN_SHA256)
          + ": one ledger is taken under one plan", null);
    }
    String taken = first.field(LedgerSchema.PLAN_SHA256);
    if (planSha256.isEmpty()) {
      throw new DataException(ledgerName, first.line(), "the runs were taken under a plan with SHA-256 " + taken
          + ", and " + planName + " is missing", null);
    }
    if (!planSha256.get().equals(taken)) {
      throw new DataException(ledgerName, first.line(), "the runs were taken under a plan with SHA-256 " + taken
          + ", and " + planName + " has SHA-256 " + planSha256.get() + ": the plan was edited after its runs (a"
          + " criterion set after the data is exploratory: restore the plan, and state a new rule in a new campaign's"
          + " plan or as an exploratory analysis)", null);
    }
    return Optional.of(taken);
  }

  /**
   * Refuses to append to a ledger whose rows were taken under another plan (or under none).
   *
   * @param digests the {@code plan_sha256} cell of every row already in the ledger, in order
   * @param planSha256 the digest of the plan about to be run
   * @return the index of the first row whose digest differs, or -1 when every row names {@code planSha256}
   */
  public static int firstOtherDigest(List<String> digests, String planSha256) {
    for (int i = 0; i < digests.size(); i++) {
      if (!digests.get(i).equals(planSha256)) {
        return i;
      }
    }
    return -1;
  }
}
