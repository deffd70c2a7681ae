package ftl.stats;

/**
 * What the archive's exact permutation tests over blocks ({@link SignFlip}, {@link TwoSamplePermutation}) share: the
 * tie rule and the three p-values counted over every arrangement.
 *
 * <p>Counting: with the observed statistic {@code t0} and every arrangement's statistic {@code t} (the observed
 * arrangement among them), {@code p_greater = #{t >= t0 - tol} / N}, {@code p_less = #{t <= t0 + tol} / N},
 * {@code p_two_sided = #{|t| >= |t0| - tol} / N}, with {@code N} the number of arrangements; dimensionless, in
 * {@code [1/N, 1]} (the observed arrangement always counts). The tolerance {@code tol} is {@link #TIE_RELATIVE}
 * times the largest {@code |t|} any arrangement can reach, as each test states, so that arrangements whose statistic
 * equals the observed one but for rounding (different summation orders) count as ties, also when {@code t0 = 0}.
 * Source: the exact randomisation test (Fisher 1935, <i>The Design of Experiments</i>, §21; Good, <i>Permutation,
 * Parametric and Bootstrap Tests of Hypotheses</i>, 3rd ed., 2005, ch. 3). Degenerate case: no data to arrange gives
 * {@code NaN} p-values ({@link PValues#undefined}).
 */
public final class ExactPermutation {
  private ExactPermutation() {}

  /** Ties: statistics within this fraction of the largest attainable {@code |t|} count as equal. */
  public static final double TIE_RELATIVE = 1e-12;

  /**
   * The three p-values of an exact permutation test.
   *
   * @param arrangements {@code N}, the number of arrangements enumerated, {@code >= 1}
   * @param greater one-sided p for "the statistic is large", in {@code [1/N, 1]} or NaN
   * @param less one-sided p for "the statistic is small", in {@code [1/N, 1]} or NaN
   * @param twoSided p for "{@code |t|} is large", in {@code [1/N, 1]} or NaN
   */
  public record PValues(long arrangements, double greater, double less, double twoSided) {
    public PValues {
      if (arrangements < 1) {
        throw new IllegalArgumentException("arrangements must be at least 1: " + arrangements);
      }
      for (double p : new double[] {greater, less, twoSided}) {
        if (!(Double.isNaN(p) || (p > 0 && p <= 1))) {
          throw new IllegalArgumentException("an exact p-value lies in (0, 1]: " + p);
        }
      }
    }

    /** No data to arrange: one (empty) arrangement, every p-value NaN. */
    public static PValues undefined() {
      return new PValues(1, Double.NaN, Double.NaN, Double.NaN);
    }

    /**
     * The smallest one-sided p-value the test can give, {@code 1 / N}: the observed arrangement alone. A test whose
     * {@code 1 / N} exceeds its registered level cannot reject, whatever the data.
     */
    public double smallestAttainable() {
      return 1.0 / arrangements;
    }
  }

  /** Counts the arrangements at least as extreme as the observed one, under the tie rule of the class javadoc. */
  static final class Tally {
    private final double greaterFrom;
    private final double lessTo;
    private final double absFrom;
    private long greater;
    private long less;
    private long twoSided;
    private long seen;

    /**
     * @param observed the observed statistic {@code t0}
     * @param largest the largest {@code |t|} any arrangement can reach (the scale of the tie tolerance)
     */
    Tally(double observed, double largest) {
      double tol = TIE_RELATIVE * largest;
      greaterFrom = observed - tol;
      lessTo = observed + tol;
      absFrom = Math.abs(observed) - tol;
    }

    void add(double t) {
      seen++;
      if (t >= greaterFrom) {
        greater++;
      }
      if (t <= lessTo) {
        less++;
      }
      if (Math.abs(t) >= absFrom) {
        twoSided++;
      }
    }

    PValues result() {
      double n = seen;
      return new PValues(seen, greater / n, less / n, twoSided / n);
    }
  }
}
