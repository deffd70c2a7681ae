package ftl.stats;

import static ftl.stats.KnownAnswers.assertClose;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The random-effects meta-analysis against metafor 3.8.1 ({@code meta-analysis.csv}: {@code rma()} with
 * {@code threshold = 1e-10}, {@code predict()}, {@code predict(pi.type = "riley")}). Tolerances: DerSimonian–Laird is
 * closed-form, so within 1e-9 relative, but for the Higgins–Thompson–Spiegelhalter ends, which go through Commons
 * Math's inverse t (solver accuracy about 1e-9 in the quantile): 1e-8. REML runs the same Fisher scoring from the same
 * start to the same threshold as metafor, so the two stop at the same iterate but for rounding; 1e-7 relative leaves
 * room for a last step of up to 1e-10 in {@code tau^2} on estimates of order 0.01 to 1. Where REML's optimum is the
 * boundary ({@code reachesZeroFromAbove}) {@code tau^2} is the remainder of a halving sequence, of the order of the
 * threshold, so it is compared within 1e-12 absolute and {@code I^2} (its ratio to {@code s^2}) within 1e-10.
 */
class RandomEffectsMetaTest {

  static Stream<Arguments> metaforCases() {
    return KnownAnswers.cases("meta-analysis.csv");
  }

  @ParameterizedTest
  @MethodSource("metaforCases")
  void fit_metaforCase_matchesMetafor(KnownAnswers.Row r) {
    double[] y = r.numbers("y");
    double[] v = r.numbers("v");
    double level = r.number("level");
    boolean reml = r.text("method").equals("REML");
    RandomEffectsMeta.Fit f = reml ? RandomEffectsMeta.reml(y, v, level)
        : RandomEffectsMeta.derSimonianLaird(y, v, level);
    double tol = reml ? 1e-7 : 1e-9;
    assertThat(f.boots()).isEqualTo(r.integer("k"));
    assertThat(f.method().name()).isEqualTo(r.text("method"));
    assertClose("tau2", f.tau2(), r.number("tau2"), tol, 1e-12);
    assertClose("mu", f.mu(), r.number("mu"), tol);
    assertClose("se", f.se(), r.number("se"), tol);
    assertClose("ci lower", f.confidence().lower(), r.number("ci_lower"), tol);
    assertClose("ci upper", f.confidence().upper(), r.number("ci_upper"), tol);
    assertClose("Q", f.heterogeneity().q(), r.number("q"), 1e-12);
    assertThat(f.heterogeneity().df()).isEqualTo(r.integer("df"));
    assertClose("Q p", f.heterogeneity().p(), r.number("q_p"), 1e-9);
    assertClose("I2", f.heterogeneity().i2(), r.number("i2"), tol, 1e-10);
    assertClose("typical variance", f.heterogeneity().typicalVariance(), r.number("typical_variance"), 1e-12);
    assertClose("pi lower", f.prediction().lower(), r.number("pi_lower"), tol);
    assertClose("pi upper", f.prediction().upper(), r.number("pi_upper"), tol);
    assertClose("hts lower", f.predictionT().lower(), r.number("hts_lower"), Math.max(tol, 1e-8));
    assertClose("hts upper", f.predictionT().upper(), r.number("hts_upper"), Math.max(tol, 1e-8));
  }

  @ParameterizedTest
  @MethodSource("metaforCases")
  void derSimonianLaird_metaforCase_iSquaredIsTheQForm(KnownAnswers.Row r) {
    RandomEffectsMeta.Fit f = RandomEffectsMeta.derSimonianLaird(r.numbers("y"), r.numbers("v"), r.number("level"));
    RandomEffectsMeta.Heterogeneity h = f.heterogeneity();
    assertThat(h.i2()).isCloseTo(Math.max(0, (h.q() - h.df()) / h.q()), within(1e-12));
  }

  @Test
  void reml_zeroCountBlocks_takesItsInputFromTheBlockRule() {
    KnownAnswers.Row r = KnownAnswers.read("meta-analysis.csv").stream()
        .filter(row -> row.text("case").equals("zeroCountBlockFourBoots")).findFirst().orElseThrow();
    long[][] counts = {{12, 5000, 4, 5000}, {0, 4800, 6, 5100}, {30, 5200, 9, 4900}, {7, 5000, 7, 5000}};
    double[] y = new double[counts.length];
    double[] v = new double[counts.length];
    int corrected = 0;
    for (int i = 0; i < counts.length; i++) {
      BlockRateRatio.Block b = BlockRateRatio.of(counts[i][0], counts[i][1], counts[i][2], counts[i][3]);
      y[i] = b.logRatio();
      v[i] = b.logVariance();
      corrected += b.corrected() ? 1 : 0;
    }
    assertThat(corrected).isEqualTo(1);
    assertThat(y).containsExactly(r.numbers("y"), within(1e-12));
    assertThat(v).containsExactly(r.numbers("v"), within(1e-12));
  }

  @Test
  void fit_oneBoot_hasNoBetweenBootVariance() {
    for (RandomEffectsMeta.Fit f : new RandomEffectsMeta.Fit[] {
        RandomEffectsMeta.derSimonianLaird(new double[] {0.3}, new double[] {0.02}, 0.95),
        RandomEffectsMeta.reml(new double[] {0.3}, new double[] {0.02}, 0.95)}) {
      assertThat(f.boots()).isEqualTo(1);
      assertThat(f.mu()).isEqualTo(0.3);
      assertThat(f.tau2()).isNaN();
      assertThat(f.se()).isNaN();
      assertThat(f.confidence().lower()).isNaN();
      assertThat(f.prediction().upper()).isNaN();
      assertThat(f.predictionT().upper()).isNaN();
      assertThat(f.heterogeneity().q()).isZero();
      assertThat(f.heterogeneity().df()).isZero();
      assertThat(f.heterogeneity().p()).isNaN();
      assertThat(f.heterogeneity().i2()).isNaN();
    }
  }

  @Test
  void reml_homogeneousBoots_tauSquaredIsExactlyZero() {
    RandomEffectsMeta.Fit f = RandomEffectsMeta.reml(new double[] {0.2, 0.22, 0.19}, new double[] {0.01, 0.012, 0.008},
        0.95);
    assertThat(f.tau2()).isZero();
    assertThat(f.heterogeneity().i2()).isZero();
    assertThat(f.prediction().lower()).isCloseTo(f.confidence().lower(), within(1e-15));
    assertThat(f.prediction().upper()).isCloseTo(f.confidence().upper(), within(1e-15));
  }

  @Test
  void reml_iterationLimitTooLow_failsLoudly() {
    double[] y = {-0.3, 0.1, 0.5, 0.9, 0.2, 1.4};
    double[] v = {0.02, 0.05, 0.01, 0.04, 0.03, 0.06};
    assertThat(RandomEffectsMeta.reml(y, v, 0.95).iterations()).isGreaterThan(1);
    assertThatThrownBy(() -> RandomEffectsMeta.reml(y, v, 0.95, 1e-10, 1)).isInstanceOf(ArithmeticException.class);
  }

  @Test
  void zeroIfBetter_estimateFarWorseThanZero_isZero() {
    double[] y = {0.2, 0.22, 0.19};
    double[] v = {0.01, 0.012, 0.008};
    assertThat(RandomEffectsMeta.zeroIfBetter(y, v, 5.0, RandomEffectsMeta.REML_THRESHOLD)).isZero();
    assertThat(RandomEffectsMeta.zeroIfBetter(y, v, 5.0, 10.0)).isEqualTo(5.0);
  }

  /** A fit valid in every component but those given. */
  private static RandomEffectsMeta.Fit fit(int boots, int df, double level, double tau2, int iterations) {
    RandomEffectsMeta.Bounds b = new RandomEffectsMeta.Bounds(0, 1);
    return new RandomEffectsMeta.Fit(RandomEffectsMeta.Method.DL, boots, level, tau2, iterations, 0.5, 0.1, b, b, b,
        new RandomEffectsMeta.Heterogeneity(1, df, 0.5, 0.2, 0.1));
  }

  @Test
  void fit_validComponents_isAccepted() {
    assertThat(fit(3, 2, 0.95, 0.1, 4).boots()).isEqualTo(3);
    assertThat(fit(1, 0, 0.95, Double.NaN, 0).tau2()).isNaN();
  }

  static Stream<Arguments> badInputs() {
    double[] one = {0.1};
    return Stream.of(
        Arguments.of(Named.of("fit of no boot", (Runnable) () -> fit(0, 0, 0.95, 0, 0))),
        Arguments.of(Named.of("fit with df not k - 1", (Runnable) () -> fit(3, 1, 0.95, 0, 0))),
        Arguments.of(Named.of("fit at level 0", (Runnable) () -> fit(3, 2, 0, 0, 0))),
        Arguments.of(Named.of("fit at level 1", (Runnable) () -> fit(3, 2, 1, 0, 0))),
        Arguments.of(Named.of("fit with NaN tau2 for 3 boots", (Runnable) () -> fit(3, 2, 0.95, Double.NaN, 0))),
        Arguments.of(Named.of("fit with negative tau2", (Runnable) () -> fit(3, 2, 0.95, -0.1, 0))),
        Arguments.of(Named.of("fit with negative iterations", (Runnable) () -> fit(3, 2, 0.95, 0, -1))),
        Arguments.of(Named.of("negative Q", (Runnable) () -> new RandomEffectsMeta.Heterogeneity(-1, 1, 0.5, 0.2, 1))),
        Arguments.of(Named.of("negative df", (Runnable) () -> new RandomEffectsMeta.Heterogeneity(1, -1, 0.5, 0.2, 1))),
        Arguments.of(Named.of("negative I2", (Runnable) () -> new RandomEffectsMeta.Heterogeneity(1, 1, 0.5, -0.1, 1))),
        Arguments.of(Named.of("level 0", (Runnable) () -> RandomEffectsMeta.derSimonianLaird(one, one, 0))),
        Arguments.of(Named.of("infinite variance", (Runnable) () -> RandomEffectsMeta.reml(one,
            new double[] {Double.POSITIVE_INFINITY}, 0.95))),
        Arguments.of(Named.of("iteration limit 0", (Runnable) () -> RandomEffectsMeta.reml(one, one, 0.95, 1e-10, 0))),
        Arguments.of(Named.of("no boot", (Runnable) () ->
        RandomEffectsMeta.derSimonianLaird(new double[0], new double[0], 0.95))),
        Arguments.of(Named.of("lengths differ", (Runnable) () ->
        RandomEffectsMeta.reml(new double[] {1, 2}, one, 0.95))),
        Arguments.of(Named.of("zero variance", (Runnable) () -> RandomEffectsMeta.reml(one, new double[] {0}, 0.95))),
        Arguments.of(Named.of("NaN estimate", (Runnable) () ->
        RandomEffectsMeta.reml(new double[] {Double.NaN}, one, 0.95))),
        Arguments.of(Named.of("level 1", (Runnable) () -> RandomEffectsMeta.derSimonianLaird(one, one, 1))),
        Arguments.of(Named.of("threshold 0", (Runnable) () -> RandomEffectsMeta.reml(one, one, 0.95, 0, 10))),
        Arguments.of(Named.of("interval out of order", (Runnable) () -> new RandomEffectsMeta.Bounds(1, 0))),
        Arguments.of(Named.of("I2 above 1", (Runnable) () -> new RandomEffectsMeta.Heterogeneity(1, 1, 0.5, 1.5, 1))));
  }

  @ParameterizedTest
  @MethodSource("badInputs")
  void meta_badInput_isRefused(Runnable call) {
    assertThatThrownBy(call::run).isInstanceOf(IllegalArgumentException.class);
  }
}
