package ftl.harness.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue #54: the brokers of a {@code --bootstrap} cluster that serve on this host are found by their listening sockets,
 * so their CPU is the run's own (as the embedded broker's is) rather than another task's. On a synthetic proc tree
 * (labelled: fixture sockets and pids, no real process) and on this JVM's own listening socket.
 */
class LocalListenersTest {
  @TempDir Path proc;

  @Test
  void pids_listeningSocketsOfTheList_onlyThoseInStateListenOnTheirAddressOrTheWildcard() throws IOException {
    Files.createDirectories(proc.resolve("net"));
    Files.writeString(proc.resolve("net/tcp"), String.join("\n",
        "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode",
        "   0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 111 1 0 100 0 0 "
        + "10 0",
        "   1: 0100007F:1F90 0100007F:C350 01 00000000:00000000 00:00000000 00000000     0        0 222 1 0 20 4 30 "
        + "10 -1",
        ""));
    Files.writeString(proc.resolve("net/tcp6"), String.join("\n",
        "  sl  local_address                         remote_address                        st tx_queue rx_queue tr "
            + "tm->when retrnsmt   uid  timeout inode",
        "   0: 0000000000000000FFFF00000200007F:1F91 00000000000000000000000000000000:0000 0A 00000000:00000000 "
            + "00:00000000 00000000     0        0 333 1 0 100 0 0 10 0",
        "   1: 00000000000000000000000000000000:1F92 00000000000000000000000000000000:0000 0A 00000000:00000000 "
            + "00:00000000 00000000     0        0 444 1 0 100 0 0 10 0",
        ""));
    fd("10", "3", "socket:[111]");
    fd("20", "5", "socket:[222]");
    fd("30", "1", "socket:[333]");
    fd("40", "7", "socket:[444]");
    fd("50", "9", "pipe:[111]");
    Files.createDirectories(proc.resolve("self")); // not a pid

    assertThat(LocalListeners.pids("127.0.0.1:8080", proc)).containsExactly(10L);
    assertThat(LocalListeners.pids("127.0.0.2:8081", proc)).as("IPv4-mapped in tcp6").containsExactly(30L);
    assertThat(LocalListeners.pids("127.0.0.3:8082", proc)).as("bound to the wildcard").containsExactly(40L);
    assertThat(LocalListeners.pids("127.0.0.1:8081", proc)).as("bound to 127.0.0.2 only").isEmpty();
    assertThat(LocalListeners.pids("127.0.0.1:8080, 127.0.0.2:8081", proc)).containsExactly(10L, 30L);
    assertThat(LocalListeners.pids("192.0.2.1:8080", proc)).as("an address of no interface here").isEmpty();
  }

  @Test
  void pids_thisJvmsListeningSocket_isFoundInTheRealProc() throws IOException {
    try (ServerSocket s = new ServerSocket()) {
      s.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0));
      assertThat(LocalListeners.pids("127.0.0.1:" + s.getLocalPort())).contains(ProcessHandle.current().pid());
    }
  }

  @Test
  void hostPorts_urlsOfEachSystem_asTheBootstrapListsTheFinderReads() {
    assertThat(LocalListeners.hostPorts("127.0.0.1:9092,localhost:9094")).isEqualTo("127.0.0.1:9092,localhost:9094");
    assertThat(LocalListeners.hostPorts("amqp://guest:secret@127.0.0.1:5673/vhost")).isEqualTo("127.0.0.1:5673");
    assertThat(LocalListeners.hostPorts("amqp://localhost")).isEqualTo("localhost:5672");
    assertThat(LocalListeners.hostPorts("AMQPS://localhost/")).isEqualTo("localhost:5671");
    assertThat(LocalListeners.hostPorts("nats://a:4223, nats://b")).isEqualTo("a:4223,b:4222");
    assertThat(LocalListeners.hostPorts("tls://[::1]")).isEqualTo("[::1]:4222");
    assertThat(LocalListeners.hostPorts("nats://[::1]:4300")).isEqualTo("[::1]:4300");
    // no port and no scheme whose default is known: nothing to look for
    assertThat(LocalListeners.hostPorts("http://example")).isEmpty();
    assertThat(LocalListeners.hostPorts("somehost")).isEmpty();
    assertThat(LocalListeners.hostPorts("amqp://")).isEmpty();
  }

  @Test
  void pidsOfEndpoint_aServerNamedByUrlThatServesHere_isThisJvm() throws IOException {
    try (ServerSocket s = new ServerSocket()) {
      s.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0));
      assertThat(LocalListeners.pidsOfEndpoint("amqp://guest:guest@127.0.0.1:" + s.getLocalPort()))
          .contains(ProcessHandle.current().pid());
    }
    assertThat(LocalListeners.pidsOfEndpoint("http://example")).isEmpty();
  }

  @Test
  void address_wordsInHostOrder() throws IOException {
    assertThat(LocalListeners.address("0100007F").getHostAddress()).isEqualTo("127.0.0.1");
    assertThat(LocalListeners.address("0000000000000000FFFF00000300007F").getHostAddress()).isEqualTo("127.0.0.3");
    assertThat(LocalListeners.address("00000000000000000000000001000000").isLoopbackAddress()).isTrue();
    assertThat(LocalListeners.Listening.parse("  sl  local_address rem_address   st tx_queue")).isNull();
  }

  private void fd(String pid, String fd, String target) throws IOException {
    Path dir = Files.createDirectories(proc.resolve(pid).resolve("fd"));
    Files.createSymbolicLink(dir.resolve(fd), Path.of(target));
  }
}
