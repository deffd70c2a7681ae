package ftl.harness.wire;

/**
 * What a run's capture showed, on the capture's clock (CLOCK_REALTIME, nanoseconds since the epoch): per measured
 * {@code seq}, the stamp of the first produce request that carried it (a retry, a later request carrying it again,
 * does not move it), of the produce response that acknowledged it and of the first fetch response that carried it to
 * the consumer ({@link #MISSING} where the capture holds none); the follower fetches' and the consumer's delivering
 * fetches' waits at the leader (response stamp minus request stamp, ns) and how many of the latter ran to their own
 * {@code max_wait_ms}; the {@code max_wait_ms} and {@code min_bytes} the followers' fetch requests carried (-1 when no
 * follower fetch was seen); and the capture's own counts (packets, sequence gaps, records whose produce response
 * carried an error, records whose two responses named different offsets).
 */
public record WireLog(long[] produceReqEpochNanos, long[] produceRespEpochNanos, long[] fetchRespEpochNanos,
                      long packets, long gaps, long produceErrors, long offsetMismatches, long[] followerWaitNanos,
                      long[] consumerWaitNanos, long consumerTimeouts, int followerMaxWaitMs, int followerMinBytes) {
  /** Marker of a request or response the capture did not hold. */
  public static final long MISSING = Long.MIN_VALUE;

  /** Measured records with both responses on the wire. */
  public int bothSeen() {
    int n = 0;
    for (int i = 0; i < produceRespEpochNanos.length; i++) {
      if (produceRespEpochNanos[i] != MISSING && fetchRespEpochNanos[i] != MISSING) {
        n++;
      }
    }
    return n;
  }
}
