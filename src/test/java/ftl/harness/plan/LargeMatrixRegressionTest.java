package ftl.harness.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import ftl.data.io.DataException;
import java.time.Duration;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 43, item 5: a matrix whose expansion is huge was not refused before work started; the process was killed after
 * 61 s, still expanding. The size of the expanded matrix, and the runs a plan schedules (conditions, repeats, blocks),
 * are now refused before any condition is built when they exceed what a campaign's ledger may hold
 * ({@link Plan#MAX_RUNS}), with the plan's file and line (exit 3), in well under a second.
 */
class LargeMatrixRegressionTest {

  /** An axis of {@code n} distinct values of {@code field}, from {@code from} up. */
  private static String axis(String field, int n, int from) {
    return "\"" + field + "\": [" + String.join(", ",
        IntStream.range(from, from + n).mapToObj(String::valueOf).toList()) + "]";
  }

  static Stream<Arguments> tooLarge() {
    return Stream.of(
        Arguments.of("a matrix of 10^6 conditions", "{\"campaign\": \"k\",\n \"matrix\": {" + axis("events", 100, 600)
        + ", "
            + axis("load_pct", 100, 0) + ", " + axis("payload_bytes", 100, 10) + "}}", 2,
            "matrix: expands to 1000000 conditions (100 events x 100 load_pct x 100 payload_bytes)"),
        Arguments.of("a matrix whose size overflows a long", "{\"campaign\": \"k\",\n \"matrix\": {"
        + axis("events", 1000, 600)
            + ", " + axis("load_pct", 101, 0) + ", " + axis("payload_bytes", 1000, 10) + ", "
            + axis("repeats", 1000, 1) + ", "
            + axis("start_phase_us", 1000, 0) + ", " + axis("linger_ms", 1000, 0) + ", " + axis("partitions", 1000, 1)
            + "}}", 2,
            "matrix: expands to more than"),
        Arguments.of("explicit conditions and a matrix beyond the cap together",
        "{\"campaign\": \"k\",\n \"conditions\": "
            + "[{\"name\": \"x\"}],\n \"matrix\": {" + axis("events", 1000, 600) + ", " + axis("load_pct", 100, 0)
            + "}}", 3,
            "expands to 100000 conditions"),
        Arguments.of("repeats beyond the cap",
        "{\"campaign\": \"k\",\n \"conditions\": [{\"name\": \"a\", \"repeats\": 60000}, "
            + "{\"name\": \"b\", \"repeats\": 60000}]}", 2, "the plan schedules 120000 runs (2 conditions"),
        Arguments.of("blocks beyond the cap",
        "{\"campaign\": \"k\", \"blocks\": 1000,\n \"conditions\": [{\"name\": \"a\", "
            + "\"repeats\": 101}]}", 2, "the plan schedules 101000 runs (1 conditions, their repeats, 1000 blocks)"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("tooLarge")
  void parse_tooManyRuns_refusedBeforeAnyWork(String label, String plan, long line, String message) {
    Throwable e = Assertions.assertTimeoutPreemptively(Duration.ofSeconds(5),
        () -> catchThrowable(() -> BlockedPlanTest.parse(plan)));
    assertThat(e).isInstanceOf(DataException.class);
    assertThat(e.getMessage()).contains(message).contains("refused before any work");
    assertThat(((DataException) e).line()).isEqualTo(line);
  }

  @Test
  void parse_matrixAtTheCap_isAccepted() {
    Plan p = BlockedPlanTest.parse("{\"campaign\": \"k\", \"matrix\": {" + axis("events", 10, 600) + ", "
        + axis("load_pct", 10, 0) + "}}");
    assertThat(p.conditions()).hasSize(100);
  }
}
