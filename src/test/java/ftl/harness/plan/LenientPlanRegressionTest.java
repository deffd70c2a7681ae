package ftl.harness.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import ftl.data.io.DataException;
import ftl.data.registration.PlanReader;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Defect (issue 26, class 1): plans were read leniently, so the numbers that decide verdicts depended on the reader.
 * A repeated key let the last value win silently, a second JSON value after the plan was ignored (other JSON tools
 * read it), {@code "tolerance": "Infinity"}, {@code "NaN"} or {@code 1e400} gave the verdict "held", the string
 * {@code "0x1p-1"} was read as 0.5, and {@code phase_us: 10^30} wrapped to 5076944270305263616. Both plan readers,
 * the instrument's {@link PlanParser} and the analysis's {@link PlanReader}, now read through the one strict reading
 * ({@link ftl.data.io.StrictJson}, {@link ftl.data.io.JsonValue}) and refuse each with the file and line.
 * (The corpus cases {@code plans/*} and {@code roots/payload-*}, {@code roots/replay-*} check the same through the
 * CLI.)
 */
class LenientPlanRegressionTest {

  private static final String VALID = "{\n\"campaign\": \"x\",\n\"conditions\": [{\"name\": \"a\"}]\n}\n";

  static Stream<Arguments> hostilePlans() {
    return Stream.of(
        Arguments.of("a repeated key",
        "{\n\"campaign\": \"x\",\n\"campaign\": \"y\",\n\"conditions\": [{\"name\": \"a\"}]\n}", 3,
            "Duplicate field 'campaign'"),
        Arguments.of("a repeated key in a condition",
        "{\"campaign\": \"x\",\n\"conditions\": [{\"name\": \"a\",\n \"events\": 10,"
            + "\n \"events\": 20000}]}", 4, "Duplicate field 'events'"),
        Arguments.of("a second plan after the first", VALID + "{\"campaign\": \"y\"}\n", 5,
        "content after the first JSON value"),
        Arguments.of("a number a double cannot hold", "{\"campaign\": \"x\",\n\"predictions\": {\"t\":\n 1e400}}", 3,
            "predictions.t: the number 1e400 is out of the range of a double"),
        Arguments.of("an integer of 31 digits as a string",
        "{\"campaign\": \"x\",\n\"conditions\": [{\"name\": \"a\",\n"
            + " \"start_phase_us\": \"1" + "0".repeat(30) + "\"}]}", 3,
            "conditions[0].start_phase_us: must be an integer"),
        Arguments.of("an integer of 31 digits", "{\"campaign\": \"x\",\n\"conditions\": [{\"name\": \"a\",\n"
            + " \"events\": 1" + "0".repeat(30) + "}]}", 3, "conditions[0].events: must be an integer"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("hostilePlans")
  void parse_hostilePlan_refusedByBothReadersWithLine(String label, String json, long line, String message) {
    byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
    DataException instrument = catchThrowableOfType(() -> PlanParser.parse("plan.json", bytes), DataException.class);
    assertThat(instrument).as(label).isNotNull();
    assertThat(instrument.getMessage()).startsWith("plan.json:" + line + ": ").contains(message);
    if (message.contains("Duplicate") || message.contains("content after") || message.contains("1e400")) {
      DataException analysis = catchThrowableOfType(() -> PlanReader.parse(bytes, "plan.json"), DataException.class);
      assertThat(analysis).as(label).isNotNull();
      assertThat(analysis.getMessage()).isEqualTo(instrument.getMessage());
    }
  }
}
