package ftl.emit;

import static org.assertj.core.api.Assertions.assertThat;

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
 * with and without the {@code verdict_key} column: a claim's verdict cell prints its verdict and the basis beside it,
 * a size row (empty key), a key the registry lacks and a CSV written before the column existed print {@code --}.
 * Our figures and the verdict print as {@code \ftlQuantity} links (what {@code ftl check-pdf} traces); a figure
 * without a value prints {@code n/a}, unlinked.
 */
class EmitterOriginalStudyTest {
  static final String TEMPLATE = "emit/paper/tab-replication.tex.ftl";

  static Computed computed(String key, String macro, Unit unit, Format format, Value value) {
    Quantity q = new Quantity(key, macro, "synthetic " + key, unit, format, Quantity.Scope.KAFKA_EVENTS, "test", a -> value);
    return Computed.of(q, new ftl.quantity.core.Analysis(ftl.data.DataSet.scan(java.nio.file.Path.of("no-such-data-root"), "none")));
  }

  static final List<Computed> QUANTITIES = List.of(
      computed("events.sendNegative.modeA", "NegFlightsModeA", Unit.COUNT, Format.GROUPED_INTEGER, new Value.Count(0)),
      computed("events.total.modeA", "EventsTotalModeA", Unit.COUNT, Format.GROUPED_INTEGER, new Value.Count(604_800)),
      computed("collapse.range.modeA", "CollapseRangeModeA", Unit.RATIO, Format.RATIO_RANGE_2SF, new Value.Range(0.58, 2.66)),
      computed("replication.flightsNeverNegative", "ReplicationFlightsNeverNegative", Unit.DIMENSIONLESS, Format.VERDICT,
          new Value.Verdict(true, "negative flights 0 = 0")),
      computed("replication.priorityCollapse", "ReplicationPriorityCollapse", Unit.DIMENSIONLESS, Format.VERDICT,
          new Value.Verdict(false, "max collapse 2.66x < 7x")),
      computed("replication.geometryRatio", "ReplicationGeometryRatio", Unit.DIMENSIONLESS, Format.VERDICT,
          new Value.Unavailable("no campaign data present")));

  static Stream<Arguments> tables() {
    String comment = "# synthetic original study\n";
    return Stream.of(
        Arguments.of("with verdict_key", comment + """
            claim,original,our_key,verdict_key,note
            negative flights,never,events.sendNegative.modeA,replication.flightsNeverNegative,
            priority collapse,7 to 80x,collapse.range.modeA,replication.priorityCollapse,over strata
            core-geometry ratio,2.07x,geometry.ratio.modeA,replication.geometryRatio,
            events with all three stamps,"738,730",events.total.modeA,,
            a claim judged by a missing verdict,1,events.total.modeA,replication.noSuchVerdict,
            """, List.of(
            "negative flights & never & \\ftlQuantity{events.sendNegative.modeA}{0} & \\ftlQuantity{replication.flightsNeverNegative}{held}"
                + " & exploratory & negative flights 0 = 0 \\\\",
            "priority collapse & 7 to 80x & \\ftlQuantity{collapse.range.modeA}{0.58 to 2.7x} (over strata) & \\ftlQuantity{replication.priorityCollapse}{did not hold}"
                + " & exploratory & max collapse 2.66x < 7x \\\\",
            "core-geometry ratio & 2.07x & n/a & n/a & exploratory & n/a \\\\",
            "events with all three stamps & 738,730 & \\ftlQuantity{events.total.modeA}{604,800} & -- & -- & -- \\\\",
            "a claim judged by a missing verdict & 1 & \\ftlQuantity{events.total.modeA}{604,800} & -- & -- & -- \\\\")),
        Arguments.of("without verdict_key (a CSV older than the column)", comment + """
            claim,original,our_key,note
            negative flights,never,events.sendNegative.modeA,
            priority collapse,7 to 80x,collapse.range.modeA,over strata
            """, List.of(
            "negative flights & never & \\ftlQuantity{events.sendNegative.modeA}{0} & -- & -- & -- \\\\",
            "priority collapse & 7 to 80x & \\ftlQuantity{collapse.range.modeA}{0.58 to 2.7x} (over strata) & -- & -- & -- \\\\")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("tables")
  void render_originalStudyCsv_printsHeldColumn(String label, String csv, List<String> rows, @TempDir Path root)
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
    assertThat(table).contains("claim & original & ours & verdict & kind & basis \\\\\n");
    assertThat(table.lines().filter(l -> l.contains(" & ") && !l.startsWith("claim ")).toList()).containsExactlyElementsOf(rows);
  }
}
