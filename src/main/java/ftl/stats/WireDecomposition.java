package ftl.stats;

import java.util.Arrays;

/**
 * One run's ack-referenced spans taken apart on the wire (issue #55). Per record with all five stamps on one clock
 * (send, the leader's produce response, the ack stamp, the leader's fetch response, the receive stamp):
 * {@code A = recv - ack = G + C}, where {@code G = fetch_resp - produce_resp} is the broker's order of its two
 * responses and {@code C = (recv - fetch_resp) - (ack - produce_resp)} what the two client threads add after them. A
 * negative {@code A} is a <em>broker order reversed</em> when {@code G < 0} (the leader answered the consumer first)
 * and a
 * <em>client-side inversion</em> when {@code G >= 0} (the broker answered the producer first, and the clients' lateness
 * turned the order round).
 *
 * @param records records with all five stamps
 * @param gapPositive records with {@code G > 0}
 * @param gapNegative records with {@code G < 0}
 * @param gapMedianNanos median {@code G}, ns (NaN with no record)
 * @param displacementMedianNanos median {@code D = ack - send}, ns
 * @param producerLateMedianNanos median {@code ack - produce_resp}, ns: the producer's lateness after its response
 * @param consumerLateMedianNanos median {@code recv - fetch_resp}, ns: the consumer's lateness after its response
 * @param negative records with {@code A < 0}
 * @param brokerReversed negative records with {@code G < 0}
 * @param clientInversion negative records with {@code G >= 0}
 */
public record WireDecomposition(long records, long gapPositive, long gapNegative, double gapMedianNanos,
                                double displacementMedianNanos, double producerLateMedianNanos,
                                double consumerLateMedianNanos, long negative, long brokerReversed,
                                long clientInversion) {

  /** Marker of a stamp that is missing (the events file's empty cell). */
  public static final long MISSING = Long.MIN_VALUE;

  /**
   * The decomposition of a run from its five stamp columns (equal lengths, {@link #MISSING} where a stamp is absent;
   * records lacking any of the five are left out). Medians are type 7 ({@link Quantiles#median}).
   *
   * @throws IllegalArgumentException when the columns differ in length
   */
  public static WireDecomposition of(long[] send, long[] produceResp, long[] ack, long[] fetchResp, long[] recv) {
    int n = send.length;
    if (produceResp.length != n || ack.length != n || fetchResp.length != n || recv.length != n) {
      throw new IllegalArgumentException("five stamp columns of one run have one length");
    }
    long[] g = new long[n];
    long[] d = new long[n];
    long[] pl = new long[n];
    long[] cl = new long[n];
    int m = 0;
    long pos = 0;
    long negG = 0;
    long negA = 0;
    long reversed = 0;
    for (int i = 0; i < n; i++) {
      if (send[i] == MISSING || produceResp[i] == MISSING || ack[i] == MISSING || fetchResp[i] == MISSING
          || recv[i] == MISSING) {
        continue;
      }
      long gap = fetchResp[i] - produceResp[i];
      g[m] = gap;
      d[m] = ack[i] - send[i];
      pl[m] = ack[i] - produceResp[i];
      cl[m] = recv[i] - fetchResp[i];
      m++;
      pos += gap > 0 ? 1 : 0;
      negG += gap < 0 ? 1 : 0;
      if (recv[i] - ack[i] < 0) {
        negA++;
        reversed += gap < 0 ? 1 : 0;
      }
    }
    return new WireDecomposition(m, pos, negG, median(g, m), median(d, m), median(pl, m), median(cl, m), negA, reversed,
        negA - reversed);
  }

  private static double median(long[] v, int m) {
    return m == 0 ? Double.NaN : Quantiles.median(Arrays.copyOf(v, m));
  }

  /** {@code gapPositive / records}; NaN with no record. */
  public double gapPositiveShare() {
    return records == 0 ? Double.NaN : (double) gapPositive / records;
  }

  /** {@code gapNegative / records}; NaN with no record. */
  public double gapNegativeShare() {
    return records == 0 ? Double.NaN : (double) gapNegative / records;
  }
}
