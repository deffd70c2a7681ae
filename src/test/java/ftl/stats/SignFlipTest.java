package ftl.stats;

import static ftl.stats.KnownAnswers.assertClose;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The exact sign-flip test against brute-force enumeration in R ({@code sign-flip.csv}, every assignment by
 * {@code expand.grid}, the same tie rule). A p-value is a count over {@code 2^n}, so it must be equal exactly; the mean
 * within 1e-12 (R's {@code mean} sums in extended precision).
 */
class SignFlipTest {

  static Stream<Arguments> rCases() {
    return KnownAnswers.cases("sign-flip.csv");
  }

  @ParameterizedTest
  @MethodSource("rCases")
  void test_rCase_matchesBruteForce(KnownAnswers.Row r) {
    SignFlip.Result res = SignFlip.test(r.numbers("values"));
    assertThat(res.blocks()).isEqualTo(r.integer("n"));
    assertClose("mean", res.mean(), r.number("mean"), 1e-12);
    assertThat(res.p().arrangements()).isEqualTo(Long.parseLong(r.text("assignments")));
    assertThat(res.p().greater()).as("p greater").isEqualTo(r.number("p_greater"));
    assertThat(res.p().less()).as("p less").isEqualTo(r.number("p_less"));
    assertThat(res.p().twoSided()).as("p two-sided").isEqualTo(r.number("p_two_sided"));
    assertThat(res.p().smallestAttainable()).isEqualTo(r.number("smallest_p"));
  }

  @Test
  void smallestAttainable_fiveBlocks_cannotReachOneSidedTwoAndAHalfPercent() {
    assertThat(SignFlip.smallestAttainable(5)).isEqualTo(1.0 / 32).isGreaterThan(0.025);
    assertThat(SignFlip.smallestAttainable(6)).isEqualTo(1.0 / 64).isLessThan(0.025);
  }

  @Test
  void testsWithinReach_holmsFirstStep_fromTheSmallestAttainableP() {
    assertThat(SignFlip.testsWithinReach(5, 0.025)).isZero();
    assertThat(SignFlip.testsWithinReach(6, 0.025)).isEqualTo(1);
    assertThat(SignFlip.testsWithinReach(7, 0.025)).isEqualTo(3);
    assertThat(SignFlip.testsWithinReach(10, 0.025)).isEqualTo(25);
    // exact at the edge: 2 blocks give 1/4, which level 0.25 reaches with one test
    assertThat(SignFlip.testsWithinReach(2, 0.25)).isEqualTo(1);
    for (double bad : new double[] {0, 1, -0.1, Double.NaN}) {
      assertThatThrownBy(() -> SignFlip.testsWithinReach(6, bad)).isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("level");
    }
  }

  @Test
  void test_twentyFourPositiveBlocks_enumeratesEveryAssignment() {
    double[] values = new double[SignFlip.MAX_BLOCKS];
    for (int i = 0; i < values.length; i++) {
      values[i] = 0.01 * (i + 1);
    }
    SignFlip.Result res = SignFlip.test(values);
    assertThat(res.p().arrangements()).isEqualTo(1L << 24);
    assertThat(res.p().greater()).isEqualTo(1.0 / (1 << 24));
    assertThat(res.p().twoSided()).isEqualTo(2.0 / (1 << 24));
    assertThat(res.p().less()).isEqualTo(1.0);
  }

  @Test
  void test_negatedValues_swapsTheOneSidedPValues() {
    double[] x = {0.4, -0.1, 0.7, 0.2, -0.3, 0.5, 0.1};
    SignFlip.Result a = SignFlip.test(x);
    SignFlip.Result b = SignFlip.test(Arrays.stream(x).map(v -> -v).toArray());
    assertThat(b.p().greater()).isEqualTo(a.p().less());
    assertThat(b.p().less()).isEqualTo(a.p().greater());
    assertThat(b.p().twoSided()).isEqualTo(a.p().twoSided());
  }

  @Test
  void test_noBlock_isUndefined() {
    SignFlip.Result res = SignFlip.test(new double[0]);
    assertThat(res.blocks()).isZero();
    assertThat(res.mean()).isNaN();
    assertThat(res.p().greater()).isNaN();
    assertThat(res.p().less()).isNaN();
    assertThat(res.p().twoSided()).isNaN();
  }

  static Stream<Arguments> badInputs() {
    return Stream.of(
        Arguments.of(Named.of("25 blocks", (Runnable) () -> SignFlip.test(new double[SignFlip.MAX_BLOCKS + 1]))),
        Arguments.of(Named.of("a NaN value", (Runnable) () -> SignFlip.test(new double[] {0.1, Double.NaN}))),
        Arguments.of(Named.of("an infinite value", (Runnable) () ->
        SignFlip.test(new double[] {Double.NEGATIVE_INFINITY}))),
        Arguments.of(Named.of("smallest p of -1 blocks", (Runnable) () -> SignFlip.smallestAttainable(-1))),
        Arguments.of(Named.of("a result whose count is not 2^n", (Runnable) () -> new SignFlip.Result(3,
            0, new ExactPermutation.PValues(4, 0.25, 1, 0.5)))),
        Arguments.of(Named.of("smallest p of 63 blocks", (Runnable) () -> SignFlip.smallestAttainable(63))),
        Arguments.of(Named.of("a result over -1 blocks", (Runnable) () -> new SignFlip.Result(-1, 0,
            ExactPermutation.PValues.undefined()))),
        Arguments.of(Named.of("a result over 25 blocks",
        (Runnable) () -> new SignFlip.Result(SignFlip.MAX_BLOCKS + 1, 0,
            ExactPermutation.PValues.undefined()))),
        Arguments.of(Named.of("a p-value of 0", (Runnable) () -> new ExactPermutation.PValues(4, 0, 1, 1))),
        Arguments.of(Named.of("a p-value above 1", (Runnable) () -> new ExactPermutation.PValues(4, 1.5, 1, 1))),
        Arguments.of(Named.of("no arrangement", (Runnable) () -> new ExactPermutation.PValues(0, 1, 1, 1))));
  }

  @ParameterizedTest
  @MethodSource("badInputs")
  void signFlip_badInput_isRefused(Runnable call) {
    assertThatThrownBy(call::run).isInstanceOf(IllegalArgumentException.class);
  }
}
