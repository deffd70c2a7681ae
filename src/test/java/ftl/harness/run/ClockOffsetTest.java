package ftl.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The emulated producer clock: CreateTime = floor((send_us + offset) / 1000), every other stamp on the true clocks. */
class ClockOffsetTest {

  @ParameterizedTest(name = "send {0} us, offset {1} us -> {2} ms")
  @CsvSource({
      "1700000000123456, 0, 1700000000123",
      "1700000000123456, 700, 1700000000124",
      "1700000000123456, 543, 1700000000123",
      "1700000000123456, 544, 1700000000124",
      "1700000000123456, -456, 1700000000123",
      "1700000000123456, -457, 1700000000122",
      "1700000000123456, -1500, 1700000000121",
      "1700000000123456, 1500, 1700000000124",
      "-1, 0, -1"})
  void offsetCreateMillis_knownStamps_floorOfShiftedMicros(long sendUs, long offsetUs, long createMs) {
    assertThat(KafkaRun.offsetCreateMillis(sendUs, offsetUs)).isEqualTo(createMs);
  }

  @Test
  void offsetRecord_setsTimestampKeepsKeyValueTopic() {
    ProducerRecord<byte[], byte[]> rec = new ProducerRecord<>("t", KafkaRun.key(7), new byte[] {1, 2});
    ProducerRecord<byte[], byte[]> out = KafkaRun.offsetRecord(rec, 1_000_999L, 2L);
    assertThat(out.timestamp()).isEqualTo(1_001L);
    assertThat(out.topic()).isEqualTo("t");
    assertThat(out.key()).isSameAs(rec.key());
    assertThat(out.value()).isSameAs(rec.value());
    assertThat(out.partition()).isNull();
  }

  @Test
  void createMismatches_deliveredCreateTimesAgainstTheOffsetClock_countsTheOnesThatDiffer() {
    long[] ns = {0};
    long[] us = {1_000_400L};
    StampBook book = new StampBook(0, 3, () -> ns[0], () -> us[0]);
    for (int seq = 0; seq < 3; seq++) {
      ns[0] = seq * 1_000_000L;
      us[0] = 1_000_400L + seq * 1000L;
      book.stampSend(seq, ns[0]);
    }
    // offset 700 us: the producer stamps 1001, 1002, 1003; the second delivery carries a rewritten 1000
    us[0] = 1_004_000L;
    book.stampRecv(0, 1_001L);
    book.stampRecv(1, 1_000L);
    book.stampRecv(2, 1_003L);
    assertThat(KafkaRun.createMismatches(book, 700)).isEqualTo(1);
    assertThat(KafkaRun.createMismatches(book, 0)).isEqualTo(3); // floor(send_us / 1000) = 1000, 1001, 1002: all differ
  }
}
