package ftl.stats;

import java.util.Collection;

/**
 * Sign-check counts of one run (or of several pooled).
 *
 * <p>Counts, in events: {@code eventsTaken} every event in the file; {@code complete} those with all three
 * monotonic stamps; {@code missingAck} those without {@code ack_ns}, {@code missingRecv} those without
 * {@code recv_ns}, {@code missingBoth} those without either (counted in both of the previous two), so
 * {@code complete + missingAck + missingRecv - missingBoth = eventsTaken}. Among complete events,
 * {@code ackNegative} have {@code A = recv_ns - ack_ns < 0} and {@code sendNegative} have flight
 * {@code T = recv_ns - send_ns < 0} (which one clock forbids by construction).
 *
 * <p>Verdict (docs/architecture.md#vocabulary, "sign check"): the run is {@linkplain #rejected() rejected} iff
 * {@code ackNegative > 0}. Source: the archive's definition of Mode A.
 */
public record SignCheckResult(long eventsTaken, long complete, long missingAck, long missingRecv,
                              long missingBoth, long ackNegative, long sendNegative) {

  /** No events. */
  public static final SignCheckResult EMPTY = new SignCheckResult(0, 0, 0, 0, 0, 0, 0);

  public SignCheckResult {
    if (eventsTaken < 0 || complete < 0 || missingAck < 0 || missingRecv < 0 || missingBoth < 0
        || ackNegative < 0 || sendNegative < 0) {
      throw new IllegalArgumentException("sign-check counts must not be negative");
    }
    if (missingBoth > missingAck || missingBoth > missingRecv) {
      throw new IllegalArgumentException("missingBoth " + missingBoth + " exceeds missingAck " + missingAck
          + " or missingRecv " + missingRecv);
    }
    if (complete + missingAck + missingRecv - missingBoth != eventsTaken) {
      throw new IllegalArgumentException("counts do not conserve: complete " + complete + " + missingAck "
          + missingAck + " + missingRecv " + missingRecv + " - missingBoth " + missingBoth + " != eventsTaken "
          + eventsTaken);
    }
    if (ackNegative > complete || sendNegative > complete) {
      throw new IllegalArgumentException("negative counts exceed complete events " + complete);
    }
  }

  /** Mode-A verdict: true iff any complete event has {@code A < 0}. */
  public boolean rejected() {
    return ackNegative > 0;
  }

  /** Ack-negative rate {@code ackNegative / complete}; dimensionless; undefined (0/0) with no complete event. */
  public Rate ackNegativeRate() {
    return new Rate(ackNegative, complete);
  }

  /** Send-negative rate {@code sendNegative / complete}; dimensionless; undefined (0/0) with no complete event. */
  public Rate sendNegativeRate() {
    return new Rate(sendNegative, complete);
  }

  /** Counts added field by field (pooling runs into a condition); exact, throws on overflow. */
  public SignCheckResult plus(SignCheckResult o) {
    return new SignCheckResult(Math.addExact(eventsTaken, o.eventsTaken), Math.addExact(complete, o.complete),
        Math.addExact(missingAck, o.missingAck), Math.addExact(missingRecv, o.missingRecv),
        Math.addExact(missingBoth, o.missingBoth), Math.addExact(ackNegative, o.ackNegative),
        Math.addExact(sendNegative, o.sendNegative));
  }

  /** Pooled counts of many runs; {@link #EMPTY} for none. A pooled result is rejected iff any part was. */
  public static SignCheckResult pooled(Collection<SignCheckResult> runs) {
    SignCheckResult sum = EMPTY;
    for (SignCheckResult r : runs) {
      sum = sum.plus(r);
    }
    return sum;
  }

  /** Number of rejected runs among {@code runs} (the {@code runs.rejected} count); 0 for none. */
  public static long countRejected(Collection<SignCheckResult> runs) {
    long n = 0;
    for (SignCheckResult r : runs) {
      if (r.rejected()) {
        n++;
      }
    }
    return n;
  }
}
