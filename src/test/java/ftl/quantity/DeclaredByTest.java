package ftl.quantity;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.quantity.core.Format;
import ftl.quantity.core.Manipulations;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.Quantity.Scope;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;
import java.io.IOException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Tracing a number to the code that declares it (issue #57, item 6): every entry names the method that declares it and
 * builds its key ({@link Quantity#declaredBy()}, printed by {@code ftl check} and {@code ftl list --json}). The name is
 * read off the stack as the entry is built, so it cannot drift from the code; this test checks that every entry of
 * every registry names a method that exists, in a section, verdict or the registry itself (never the shared core, never
 * a builder of one entry), and pins the rule on entries built here.
 */
class DeclaredByTest {

  @TestFactory
  Stream<DynamicTest> everyQuantityOfEveryRegistry_declaredByNamesADeclaringMethod() throws IOException {
    Map<String, String> firstUse = new LinkedHashMap<>();
    ProvenanceResolvesTest.registries().forEach((where, quantities) -> {
      for (Quantity q : quantities) {
        firstUse.putIfAbsent(q.declaredBy(), q.key() + " (" + where + ")");
      }
    });
    assertThat(firstUse).as("declaring methods").hasSizeGreaterThan(20);
    return firstUse.entrySet().stream().map(e -> DynamicTest.dynamicTest(e.getKey() + " <- " + e.getValue(), () -> {
      assertThat(ProvenanceResolvesTest.problems(e.getKey())).as("declaring method of %s", e.getValue()).isEmpty();
      assertThat(e.getKey()).doesNotStartWith("ftl.quantity.core.");
      assertThat(buildsOne(e.getKey())).as("%s returns one Quantity", e.getKey()).isFalse();
    }));
  }

  /** Whether every method of that name in the named class returns one {@code Quantity}. */
  static boolean buildsOne(String declaredBy) throws ClassNotFoundException {
    String[] parts = declaredBy.split("#");
    Class<?> c = Class.forName(parts[0], false, DeclaredByTest.class.getClassLoader());
    List<Method> named = Arrays.stream(c.getDeclaredMethods()).filter(m -> m.getName().equals(parts[1])).toList();
    return named.stream().allMatch(m -> m.getReturnType() == Quantity.class);
  }

  @Test
  void declaredBy_theMinimumKeys_nameTheRegistrysFixedEntries() {
    Map<String, Quantity> byKey = new LinkedHashMap<>();
    Registry.standard().all().forEach(q -> byKey.put(q.key(), q));
    // built through the private runCount(...) helper, which returns one Quantity: the helper is skipped
    assertThat(byKey.get("events.ackNegative").declaredBy()).isEqualTo("ftl.quantity.Registry#fixed");
    assertThat(byKey.get("runs.notOk").declaredBy()).isEqualTo("ftl.quantity.Registry#fixed");
  }

  private static Quantity one(String key) {
    return Quantity.key(key).macro("Declared").definition("an entry built by a helper returning one Quantity")
        .unit(Unit.COUNT).format(Format.GROUPED_INTEGER).scope(Scope.LEDGERS).function(DeclaredByTest.class, "one")
        .computes(a -> new Value.Count(0));
  }

  @Test
  void declaredBy_aHelperBuildingOne_namesItsCaller() {
    assertThat(one("a.helper").declaredBy()).isEqualTo(
        "ftl.quantity.DeclaredByTest#declaredBy_aHelperBuildingOne_namesItsCaller");
  }

  @Test
  void declaredBy_insideALambda_namesTheEnclosingMethod() {
    Supplier<Quantity> inLambda = () -> Quantity.key("a.lambda").macro("Declared").definition("built in a lambda")
        .unit(Unit.COUNT).format(Format.GROUPED_INTEGER).scope(Scope.LEDGERS).function(DeclaredByTest.class, "one")
        .computes(a -> new Value.Count(0));
    assertThat(inLambda.get().declaredBy()).isEqualTo(
        "ftl.quantity.DeclaredByTest#declaredBy_insideALambda_namesTheEnclosingMethod");
  }

  @Test
  void declaredBy_aSharedCoreHelper_namesTheSectionThatCallsIt() {
    List<Quantity> q = new ArrayList<>();
    Manipulations.addRatio(q, "a.ratio", "DeclaredRatio", "a ratio built by the shared helper", r -> true, r -> true);
    assertThat(q).isNotEmpty().allSatisfy(x -> assertThat(x.declaredBy())
        .isEqualTo("ftl.quantity.DeclaredByTest#declaredBy_aSharedCoreHelper_namesTheSectionThatCallsIt"));
  }

  @Test
  void declaredBy_builtInTheTestAndWithComputation_readOrKeepTheCaller() {
    Quantity q = Quantity.key("a.direct").macro("Declared").definition("built here, by name").unit(Unit.COUNT)
        .format(Format.GROUPED_INTEGER).scope(Scope.LEDGERS).function(DeclaredByTest.class, "one")
        .computes(a -> new Value.Count(0));
    assertThat(q.declaredBy())
        .isEqualTo("ftl.quantity.DeclaredByTest#declaredBy_builtInTheTestAndWithComputation_readOrKeepTheCaller");
    assertThat(q.withComputation(a -> new Value.Count(1)).declaredBy()).isEqualTo(q.declaredBy());
  }
}
