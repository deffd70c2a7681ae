package ftl.harness.system;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 43, item 5: with its port already taken by another process, a server died of "address already in use" while
 * the other process answered the readiness probe, so the start was taken as done and the server's own reason was lost
 * from the failure that followed. A server is now taken as serving only when it is still alive a watchdog period after
 * its probe first answered; otherwise the start fails with its log's last lines. The server here is a stand-in shell
 * command, and the other process is this test's own socket.
 */
class PortTakenRegressionTest {
  @TempDir Path tmp;

  @Test
  @Timeout(30)
  void start_portAnsweredByAnotherProcess_failsWithTheServersOwnReason() throws Exception {
    try (ServerSocket other = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      int port = other.getLocalPort();
      assertThatThrownBy(() -> ServerProcess.start(new ServerProcess.Launch("stand-in", List.of("/bin/sh", "-c",
              "echo \"listen tcp 127.0.0.1:" + port + ": bind: address already in use\" >&2; exit 1"), Map.of(), tmp,
              tmp.resolve("console.log"), List.of()), ServerProcess.accepts(port), 10_000, 500))
          .isInstanceOf(ServerStartException.class)
          .hasMessageContaining("stand-in exited during start-up (exit 1)")
          .hasMessageContaining("bind: address already in use");
    }
  }
}
