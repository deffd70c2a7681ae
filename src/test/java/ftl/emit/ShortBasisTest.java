package ftl.emit;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.verify.PdfCensus;
import org.junit.jupiter.api.Test;

/**
 * The registered-predictions table prints a long basis cut (Emitter#shortened) under its verdict's link, and
 * ./ftl check-pdf traces the cut text as a prefix of the basis by the mark the cut ends with (PdfCensus#CUT): the two
 * agree on that mark (issue 59).
 */
class ShortBasisTest {
  @Test
  void shortened_longBasis_cutAtASpaceWithTheMarkCheckPdfReads() {
    String basis = "word ".repeat(Emitter.SHORT_BASIS / 5 + 10).strip();
    String cut = Emitter.shortened(basis);
    assertThat(cut).endsWith(PdfCensus.CUT).hasSizeLessThan(basis.length() + PdfCensus.CUT.length());
    assertThat(basis).startsWith(cut.substring(0, cut.length() - PdfCensus.CUT.length()));
  }

  @Test
  void shortened_shortBasis_whole() {
    assertThat(Emitter.shortened("slope 0.5 below 1")).isEqualTo("slope 0.5 below 1");
  }
}
