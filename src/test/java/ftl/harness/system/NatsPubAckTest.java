package ftl.harness.system;

import static org.assertj.core.api.Assertions.assertThat;

import io.nats.client.impl.NatsMessage;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A PubAck read on the reply-subject path: a stored message's ack is no error, JetStream's error JSON is one. */
class NatsPubAckTest {
  static NatsMessage reply(String json) {
    return new NatsMessage("ftl.ack.r1.5", null, json.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void pubAckError_storedMessage_isNull() {
    assertThat(NatsSystem.pubAckError(reply("{\"stream\":\"ftl-r1\",\"seq\":6}"))).isNull();
  }

  @Test
  void pubAckError_errorJson_isAnErrorCarryingIt() {
    Exception e = NatsSystem.pubAckError(reply("{\"error\":{\"code\":503,\"description\":\"stream offline\"}}"));
    assertThat(e).isNotNull().hasMessageContaining("stream offline");
  }

  @Test
  void indexOf_needleAtEndOrAbsent_isFoundOrMinusOne() {
    byte[] hay = "ab\"error\"".getBytes(StandardCharsets.US_ASCII);
    assertThat(NatsSystem.indexOf(hay, "\"error\"".getBytes(StandardCharsets.US_ASCII))).isEqualTo(2);
    assertThat(NatsSystem.indexOf(hay, "errors".getBytes(StandardCharsets.US_ASCII))).isEqualTo(-1);
  }
}
