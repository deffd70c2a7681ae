package ftl.harness.broker;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.common.Uuid;

/**
 * A local Apache Kafka cluster of {@code n} brokers (2..{@value #MAX_BROKERS}), each a separate JVM in KRaft combined
 * mode (broker and controller) with its own log directory, its own loopback address {@code 127.0.0.<id>} (Linux routes
 * all of 127/8 to the loopback device) and free ports: a static controller quorum of all {@code n} nodes. Kafka's own
 * server classes replicate; nothing here does. Folders: {@code <scratch>/node-<id>/} with {@code server.properties},
 * {@code data/}, {@code logs/broker.log}, {@code logs/console.log}.
 *
 * <p>Life cycle: every node's storage formatted with one cluster id, every node started (under {@code ParentWatch}, so
 * a node halts if this JVM disappears), ready once an {@code AdminClient.describeCluster()} lists all {@code n}
 * brokers; {@link #close()} sends SIGTERM to every node at once and waits for their clean shutdown (SIGKILL after 30
 * s).
 * A single broker is {@link EmbeddedBroker}, whose behaviour every earlier campaign used and which this class leaves as
 * it was.
 */
public final class EmbeddedCluster implements AutoCloseable {

  /** The largest local cluster: five nodes (a 2-core machine runs three with room for the clients). */
  public static final int MAX_BROKERS = 5;
  /** How the nodes reach each other, for the ledger's {@code cluster_network}. */
  public static final String NETWORK = "loopback-addresses";
  private static final long READY_TIMEOUT_MILLIS = 180_000;

  /** One node: its id (1-based), loopback address, client port, process and folder. */
  public record Node(int id, String host, int port, Process process, Path dir) {
    public String bootstrap() { return host + ":" + port; }
  }

  private final Path scratch;
  private final List<Node> nodes;

  private EmbeddedCluster(Path scratch, List<Node> nodes) {
    this.scratch = scratch;
    this.nodes = List.copyOf(nodes);
  }

  /** Formats and starts {@code brokers} nodes under {@code scratch} and waits until all of them serve. */
  public static EmbeddedCluster start(Path scratch, int brokers) throws IOException {
    return start(scratch, brokers, 0);
  }

  /**
   * As {@link #start(Path, int)}, the followers' fetches parked at their leader for {@code followerWaitMillis}
   * ({@link #followerWaitProperties}); 0 keeps Kafka's defaults.
   */
  public static EmbeddedCluster start(Path scratch, int brokers, int followerWaitMillis) throws IOException {
    if (brokers < 2 || brokers > MAX_BROKERS) {
      throw new IllegalArgumentException("a local cluster has 2.." + MAX_BROKERS + " brokers (was " + brokers + ")");
    }
    scratch = scratch.toAbsolutePath().normalize();
    Files.createDirectories(scratch);
    int[] ports = new int[brokers];
    int[] controllerPorts = new int[brokers];
    Set<Integer> taken = new HashSet<>();
    StringBuilder voters = new StringBuilder();
    for (int i = 0; i < brokers; i++) {
      String host = host(i + 1);
      ports[i] = freePort(host, taken);
      controllerPorts[i] = freePort(host, taken);
      voters.append(i == 0 ? "" : ",").append(i + 1).append('@').append(host).append(':').append(controllerPorts[i]);
    }
    String clusterId = Uuid.randomUuid().toString();
    List<Path> props = new ArrayList<>();
    for (int i = 0; i < brokers; i++) {
      Path dir = scratch.resolve("node-" + (i + 1));
      Files.createDirectories(dir.resolve("data"));
      Files.createDirectories(dir.resolve("logs"));
      Path p = dir.resolve("server.properties");
      Files.writeString(p, serverProperties(i + 1, ports[i], controllerPorts[i], voters.toString(), dir.resolve("data"),
          followerWaitMillis), StandardCharsets.UTF_8);
      EmbeddedBroker.format(p, dir.resolve("logs"), EmbeddedBroker.writeLog4j(dir), clusterId, false);
      props.add(p);
    }
    List<Node> nodes = new ArrayList<>();
    try {
      for (int i = 0; i < brokers; i++) {
        Path dir = scratch.resolve("node-" + (i + 1));
        nodes.add(new Node(i + 1, host(i + 1), ports[i],
            EmbeddedBroker.launch(props.get(i), dir.resolve("logs"), dir.resolve("log4j2-broker.xml")), dir));
      }
      EmbeddedCluster c = new EmbeddedCluster(scratch, nodes);
      c.awaitReady(READY_TIMEOUT_MILLIS);
      return c;
    } catch (IOException | RuntimeException e) {
      new EmbeddedCluster(scratch, nodes).close();
      throw e;
    }
  }

  /** The loopback address of node {@code id}: {@code 127.0.0.<id>}. */
  static String host(int id) {
    return "127.0.0." + id;
  }

  /**
   * The broker settings that park every follower fetch at the leader for {@code followerWaitMillis} (issue #55): the
   * follower's fetcher ({@code ReplicaFetcherThread}) sends {@code replica.fetch.wait.max.ms} as the fetch's
   * {@code max_wait_ms} and {@code replica.fetch.min.bytes} as its {@code min_bytes}; with the minimum above any batch
   * of a run the leader holds the fetch in its fetch purgatory until the wait expires. None for 0 (Kafka's defaults,
   * 500 ms and 1 byte: answered as soon as a record is there). The capture reads both back from the wire.
   */
  static Properties followerWaitProperties(int followerWaitMillis) {
    Properties p = new Properties();
    if (followerWaitMillis > 0) {
      p.put("replica.fetch.wait.max.ms", String.valueOf(followerWaitMillis));
      p.put("replica.fetch.min.bytes", String.valueOf(FOLLOWER_MIN_BYTES));
    }
    return p;
  }

  /**
   * {@code replica.fetch.min.bytes} of a follower delay: far above a run's batches (100-byte records, one per send).
   */
  static final int FOLLOWER_MIN_BYTES = 1_000_000;

  static String serverProperties(int id, int port, int controllerPort, String voters, Path data) {
    return serverProperties(id, port, controllerPort, voters, data, 0);
  }

  static String serverProperties(int id, int port, int controllerPort, String voters, Path data,
      int followerWaitMillis) {
    Properties p = followerWaitProperties(followerWaitMillis);
    p.put("node.id", String.valueOf(id));
    p.put("controller.quorum.voters", voters);
    return EmbeddedBroker.properties(EmbeddedCluster.class, p, host(id), port, controllerPort, data);
  }

  private void awaitReady(long timeoutMillis) throws IOException {
    List<InetSocketAddress> listeners = nodes.stream()
        .map(n -> new InetSocketAddress(n.host(), n.port())).toList();
    EmbeddedBroker.awaitServing(listeners, bootstrap(), nodes.size(), this::checkAlive, timeoutMillis,
        new EmbeddedBroker.Named("the cluster", scratch, nodes.get(0).dir().resolve("logs/console.log")));
  }

  private void checkAlive() throws IOException {
    for (Node n : nodes) {
      if (!n.process().isAlive()) {
        throw new IOException("broker " + n.id() + " exited during start-up (exit " + n.process().exitValue() + "): "
            + EmbeddedBroker.tail(n.dir().resolve("logs/console.log")));
      }
    }
  }

  /** Every node's {@code host:port}, comma-separated. */
  public String bootstrap() {
    StringBuilder b = new StringBuilder();
    for (Node n : nodes) {
      b.append(b.length() == 0 ? "" : ",").append(n.bootstrap());
    }
    return b.toString();
  }

  public List<Node> nodes() { return nodes; }

  public int size() { return nodes.size(); }

  /** Every node's pid. */
  public List<Long> pids() {
    return nodes.stream().map(n -> n.process().pid()).toList();
  }

  /** True while every node runs. */
  public boolean alive() {
    return nodes.stream().allMatch(n -> n.process().isAlive());
  }

  /** Which nodes exited, with their exit codes and their console logs' last lines ("" while all run). */
  public String death() {
    StringBuilder b = new StringBuilder();
    for (Node n : nodes) {
      if (!n.process().isAlive()) {
        b.append(b.length() == 0 ? "" : "; ").append("broker ").append(n.id()).append(" pid ").append(n.process().pid())
            .append(" exited with code ").append(n.process().exitValue()).append(": ")
            .append(EmbeddedBroker.tail(n.dir().resolve("logs/console.log")));
      }
    }
    return b.toString();
  }

  /** SIGTERM to every node at once, up to 30 s for their clean shutdown, then SIGKILL. */
  @Override
  public void close() {
    for (Node n : nodes) {
      n.process().destroy();
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    for (Node n : nodes) {
      try {
        long left = deadline - System.nanoTime();
        if (left <= 0 || !n.process().waitFor(left, TimeUnit.NANOSECONDS)) {
          n.process().destroyForcibly();
          n.process().waitFor(10, TimeUnit.SECONDS);
        }
      } catch (InterruptedException e) {
        n.process().destroyForcibly();
        Thread.currentThread().interrupt();
      }
    }
  }

  static int freePort(String host, Set<Integer> taken) throws IOException {
    while (true) {
      try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName(host))) {
        s.setReuseAddress(true);
        if (taken.add(s.getLocalPort())) {
          return s.getLocalPort();
        }
      }
    }
  }
}
