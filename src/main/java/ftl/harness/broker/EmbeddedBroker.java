package ftl.harness.broker;

import ftl.harness.LogLines;
import ftl.harness.host.ParentWatch;
import ftl.harness.host.ProcFs;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.Uuid;

/**
 * A single-node Apache Kafka broker in KRaft mode (combined broker and controller) in a separate JVM on
 * 127.0.0.1, with free ports chosen at start and its storage formatted under a scratch folder:
 * {@code <scratch>/server.properties}, {@code data/}, {@code logs/broker.log}, {@code logs/console.log}.
 *
 * <p>Life cycle: {@code kafka.tools.StorageTool format --standalone} in a short JVM, then {@code kafka.Kafka
 * server.properties} (run through {@link ParentWatch}, which halts the broker if this JVM disappears), then
 * ready once an {@code AdminClient.describeCluster()} answers with a node; {@link #close()} sends SIGTERM
 * and waits for a clean shutdown (SIGKILL after 30 s).
 */
public final class EmbeddedBroker implements AutoCloseable {

  /** JVM flags of the broker. */
  public static final List<String> JVM_FLAGS = List.of("-Xms512m", "-Xmx1g", "-XX:+UseG1GC");
  private static final long READY_TIMEOUT_MILLIS = 90_000;

  private final Path scratch;
  private final Process process;
  private final int port;

  EmbeddedBroker(Path scratch, Process process, int port) {
    this.scratch = scratch;
    this.process = process;
    this.port = port;
  }

  /** The classpath of child JVMs: {@code surefire.test.class.path} under Maven tests, else {@code java.class.path}. */
  public static String childClasspath() {
    String cp = System.getProperty("surefire.test.class.path");
    return cp != null && !cp.isBlank() ? cp : System.getProperty("java.class.path");
  }

  /** Formats storage under {@code scratch} (created if needed), starts the broker and waits until it serves. */
  public static EmbeddedBroker start(Path scratch) throws IOException {
    scratch = scratch.toAbsolutePath().normalize();
    Path data = scratch.resolve("data");
    Path logs = scratch.resolve("logs");
    Files.createDirectories(data);
    Files.createDirectories(logs);
    int port = freePort();
    int controllerPort = freePort();
    while (controllerPort == port) {
      controllerPort = freePort();
    }
    Path props = scratch.resolve("server.properties");
    Files.writeString(props, serverProperties(port, controllerPort, data), StandardCharsets.UTF_8);
    Path log4j = writeLog4j(scratch);
    format(props, logs, log4j, Uuid.randomUuid().toString(), true);
    Process p = launch(props, logs, log4j);
    EmbeddedBroker b = new EmbeddedBroker(scratch, p, port);
    try {
      b.awaitReady(READY_TIMEOUT_MILLIS);
    } catch (IOException | RuntimeException e) {
      b.close();
      throw e;
    }
    return b;
  }

  /**
   * Formats one node's storage with {@code kafka.tools.StorageTool format} in a short JVM; {@code standalone} for a
   * single node that is its own controller quorum ({@code --standalone}), else a node of a static voter set.
   */
  static void format(Path props, Path logs, Path log4j, String clusterId, boolean standalone) throws IOException {
    // a one-shot tool, not the measured broker: C1 only and the serial collector (about 1.1 s of CPU instead of 2.1 s
    // per start on a 2-core guest, issue #31); the broker below keeps JVM_FLAGS
    List<String> format = new ArrayList<>(List.of(javaBin(), "-Xmx256m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
        "-Dlog4j2.configurationFile=" + log4j,
        "-Dkafka.logs.dir=" + logs, "-cp", childClasspath(), "kafka.tools.StorageTool", "format",
        "-t", clusterId, "-c", props.toString()));
    if (standalone) {
      format.add("--standalone");
    }
    Process f = new ProcessBuilder(format).redirectErrorStream(true)
        .redirectOutput(logs.resolve("format.log").toFile()).start();
    try {
      if (!f.waitFor(60, TimeUnit.SECONDS)) {
        f.destroyForcibly();
        throw new IOException("formatting broker storage took more than 60 s (see " + logs.resolve("format.log") + ")");
      }
    } catch (InterruptedException e) {
      f.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while formatting broker storage", e);
    }
    if (f.exitValue() != 0) {
      throw new IOException("formatting broker storage failed (exit " + f.exitValue() + "): "
          + tail(logs.resolve("format.log")));
    }
  }

  /**
   * Starts one broker JVM on {@code props} ({@link #JVM_FLAGS}, under {@link ParentWatch}), its console to {@code
   * logs/console.log}.
   */
  static Process launch(Path props, Path logs, Path log4j) throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add(javaBin());
    cmd.addAll(JVM_FLAGS);
    cmd.addAll(List.of("-Djava.awt.headless=true", "-XX:+ExitOnOutOfMemoryError",
        "-Dlog4j2.configurationFile=" + log4j, "-Dkafka.logs.dir=" + logs,
        "-cp", childClasspath(), ParentWatch.class.getName(), String.valueOf(ProcFs.pid()), "kafka.Kafka",
        props.toString()));
    return new ProcessBuilder(cmd).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(logs.resolve("console.log").toFile())).start();
  }

  /** Copies the broker's log4j2 configuration into {@code dir}. */
  static Path writeLog4j(Path dir) throws IOException {
    Path log4j = dir.resolve("log4j2-broker.xml");
    try (InputStream in = EmbeddedBroker.class.getResourceAsStream("log4j2-broker.xml")) {
      if (in == null) {
        throw new IOException("log4j2-broker.xml is missing from the classpath");
      }
      Files.copy(in, log4j, StandardCopyOption.REPLACE_EXISTING);
    }
    return log4j;
  }

  static String serverProperties(int port, int controllerPort, Path data) {
    Properties p = new Properties();
    p.put("node.id", "1");
    p.put("controller.quorum.bootstrap.servers", "127.0.0.1:" + controllerPort);
    return properties(EmbeddedBroker.class, p, "127.0.0.1", port, controllerPort, data);
  }

  /**
   * A KRaft combined node's {@code server.properties}: {@code own} (its id and quorum) and the settings every broker
   * the archive starts shares (listeners on {@code host}, one partition by default, internal topics of one replica,
   * no automatic topics), sorted by key under a line naming {@code writer}.
   */
  static String properties(Class<?> writer, Properties own, String host, int port, int controllerPort, Path data) {
    Properties p = new Properties();
    p.putAll(own);
    p.put("process.roles", "broker,controller");
    p.put("listeners", "PLAINTEXT://" + host + ":" + port + ",CONTROLLER://" + host + ":" + controllerPort);
    p.put("advertised.listeners", "PLAINTEXT://" + host + ":" + port);
    p.put("controller.listener.names", "CONTROLLER");
    p.put("inter.broker.listener.name", "PLAINTEXT");
    p.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
    p.put("log.dirs", data.toString());
    p.put("num.partitions", "1");
    p.put("offsets.topic.replication.factor", "1");
    p.put("transaction.state.log.replication.factor", "1");
    p.put("transaction.state.log.min.isr", "1");
    p.put("share.coordinator.state.topic.replication.factor", "1");
    p.put("share.coordinator.state.topic.min.isr", "1");
    p.put("group.initial.rebalance.delay.ms", "0");
    p.put("auto.create.topics.enable", "false");
    p.put("delete.topic.enable", "true");
    StringBuilder out = new StringBuilder("# written by " + writer.getName() + "\n");
    new TreeMap<>(p).forEach((k, v) -> out.append(k).append('=').append(v).append('\n'));
    return out.toString();
  }

  private void awaitReady(long timeoutMillis) throws IOException {
    Path console = scratch.resolve("logs/console.log");
    awaitServing(List.of(new InetSocketAddress("127.0.0.1", port)), bootstrap(), 1, () -> {
      if (!process.isAlive()) {
        throw new IOException("broker exited during start-up (exit " + process.exitValue() + "): " + tail(console));
      }
    }, timeoutMillis, new EmbeddedBroker.Named("broker", scratch.resolve("logs"), console));
  }

  /** A start-up wait's check on each round: throws naming the broker when one of the processes has exited. */
  interface AliveCheck {
    void check() throws IOException;
  }

  /**
   * A broker or cluster as the messages of a start-up wait name it.
   *
   * @param what the broker or cluster, as messages name it
   * @param logs where its logs are, for the messages
   * @param console the log whose last lines a time-out quotes
   */
  record Named(String what, Path logs, Path console) {}

  /**
   * Waits until every listener accepts a connection (first, so the admin client does not log a warning per retry), then
   * until an {@code AdminClient.describeCluster()} lists {@code brokers} brokers: the one start-up wait of the single
   * broker and of a local cluster.
   *
   * @param named the broker or cluster as messages name it, and where its logs are
   * @throws IOException when a process exited (from {@code alive}), the time ran out, or the wait was interrupted
   */
  static void awaitServing(List<InetSocketAddress> listeners, String bootstrap, int brokers, AliveCheck alive,
                           long timeoutMillis, Named named) throws IOException {
    String what = named.what();
    Path logs = named.logs();
    Path console = named.console();
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
    for (InetSocketAddress listener : listeners) {
      while (true) {
        try (Socket s = new Socket()) {
          s.connect(listener, 500);
          break;
        } catch (IOException notYet) {
          alive.check();
          if (System.nanoTime() > deadline) {
            throw new IOException(what + " did not listen on " + listener.getHostString() + ":" + listener.getPort()
                + " within " + timeoutMillis / 1000 + " s (see " + logs + "): " + tail(console));
          }
          pause(100);
        }
      }
    }
    try (Admin admin = Admin.create(Map.of(
        AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
        AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 2000,
        AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 3000,
        AdminClientConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, 200))) {
      while (true) {
        alive.check();
        try {
          if (admin.describeCluster().nodes().get(3, TimeUnit.SECONDS).size() >= brokers) {
            return;
          }
        } catch (ExecutionException | TimeoutException e) {
          // not serving yet
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IOException("interrupted while waiting for the " + what, e);
        }
        if (System.nanoTime() > deadline) {
          throw new IOException(what + " did not serve " + brokers + (brokers == 1 ? " broker" : " brokers")
              + " within "
              + timeoutMillis / 1000 + " s (see " + logs + "): " + tail(console));
        }
        pause(200);
      }
    }
  }

  private static void pause(long millis) throws IOException {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while waiting for the broker", e);
    }
  }

  /** {@code 127.0.0.1:<port>}. */
  public String bootstrap() { return "127.0.0.1:" + port; }

  public long pid() { return process.pid(); }

  public boolean alive() { return process.isAlive(); }

  /**
   * Why the broker is not running, for a run's ledger reason: its pid, exit code and the last lines of its console log
   * (issue #43: the reason the broker itself gave).
   */
  public String death() {
    return "broker pid " + pid() + " exited with code " + exitCode() + ": " + tail(scratch.resolve("logs/console.log"));
  }

  /** Exit code, or -1 while it runs. */
  public int exitCode() { return process.isAlive() ? -1 : process.exitValue(); }

  /** SIGTERM, wait up to 30 s for the clean shutdown, then SIGKILL. */
  @Override
  public void close() {
    if (!process.isAlive()) {
      return;
    }
    process.destroy();
    try {
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }

  static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      s.setReuseAddress(true);
      return s.getLocalPort();
    }
  }

  static String javaBin() {
    return ProcessHandle.current().info().command().orElse(System.getProperty("java.home") + "/bin/java");
  }

  static String tail(Path file) {
    if (!Files.isRegularFile(file)) {
      return "(no log)";
    }
    // the cause first, and no stack frame (issue 58: a node's BindException or AccessDeniedException lay above the
    // stack frames that were its console's last lines, so a start failure printed frames and not its cause)
    List<String> causes = LogLines.causes(List.of(file), CAUSE, ERROR, 2);
    List<String> kept = new ArrayList<>();
    for (String l : LogLines.lastBytes(file, LogLines.READ_BYTES).split("\n")) {
      if (!l.isBlank() && !LogLines.FRAME.matcher(l).matches()) {
        kept.add(l.strip());
      }
    }
    String last = String.join(" | ", kept.subList(Math.max(0, kept.size() - 5), kept.size()));
    return causes.isEmpty() ? last : "the broker says: " + String.join(" | ", causes) + "; last lines: " + last;
  }

  /** A console line that names why a broker stopped: an exception (or its cause), a fatal or error line. */
  private static final Pattern CAUSE = Pattern.compile("(?:^|Caused by: )[\\w$.]+(?:Exception|Error)\\b"
      + "|(?i)address already in use|read-only file system|permission denied|no space left|fatal");
  /** A console line at level ERROR, when no line names more. */
  private static final Pattern ERROR = Pattern.compile("\\bERROR\\b");
}
