package ftl.harness.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.io.DataException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The schedule file: it reads back to the same bytes, and a tampered file is refused naming the line. */
class SendScheduleTest {
  static final SendSchedule S = new SendSchedule(ReplayDerivationTest.SHA_OF_NOTHING, List.of("--mean-gap", "1us"),
      new long[] {0, 0, 700, 3000});

  @Test
  void parse_rendered_roundTripsByteForByte() {
    SendSchedule back = SendSchedule.parse("s.csv", S.render());
    assertThat(back.render()).isEqualTo(S.render());
    assertThat(back.sha256()).isEqualTo(S.sha256());
    assertThat(back.size()).isEqualTo(4);
    assertThat(back.offsetNanos(2)).isEqualTo(700);
    assertThat(back.inputSha256()).isEqualTo(ReplayDerivationTest.SHA_OF_NOTHING);
  }

  @Test
  void parse_tampered_isRefusedNamingTheLine() {
    String text = new String(S.render(), StandardCharsets.UTF_8);
    assertThatThrownBy(() -> SendSchedule.parse("s.csv",
        text.replace("2,700\n", "2,70x\n").getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(DataException.class).hasMessageStartingWith("s.csv:9: expected \"2,<offset_ns>\"");
    assertThatThrownBy(() -> SendSchedule.parse("s.csv",
        text.replace("3,3000\n", "3,3001\n").getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(DataException.class).hasMessageContaining("s.csv:5:");
    assertThatThrownBy(() -> SendSchedule.parse("s.csv",
        text.replace("2,700\n", "2,4000\n").getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(DataException.class).hasMessageContaining("goes back in time");
    assertThatThrownBy(() -> SendSchedule.parse("s.csv",
        text.substring(0, text.length() - 1).getBytes(StandardCharsets.UTF_8)))
        .hasMessageContaining("truncated");
    assertThatThrownBy(() -> SendSchedule.parse("s.csv",
        text.replace("# format", "# formax").getBytes(StandardCharsets.UTF_8)))
        .hasMessageStartingWith("s.csv:2: expected");
    assertThatThrownBy(() -> SendSchedule.parse("s.csv", "x\n".getBytes(StandardCharsets.UTF_8)))
        .hasMessageContaining("too short");
  }

  @Test
  void constructor_invalidOffsets_areRefused() {
    String sha = ReplayDerivationTest.SHA_OF_NOTHING;
    assertThatThrownBy(() -> new SendSchedule(sha, List.of(), new long[] {0})).hasMessageContaining("at least 2");
    assertThatThrownBy(() -> new SendSchedule(sha, List.of(), new long[] {1, 2})).hasMessageContaining("first offset");
    assertThatThrownBy(() -> new SendSchedule(sha, List.of(), new long[] {0, 0})).hasMessageContaining("positive time");
    assertThatThrownBy(() -> new SendSchedule("ABC", List.of(), new long[] {0, 1})).hasMessageContaining("hex");
  }
}
