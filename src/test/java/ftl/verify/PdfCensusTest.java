package ftl.verify;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.emit.OriginalStudy;
import ftl.quantity.core.Computed;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The census of a PDF's text, on pages given as extracted text (synthetic, no PDF needed), against the
 * synthetic data set {@code small} (events.ackNegative prints as 2, omb.retention.min as 40.00%).
 */
class PdfCensusTest {
  static final List<Computed> SMALL = CensusTest.computed();
  static final List<Census.Allowed> ALLOW = List.of(
      new Census.Allowed("*", "95\\% bootstrap", "the declared confidence level"),
      new Census.Allowed("*", "$1 - L/q$", "the grid law's threshold"),
      new Census.Allowed("supplement/supplement.tex", "\\texttt{chrt -f -p 50}", "the command the instrument runs"));
  static final List<OriginalStudy.Claim> ORIGINAL = List.of(
      new OriginalStudy.Claim("negative ack-referenced spans", "62,264", List.of("events.ackNegative"), "", "", 9),
      new OriginalStudy.Claim("instrumented OMB-guard runs", "223", List.of("omb.runs"), "", "", 13));

  static PdfCensus.Entry only(String pageText, String source) {
    PdfText.Document doc = new PdfText.Document("x.pdf", source == null ? Map.of() : Map.of("FtlText", source),
        List.of(new PdfText.Page(3, pageText, List.of())));
    List<PdfCensus.Entry> es = PdfCensus.take(doc, SMALL, ALLOW, ORIGINAL, "d").entries();
    assertThat(es).as(pageText).hasSize(1);
    return es.get(0);
  }

  static Stream<Arguments> numbers() {
    return Stream.of(
        Arguments.of("a quantity's text, unlinked: bound by value only", "the guard kept 40.00% of it",
        PdfCensus.Kind.UNTRACED,
            "40.00%"),
        Arguments.of("allow-list phrase", "a 95% bootstrap interval", PdfCensus.Kind.EXEMPT, "95%"),
        Arguments.of("allow-list phrase across a line break", "a 95%\nbootstrap interval", PdfCensus.Kind.EXEMPT,
        "95%"),
        Arguments.of("allow-list formula as typeset, U+2212", "kept iff \u03c6 \u2265 1 \u2212 L/q here",
        PdfCensus.Kind.EXEMPT, "1"),
        Arguments.of("the original's figure", "negative spans 62,264 68,916", null, null),
        Arguments.of("not inside a longer number", "runs 1,223 in all", PdfCensus.Kind.UNTRACED, "1,223"),
        Arguments.of("section reference", "as Section 4 shows", PdfCensus.Kind.EXEMPT, "4"),
        Arguments.of("citation", "the study [7] did", PdfCensus.Kind.EXEMPT, "7"),
        Arguments.of("page number", "\n12\n", PdfCensus.Kind.EXEMPT, "12"),
        Arguments.of("anything else", "a 7.5x collapse", PdfCensus.Kind.UNTRACED, "7.5x"),
        Arguments.of("a formula constant beside a relation", "runs with A < 0 in it", PdfCensus.Kind.EXEMPT, "0"),
        Arguments.of("a formula constant before an operator", "kept iff 1 \u2212 L/q holds", PdfCensus.Kind.EXEMPT,
        "1"),
        Arguments.of("not a formula constant: a ratio after a relation", "rate > 1x here", PdfCensus.Kind.UNTRACED,
        "1x"),
        Arguments.of("not a formula constant: a decimal after a relation", "rate < 0.08% here", PdfCensus.Kind.UNTRACED,
            "0.08%"),
        Arguments.of("an axis tick alone on its line", "\n2,000\n", PdfCensus.Kind.EXEMPT, "2,000"),
        Arguments.of("a registered threshold in words", "negativeSpans: interval above 1% held", PdfCensus.Kind.EXEMPT,
        "1%"),
        Arguments.of("a registered threshold wrapped in its cell", "collapseLong: at\nleast 7x held",
        PdfCensus.Kind.EXEMPT,
            "7x"),
        Arguments.of("another text's allow-list entry does not apply", "runs chrt -f -p 50 first",
        PdfCensus.Kind.UNTRACED, "50"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("numbers")
  void take_unlinkedNumber_isClassified(String name, String text, PdfCensus.Kind kind, String number) {
    if (kind == null) {
      PdfText.Document doc = new PdfText.Document("x.pdf", Map.of(), List.of(new PdfText.Page(1, text, List.of())));
      List<PdfCensus.Entry> es = PdfCensus.take(doc, SMALL, ALLOW, ORIGINAL, "d").entries();
      assertThat(es).extracting(PdfCensus.Entry::kind).containsExactly(PdfCensus.Kind.EXEMPT, PdfCensus.Kind.UNTRACED);
      assertThat(es.get(0).why()).contains("original study").contains("original-study.csv:9");
      return;
    }
    PdfCensus.Entry e = only(text, "paper/paper.tex");
    assertThat(e.kind()).as(e.toString()).isEqualTo(kind);
    assertThat(e.printed()).isEqualTo(number);
    assertThat(e.page()).isEqualTo(3);
  }

  /** Issue #45: a number equal to some quantity's text but not linked to it is bound to nothing, and reported so. */
  @Test
  void take_unlinkedNumberEqualToAQuantity_isUntracedWithNoKey() {
    PdfCensus.Entry e = only("the guard kept 40.00% of it", "paper/paper.tex");
    assertThat(e.kind()).isEqualTo(PdfCensus.Kind.UNTRACED);
    assertThat(e.key()).as("bound to no quantity").isNull();
    assertThat(e.why()).contains("equal by value only").contains("omb.retention.min");
  }

  @Test
  void take_supplementsOwnAllowListEntry_exemptsInTheSupplement() {
    assertThat(only("runs chrt -f -p 50 first", "supplement/supplement.tex").kind()).isEqualTo(PdfCensus.Kind.EXEMPT);
    assertThat(only("runs chrt -f -p 50 first", null).kind()).as("no FtlText: every entry applies")
        .isEqualTo(PdfCensus.Kind.EXEMPT);
  }

  @Test
  void take_linkedNumbers_areTracedAndComparedWithTheirQuantity() {
    String text = "negative 2 times; kept 41.00%\nof a run; 3 more";
    List<PdfText.Link> links = List.of(new PdfText.Link("events.ackNegative", 9, 10, "2"),
        new PdfText.Link("omb.retention.min", 23, 29, "41.00%"), new PdfText.Link("no.such.key", 40, 41, "3"));
    PdfText.Document doc = new PdfText.Document("x.pdf", Map.of("Subject", "ftl data digest " + "a".repeat(64)),
        List.of(new PdfText.Page(1, text, links)));
    PdfCensus.Report r = PdfCensus.take(doc, SMALL, ALLOW, ORIGINAL, "a".repeat(64));
    assertThat(r.digest()).isEqualTo(PdfCensus.DigestStatus.MATCHES);
    assertThat(r.of(PdfCensus.Kind.TRACED)).extracting(PdfCensus.Entry::key).containsExactly("events.ackNegative");
    assertThat(r.of(PdfCensus.Kind.DISAGREE)).extracting(PdfCensus.Entry::why)
        .containsExactly("the data give 40.00%", "linked to a quantity this archive does not have");
    assertThat(r.agrees()).isFalse();
    assertThat(r.entries()).as("linked text is not counted again").hasSize(3);
  }

  @Test
  void detex_allowListPhrases_giveTheTypesetText() {
    assertThat(PdfCensus.detex("\\mathtt{create\\_ms} > 0$")).isEqualTo("create_ms > 0");
    assertThat(PdfCensus.detex("\\texttt{chrt -f -p 50}")).isEqualTo("chrt -f -p 50");
    assertThat(PdfCensus.detex("$\\phi \\in [0,1)$")).isEqualTo("    [0,1)");
  }

  @Test
  void agrees_aTracedNumberBesideAnUntracedOne_isAFailure() {
    Computed q = SMALL.stream().filter(Computed::available).findFirst().orElseThrow();
    String text = q.text() + " and a 7.5x collapse";
    PdfText.Link link = new PdfText.Link(q.quantity().key(), 0, q.text().length(), q.text());
    String digest = "a".repeat(64);
    Map<String, String> info = Map.of("Subject", "ftl data digest " + digest, "FtlText", PdfCensus.UNTRACED_FAILS);
    PdfText.Document doc = new PdfText.Document("x.pdf", info, List.of(new PdfText.Page(1, text, List.of(link))));
    PdfCensus.Report r = PdfCensus.take(doc, SMALL, ALLOW, ORIGINAL, digest);
    assertThat(r.digest()).isEqualTo(PdfCensus.DigestStatus.MATCHES);
    assertThat(r.of(PdfCensus.Kind.TRACED)).hasSize(1);
    assertThat(r.of(PdfCensus.Kind.UNTRACED)).singleElement().satisfies(e -> {
      assertThat(e.printed()).isEqualTo("7.5x");
      assertThat(e.line()).as("the line it stands on, the link's text blanked").isEqualTo("and a 7.5x collapse");
    });
    assertThat(r.agrees()).as("an untraced number fails the check (issue 59)").isFalse();
    PdfText.Document clean = new PdfText.Document("x.pdf", info, List.of(new PdfText.Page(1, q.text(), List.of(
        new PdfText.Link(q.quantity().key(), 0, q.text().length(), q.text())))));
    assertThat(PdfCensus.take(clean, SMALL, ALLOW, ORIGINAL, digest).agrees()).isTrue();
    PdfText.Document supplement = new PdfText.Document("x.pdf",
        Map.of("Subject", "ftl data digest " + digest, "FtlText",
        "supplement/supplement.tex"), List.of(new PdfText.Page(1, text, List.of(link))));
    assertThat(PdfCensus.take(supplement, SMALL, ALLOW, ORIGINAL, digest).agrees())
        .as("the supplement counts its untraced numbers; only the paper claims every number is a quantity").isTrue();
  }

  static Stream<Arguments> tickLines() {
    return Stream.of(
        Arguments.of("evenly spaced", "0 2,000 4,000 6,000 8,000 10,000", true),
        Arguments.of("evenly spaced decimals", "0 0.5 1", true),
        Arguments.of("decades", "100 1,000 10,000", true),
        Arguments.of("two numbers only", "0 200", false),
        Arguments.of("uneven", "1 2 4 8", false),
        Arguments.of("decreasing", "30 20 10", false),
        Arguments.of("a word among them", "0 200 runs 400", false),
        Arguments.of("decades from zero", "0 10 100", false));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource
  void tickLines(String label, String line, boolean ticks) {
    assertThat(PdfCensus.ticks(line)).isEqualTo(ticks);
  }

  private static Computed verdict(ftl.quantity.core.Value v) {
    return computed(v, ftl.quantity.core.Format.VERDICT);
  }

  private static Computed computed(ftl.quantity.core.Value v, ftl.quantity.core.Format format) {
    ftl.quantity.core.Quantity q = ftl.quantity.core.Quantity.key("criterion.x.r").macro("CriterionXR")
        .definition("synthetic")
        .unit(ftl.quantity.core.Unit.DIMENSIONLESS).format(format)
        .scope(ftl.quantity.core.Quantity.Scope.KAFKA_EVENTS).function("test").computes(a -> v);
    return Computed.of(q, new ftl.quantity.core.Analysis(
        ftl.data.DataSet.scan(java.nio.file.Path.of("no-such-data-root"), "none")));
  }

  static Stream<Arguments> bases() {
    String basis = "median retention by payload 100 B 10.50%, 10,000 B 11.25%";
    return Stream.of(
        Arguments.of("the whole basis", basis, basis, true),
        Arguments.of("the whole basis, broken across lines", basis,
        "median retention by payload 100 B\n10.50%, 10,000 B 11.25%",
            true),
        Arguments.of("a number of it changed", basis, "median retention by payload 100 B 10.50%, 10,000 B 11.26%",
        false),
        Arguments.of("cut and marked", basis, "median retention by payload 100 B" + PdfCensus.CUT, true),
        Arguments.of("cut, marked, changed", basis, "median retention by payload 900 B" + PdfCensus.CUT, false),
        Arguments.of("only the mark", basis, PdfCensus.CUT.strip(), false),
        Arguments.of("after the verdict's text", basis, "held " + basis, true),
        Arguments.of("an apostrophe typeset curly", "below the original's range", "below the original\u2019s range",
        true));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource
  void bases(String label, String basis, String printed, boolean agrees) {
    assertThat(PdfCensus.basisAgrees(printed, verdict(new ftl.quantity.core.Value.Verdict(true, basis))))
        .isEqualTo(agrees);
    assertThat(PdfCensus.basisAgrees(printed.replace("held ", "not testable here "),
        verdict(new ftl.quantity.core.Value.Untestable(basis)))).isEqualTo(agrees);
  }

  @Test
  void basisAgrees_notAVerdict_false() {
    assertThat(PdfCensus.basisAgrees("2", computed(new ftl.quantity.core.Value.Count(2),
        ftl.quantity.core.Format.GROUPED_INTEGER))).isFalse();
  }
}
