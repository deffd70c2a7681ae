package ftl.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import ftl.data.DataSet;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.Quantity;
import java.nio.file.Path;
import ftl.quantity.core.Computed;
import ftl.quantity.core.Format;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;
import org.junit.jupiter.api.Test;

/**
 * The retention figure sets a campaign's send intervals side by side by rank (issue 47: s/q of 1 and 1.013 were drawn
 * on top of one another): each run row's {@code sendIntervalRank} and the axis' ticks come from one ranking.
 */
class SendIntervalAxisTest {

  private static Map<String, Object> run(String campaign, String sendIntervalNs) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("campaign", campaign);
    m.put("sendIntervalNs", sendIntervalNs);
    return m;
  }

  @Test
  void sendIntervalAxes_closeIntervals_distinctRanksInNumericOrderWithReducedLabels() {
    List<Map<String, Object>> runs = new ArrayList<>(List.of(run("modeB", "1013000"), run("modeB", "1000000"),
        run("modeB", "250000"), run("modeB", "1000000"), run("nojvm", ""), run("other", "2000000")));
    Map<String, Map<Long, Integer>> ranks = Reproduction.sendIntervalRanks(runs);
    assertThat(ranks.get("modeB")).containsExactly(Map.entry(250_000L, 1), Map.entry(1_000_000L, 2),
        Map.entry(1_013_000L, 3));
    assertThat(ranks).doesNotContainKey("nojvm");
    List<Reproduction.SendIntervalAxis> axes = Reproduction.sendIntervalAxes(runs, Map.of());
    assertThat(axes).extracting(Reproduction.SendIntervalAxis::campaign).containsExactly("modeB", "other");
    assertThat(axes.get(0).ticks()).extracting(Reproduction.SendIntervalTick::sq)
        .containsExactly("1/4", "1/1", "1013/1000");
    assertThat(axes.get(0).ticks()).extracting(Reproduction.SendIntervalTick::rank).containsExactly(1, 2, 3);
    assertThat(axes.get(0).ticks()).as("no quantities: the label is s/q as text")
        .allMatch(t -> t.label().equals(t.sq()));
    assertThat(axes.get(1).ticks()).extracting(Reproduction.SendIntervalTick::sq).containsExactly("2/1");
  }

  private static Computed computed(String key, String macro, Unit unit, Format format, Value value) {
    Quantity q = Quantity.key(key).macro(macro).definition("synthetic " + key).unit(unit).format(format)
        .scope(Quantity.Scope.KAFKA_EVENTS).function("test").computes(a -> value);
    return Computed.of(q, new Analysis(DataSet.scan(Path.of("no-such-data-root"), "none")));
  }

  @Test
  void sendIntervalAxes_gridLawQuantitiesOfACondition_labelLinksThem() {
    Map<String, Object> r = run("modeB", "1013000");
    r.put("condition", "s1013us");
    Map<String, Computed> byKey = new LinkedHashMap<>();
    for (Computed c : List.of(
        computed("gridlaw.a.modeB.s1013us", "A", Unit.DIMENSIONLESS, Format.GROUPED_INTEGER,
            new Value.Count(1013)),
        computed("gridlaw.b.modeB.s1013us", "B", Unit.DIMENSIONLESS, Format.GROUPED_INTEGER,
            new Value.Count(1000)))) {
      byKey.put(c.quantity().key(), c);
    }
    List<Reproduction.SendIntervalAxis> axes = Reproduction.sendIntervalAxes(List.of(r, run("modeB", "1000000")),
        byKey);
    assertThat(axes.get(0).ticks()).extracting(Reproduction.SendIntervalTick::label).containsExactly("1/1",
        "\\ftlQuantity{gridlaw.a.modeB.s1013us}{1,013}/\\ftlQuantity{gridlaw.b.modeB.s1013us}{1,000}");
  }
}
