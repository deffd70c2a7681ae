package ftl.emit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.io.DataException;
import ftl.quantity.core.Computed;
import ftl.quantity.core.Format;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The plain-text abstract: {@code paper/abstract.txt} holds prose whose numbers are registry macros, and the
 * emitter writes {@code paper/generated/abstract.txt} with each macro replaced by the quantity's plain text,
 * so a quoted abstract can never disagree with the data. A macro the registry lacks is refused naming the
 * line; a quantity without a value prints {@code [no data: key]}.
 */
class EmitterAbstractTest {
  static final List<Computed> QUANTITIES = List.of(
      EmitterOriginalStudyTest.computed("events.ackNegative.modeA", "NegAckSpansModeA", Unit.COUNT,
      Format.GROUPED_INTEGER,
          new Value.Count(68_916)),
      EmitterOriginalStudyTest.computed("omb.retention.range.modeB", "OmbRetentionRangeModeB", Unit.FRACTION,
          Format.PERCENT_RANGE_2DP, new Value.Range(0.0417, 1.0)),
      EmitterOriginalStudyTest.computed("flight.median.modeA", "FlightMedianModeA", Unit.MICROSECONDS, Format.REAL_3SF,
          new Value.Real(1_120.4)),
      EmitterOriginalStudyTest.computed("geometry.ratio.modeA", "GeometryRatioModeA", Unit.RATIO, Format.RATIO_3SF,
          new Value.Unavailable("no campaign data present")));

  static Emitter emitter(Path root, String abstractText) throws Exception {
    Files.createDirectories(root.resolve("emit"));
    if (abstractText != null) {
      Files.createDirectories(root.resolve("paper"));
      Files.writeString(root.resolve("paper/abstract.txt"), abstractText, StandardCharsets.UTF_8);
    }
    return new Emitter(root);
  }

  @Test
  void everyMacroBecomesThePlainTextOfItsQuantity(@TempDir Path root) throws Exception {
    Emitter e = emitter(root, "Negative \\NegAckSpansModeA{} times; kept \\OmbRetentionRangeModeB of samples.\n"
        + "Median flight \\FlightMedianModeA.\n");
    Emitter.Output out = e.plainAbstract(QUANTITIES, List.of());
    assertThat(out.path()).isEqualTo("paper/generated/abstract.txt");
    assertThat(out.template()).isEqualTo("paper/abstract.txt");
    assertThat(out.content().lines().toList()).containsExactly(
        "% GENERATED from paper/abstract.txt (every number a registry quantity or a figure of "
            + "paper/original-study.csv) — do not edit",
        "Negative 68,916 times; kept 4.17% to 100% of samples.",
        "Median flight 1,120 \u00b5s.");
  }

  @Test
  void theRenderedOutputsIncludeTheAbstractOnlyWhenItHasASource(@TempDir Path root) throws Exception {
    assertThat(emitter(root.resolve("without"), null).render(QUANTITIES, "d")).extracting(Emitter.Output::path)
        .doesNotContain("paper/generated/abstract.txt");
    assertThat(emitter(root.resolve("with"), "Plain \\NegAckSpansModeA.\n").render(QUANTITIES, "d"))
        .extracting(Emitter.Output::path).contains("paper/generated/abstract.txt");
  }

  @Test
  void aMacroOutsideTheRegistryIsRefusedNamingTheLine(@TempDir Path root) throws Exception {
    Emitter e = emitter(root, "first line\nsecond \\NoSuchQuantity here\n");
    assertThatThrownBy(() -> e.plainAbstract(QUANTITIES, List.of())).isInstanceOf(DataException.class)
        .hasMessageContaining("paper/abstract.txt:2").hasMessageContaining("\\NoSuchQuantity is not a registry macro");
  }

  /** The original study's figure is quoted through its macro (issue #45), printed as the transcription has it. */
  @Test
  void anOriginalStudyMacroBecomesItsTranscribedFigure(@TempDir Path root) throws Exception {
    Emitter e = emitter(root, "ours \\NegAckSpansModeA{}, the original's \\OriginalNegativeSpans{}.\n");
    List<OriginalStudy.Claim> original = List.of(new OriginalStudy.Claim("negative spans occur",
        "62,264 of 738,730 events", List.of("events.ackNegative.modeA"), "", "", 9, "OriginalNegativeSpans"));
    assertThat(e.plainAbstract(QUANTITIES, original).content().lines().skip(1).toList())
        .containsExactly("ours 68,916, the original's 62,264 of 738,730 events.");
  }

  @Test
  void aQuantityWithoutValuePrintsNoDataWithItsKey(@TempDir Path root) throws Exception {
    Emitter e = emitter(root, "ratio \\GeometryRatioModeA\n");
    assertThat(e.plainAbstract(QUANTITIES, List.of()).content().lines().skip(1).toList())
        .containsExactly("ratio [no data: geometry.ratio.modeA]");
  }
}
