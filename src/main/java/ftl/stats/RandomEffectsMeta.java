package ftl.stats;

import java.util.Objects;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.special.Gamma;

/**
 * Random-effects meta-analysis between boots: a host is a sample of the setting, so a protocol run on {@code k} boots
 * estimates the mean effect over hosts and the between-host variance {@code tau^2}. Input per boot {@code i}: an
 * estimate {@code y_i} (a log rate ratio or log rate) and its within-boot variance {@code v_i > 0}. Model:
 * {@code y_i = mu + u_i + e_i}, {@code u_i ~ N(0, tau^2)}, {@code e_i ~ N(0, v_i)}. Units: {@code y}, {@code mu} and
 * the interval ends in the estimates' unit (dimensionless for logs); {@code tau^2}, {@code v}, {@code s^2} in its
 * square. The definitions are metafor's ({@code rma(yi, vi, method = "DL" | "REML")} with {@code predict()};
 * Viechtbauer 2010, J. Stat. Softw. 36(3), {@code doi:10.18637/jss.v036.i03}), against whose version 3.8.1 the tests
 * check them.
 *
 * <ul>
 *   <li><b>Heterogeneity</b> with fixed-effect weights {@code w_i = 1/v_i}: {@code ybar = sum(w y) / sum(w)}, Cochran's
 *   {@code Q = sum(w (y - ybar)^2)}, {@code df = k - 1}, its p the upper tail of chi-square({@code df}) (Cochran 1954,
 *   Biometrics 10:101–129). The "typical" within-boot variance {@code s^2 = (k - 1) sum(w) / ((sum w)^2 - sum(w^2))}
 *   (Higgins and Thompson 2002, Stat. Med. 21:1539–1558, {@code doi:10.1002/sim.1186}) and
 *   {@code I^2 = tau^2 / (tau^2 + s^2)} for either estimator of {@code tau^2}, as metafor reports it (as a fraction
 *   here, metafor prints percent). For DerSimonian–Laird this equals {@code max(0, (Q - df) / Q)}.</li>
 *   <li><b>DerSimonian–Laird</b> ({@link #derSimonianLaird}): {@code tau^2 = max(0, (Q - df) / (sum(w) - sum(w^2) /
 *   sum(w)))} (DerSimonian and Laird 1986, Control. Clin. Trials 7:177–188,
 *   {@code doi:10.1016/0197-2456(86)90046-2}).</li>
 *   <li><b>REML</b> ({@link #reml}), iterated as metafor does: start at the Hedges (HE) estimate
 *   {@code max(0, (sum((y - mean(y))^2) - (1 - 1/k) sum(v)) / (k - 1))}; Fisher scoring steps
 *   {@code tau^2 += (sum(w*^2 (y - mu)^2) - tr P) / tr(P^2)} with {@code w* = 1/(v + tau^2)},
 *   {@code tr P = sum(w*) - sum(w*^2) / sum(w*)}, {@code tr(P^2) = sum(w*^2) - 2 sum(w*^3) / sum(w*) + (sum(w*^2) /
 *   sum(w*))^2}, a step halved while it would take {@code tau^2} below 0; stop when a step changes {@code tau^2} by at
 *   most the threshold ({@link #REML_THRESHOLD} {@code = 1e-10} by default; metafor's default is {@code 1e-5}); more
 *   than the iteration limit is a failure. Then metafor's guard: if the restricted log-likelihood at {@code tau^2 = 0}
 *   exceeds that at the estimate by more than {@code eps^(1/4)} (about {@code 1.2e-4}), {@code tau^2 = 0}
 *   (Viechtbauer 2005, J. Educ. Behav. Stat. 30:261–293, {@code doi:10.3102/10769986030003261}).</li>
 *   <li><b>Pooled estimate</b>: {@code w*_i = 1/(v_i + tau^2)}, {@code mu = sum(w* y) / sum(w*)},
 *   {@code SE = sqrt(1 / sum(w*))}, confidence interval {@code mu -+ z SE} with {@code z = z_(1 - alpha/2)} (metafor's
 *   default {@code test = "z"}).</li>
 *   <li><b>Prediction interval</b> for a new host: {@code mu -+ z sqrt(SE^2 + tau^2)} (metafor's default), and the
 *   Higgins–Thompson–Spiegelhalter version {@code mu -+ t_(k-2, 1 - alpha/2) sqrt(SE^2 + tau^2)} where {@code k >= 3}
 *   (Higgins, Thompson and Spiegelhalter 2009, J. R. Statist. Soc. A 172:137–159,
 *   {@code doi:10.1111/j.1467-985X.2008.00552.x}; metafor's {@code pi.type = "riley"}).</li>
 * </ul>
 *
 * <p>Degenerate cases: {@code k = 0} is refused. {@code k = 1}: one boot separates nothing, so {@code tau^2} is
 * undefined and NaN, as are {@code SE}, every interval, Q's p and {@code I^2}; {@code mu} is the one estimate and
 * {@code Q = 0} with {@code df = 0} (metafor instead fixes {@code tau^2 = 0}). {@code k = 2} is allowed; its
 * Higgins–Thompson–Spiegelhalter interval is NaN ({@code t} with 0 degrees of freedom). A variance that is zero,
 * negative or not finite is refused.
 */
public final class RandomEffectsMeta {
  private RandomEffectsMeta() {}

  /** Declared REML convergence threshold: the largest change of {@code tau^2} in a last Fisher scoring step. */
  public static final double REML_THRESHOLD = 1e-10;
  /** Declared REML iteration limit. */
  public static final int REML_MAX_ITERATIONS = 1000;
  /** metafor's guard tolerance on the restricted log-likelihood: {@code .Machine$double.eps^0.25}. */
  static final double LL0_TOLERANCE = Math.pow(Math.ulp(1.0), 0.25);

  /** The estimator of {@code tau^2}. */
  public enum Method {
    /** DerSimonian–Laird, the method of moments. */
    DL,
    /** Restricted maximum likelihood by Fisher scoring. */
    REML
  }

  /**
   * Two ends of an interval, both NaN where undefined.
   *
   * @param lower lower end
   * @param upper upper end, not below {@code lower}
   */
  public record Bounds(double lower, double upper) {
    public Bounds {
      if (lower > upper) {
        throw new IllegalArgumentException("interval ends out of order: " + lower + " > " + upper);
      }
    }

    static final Bounds UNDEFINED = new Bounds(Double.NaN, Double.NaN);

    static Bounds around(double centre, double half) {
      return new Bounds(centre - half, centre + half);
    }
  }

  /**
   * Heterogeneity between boots (class javadoc).
   *
   * @param q Cochran's {@code Q}, {@code >= 0}
   * @param df {@code k - 1}
   * @param p upper-tail chi-square p of {@code Q}; NaN when {@code df = 0}
   * @param i2 {@code I^2} as a fraction in {@code [0, 1]}; NaN when {@code tau^2} is
   * @param typicalVariance {@code s^2}; NaN when {@code df = 0}
   */
  public record Heterogeneity(double q, int df, double p, double i2, double typicalVariance) {
    public Heterogeneity {
      if (!(q >= 0) || df < 0) {
        throw new IllegalArgumentException("Q must be >= 0 and df >= 0: " + q + ", " + df);
      }
      if (!(Double.isNaN(i2) || (i2 >= 0 && i2 <= 1))) {
        throw new IllegalArgumentException("I^2 lies in [0, 1]: " + i2);
      }
    }
  }

  /**
   * A random-effects fit. Eleven components, because a meta-analysis reports each of them and a reader of the
   * verdict needs every one beside the others (as metafor's printout gives them); grouped where they belong together.
   *
   * @param method the estimator of {@code tau^2}
   * @param boots {@code k >= 1}
   * @param level confidence level in (0, 1) of every interval
   * @param tau2 between-boot variance, {@code >= 0}; NaN when {@code k = 1}
   * @param iterations Fisher scoring steps taken (0 for DL)
   * @param mu pooled estimate
   * @param se standard error of {@code mu}; NaN when {@code k = 1}
   * @param confidence {@code mu -+ z SE}
   * @param prediction {@code mu -+ z sqrt(SE^2 + tau^2)}
   * @param predictionT {@code mu -+ t_(k-2) sqrt(SE^2 + tau^2)}; NaN when {@code k < 3}
   * @param heterogeneity Q, its p, {@code I^2}, {@code s^2}
   */
  public record Fit(Method method, int boots, double level, double tau2, int iterations, double mu, double se,
                    Bounds confidence, Bounds prediction, Bounds predictionT, Heterogeneity heterogeneity) {
    public Fit {
      Objects.requireNonNull(method, "method");
      Objects.requireNonNull(confidence, "confidence");
      Objects.requireNonNull(prediction, "prediction");
      Objects.requireNonNull(predictionT, "predictionT");
      Objects.requireNonNull(heterogeneity, "heterogeneity");
      if (boots < 1 || heterogeneity.df() != boots - 1) {
        throw new IllegalArgumentException("a fit has k >= 1 boots and df = k - 1: " + boots + ", "
            + heterogeneity.df());
      }
      if (!(level > 0 && level < 1)) {
        throw new IllegalArgumentException("level must lie in (0, 1): " + level);
      }
      if (!(Double.isNaN(tau2) ? boots == 1 : tau2 >= 0)) {
        throw new IllegalArgumentException("tau^2 is >= 0, and NaN only for one boot: " + tau2);
      }
      if (iterations < 0) {
        throw new IllegalArgumentException("iterations must not be negative: " + iterations);
      }
    }
  }

  /**
   * DerSimonian–Laird fit (class javadoc).
   *
   * @param estimates {@code y_i}, one finite value per boot
   * @param variances {@code v_i}, finite and above 0, as many as the estimates
   * @param level confidence level in (0, 1), e.g. 0.95
   * @throws IllegalArgumentException on an empty or mismatched input, a bad value or level
   */
  public static Fit derSimonianLaird(double[] estimates, double[] variances, double level) {
    Input in = Input.of(estimates, variances, level);
    if (in.k() == 1) {
      return oneBoot(Method.DL, in);
    }
    Heterogeneity h = heterogeneity(in, 0);
    double tau2 = Math.max(0, (h.q() - h.df()) / Sums.of(in.y(), in.v(), 0).traceP());
    return fit(Method.DL, in, tau2, 0);
  }

  /**
   * REML fit with the declared threshold and iteration limit.
   *
   * @see #reml(double[], double[], double, double, int)
   */
  public static Fit reml(double[] estimates, double[] variances, double level) {
    return reml(estimates, variances, level, REML_THRESHOLD, REML_MAX_ITERATIONS);
  }

  /**
   * REML fit by Fisher scoring (class javadoc).
   *
   * @param estimates {@code y_i}, one finite value per boot
   * @param variances {@code v_i}, finite and above 0, as many as the estimates
   * @param level confidence level in (0, 1)
   * @param threshold convergence threshold on the change of {@code tau^2}, above 0
   * @param maxIterations iteration limit, {@code >= 1}
   * @throws IllegalArgumentException on an empty or mismatched input, a bad value, level, threshold or limit
   * @throws ArithmeticException when Fisher scoring does not converge within the limit (metafor stops too)
   */
  public static Fit reml(double[] estimates, double[] variances, double level, double threshold, int maxIterations) {
    if (!(threshold > 0) || maxIterations < 1) {
      throw new IllegalArgumentException("threshold must be > 0 and the limit >= 1: " + threshold + ", "
          + maxIterations);
    }
    Input in = Input.of(estimates, variances, level);
    if (in.k() == 1) {
      return oneBoot(Method.REML, in);
    }
    double[] y = in.y();
    double[] v = in.v();
    int k = in.k();
    double mean = 0;
    double sumV = 0;
    for (int i = 0; i < k; i++) {
      mean += y[i];
      sumV += v[i];
    }
    mean /= k;
    double rss = 0;
    for (double yi : y) {
      rss += (yi - mean) * (yi - mean);
    }
    double tau2 = Math.max(0, (rss - (1 - 1.0 / k) * sumV) / (k - 1));
    int iterations = 0;
    double change = threshold + 1;
    while (change > threshold) {
      iterations++;
      double old = tau2;
      double adj = fisherStep(y, v, tau2);
      while (tau2 + adj < 0) {
        adj /= 2; // at tau2 = 0 a negative step halves down to -0.0 (some 1,075 halvings), as in metafor
      }
      tau2 += adj;
      change = Math.abs(old - tau2);
      if (iterations > maxIterations) {
        throw new ArithmeticException("REML Fisher scoring did not converge in " + maxIterations + " iterations");
      }
    }
    return fit(Method.REML, in, zeroIfBetter(y, v, tau2, threshold), iterations);
  }

  /**
   * metafor's guard after Fisher scoring: 0 when {@code tau2 > threshold} and the restricted log-likelihood at 0
   * exceeds that at {@code tau2} by more than {@link #LL0_TOLERANCE} (scoring stopped at a local maximum); else
   * {@code tau2}.
   */
  static double zeroIfBetter(double[] y, double[] v, double tau2, double threshold) {
    boolean zeroBetter = tau2 > threshold
        && restrictedLogLikelihood(y, v, 0) - restrictedLogLikelihood(y, v, tau2) > LL0_TOLERANCE;
    return zeroBetter ? 0 : tau2;
  }

  /** Validated input: estimates, variances, level. */
  private record Input(double[] y, double[] v, double level) {
    static Input of(double[] estimates, double[] variances, double level) {
      if (estimates.length != variances.length) {
        throw new IllegalArgumentException("estimates and variances differ in length: " + estimates.length + ", "
            + variances.length);
      }
      if (estimates.length == 0) {
        throw new IllegalArgumentException("a meta-analysis needs at least one boot");
      }
      if (!(level > 0 && level < 1)) {
        throw new IllegalArgumentException("level must lie in (0, 1): " + level);
      }
      for (int i = 0; i < estimates.length; i++) {
        if (!Double.isFinite(estimates[i])) {
          throw new IllegalArgumentException("boot " + i + ": estimate not finite: " + estimates[i]);
        }
        if (!(variances[i] > 0 && Double.isFinite(variances[i]))) {
          throw new IllegalArgumentException("boot " + i + ": variance must be finite and above 0: " + variances[i]);
        }
      }
      return new Input(estimates.clone(), variances.clone(), level);
    }

    int k() {
      return y.length;
    }
  }

  private static Fit oneBoot(Method method, Input in) {
    return new Fit(method, 1, in.level(), Double.NaN, 0, in.y()[0], Double.NaN, Bounds.UNDEFINED, Bounds.UNDEFINED,
        Bounds.UNDEFINED, new Heterogeneity(0, 0, Double.NaN, Double.NaN, Double.NaN));
  }

  /**
   * Weighted sums {@code sum(w)}, {@code sum(w^2)}, {@code sum(w^3)}, {@code sum(w y)} with {@code w = 1/(v + tau2)}.
   */
  private record Sums(double w, double w2, double w3, double wy) {
    static Sums of(double[] y, double[] v, double tau2) {
      double w = 0;
      double w2 = 0;
      double w3 = 0;
      double wy = 0;
      for (int i = 0; i < v.length; i++) {
        double wi = 1 / (v[i] + tau2);
        w += wi;
        w2 += wi * wi;
        w3 += wi * wi * wi;
        wy += wi * y[i];
      }
      return new Sums(w, w2, w3, wy);
    }

    double mean() {
      return wy / w;
    }

    /** {@code tr P = sum(w) - sum(w^2) / sum(w)}. */
    double traceP() {
      return w - w2 / w;
    }
  }

  /** One Fisher scoring step of the restricted likelihood: {@code (Y'PPY - tr P) / tr(PP)}. */
  private static double fisherStep(double[] y, double[] v, double tau2) {
    Sums s = Sums.of(y, v, tau2);
    double mu = s.mean();
    double yppy = 0;
    for (int i = 0; i < y.length; i++) {
      double wi = 1 / (v[i] + tau2);
      yppy += wi * wi * (y[i] - mu) * (y[i] - mu);
    }
    double ratio = s.w2() / s.w();
    double tracePP = s.w2() - 2 * s.w3() / s.w() + ratio * ratio;
    return (yppy - s.traceP()) / tracePP;
  }

  /** Restricted log-likelihood up to a constant: {@code -(sum ln(v + tau2) + ln sum(w) + sum(w (y - mu)^2)) / 2}. */
  private static double restrictedLogLikelihood(double[] y, double[] v, double tau2) {
    Sums s = Sums.of(y, v, tau2);
    double mu = s.mean();
    double logs = 0;
    double rss = 0;
    for (int i = 0; i < y.length; i++) {
      logs += Math.log(v[i] + tau2);
      rss += (y[i] - mu) * (y[i] - mu) / (v[i] + tau2);
    }
    return -0.5 * (logs + Math.log(s.w()) + rss);
  }

  /** Q, its p, {@code s^2} and {@code I^2} (with the given {@code tau^2}) from fixed-effect weights. */
  private static Heterogeneity heterogeneity(Input in, double tau2) {
    double[] y = in.y();
    double[] v = in.v();
    Sums fixed = Sums.of(y, v, 0);
    double ybar = fixed.mean();
    double q = 0;
    for (int i = 0; i < y.length; i++) {
      q += (y[i] - ybar) * (y[i] - ybar) / v[i];
    }
    int df = in.k() - 1;
    double p = Gamma.regularizedGammaQ(df / 2.0, q / 2);
    double typical = df / fixed.traceP();
    return new Heterogeneity(q, df, p, tau2 / (tau2 + typical), typical);
  }

  private static Fit fit(Method method, Input in, double tau2, int iterations) {
    Sums s = Sums.of(in.y(), in.v(), tau2);
    double mu = s.mean();
    double se = Math.sqrt(1 / s.w());
    double alpha = 1 - in.level();
    double z = new NormalDistribution(null, 0, 1).inverseCumulativeProbability(1 - alpha / 2);
    double spread = Math.sqrt(se * se + tau2);
    int k = in.k();
    Bounds hts = k >= 3
        ? Bounds.around(mu, new TDistribution(null, k - 2).inverseCumulativeProbability(1 - alpha / 2) * spread)
        : Bounds.UNDEFINED;
    return new Fit(method, k, in.level(), tau2, iterations, mu, se, Bounds.around(mu, z * se),
        Bounds.around(mu, z * spread), hts, heterogeneity(in, tau2));
  }
}
