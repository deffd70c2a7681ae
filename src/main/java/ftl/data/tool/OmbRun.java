package ftl.data.tool;

import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What OpenMessaging Benchmark's own objects counted in one run ({@code runs/<run>.csv}, {@link OmbFormat}).
 *
 * @param warmup one {@code getPeriodStats()} per second of the warm-up (not analysed)
 * @param periods one {@code getPeriodStats()} per measured second
 * @param sent messages sent over the measured window ({@code getCountersStats()} difference)
 * @param received messages received over the measured window ({@code getCountersStats()} difference)
 * @param e2eCount samples in the cumulative end-to-end histogram over the measured window
 * @param publishCount samples in the cumulative publish-latency histogram
 * @param e2eCountsByMillis the cumulative end-to-end histogram's recorded values: latency in ms (at least 1) to count
 * @param sha256 SHA-256 of the file as read
 */
public record OmbRun(List<Period> warmup, List<Period> periods, long sent, long received, long e2eCount,
                     long publishCount, SortedMap<Long, Long> e2eCountsByMillis, String sha256) {

  /** One second of OMB's period statistics: counters and histogram sizes as OMB reported them. */
  public record Period(int index, long sent, long received, long e2eCount, long publishCount) {
    public Period {
      if (index < 1 || sent < 0 || received < 0 || e2eCount < 0 || publishCount < 0) {
        throw new IllegalArgumentException("not a period: " + index + " " + sent + " " + received + " " + e2eCount
            + " " + publishCount);
      }
    }
  }

  public OmbRun {
    warmup = List.copyOf(warmup);
    periods = List.copyOf(periods);
    e2eCountsByMillis = Collections.unmodifiableSortedMap(new TreeMap<>(e2eCountsByMillis));
    Objects.requireNonNull(sha256, "sha256");
    if (sent < 0 || received < 0 || e2eCount < 0 || publishCount < 0) {
      throw new IllegalArgumentException("counts must not be negative");
    }
  }

  /**
   * OMB's dropped share: {@code 1 - e2eCount / received}, the share of received messages whose end-to-end
   * sample the guard {@code now_ms - CreateTime_ms > 0} deleted; fraction; NaN when nothing was received.
   */
  public double droppedShare() {
    return received == 0 ? Double.NaN : 1 - (double) e2eCount / received;
  }
}
