package ftl.harness.system;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 58, case 9 (an orphan): a SIGKILL of the watchdog shell around {@code nats-server} left nats-server running
 * after ftl exited: the server ran in a session of its own, and only the watchdog watched the JVM. Now a guard in the
 * server's own group ({@link ServerProcess#GROUP_GUARD}) watches the watchdog, and stops the whole group when it is
 * gone. The server is a stand-in shell command that writes its pid and sleeps.
 */
class WatchdogKilledRegressionTest {
  @TempDir Path tmp;

  @Test
  @Timeout(60)
  void watchdogSigkilled_serverGroupStopped() throws Exception {
    Path pidFile = tmp.resolve("server.pid");
    try (ServerProcess s = ServerProcess.start(new ServerProcess.Launch("stand-in",
        List.of("/bin/sh", "-c", "echo $$ > " + pidFile
            + ".tmp && mv " + pidFile + ".tmp " + pidFile + "; exec sleep 600"), Map.of(), tmp,
            tmp.resolve("console.log"), List.of()), () -> Files.exists(pidFile), 20_000, 500)) {
      ProcessHandle server = ProcessHandle.of(Long.parseLong(Files.readString(pidFile).strip())).orElseThrow();
      ProcessHandle watchdog = ProcessHandle.of(s.pid()).orElseThrow();

      assertThat(watchdog.destroyForcibly()).as("SIGKILL sent to the watchdog").isTrue();
      watchdog.onExit().get(10, TimeUnit.SECONDS);
      server.onExit().get(20, TimeUnit.SECONDS);

      assertThat(server.isAlive()).as("the server outlives no watchdog").isFalse();
    }
  }
}
