package ftl.harness.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import ftl.data.ledger.LedgerSchema;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A condition field declared whole: the plan parser reads it by its column's type (a boolean among them), a
 * condition holds it with its default, its range names the field, and its ledger cell is its value's text.
 */
class ConditionFieldTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** A boolean column of the test's own, as a new condition field would declare one. */
  private static final LedgerSchema.Column FLAG_COLUMN = new LedgerSchema.Column("test_flag", LedgerSchema.Type.BOOLEAN,
      "", List.of(), false, false, "", true, "A test's flag.", 1, Set.of(), Map.of());
  private static final ConditionField<Boolean> FLAG = ConditionField.flag(FLAG_COLUMN, false, "tf", Set.of("kafka"));

  private static JsonNode json(String text) throws Exception {
    return JSON.readTree(text);
  }

  static Stream<Arguments> reads() {
    return Stream.of(
        Arguments.of("boolean true", FLAG, "true", true),
        Arguments.of("boolean false", FLAG, "false", false),
        Arguments.of("integer", ConditionDefaults.FETCH_MIN_BYTES, "1000", 1000L));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("reads")
  void read_valueOfTheDeclaredType_isThatValue(String label, ConditionField<?> field, String json, Object expected)
      throws Exception {
    assertThat(PlanParser.read(field, json(json))).isEqualTo(expected);
  }

  static Stream<Arguments> refusals() {
    return Stream.of(
        Arguments.of("boolean as a string", FLAG, "\"true\"", "test_flag: must be true or false (was \"true\")"),
        Arguments.of("boolean as a number", FLAG, "1", "test_flag: must be true or false (was 1)"),
        Arguments.of("integer as a string", ConditionDefaults.FETCH_MIN_BYTES, "\"5\"",
            "fetch_min_bytes: must be an integer written as a JSON number, not a string (was \"5\")"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refusals")
  void read_valueOfAnotherType_refusedNamingTheField(String label, ConditionField<?> field, String json,
      String message) {
    assertThatThrownBy(() -> PlanParser.read(field, json(json))).isInstanceOf(Condition.InvalidField.class)
        .hasMessage(message);
  }

  @Test
  void build_declaredFieldOutOfRange_namesTheFieldAndItsRange() {
    assertThatThrownBy(() -> Condition.named("c").fetchMaxWaitMillis(10_001).build())
        .isInstanceOf(Condition.InvalidField.class).hasMessage("fetch_max_wait_ms: must be 0..10000 (was 10001)");
  }

  @Test
  void get_fieldNotSet_isItsDefault() {
    Condition c = Condition.named("c").build();
    for (ConditionField<?> f : ConditionDefaults.declared()) {
      assertThat(c.get(f)).as(f.name()).isEqualTo(f.defaultValue());
    }
  }

  @Test
  void cell_booleanAndInteger_areTheirLedgerText() {
    assertThat(FLAG.cell(true)).isEqualTo("true");
    assertThat(ConditionDefaults.FETCH_MIN_BYTES.cell(1L)).isEqualTo("1");
  }

  @Test
  void flag_onAnIntegerColumn_refused() {
    assertThatThrownBy(() -> ConditionField.flag(LedgerSchema.FETCH_MIN_BYTES, false, "", Set.of("kafka")))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("fetch_min_bytes is of type integer, not boolean");
  }
}
