package ftl.harness.broker;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 58, case 14 (an unclear message): a cluster node whose port was taken before launch, or whose log folder was
 * made read-only after formatting, failed the start with exit 5 and a message of stack frames, the last lines of its
 * console: the cause ({@code BindException}, {@code AccessDeniedException}) was only in {@code console.log}. Now a
 * node's failure says its cause first and quotes no stack frame. The console logs are synthetic, as Kafka 4 writes
 * them.
 */
class NodeCauseInConsoleRegressionTest {
  @TempDir Path tmp;

  private static String frames(int n) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < n; i++) {
      s.append("\tat kafka.network.SocketServer.openServerSocket(SocketServer.scala:").append(700 + i).append(")\n");
    }
    return s.toString();
  }

  @Test
  void tail_portTakenBeforeLaunch_namesTheBindFailureWithoutFrames() throws Exception {
    Path console = Files.writeString(tmp.resolve("console.log"),
        "[2026-12-06 02:00:00,000] INFO starting (kafka.server.KafkaRaftServer)\n"
        + "[2026-12-06 02:00:01,000] ERROR Exiting Kafka due to fatal exception during startup. (kafka.Kafka$)\n"
        + "org.apache.kafka.common.KafkaException: Socket server failed to bind to 127.0.0.2:9092: Address already "
        + "in use.\n"
        + frames(20) + "Caused by: java.net.BindException: Address already in use\n" + frames(12) + "\t... 9 more\n");
    String tail = EmbeddedBroker.tail(console);
    assertThat(tail)
        .startsWith("the broker says: org.apache.kafka.common.KafkaException: Socket server failed to bind to "
        + "127.0.0.2:9092: Address already in use. | Caused by: java.net.BindException: Address already in use; last "
        + "lines: ")
        .doesNotContain("\tat ").doesNotContain("SocketServer.scala");
  }

  @Test
  void tail_logFolderReadOnly_namesTheAccessDenied() throws Exception {
    Path console = Files.writeString(tmp.resolve("console.log"),
        "[2026-12-06 02:00:01,000] ERROR Fatal error during broker "
        + "startup. Prepare to shutdown (kafka.server.BrokerServer)\njava.nio.file.AccessDeniedException: "
        + "/scratch/cluster/node-2/data/meta.properties.tmp\n" + frames(25));
    assertThat(EmbeddedBroker.tail(console)).contains("java.nio.file.AccessDeniedException: "
        + "/scratch/cluster/node-2/data/meta.properties.tmp").doesNotContain("\tat ");
  }

  @Test
  void tail_noCause_lastLinesAsBefore() throws Exception {
    Path console = Files.writeString(tmp.resolve("console.log"), "a\nb\nc\nd\ne\nf\n");
    assertThat(EmbeddedBroker.tail(console)).isEqualTo("b | c | d | e | f");
    assertThat(EmbeddedBroker.tail(tmp.resolve("absent.log"))).isEqualTo("(no log)");
  }
}
