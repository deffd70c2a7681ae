package ftl.verify;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.quantity.RealDataTest;
import ftl.quantity.Registry;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.Computed;
import ftl.quantity.core.Quantity;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue #45, "matched by value": the census accepted a typed literal when it equalled the printed text of any of the
 * registry's thousands of quantities, so almost any small number was "traced". The original study's "7 to 80" was
 * traced to {@code gridlaw.a.modeB.s700us} and {@code campaign.runs.payload}, and "a 5 ms hold" (a condition of the
 * confirmatory plan) to a clock-offset grid numerator. Equality of value binds nothing: each of these must be
 * untraced unless a macro, an original-study macro, a checked {@code \ftlQuantity{key}{text}} or an allow-list entry
 * binds it.
 */
class MatchedByValueRegressionTest {

  private static List<Computed> real;

  @BeforeAll
  static void computeTheArchivesQuantities() {
    Analysis a = RealDataTest.ANALYSIS;
    real = new ArrayList<>();
    for (Quantity q : Registry.forData(a.data()).all()) {
      real.add(Computed.of(q, a));
    }
  }

  /**
   * The reviewer's examples, as they stood in the texts, with a quantity of the archive that prints the same number.
   */
  static Stream<Arguments> reviewersExamples() {
    return Stream.of(
        Arguments.of("paper/abstract.txt", "where the original reported 7 to 80 times; every other test",
        List.of("7", "80")),
        Arguments.of("paper/paper.tex", "\\ConfirmCollapseJvmUpper{}), where the original reported 7 to 80 times;",
            List.of("7", "80")),
        Arguments.of("paper/paper.tex",
        "or the whole JVM, geometry, load, a 5\\,ms delivery hold, three send intervals",
            List.of("5")));
  }

  @ParameterizedTest(name = "{0}: {1}")
  @MethodSource("reviewersExamples")
  void take_literalEqualToSomeQuantity_isUntraced(String file, String line, List<String> numbers, @TempDir Path tmp)
      throws IOException {
    // the coincidence the reviewer found is real: some quantity of the archive prints each of these numbers
    for (String n : numbers) {
      assertThat(real).as("a quantity printing " + n).anyMatch(c -> c.available() && c.text().equals(n));
    }
    TempArchive a = TempArchive.create(tmp).write(file, line + "\n");
    List<Census.Entry> census = Census.take(TextSources.read(a.root), real, List.of(), List.of());
    assertThat(census.stream().filter(e -> e.kind() == Census.Kind.UNTRACED).map(Census.Entry::number))
        .containsExactlyElementsOf(numbers);
    assertThat(census).allMatch(e -> e.kind() != Census.Kind.NAMED);
  }

  /** A typed number binds to a quantity only by naming it, and the census checks that the name prints that number. */
  @Test
  void take_typedNumberNamingItsKey_isBoundOnlyWhenTheKeyPrintsIt(@TempDir Path tmp) throws IOException {
    Computed seven = real.stream().filter(c -> c.available() && c.text().equals("7")).findFirst().orElseThrow();
    Computed other = real.stream().filter(c -> c.available() && c.text().equals("80")).findFirst().orElseThrow();
    String key = seven.quantity().key().replace("_", "\\_");
    TempArchive a = TempArchive.create(tmp).write("paper/paper.tex",
        "named \\ftlQuantity{" + key + "}{7} here\n"
            + "misnamed \\ftlQuantity{" + other.quantity().key().replace("_", "\\_") + "}{7} here\n"
            + "unknown \\ftlQuantity{no.such.key}{7} here\n");
    List<Census.Entry> census = Census.take(TextSources.read(a.root), real, List.of(), List.of());
    assertThat(census).extracting(Census.Entry::line, Census.Entry::kind).containsExactly(
        Tuple.tuple(1, Census.Kind.NAMED),
        Tuple.tuple(2, Census.Kind.UNTRACED),
        Tuple.tuple(3, Census.Kind.UNTRACED));
    assertThat(census.get(0).why()).isEqualTo(seven.quantity().key());
    assertThat(census.get(1).why()).contains(other.quantity().key()).contains("80");
  }
}
