package ftl.harness.system;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.data.ledger.Event;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The seq and the millisecond stamp a body carries come back as sent, the payload is the Kafka sender's, a short body
 * or an unstamped one carries none.
 */
class MessageBodyTest {
  @ParameterizedTest
  @ValueSource(longs = {Long.MIN_VALUE, -500, -1, 0, 1, 255, 256, 2_999, Long.MAX_VALUE - 1})
  void seqOf_bodyWithSeq_givesTheSeqBack(long seq) {
    byte[] template = MessageBody.template(30);
    byte[] body = MessageBody.withSeq(template, seq);
    assertThat(MessageBody.seqOf(body)).isEqualTo(seq);
    assertThat(body).hasSize(46);
    assertThat(body[16]).isEqualTo((byte) 'a');
    assertThat(body[16 + 26]).isEqualTo((byte) 'a');
    assertThat(MessageBody.seqOf(template)).as("the template is not changed").isZero();
    assertThat(MessageBody.millisOf(body)).as("no stamp written").isEqualTo(Event.MISSING);
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 255, 256, 1_764_633_600_123L, Long.MAX_VALUE})
  void millisOf_bodyWithSeqAndMillis_givesBoth(long millis) {
    byte[] template = MessageBody.template(5);
    byte[] body = MessageBody.withSeqAndMillis(template, 42, millis);
    assertThat(MessageBody.seqOf(body)).isEqualTo(42);
    assertThat(MessageBody.millisOf(body)).isEqualTo(millis);
    assertThat(body).hasSize(21);
    assertThat(body[16]).isEqualTo((byte) 'a');
    assertThat(MessageBody.millisOf(template)).as("the template is not changed").isEqualTo(Event.MISSING);
  }

  @Test
  void millisOf_negativeStamp_isNoStamp() {
    assertThat(MessageBody.millisOf(MessageBody.withSeqAndMillis(MessageBody.template(0), 1, -5)))
        .isEqualTo(Event.MISSING);
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 7})
  void seqOf_shortBody_isNoSeqOfARun(int length) {
    assertThat(MessageBody.seqOf(new byte[length])).isEqualTo(Long.MAX_VALUE);
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 8, 15})
  void millisOf_shortBody_isNoStamp(int length) {
    assertThat(MessageBody.millisOf(new byte[length])).isEqualTo(Event.MISSING);
  }
}
