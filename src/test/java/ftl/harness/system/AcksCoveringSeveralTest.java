package ftl.harness.system;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.data.ledger.Event;
import ftl.harness.run.StampBook;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * The ledger's {@code acks_covering_several} and the events' {@code ack_covered}, from the book: a count of the
 * measured events whose acknowledgment completed several messages, empty when no acknowledgment said how many.
 */
class AcksCoveringSeveralTest {

  /** A book of four measured sends on simulated clocks. */
  private static StampBook sent() {
    long[] t = {0};
    StampBook b = new StampBook(0, 4, () -> t[0] += 10, () -> 1_000_000L);
    for (int s = 0; s < 4; s++) {
      b.stampSend(s, 0);
    }
    return b;
  }

  @Test
  void acksCoveringSeveral_mixedConfirms_countsThoseAboveOne() {
    StampBook b = sent();
    b.stampAck(0, null, 1);
    b.stampAck(1, null, 3);
    b.stampAck(2, null, 3);
    b.stampAck(3, new IOException("nack"), 3); // a nack stamps nothing
    assertThat(SystemCampaignRun.acksCoveringSeveral(b)).isEqualTo("2");
    assertThat(b.event(0).ackCovered()).isEqualTo(1);
    assertThat(b.event(1).ackCovered()).isEqualTo(3);
    assertThat(b.event(3).ackCovered()).as("no ack: nothing covered").isEqualTo(Event.MISSING);
  }

  @Test
  void acksCoveringSeveral_systemThatDoesNotSay_isEmpty() {
    StampBook b = sent();
    b.stampAck(0, null);
    b.stampAck(1, null, StampBook.ACK_COVERED_UNTOLD);
    assertThat(SystemCampaignRun.acksCoveringSeveral(b)).isEmpty();
    assertThat(b.event(0).ackCovered()).isEqualTo(Event.MISSING);
  }
}
