package ftl.harness.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.io.DataException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The StatsBomb events reader: what it keeps, and a clear error naming file and line for each malformed fixture. */
class StatsBombReaderTest {
  static final Path DIR = Path.of("src/test/resources/ftl/harness/replay/malformed");

  @Test
  void read_fixture_keepsFourFieldsOfEveryEventInFileOrder() {
    StatsBombReader.Loaded in = StatsBombReader.read(ReplayDerivationTest.FIXTURE);
    assertThat(in.events()).hasSize(9);
    assertThat(in.events().get(3)).isEqualTo(new MatchEvent(5, 1, 1000, 43, 25));
    assertThat(in.events().get(7)).isEqualTo(new MatchEvent(8, 2, 2000, 16, 49));
    assertThat(in.sha256()).matches("[0-9a-f]{64}");
  }

  static Stream<Arguments> malformed() {
    return Stream.of(
        Arguments.of("not-array.json", 1, "a JSON array of event objects"),
        Arguments.of("truncated.json", 9, "truncated"),
        Arguments.of("missing-timestamp.json", 7, "event 2 has no timestamp"),
        Arguments.of("bad-timestamp.json", 5, "timestamp is not HH:MM:SS.mmm (00:01:02)"),
        Arguments.of("bad-period.json", 1, "period must be 1..5 (was 7)"),
        Arguments.of("type-not-object.json", 6, "type is not an object with an id (Pass)"),
        Arguments.of("bad-json.json", 4, "not valid JSON"),
        Arguments.of("index-not-integer.json", 3, "index is not a non-negative integer (one)"),
        Arguments.of("duplicate-timestamp.json", 6, "not valid JSON: Duplicate field 'timestamp'"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("malformed")
  void read_malformedFile_failsNamingFileAndLine(String name, int line, String problem) {
    Path f = DIR.resolve(name);
    assertThatThrownBy(() -> StatsBombReader.read(f)).isInstanceOf(DataException.class)
        .hasMessageStartingWith(f + ":" + line + ": ").hasMessageContaining(problem);
  }

  @Test
  void read_missingOrNotAFile_isBadData(@TempDir Path tmp) {
    assertThatThrownBy(() -> StatsBombReader.read(tmp.resolve("none.json"))).isInstanceOf(DataException.class)
        .hasMessageContaining("no such events file");
    assertThatThrownBy(() -> StatsBombReader.read(tmp)).isInstanceOf(DataException.class)
        .hasMessageContaining("not a regular file");
  }

  @Test
  void read_overTheCap_isRefusedBeforeParsing(@TempDir Path tmp) throws IOException {
    Path big = tmp.resolve("big.json");
    try (var ch = FileChannel.open(big, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      ch.write(ByteBuffer.wrap(new byte[] {' '}), StatsBombReader.MAX_BYTES); // sparse: MAX_BYTES + 1 bytes
    }
    assertThat(Files.size(big)).isEqualTo(StatsBombReader.MAX_BYTES + 1);
    assertThatThrownBy(() -> StatsBombReader.read(big)).isInstanceOf(DataException.class)
        .hasMessageContaining("more than the cap of " + StatsBombReader.MAX_BYTES);
  }

  @Test
  void read_contentAfterTheArray_isRefused(@TempDir Path tmp) throws IOException {
    Path f = Files.writeString(tmp.resolve("x.json"),
        "[ {\"index\":1,\"period\":1,\"timestamp\":\"00:00:00.000\",\"type\":{\"id\":1}} ]\n[]\n");
    assertThatThrownBy(() -> StatsBombReader.read(f)).hasMessageContaining(":2: content after the array");
  }
}
