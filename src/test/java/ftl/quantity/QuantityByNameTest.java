package ftl.quantity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.quantity.core.Format;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.Quantity.Scope;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A registry entry is built by name ({@link Quantity#key}, then macro, definition, unit, format, scope, function,
 * computation), never by the positional constructor, where two strings or two enums can change places
 * unseen (issue #42, item 4; docs/architecture.md#conventions, item 16). The main sources are read with comments and
 * strings removed.
 */
class QuantityByNameTest {
  private static final Pattern POSITIONAL = Pattern.compile("new\\s+Quantity\\s*\\(");
  private static final Function<ftl.quantity.core.Analysis, Value> ONE = a -> new Value.Count(1);

  @Test
  void key_everyPartByName_isTheEntryTheConstructorBuilds() {
    Quantity named = Quantity.key("runs.total").macro("RunsTotal").definition("ok runs").unit(Unit.COUNT)
        .format(Format.GROUPED_INTEGER).scope(Scope.LEDGERS).function("ftl.quantity.Registry#ledgerCount")
        .computes(ONE);
    assertThat(named).isEqualTo(new Quantity("runs.total", "RunsTotal", "ok runs", Unit.COUNT, Format.GROUPED_INTEGER,
        Scope.LEDGERS, "ftl.quantity.Registry#ledgerCount", ONE,
        "ftl.quantity.QuantityByNameTest#key_everyPartByName_isTheEntryTheConstructorBuilds"));
  }

  @Test
  void key_aNullPart_isRefusedNamingIt() {
    assertThatThrownBy(() -> Quantity.key("runs.total").macro("RunsTotal").definition("ok runs").unit(null))
        .isInstanceOf(NullPointerException.class).hasMessage("unit");
    assertThatThrownBy(() -> Quantity.key(null)).isInstanceOf(NullPointerException.class).hasMessage("key");
  }

  @Test
  void key_aBadKey_isRefusedAsTheConstructorRefusesIt() {
    assertThatThrownBy(() -> Quantity.key("Runs total").macro("RunsTotal").definition("ok runs").unit(Unit.COUNT)
        .format(Format.GROUPED_INTEGER).scope(Scope.LEDGERS).function("f#g").computes(ONE))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("dotted camelCase");
  }

  @Test
  void withComputation_otherComputation_keepsEveryOtherPart() {
    Quantity q = Quantity.key("runs.total").macro("RunsTotal").definition("ok runs").unit(Unit.COUNT)
        .format(Format.GROUPED_INTEGER).scope(Scope.LEDGERS).function("f#g").computes(ONE);
    Function<ftl.quantity.core.Analysis, Value> two = a -> new Value.Count(2);
    assertThat(q.withComputation(two)).isEqualTo(new Quantity("runs.total", "RunsTotal", "ok runs", Unit.COUNT,
        Format.GROUPED_INTEGER, Scope.LEDGERS, "f#g", two,
        "ftl.quantity.QuantityByNameTest#withComputation_otherComputation_keepsEveryOtherPart"));
  }

  /** Places in {@code code} (comments and strings removed) that call the positional constructor. */
  static List<Integer> positionalAt(String code) {
    List<Integer> out = new ArrayList<>();
    Matcher m = POSITIONAL.matcher(QuantityLayersTest.code(code));
    while (m.find()) {
      out.add(m.start());
    }
    return out;
  }

  @Test
  void mainSources_buildEveryEntryByName() throws IOException {
    List<String> positional = new ArrayList<>();
    try (Stream<Path> s = Files.walk(Path.of("src/main/java"))) {
      for (Path p : s.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
        if (p.endsWith(Path.of("ftl/quantity/core/Quantity.java"))) {
          continue; // the builder's last part calls it, once
        }
        if (!positionalAt(Files.readString(p)).isEmpty()) {
          positional.add(p.toString());
        }
      }
    }
    assertThat(positional).isEmpty();
  }

  @Test
  void mainSources_theCheck_seesAPositionalCall() {
    assertThat(positionalAt("class X { Object q = new Quantity(\"k\", \"M\", \"d\", u, f, s, \"fn\", c); }"))
        .hasSize(1);
    assertThat(positionalAt("/** new Quantity(...) */ class X { String s = \"new Quantity(\"; }")).isEmpty();
  }
}
