package ftl.harness.broker;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue #43: a broker that dies during a campaign leaves its own reason in the run's ledger reason, not only its exit
 * code. The process here is a shell that exits at once and the console log is synthetic, as the broker's would read.
 */
class BrokerDeathTest {
  @TempDir Path tmp;

  @Test
  void death_exitedBroker_namesPidExitCodeAndItsLastLogLines() throws Exception {
    Files.createDirectories(tmp.resolve("logs"));
    Files.writeString(tmp.resolve("logs/console.log"),
        "[12:00:00.000] INFO  KafkaServer: starting\n[12:00:01.000] ERROR KafkaServer: No space left on device\n");
    Process p = new ProcessBuilder("sh", "-c", "exit 3").start();
    assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
    EmbeddedBroker b = new EmbeddedBroker(tmp, p, 1);
    assertThat(b.alive()).isFalse();
    assertThat(b.death()).startsWith("broker pid " + p.pid() + " exited with code 3: ")
        .contains("No space left on device");
  }
}
