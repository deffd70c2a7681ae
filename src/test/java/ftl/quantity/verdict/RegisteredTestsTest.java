package ftl.quantity.verdict;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.quantity.Registry;
import ftl.quantity.core.Format;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The tally's unit on the archive's own data: one registered test (issue #45). */
class RegisteredTestsTest {

  private static final Registry REG = Registry.forData(ftl.quantity.RealDataTest.ANALYSIS.data());

  @Test
  void notTests_everyKey_isAVerdictOfTheRegistry() {
    for (Map.Entry<String, String> e : REG.notTests().entrySet()) {
      assertThat(REG.byKey(e.getKey())).as(e.getKey() + " (" + e.getValue() + ")")
          .hasValueSatisfying(q -> assertThat(q.format()).isEqualTo(Format.VERDICT));
    }
  }

  /** The six two-sided bands of the tools' plans (OMB's RabbitMQ and NATS drivers, PerfTest) are one test each. */
  @Test
  void notTests_theToolsBands_countOnceAsTheirClaim() {
    assertThat(REG.notTests()).containsKeys("criterion.omb-rabbitmq.secondQuantumLowR800",
        "criterion.omb-rabbitmq.secondQuantumHighR800").doesNotContainKey("criterion.omb-rabbitmq.secondQuantumR800");
    assertThat(REG.notTests().values().stream().filter(w -> w.startsWith("one half of the two-sided band")).count())
        .isEqualTo(12);
  }

  /** A registry verdict restating another, and a plan's claim joining rules, are not tests; their parts are. */
  @Test
  void notTests_combinedClaims_butNotTheirParts() {
    assertThat(REG.notTests()).containsKeys("claim.replayBursts", "claim.payload", "ombReal.heldout.verdict",
        "criterion.confirm.priorityCollapse");
    assertThat(REG.notTests()).doesNotContainKeys("replay.prediction.bursts", "payload.prediction.size",
        "criterion.confirm.collapseJvmOriginal");
  }
}
