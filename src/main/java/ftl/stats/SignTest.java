package ftl.stats;

/**
 * The exact sign test over blocks: does each block's value lie beyond a threshold more often than chance allows?
 * Under the null hypothesis a block's value is as likely below the threshold as above it, so the number above is
 * binomial {@code Bin(n, 1/2)}.
 *
 * <p>Formula: of the block values {@code x_1 .. x_n}, those equal to the threshold {@code c} are left out (ties carry
 * no sign; the rest, {@code n'}, enter); with {@code k = #{x_i > c}}, {@code p_greater = P(Bin(n', 1/2) >= k)
 * = sum_{j >= k} C(n', j) / 2^n'}, and {@code p_less} the same for {@code #{x_i < c}}. Two one-sided tests of an
 * equivalence band {@code [low, high]} give {@code p_within = max(p_greater(low), p_less(high))} (Schuirmann's two
 * one-sided tests with the sign test as each). Dimensionless, in {@code [0, 1]}. Source: Conover 1999, <i>Practical
 * Nonparametric Statistics</i>, §3.4 (the sign test); Schuirmann 1987, J. Pharmacokin. Biopharm. 15:657-680 (two
 * one-sided tests).
 *
 * <p>Smallest attainable one-sided p: {@code 1/2^n'}, {@code 1/64 = 0.016} with 6 blocks, {@code 1/128 = 0.0078} with
 * 7, the fewest for which Holm's first step in a family of three passes at 0.025 ({@code 0.025 / 3 = 0.0083}).
 *
 * <p>Degenerate cases: no block (or every block tied) gives NaN (untested: leave it out of a family); a value that is
 * not finite is refused.
 */
public final class SignTest {
  private SignTest() {}

  /** The most blocks: {@code C(n, j)} stays exact in a double up to 62. */
  public static final int MAX_BLOCKS = 62;

  /** {@code P(#{x_i > c} >= k)} under the null, ties at {@code c} left out; NaN with no untied block. */
  public static double greater(double[] values, double threshold) {
    return tail(values, threshold, 1);
  }

  /** {@code P(#{x_i < c} >= k)} under the null, ties at {@code c} left out; NaN with no untied block. */
  public static double less(double[] values, double threshold) {
    return tail(values, threshold, -1);
  }

  /**
   * The two one-sided tests of {@code low < x < high}: the larger of {@link #greater}{@code (low)} and
   * {@link #less}{@code (high)}; NaN when either is.
   *
   * @throws IllegalArgumentException when {@code low > high}
   */
  public static double within(double[] values, double low, double high) {
    if (!(low <= high)) {
      throw new IllegalArgumentException("an equivalence band has low <= high: [" + low + ", " + high + "]");
    }
    return Math.max(greater(values, low), less(values, high));
  }

  private static double tail(double[] values, double threshold, int sign) {
    if (values.length > MAX_BLOCKS) {
      throw new IllegalArgumentException("at most " + MAX_BLOCKS + " blocks: " + values.length);
    }
    int n = 0;
    int k = 0;
    for (double v : values) {
      if (!Double.isFinite(v)) {
        throw new IllegalArgumentException("block value not finite: " + v);
      }
      if (v != threshold) {
        n++;
        k += Math.signum(v - threshold) == sign ? 1 : 0;
      }
    }
    if (n == 0) {
      return Double.NaN;
    }
    double sum = 0;
    double c = 1; // C(n, j), from j = n down
    for (int j = n; j >= k; j--) {
      sum += c;
      c = c * j / (n - j + 1);
    }
    return sum / Math.pow(2, n);
  }
}
