package ftl.harness.system;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A NATS server with JetStream from Debian's {@code nats-server} package, run as a child process:
 * {@code nats-server -js -a 127.0.0.1 -p <free port> -sd <scratch>/js}, its log in {@code <scratch>/console.log}.
 * Ready once a TCP client receives its {@code INFO} line announcing JetStream.
 */
public final class NatsServer implements AutoCloseable {
  /** Debian's binary. */
  public static final Path DEFAULT_BINARY = Path.of("/usr/sbin/nats-server");
  static final long READY_TIMEOUT_MILLIS = 30_000;
  static final long GRACE_MILLIS = 10_000;

  private final ServerProcess process;
  private final int port;

  private NatsServer(ServerProcess process, int port) {
    this.process = process;
    this.port = port;
  }

  public static NatsServer start(Path scratch) throws IOException {
    return start(scratch, DEFAULT_BINARY, READY_TIMEOUT_MILLIS);
  }

  /**
   * Starts {@code binary} (a {@code nats-server}) with JetStream, storage under {@code scratch/js}.
   *
   * @throws ServerStartException the binary is missing, exited, or did not serve in time (with its log's last lines)
   */
  public static NatsServer start(Path scratch, Path binary, long readyTimeoutMillis) throws IOException {
    // a free port is chosen before the server binds it: another process may take it meanwhile
    return ServerProcess.onFreshPorts(() -> startOnce(scratch, binary, readyTimeoutMillis));
  }

  private static NatsServer startOnce(Path scratch, Path binary, long readyTimeoutMillis) throws IOException {
    scratch = scratch.toAbsolutePath().normalize();
    if (!Files.isExecutable(binary)) {
      throw new ServerStartException("nats-server cannot start: " + binary
          + " is missing or not executable (Debian: apt-get install nats-server)", List.of());
    }
    Path store = scratch.resolve("js");
    Files.createDirectories(store);
    int port = ServerProcess.freePort();
    ServerProcess p = ServerProcess.start(new ServerProcess.Launch("nats-server",
        List.of(binary.toString(), "-js", "-a", "127.0.0.1", "-p", String.valueOf(port), "-sd", store.toString()),
        Map.of(), scratch, scratch.resolve("console.log"), List.of()), () -> announcesJetStream(port),
        readyTimeoutMillis, GRACE_MILLIS);
    return new NatsServer(p, port);
  }

  /** True when a client connecting to the port reads an {@code INFO} line with {@code "jetstream":true}. */
  static boolean announcesJetStream(int port) throws IOException {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 500);
      s.setSoTimeout(1000);
      InputStream in = s.getInputStream();
      StringBuilder line = new StringBuilder();
      for (int c; (c = in.read()) >= 0 && c != '\n' && line.length() < 8192; ) {
        line.append((char) c);
      }
      String info = line.toString();
      return info.startsWith("INFO ") && info.replace(" ", "").contains("\"jetstream\":true");
    }
  }

  /** {@code nats://127.0.0.1:<port>}. */
  public String url() { return "nats://127.0.0.1:" + port; }

  public int port() { return port; }

  public boolean alive() { return process.alive(); }

  public long pid() { return process.pid(); }

  /** nats-server's own pid, not its watchdog's ({@link ServerProcess#serverPid}). */
  public long serverPid() { return process.serverPid(); }

  /** Why it is not alive (exit code and log tail). */
  public String death() {
    return "nats-server exited (" + process.exitCode() + "): " + String.join(" | ", process.logTail());
  }

  /** SIGTERM (a clean JetStream shutdown), SIGKILL after the grace period. */
  @Override
  public void close() { process.close(); }

}
