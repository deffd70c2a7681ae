package ftl.quantity.section;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.data.DataSet;
import ftl.quantity.RealDataTest;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.Computed;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.Value;
import ftl.stats.Rate;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue #47: a run whose first measured send missed its intended phase (modeB r0070: intended 350 us, achieved 669 us)
 * was predicted from the achieved phase only, which its later sends did not keep. The exploratory variant predicts it
 * from the intended phase as well, and both are reported.
 */
class GridLawIntendedPhaseTest {

  static GridLawHeldOutQuantities.RunPrediction run(Rate achieved, Rate intended, Rate observed) {
    return new GridLawHeldOutQuantities.RunPrediction("r1", "c", 1, achieved, achieved, observed, intended, 669, 350);
  }

  @Test
  void moved_predictionsApartByMoreThanTheTolerance_isMovedAndMeasuredByTheirDistance() {
    GridLawHeldOutQuantities.RunPrediction late = run(new Rate(99, 100), new Rate(10, 100), new Rate(14, 100));
    assertThat(late.twoPhases()).isTrue();
    assertThat(late.moved()).isTrue();
    assertThat(late.move()).isCloseTo(0.89, Offset.offset(1e-12));
    assertThat(late.fromIntended().within(GridLawHeldOutQuantities.TOLERANCE)).isTrue();
    assertThat(late.heldOut().within(GridLawHeldOutQuantities.TOLERANCE)).isFalse();
    assertThat(run(new Rate(10, 100), new Rate(15, 100), new Rate(14, 100)).moved()).as("exactly the tolerance apart")
        .isFalse();
    assertThat(run(new Rate(10, 100), Rate.EMPTY, new Rate(14, 100)).twoPhases()).as("no intended phase").isFalse();
    assertThat(run(new Rate(10, 100), Rate.EMPTY, new Rate(14, 100)).moved()).isFalse();
    assertThat(run(Rate.EMPTY, new Rate(10, 100), new Rate(14, 100)).twoPhases()).as("untested").isFalse();
  }

  @Test
  void movedRuns_retentionCampaign_areTheTwoLateFirstSendsLargestMoveFirst() {
    Analysis a = RealDataTest.ANALYSIS;
    List<GridLawHeldOutQuantities.RunPrediction> moved = GridLawHeldOutQuantities.movedRuns(a, "modeB");
    assertThat(moved).extracting(GridLawHeldOutQuantities.RunPrediction::runId).containsExactly("r0070", "r0100");
    assertThat(moved.get(0).intendedPhaseMicros()).isEqualTo(350);
    assertThat(moved.get(0).achievedPhaseMicros()).isEqualTo(669);
    assertThat(moved).allMatch(p -> p.fromIntended().within(GridLawHeldOutQuantities.TOLERANCE)
        && !p.heldOut().within(GridLawHeldOutQuantities.TOLERANCE));
  }

  @Test
  void intendedQuantities_withoutTheRetentionCampaign_areUnavailableNotWrong(@TempDir Path dir) throws Exception {
    Files.createDirectories(dir.resolve("data"));
    DataSet empty = DataSet.scan(dir.resolve("data"), "data");
    Analysis a = new Analysis(empty);
    List<Quantity> q = GridLawHeldOutQuantities.intended("modeB", Quantity.Scope.KAFKA_EVENTS);
    assertThat(q).extracting(Quantity::key).contains("gridlaw.intended.within.modeB",
        "gridlaw.intended.movedWithin.modeB", "gridlaw.intended.example2.modeB.observed");
    for (Quantity x : q) {
      Value v = Computed.of(x, a).value();
      if (x.key().startsWith("gridlaw.intended.runs") || x.key().startsWith("gridlaw.intended.moved.")) {
        assertThat(v).as(x.key()).isEqualTo(new Value.Count(0));
      } else {
        assertThat(v).as(x.key()).isInstanceOf(Value.Unavailable.class);
      }
    }
    assertThat(GridLawHeldOutQuantities.intended("payload", Quantity.Scope.KAFKA_EVENTS))
        .as("examples only for the retention campaign").noneMatch(x -> x.key().contains("example"));
  }
}
