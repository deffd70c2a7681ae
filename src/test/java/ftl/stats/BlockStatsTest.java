package ftl.stats;

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
 * Known answers of the block-level t intervals. The expected ends were computed independently with SciPy 1.17
 * ({@code scipy.stats.t.ppf(0.975, n - 1) * x.std(ddof=1) / sqrt(n)} around the mean, and the same on the log ratios
 * mapped back by {@code exp}). Commons Math's inverse t distribution is accurate to about 1e-9 (its solver's default
 * absolute accuracy), so the ends are compared within 1e-8 of SciPy's.
 */
class BlockStatsTest {

  @Test
  void mean_fiveBlocks_matchesScipyTInterval() {
    BlockStats.Interval i = BlockStats.mean(new double[] {1, 2, 3, 4, 5}, 0.95);
    assertThat(i.blocks()).isEqualTo(5);
    assertThat(i.estimate()).isEqualTo(3.0);
    assertThat(i.lower()).isCloseTo(1.0367568385224428, within(1e-8));
    assertThat(i.upper()).isCloseTo(4.963243161477557, within(1e-8));
  }

  @Test
  void ratio_threeBlocks_matchesScipyOnTheLogScale() {
    BlockStats.Interval i = BlockStats.ratio(new double[] {2, 4, 8}, new double[] {1, 1, 2}, 0.95);
    assertThat(i.blocks()).isEqualTo(3);
    assertThat(i.estimate()).isCloseTo(3.1748021039363983, within(1e-12));
    assertThat(i.lower()).isCloseTo(1.174827621133006, within(1e-8));
    assertThat(i.upper()).isCloseTo(8.579444522625728, within(1e-7));
  }

  @Test
  void mean_noBlock_isUndefinedEverywhere() {
    BlockStats.Interval i = BlockStats.mean(new double[0], 0.95);
    assertThat(i.blocks()).isZero();
    assertThat(i.estimate()).isNaN();
    assertThat(i.lower()).isNaN();
    assertThat(i.upper()).isNaN();
  }

  @Test
  void mean_oneBlock_hasAnEstimateButNoInterval() {
    BlockStats.Interval i = BlockStats.mean(new double[] {0.25}, 0.95);
    assertThat(i.blocks()).isEqualTo(1);
    assertThat(i.estimate()).isEqualTo(0.25);
    assertThat(i.lower()).isNaN();
    assertThat(i.upper()).isNaN();
  }

  @Test
  void mean_noSpread_endsEqualTheEstimate() {
    BlockStats.Interval i = BlockStats.mean(new double[] {0.5, 0.5, 0.5}, 0.95);
    assertThat(i.lower()).isEqualTo(0.5);
    assertThat(i.upper()).isEqualTo(0.5);
  }

  @Test
  void ratio_swappedGroups_isTheReciprocal() {
    double[] x = {3, 5, 7, 11};
    double[] y = {2, 2, 3, 13};
    BlockStats.Interval a = BlockStats.ratio(x, y, 0.9);
    BlockStats.Interval b = BlockStats.ratio(y, x, 0.9);
    assertThat(a.estimate() * b.estimate()).isCloseTo(1.0, within(1e-12));
    assertThat(a.lower() * b.upper()).isCloseTo(1.0, within(1e-12));
  }

  static Stream<Arguments> badInputs() {
    return Stream.of(
        Arguments.of(Named.of("level 0", (Runnable) () -> BlockStats.mean(new double[] {1, 2}, 0))),
        Arguments.of(Named.of("level 1", (Runnable) () -> BlockStats.mean(new double[] {1, 2}, 1))),
        Arguments.of(Named.of("level NaN", (Runnable) () -> BlockStats.mean(new double[] {1, 2}, Double.NaN))),
        Arguments.of(Named.of("a NaN value", (Runnable) () -> BlockStats.mean(new double[] {1, Double.NaN}, 0.95))),
        Arguments.of(Named.of("an infinite value", (Runnable) () ->
        BlockStats.mean(new double[] {Double.POSITIVE_INFINITY}, 0.95))),
        Arguments.of(Named.of("lengths differ", (Runnable) () ->
        BlockStats.ratio(new double[] {1}, new double[] {1, 2}, 0.95))),
        Arguments.of(Named.of("zero numerator", (Runnable) () ->
        BlockStats.ratio(new double[] {0}, new double[] {1}, 0.95))),
        Arguments.of(Named.of("zero denominator", (Runnable) () ->
        BlockStats.ratio(new double[] {1}, new double[] {0}, 0.95))),
        Arguments.of(Named.of("infinite numerator", (Runnable) () ->
        BlockStats.ratio(new double[] {Double.POSITIVE_INFINITY},
            new double[] {1}, 0.95))),
        Arguments.of(Named.of("infinite denominator", (Runnable) () -> BlockStats.ratio(new double[] {1},
            new double[] {Double.POSITIVE_INFINITY}, 0.95))),
        Arguments.of(Named.of("negative block count", (Runnable) () -> new BlockStats.Interval(-1, 0, 0, 0))));
  }

  @ParameterizedTest
  @MethodSource("badInputs")
  void blockStats_badInput_isRefused(Runnable call) {
    assertThatThrownBy(call::run).isInstanceOf(IllegalArgumentException.class);
  }
}
