package ftl.harness.system;

import ftl.harness.broker.EmbeddedBroker;
import ftl.harness.run.KafkaConsumerSettings;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Kafka behind the same interface, a small adapter for the quick look and for comparing systems with one run loop.
 * The campaigns still run on {@link ftl.harness.run.KafkaRun} (manipulations, ledger); this adapter mirrors its
 * clients with the smoke plan's defaults: a fresh one-partition topic per run, a producer with {@code acks=1},
 * {@code linger.ms=0}, no idempotence, whose completion callback on its I/O thread gives the ack stamp, and a consumer
 * assigned at the end offset and polled on {@code ftl-recv}, whose records give the receive stamp and {@code create_ms}
 * (the record's CreateTime). The seq is the record's 8-byte key, the payload its value, as in {@code KafkaRun}.
 */
public final class KafkaSystem implements MessagingSystem {
  private static final Duration POLL = Duration.ofMillis(50);

  private final EmbeddedBroker broker;
  private final String bootstrap;
  private final Admin admin;

  private KafkaSystem(EmbeddedBroker broker, String bootstrap) {
    this.broker = broker;
    this.bootstrap = bootstrap;
    this.admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
        AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000, AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 20_000,
        AdminClientConfig.CLIENT_ID_CONFIG, "ftl-admin"));
  }

  /** Starts the embedded broker under {@code scratch}; closing stops it. */
  public static KafkaSystem start(Path scratch) throws IOException {
    EmbeddedBroker b = EmbeddedBroker.start(scratch);
    try {
      return new KafkaSystem(b, b.bootstrap());
    } catch (RuntimeException e) {
      b.close();
      throw e;
    }
  }

  /** Uses an existing cluster ({@code host:port}); closing leaves it running. */
  public static KafkaSystem connect(String bootstrap) {
    return new KafkaSystem(null, bootstrap);
  }

  @Override
  public SystemName name() { return SystemName.KAFKA; }

  /** The kafka-clients version on the classpath, from its {@code kafka/kafka-version.properties}. */
  public static final String CLIENT_VERSION = clientVersionOnClasspath();

  private static String clientVersionOnClasspath() {
    try (InputStream in = KafkaProducer.class.getResourceAsStream("/kafka/kafka-version.properties")) {
      Properties p = new Properties();
      if (in != null) {
        p.load(in);
      }
      return p.getProperty("version", "");
    } catch (IOException e) {
      return "";
    }
  }

  @Override
  public String clientVersion() { return CLIENT_VERSION; }

  /** The embedded broker runs this classpath's Kafka; an external cluster's version is not asked (empty). */
  @Override
  public String serverVersion() { return broker != null ? CLIENT_VERSION : ""; }

  @Override
  public String endpoint() { return bootstrap; }

  @Override
  public boolean alive() { return broker == null || broker.alive(); }

  @Override
  public Destination open(String runName, int payloadBytes, Completion completion,
      Delivery delivery) throws IOException {
    Topic t = new Topic("ftl-" + runName, payloadBytes, completion, delivery);
    return Destinations.openedOrClosed(t, t::open);
  }

  private final class Topic implements Destination {
    private final String name;
    private final byte[] value;
    private final Completion completion;
    private final Delivery delivery;
    private final CountDownLatch ready = new CountDownLatch(1);
    private final AtomicReference<String> receiveError = new AtomicReference<>();
    private volatile boolean receiving = true;
    private boolean created;
    private boolean closed;
    private Thread receiver;
    private KafkaProducer<byte[], byte[]> producer;

    Topic(String name, int payloadBytes, Completion completion, Delivery delivery) {
      this.name = name;
      this.value = Arrays.copyOfRange(MessageBody.template(payloadBytes), MessageBody.HEADER_BYTES,
          MessageBody.HEADER_BYTES + payloadBytes);
      this.completion = completion;
      this.delivery = delivery;
    }

    void open() throws IOException {
      try {
        admin.createTopics(List.of(new NewTopic(name, 1, (short) 1))).all().get(20, TimeUnit.SECONDS);
        created = true;
        receiver = new Thread(this::receive, SystemRun.RECV_THREAD);
        receiver.setDaemon(true);
        receiver.start();
        if (!ready.await(30, TimeUnit.SECONDS)) {
          throw new IOException("consumer did not get its partition within 30 s");
        }
        if (receiveError.get() != null) {
          throw new IOException("consumer: " + receiveError.get());
        }
      } catch (ExecutionException | TimeoutException e) {
        throw new IOException("creating topic " + name + ": " + e.getMessage(), e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while opening topic " + name, e);
      }
      Properties p = new Properties();
      p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
      p.put(ProducerConfig.CLIENT_ID_CONFIG, "ftl-p");
      p.put(ProducerConfig.ACKS_CONFIG, "1");
      p.put(ProducerConfig.LINGER_MS_CONFIG, 0);
      p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, false);
      p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
      p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
      p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 5_000);
      p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 10_000);
      p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 5_000);
      producer = new KafkaProducer<>(p);
    }

    private void receive() {
      Properties p = KafkaConsumerSettings.of(bootstrap);
      List<TopicPartition> tp = List.of(new TopicPartition(name, 0));
      try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(p)) {
        consumer.assign(tp);
        consumer.seekToEnd(tp);
        consumer.position(tp.get(0), Duration.ofSeconds(20));
        ready.countDown();
        while (receiving) {
          for (ConsumerRecord<byte[], byte[]> r : consumer.poll(POLL)) {
            delivery.delivered(MessageBody.seqOf(r.key()), r.timestamp());
          }
        }
      } catch (RuntimeException e) {
        receiveError.set(String.valueOf(e));
        ready.countDown();
      }
    }

    @Override
    public String name() { return name; }

    @Override
    public void publish(long seq) {
      byte[] key = MessageBody.withSeq(new byte[MessageBody.SEQ_BYTES], seq);
      producer.send(new ProducerRecord<>(name, key, value), (m, e) -> completion.completed(seq, e));
    }

    @Override
    public Map<String, String> cells() {
      return receiveError.get() == null ? Map.of() : Map.of("receive_error", receiveError.get());
    }

    @Override
    public synchronized void close() {
      if (closed) {
        return;
      }
      closed = true;
      if (producer != null) {
        producer.close(Duration.ofSeconds(alive() ? 5 : 0));
      }
      receiving = false;
      if (receiver != null) {
        try {
          receiver.join(10_000);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      if (created && alive()) {
        try {
          admin.deleteTopics(List.of(name)).all().get(10, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
          // best effort: the topic is unique to this run
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    }
  }

  @Override
  public void close() {
    admin.close(Duration.ofSeconds(alive() ? 5 : 0));
    if (broker != null) {
      broker.close();
    }
  }
}
