package ftl.harness.run;

import ftl.data.ledger.LedgerSchema;
import ftl.harness.host.ProcFs;
import ftl.harness.plan.Condition;
import ftl.harness.plan.ConditionDefaults;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * The resources of one run and their tear-down: the admin client and the run's fresh topic, the receiving
 * thread with its consumer, the producer. {@link #open} creates them in that order and proves the path with a
 * probe record; {@link #closeClients} and {@link #deleteTopic} tear them down (producer first, which joins its I/O
 * thread, then the receiver, then the topic), without waiting on a broker that died.
 */
final class RunClients {
  private static final long PROBE_TIMEOUT_MILLIS = 15_000;

  private final Condition condition;
  private final KafkaRun.BrokerHandle broker;
  private final String topic;
  private final KafkaClientConfig clientConfig;
  private final boolean existingTopic;
  private int partitions;
  private int replicationFactor;
  private String minInsyncReplicas = "";
  private Admin admin;
  private KafkaProducer<byte[], byte[]> producer;
  private Thread receiver;
  private TopicShape shapeAtStart;
  private LogMarks logMarks;
  private int clusterBrokers;

  /**
   * The leader and in-sync replicas of every partition of the run's topic, as the ledger writes them: leaders
   * space-separated, each partition's ISR as broker ids ascending joined by '+', partitions space-separated.
   */
  record TopicShape(String leaders, String isr) {
    static TopicShape of(TopicDescription d) {
      StringBuilder l = new StringBuilder();
      StringBuilder i = new StringBuilder();
      for (TopicPartitionInfo p : d.partitions()) {
        l.append(l.length() == 0 ? "" : " ").append(p.leader() == null ? "none" : String.valueOf(p.leader().id()));
        i.append(i.length() == 0 ? "" : " ").append(isrWord(p.isr().stream().map(Node::id).toList()));
      }
      return new TopicShape(l.toString(), i.toString());
    }

    static String isrWord(List<Integer> ids) {
      return ids.stream().sorted().map(String::valueOf).collect(Collectors.joining("+"));
    }

    /** True when every partition's ISR has {@code replicas} brokers and a leader. */
    boolean full(int replicas) {
      return LedgerSchema.isrFull(isr, replicas) && !leaders.contains("none");
    }
  }

  /**
   * Where each local broker's {@code broker.log} ended when the run's ISR was full: what is appended later is the
   * run's.
   */
  record LogMarks(List<Path> logs, long[] sizes) {
    static LogMarks of(List<Path> dirs) {
      List<Path> logs = dirs.stream().map(d -> d.resolve("broker.log")).toList();
      long[] sizes = new long[logs.size()];
      for (int i = 0; i < logs.size(); i++) {
        sizes[i] = size(logs.get(i));
      }
      return new LogMarks(logs, sizes);
    }

    private static long size(Path f) {
      try {
        return Files.size(f);
      } catch (IOException e) {
        return 0;
      }
    }

    /** Lines the brokers logged since the mark about an ISR change of {@code topic}'s partitions. */
    int isrChanges(String topic) {
      int n = 0;
      for (int i = 0; i < logs.size(); i++) {
        n += IsrLog.changes(appended(logs.get(i), sizes[i]), topic);
      }
      return n;
    }

    private static String appended(Path f, long from) {
      try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ)) {
        long len = Math.min(ch.size() - from, 64L << 20);
        if (len <= 0) {
          return "";
        }
        ByteBuffer b = ByteBuffer.allocate((int) len);
        ch.read(b, from);
        return new String(b.array(), 0, b.position(), StandardCharsets.UTF_8);
      } catch (IOException e) {
        return "";
      }
    }
  }

  /**
   * @param topic the run's fresh topic; an external cluster's existing topic ({@code --topic},
   *     {@link KafkaCluster#topic}) takes its place, neither created nor deleted
   */
  RunClients(Condition condition, KafkaRun.BrokerHandle broker, String topic) {
    this.condition = condition;
    this.broker = broker;
    KafkaCluster ext = broker.external();
    this.clientConfig = ext == null ? KafkaClientConfig.NONE : ext.config();
    this.existingTopic = ext != null && ext.topic() != null;
    this.topic = existingTopic ? ext.topic() : topic;
  }

  String topic() { return topic; }

  /** True when the run uses an existing topic of an external cluster ({@code --topic}) rather than its own. */
  boolean existingTopic() { return existingTopic; }

  /** The partitions the run produces to and consumes from (an existing topic's every partition). */
  int partitions() { return partitions; }

  /** The topic's replication factor: the condition's, or an existing topic's as described. */
  int replicationFactor() { return replicationFactor; }

  /** An existing topic's {@code min.insync.replicas} as the cluster describes it ("" when it cannot be read). */
  String minInsyncReplicas() { return minInsyncReplicas; }

  /** The producer, once {@link #open} created it. */
  KafkaProducer<byte[], byte[]> producer() { return producer; }

  /**
   * Creates the topic, starts the receiver and waits for its partitions, creates the producer and sends one
   * probe record whose callback names the producer's I/O thread and whose delivery proves the path.
   *
   * @throws IllegalStateException when a step does not complete in its time
   */
  void open(StampBook book, RunState state, MonotonicClock nanoClock) throws Exception {
    Map<String, Object> adminProps = new HashMap<>();
    clientConfig.applyTo(adminProps);
    adminProps.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrap());
    adminProps.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000);
    adminProps.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 20_000);
    adminProps.put(AdminClientConfig.CLIENT_ID_CONFIG, "ftl-admin");
    admin = Admin.create(adminProps);
    if (broker.brokers() == 0) {
      // an external cluster: its size as the admin client lists it
      clusterBrokers = admin.describeCluster().nodes().get(20, TimeUnit.SECONDS).size();
    }
    if (existingTopic) {
      // --topic: the topic as it is (KafkaCluster#check proved it exists with enough partitions before any run)
      TopicDescription d = admin.describeTopics(List.of(topic)).allTopicNames().get(20, TimeUnit.SECONDS).get(topic);
      partitions = d.partitions().size();
      replicationFactor = d.partitions().get(0).replicas().size();
      ConfigResource res = new ConfigResource(ConfigResource.Type.TOPIC, topic);
      try {
        Config c = admin.describeConfigs(List.of(res)).all().get(20, TimeUnit.SECONDS).get(res);
        ConfigEntry e = c == null ? null : c.get("min.insync.replicas");
        minInsyncReplicas = e == null || e.value() == null ? "" : e.value();
      } catch (ExecutionException e) {
        minInsyncReplicas = ""; // not allowed to read the topic's configuration: recorded as unknown
      }
    } else {
      partitions = condition.partitions();
      replicationFactor = condition.replicationFactor();
      NewTopic nt = new NewTopic(topic, condition.partitions(), (short) condition.replicationFactor());
      if (condition.replicationFactor() > 1) {
        // a replicated topic (issue #46); every single-broker campaign created its topic without topic configs
        nt = nt.configs(Map.of("min.insync.replicas", String.valueOf(condition.minInsyncReplicas())));
      }
      admin.createTopics(List.of(nt)).all().get(20, TimeUnit.SECONDS);
    }
    shapeAtStart = awaitFullIsr(nanoClock);
    logMarks = LogMarks.of(broker.logDirs());

    List<TopicPartition> partitions = new ArrayList<>();
    for (int p = 0; p < this.partitions; p++) {
      partitions.add(new TopicPartition(topic, p));
    }
    receiver = new Thread(new Receiver(condition, broker.bootstrap(), clientConfig, book, state, partitions),
        KafkaRun.RECV_THREAD);
    receiver.start();
    if (!state.consumerReady.await(30, TimeUnit.SECONDS)) {
      throw new IllegalStateException("consumer did not get its partitions within 30 s");
    }
    if (state.consumerError.get() != null) {
      throw new IllegalStateException("consumer: " + state.consumerError.get());
    }

    producer = new KafkaProducer<>(producerProps());
    producer.send(new ProducerRecord<>(topic, KafkaRun.key(Long.MIN_VALUE), new byte[0]), (m, e) -> {
      state.producerTid.set(ProcFs.currentTid());
      if (e != null) {
        state.clientError = "probe send failed: " + e;
      }
      state.probeAcked.countDown();
    });
    if (!state.probeAcked.await(PROBE_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)) {
      throw new IllegalStateException("probe record not acknowledged within " + PROBE_TIMEOUT_MILLIS / 1000 + " s");
    }
    if (state.clientError != null) {
      throw new IllegalStateException(state.clientError);
    }
    long probeDeadline = nanoClock.nowNanos() + TimeUnit.MILLISECONDS.toNanos(PROBE_TIMEOUT_MILLIS);
    while (book.foreign() < 1 && nanoClock.nowNanos() < probeDeadline) {
      Thread.sleep(5);
    }
    if (book.foreign() < 1) {
      throw new IllegalStateException("probe record not delivered to the consumer within "
          + PROBE_TIMEOUT_MILLIS / 1000 + " s");
    }
  }

  /** The topic's shape once every partition's ISR is full (all {@code replication_factor} replicas), 30 s at most. */
  private TopicShape awaitFullIsr(MonotonicClock nanoClock) throws Exception {
    long deadline = nanoClock.nowNanos() + TimeUnit.SECONDS.toNanos(30);
    TopicShape shape = describe();
    while (shape == null || !shape.full(replicationFactor)) {
      if (nanoClock.nowNanos() > deadline) {
        throw new IllegalStateException("the topic's ISR was not full within 30 s (" + (shape == null ? "not described"
            : "leaders " + shape.leaders() + ", ISR " + shape.isr()) + ")");
      }
      Thread.sleep(50);
      shape = describe();
    }
    return shape;
  }

  /** The topic's leaders and ISR now, or null when the admin client cannot tell (5 s at most). */
  TopicShape describe() {
    try {
      return TopicShape.of(admin.describeTopics(List.of(topic)).allTopicNames().get(5, TimeUnit.SECONDS).get(topic));
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      return null;
    }
  }

  /**
   * The brokers an external cluster's admin client listed at open (0 for a local broker or cluster, which know theirs).
   */
  int clusterBrokers() { return clusterBrokers; }

  /** The shape read once the ISR was full, before the first send (null before {@link #open} got there). */
  TopicShape shapeAtStart() { return shapeAtStart; }

  /** ISR-change lines the local brokers logged about the topic since its ISR was full (0 for an external cluster). */
  int loggedIsrChanges() {
    return logMarks == null ? 0 : logMarks.isrChanges(topic);
  }

  private Properties producerProps() {
    Properties p = new Properties();
    clientConfig.applyTo(p);
    p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrap());
    p.put(ProducerConfig.CLIENT_ID_CONFIG, KafkaRun.PRODUCER_CLIENT_ID);
    p.put(ProducerConfig.ACKS_CONFIG, condition.acks());
    p.put(ProducerConfig.LINGER_MS_CONFIG, condition.lingerMillis());
    p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 5_000);
    p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 10_000 + condition.lingerMillis());
    p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 5_000);
    p.put(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION,
        Math.toIntExact(condition.get(ConditionDefaults.MAX_IN_FLIGHT)));
    if (condition.acks().equals("1")) {
      p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, false);
    }
    return p;
  }

  /** Closes the producer (joining its I/O thread), then stops the receiver and joins it (10 s at most). */
  void closeClients(boolean brokerDied, RunState state) {
    if (producer != null) {
      try {
        producer.close(Duration.ofSeconds(brokerDied ? 0 : 5));
      } catch (RuntimeException e) {
        // closing a producer whose broker is gone
      }
    }
    state.receiving = false;
    if (receiver != null) {
      try {
        receiver.join(10_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** Deletes the run's topic (unless the broker died, or it is an existing one) and closes the admin client. */
  void deleteTopic(boolean brokerDied) {
    if (admin != null) {
      if (!brokerDied && !existingTopic) {
        try {
          admin.deleteTopics(List.of(topic)).all().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
          // best effort: the topic is unique to this run
        }
      }
      admin.close(Duration.ofSeconds(brokerDied ? 0 : 5));
    }
  }
}
