package ftl.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;
import org.apache.commons.math3.stat.descriptive.rank.Percentile.EstimationType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class QuantilesTest {

  /** A named known-answer case: data, probability, exact type-7 answer. */
  record Known(String label, double[] data, double p, double expected) {
    @Override
    public String toString() {
      return label;
    }
  }

  static Stream<Known> knownAnswers() {
    return Stream.of(
        new Known("single value, any p", new double[] {7}, 0.3, 7),
        new Known("odd n median is the middle value", new double[] {3, 1, 2}, 0.5, 2),
        new Known("even n median is the mean of the middle two", new double[] {4, 1, 3, 2}, 0.5, 2.5),
        new Known("p = 0 is the minimum", new double[] {5, -2, 9}, 0.0, -2),
        new Known("p = 1 is the maximum", new double[] {5, -2, 9}, 1.0, 9),
        new Known("quarter of 1..5 falls on 2", new double[] {1, 2, 3, 4, 5}, 0.25, 2),
        new Known("0.1 of 1..5 interpolates to 1.4", new double[] {1, 2, 3, 4, 5}, 0.1, 1.4),
        new Known("0.9 of 10,20,30,40 is 37", new double[] {10, 20, 30, 40}, 0.9, 37),
        new Known("ties return the tied value", new double[] {2, 2, 2, 8}, 0.5, 2),
        new Known("negative values", new double[] {-10, -20}, 0.5, -15));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("knownAnswers")
  void type7_knownAnswer_matchesHandComputation(Known c) {
    assertThat(Quantiles.type7(c.data(), c.p())).isCloseTo(c.expected(), within(1e-12));
    long[] asLongs = Arrays.stream(c.data()).mapToLong(d -> (long) d).toArray();
    if (Arrays.stream(c.data()).allMatch(d -> d == Math.rint(d))) {
      assertThat(Quantiles.type7(asLongs, c.p())).isCloseTo(c.expected(), within(1e-12));
    }
  }

  /** A random sample against Commons Math's R_7. */
  record Random7(String label, double[] data, double p) {
    @Override
    public String toString() {
      return label;
    }
  }

  static Stream<Random7> randomSamples() {
    SplittableRandom rnd = new SplittableRandom(7_0001L);
    List<Random7> cases = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      int n = 1 + rnd.nextInt(i < 200 ? 12 : 500);
      double[] d = new double[n];
      int shape = i % 4;
      for (int j = 0; j < n; j++) {
        d[j] = switch (shape) {
          case 0 -> rnd.nextDouble(-1e6, 1e6);
          case 1 -> rnd.nextInt(5); // many ties
          case 2 -> Math.exp(rnd.nextDouble(0, 20)); // heavy right tail, like latencies
          default -> rnd.nextLong(0, 2_000_000_000L); // nanosecond-scale integers
        };
      }
      double p = switch (i % 5) {
        case 0 -> 0.5;
        case 1 -> 0.99;
        case 2 -> 0.01;
        case 3 -> 1.0;
        default -> rnd.nextDouble(1e-9, 1.0);
      };
      cases.add(new Random7("sample " + i + " (n=" + n + ", shape " + shape + ", p=" + p + ")", d, p));
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("randomSamples")
  void type7_randomSample_agreesWithCommonsMathR7(Random7 c) {
    double expected = new Percentile().withEstimationType(EstimationType.R_7).evaluate(c.data(), c.p() * 100.0);
    double actual = Quantiles.type7(c.data(), c.p());
    assertThat(actual).isCloseTo(expected, within(1e-9 * Math.max(1.0, Math.abs(expected))));
    boolean integral = Arrays.stream(c.data()).allMatch(d -> d == Math.rint(d) && Math.abs(d) < 1e15);
    if (integral) {
      long[] longs = Arrays.stream(c.data()).mapToLong(d -> (long) d).toArray();
      assertThat(Quantiles.type7(longs, c.p())).isCloseTo(expected, within(1e-9 * Math.max(1.0, Math.abs(expected))));
    }
  }

  /** A random sample of small integer latencies against HdrHistogram's percentile walk. */
  record Hdr(String label, long[] data, double percentile) {
    @Override
    public String toString() {
      return label;
    }
  }

  static Stream<Hdr> hdrSamples() {
    SplittableRandom rnd = new SplittableRandom(7_0002L);
    List<Hdr> cases = new ArrayList<>();
    double[] percentiles = {50.0, 99.0, 99.9, 1.0, 25.0, 75.0, 100.0, 0.001};
    for (int i = 0; i < 240; i++) {
      int n = 1 + rnd.nextInt(i < 120 ? 10 : 2000);
      long[] d = new long[n];
      for (int j = 0; j < n; j++) {
        d[j] = 1 + rnd.nextInt(i % 2 == 0 ? 5 : 100_000); // below 2^17, where HdrHistogram at 5 digits is exact
      }
      double pct = i < 200 ? percentiles[i % percentiles.length] : rnd.nextDouble(0.01, 100.0);
      cases.add(new Hdr("sample " + i + " (n=" + n + ", P=" + pct + ")", d, pct));
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("hdrSamples")
  void nearestRank_smallIntegers_agreesWithHdrHistogram(Hdr c) {
    Histogram h = new Histogram(3_600_000_000L, 5);
    for (long v : c.data()) {
      h.recordValue(v);
    }
    assertThat(Quantiles.nearestRank(c.data(), c.percentile()))
        .isEqualTo((double) h.getValueAtPercentile(c.percentile()));
  }

  @Test
  void nearestRank_evenCountMedian_isLowerMiddle() {
    assertThat(Quantiles.nearestRank(new long[] {4, 1, 3, 2}, 50.0)).isEqualTo(2.0);
    assertThat(Quantiles.nearestRankIndex(4, 50.0)).isEqualTo(2);
    assertThat(Quantiles.nearestRankIndex(5, 50.0)).isEqualTo(3);
    assertThat(Quantiles.nearestRankIndex(1000, 0.0001)).isEqualTo(1);
    assertThat(Quantiles.nearestRankIndex(7, 100.0)).isEqualTo(7);
  }

  @Test
  void empty_anyEstimator_isNaN() {
    assertThat(Quantiles.type7(new double[0], 0.5)).isNaN();
    assertThat(Quantiles.type7(new long[0], 0.5)).isNaN();
    assertThat(Quantiles.median(new double[0])).isNaN();
    assertThat(Quantiles.median(new long[0])).isNaN();
    assertThat(Quantiles.nearestRank(new long[0], 50.0)).isNaN();
  }

  @Test
  void median_longAndDouble_agree() {
    assertThat(Quantiles.median(new long[] {9, 1, 5, 3})).isEqualTo(4.0);
    assertThat(Quantiles.median(new double[] {9, 1, 5, 3})).isEqualTo(4.0);
  }

  @Test
  void type7_inputArray_isNotModified() {
    double[] d = {3, 1, 2};
    long[] l = {3, 1, 2};
    Quantiles.type7(d, 0.5);
    Quantiles.type7(l, 0.5);
    Quantiles.nearestRank(l, 50);
    assertThat(d).containsExactly(3, 1, 2);
    assertThat(l).containsExactly(3, 1, 2);
  }

  @Test
  void type7Sorted_infiniteEndpoints_orderAboveFinite() {
    double inf = Double.POSITIVE_INFINITY;
    assertThat(Quantiles.type7Sorted(new double[] {1, inf}, 0.5)).isEqualTo(inf);
    assertThat(Quantiles.type7Sorted(new double[] {inf, inf}, 0.5)).isEqualTo(inf);
    assertThat(Quantiles.type7Sorted(new double[] {Double.NEGATIVE_INFINITY, 1}, 0.5))
        .isEqualTo(Double.NEGATIVE_INFINITY);
    assertThat(Quantiles.type7Sorted(new double[] {1, 2, inf}, 0.25)).isEqualTo(1.5);
    assertThat(Quantiles.type7Sorted(new double[] {1, 2, inf}, 0.5)).isEqualTo(2.0);
  }

  @Test
  void type7_longExtremes_doNotOverflow() {
    long[] extremes = {Long.MIN_VALUE, Long.MAX_VALUE};
    assertThat(Quantiles.type7(extremes, 0.5)).isCloseTo(0.0, within(1.0));
    assertThat(Quantiles.type7(extremes, 0.0)).isEqualTo((double) Long.MIN_VALUE);
    assertThat(Quantiles.type7(extremes, 1.0)).isEqualTo((double) Long.MAX_VALUE);
  }

  @Test
  void arguments_outOfRange_throw() {
    assertThatThrownBy(() -> Quantiles.type7(new double[] {1}, -0.1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Quantiles.type7(new double[] {1}, 1.1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Quantiles.type7(new double[] {1}, Double.NaN))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Quantiles.type7(new double[] {1, Double.NaN}, 0.5))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("NaN");
    assertThatThrownBy(() -> Quantiles.nearestRank(new long[] {1}, 0.0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Quantiles.nearestRank(new long[] {1}, 100.5)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Quantiles.nearestRankIndex(0, 50.0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Quantiles.nearestRankIndex(5, 0.0)).hasMessageContaining("percentile");
    assertThatThrownBy(() -> Quantiles.type7Sorted(new double[] {1}, 2.0)).hasMessageContaining("probability");
    assertThatThrownBy(() -> Quantiles.type7Sorted(new long[] {1}, -1.0)).hasMessageContaining("probability");
    assertThatThrownBy(() -> Quantiles.type7(new long[] {1}, 2.0)).hasMessageContaining("probability");
  }
}
