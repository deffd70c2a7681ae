package ftl.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The one reader of printed numbers: LaTeX source, plain text and PDF-extracted text give the same keys. */
class PrintedNumberTest {

  static Stream<Arguments> sameNumber() {
    return Stream.of(
        Arguments.of("grouped LaTeX", "62{,}264", "62,264", "62264"),
        Arguments.of("ungrouped", "62264", "62,264", "62264"),
        Arguments.of("escaped percent", "40.00\\%", "40.00%", "40.00%"),
        Arguments.of("times in math", "2.07$\\times$", "2.07x", "2.07x"),
        Arguments.of("multiplication sign from a PDF", "2.07\u00d7", "2.07x", "2.07x"),
        Arguments.of("thin space and textmu", "1,000\\,\\textmu{}s", "1,000 \u00b5s", "1000\u00b5s"),
        Arguments.of("thin space U+2009 from a PDF", "1,000\u2009\u00b5s", "1,000 \u00b5s", "1000\u00b5s"),
        Arguments.of("no-break space and Greek mu", "1,000\u00a0\u03bcs", "1,000 \u00b5s", "1000\u00b5s"),
        Arguments.of("math minus U+2212", "\u22120.12", "-0.12", "-0.12"),
        Arguments.of("line break inside a range", "0.58 to\n2.7x", "0.58 to 2.7x", "0.58to2.7x"),
        Arguments.of("ligature in a verdict", "did not hold \ufb01ne", "did not hold fine", "didnotholdfine"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("sameNumber")
  void key_typesetForms_readAsThePlainText(String name, String printed, String plainText, String key) {
    assertThat(PrintedNumber.key(printed)).isEqualTo(key).isEqualTo(PrintedNumber.key(plainText));
  }

  static Stream<Arguments> digitsCases() {
    return Stream.of(
        Arguments.of("62,264", "62264"),
        Arguments.of("62{,}264", "62264"),
        Arguments.of("2.07x", "2.07"),
        Arguments.of("0.36% to 100%", "0.36~100"),
        Arguments.of("7 to 80x", "7~80"),
        Arguments.of("\u22121 ms", "-1"),
        Arguments.of("never", ""));
  }

  @ParameterizedTest(name = "digits({0}) = {1}")
  @MethodSource("digitsCases")
  void digits_withOrWithoutSeparatorsOrUnit_isTheNumberAlone(String printed, String digits) {
    assertThat(PrintedNumber.digits(printed)).isEqualTo(digits);
  }

  @Test
  void key_differentNumbersOrUnits_differ() {
    assertThat(PrintedNumber.key("68,916")).isNotEqualTo(PrintedNumber.key("68,917"));
    assertThat(PrintedNumber.key("2.07x")).isNotEqualTo(PrintedNumber.key("2.07%"));
    assertThat(PrintedNumber.plain("a\n\n b\u2009c")).isEqualTo("a b c");
  }
}
