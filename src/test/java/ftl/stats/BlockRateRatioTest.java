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
 * The zero-count rule against the same rule written independently in R ({@code block-rate-ratio.csv}). The same
 * arithmetic, so within 1e-12 relative (R and Java may round a logarithm differently in the last bit).
 */
class BlockRateRatioTest {

  static Stream<Arguments> rCases() {
    return KnownAnswers.cases("block-rate-ratio.csv");
  }

  @ParameterizedTest
  @MethodSource("rCases")
  void of_rCase_matchesR(KnownAnswers.Row r) {
    BlockRateRatio.Block b = BlockRateRatio.of(r.integer("x1"), r.integer("n1"), r.integer("x0"), r.integer("n0"));
    assertClose("ratio", b.ratio(), r.number("ratio"), 1e-12);
    assertThat(b.logRatio()).as("log ratio").isCloseTo(r.number("log_ratio"),
        within(1e-12));
    assertClose("log variance", b.logVariance(), r.number("log_variance"), 1e-12);
    assertThat(b.corrected()).as("corrected").isEqualTo(Boolean.parseBoolean(r.text("corrected")));
  }

  @Test
  void correction_printedForm_isTheConstant() {
    assertThat(Double.parseDouble(BlockRateRatio.CORRECTION_PRINTED)).isEqualTo(BlockRateRatio.CORRECTION);
    assertThat(BlockRateRatio.RULE).contains(BlockRateRatio.CORRECTION_PRINTED + " is added to both x1 and x0");
  }

  @Test
  void of_zeroUnderCondition1_addsHalfToBothCountsNotToTheTotals() {
    BlockRateRatio.Block b = BlockRateRatio.of(0, 100, 3, 200);
    assertThat(b.corrected()).isTrue();
    assertThat(b.ratio()).isEqualTo((0.5 / 100) / (3.5 / 200));
    assertThat(b.logVariance()).isEqualTo(1 / 0.5 + 1 / 3.5 - 1 / 100.0 - 1 / 200.0);
  }

  @Test
  void of_everyEventNegativeUnderBoth_hasNoWithinBlockVariance() {
    BlockRateRatio.Block b = BlockRateRatio.of(7, 7, 3, 3);
    assertThat(b.corrected()).isFalse();
    assertThat(b.ratio()).isEqualTo(1.0);
    assertThat(b.logVariance()).isZero();
  }

  @Test
  void of_zeroNegativesAndEveryEventNegative_varianceStaysPositive() {
    BlockRateRatio.Block b = BlockRateRatio.of(0, 1, 1, 1);
    assertThat(b.corrected()).isTrue();
    assertThat(b.logVariance()).isPositive();
  }

  static Stream<Arguments> badCounts() {
    return Stream.of(
        Arguments.of(Named.of("no events under condition 1", new long[] {0, 0, 1, 10})),
        Arguments.of(Named.of("no events under condition 0", new long[] {1, 10, 0, 0})),
        Arguments.of(Named.of("negative count", new long[] {-1, 10, 1, 10})),
        Arguments.of(Named.of("more negatives than events", new long[] {1, 10, 11, 10})));
  }

  @ParameterizedTest
  @MethodSource("badCounts")
  void of_countOutOfRange_isRefused(long[] c) {
    assertThatThrownBy(() -> BlockRateRatio.of(c[0], c[1], c[2], c[3])).isInstanceOf(IllegalArgumentException.class);
  }

  static Stream<Arguments> badBlocks() {
    double inf = Double.POSITIVE_INFINITY;
    return Stream.of(
        Arguments.of(Named.of("ratio 0", new double[] {0, 0, 1})),
        Arguments.of(Named.of("infinite ratio", new double[] {inf, 0, 1})),
        Arguments.of(Named.of("NaN log ratio", new double[] {1, Double.NaN, 1})),
        Arguments.of(Named.of("negative variance", new double[] {1, 0, -0.1})),
        Arguments.of(Named.of("infinite variance", new double[] {1, 0, inf})));
  }

  @ParameterizedTest
  @MethodSource("badBlocks")
  void block_componentOutOfRange_isRefused(double[] c) {
    assertThatThrownBy(() -> new BlockRateRatio.Block(c[0], c[1], c[2], false))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
