package ftl.harness.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue #43: numbers given as strings were accepted ({@code "blocks": "2"} ran two blocks). A plan's integers are JSON
 * numbers; a quoted one is refused, naming the field and echoing what was written.
 */
class StringNumbersRegressionTest {
  static Stream<Arguments> quoted() {
    return Stream.of(
        Arguments.of("blocks", "{\"campaign\": \"k\", \"blocks\": \"2\", " + BlockedPlanTest.THREE + "}", "blocks"),
        Arguments.of("seed", "{\"campaign\": \"k\", \"seed\": \"7\", " + BlockedPlanTest.THREE + "}", "seed"),
        Arguments.of("repeats", "{\"campaign\": \"k\", \"repeats\": \"3\", " + BlockedPlanTest.THREE + "}", "repeats"),
        Arguments.of("a condition's events",
        "{\"campaign\": \"k\", \"conditions\": [{\"name\": \"a\", \"events\": \"600\"}]}",
            "conditions[0].events"),
        Arguments.of("a default",
        "{\"campaign\": \"k\", \"defaults\": {\"load_pct\": \"50\"}, \"conditions\": [{\"name\": \"a\"}]}",
            "conditions[0].load_pct"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("quoted")
  void parse_integerAsString_isRefusedByName(String label, String plan, String field) {
    Throwable e = catchThrowable(() -> BlockedPlanTest.parse(plan));
    assertThat(e).isNotNull();
    assertThat(e.getMessage()).contains(field + ": must be an integer written as a JSON number, not a string (was \"");
  }
}
