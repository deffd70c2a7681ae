package ftl.data.io;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.data.ledger.EventReader;
import ftl.verify.Manifest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Defect: the event reader peeked at the first two bytes (gzip magic) with mark/reset on a stream that
 * sat below the digest, so those bytes were hashed twice and every file's SHA-256 differed from
 * {@code sha256sum}'s — every ledger check would have failed. The digest now sits below the buffer.
 */
class DigestOfMarkedBytesRegressionTest {

  @ParameterizedTest(name = "gzip={0}")
  @ValueSource(booleans = {false, true})
  void read_anyFile_digestEqualsSha256sumOfStoredBytes(boolean gzip, @TempDir Path tmp) throws IOException {
    StringBuilder sb = new StringBuilder("seq,send_ns,ack_ns,recv_ns,send_us,recv_us,create_ms\n");
    for (int i = 0; i < 50_000; i++) {
      sb.append(i).append(',').append(i * 1000L).append(',').append(i * 1000L + 300).append(',')
          .append(i * 1000L + 400).append(",1700000000000000,1700000000000400,1700000000000\n");
    }
    byte[] bytes = sb.toString().getBytes(StandardCharsets.UTF_8);
    if (gzip) {
      ByteArrayOutputStream bo = new ByteArrayOutputStream();
      try (GZIPOutputStream g = new GZIPOutputStream(bo)) {
        g.write(bytes);
      }
      bytes = bo.toByteArray();
    }
    Path f = tmp.resolve(gzip ? "e.csv.gz" : "e.csv");
    Files.write(f, bytes);
    EventReader.FileSummary s = EventReader.read(f, f.getFileName().toString(), null, e -> { });
    assertThat(s.rows()).isEqualTo(50_000);
    assertThat(s.sha256()).isEqualTo(Manifest.sha256(f));
  }
}
