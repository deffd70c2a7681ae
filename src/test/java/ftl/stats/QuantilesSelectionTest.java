package ftl.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Quantiles by selection give exactly what the sort-based computation they replaced gave: the medians of the
 * per-run scan and the percentiles of the bootstraps (issue #15).
 */
class QuantilesSelectionTest {

  /** A labelled array of longs. */
  record Longs(String label, long[] values) {
    @Override
    public String toString() {
      return label;
    }
  }

  static Stream<Longs> longArrays() {
    SplittableRandom rnd = new SplittableRandom(15L);
    List<Longs> out = new ArrayList<>();
    out.add(new Longs("one value", new long[] {42}));
    out.add(new Longs("two equal", new long[] {7, 7}));
    out.add(new Longs("ascending", LongStream.range(0, 1001).toArray()));
    out.add(new Longs("descending", LongStream.range(0, 1000).map(i -> 1000 - i).toArray()));
    out.add(new Longs("all equal", new long[500]));
    out.add(new Longs("extremes", new long[] {Long.MAX_VALUE, Long.MIN_VALUE + 1, 0, -1, 1, Long.MAX_VALUE}));
    for (int i = 0; i < 60; i++) {
      int n = 1 + rnd.nextInt(i < 30 ? 40 : 5000);
      long spread = i % 3 == 0 ? 5 : i % 3 == 1 ? 1_000_000 : Long.MAX_VALUE / 4;
      long[] v = new long[n];
      for (int j = 0; j < n; j++) {
        v[j] = rnd.nextLong(-spread, spread);
      }
      out.add(new Longs("random " + i + " (n = " + n + ")", v));
    }
    return out.stream();
  }

  private static final double[] PROBABILITIES = {0.0, 0.025, 0.1, 0.25, 0.5, 0.75, 0.9, 0.975, 1.0};

  /**
   * The in-place forms, on the first n values of a longer buffer whose tail holds values that would change the answer
   * if they were read (as a run's growable buffer has), give what the copying forms give on exactly those n values.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("longArrays")
  void inPlaceForms_readOnlyTheirPrefix_andEqualTheCopyingForms(Longs c) {
    int n = c.values().length;
    for (double p : PROBABILITIES) {
      long[] buffer = Arrays.copyOf(c.values(), n + 7);
      Arrays.fill(buffer, n, buffer.length, Long.MIN_VALUE);
      assertThat(Quantiles.type7InPlace(buffer, n, p)).as("type7, p = %s", p).isEqualTo(Quantiles.type7(c.values(), p));
      buffer = Arrays.copyOf(c.values(), n + 7);
      Arrays.fill(buffer, n, buffer.length, Long.MAX_VALUE);
      double percentile = Math.max(p, 0.001) * 100.0;
      assertThat(Quantiles.nearestRankInPlace(buffer, n, percentile)).as("nearest rank, %s %%", percentile)
          .isEqualTo(Quantiles.nearestRank(c.values(), percentile));
    }
    assertThat(Quantiles.type7InPlace(new long[] {5, 6}, 0, 0.5)).isNaN();
    assertThat(Quantiles.nearestRankInPlace(new long[] {5, 6}, 0, 50.0)).isNaN();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("longArrays")
  void type7_longs_equalsSortBasedResult(Longs c) {
    long[] sorted = c.values().clone();
    Arrays.sort(sorted);
    long[] before = c.values().clone();
    for (double p : PROBABILITIES) {
      assertThat(Quantiles.type7(c.values(), p)).as("p = %s", p).isEqualTo(Quantiles.type7Sorted(sorted, p));
    }
    assertThat(Quantiles.nearestRank(c.values(), 50.0))
        .isEqualTo((double) sorted[(int) Quantiles.nearestRankIndex(sorted.length, 50.0) - 1]);
    assertThat(c.values()).isEqualTo(before);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("longArrays")
  void type7Select_doubles_equalsSortBasedResult(Longs c) {
    double[] v = Arrays.stream(c.values()).mapToDouble(x -> x / 3.0).toArray();
    if (v.length > 2) {
      v[0] = -0.0;
      v[1] = 0.0;
      v[2] = Double.POSITIVE_INFINITY;
    }
    double[] sorted = v.clone();
    Arrays.sort(sorted);
    for (double p : PROBABILITIES) {
      assertThat(Double.doubleToRawLongBits(Quantiles.type7Select(v.clone(), p))).as("p = %s", p)
          .isEqualTo(Double.doubleToRawLongBits(Quantiles.type7Sorted(sorted, p)));
    }
  }

  @Test
  void select_noRoundsLeft_sortsTheRangeInstead() {
    long[] v = {5, 3, 9, 1, 7};
    Quantiles.select(v, 2, 0);
    assertThat(v).containsExactly(1, 3, 5, 7, 9);
  }

  @Test
  void type7Select_emptyOrNaN_nanOrRefused() {
    assertThat(Quantiles.type7Select(new double[0], 0.5)).isNaN();
    assertThatThrownBy(() -> Quantiles.type7Select(new double[] {1, Double.NaN}, 0.5))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(Quantiles.type7(new long[0], 0.5)).isNaN();
    assertThat(Quantiles.type7Sorted(new long[0], 0.5)).isNaN();
  }

  @Test
  void sortableBits_orderAndRoundTrip_matchDoubleCompare() {
    double[] v = {Double.NEGATIVE_INFINITY, -1e300, -1.0, -Double.MIN_VALUE, -0.0, 0.0, Double.MIN_VALUE, 1.0, 1e300,
        Double.POSITIVE_INFINITY};
    for (int i = 0; i < v.length; i++) {
      assertThat(Double.doubleToRawLongBits(Quantiles.fromSortableBits(Quantiles.sortableBits(v[i]))))
          .isEqualTo(Double.doubleToRawLongBits(v[i]));
      if (i > 0) {
        assertThat(Quantiles.sortableBits(v[i - 1])).isLessThan(Quantiles.sortableBits(v[i]));
      }
    }
  }
}
