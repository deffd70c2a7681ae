package ftl.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The Mantel–Haenszel rate ratio of two groups of runs over strata, with a stratified percentile-bootstrap
 * interval: one pooled figure for a manipulation measured in several strata (e.g. default priority over whole-JVM
 * SCHED_FIFO, stratified by broker placement and background load).
 *
 * <p>Formula: in stratum {@code s} the numerator group has {@code x1} negatives in {@code n1} events and the
 * denominator group {@code x0} in {@code n0} (counts pooled over the group's runs), {@code N = n1 + n0}; then
 * {@code RR_MH = sum_s(x1 n0 / N) / sum_s(x0 n1 / N)} (Rothman, Greenland and Lash, "Modern Epidemiology", 3rd
 * ed., ch. 15, the Mantel–Haenszel estimator for person-time data, events standing in for person-time);
 * dimensionless. A stratum where either group has no events contributes nothing and is counted as unused.
 * Interval: in each of the declared replicates the runs of every stratum and group are resampled with
 * replacement within that stratum and group (sizes kept) and {@code RR_MH} recomputed; the interval is the
 * type-7 quantiles at {@code (1 -+ level) / 2} of the replicates, replicates that are 0/0 left out and counted,
 * {@code +Infinity} kept (ordered above every finite value). Degenerate cases: no usable stratum, or no negative
 * in either group's weighted sum, give {@code NaN}; negatives only in the numerator give {@code +Infinity}; the
 * interval is computed only for a finite ratio (otherwise its bounds are {@code NaN}).
 */
public final class MantelHaenszelRateRatio {
  private MantelHaenszelRateRatio() {}

  /** One stratum: the per-run rates (negatives / events) of the numerator and the denominator group. */
  public record Stratum(String name, List<Rate> numeratorRuns, List<Rate> denominatorRuns) {
    public Stratum {
      Objects.requireNonNull(name, "name");
      numeratorRuns = List.copyOf(numeratorRuns);
      denominatorRuns = List.copyOf(denominatorRuns);
    }
  }

  /**
   * The pooled ratio and its interval.
   *
   * @param ratio {@code RR_MH}; {@code NaN} or {@code +Infinity} in the degenerate cases
   * @param lower lower end of the interval; {@code NaN} unless the ratio is finite
   * @param upper upper end; may be {@code +Infinity}; {@code NaN} unless the ratio is finite
   * @param strata strata given
   * @param usedStrata strata where both groups had events
   * @param undefinedResamples replicates left out as 0/0
   * @param bootstrap the declared bootstrap
   */
  public record Estimate(double ratio, double lower, double upper, int strata, int usedStrata,
                         int undefinedResamples, RateRatio.Bootstrap bootstrap) {
    public Estimate {
      Objects.requireNonNull(bootstrap, "bootstrap");
      if (lower > upper) {
        throw new IllegalArgumentException("interval bounds out of order: " + lower + " > " + upper);
      }
      if (usedStrata < 0 || usedStrata > strata || undefinedResamples < 0 || undefinedResamples > bootstrap.resamples()) {
        throw new IllegalArgumentException("counts out of range");
      }
    }

    /** True when the ratio is a finite number. */
    public boolean finite() {
      return Double.isFinite(ratio);
    }
  }

  /** {@code RR_MH} of strata given as pooled rates per group (class javadoc); {@code NaN} for 0/0. */
  static double point(Rate[] numerator, Rate[] denominator) {
    double top = 0;
    double bottom = 0;
    for (int s = 0; s < numerator.length; s++) {
      long n1 = numerator[s].total();
      long n0 = denominator[s].total();
      if (n1 == 0 || n0 == 0) {
        continue;
      }
      double big = (double) n1 + (double) n0;
      top += numerator[s].count() * (double) n0 / big;
      bottom += denominator[s].count() * (double) n1 / big;
    }
    return top / bottom; // 0/0 = NaN, x/0 = +Infinity
  }

  /** Mantel–Haenszel rate ratio with its stratified bootstrap interval (class javadoc). */
  public static Estimate mantelHaenszel(List<Stratum> strata, RateRatio.Bootstrap bootstrap) {
    int k = strata.size();
    Rate[] num = new Rate[k];
    Rate[] den = new Rate[k];
    int used = 0;
    for (int s = 0; s < k; s++) {
      num[s] = Rate.pooled(strata.get(s).numeratorRuns());
      den[s] = Rate.pooled(strata.get(s).denominatorRuns());
      used += num[s].total() > 0 && den[s].total() > 0 ? 1 : 0;
    }
    double point = point(num, den);
    if (!Double.isFinite(point)) {
      return new Estimate(point, Double.NaN, Double.NaN, k, used, 0, bootstrap);
    }
    RateRatio.Counts[] cn = new RateRatio.Counts[k];
    RateRatio.Counts[] cd = new RateRatio.Counts[k];
    for (int s = 0; s < k; s++) {
      cn[s] = RateRatio.Counts.of(strata.get(s).numeratorRuns());
      cd[s] = RateRatio.Counts.of(strata.get(s).denominatorRuns());
    }
    Bootstraps.Interval ci = Bootstraps.percentile(bootstrap, rng -> {
      Rate[] rn = new Rate[k];
      Rate[] rd = new Rate[k];
      for (int s = 0; s < k; s++) {
        rn[s] = cn[s].resample(rng);
        rd[s] = cd[s].resample(rng);
      }
      return point(rn, rd);
    });
    return new Estimate(point, ci.lower(), ci.upper(), k, used, ci.undefined(), bootstrap);
  }
}
