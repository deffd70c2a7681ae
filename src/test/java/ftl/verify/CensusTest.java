package ftl.verify;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.data.DataSet;
import ftl.emit.OriginalStudy;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The census over small texts and the synthetic fixture {@code small} (events.ackNegative = 2, omb.retention.min =
 * 40.00%).
 */
class CensusTest {

  static List<Computed> computed() {
    Analysis a = new Analysis(DataSet.scan(Path.of("src/test/resources/ftl/quantity/small"), "data"));
    List<Computed> out = new ArrayList<>();
    for (Quantity q : Registry.forData(a.data()).all()) {
      out.add(Computed.of(q, a));
    }
    return out;
  }

  /** The archive's own texts: a number typed into the prose that no quantity or exemption traces fails mvn verify. */
  @Test
  void take_theArchiveTexts_haveNoUntracedNumber() {
    Path root = Path.of("").toAbsolutePath();
    // the archive's data, read once per test JVM and shared with the other tests that only read it (issue #31)
    Analysis a = RealDataTest.ANALYSIS;
    List<Computed> computed = new ArrayList<>();
    for (Quantity q : Registry.forData(a.data()).all()) {
      computed.add(Computed.of(q, a));
    }
    List<Census.Entry> census = Census.take(TextSources.read(root), computed, OriginalStudy.read(root),
        Census.allowList(root));
    assertThat(census.stream().filter(e -> e.kind() == Census.Kind.UNTRACED).map(Census.Entry::toString))
        .as("untraced numbers in paper/, supplement/ or paper/abstract.txt").isEmpty();
    assertThat(census).isNotEmpty();
    // The original study's figures are quoted through their macros (paper/original-study.csv), never typed (issue #45).
    assertThat(census).anyMatch(e -> e.kind() == Census.Kind.ORIGINAL);
  }

  /**
   * Every figure of the original study with a digit in it has a macro, the only way the texts may quote it (issue #45).
   */
  @Test
  void originalStudy_everyFigureWithADigit_hasAMacro() {
    assertThat(OriginalStudy.read(Path.of("").toAbsolutePath()).stream()
        .filter(c -> c.original().chars().anyMatch(Character::isDigit) && c.macro().isEmpty())
        .map(OriginalStudy.Claim::claim)).as("original figures without a macro").isEmpty();
  }

  static Stream<Arguments> lines() {
    return Stream.of(
        Arguments.of("paper/paper.tex", "We saw \\NegAckSpans{} negative spans.", Census.Kind.MACRO, "\\NegAckSpans"),
        // equal to omb.retention.min's text, typed: equality of value binds nothing (issue #45)
        Arguments.of("paper/paper.tex", "The guard kept 40.00\\% of one run.", Census.Kind.UNTRACED, "40.00\\%"),
        Arguments.of("paper/abstract.txt", "The guard kept 40.00% of one run.", Census.Kind.UNTRACED, "40.00%"),
        Arguments.of("paper/paper.tex", "It kept \\ftlQuantity{omb.retention.min}{40.00\\%} of one run.",
        Census.Kind.NAMED,
            "40.00\\%"),
        Arguments.of("paper/paper.tex", "It kept \\ftlQuantity{omb.retention.min}{41.00\\%} of one run.",
        Census.Kind.UNTRACED,
            "41.00\\%"),
        Arguments.of("paper/paper.tex", "The original saw \\OriginalNegativeSpans{} of them.", Census.Kind.ORIGINAL,
            "\\OriginalNegativeSpans"),
        // a number ends before a comma that no digit follows ("ymin=0," reads 0, which an allow-list phrase can cover)
        Arguments.of("paper/paper.tex", "We ran 3, not more.", Census.Kind.UNTRACED, "3"),
        Arguments.of("paper/paper.tex", "We saw 62,264 negative spans.", Census.Kind.UNTRACED, "62,264"),
        Arguments.of("paper/paper.tex", "We saw 62{,}264 negative spans.", Census.Kind.UNTRACED, "62{,}264"),
        Arguments.of("paper/paper.tex", "The quantum is q = 1 ms here.", Census.Kind.EXEMPT, "1"),
        Arguments.of("paper/paper.tex", "See Figure~\\ref{fig:2threads} and \\cite{omb2020}.", null, null),
        Arguments.of("paper/paper.tex", "\\includegraphics[width=0.5\\textwidth]{fig3.pdf}", null, null),
        Arguments.of("paper/paper.tex", "% a comment with 12345 in it", null, null),
        Arguments.of("paper/paper.tex", "A 7.5x collapse.", Census.Kind.UNTRACED, "7.5x"),
        Arguments.of("paper/paper.tex", "kept iff $\\phi \\ge 1 - L/q$ here", Census.Kind.EXEMPT, "1"),
        Arguments.of("paper/paper.tex", "kept iff \\[ M > 0 \\] here", Census.Kind.EXEMPT, "0"),
        Arguments.of("paper/paper.tex", "$M = 40.00\\%$ is still a claim", Census.Kind.UNTRACED, "40.00\\%"),
        Arguments.of("paper/paper.tex", "$M > 97531$ is not a constant", Census.Kind.UNTRACED, "97531"));
  }

  @ParameterizedTest(name = "{1}")
  @MethodSource("lines")
  void take_oneLine_classifiesItsNumber(String file, String line, Census.Kind kind, String number, @TempDir Path tmp)
      throws IOException {
    TempArchive a = TempArchive.create(tmp).write(file, line + "\n")
        .write(Census.ALLOW_FILE,
        "file,phrase,reason\npaper/paper.tex,q = 1 ms,the quantum of create_ms: a definition\n")
        .write(OriginalStudy.FILE, "claim,original,our_key,verdict_key,note,macro\n"
            + "negative spans occur,\"62,264\",events.ackNegative,,,OriginalNegativeSpans\n");
    List<Census.Entry> census = Census.take(TextSources.read(a.root), computed(), OriginalStudy.read(a.root),
        Census.allowList(a.root));
    if (kind == null) {
      assertThat(census).isEmpty();
    } else {
      assertThat(census).extracting(Census.Entry::kind).containsExactly(kind);
      assertThat(census.get(0).number()).isEqualTo(number);
      assertThat(census.get(0).line()).isEqualTo(1);
    }
  }

  /**
   * Only 0 and 1 inside math are formula constants; the same digits in prose, after a closed formula or in plain text
   * are not.
   */
  @ParameterizedTest(name = "{0} at {1}: {2}")
  @CsvSource(delimiter = '|', value = {
      "kept iff $\\phi \\ge 1 - L/q$ here | 19 | true",
      "kept iff \\[ M > 0 \\] here | 16 | true",
      "a price of \\$1 is prose | 13 | false",
      "$x$ then 1 run | 9 | false",
      "\\[ a \\] then 0 runs | 13 | false",
      "0 before any math $y$ | 0 | false"})
  void inMath_findsMathModeOnTheLine(String line, int at, boolean math) {
    assertThat(line.charAt(at)).isIn('0', '1');
    assertThat(Census.inMath(line, at)).isEqualTo(math);
  }

  @Test
  void take_aZeroInPlainText_isNeverAFormulaConstant(@TempDir Path tmp) throws IOException {
    TempArchive a = TempArchive.create(tmp).write("paper/abstract.txt", "$M > 0$ in plain text\n");
    List<Census.Entry> census = Census.take(TextSources.read(a.root), computed(), List.of(), List.of());
    assertThat(census).extracting(Census.Entry::kind).doesNotContain(Census.Kind.EXEMPT);
  }
}
