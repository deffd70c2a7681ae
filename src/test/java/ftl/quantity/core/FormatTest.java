package ftl.quantity.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.Stream;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The printed forms of every {@link Format} constant, and {@link LatexEscape} of every special character. */
class FormatTest {

  static Stream<Arguments> cases() {
    return Stream.of(
        Arguments.of("grouped", Format.GROUPED_INTEGER, new Value.Count(738_730), Unit.COUNT, "738,730", "738,730"),
        Arguments.of("grouped zero", Format.GROUPED_INTEGER, new Value.Count(0), Unit.COUNT, "0", "0"),
        Arguments.of("percent real", Format.PERCENT_2DP, new Value.Real(0.0036), Unit.FRACTION, "0.36%", "0.36\\%"),
        Arguments.of("percent 100", Format.PERCENT_2DP, new Value.Real(1.0), Unit.FRACTION, "100%", "100\\%"),
        Arguments.of("percent 0", Format.PERCENT_2DP, new Value.Real(0.0), Unit.FRACTION, "0%", "0\\%"),
        Arguments.of("percent of a count", Format.PERCENT_2DP, new Value.Count(1), Unit.FRACTION, "100%", "100\\%"),
        Arguments.of("percent 50.00 keeps decimals", Format.PERCENT_2DP, new Value.Real(0.5), Unit.FRACTION, "50.00%",
        "50.00\\%"),
        Arguments.of("ratio", Format.RATIO_3SF, new Value.Real(2.0749), Unit.RATIO, "2.07x", "2.07x"),
        Arguments.of("ratio zero", Format.RATIO_3SF, new Value.Real(0.0), Unit.RATIO, "0x", "0x"),
        Arguments.of("ratio grouped", Format.RATIO_3SF, new Value.Real(12_345.0), Unit.RATIO, "12,300x", "12,300x"),
        Arguments.of("ratio negative grouped", Format.RATIO_3SF, new Value.Real(-4_567.0), Unit.RATIO, "-4,570x",
        "\\textminus{}4,570x"),
        Arguments.of("ratio range", Format.RATIO_RANGE_2SF, new Value.Range(7.04, 80.4), Unit.RATIO, "7.0 to 80x",
        "7.0 to 80x"),
        Arguments.of("percent range", Format.PERCENT_RANGE_2DP, new Value.Range(0.0036, 1.0), Unit.FRACTION,
        "0.36% to 100%", "0.36\\% to 100\\%"),
        Arguments.of("count range", Format.COUNT_RANGE, new Value.Range(1_200, 2_000), Unit.COUNT, "1,200 to 2,000",
        "1,200 to 2,000"),
        Arguments.of("count range, one value", Format.COUNT_RANGE, new Value.Range(600, 600), Unit.COUNT, "600", "600"),
        Arguments.of("count range in us", Format.COUNT_RANGE, new Value.Range(200, 200), Unit.MICROSECONDS,
        "200 \u00b5s", "200 \\textmu{}s"),
        Arguments.of("real us", Format.REAL_3SF, new Value.Real(412.34), Unit.MICROSECONDS, "412 \u00b5s",
        "412 \\textmu{}s"),
        Arguments.of("real ms", Format.REAL_3SF, new Value.Real(1.5), Unit.MILLISECONDS, "1.5 ms", "1.5 ms"),
        Arguments.of("real grouped ns", Format.REAL_3SF, new Value.Real(1_234_567.0), Unit.NANOSECONDS, "1,230,000 ns",
        "1,230,000 ns"),
        Arguments.of("decimal", Format.DECIMAL_2DP, new Value.Real(0.265), Unit.FRACTION, "0.26", "0.26"),
        Arguments.of("verdict held", Format.VERDICT, new Value.Verdict(true, "b"), Unit.DIMENSIONLESS, "held", "held"),
        Arguments.of("verdict not held", Format.VERDICT, new Value.Verdict(false, "b"), Unit.DIMENSIONLESS,
        "did not hold", "did not hold"),
        Arguments.of("recorded version", Format.TEXT, new Value.Text("4.4.0 (1156b27)"), Unit.DIMENSIONLESS,
        "4.4.0 (1156b27)",
            "4.4.0 (1156b27)"),
        Arguments.of("unavailable", Format.GROUPED_INTEGER, new Value.Unavailable("r"), Unit.COUNT, "n/a", "n/a"));
  }

  @ParameterizedTest(name = "{0}: {4}")
  @MethodSource("cases")
  void text_value_isPrintedExactly(String label, Format f, Value v, Unit u, String text, String latex) {
    assertThat(f.text(v, u)).isEqualTo(text);
    assertThat(f.latex(v, u)).isEqualTo(latex);
  }

  @Test
  void text_rangeWhereOneNumberExpected_isRejected() {
    assertThatThrownBy(() -> Format.PERCENT_2DP.text(new Value.Range(0, 1), Unit.FRACTION))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("expected a single number");
  }

  static Stream<Arguments> sigCases() {
    return Stream.of(
        Arguments.of(0.0, 3, "0"),
        Arguments.of(999.4, 3, "999"),
        Arguments.of(999.6, 3, "1,000"),
        Arguments.of(1234.5, 5, "1234.5"),
        Arguments.of(0.012345, 2, "0.012"));
  }

  @ParameterizedTest(name = "sig({0}, {1}) = {2}")
  @MethodSource("sigCases")
  void sig_value_roundsAndGroupsOnlyWholeNumbers(double x, int digits, String expected) {
    assertThat(Format.sig(x, digits)).isEqualTo(expected);
  }

  static Stream<Arguments> escapes() {
    return Stream.of(
        Arguments.of("\\", "\\textbackslash{}"), Arguments.of("{", "\\{"), Arguments.of("}", "\\}"),
        Arguments.of("$", "\\$"), Arguments.of("&", "\\&"), Arguments.of("#", "\\#"), Arguments.of("_", "\\_"),
        Arguments.of("%", "\\%"), Arguments.of("^", "\\textasciicircum{}"), Arguments.of("~", "\\textasciitilde{}"),
        Arguments.of("\u00b5", "\\textmu{}"), Arguments.of("a1 x", "a1 x"));
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @MethodSource("escapes")
  void escape_character_isLatexSafe(String in, String out) {
    assertThat(LatexEscape.escape(in)).isEqualTo(out);
    assertThat(LatexEscape.escape("<" + in + ">")).isEqualTo("<" + out + ">");
  }

  @Test
  void points_differenceOfPercentages_printedInPercentagePointsNeverWithAPercentSign() {
    // issue 47: a difference of two percentages has one unit, percentage points, written "pp"
    Assertions.assertThat(Format.POINTS_2DP.text(new Value.Real(0.2428), Unit.FRACTION)).isEqualTo("24.28 pp");
    Assertions.assertThat(Format.POINTS_2DP.text(new Value.Real(-0.049), Unit.FRACTION)).isEqualTo("-4.90 pp");
    Assertions.assertThat(Format.POINTS_2DP.latex(new Value.Real(-0.049), Unit.FRACTION))
        .isEqualTo("\\textminus{}4.90 pp");
    Assertions.assertThat(Format.POINTS_RANGE_2DP.text(new Value.Range(0.1108, 0.2445), Unit.FRACTION))
        .isEqualTo("11.08 to 24.45 pp");
    Assertions.assertThat(Format.points(0.05)).isEqualTo("5.00 " + Format.POINTS).doesNotContain("%");
  }

  @Test
  void percent_shareOfCountedUnits_printsNoFinerThanItsStandardError() {
    // 98 of 201: se = 3.5 points -> whole percent (the review's example, 48.76 % printed two digits too fine)
    Assertions.assertThat(Format.PERCENT_2DP.text(Value.Real.share(98, 201), Unit.FRACTION)).isEqualTo("49%");
    // 4,876 of 10,000: se = 0.50 points -> one decimal
    Assertions.assertThat(Format.PERCENT_2DP.text(Value.Real.share(4876, 10_000), Unit.FRACTION)).isEqualTo("48.8%");
    // 487,600 of 1,000,000: se = 0.050 points -> two decimals
    Assertions.assertThat(Format.PERCENT_2DP.text(Value.Real.share(487_600, 1_000_000), Unit.FRACTION))
        .isEqualTo("48.76%");
    // none or all: se = 0, two decimals, trailing zeros dropped as for every percentage
    Assertions.assertThat(Format.PERCENT_2DP.text(Value.Real.share(5, 5), Unit.FRACTION)).isEqualTo("100%");
    Assertions.assertThat(Format.PERCENT_2DP.text(Value.Real.share(0, 5), Unit.FRACTION)).isEqualTo("0%");
    // a real that is not a share keeps two decimals
    Assertions.assertThat(Format.PERCENT_2DP.text(new Value.Real(98.0 / 201), Unit.FRACTION)).isEqualTo("48.76%");
    Assertions.assertThat(Format.shareDecimals(0.5, 1)).isZero();
    Assertions.assertThat(Format.percent(1.0, 0)).isEqualTo("100");
    Assertions.assertThat(Format.percent(0.0, 1)).isEqualTo("0");
    Assertions.assertThat(Format.percent(0.4876, 1)).isEqualTo("48.8");
    Assertions.assertThatThrownBy(() -> Value.Real.share(-1, 2)).isInstanceOf(IllegalArgumentException.class);
    Assertions.assertThatThrownBy(() -> Value.Real.share(3, 2)).isInstanceOf(IllegalArgumentException.class);
    Assertions.assertThatThrownBy(() -> Value.Real.share(0, 0)).isInstanceOf(IllegalArgumentException.class);
    Assertions.assertThatThrownBy(() -> new Value.Real(0.5, -1)).isInstanceOf(IllegalArgumentException.class);
  }
}
