package ftl.harness.run;

import ftl.data.io.Echo;
import ftl.harness.plan.Condition;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.AuthenticationException;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.config.Configurator;

/**
 * A Kafka cluster named with {@code --bootstrap} (issue #54: "your cluster as it is"): its bootstrap list, the client
 * settings that reach it ({@link KafkaClientConfig}), and the existing topic the runs use ({@code --topic}, or null for
 * a fresh topic per run). {@link #check} asks the cluster, before any warm-up and before anything is written, whether
 * the plan fits it: it answers at all within {@value #CHECK_SECONDS} s, has enough brokers for every condition's
 * replication factor, and holds the named topic with enough partitions.
 *
 * @param bootstrap the comma-separated {@code host:port} list (as {@code ftl broker --brokers N} prints it)
 * @param config the client settings applied to producer, consumer and admin client
 * @param topic an existing topic to use (never created or deleted), or null
 */
public record KafkaCluster(String bootstrap, KafkaClientConfig config, String topic) {

  /** The longest the check waits for a cluster to answer, s: an unreachable bootstrap fails within it. */
  public static final int CHECK_SECONDS = 4;
  /** One {@code host:port} of a bootstrap list: a name or IPv4 address, or a bracketed IPv6 address. */
  private static final Pattern HOST_PORT = Pattern.compile(
      "(\\[[0-9A-Fa-f:.]{2,45}]|[A-Za-z0-9._-]{1,253}):[0-9]{1,5}");
  /** A topic name Kafka accepts. */
  private static final Pattern TOPIC = Pattern.compile("[A-Za-z0-9._-]{1,249}");

  public KafkaCluster {
    Objects.requireNonNull(bootstrap, "bootstrap");
    Objects.requireNonNull(config, "config");
    bootstrap = bootstrapList(bootstrap);
    if (topic != null && !TOPIC.matcher(topic).matches()) {
      throw new IllegalArgumentException(
          "--topic must be a Kafka topic name (letters, digits, '.', '_', '-'; at most 249)"
          + " (was \"" + Echo.of(topic) + "\")");
    }
  }

  /**
   * A bootstrap list as given, blanks around its commas removed: one or more {@code host:port}, comma-separated.
   *
   * @throws IllegalArgumentException naming the entry that is not {@code host:port} (the message starts "must be", for
   *     the caller to put the option's name before it)
   */
  public static String bootstrapList(String given) {
    String[] parts = given.strip().split("\\s*,\\s*", -1);
    for (String p : parts) {
      if (!HOST_PORT.matcher(p).matches() || Integer.parseInt(p.substring(p.lastIndexOf(':') + 1)) > 65_535) {
        throw new IllegalArgumentException("must be host:port or a comma-separated list of them, as ftl broker "
            + "--brokers N prints it (\"" + Echo.of(p) + "\" is not; was \"" + Echo.of(given) + "\")");
      }
    }
    return String.join(",", parts);
  }

  /** The cluster refused the plan, or could not be asked: one line, secrets hidden. */
  public static final class Refused extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public Refused(String message) {
      super(message);
    }
  }

  /**
   * What the check read.
   *
   * @param brokers the brokers the admin client listed
   * @param topicPartitions the named topic's partitions (0 without {@code --topic})
   * @param topicReplication the named topic's replication factor (0 without {@code --topic})
   * @param topicMinInsync the named topic's {@code min.insync.replicas} ("" when it could not be read or without one)
   */
  public record Facts(int brokers, int topicPartitions, int topicReplication, String topicMinInsync) {}

  /** The admin client's settings: the bootstrap, the client config, and timeouts that fit in {@link #CHECK_SECONDS}. */
  Map<String, Object> adminSettings(int requestTimeoutMillis, int apiTimeoutMillis) {
    Map<String, Object> m = new HashMap<>();
    config.applyTo(m);
    m.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    m.put(AdminClientConfig.CLIENT_ID_CONFIG, "ftl-admin");
    m.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, requestTimeoutMillis);
    m.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, apiTimeoutMillis);
    m.put(AdminClientConfig.SOCKET_CONNECTION_SETUP_TIMEOUT_MS_CONFIG, 2_000);
    m.put(AdminClientConfig.SOCKET_CONNECTION_SETUP_TIMEOUT_MAX_MS_CONFIG, 4_000);
    m.put(AdminClientConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, 1_000);
    return m;
  }

  /**
   * Asks the cluster whether the plan fits it, before any warm-up: it must answer within {@value #CHECK_SECONDS} s
   * (Kafka's client warnings about the unreachable nodes silenced meanwhile), list at least every condition's
   * {@code replication_factor} brokers, and, with a topic, hold it with at least every condition's {@code partitions}
   * and exactly its {@code replication_factor}.
   *
   * @param conditions the plan's conditions
   * @throws Refused naming the bootstrap, the setting or the topic, secrets hidden
   */
  public Facts check(List<Condition> conditions) {
    int replicationFactor = conditions.stream().mapToInt(Condition::replicationFactor).max().orElse(1);
    int fewestReplicas = conditions.stream().mapToInt(Condition::replicationFactor).min().orElse(1);
    int partitions = conditions.stream().mapToInt(Condition::partitions).max().orElse(1);
    Level before = LogManager.getLogger("org.apache.kafka").getLevel();
    Configurator.setLevel("org.apache.kafka", Level.OFF);
    Admin admin = null;
    try {
      admin = Admin.create(adminSettings(3_000, CHECK_SECONDS * 1000));
      Admin a = admin;
      int brokers = ask(() -> a.describeCluster().nodes().get(CHECK_SECONDS, TimeUnit.SECONDS).size(),
          "list its brokers");
      if (brokers < replicationFactor) {
        throw new Refused("the Kafka cluster at " + bootstrap + " has " + brokers
            + (brokers == 1 ? " broker" : " brokers")
            + ", and the plan asks for replication_factor " + replicationFactor + " (at most " + brokers
            + " on this cluster)");
      }
      if (topic == null) {
        return new Facts(brokers, 0, 0, "");
      }
      TopicDescription d = ask(() -> a.describeTopics(List.of(topic)).allTopicNames()
          .get(CHECK_SECONDS, TimeUnit.SECONDS).get(topic), "describe topic " + topic);
      int rf = d.partitions().isEmpty() ? 0 : d.partitions().get(0).replicas().size();
      if (d.partitions().size() < partitions) {
        throw new Refused("--topic " + topic + " has " + d.partitions().size() + " partitions, and the plan asks for "
            + partitions + " (a condition's partitions must be at most the topic's)");
      }
      if (rf != replicationFactor || rf != fewestReplicas) {
        throw new Refused("--topic " + topic + " has replication factor " + rf + ", and the plan's conditions ask for "
            + (fewestReplicas == replicationFactor ? String.valueOf(replicationFactor) : fewestReplicas + " to "
            + replicationFactor)
            + " (every condition on an existing topic measures its replication factor: set replication_factor " + rf
            + " in the plan, or name another topic)");
      }
      ConfigResource res = new ConfigResource(ConfigResource.Type.TOPIC, topic);
      String minIsr;
      try {
        Config c = admin.describeConfigs(List.of(res)).all().get(CHECK_SECONDS, TimeUnit.SECONDS).get(res);
        ConfigEntry e = c == null ? null : c.get("min.insync.replicas");
        minIsr = e == null || e.value() == null ? "" : e.value();
      } catch (ExecutionException | TimeoutException e) {
        minIsr = ""; // not allowed to read the topic's configuration: recorded as unknown
      }
      return new Facts(brokers, d.partitions().size(), rf, minIsr);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new Refused("interrupted while asking the Kafka cluster at " + bootstrap);
    } catch (org.apache.kafka.common.KafkaException e) {
      // the client could not even be made (a client config Kafka rejects): named, secrets hidden
      throw new Refused("the Kafka client for " + bootstrap + " could not be set up" + (config.isEmpty() ? "" : " with "
          + config.file()) + ": " + Echo.clean(config.redact(RunLoop.oneLine(e))));
    } finally {
      if (admin != null) {
        admin.close(java.time.Duration.ofMillis(500));
      }
      Configurator.setLevel("org.apache.kafka", before);
    }
  }

  /** One question to the cluster. */
  @FunctionalInterface
  private interface Question<T> {
    T ask() throws ExecutionException, TimeoutException, InterruptedException;
  }

  private <T> T ask(Question<T> q, String what) throws InterruptedException {
    try {
      return q.ask();
    } catch (TimeoutException | ExecutionException e) {
      if (e instanceof ExecutionException x
          && !(x.getCause() instanceof org.apache.kafka.common.errors.TimeoutException)) {
        throw refused(x, what);
      }
      throw new Refused("the Kafka cluster at " + bootstrap + " did not answer within " + CHECK_SECONDS
          + " s (could not "
          + what + "): is it running, is the address the listener's" + (config.isEmpty()
          ? ", does it need --client-config?" : ", and does it take " + config.summary() + " from " + config.file()
          + "?"));
    }
  }

  /** A failure the cluster answered with: no such topic, authentication, authorization, or another, named. */
  private Refused refused(ExecutionException e, String what) {
    {
      Throwable c = e.getCause() == null ? e : e.getCause();
      if (c instanceof UnknownTopicOrPartitionException) {
        return new Refused("--topic " + topic + ": no such topic on the Kafka cluster at " + bootstrap
            + " (ftl uses an existing topic as it is; it creates none)");
      }
      String why = c instanceof AuthenticationException ? "refused the client's authentication"
          : c instanceof AuthorizationException ? "did not allow the client to " + what
          : "failed to " + what;
      return new Refused("the Kafka cluster at " + bootstrap + " " + why + ": " + Echo.clean(config.redact(
          c.getClass().getSimpleName() + (c.getMessage() == null ? "" : ": " + c.getMessage()))));
    }
  }
}
