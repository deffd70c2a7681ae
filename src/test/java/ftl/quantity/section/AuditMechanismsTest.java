package ftl.quantity.section;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.io.DataException;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue #47: the audit counted "6 of 18 latencies drop samples", one guard of OpenMessaging Benchmark four times and
 * PerfTest's twice. Mechanisms (code paths) and tools are counted once each, from the table's own columns.
 */
class AuditMechanismsTest {

  static Map<String, String> row(String tool, String zero, String negative, String counted, String mechanism) {
    return Map.of("tool", tool, "zero_difference", zero, "negative_difference", negative, "drops_counted", counted,
        "drop_mechanism", mechanism);
  }

  /** Four latencies through one guard of one tool, two through another's, one that keeps, one that counts its drops. */
  static final List<Map<String, String>> ROWS = List.of(
      row("omb", "dropped", "dropped", "no", "omb guard"),
      row("omb", "dropped", "dropped", "no", "omb guard"),
      row("omb fork", "dropped", "dropped", "no", "omb guard"),
      row("omb", "kept", "not_applicable", "not_applicable", ""),
      row("perftest", "dropped", "abs", "no", "perftest guard"),
      row("perftest", "dropped", "abs", "no", "perftest guard"),
      row("counter", "dropped", "dropped", "yes", ""));

  @Test
  void distinct_mechanismsAndTools_eachCountedOnce() {
    assertThat(ROWS.stream().filter(AuditQuantities::silentDrop).count()).as("latencies").isEqualTo(5);
    assertThat(AuditQuantities.distinct(ROWS, AuditQuantities.MECHANISM, true)).as("mechanisms").isEqualTo(2);
    assertThat(AuditQuantities.distinct(ROWS, AuditQuantities.TOOL, true)).as("tools that drop").isEqualTo(3);
    assertThat(AuditQuantities.distinct(ROWS, AuditQuantities.TOOL, false)).as("tools").isEqualTo(4);
    AuditQuantities.checkMechanisms("harnesses.csv", ROWS);
  }

  static Stream<Arguments> inconsistent() {
    return Stream.of(
        Arguments.of("silent drop without its mechanism", row("omb", "dropped", "dropped", "no", "")),
        Arguments.of("mechanism on a row that keeps", row("omb", "kept", "kept", "not_applicable", "omb guard")),
        Arguments.of("row without its tool", row(" ", "kept", "kept", "not_applicable", "")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("inconsistent")
  void checkMechanisms_inconsistentRow_isBadDataNamingItsLine(String label, Map<String, String> bad) {
    assertThatThrownBy(() -> AuditQuantities.checkMechanisms("harnesses.csv", List.of(ROWS.get(0), bad)))
        .isInstanceOf(DataException.class).hasMessageContaining("harnesses.csv:3");
  }
}
