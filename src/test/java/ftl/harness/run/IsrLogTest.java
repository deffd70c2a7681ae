package ftl.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Reading a broker's log for ISR changes of one topic, and the topic's shape as the ledger writes it. The log lines
 * are synthetic, in the form of kafka.cluster.Partition's messages under the broker's log4j2 layout.
 */
class IsrLogTest {
  private static final String SHRINK =
      "[2026-12-03T18:00:01,000] INFO  [ReplicaManager broker=1] kafka.cluster.Partition: "
      + "[Partition ftl-r0001-ab-0 broker=1] Shrinking ISR from 1,2,3 to 1,2. Leader: (highWatermark: 10, endOffset: "
      + "12).";
  private static final String EXPAND = "[2026-12-03T18:00:02,000] INFO  [data-plane-kafka-request-handler-0] "
      + "kafka.cluster.Partition: [Partition ftl-r0001-ab-0 broker=1] Expanding ISR from 1,2 to 1,2,3 (under-min-isr)";
  private static final String UPDATED =
      "[2026-12-03T18:00:02,100] INFO  [broker-1-to-controller] kafka.cluster.Partition: "
      + "[Partition ftl-r0001-ab-0 broker=1] ISR updated to 1,2,3 and version updated to 3";
  private static final String OTHER_TOPIC = "[2026-12-03T18:00:03,000] INFO  [x] kafka.cluster.Partition: "
      + "[Partition ftl-r0001-abc-0 broker=2] Shrinking ISR from 1,2,3 to 2,3.";
  private static final String NOT_A_CHANGE = "[2026-12-03T18:00:04,000] INFO  [x] kafka.cluster.Partition: "
      + "[Partition ftl-r0001-ab-0 broker=2] Log loaded for partition ftl-r0001-ab-0 with initial high watermark 0";

  @Test
  void changes_shrinkExpandAndUpdate_eachCountedOnce() {
    String log = String.join("\n", SHRINK, NOT_A_CHANGE, EXPAND, UPDATED, "");
    assertThat(IsrLog.changes(log, "ftl-r0001-ab")).isEqualTo(3);
  }

  @Test
  void changes_topicWhoseNameExtendsOurs_notOurs() {
    assertThat(IsrLog.changes(OTHER_TOPIC, "ftl-r0001-ab")).isZero();
    assertThat(IsrLog.changes(OTHER_TOPIC, "ftl-r0001-abc")).isEqualTo(1);
  }

  @Test
  void changes_noPartitionNumberAfterTheTopic_notCounted() {
    String odd = "[Partition ftl-r0001-ab-x broker=1] Shrinking ISR from 1,2 to 1";
    String noBroker = "[Partition ftl-r0001-ab-0] Shrinking ISR from 1,2 to 1";
    assertThat(IsrLog.changes(odd + "\n" + noBroker, "ftl-r0001-ab")).isZero();
  }

  @Test
  void changes_emptyLog_none() {
    assertThat(IsrLog.changes("", "t")).isZero();
    assertThat(IsrLog.changes(NOT_A_CHANGE, "ftl-r0001-ab")).isZero();
  }

  @Test
  void topicShape_isrWord_idsAscendingJoinedByPlus() {
    assertThat(RunClients.TopicShape.isrWord(List.of(3, 1, 2))).isEqualTo("1+2+3");
    assertThat(RunClients.TopicShape.isrWord(List.of(2))).isEqualTo("2");
  }

  @Test
  void topicShape_full_everyPartitionHasAllReplicasAndALeader() {
    assertThat(new RunClients.TopicShape("2", "1+2+3").full(3)).isTrue();
    assertThat(new RunClients.TopicShape("2 3", "1+2+3 1+2+3").full(3)).isTrue();
    assertThat(new RunClients.TopicShape("2 3", "1+2+3 2+3").full(3)).isFalse();
    assertThat(new RunClients.TopicShape("none", "1+2+3").full(3)).isFalse();
    assertThat(new RunClients.TopicShape("1", "").full(1)).isFalse();
    assertThat(new RunClients.TopicShape("1", "1").full(1)).isTrue();
  }
}
