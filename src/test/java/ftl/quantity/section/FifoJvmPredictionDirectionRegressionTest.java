package ftl.quantity.section;

import ftl.quantity.core.Value;
import ftl.quantity.verdict.ReplicationVerdicts;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Defect: {@code fifojvm.prediction.collapse} printed the verdict of the test "the whole-JVM collapse reaches the
 * original's range", while the plan's registered prediction (data/fifojvm/plan.json, predictions.collapse) was that it
 * does not reach it; a prediction that came true (pooled 0.870x) was reported as "did not hold". The prediction's
 * verdict is now the negation of the reaching test, and the original's claim ({@code replication.priorityCollapse})
 * still reads the reaching test itself.
 */
class FifoJvmPredictionDirectionRegressionTest {

  @Test
  void predictedNotToReach_belowTheRange_held() {
    Value v = FifoJvmQuantities.predictedNotToReach(new Value.Verdict(false, "pooled 0.870x"));
    assertThat(v).isEqualTo(new Value.Verdict(true, "pooled 0.870x: below the original's range, as predicted"));
  }

  @Test
  void predictedNotToReach_reachingTheRange_didNotHold() {
    Value v = FifoJvmQuantities.predictedNotToReach(new Value.Verdict(true, "pooled 9x"));
    assertThat(v).isEqualTo(new Value.Verdict(false,
        "pooled 9x: reaches the original's range, against the prediction"));
  }

  @Test
  void predictedNotToReach_unavailable_staysUnavailable() {
    Value u = new Value.Unavailable("no campaign fifojvm");
    assertThat(FifoJvmQuantities.predictedNotToReach(u)).isEqualTo(u);
  }

  @Test
  void priorityCollapse_wholeJvmReachingTest_decidesTheOriginalsClaim() {
    Value reached = new Value.Verdict(true, "pooled 9x");
    Value stamping = new Value.Verdict(false, "max collapse 2.74x < 7x");
    assertThat(((Value.Verdict) ReplicationVerdicts.priorityCollapse(stamping, reached)).held()).isTrue();
  }
}
