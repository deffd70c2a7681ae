package ftl.harness.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.harness.host.HostCounters;
import ftl.harness.host.LocalListeners;
import ftl.harness.run.FinishedRun;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The instrument on a real NATS JetStream server (Debian's {@code nats-server}, started in a scratch folder on a free
 * port): 300 measured events at 1 ms, every stamp checked. Under 10 s on an idle 2-core host; the timeout is a hang
 * guard.
 */
class NatsIT {
  @TempDir Path tmp;

  @Test
  @Timeout(120)
  void run_realJetStream_everyEventStampedAndFlightsPositive() throws Exception {
    SystemRun.Settings settings = SystemRun.Settings.DEFAULTS.withWarmupEvents(100).withEvents(300);
    try (NatsSystem nats = NatsSystem.start(tmp.resolve("nats"), NatsSystem.Config.defaults())) {
      assertThat(nats.name()).isEqualTo(SystemName.NATS);
      assertThat(nats.serverVersion()).isEqualTo("2.9.10");
      assertThat(nats.clientVersion()).isEqualTo("2.21.1");
      FinishedRun r = SystemRun.run(nats, "it-nats-1", settings);
      SystemRunAssertions.assertStamps(r, 300);
      assertThat(SystemRunAssertions.destination(r)).isEqualTo("ftl-it-nats-1");
      assertThat(SystemRunAssertions.driverCounters(r)).containsEntry("storage", "file")
          .containsEntry("ack_path", "reply_handler")
          .containsEntry("acks_on_sender_thread", "0");
      // the run's connections' threads (the PubAck dispatcher that stamped its acks among them) end with it, so a
      // priority or a core placement put on them cannot outlive the run
      assertThat(Thread.getAllStackTraces().keySet()).extracting(Thread::getName).as("threads of the run's connections")
          .noneMatch(n -> n.startsWith("ftl-p:") || n.startsWith("ftl-c:"));
      // a second run on the same server gets a fresh stream
      FinishedRun again = SystemRun.run(nats, "it-nats-2", settings.withWarmupEvents(0).withEvents(50));
      SystemRunAssertions.assertStamps(again, 50);
      // a server named by its URL that serves on this host is the system's own (its CPU no other task's)
      // (the process holding the listening socket is the started server or one of its descendants)
      assertThat(LocalListeners.pidsOfEndpoint(nats.endpoint())).isNotEmpty()
          .isSubsetOf(HostCounters.processTree(nats.serverPid()));
      // the publishAsync future as the ack path, from a second client of the same server
      try (NatsSystem future = NatsSystem.connect(nats.endpoint(),
          NatsSystem.Config.defaults().withAckPath(NatsSystem.AckPath.FUTURE))) {
        FinishedRun f = SystemRun.run(future, "it-nats-3", settings.withWarmupEvents(0).withEvents(50));
        SystemRunAssertions.assertStamps(f, 50);
        assertThat(SystemRunAssertions.driverCounters(f)).containsEntry("ack_path", "future");
      }
    }
  }

  @Test
  @Timeout(60)
  void connect_serverWithoutJetStream_isRefusedSayingHowToStartIt() throws Exception {
    int port;
    try (ServerSocket free = new ServerSocket(0)) {
      port = free.getLocalPort();
    }
    Process plain = new ProcessBuilder(NatsServer.DEFAULT_BINARY.toString(), "-a", "127.0.0.1", "-p",
        String.valueOf(port)).redirectErrorStream(true).redirectOutput(tmp.resolve("nats-plain.log").toFile()).start();
    try {
      String url = "nats://127.0.0.1:" + port;
      long deadline = System.nanoTime() + 20_000_000_000L;
      while (!listening(port) && System.nanoTime() < deadline) {
        Thread.sleep(50);
      }
      assertThatThrownBy(() -> NatsSystem.connect(url, NatsSystem.Config.defaults()))
          .isInstanceOf(IOException.class).hasMessageContaining("has no JetStream")
          .hasMessageContaining("nats-server -js");
    } finally {
      plain.destroy();
      plain.waitFor();
    }
  }

  private static boolean listening(int port) {
    try (Socket s = new Socket("127.0.0.1", port)) {
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
