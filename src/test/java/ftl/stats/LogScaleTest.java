package ftl.stats;

import static ftl.stats.KnownAnswers.assertClose;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The log-scale summary against R ({@code log-scale.csv}: {@code exp(mean(log x) -+ qt(..) sd(log x) / sqrt(n))}).
 * The geometric mean is the same arithmetic, so within 1e-12; the ends go through Commons Math's inverse t, accurate to
 * about 1e-9 in the quantile (its solver's absolute accuracy), so within 1e-8 relative.
 */
class LogScaleTest {

  static Stream<Arguments> rCases() {
    return KnownAnswers.cases("log-scale.csv");
  }

  @ParameterizedTest
  @MethodSource("rCases")
  void summary_rCase_matchesR(KnownAnswers.Row r) {
    BlockStats.Interval i = LogScale.summary(r.numbers("values"), r.number("level"));
    assertThat(i.blocks()).isEqualTo(r.integer("n"));
    assertClose("geometric mean", i.estimate(), r.number("geometric_mean"), 1e-12);
    assertClose("lower", i.lower(), r.number("lower"), 1e-8);
    assertClose("upper", i.upper(), r.number("upper"), 1e-8);
  }

  @Test
  void summary_skewedRates_lowerEndStaysAboveZero() {
    double[] rates = {0.001, 0.1, 0.02};
    BlockStats.Interval arithmetic = BlockStats.mean(rates, 0.95);
    BlockStats.Interval logScale = LogScale.summary(rates, 0.95);
    assertThat(arithmetic.lower()).isNegative();
    assertThat(logScale.lower()).isPositive();
  }

  @Test
  void summary_noBlock_isUndefinedEverywhere() {
    BlockStats.Interval i = LogScale.summary(new double[0], 0.95);
    assertThat(i.blocks()).isZero();
    assertThat(i.estimate()).isNaN();
    assertThat(i.lower()).isNaN();
    assertThat(i.upper()).isNaN();
  }

  @Test
  void summary_oneBlock_hasTheValueButNoInterval() {
    BlockStats.Interval i = LogScale.summary(new double[] {0.04}, 0.95);
    assertThat(i.blocks()).isEqualTo(1);
    assertClose("estimate", i.estimate(), 0.04, 1e-15);
    assertThat(i.lower()).isNaN();
    assertThat(i.upper()).isNaN();
  }

  @Test
  void summary_equalValues_endsEqualTheEstimate() {
    BlockStats.Interval i = LogScale.summary(new double[] {2, 2, 2}, 0.95);
    assertThat(i.lower()).isEqualTo(i.estimate());
    assertThat(i.upper()).isEqualTo(i.estimate());
  }

  static Stream<Arguments> badValues() {
    return Stream.of(
        Arguments.of(Named.of("zero", new double[] {1, 0})),
        Arguments.of(Named.of("negative", new double[] {1, -2})),
        Arguments.of(Named.of("NaN", new double[] {Double.NaN})),
        Arguments.of(Named.of("infinite", new double[] {Double.POSITIVE_INFINITY})));
  }

  @ParameterizedTest
  @MethodSource("badValues")
  void summary_valueNotPositive_isRefused(double[] values) {
    assertThatThrownBy(() -> LogScale.summary(values, 0.95)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void summary_levelOutsideUnitInterval_isRefused() {
    assertThatThrownBy(() -> LogScale.summary(new double[] {1, 2}, 1.0)).isInstanceOf(IllegalArgumentException.class);
  }
}
