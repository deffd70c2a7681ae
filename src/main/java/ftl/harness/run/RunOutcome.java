package ftl.harness.run;

import ftl.data.ledger.RunStatus;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one run produced: its stamps and everything the ledger records about it besides the condition.
 *
 * @param status              ok, failed (broker died, client error, short count) or aborted (a manipulation was refused; nothing measured)
 * @param reason              empty for ok runs
 * @param cells               ledger cells measured by the run (manipulations read back, counts, lag, guard, host load)
 */
public record RunOutcome(RunStatus status, String reason, StampBook book, GuardTally tally, PacingLag lag,
                         Instant startedAt, long durationMillis, Map<String, String> cells) {
  public RunOutcome {
    cells = Collections.unmodifiableMap(new LinkedHashMap<>(cells));
  }
}
