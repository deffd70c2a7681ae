package ftl.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.verify.ChangesLocale;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The bootstrap generator's stream is fixed and documented, and a bootstrap does not depend on thread timing. */
@ChangesLocale
class SplitMix64Test {

  /** Lemire's bounded integer on the high 32 bits of a SplitMix64 draw, written independently of {@link SplitMix64}. */
  static int lemire(SplittableRandom rng, int bound) {
    while (true) {
      long x = rng.nextLong() >>> 32;
      long m = x * bound;
      long low = m & 0xFFFFFFFFL;
      if (low >= ((1L << 32) - bound) % bound) {
        return (int) (m >>> 32);
      }
    }
  }

  @Test
  void nextLong_seedZero_isTheReferenceSplitMix64Stream() {
    // Vigna's reference splitmix64.c, state 0: the first three outputs.
    SplitMix64 g = new SplitMix64(0);
    assertThat(g.nextLong()).isEqualTo(0xE220A8397B1DCDAFL);
    assertThat(g.nextLong()).isEqualTo(0x6E789E6AA1B965F4L);
    assertThat(g.nextLong()).isEqualTo(0x06C45D188009454FL);
  }

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {0L, 1L, -1L, 20_260_101L, Long.MIN_VALUE, Long.MAX_VALUE, 0x9E3779B97F4A7C15L})
  void nextLong_anySeed_equalsJdkSplittableRandom(long seed) {
    SplitMix64 g = new SplitMix64(seed);
    SplittableRandom jdk = new SplittableRandom(seed);
    for (int i = 0; i < 10_000; i++) {
      assertThat(g.nextLong()).as("draw %d", i).isEqualTo(jdk.nextLong());
    }
  }

  @ParameterizedTest(name = "bound {0}")
  @ValueSource(ints = {1, 2, 3, 7, 600, 1008, 1 << 30, (3 << 29) + 1, Integer.MAX_VALUE})
  void nextInt_bound_inRangeAndEqualToIndependentLemire(int bound) {
    SplitMix64 g = new SplitMix64(bound);
    SplittableRandom jdk = new SplittableRandom(bound);
    for (int i = 0; i < 20_000; i++) {
      int v = g.nextInt(bound);
      assertThat(v).isBetween(0, bound - 1).isEqualTo(lemire(jdk, bound));
    }
  }

  @Test
  void nextInt_largeBound_rejectsAndStaysUniform() {
    // a large bound: rejection happens, and the result stays in range and uniform over thirds
    int bound = 3 << 29; // 3 * 2^29: rejected with probability 1/4
    SplitMix64 g = new SplitMix64(42);
    long[] thirds = new long[3];
    for (int i = 0; i < 30_000; i++) {
      thirds[(int) (g.nextInt(bound) / (bound / 3 + 1))]++;
    }
    for (long t : thirds) {
      assertThat(t).isBetween(9_400L, 10_600L);
    }
  }

  @Test
  void nextInt_boundZero_isRefused() {
    assertThatThrownBy(() -> new SplitMix64(1).nextInt(0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("bound must be positive");
  }

  @Test
  void forReplicate_index_isTheIndexthDrawOfTheSeedStream() {
    SplittableRandom seeds = new SplittableRandom(RateRatio.DEFAULT_SEED);
    for (int i = 0; i < 100; i++) {
      long first = new SplittableRandom(seeds.nextLong()).nextLong();
      assertThat(SplitMix64.forReplicate(RateRatio.DEFAULT_SEED, i).nextLong()).isEqualTo(first);
    }
    assertThatThrownBy(() -> SplitMix64.forReplicate(1, -1)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void percentile_repeatedAndSequentialReplay_identicalBytes() {
    RateRatio.Bootstrap b = new RateRatio.Bootstrap(4_000, 7L, 0.95);
    Bootstraps.Replicate r = rng -> {
      double s = 0;
      for (int i = 0; i < 50; i++) {
        s += rng.nextInt(1000);
      }
      return s % 97 == 0 ? Double.NaN : s % 89 == 0 ? Double.POSITIVE_INFINITY : s;
    };
    Bootstraps.Interval first = Bootstraps.percentile(b, r);
    // sequential replay in index order: the parallel engine must give exactly this
    List<Double> reps = new ArrayList<>();
    int undefined = 0;
    int infinite = 0;
    for (int i = 0; i < b.resamples(); i++) {
      double v = r.compute(SplitMix64.forReplicate(b.seed(), i));
      if (Double.isNaN(v)) {
        undefined++;
      } else {
        infinite += Double.isInfinite(v) ? 1 : 0;
        reps.add(v);
      }
    }
    double[] sorted = reps.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    assertThat(first.undefined()).isEqualTo(undefined).isPositive();
    assertThat(first.infinite()).isEqualTo(infinite).isPositive();
    assertThat(first.lower()).isEqualTo(Quantiles.type7Sorted(sorted, 0.025));
    assertThat(first.upper()).isEqualTo(Quantiles.type7Sorted(sorted, 0.975));
    Locale before = Locale.getDefault();
    try {
      Locale.setDefault(Locale.GERMANY);
      for (int k = 0; k < 5; k++) {
        assertThat(Bootstraps.percentile(b, r)).isEqualTo(first);
      }
    } finally {
      Locale.setDefault(before);
    }
  }

  @Test
  void percentile_everyReplicateUndefined_nanBounds() {
    Bootstraps.Interval i = Bootstraps.percentile(new RateRatio.Bootstrap(10, 1, 0.9), rng -> Double.NaN);
    assertThat(i.lower()).isNaN();
    assertThat(i.upper()).isNaN();
    assertThat(i.undefined()).isEqualTo(10);
    assertThatThrownBy(() -> new Bootstraps.Interval(0, 0, -1, 0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new Bootstraps.Interval(0, 0, 0, -1)).isInstanceOf(IllegalArgumentException.class);
  }
}
