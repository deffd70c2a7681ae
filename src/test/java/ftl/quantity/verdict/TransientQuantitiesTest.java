package ftl.quantity.verdict;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import ftl.quantity.RegistryFixtureTest;
import ftl.quantity.core.Computed;
import ftl.quantity.verdict.TransientQuantities.RunRate;
import ftl.stats.BlockStats;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Hand-computed answers over small run lists; the entries themselves over the synthetic setting root. */
class TransientQuantitiesTest {

  private static RunRate run(String id, int block, String cond, String at, double rate, boolean usable) {
    return new RunRate(id, block, cond, at, rate, usable);
  }

  /**
   * Block 1 starts with f1 (fifo, 0.5), block 2 with b2 (base, 0.5), block 3 with x3, not usable. Other usable fifo
   * runs 0.25 and 0.25 (median 0.25: f1's excess 2); other base runs 0.5 (b1) and 0.5 (b3; median 0.5: b2's excess 1);
   * x3 left out (not usable), as is a first run whose condition has no other run (y4) or a median of 0 (z5 over z5b at
   * 0).
   * Median of {2, 1} = 1.5.
   */
  private static final List<RunRate> RUNS = List.of(
      run("b1", 1, "base", "2026-01-01T00:01:00Z", 0.5, true), run("f1", 1, "fifo", "2026-01-01T00:00:00Z", 0.5, true),
      run("f1b", 1, "fifo", "2026-01-01T00:02:00Z", 0.25, true),
      run("b2", 2, "base", "2026-01-02T00:00:00Z", 0.5, true), run("f2", 2, "fifo", "2026-01-02T00:01:00Z", 0.25, true),
      run("x3", 3, "base", "2026-01-03T00:00:00Z", 0.9, false), run("b3", 3, "base", "2026-01-03T00:01:00Z", 0.5, true),
      run("f3", 3, "fifo", "2026-01-03T00:02:00Z", 0.125, true),
      run("f3n", 3, "fifo", "2026-01-03T00:03:00Z", Double.NaN, true),
      run("y4", 4, "lonely", "2026-01-04T00:00:00Z", 0.5, true),
      run("z5", 5, "zero", "2026-01-05T00:00:00Z", 0.5, true),
      run("z5b", 5, "zero", "2026-01-05T00:01:00Z", 0.0, true));

  @Test
  void firstRuns_theEarliestOfEachBlock_theFirstListedAmongEquals() {
    assertThat(TransientQuantities.firstRuns(RUNS)).extracting(RunRate::id)
        .containsExactly("f1", "b2", "x3", "y4", "z5");
    assertThat(TransientQuantities.firstRuns(List.of(run("a", 1, "c", "", 0, true), run("b", 1, "c", "", 0, true))))
        .extracting(RunRate::id).containsExactly("a");
  }

  @Test
  void excess_medianOverTheUsableFirstRunsWithAPositiveMedian() {
    assertThat(TransientQuantities.excess(RUNS)).isCloseTo(1.5, within(1e-12));
    assertThat(TransientQuantities.excess(List.of(run("y", 1, "c", "", 0.5, true)))).isNaN();
  }

  @Test
  void withoutFirst_ratioOverTheBlocksBothConditionsKeep() {
    // without f1, b2, x3: block 1 base 0.5 / fifo 0.25 = 2; block 2 has no base left; block 3 base 0.5 / fifo 0.125 = 4
    BlockStats.Interval i = TransientQuantities.withoutFirst(RUNS, "base", "fifo");
    assertThat(i.blocks()).isEqualTo(2);
    assertThat(i.estimate()).isCloseTo(Math.sqrt(8), within(1e-12));
    // a zero on either side leaves the block out
    assertThat(TransientQuantities.withoutFirst(RUNS, "zero", "fifo").blocks()).isZero();
    assertThat(TransientQuantities.withoutFirst(List.of(run("a", 1, "c", "", 0, true), run("n", 1, "n", "1", 0.5, true),
        run("d", 1, "d", "2", 0.5, true)), "n", "d").blocks()).isEqualTo(1);
    assertThat(TransientQuantities.withoutFirst(List.of(run("a", 1, "c", "", 0, true), run("n", 1, "n", "1", 0.5, true),
        run("d", 1, "d", "2", 0.0, true)), "n", "d").blocks()).isZero();
    assertThat(TransientQuantities.withoutFirst(List.of(run("a", 1, "c", "", 0, true), run("n", 1, "n", "1", 0.0, true),
        run("d", 1, "d", "2", 0.5, true)), "n", "d").blocks()).isZero();
  }

  @Test
  void entries_overTheSyntheticSettingRoot_andWithoutTheCampaign() {
    // the synthetic setting root records no started_at: each block's first listed run, base-long, is its first run;
    // no other base-long run is left to compare it with, so no excess; the short runs keep every run
    assertThat(RegistryFixtureTest.compute("setting", "setting.transient.blocks").text()).isEqualTo("3");
    assertThat(RegistryFixtureTest.compute("setting", "setting.transient.firstShort").text()).isEqualTo("0");
    assertThat(RegistryFixtureTest.compute("setting", "setting.transient.firstOverMedian").text()).startsWith("n/a");
    Computed c = RegistryFixtureTest.compute("setting", "setting.collapseThreadsShort.withoutFirst");
    assertThat(c.text()).isEqualTo("1.59x"); // 4^(1/3), as collapseThreadsShort: the short runs are never first here
    assertThat(RegistryFixtureTest.compute("setting", "setting.collapseJvmShort.withoutFirst").text())
        .startsWith("n/a");
    assertThat(RegistryFixtureTest.compute("setting>minimal", "setting.transient.blocks").text()).startsWith("n/a");
  }
}
