package ftl.harness.run;

import ftl.harness.host.ProcFs;
import ftl.harness.plan.Condition;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
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
  private Admin admin;
  private KafkaProducer<byte[], byte[]> producer;
  private Thread receiver;

  RunClients(Condition condition, KafkaRun.BrokerHandle broker, String topic) {
    this.condition = condition;
    this.broker = broker;
    this.topic = topic;
  }

  String topic() { return topic; }

  /** The producer, once {@link #open} created it. */
  KafkaProducer<byte[], byte[]> producer() { return producer; }

  /**
   * Creates the topic, starts the receiver and waits for its partitions, creates the producer and sends one
   * probe record whose callback names the producer's I/O thread and whose delivery proves the path.
   *
   * @throws IllegalStateException when a step does not complete in its time
   */
  void open(StampBook book, RunState state, MonotonicClock nanoClock) throws Exception {
    admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrap(),
        AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000, AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 20_000,
        AdminClientConfig.CLIENT_ID_CONFIG, "ftl-admin"));
    admin.createTopics(List.of(new NewTopic(topic, condition.partitions(), (short) 1))).all().get(20, TimeUnit.SECONDS);

    List<TopicPartition> partitions = new ArrayList<>();
    for (int p = 0; p < condition.partitions(); p++) {
      partitions.add(new TopicPartition(topic, p));
    }
    receiver = new Thread(new Receiver(condition, broker.bootstrap(), book, state, partitions), KafkaRun.RECV_THREAD);
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
      throw new IllegalStateException("probe record not delivered to the consumer within " + PROBE_TIMEOUT_MILLIS / 1000 + " s");
    }
  }

  private Properties producerProps() {
    Properties p = new Properties();
    p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrap());
    p.put(ProducerConfig.CLIENT_ID_CONFIG, KafkaRun.PRODUCER_CLIENT_ID);
    p.put(ProducerConfig.ACKS_CONFIG, condition.acks());
    p.put(ProducerConfig.LINGER_MS_CONFIG, condition.lingerMillis());
    p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 5_000);
    p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 10_000 + condition.lingerMillis());
    p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 5_000);
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

  /** Deletes the run's topic (unless the broker died) and closes the admin client. */
  void deleteTopic(boolean brokerDied) {
    if (admin != null) {
      if (!brokerDied) {
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
