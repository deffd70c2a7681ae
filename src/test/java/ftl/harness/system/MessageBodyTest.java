package ftl.harness.system;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The seq a body carries comes back as sent, the payload is the Kafka sender's, a short body carries none. */
class MessageBodyTest {
  @ParameterizedTest
  @ValueSource(longs = {Long.MIN_VALUE, -500, -1, 0, 1, 255, 256, 2_999, Long.MAX_VALUE - 1})
  void seqOf_bodyWithSeq_givesTheSeqBack(long seq) {
    byte[] template = MessageBody.template(30);
    byte[] body = MessageBody.withSeq(template, seq);
    assertThat(MessageBody.seqOf(body)).isEqualTo(seq);
    assertThat(body).hasSize(38);
    assertThat(body[8]).isEqualTo((byte) 'a');
    assertThat(body[8 + 26]).isEqualTo((byte) 'a');
    assertThat(MessageBody.seqOf(template)).as("the template is not changed").isZero();
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 7})
  void seqOf_shortBody_isNoSeqOfARun(int length) {
    assertThat(MessageBody.seqOf(new byte[length])).isEqualTo(Long.MAX_VALUE);
  }
}
