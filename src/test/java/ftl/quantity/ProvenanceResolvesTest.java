package ftl.quantity;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.data.DataSet;
import ftl.data.io.DataException;
import ftl.quantity.core.Format;
import ftl.quantity.core.Quantity.Scope;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Provenance that resolves: the function every quantity prints ({@link Quantity#function()}, the column
 * "function" of the provenance listing (supplement/provenance.pdf) and of {@code ftl check} / {@code ftl list --json})
 * must name code that exists. A printed function is one or more {@code pkg.Class#method} separated by
 * {@code " / "}; a nested class is written with dots ({@code ftl.stats.SmoothLimit.Sum#retention}). Each
 * part must name a class on the class path that declares a method of that name (public or not, a record's
 * accessor counts); a bare class name without {@code #method} is refused too, since it sends a reader to a
 * whole file.
 *
 * <p>The registries checked are every registry the archive can build: the fixed entries
 * ({@link Registry#standard()}), the registry of the archive's own {@code data/} (what {@code ./ftl list}
 * and {@code ./ftl reproduce} print) and those of every synthetic data root of the registry's fixtures (so an
 * entry that only a data shape absent from {@code data/} creates is checked as well).
 */
public class ProvenanceResolvesTest {

  /** {@code pkg.sub.Class[.Nested]#method}: lower-case package parts, then upper-case class names. */
  private static final Pattern NAME =
      Pattern.compile(
      "((?:[a-z][a-z0-9]*\\.)+)([A-Z][A-Za-z0-9]*(?:\\.[A-Z][A-Za-z0-9]*)*)(?:#([A-Za-z_$][A-Za-z0-9_$]*))?");

  /** Why {@code function} does not resolve, one line per part that does not; empty when every part resolves. */
  public static List<String> problems(String function) {
    List<String> out = new ArrayList<>();
    for (String part : function.split(" / ", -1)) {
      Matcher m = NAME.matcher(part);
      if (!m.matches()) {
        out.add("'" + part + "' is not of the form pkg.Class#method");
        continue;
      }
      String binary = m.group(1) + m.group(2).replace('.', '$');
      Class<?> c;
      try {
        c = Class.forName(binary, false, ProvenanceResolvesTest.class.getClassLoader());
      } catch (ClassNotFoundException e) {
        out.add("'" + part + "': no class " + m.group(1) + m.group(2));
        continue;
      }
      String method = m.group(3);
      if (method == null) {
        out.add("'" + part + "' names a class but no method (write " + part + "#method)");
      } else if (Arrays.stream(c.getDeclaredMethods()).map(Method::getName).noneMatch(method::equals)) {
        out.add("'" + part + "': class " + c.getName() + " declares no method " + method);
      }
    }
    return out;
  }

  /** Every registry the archive builds, by a label saying where it comes from. */
  static Map<String, List<Quantity>> registries() throws IOException {
    Map<String, List<Quantity>> out = new LinkedHashMap<>();
    out.put("standard", Registry.standard().all());
    out.put("data/", Registry.forData(DataSet.scan(Path.of("data").toAbsolutePath(), "data")).all());
    List<Path> roots = new ArrayList<>();
    try (Stream<Path> s = Files.list(RegistryFixtureTest.ROOTS)) {
      s.filter(Files::isDirectory).sorted().forEach(roots::add);
    }
    roots.add(Path.of("src/test/resources/ftl/quantity/omb/full"));
    for (Path root : roots) {
      try {
        out.put(root.toString(), Registry.forData(DataSet.scan(root, root.getFileName().toString())).all());
      } catch (DataException e) {
        // The roots made to collide (clashkey, clashmacro) build no registry at all: RegistryFixtureTest checks that.
        assertThat(e.getMessage()).as(root.toString()).contains("collides");
      }
    }
    return out;
  }

  @TestFactory
  Stream<DynamicTest> everyQuantityOfEveryRegistry_functionNamesAnExistingMethod() throws IOException {
    // One test per distinct printed function, labelled with a key that prints it and where it was built.
    Map<String, String> firstUse = new LinkedHashMap<>();
    registries().forEach((where, quantities) -> {
      for (Quantity q : quantities) {
        firstUse.putIfAbsent(q.function(), q.key() + " (" + where + ")");
      }
    });
    assertThat(firstUse).as("registries were built").hasSizeGreaterThan(50);
    return firstUse.entrySet().stream().map(e -> DynamicTest.dynamicTest(e.getKey() + " <- " + e.getValue(),
        () -> assertThat(problems(e.getKey())).as("provenance of %s", e.getValue()).isEmpty()));
  }

  static Stream<Arguments> wrongNames() {
    return Stream.of(
        Arguments.of("a method the class lacks", "ftl.quantity.section.LedgerQuantities#eventsPerRunTypo",
        "declares no method eventsPerRunTypo"),
        Arguments.of("a class that does not exist", "ftl.quantity.NoSuchQuantities#forData",
        "no class ftl.quantity.NoSuchQuantities"),
        Arguments.of("a class without a method", "ftl.stats.SignCheck", "names a class but no method"),
        Arguments.of("a good part beside a wrong one", "ftl.stats.SignCheck#accept / ftl.stats.Quantiles#mode",
        "declares no method mode"),
        Arguments.of("a lambda's synthetic name", "ftl.quantity.Registry$$Lambda$14", "not of the form"),
        Arguments.of("free text", "computed by hand", "not of the form"),
        Arguments.of("an empty name", "", "not of the form"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("wrongNames")
  void problems_wrongName_isReported(String label, String function, String expected) {
    Quantity broken = Quantity.key("broken.quantity").macro("BrokenQuantity")
        .definition("a quantity whose provenance is wrong")
        .unit(Unit.COUNT).format(Format.GROUPED_INTEGER).scope(Scope.LEDGERS).function(function)
        .computes(a -> new Value.Count(0));
    assertThat(problems(broken.function())).singleElement().asString().contains(expected);
  }

  static Stream<Arguments> rightNames() {
    return Stream.of(
        Arguments.of("a public static method", "ftl.stats.Quantiles#median"),
        Arguments.of("a private method", "ftl.quantity.Registry#notOkRuns"),
        Arguments.of("a record accessor", "ftl.stats.SignCheckResult#rejected"),
        Arguments.of("a nested class's method", "ftl.stats.SmoothLimit.Sum#retention"),
        Arguments.of("two parts", "ftl.stats.SignCheck#accept / ftl.stats.GuardAccounting#acceptSample"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rightNames")
  void problems_existingMethod_isNone(String label, String function) {
    assertThat(problems(function)).isEmpty();
  }

  @Test
  void everyQuantityOfEveryRegistry_withOneNameBroken_fails() throws IOException {
    // The factory above would turn red: a registry with one entry renamed to a method that does not exist.
    List<Quantity> all = new ArrayList<>(registries().get("data/"));
    Quantity q = all.get(0);
    all.set(0, Quantity.key(q.key()).macro(q.macro()).definition(q.definition()).unit(q.unit()).format(q.format())
        .scope(q.scope())
        .function(q.function() + "Gone").computes(q.computation()));
    assertThat(all.stream().map(Quantity::function).distinct().flatMap(f -> problems(f).stream()).toList())
        .singleElement().asString().contains("Gone");
  }
}
