package ftl.stats;

/**
 * One block's rate ratio of negative events between two conditions, with the archive's zero-count rule, and the
 * within-block variance of its log for a meta-analysis ({@link RandomEffectsMeta}).
 *
 * <p>Formula: a block has {@code x1} negatives among {@code n1} events under condition 1 and {@code x0} among
 * {@code n0} under condition 0. Its rate ratio is {@code RR = (x1 / n1) / (x0 / n0)}, dimensionless, and the variance
 * of {@code ln RR} is {@code 1/x1 + 1/x0 - 1/n1 - 1/n0} (the delta-method variance of a log ratio of two binomial
 * proportions: Katz, Baptista, Azen and Pike 1978, Biometrics 34:469–474, {@code doi:10.2307/2530610}).
 *
 * <p><b>Zero-count rule</b> ({@link #RULE}, declared here once): when {@code x1 = 0} or {@code x0 = 0} the log ratio is
 * infinite or undefined, so {@link #CORRECTION} {@code = 0.5} is added to both counts of the pair — to the counts
 * only, the event totals unchanged: {@code RR = ((x1 + 0.5) / n1) / ((x0 + 0.5) / n0)}, and the variance uses the
 * corrected counts, {@code 1/(x1 + 0.5) + 1/(x0 + 0.5) - 1/n1 - 1/n0}. Source: the Haldane–Anscombe correction
 * (Haldane 1956, Ann. Hum. Genet. 20:309–311, {@code doi:10.1111/j.1469-1809.1955.tb01285.x}; Anscombe 1956,
 * Biometrika 43:461–464, {@code doi:10.1093/biomet/43.3-4.461}), applied to the counts as stated here. Every block
 * the rule touched says so ({@link Block#corrected}), so the caller counts corrected blocks: none is dropped
 * silently.
 *
 * <p>Degenerate cases: a block with no events under a condition ({@code n = 0}) has no rate and is refused (the
 * caller counts it as unusable); a block with no negative under either condition gets the corrected ratio
 * {@code n0 / n1}, which carries no information on the direction and a large variance; a block where every event is
 * negative under both conditions ({@code x1 = n1}, {@code x0 = n0}) has variance 0, which a meta-analysis refuses.
 */
public final class BlockRateRatio {
  private BlockRateRatio() {}

  /** The zero-count correction: added to both negative counts of a block where either is 0. */
  public static final double CORRECTION = 0.5;
  /** {@link #CORRECTION} as definitions print it (BlockRateRatioTest holds the two equal). */
  public static final String CORRECTION_PRINTED = "0.5";
  /** The zero-count rule, worded once for the plan and the registry to cite. */
  public static final String RULE = "a block's rate ratio of negatives is (x1/n1)/(x0/n0), x negatives among n events"
      + " under each condition; when x1 = 0 or x0 = 0, " + CORRECTION_PRINTED
      + " is added to both x1 and x0 (not to the event totals), and the block is counted as corrected; the variance "
      + "of its log is 1/x1 + 1/x0 - 1/n1 - 1/n0 with the counts so corrected";

  /**
   * One block's ratio.
   *
   * @param ratio {@code RR}, finite and above 0
   * @param logRatio {@code ln RR}
   * @param logVariance within-block variance of {@code ln RR}, {@code >= 0}
   * @param corrected whether the zero-count rule added {@link #CORRECTION} to the counts
   */
  public record Block(double ratio, double logRatio, double logVariance, boolean corrected) {
    public Block {
      if (!(ratio > 0 && Double.isFinite(ratio))) {
        throw new IllegalArgumentException("a block's rate ratio is finite and above 0: " + ratio);
      }
      if (!Double.isFinite(logRatio)) {
        throw new IllegalArgumentException("a block's log ratio is finite: " + logRatio);
      }
      if (!(logVariance >= 0 && Double.isFinite(logVariance))) {
        throw new IllegalArgumentException("a block's log variance is finite and not negative: " + logVariance);
      }
    }
  }

  /**
   * The block's rate ratio under the zero-count rule (class javadoc).
   *
   * @param negatives1 {@code x1}, negatives under condition 1, {@code 0 <= x1 <= n1}
   * @param events1 {@code n1}, events under condition 1, {@code >= 1}
   * @param negatives0 {@code x0}, negatives under condition 0, {@code 0 <= x0 <= n0}
   * @param events0 {@code n0}, events under condition 0, {@code >= 1}
   * @throws IllegalArgumentException when a count lies outside its range
   */
  public static Block of(long negatives1, long events1, long negatives0, long events0) {
    check(negatives1, events1, "condition 1");
    check(negatives0, events0, "condition 0");
    boolean corrected = negatives1 == 0 || negatives0 == 0;
    double add = corrected ? CORRECTION : 0.0;
    double x1 = negatives1 + add;
    double x0 = negatives0 + add;
    double n1 = events1;
    double n0 = events0;
    double ratio = (x1 / n1) / (x0 / n0);
    // Never negative: uncorrected, 1/x >= 1/n term by term (x <= n); corrected, a zero count's term 2 - 1/n >= 1
    // outweighs the other's 1/(x + 0.5) - 1/n > -1/3.
    double variance = 1 / x1 + 1 / x0 - 1 / n1 - 1 / n0;
    return new Block(ratio, Math.log(ratio), variance, corrected);
  }

  private static void check(long negatives, long events, String condition) {
    if (events < 1) {
      throw new IllegalArgumentException(condition + ": a block's rate needs at least one event: " + events);
    }
    if (negatives < 0 || negatives > events) {
      throw new IllegalArgumentException(condition + ": negatives must lie in [0, " + events + "]: " + negatives);
    }
  }
}
