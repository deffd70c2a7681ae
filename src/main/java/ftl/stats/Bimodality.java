package ftl.stats;

import java.util.Objects;
import org.apache.commons.math3.stat.descriptive.moment.Kurtosis;
import org.apache.commons.math3.stat.descriptive.moment.Skewness;

/**
 * Sarle's bimodality coefficient of a sample, the pre-registered test of the {@code fifojvm} campaign.
 *
 * <p>Formula: {@code BC = (g^2 + 1) / (k + 3 (n - 1)^2 / ((n - 2)(n - 3)))}, with {@code g} the bias-corrected
 * sample skewness and {@code k} the bias-corrected sample excess kurtosis (Commons Math {@link Skewness} and
 * {@link Kurtosis}); dimensionless, in (0, 1] for large samples. A uniform distribution gives 5/9; values above
 * 5/9 suggest two modes (or a strongly skewed single mode, which is why the caller pairs it with a cluster
 * criterion). Source: SAS Institute, "SAS/STAT User's Guide", PROC CLUSTER (Sarle); Pfister et al. 2013,
 * Frontiers in Psychology 4:700, {@code doi:10.3389/fpsyg.2013.00700}. Degenerate cases: fewer than 4 values, or
 * all values equal (no variance): {@code NaN}, counted by the caller as undefined.
 */
public final class Bimodality {
  private Bimodality() {}

  /** The threshold above which the coefficient suggests bimodality: 5/9, the value of a uniform distribution. */
  public static final double THRESHOLD = 5.0 / 9.0;
  /** {@link #THRESHOLD} as definitions print it (BimodalityTest holds the two equal). */
  public static final String THRESHOLD_PRINTED = "5/9";

  /** Sarle's bimodality coefficient (class javadoc); {@code NaN} for fewer than 4 values or no variance. */
  public static double coefficient(double[] values) {
    Objects.requireNonNull(values, "values");
    int n = values.length;
    if (n < 4) {
      return Double.NaN;
    }
    double first = values[0];
    boolean constant = true;
    for (double v : values) {
      if (!Double.isFinite(v)) {
        throw new IllegalArgumentException("values must be finite: " + v);
      }
      constant &= v == first;
    }
    if (constant) {
      return Double.NaN;
    }
    double g = new Skewness().evaluate(values);
    double k = new Kurtosis().evaluate(values);
    double correction = 3.0 * (n - 1.0) * (n - 1.0) / ((n - 2.0) * (n - 3.0));
    return (g * g + 1.0) / (k + correction);
  }
}
