package ftl.cli;

import ftl.data.io.Echo;
import ftl.harness.campaign.CampaignRunner;
import ftl.harness.host.LocalListeners;
import ftl.harness.plan.Plan;
import ftl.harness.run.KafkaClientConfig;
import ftl.harness.run.KafkaCluster;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The options that point a campaign at a cluster of one's own (issue #54, "your cluster as it is"), shared by
 * {@code campaign run}, {@code resume} and {@code smoke}: {@code --bootstrap}, {@code --client-config},
 * {@code --topic}. {@link #apply} reads the client config and asks the cluster whether the plan fits it before the
 * runner writes anything.
 */
final class ClusterOptions {
  @Option(names = "--bootstrap", paramLabel = "HOST:PORT[,...]",
      description = "Use this Kafka cluster instead of the embedded broker: host:port, or a comma-separated list as "
          + "ftl broker --brokers N prints it; on a rabbitmq or nats plan, the URL of an existing server instead of "
          + "one the archive starts.")
  String bootstrap;

  @Option(names = "--client-config", paramLabel = "FILE",
      description = "With --bootstrap: Kafka client properties for producer, consumer and admin client "
          + "(security.protocol, sasl.*, ssl.* only). No value is ever printed or written: the ledger's client_config "
          + "records security.protocol and sasl.mechanism, and the other keys by name.")
  Path clientConfig;

  @Option(names = "--topic", paramLabel = "NAME",
      description = "With --bootstrap: use this existing topic (never created or deleted) instead of a fresh one per "
          + "run; it must have at least the plan's partitions and exactly its replication_factor.")
  String topic;

  /**
   * Checks the options against the plan, reads the client config and asks the cluster whether the plan fits it
   * ({@link KafkaCluster#check}), then hands the cluster to the runner; nothing is written before.
   *
   * @throws CommandLine.ParameterException {@code --client-config} or {@code --topic} without {@code --bootstrap}, or
   *     on a plan that is not on Kafka
   * @throws NotFoundException the client config does not exist (exit 4)
   * @throws UncheckedIOException it cannot be read (exit 6, naming it)
   * @throws ftl.data.io.DataException it is not a client config ftl takes (exit 3, naming file, line and setting)
   * @throws HarnessFailure the cluster did not answer, or refused the plan (exit 5, one line)
   */
  void apply(CommandLine.Model.CommandSpec spec, Plan plan, CampaignRunner runner, PrintStream err) {
    if (bootstrap == null) {
      if (clientConfig != null || topic != null) {
        throw new CommandLine.ParameterException(spec.commandLine(),
            (clientConfig != null ? "--client-config" : "--topic") + " applies to a cluster named with --bootstrap");
      }
      return;
    }
    if (!plan.onKafka()) {
      if (clientConfig != null || topic != null) {
        throw new CommandLine.ParameterException(spec.commandLine(),
            (clientConfig != null ? "--client-config" : "--topic")
            + " applies to kafka plans only (this plan's system is " + plan.system() + ")");
      }
      return;
    }
    KafkaClientConfig config = clientConfig == null ? KafkaClientConfig.NONE : readConfig(clientConfig);
    KafkaCluster cluster;
    try {
      cluster = new KafkaCluster(bootstrap, config, topic);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
    long t0 = System.nanoTime();
    KafkaCluster.Facts facts;
    try {
      facts = cluster.check(plan.conditions());
    } catch (KafkaCluster.Refused e) {
      throw new HarnessFailure(e.getMessage(), e);
    }
    err.println(String.format(java.util.Locale.ROOT, "ftl: the Kafka cluster at %s answered in %.1f s: %d %s%s%s",
        cluster.bootstrap(), (System.nanoTime() - t0) / 1e9, facts.brokers(), facts.brokers() == 1 ? "broker"
        : "brokers",
        topic == null ? "" : "; topic " + topic + ": " + facts.topicPartitions() + " partitions, replication factor "
            + facts.topicReplication() + (facts.topicMinInsync().isEmpty() ? "" : ", min.insync.replicas "
            + facts.topicMinInsync()),
        config.isEmpty() ? "" : "; client config " + config.file() + " (" + config.summary() + ")"));
    Set<Long> here = LocalListeners.pids(cluster.bootstrap());
    if (!here.isEmpty()) {
      err.println("ftl: " + here.size() + " of its brokers serve on this host (pids "
          + here.stream().map(String::valueOf)
          .collect(Collectors.joining(", ")) + "): their CPU counts as the runs' own, as the embedded broker's does, "
          + "and other_run_pct is what else ran");
    }
    runner.externalCluster(cluster);
  }

  /** The client config file, or the exit code that names why it cannot be taken. */
  static KafkaClientConfig readConfig(Path file) {
    if (!Files.exists(file)) {
      throw new NotFoundException("--client-config " + Echo.of(file.toString()) + ": no such file");
    }
    if (!Files.isRegularFile(file)) {
      throw new NotFoundException("--client-config " + Echo.of(file.toString()) + ": not a file");
    }
    try {
      return KafkaClientConfig.read(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
