package ftl.stats;

import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * The engine shared by every percentile bootstrap of the archive ({@link RateRatio}, {@link StratifiedRateRatio},
 * {@link Slope}, {@link DisplacementLaw}): replicates computed independently, each
 * from its own {@link SplitMix64#forReplicate} generator, on every core (the common fork-join pool), stored by index,
 * so the replicates — and the interval — are the same bytes whatever the thread timing or the order quantities are
 * evaluated in. The interval is the type-7 quantiles ({@link Quantiles}) of the defined replicates at
 * {@code (1 - level) / 2} and {@code (1 + level) / 2}, found by selection ({@link Quantiles#type7Select}), exactly
 * what sorting gives.
 */
public final class Bootstraps {

  private Bootstraps() {}

  /**
   * One replicate: its statistic from its own generator; {@code NaN} marks an undefined replicate (left out, counted).
   */
  @FunctionalInterface
  public interface Replicate {
    /** The statistic of one replicate, drawing only from {@code rng}. */
    double compute(SplitMix64 rng);
  }

  /**
   * What the replicates gave.
   *
   * @param lower type-7 quantile at {@code (1 - level) / 2} of the defined replicates; NaN when none is defined
   * @param upper type-7 quantile at {@code (1 + level) / 2}; may be {@code +Infinity}; NaN when none is defined
   * @param undefined replicates whose statistic was NaN (left out)
   * @param infinite replicates whose statistic was {@code +Infinity} (kept, ordered above every finite value)
   */
  public record Interval(double lower, double upper, int undefined, int infinite) {
    public Interval {
      if (undefined < 0 || infinite < 0) {
        throw new IllegalArgumentException("replicate counts must not be negative");
      }
    }
  }

  /** Runs {@code bootstrap.resamples()} replicates of {@code replicate} and returns their percentile interval. */
  public static Interval percentile(RateRatio.Bootstrap bootstrap, Replicate replicate) {
    int n = bootstrap.resamples();
    long seed = bootstrap.seed();
    double[] reps = new double[n];
    IntStream.range(0, n).parallel().forEach(i -> reps[i] = replicate.compute(SplitMix64.forReplicate(seed, i)));
    int kept = 0;
    int infinite = 0;
    for (double r : reps) {
      if (!Double.isNaN(r)) {
        reps[kept++] = r;
        infinite += r == Double.POSITIVE_INFINITY ? 1 : 0;
      }
    }
    double[] defined = Arrays.copyOf(reps, kept);
    double alpha = 1.0 - bootstrap.level();
    double lower = Quantiles.type7Select(defined, alpha / 2.0);
    double upper = Quantiles.type7Select(defined, 1.0 - alpha / 2.0);
    return new Interval(lower, upper, n - kept, infinite);
  }
}
