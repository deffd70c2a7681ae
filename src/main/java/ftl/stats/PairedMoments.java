package ftl.stats;

/**
 * Running means and second co-moments of paired values, one pass, mergeable.
 *
 * <p>Update (Welford 1962, "Note on a method for calculating corrected sums of squares and products",
 * Technometrics 4(3), in its bivariate form): for a new pair {@code (x, y)}, {@code n += 1},
 * {@code dx = x - meanX}, {@code meanX += dx / n}, {@code meanY += (y - meanY) / n},
 * {@code C_xx += dx (x - meanX')}, {@code C_yy += dy (y - meanY')}, {@code C_xy += dx (y - meanY')}, where
 * primes are the updated means. Merge (Chan, Golub and LeVeque 1979/1983, "Algorithms for computing the
 * sample variance"): with {@code d = mean_B - mean_A}, {@code n = n_A + n_B},
 * {@code C = C_A + C_B + d_x d_y n_A n_B / n}. Values are taken as doubles; a long near the end of its range
 * loses its low bits, which the bound of {@link #pearson()} survives. Not thread-safe.
 */
public final class PairedMoments {

  private long n;
  private double meanX;
  private double meanY;
  private double cxx;
  private double cyy;
  private double cxy;

  /** Adds one pair. */
  public void add(double x, double y) {
    if (!Double.isFinite(x) || !Double.isFinite(y)) {
      throw new IllegalArgumentException("pair must be finite: (" + x + ", " + y + ")");
    }
    n++;
    double dx = x - meanX;
    double dy = y - meanY;
    meanX += dx / n;
    meanY += dy / n;
    cxx += dx * (x - meanX);
    cyy += dy * (y - meanY);
    cxy += dx * (y - meanY);
  }

  /** Adds the pairs summarised by {@code other} (Chan et al.); returns this. */
  public PairedMoments merge(PairedMoments other) {
    if (other.n == 0) {
      return this;
    }
    if (n == 0) {
      n = other.n;
      meanX = other.meanX;
      meanY = other.meanY;
      cxx = other.cxx;
      cyy = other.cyy;
      cxy = other.cxy;
      return this;
    }
    long total = n + other.n;
    double dx = other.meanX - meanX;
    double dy = other.meanY - meanY;
    double w = (double) n * (double) other.n / (double) total;
    cxx += other.cxx + dx * dx * w;
    cyy += other.cyy + dy * dy * w;
    cxy += other.cxy + dx * dy * w;
    meanX += dx * ((double) other.n / (double) total);
    meanY += dy * ((double) other.n / (double) total);
    n = total;
    return this;
  }

  /** Sets every field at once, exactly as recorded by the getters (restoring a stored state). */
  void restore(long count, double meanX, double meanY, double cxx, double cyy, double cxy) {
    this.n = count;
    this.meanX = meanX;
    this.meanY = meanY;
    this.cxx = cxx;
    this.cyy = cyy;
    this.cxy = cxy;
  }

  /** Number of pairs. */
  public long count() {
    return n;
  }

  public double meanX() {
    return meanX;
  }

  public double meanY() {
    return meanY;
  }

  /** {@code C_xx = sum (x - meanX)^2}. */
  public double comomentXX() {
    return cxx;
  }

  /** {@code C_yy = sum (y - meanY)^2}. */
  public double comomentYY() {
    return cyy;
  }

  /** {@code C_xy = sum (x - meanX)(y - meanY)}. */
  public double comomentXY() {
    return cxy;
  }

  /**
   * Pearson {@code r = C_xy / sqrt(C_xx) / sqrt(C_yy)}, dimensionless, clamped to [-1, 1] (rounding can
   * otherwise step past the Cauchy–Schwarz bound). {@code NaN} when {@code n < 2}, when {@code C_xx} or
   * {@code C_yy} is not positive (zero variance), or when a co-moment overflowed to infinity; see
   * {@link #undefinedReason()}. With finite co-moments and positive divisors the quotient is never
   * {@code NaN}, so every defined result lies in [-1, 1].
   */
  public double pearson() {
    if (undefinedReason() != CorrelationResult.Undefined.NONE) {
      return Double.NaN;
    }
    double r = cxy / Math.sqrt(cxx) / Math.sqrt(cyy);
    return Math.max(-1.0, Math.min(1.0, r));
  }

  /** Why {@link #pearson()} is undefined, or {@link CorrelationResult.Undefined#NONE}. */
  public CorrelationResult.Undefined undefinedReason() {
    if (n < 2) {
      return CorrelationResult.Undefined.TOO_FEW_PAIRS;
    }
    // C_xy is bounded by sqrt(C_xx C_yy) (Cauchy–Schwarz), so finite C_xx and C_yy keep it finite; were
    // rounding to push it to infinity, the clamp in pearson() would still return +-1, never NaN.
    if (!Double.isFinite(cxx) || !Double.isFinite(cyy)) {
      return CorrelationResult.Undefined.OVERFLOW;
    }
    if (!(cxx > 0.0)) {
      return CorrelationResult.Undefined.ZERO_VARIANCE_X;
    }
    if (!(cyy > 0.0)) {
      return CorrelationResult.Undefined.ZERO_VARIANCE_Y;
    }
    return CorrelationResult.Undefined.NONE;
  }
}
