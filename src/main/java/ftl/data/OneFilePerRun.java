package ftl.data;

import ftl.data.io.DataException;
import ftl.data.ledger.LedgerRow;
import ftl.data.ledger.RunStatus;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One measurement is one run: over every campaign of a data root, no two {@code ok} rows may name events files with one
 * SHA-256, or one file under two names (one inode: a hard link). The instrument writes each run to a file of its own,
 * with nanosecond stamps that no second run repeats, so equal bytes are one measurement copied (issue 58: an events
 * file copied or hard-linked under a second run's name, its digest put in the ledger, was counted as two runs and
 * inflated {@code events.ackNegative.modeA} from 109 to 148). One ledger naming one path twice is refused earlier, by
 * the ledger reader. Rows of failed or aborted runs are not analysed, so they are not compared (two runs that wrote no
 * event have byte-identical header-only files).
 */
final class OneFilePerRun {
  private OneFilePerRun() {}

  /** Where a run was first seen: its ledger line and run id. */
  private record Seen(String ledger, long line, String runId) {
    String where() {
      return ledger + ":" + line + " (run " + runId + ")";
    }
  }

  /**
   * Refuses the first {@code ok} row whose events file has the digest, or is the file, of an earlier one.
   *
   * @param campaigns in the order they are reported (folder name), their rows in ledger order
   * @throws DataException naming the later row's ledger and line, and the earlier row's (exit 3)
   */
  static void check(List<Campaign> campaigns) {
    Map<String, Seen> byDigest = new HashMap<>();
    Map<Object, Seen> byFile = new HashMap<>();
    for (Campaign c : campaigns) {
      for (LedgerRow r : c.runs()) {
        if (r.status() != RunStatus.OK || r.eventsFile().isEmpty()) {
          continue;
        }
        Seen here = new Seen(c.ledgerName(), r.line(), r.runId());
        Seen first = byDigest.putIfAbsent(r.eventsSha256(), here);
        if (first != null) {
          throw twice(here, first, "an events file with the same SHA-256 (" + r.eventsSha256() + ")");
        }
        Object key = c.gate().fileKey(c.eventsRel(r));
        if (key != null) {
          first = byFile.putIfAbsent(key, here);
          if (first != null) {
            throw twice(here, first, "the same events file under another name (one inode: a hard link)");
          }
        }
      }
    }
  }

  private static DataException twice(Seen here, Seen first, String what) {
    return new DataException(here.ledger(), here.line(), "run " + here.runId() + " names " + what + " as "
        + first.where() + ": one measurement would be counted as two runs; each run has an events file of its own",
        null);
  }
}
