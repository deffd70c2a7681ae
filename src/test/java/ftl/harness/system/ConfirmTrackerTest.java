package ftl.harness.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Publisher-confirm tags back to seqs: single, multiple, nack, out of order, and the ring's capacity. */
class ConfirmTrackerTest {
  private final List<String> completed = new ArrayList<>();
  private final List<Integer> covered = new ArrayList<>();
  private final MessagingSystem.Completion record = (seq, error, n) -> {
    completed.add(seq + (error == null ? "" : " nack"));
    covered.add(n);
  };

  private static ConfirmTracker registered(int capacity, long... seqs) {
    ConfirmTracker t = new ConfirmTracker(capacity);
    for (int i = 0; i < seqs.length; i++) {
      t.register(i + 1, seqs[i]);
    }
    return t;
  }

  @Test
  void confirm_singleTags_completeEachOnce() {
    ConfirmTracker t = registered(8, 100, 101, 102);
    t.confirm(1, false, null, record);
    t.confirm(2, false, null, record);
    t.confirm(2, false, null, record);
    assertThat(completed).containsExactly("100", "101");
    assertThat(covered).containsExactly(1, 1);
    assertThat(t.unknownTags()).isEqualTo(1);
    assertThat(t.multipleFrames()).isZero();
  }

  @Test
  void confirm_multiple_completesEveryPendingTagUpToIt() {
    ConfirmTracker t = registered(8, -2, -1, 0, 1, 2);
    t.confirm(2, false, null, record);
    t.confirm(4, true, null, record);
    t.confirm(5, false, null, record);
    assertThat(completed).containsExactly("-1", "-2", "0", "1", "2");
    assertThat(covered).as("ack_covered: the multiple confirm of tag 4 completed the three pending tags 1, 3, 4")
        .containsExactly(1, 3, 3, 3, 1);
    assertThat(t.coveredByMultiple()).isEqualTo(2);
    assertThat(t.multipleFrames()).isEqualTo(1);
    assertThat(t.unknownTags()).isZero();
  }

  @Test
  void confirm_nack_completesWithAnError() {
    ConfirmTracker t = registered(4, 7, 8);
    t.confirm(2, true, new IOException("nack"), record);
    assertThat(completed).containsExactly("7 nack", "8 nack");
  }

  @Test
  void register_ringFull_refusesUntilConfirmsFreeIt() {
    ConfirmTracker t = registered(4, 0, 1, 2, 3);
    assertThatThrownBy(() -> t.register(5, 4)).isInstanceOf(IllegalStateException.class);
    t.confirm(1, false, null, record);
    t.register(5, 4);
    t.confirm(5, true, null, record);
    assertThat(completed).containsExactly("0", "1", "2", "3", "4");
  }

  @Test
  void constructor_capacityNotAPowerOfTwo_isRefused() {
    assertThatThrownBy(() -> new ConfirmTracker(6)).isInstanceOf(IllegalArgumentException.class);
  }
}
