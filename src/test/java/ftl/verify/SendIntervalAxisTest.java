package ftl.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
    assertThat(ranks.get("modeB")).containsExactly(Map.entry(250_000L, 1), Map.entry(1_000_000L, 2), Map.entry(1_013_000L, 3));
    assertThat(ranks).doesNotContainKey("nojvm");
    List<Reproduction.SendIntervalAxis> axes = Reproduction.sendIntervalAxes(runs);
    assertThat(axes).extracting(Reproduction.SendIntervalAxis::campaign).containsExactly("modeB", "other");
    assertThat(axes.get(0).ticks()).containsExactly(new Reproduction.SendIntervalTick(1, "1/4"),
        new Reproduction.SendIntervalTick(2, "1/1"), new Reproduction.SendIntervalTick(3, "1013/1000"));
    assertThat(axes.get(1).ticks()).containsExactly(new Reproduction.SendIntervalTick(1, "2/1"));
  }
}
