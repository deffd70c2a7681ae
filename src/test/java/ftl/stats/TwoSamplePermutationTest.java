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
 * The exact two-sample permutation test against brute-force enumeration in R ({@code two-sample.csv}, every split by
 * {@code combn}, the same tie rule). p-values are counts over the splits, so they must be equal exactly; the
 * difference of mean logs within 1e-12.
 */
class TwoSamplePermutationTest {

  static Stream<Arguments> rCases() {
    return KnownAnswers.cases("two-sample.csv");
  }

  @ParameterizedTest
  @MethodSource("rCases")
  void ofLogs_rCase_matchesBruteForce(KnownAnswers.Row r) {
    TwoSamplePermutation.Result res = TwoSamplePermutation.ofLogs(r.numbers("first"), r.numbers("second"));
    assertClose("difference", res.difference(), r.number("difference"), 1e-12);
    assertThat(res.p().arrangements()).isEqualTo(Long.parseLong(r.text("splits")));
    assertThat(res.p().greater()).as("p greater").isEqualTo(r.number("p_greater"));
    assertThat(res.p().less()).as("p less").isEqualTo(r.number("p_less"));
    assertThat(res.p().twoSided()).as("p two-sided").isEqualTo(r.number("p_two_sided"));
  }

  @Test
  void ofLogs_swappedGroups_swapsTheOneSidedPValues() {
    double[] a = {0.8, 1.3, 0.6, 1.1, 0.9};
    double[] b = {0.7, 1.0, 0.5};
    TwoSamplePermutation.Result ab = TwoSamplePermutation.ofLogs(a, b);
    TwoSamplePermutation.Result ba = TwoSamplePermutation.ofLogs(b, a);
    assertThat(ba.p().greater()).isEqualTo(ab.p().less());
    assertThat(ba.p().less()).isEqualTo(ab.p().greater());
    assertThat(ba.p().twoSided()).isEqualTo(ab.p().twoSided());
    assertThat(ba.difference()).isEqualTo(-ab.difference());
  }

  static Stream<Arguments> splitCounts() {
    return Stream.of(
        Arguments.of(Named.of("4 vs 4", new int[] {4, 4}), 70L),
        Arguments.of(Named.of("0 vs 5", new int[] {0, 5}), 1L),
        Arguments.of(Named.of("10 vs 10", new int[] {10, 10}), 184_756L),
        Arguments.of(Named.of("1 vs 999999", new int[] {1, 999_999}), 1_000_000L),
        Arguments.of(Named.of("2 vs 1412", new int[] {2, 1412}), 998_991L),
        Arguments.of(Named.of("2 vs 1413, over the limit", new int[] {2, 1413}), -1L),
        Arguments.of(Named.of("12 vs 12, over the limit", new int[] {12, 12}), -1L),
        Arguments.of(Named.of("1 vs 1000000, over the limit", new int[] {1, 1_000_000}), -1L));
  }

  @ParameterizedTest
  @MethodSource("splitCounts")
  void splits_groupSizes_isTheBinomialCoefficientOrRefusal(int[] sizes, long expected) {
    assertThat(TwoSamplePermutation.splits(sizes[0], sizes[1])).isEqualTo(expected);
  }

  @Test
  void test_tenAgainstTen_enumeratesEverySplit() {
    double[] a = new double[10];
    double[] b = new double[10];
    for (int i = 0; i < 10; i++) {
      a[i] = 1 + i;
      b[i] = -1 - i;
    }
    TwoSamplePermutation.Result res = TwoSamplePermutation.test(a, b);
    assertThat(res.p().arrangements()).isEqualTo(184_756L);
    assertThat(res.p().greater()).isEqualTo(1.0 / 184_756);
    assertThat(res.p().twoSided()).isEqualTo(2.0 / 184_756);
  }

  static Stream<Arguments> emptyGroups() {
    return Stream.of(
        Arguments.of(Named.of("second empty", new double[][] {{1, 2}, {}})),
        Arguments.of(Named.of("first empty", new double[][] {{}, {1, 2}})));
  }

  @ParameterizedTest
  @MethodSource("emptyGroups")
  void test_emptyGroup_isUndefined(double[][] groups) {
    TwoSamplePermutation.Result res = TwoSamplePermutation.test(groups[0], groups[1]);
    assertThat(res.difference()).isNaN();
    assertThat(res.p().arrangements()).isEqualTo(1);
    assertThat(res.p().greater()).isNaN();
    assertThat(res.p().twoSided()).isNaN();
  }

  static Stream<Arguments> badInputs() {
    return Stream.of(
        Arguments.of(Named.of("12 vs 12 blocks", (Runnable) () ->
        TwoSamplePermutation.test(new double[12], new double[12]))),
        Arguments.of(Named.of("a zero rate", (Runnable) () ->
        TwoSamplePermutation.ofLogs(new double[] {0}, new double[] {1}))),
        Arguments.of(Named.of("a NaN value", (Runnable) () ->
        TwoSamplePermutation.test(new double[] {Double.NaN}, new double[] {1}))),
        Arguments.of(Named.of("negative first group size", (Runnable) () -> TwoSamplePermutation.splits(-1, 3))),
        Arguments.of(Named.of("negative second group size", (Runnable) () -> TwoSamplePermutation.splits(3, -1))),
        Arguments.of(Named.of("a result with -1 first blocks",
        (Runnable) () -> new TwoSamplePermutation.Result(-1, 2, 0,
            ExactPermutation.PValues.undefined()))),
        Arguments.of(Named.of("a result with -1 second blocks",
        (Runnable) () -> new TwoSamplePermutation.Result(2, -1, 0,
            ExactPermutation.PValues.undefined()))));
  }

  @ParameterizedTest
  @MethodSource("badInputs")
  void twoSample_badInput_isRefused(Runnable call) {
    assertThatThrownBy(call::run).isInstanceOf(IllegalArgumentException.class);
  }
}
