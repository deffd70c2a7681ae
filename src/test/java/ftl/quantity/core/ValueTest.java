package ftl.quantity.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.quantity.core.Quantity.Scope;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** {@link Value} and {@link Quantity}: what their constructors reject, and the JSON form of each value. */
class ValueTest {

  static Quantity quantity(String key, String macro, String definition) {
    return Quantity.key(key).macro(macro).definition(definition).unit(Unit.COUNT).format(Format.GROUPED_INTEGER)
        .scope(Scope.LEDGERS).function("f").computes(a -> new Value.Count(0));
  }

  static Stream<Arguments> rejections() {
    return Stream.of(
        Arguments.of("negative count", (Supplier<Object>) () -> new Value.Count(-1), "a count cannot be negative"),
        Arguments.of("NaN real", (Supplier<Object>) () -> new Value.Real(Double.NaN), "must be finite"),
        Arguments.of("infinite real", (Supplier<Object>) () -> new Value.Real(Double.POSITIVE_INFINITY),
        "must be finite"),
        Arguments.of("NaN low", (Supplier<Object>) () -> new Value.Range(Double.NaN, 1), "not a range"),
        Arguments.of("infinite high", (Supplier<Object>) () -> new Value.Range(0, Double.POSITIVE_INFINITY),
        "not a range"),
        Arguments.of("low above high", (Supplier<Object>) () -> new Value.Range(2, 1), "not a range"),
        Arguments.of("blank text", (Supplier<Object>) () -> new Value.Text(" "), "cannot be blank"),
        Arguments.of("key not camelCase", (Supplier<Object>) () -> quantity("Runs.total", "RunsTotal", "d"),
        "dotted camelCase"),
        Arguments.of("macro with digit", (Supplier<Object>) () -> quantity("runs.total", "Runs1", "d"), "letters only"),
        Arguments.of("blank definition", (Supplier<Object>) () -> quantity("runs.total", "RunsTotal", "  "),
        "needs a definition"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rejections")
  void constructor_invalidInput_isRejected(String label, Supplier<Object> make, String message) {
    assertThatThrownBy(make::get).isInstanceOf(IllegalArgumentException.class).hasMessageContaining(message);
  }

  static Stream<Arguments> json() {
    return Stream.of(
        Arguments.of("count", new Value.Count(3), 3L, true),
        Arguments.of("real", new Value.Real(0.5), 0.5, true),
        Arguments.of("range", new Value.Range(1, 2), new double[] {1, 2}, true),
        Arguments.of("verdict", new Value.Verdict(false, "basis"), false, true),
        Arguments.of("recorded text", new Value.Text("3.10.8"), "3.10.8", true),
        Arguments.of("unavailable", new Value.Unavailable("why"), null, false));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("json")
  void json_eachKind_isPlainJsonValue(String label, Value v, Object expected, boolean available) {
    assertThat(v.json()).isEqualTo(expected);
    assertThat(v.available()).isEqualTo(available);
  }
}
