package ftl.harness.system;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A RabbitMQ node from Debian's {@code rabbitmq-server} package, run as a child process on {@code 127.0.0.1} with
 * everything of its own under a scratch folder, so two starts (two engineers, two tests) do not collide:
 * <ul>
 *   <li>a unique node name {@code ftl<pid>x<random>@localhost} ({@code RABBITMQ_NODENAME});</li>
 *   <li>free ports for AMQP ({@code RABBITMQ_NODE_PORT}), Erlang distribution ({@code RABBITMQ_DIST_PORT}) and
 *       its own {@code epmd} ({@code ERL_EPMD_PORT}): an {@code epmd -port <p>} this class starts in the foreground
 *       as a child, so no daemon {@code epmd} outlives the node;</li>
 *   <li>{@code mnesia/}, {@code log/}, {@code rabbitmq.conf}, {@code enabled_plugins} (none), an empty
 *       {@code rabbitmq-env.conf} and {@code HOME} (the Erlang cookie) in the scratch folder.</li>
 * </ul>
 * It runs the server script itself ({@code /usr/lib/rabbitmq/bin/rabbitmq-server}), not Debian's wrapper in
 * {@code /usr/sbin}, which would switch to the {@code rabbitmq} user. Ready once an AMQP connection opens.
 */
public final class RabbitMqServer implements AutoCloseable {
  /** Debian's server script. */
  public static final Path DEFAULT_SCRIPT = Path.of("/usr/lib/rabbitmq/bin/rabbitmq-server");
  /** Erlang's port mapper daemon (package erlang-base). */
  public static final Path DEFAULT_EPMD = Path.of("/usr/bin/epmd");
  /** A node boots in 3-15 s on this 2-core host; 90 s allows a loaded one. */
  static final long READY_TIMEOUT_MILLIS = 90_000;
  static final long GRACE_MILLIS = 15_000;

  private final ServerProcess epmd;
  private final ServerProcess node;
  private final int port;
  private final String nodeName;

  private RabbitMqServer(ServerProcess epmd, ServerProcess node, int port, String nodeName) {
    this.epmd = epmd;
    this.node = node;
    this.port = port;
    this.nodeName = nodeName;
  }

  /** Starts Debian's RabbitMQ under {@code scratch}. */
  public static RabbitMqServer start(Path scratch) throws IOException {
    return start(scratch, DEFAULT_SCRIPT, DEFAULT_EPMD, READY_TIMEOUT_MILLIS);
  }

  /**
   * Starts {@code script} (a {@code rabbitmq-server}) under {@code scratch} with its own {@code epmd}.
   *
   * @throws ServerStartException a binary is missing, or exited, or did not serve in time (with its log's last lines)
   */
  public static RabbitMqServer start(Path scratch, Path script, Path epmdBinary,
      long readyTimeoutMillis) throws IOException {
    // a free port is chosen before the node binds it: another process may take it meanwhile (onFreshPorts)
    return ServerProcess.onFreshPorts(() -> startOnce(scratch, script, epmdBinary, readyTimeoutMillis));
  }

  private static RabbitMqServer startOnce(Path scratch, Path script, Path epmdBinary,
      long readyTimeoutMillis) throws IOException {
    scratch = scratch.toAbsolutePath().normalize();
    for (Path bin : List.of(script, epmdBinary)) {
      if (!Files.isExecutable(bin)) {
        throw new ServerStartException("rabbitmq-server cannot start: " + bin
            + " is missing or not executable (Debian: apt-get install rabbitmq-server)", List.of());
      }
    }
    Path mnesia = scratch.resolve("mnesia");
    Path logs = scratch.resolve("log");
    Files.createDirectories(mnesia);
    Files.createDirectories(logs);
    int[] ports = ServerProcess.freePorts(3);
    int amqp = ports[0];
    int dist = ports[1];
    int epmdPort = ports[2];
    String nodeName = "ftl" + ProcessHandle.current().pid() + "x"
        + Long.toString(ThreadLocalRandom.current().nextLong() >>> 28, 36) + "@localhost";
    Path conf = scratch.resolve("rabbitmq.conf");
    Files.writeString(conf, config(amqp), StandardCharsets.UTF_8);
    Path plugins = scratch.resolve("enabled_plugins");
    Files.writeString(plugins, "[].\n", StandardCharsets.UTF_8);
    Path envConf = scratch.resolve("rabbitmq-env.conf");
    Files.writeString(envConf, "# empty: every setting comes from the environment ftl gives\n", StandardCharsets.UTF_8);

    Map<String, String> env = new LinkedHashMap<>();
    // Nothing of the caller's RabbitMQ or Erlang settings leaks in.
    System.getenv().keySet().stream().filter(k -> k.startsWith("RABBITMQ_") || k.startsWith("ERL_"))
        .forEach(k -> env.put(k, null));
    env.put("HOME", scratch.toString());
    env.put("ERL_EPMD_PORT", String.valueOf(epmdPort));
    env.put("RABBITMQ_CONF_ENV_FILE", envConf.toString());
    env.put("RABBITMQ_NODENAME", nodeName);
    env.put("RABBITMQ_USE_LONGNAME", "false");
    env.put("RABBITMQ_NODE_IP_ADDRESS", "127.0.0.1");
    env.put("RABBITMQ_NODE_PORT", String.valueOf(amqp));
    env.put("RABBITMQ_DIST_PORT", String.valueOf(dist));
    env.put("RABBITMQ_MNESIA_BASE", mnesia.toString());
    env.put("RABBITMQ_LOG_BASE", logs.toString());
    env.put("RABBITMQ_CONFIG_FILE", conf.toString());
    env.put("RABBITMQ_ENABLED_PLUGINS_FILE", plugins.toString());
    env.put("RABBITMQ_PID_FILE", scratch.resolve("rabbitmq.pid").toString());

    ServerProcess epmd = ServerProcess.start(new ServerProcess.Launch("epmd",
        List.of(epmdBinary.toString(), "-port", String.valueOf(epmdPort)),
        Map.of("ERL_EPMD_PORT", String.valueOf(epmdPort)), scratch, logs.resolve("epmd.console.log"), List.of()),
        ServerProcess.accepts(epmdPort), 10_000, 2_000);
    try {
      ServerProcess node = ServerProcess.start(new ServerProcess.Launch("rabbitmq-server", List.of(script.toString()),
          env, scratch, logs.resolve("console.log"), List.of(logs.resolve(nodeName + ".log"))),
          () -> ServerProcess.accepts(amqp).ready() && RabbitMqSystem.answers(uri(amqp)), readyTimeoutMillis,
          GRACE_MILLIS);
      return new RabbitMqServer(epmd, node, amqp, nodeName);
    } catch (IOException | RuntimeException e) {
      epmd.close();
      throw e;
    }
  }

  static String config(int amqpPort) {
    return "# written by ftl.harness.system.RabbitMqServer\n"
        + "listeners.tcp.default = 127.0.0.1:" + amqpPort + "\n"
        + "log.file.level = info\n"
        + "log.console = true\n";
  }

  static String uri(int port) {
    return "amqp://guest:guest@127.0.0.1:" + port + "/%2F";
  }

  /** {@code amqp://guest:guest@127.0.0.1:<port>/%2F}: the default user, allowed from loopback. */
  public String uri() { return uri(port); }

  public int port() { return port; }

  public String nodeName() { return nodeName; }

  public boolean alive() { return node.alive(); }

  /** Why it is not alive (exit code and log tail), for a reason. */
  public String death() {
    return "rabbitmq-server exited (" + node.exitCode() + "): " + String.join(" | ", node.logTail());
  }

  public long pid() { return node.pid(); }

  /** The server's own pid, not its watchdog's ({@link ServerProcess#serverPid}). */
  public long serverPid() { return node.serverPid(); }

  /** Stops the node (SIGTERM: a clean shutdown), then its epmd. */
  @Override
  public void close() {
    try {
      node.close();
    } finally {
      epmd.close();
    }
  }
}
