package ftl.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.stats.HeldOutGridLaw.Sends;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The exact histogram answers every count the sorted sample gives, merges and subtracts as multisets, and its
 * flat forms of the grid law's expectations ({@link GridLaw#expectedWithOffset(ExactHistogram, long, ExactHistogram)},
 * {@link HeldOutGridLaw#predictRetention(Sends, ExactHistogram, ExactHistogram, long)}) equal
 * the per-event forms on random samples.
 */
class ExactHistogramTest {

  private static long[] sample(SplittableRandom rnd, int n, long range) {
    long[] v = new long[n];
    for (int i = 0; i < n; i++) {
      v[i] = rnd.nextLong(-range, range + 1);
    }
    return v;
  }

  @Test
  void atLeastAndBelow_randomSamples_equalTheSortedArrayCounts() {
    SplittableRandom rnd = new SplittableRandom(7);
    for (int t = 0; t < 200; t++) {
      long[] v = sample(rnd, rnd.nextInt(0, 60), rnd.nextInt(1, 30));
      ExactHistogram h = ExactHistogram.of(v);
      long[] sorted = v.clone();
      Arrays.sort(sorted);
      assertThat(h.total()).isEqualTo(v.length);
      for (long x = -35; x <= 35; x++) {
        assertThat(h.below(x)).isEqualTo(GridLaw.countBelow(sorted, x));
        assertThat(h.atLeast(x)).isEqualTo(v.length - GridLaw.countBelow(sorted, x));
      }
      assertThat(h.distinct()).isEqualTo((int) Arrays.stream(v).distinct().count());
    }
  }

  @Test
  void nearestRank_randomSamples_equalsTheArrayForm() {
    SplittableRandom rnd = new SplittableRandom(11);
    double[] percentiles = {0.1, 1, 25, 50, 90, 99, 99.9, 100};
    for (int t = 0; t < 200; t++) {
      long[] v = sample(rnd, rnd.nextInt(1, 80), rnd.nextInt(1, 40));
      ExactHistogram h = ExactHistogram.of(v);
      for (double p : percentiles) {
        assertThat((double) h.nearestRank(p)).as("p%s of %s", p, Arrays.toString(v))
            .isEqualTo(Quantiles.nearestRank(v, p));
      }
      assertThat(h.min()).isEqualTo(Arrays.stream(v).min().getAsLong());
      assertThat(h.max()).isEqualTo(Arrays.stream(v).max().getAsLong());
    }
  }

  @Test
  void nearestRank_knownSample_isTheValueAtTheRank() {
    // 1..1000: rank ceil(p n / 100) (HdrHistogram's rule) is the value itself
    ExactHistogram h = ExactHistogram.of(LongStream.rangeClosed(1, 1000).toArray());
    assertThat(h.nearestRank(50)).isEqualTo(500);
    assertThat(h.nearestRank(99)).isEqualTo(990);
    assertThat(h.nearestRank(99.9)).isEqualTo(999);
    assertThat(h.nearestRank(100)).isEqualTo(1000);
    assertThatThrownBy(() -> ExactHistogram.empty().nearestRank(50)).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> ExactHistogram.empty().max()).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> ExactHistogram.empty().min()).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void of_repeatsAndExtremes_keepsDistinctValuesWithCounts() {
    long[] v = {3, Long.MAX_VALUE, 3, Long.MIN_VALUE, 3};
    ExactHistogram h = ExactHistogram.of(v);
    assertThat(v).containsExactly(3, Long.MAX_VALUE, 3, Long.MIN_VALUE, 3); // not sorted in place
    assertThat(h.distinct()).isEqualTo(3);
    assertThat(List.of(h.value(0), h.value(1), h.value(2))).containsExactly(Long.MIN_VALUE, 3L, Long.MAX_VALUE);
    assertThat(List.of(h.count(0), h.count(1), h.count(2))).containsExactly(1L, 3L, 1L);
    assertThat(h.atLeast(Long.MIN_VALUE)).isEqualTo(5);
    assertThat(h.atLeast(Long.MAX_VALUE)).isEqualTo(1);
    assertThat(h).hasToString("ExactHistogram[3 distinct of 5]");
    long[] buffer = {5, 1, 5, 0, 99};
    assertThat(ExactHistogram.sortingInPlace(buffer, 4)).isEqualTo(ExactHistogram.of(new long[] {0, 1, 5, 5}));
    assertThat(ExactHistogram.of(new long[0])).isEqualTo(ExactHistogram.empty());
    assertThat(ExactHistogram.empty().total()).isZero();
  }

  /**
   * The counting path (values within a narrow span) and the sorting path give the histogram {@link ExactHistogram#of}
   * gives, on either side of the span limit, with values near the ends of the long range, and on an empty prefix.
   */
  @Test
  void sortingInPlace_countedOrSorted_equalsTheHistogramOfTheSample() {
    SplittableRandom rnd = new SplittableRandom(15);
    for (int t = 0; t < 400; t++) {
      int n = rnd.nextInt(0, 300);
      long limit = ExactHistogram.countingSpan(n);
      long span = switch (t % 4) {
        case 0 -> rnd.nextLong(0, 50);
        case 1 -> limit;
        case 2 -> limit + 1;
        default -> rnd.nextLong(0, Long.MAX_VALUE);
      };
      long base = t % 8 < 4 ? rnd.nextLong(-1_000_000, 1_000_000) : Long.MAX_VALUE - span;
      long[] sample = new long[n];
      for (int i = 0; i < n; i++) {
        sample[i] = base + (span == 0 ? 0 : Math.floorMod(rnd.nextLong(), span + 1));
      }
      if (n >= 2) { // both ends present, so the span is exactly the one chosen
        sample[0] = base;
        sample[1] = base + span;
      }
      long[] buffer = Arrays.copyOf(sample, n + 3);
      buffer[n] = Long.MIN_VALUE; // past the prefix: never counted
      assertThat(ExactHistogram.sortingInPlace(buffer, n)).as("n %d, span %d", n, span)
          .isEqualTo(ExactHistogram.of(sample));
    }
    long[] wide = {Long.MIN_VALUE, Long.MAX_VALUE, 0, Long.MIN_VALUE}; // the span overflows a long: sorted
    assertThat(ExactHistogram.sortingInPlace(wide.clone(), 4)).isEqualTo(ExactHistogram.of(wide));
    assertThat(ExactHistogram.sortingInPlace(new long[] {7}, 0)).isEqualTo(ExactHistogram.empty());
  }

  @Test
  void plusAndMerge_randomParts_equalTheHistogramOfTheUnion() {
    SplittableRandom rnd = new SplittableRandom(11);
    for (int t = 0; t < 100; t++) {
      List<ExactHistogram> parts = new ArrayList<>();
      List<Long> all = new ArrayList<>();
      for (int k = rnd.nextInt(0, 5); k > 0; k--) {
        long[] v = sample(rnd, rnd.nextInt(0, 20), 10);
        parts.add(ExactHistogram.of(v));
        Arrays.stream(v).forEach(all::add);
      }
      ExactHistogram union = ExactHistogram.of(all.stream().mapToLong(Long::longValue).toArray());
      assertThat(ExactHistogram.merge(parts)).isEqualTo(union).hasSameHashCodeAs(union);
      if (!parts.isEmpty()) {
        assertThat(union.minus(parts.get(0))).isEqualTo(ExactHistogram.merge(parts.subList(1, parts.size())));
      }
    }
    ExactHistogram h = ExactHistogram.of(new long[] {1, 2});
    assertThat(h.plus(ExactHistogram.empty())).isSameAs(h);
    assertThat(ExactHistogram.empty().plus(h)).isSameAs(h);
    assertThat(h.minus(h)).isEqualTo(ExactHistogram.empty());
  }

  /**
   * The counted merge (parts within a narrow span) and the pairwise merge give the histogram of the union, with spans
   * narrow, around the limit and wide, values near the ends of the long range, empty parts, and every part empty.
   */
  @Test
  void merge_countedOrPairwise_equalsTheHistogramOfTheUnion() {
    SplittableRandom rnd = new SplittableRandom(16);
    for (int t = 0; t < 400; t++) {
      List<ExactHistogram> parts = new ArrayList<>();
      List<Long> all = new ArrayList<>();
      int k = rnd.nextInt(2, 7);
      long[][] samples = new long[k][];
      long distinct = 0;
      for (int p = 0; p < k; p++) {
        samples[p] = sample(rnd, rnd.nextInt(0, 40), 30);
        distinct += ExactHistogram.of(samples[p]).distinct();
      }
      long limit = ExactHistogram.countingSpan(distinct);
      long span = switch (t % 4) {
        case 0 -> rnd.nextLong(0, 60);
        case 1 -> limit;
        case 2 -> limit + 1;
        default -> rnd.nextLong(0, Long.MAX_VALUE);
      };
      long base = t % 8 < 4 ? rnd.nextLong(-1_000_000, 1_000_000) : Long.MAX_VALUE - span;
      for (int p = 0; p < k; p++) {
        long[] v = samples[p];
        for (int i = 0; i < v.length; i++) { // spread over the chosen span, the first part holding both ends
          v[i] = base + (span == 0 ? 0 : Math.floorMod(v[i] * 7_919L + rnd.nextLong(), span + 1));
        }
        if (p == 0 && v.length >= 2) {
          v[0] = base;
          v[1] = base + span;
        }
        parts.add(ExactHistogram.of(v));
        Arrays.stream(v).forEach(all::add);
      }
      ExactHistogram union = ExactHistogram.of(all.stream().mapToLong(Long::longValue).toArray());
      assertThat(ExactHistogram.merge(parts)).as("t %d, span %d", t, span).isEqualTo(union);
      assertThat(ExactHistogram.mergeByTree(parts)).isEqualTo(union);
    }
    ExactHistogram wide = ExactHistogram.of(new long[] {Long.MIN_VALUE, 0});
    ExactHistogram high = ExactHistogram.of(new long[] {Long.MAX_VALUE});
    assertThat(ExactHistogram.merge(List.of(wide, high))) // the span overflows a long: merged pairwise
        .isEqualTo(ExactHistogram.of(new long[] {Long.MIN_VALUE, 0, Long.MAX_VALUE}));
    assertThat(ExactHistogram.merge(List.of(ExactHistogram.empty(), ExactHistogram.empty())))
        .isEqualTo(ExactHistogram.empty());
    assertThat(ExactHistogram.mergeByTree(List.of())).isEqualTo(ExactHistogram.empty());
    assertThat(ExactHistogram.merge(List.of(high))).isSameAs(high);
  }

  @Test
  void minus_notASubMultiset_isRefused() {
    ExactHistogram h = ExactHistogram.of(new long[] {2, 4, 4});
    assertThatThrownBy(() -> h.minus(ExactHistogram.of(new long[] {4, 4, 4})))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("4 occurs more often");
    assertThatThrownBy(() -> h.minus(ExactHistogram.of(new long[] {3}))).hasMessageContaining("3 occurs more often");
    assertThatThrownBy(() -> h.minus(ExactHistogram.of(new long[] {1}))).hasMessageContaining("1 occurs more often");
    assertThatThrownBy(() -> h.minus(ExactHistogram.of(new long[] {9}))).hasMessageContaining("9 occurs more often");
  }

  @Test
  void ofCounts_storedForms_areCheckedAndCopied() {
    long[] values = {-1, 5};
    long[] counts = {2, 1};
    ExactHistogram h = ExactHistogram.ofCounts(values, counts);
    values[0] = 100;
    assertThat(h).isEqualTo(ExactHistogram.of(new long[] {-1, 5, -1}));
    assertThatThrownBy(() -> ExactHistogram.ofCounts(new long[] {1}, new long[0]))
        .hasMessageContaining("1 values but 0");
    assertThatThrownBy(() -> ExactHistogram.ofCounts(new long[] {1}, new long[] {0})).hasMessageContaining("positive");
    assertThatThrownBy(() -> ExactHistogram.ofCounts(new long[] {2, 2}, new long[] {1, 1}))
        .hasMessageContaining("ascending");
    assertThatThrownBy(() -> ExactHistogram.ofCounts(new long[] {2, 1}, new long[] {1, 1}))
        .hasMessageContaining("ascending");
  }

  @Test
  void equals_otherValuesCountsOrType_differ() {
    ExactHistogram h = ExactHistogram.of(new long[] {1, 2, 2});
    assertThat(h).isNotEqualTo(ExactHistogram.of(new long[] {1, 3, 3}));
    assertThat(h).isNotEqualTo(ExactHistogram.of(new long[] {1, 1, 2}));
    assertThat(h).isNotEqualTo("ExactHistogram[2 distinct of 3]");
    assertThat(h).isEqualTo(h);
  }

  @Test
  void expectedWithOffset_phaseHistogram_equalsThePerEventForm() {
    SplittableRandom rnd = new SplittableRandom(23);
    for (int t = 0; t < 300; t++) {
      long[] sends = new long[rnd.nextInt(0, 40)];
      for (int i = 0; i < sends.length; i++) {
        sends[i] = rnd.nextLong(0, 10_000_000);
      }
      long[] flights = sample(rnd, rnd.nextInt(1, 40), 3000);
      long offset = rnd.nextLong(-2500, 2501);
      long[] sorted = flights.clone();
      Arrays.sort(sorted);
      long[] phases = Arrays.stream(sends).map(s -> Math.floorMod(s, 1000L)).toArray();
      assertThat(GridLaw.expectedWithOffset(ExactHistogram.of(phases), offset, ExactHistogram.of(flights)))
          .isEqualTo(GridLaw.expectedWithOffset(sends, offset, sorted));
    }
  }

  /** The leave-one-out form, counted as differences of two histograms, equals the form on the subtracted histogram. */
  @Test
  void expectedWithOffset_poolWithoutAPart_equalsTheFormOnTheDifference() {
    SplittableRandom rnd = new SplittableRandom(21);
    for (int t = 0; t < 300; t++) {
      long[] phases = sample(rnd, rnd.nextInt(0, 30), 1);
      for (int i = 0; i < phases.length; i++) {
        phases[i] = rnd.nextLong(0, 1000);
      }
      long[] part = sample(rnd, rnd.nextInt(0, 40), 4000);
      long[] rest = sample(rnd, rnd.nextInt(1, 40), 4000);
      long[] all = LongStream.concat(Arrays.stream(part), Arrays.stream(rest)).toArray();
      long offset = rnd.nextLong(-5000, 5000);
      ExactHistogram pool = ExactHistogram.of(all);
      assertThat(GridLaw.expectedWithOffset(ExactHistogram.of(phases), offset, pool, ExactHistogram.of(part)))
          .isEqualTo(GridLaw.expectedWithOffset(ExactHistogram.of(phases), offset,
          pool.minus(ExactHistogram.of(part))));
    }
    ExactHistogram pool = ExactHistogram.of(new long[] {100, 2000});
    ExactHistogram phase = ExactHistogram.of(new long[] {0});
    assertThatThrownBy(() -> GridLaw.expectedWithOffset(phase, 0, pool, pool)).hasMessageContaining("empty");
    assertThatThrownBy(() -> GridLaw.expectedWithOffset(phase, 0, pool, ExactHistogram.of(new long[] {-3000})))
        .hasMessageContaining("not a part of the pool");
  }

  @Test
  void expectedWithOffset_phaseOutOfRangeOrNoFlight_isRefused() {
    ExactHistogram flights = ExactHistogram.of(new long[] {500});
    assertThatThrownBy(() -> GridLaw.expectedWithOffset(ExactHistogram.of(new long[] {1000}), 0, flights))
        .hasMessageContaining("not 1000");
    assertThatThrownBy(() -> GridLaw.expectedWithOffset(ExactHistogram.of(new long[] {-1}), 0, flights))
        .hasMessageContaining("not -1");
    assertThatThrownBy(() -> GridLaw.expectedWithOffset(ExactHistogram.of(new long[] {1}), 0, ExactHistogram.empty()))
        .hasMessageContaining("empty");
  }

  @Test
  void predictRetention_histogramsOfWholeUnits_equalTheSortedArrays() {
    SplittableRandom rnd = new SplittableRandom(31);
    long q = 1_000_000;
    for (int t = 0; t < 400; t++) {
      long s = Stream.of(250_000L, 333_000L, 700_000L, 1_000_000L, 1_013_000L, 1_250_000L, 2_000_000L, 7L)
          .toList().get(rnd.nextInt(8));
      long unit = s == 7L ? 1 : 1000;
      long phase = rnd.nextLong(-2000, 2000) * 1000;
      long offset = rnd.nextLong(-700, 700) * 1000;
      long sends = rnd.nextLong(0, 30);
      long[] pool = sample(rnd, rnd.nextInt(0, 50), 3_000_000);
      long[] excluded = Arrays.copyOf(pool, rnd.nextInt(0, pool.length + 1));
      long[] sortedPool = pool.clone();
      long[] sortedExcluded = excluded.clone();
      Arrays.sort(sortedPool);
      Arrays.sort(sortedExcluded);
      Sends schedule = new Sends(s, q, phase, offset, sends);
      double expected = HeldOutGridLaw.predictRetention(schedule, sortedPool, sortedExcluded);
      double got = HeldOutGridLaw.predictRetention(schedule,
          ExactHistogram.of(Arrays.stream(pool).map(f -> Math.floorDiv(f, unit)).toArray()),
          ExactHistogram.of(Arrays.stream(excluded).map(f -> Math.floorDiv(f, unit)).toArray()), unit);
      assertThat(Double.doubleToLongBits(got)).as("s %d phase %d offset %d sends %d", s, phase, offset, sends)
          .isEqualTo(Double.doubleToLongBits(expected));
    }
  }

  @Test
  void thresholdUnits_unitNotDividingOrNegativeSends_isRefused() {
    long q = 1_000_000;
    assertThatThrownBy(() -> HeldOutGridLaw.thresholdUnits(new Sends(q, q, 0, 0, 1), 0))
        .hasMessageContaining("must divide");
    assertThatThrownBy(() -> HeldOutGridLaw.thresholdUnits(new Sends(1_500, q, 0, 0, 1), 1000))
        .hasMessageContaining("must divide");
    assertThatThrownBy(() -> HeldOutGridLaw.thresholdUnits(new Sends(3_000, 1_000_500, 0, 0, 1), 1000))
        .hasMessageContaining("must divide");
    assertThatThrownBy(() -> HeldOutGridLaw.thresholdUnits(new Sends(q, q, 1, 0, 1), 1000))
        .hasMessageContaining("must divide");
    assertThatThrownBy(() -> HeldOutGridLaw.thresholdUnits(new Sends(q, q, 0, 1, 1), 1000))
        .hasMessageContaining("must divide");
    assertThatThrownBy(() -> HeldOutGridLaw.thresholdUnits(new Sends(q, q, 0, 0, -1), 1000))
        .hasMessageContaining("negative");
    // b = 4 at s = 1.25 ms: phases 0, 250, 500, 750 us give thresholds 1000, 750, 500, 250 us; 2 sends give 2
    assertThat(HeldOutGridLaw.thresholdUnits(new Sends(1_250_000, q, 0, 0, 9), 1000))
        .containsExactly(1000, 750, 500, 250);
    assertThat(HeldOutGridLaw.thresholdUnits(new Sends(1_250_000, q, 0, 0, 2), 1000)).containsExactly(1000, 750);
  }

  @Test
  void retentionFromCounts_wrongLengthsOrSigns_areRefusedAndEmptyIsNaN() {
    long q = 1_000_000;
    assertThatThrownBy(() -> HeldOutGridLaw.retentionFromCounts(q, q, -1, 1, new long[0]))
        .hasMessageContaining("sends >= 0");
    assertThatThrownBy(() -> HeldOutGridLaw.retentionFromCounts(q, q, 1, -1, new long[1]))
        .hasMessageContaining("flights >= 0");
    assertThatThrownBy(() -> HeldOutGridLaw.retentionFromCounts(q, q, 3, 1, new long[2])).hasMessageContaining("not 2");
    assertThat(HeldOutGridLaw.retentionFromCounts(q, q, 0, 5, new long[0])).isNaN();
    assertThat(HeldOutGridLaw.retentionFromCounts(q, q, 2, 0, new long[1])).isNaN();
    // b = 4, 5 sends: phase 0 twice; counts 1, 0, 2, 2 of 2 flights: (2*1 + 0 + 2 + 2) / (5 * 2)
    assertThat(HeldOutGridLaw.retentionFromCounts(1_250_000, q, 5, 2, new long[] {1, 0, 2, 2})).isEqualTo(6.0 / 10.0);
  }
}
