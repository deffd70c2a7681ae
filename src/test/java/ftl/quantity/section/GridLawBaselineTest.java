package ftl.quantity.section;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.quantity.core.Value;
import ftl.stats.HeldOutGridLaw;
import ftl.stats.Rate;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The grid law against its no-law baseline: the pooled retention of the other runs of the condition, and the skill. */
class GridLawBaselineTest {

  static GridLawHeldOutQuantities.RunPrediction run(String id, String cond, Rate predicted, Rate observed) {
    return new GridLawHeldOutQuantities.RunPrediction(id, cond, 1, predicted, predicted, observed, Rate.EMPTY, -1, -1);
  }

  @Test
  void baselines_otherRunsPooled_aloneInItsConditionLeftOut() {
    List<GridLawHeldOutQuantities.Compared> b = GridLawHeldOutQuantities.baselines(List.of(
        run("r1", "c", new Rate(1, 2), new Rate(1, 4)),
        run("r2", "c", new Rate(1, 2), new Rate(3, 4)),
        run("r3", "c", new Rate(1, 2), new Rate(2, 4)),
        run("r4", "d", new Rate(1, 2), new Rate(1, 2)),
        run("r5", "c", Rate.EMPTY, new Rate(1, 2))));
    // r1's baseline pools r2 and r3: 5 of 8; r4 is alone in d; r5 has no prediction
    assertThat(b).hasSize(3);
    assertThat(b.get(0).baseline().predicted()).isEqualTo(new Rate(5, 8));
    assertThat(b.get(1).baseline().predicted()).isEqualTo(new Rate(3, 8));
    assertThat(b.get(2).baseline().predicted()).isEqualTo(new Rate(4, 8));
  }

  @Test
  void skill_lawHalfTheBaselinesError_isOneHalf_andExactBaseline_isUnavailable() {
    HeldOutGridLaw.RunError law = new HeldOutGridLaw.RunError(new Rate(1, 2), new Rate(3, 4)); // |error| 0.25
    HeldOutGridLaw.RunError base = new HeldOutGridLaw.RunError(new Rate(1, 4), new Rate(3, 4)); // |error| 0.5
    assertThat(GridLawHeldOutQuantities.skill(List.of(new GridLawHeldOutQuantities.Compared(law, base))))
        .isEqualTo(new Value.Real(0.5));
    HeldOutGridLaw.RunError exact = new HeldOutGridLaw.RunError(new Rate(3, 4), new Rate(3, 4));
    assertThat(GridLawHeldOutQuantities.skill(List.of(new GridLawHeldOutQuantities.Compared(law, exact))))
        .isInstanceOf(Value.Unavailable.class);
  }
}
