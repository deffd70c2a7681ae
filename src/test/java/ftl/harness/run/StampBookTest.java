package ftl.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.data.ledger.Event;
import org.junit.jupiter.api.Test;

class StampBookTest {

  /** A book on fake clocks: each read of the monotonic clock advances 1000 ns, the wall clock 1 µs. */
  static StampBook fake(int warmup, int events) {
    long[] ns = {0};
    long[] us = {1_700_000_000_000_000L};
    return new StampBook(warmup, events, () -> ns[0] += 1000, () -> us[0] += 1);
  }

  @Test
  void slots_warmupHasNegativeSeq_measuredStartAtZero() {
    StampBook b = fake(3, 5);
    assertThat(b.slotOf(-3)).isEqualTo(0);
    assertThat(b.slotOf(0)).isEqualTo(3);
    assertThat(b.slotOf(4)).isEqualTo(7);
    assertThat(b.slotOf(5)).isEqualTo(-1);
    assertThat(b.slotOf(-4)).isEqualTo(-1);
    assertThat(b.slotOf(Long.MIN_VALUE)).isEqualTo(-1);
    assertThat(b.seqOf(0)).isEqualTo(-3);
  }

  @Test
  void stamps_missingUntilTaken_duplicatesAndForeignCounted() {
    StampBook b = fake(1, 2);
    b.stampSend(1, 500);
    assertThat(b.sent(0)).isTrue();
    assertThat(b.sent(1)).isFalse();
    Event e = b.event(0);
    assertThat(e.hasAck()).isFalse();
    assertThat(e.hasRecv()).isFalse();
    b.stampRecv(0, 1_700_000_000_000L);
    b.stampRecv(0, 1_700_000_000_001L);
    b.stampRecv(99, 0);
    b.stampAck(1, null);
    b.stampAck(2, new RuntimeException("boom"));
    e = b.event(0);
    assertThat(e.hasRecv()).isTrue();
    assertThat(e.complete()).isTrue();
    assertThat(e.ackSpanNanos()).as("ack after receive on the fake clock: A < 0").isNegative();
    assertThat(e.createMillis()).isEqualTo(1_700_000_000_000L);
    assertThat(b.duplicates()).isEqualTo(1);
    assertThat(b.foreign()).isEqualTo(1);
    assertThat(b.ackErrors()).isEqualTo(1);
    assertThat(b.firstAckError()).contains("boom");
    assertThat(b.intendedNanos(0)).isEqualTo(500);
    assertThat(b.sentTotal()).isEqualTo(1);
    assertThat(b.measuredSent()).isEqualTo(1);
  }
}
