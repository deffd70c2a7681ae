package ftl.report.format;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Issue #54, a new user's friction: the report wrapped "(274 of 2,000 complete events, 13.7" and put "%):" at the
 * start of the next line, a number parted from its unit. {@link ReportText#wrap} keeps a unit with its number, and
 * wraps every other word as before.
 */
class ReportTextWrapTest {
  @Test
  void wrap_keepsAUnitOnItsNumbersLine() {
    String text = "was negative in 2 of 2 runs (274 of 2,000 complete events, 13.7 %): the acknowledgment";
    int width = "  was negative in 2 of 2 runs (274 of 2,000 complete events, 13.7".length();
    assertThat(ReportText.wrap(text, "  ", "    ", width)).isEqualTo(
        "  was negative in 2 of 2 runs (274 of 2,000 complete events,\n    13.7 %): the acknowledgment\n");
    assertThat(ReportText.wrap("median 0.47 ms, then 12 us; and 5 s.", "", "", 11))
        .isEqualTo("median\n0.47 ms,\nthen 12 us;\nand 5 s.\n");
  }

  @Test
  void wrap_aUnitWordWithoutANumber_wrapsAsAnyWord() {
    assertThat(ReportText.wrap("in ms or %", "", "", 5)).isEqualTo("in ms\nor %\n");
    assertThat(ReportText.wrap("% first", "", "", 3)).isEqualTo("%\nfirst\n");
  }

  @Test
  void wrap_lineThatFits_isOneLine() {
    assertThat(ReportText.wrap("a b c", "> ", "  ", 80)).isEqualTo("> a b c\n");
  }
}
