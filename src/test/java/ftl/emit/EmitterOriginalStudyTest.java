package ftl.emit;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.data.DataSet;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.Computed;
import ftl.quantity.core.Format;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The replication table ({@code emit/paper/tab-replication.tex.ftl}) over a {@code paper/original-study.csv}
 * with and without the {@code verdict_key} column: a claim (its summary key) prints its summary and every test of it
 * below (here without registrations: exploratory, no campaign); a size row (empty key) and a CSV written before the
 * column existed print our figure; the original's figure is a cell of its own.
 * Our figures and the verdict print as {@code \ftlQuantity} links (what {@code ftl check-pdf} traces); a figure
 * without a value prints {@code n/a}, unlinked.
 */
class EmitterOriginalStudyTest {
  static final String TEMPLATE = "emit/paper/tab-replication.tex.ftl";

  static Computed computed(String key, String macro, Unit unit, Format format, Value value) {
    Quantity q = Quantity.key(key).macro(macro).definition("synthetic " + key).unit(unit).format(format)
        .scope(Quantity.Scope.KAFKA_EVENTS).function("test").computes(a -> value);
    return Computed.of(q, new Analysis(DataSet.scan(Path.of("no-such-data-root"), "none")));
  }

  static final List<Computed> QUANTITIES = List.of(
      computed("events.sendNegative.modeA", "NegFlightsModeA", Unit.COUNT, Format.GROUPED_INTEGER, new Value.Count(0)),
      computed("events.total.modeA", "EventsTotalModeA", Unit.COUNT, Format.GROUPED_INTEGER, new Value.Count(604_800)),
      computed("replication.flightsNeverNegative", "ReplicationFlightsNeverNegative", Unit.DIMENSIONLESS,
      Format.VERDICT,
          new Value.Verdict(true, "negative flights 0 = 0")),
      computed("summary.flightsNeverNegative", "SummaryFlightsNeverNegative", Unit.DIMENSIONLESS, Format.SUMMARY,
          new Value.Untestable("no confirmatory test decided here")),
      computed("summary.priorityCollapse", "SummaryPriorityCollapse", Unit.DIMENSIONLESS, Format.SUMMARY,
          new Value.Unavailable("no campaign data present")));

  static Stream<Arguments> tables() {
    String comment = "# synthetic original study\n";
    return Stream.of(
        Arguments.of("with verdict_key", comment + """
            claim,original,our_key,verdict_key,note
            negative flights,never,events.sendNegative.modeA,summary.flightsNeverNegative,
            priority collapse,7 to 80x,collapse.range.modeA,summary.priorityCollapse,over strata
            events with all three stamps,"738,730",events.total.modeA,,
            """, List.of(
            "\\multicolumn{5}{@{}>{\\raggedright\\arraybackslash}p{0.6\\linewidth}}{\\textbf{negative flights}: "
                + "\\textbf{\\ftlQuantity{summary.flightsNeverNegative}{no confirmatory test}}} & original: & never "
                + "& \\\\",
            "-- & exploratory & no T < 0 & -- & -- & n/a & \\ftlQuantity{events.sendNegative.modeA}{0} &"
                + " \\ftlQuantity{replication.flightsNeverNegative}{held} \\\\",
            "\\multicolumn{5}{@{}>{\\raggedright\\arraybackslash}p{0.6\\linewidth}}{\\textbf{priority collapse}: "
            + "\\textbf{n/a}} & original: & 7 to 80x & \\\\",
            "\\multicolumn{5}{@{}>{\\raggedright\\arraybackslash}p{0.6\\linewidth}}{\\textbf{events with all three "
                + "stamps}: ours \\ftlQuantity{events.total.modeA}{604,800}} & original: & 738,730 & \\\\")),
        Arguments.of("without verdict_key (a CSV older than the column)", comment + """
            claim,original,our_key,note
            negative flights,never,events.sendNegative.modeA,
            """, List.of(
            "\\multicolumn{5}{@{}>{\\raggedright\\arraybackslash}p{0.6\\linewidth}}{\\textbf{negative flights}: ours "
                + "\\ftlQuantity{events.sendNegative.modeA}{0}} & original: & never & \\\\")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("tables")
  void render_originalStudyCsv_printsEachClaimWithItsTests(String label, String csv, List<String> rows,
      @TempDir Path root)
      throws Exception {
    Files.createDirectories(root.resolve("emit/paper"));
    Files.copy(Path.of(TEMPLATE), root.resolve(TEMPLATE));
    Files.createDirectories(root.resolve("paper"));
    Files.writeString(root.resolve("paper/original-study.csv"), csv, StandardCharsets.UTF_8);

    List<Emitter.Output> out = new Emitter(root).render(QUANTITIES, "0".repeat(64));

    assertThat(out).hasSize(1);
    String table = out.get(0).content();
    assertThat(out.get(0).path()).isEqualTo("paper/generated/tab-replication.tex");
    assertThat(table).startsWith("% GENERATED from " + TEMPLATE + " — do not edit\n");
    assertThat(table)
        .contains("campaign & kind & test & host (clock, kernel) & design & events per run & estimate (interval)"
        + " & verdict \\\\\n");
    assertThat(table.lines().filter(l -> l.contains(" & ") && !l.startsWith("campaign ")).toList())
        .containsExactlyElementsOf(rows);
  }
}
