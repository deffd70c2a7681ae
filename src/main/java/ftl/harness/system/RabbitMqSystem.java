package ftl.harness.system;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.DefaultConsumer;
import com.rabbitmq.client.Envelope;
import com.rabbitmq.client.MessageProperties;
import com.rabbitmq.client.impl.ClientVersion;
import ftl.data.ledger.QueueType;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * RabbitMQ through AMQP 0-9-1 with the system's own Java client ({@code com.rabbitmq:amqp-client}): per run a fresh
 * queue on the default exchange, a publisher connection whose channel is in confirm mode, and a consumer connection
 * with one {@code basic.consume}. The queue is of the {@link Options#queueType}: a classic queue
 * ({@code x-queue-type=classic}) consumed in no-ack mode, a quorum queue ({@code x-queue-type=quorum}, durable as it
 * must be, every message written to its log before the confirm whatever its delivery mode; consumed in no-ack mode, as
 * OpenMessaging Benchmark's shipped RabbitMQ driver declares its queues), or a stream ({@code x-queue-type=stream},
 * RabbitMQ 3.9 and later; a server without streams refuses the declare and the run fails naming it), which AMQP 0-9-1
 * can only declare durable and non-exclusive and only consume with a prefetch ({@value #STREAM_PREFETCH} messages,
 * {@code basic.qos}) and manual acknowledgments, from the offset {@value #STREAM_OFFSET} ({@code x-stream-offset}): the
 * stream is fresh and the consumer attached before the first publish, so its first offset is the run's first message,
 * and no message appended between {@code consume-ok} and the stream reader's start can be skipped, as with {@code next}
 * it could.
 * <ul>
 *   <li>ack stamp: the publisher confirm ({@code basic.ack}) as the client's {@code ConfirmListener} hands it over, on
 *       the publisher connection's reader thread (named {@code AMQP Connection <host>:<port>} by the client, so its
 *       {@code comm} is {@code AMQP Connection}, as the other connections' readers are: the run tells them apart by
 *       the tid that thread reads itself at the probe's confirm); a confirm with {@code multiple} stamps every message
 *       it covers ({@link ConfirmTracker}; counted in {@code confirms_multiple_covered}), and each event's
 *       {@code ack_covered} says how many messages its confirm completed;</li>
 *   <li>receive stamp: {@code handleDelivery}, on the consumer connection's dispatch thread {@code ftl-recv} (the
 *       consumer work pool's one thread); on a stream, after the stamp, every {@value #STREAM_ACK_EVERY}th delivery
 *       acknowledges all before it ({@code basic.ack} with {@code multiple}), so the prefetch never fills;</li>
 *   <li>{@code create_ms}: the producer's wall clock in whole milliseconds ({@code System.currentTimeMillis()}), read
 *       at publish and carried in the message body ({@link MessageBody#withSeqAndMillis}), read back from the delivered
 *       body ({@link MessageBody#millisOf}; empty only when the body lacks it), as a harness carries its millisecond
 *       send stamp ({@link SystemName#RABBITMQ}); the AMQP {@code timestamp} property is whole seconds and is not
 *       set.</li>
 * </ul>
 * Messages are transient and the queue non-durable unless {@link Options#persistent} (then a durable queue and
 * delivery mode 2: the broker confirms a persistent message only once it is written to disk), as PerfTest publishes
 * transient messages by default; OpenMessaging Benchmark's shipped driver declares a durable quorum queue, which writes
 * every message to its log before the confirm ({@link QueueType#QUORUM}).
 */
public final class RabbitMqSystem implements MessagingSystem {

  /**
   * How messages are published and queued.
   *
   * @param persistent delivery mode 2 on a durable queue (a stream is durable and persistent whatever this says)
   * @param queueType  the kind of each run's fresh queue
   */
  public record Options(boolean persistent, QueueType queueType) {
    public Options {
      Objects.requireNonNull(queueType, "queueType");
    }

    /** Transient messages ({@code persistent}) or persistent ones on a durable queue, on a classic queue. */
    public Options(boolean persistent) {
      this(persistent, QueueType.CLASSIC);
    }

    /** Transient messages on a classic queue. */
    public static Options defaults() { return new Options(false); }

    public Options withQueueType(QueueType t) { return new Options(persistent, t); }
  }

  /** Prefetch ({@code basic.qos}) of a stream's consumer, messages: a stream cannot be consumed without one. */
  static final int STREAM_PREFETCH = 1000;
  /**
   * A stream's consumer acknowledges every this many deliveries at once ({@code multiple}); well below the prefetch.
   */
  static final int STREAM_ACK_EVERY = 100;
  /** Where a stream's consumer starts ({@code x-stream-offset}). */
  static final String STREAM_OFFSET = "first";
  static final int CONFIRM_CAPACITY = 1 << 16;
  private static final AtomicInteger THREADS = new AtomicInteger();

  private final RabbitMqServer server;
  private final ConnectionFactory factory;
  private final Connection admin;
  private final Options options;
  private final String serverVersion;
  private final String uri;
  /** False for a {@link #withQueueType} view, whose close closes nothing. */
  private final boolean owner;

  private RabbitMqSystem(RabbitMqServer server, String uri, ConnectionFactory factory, Connection admin,
      Options options,
                         boolean owner) {
    this.server = server;
    this.uri = uri;
    this.factory = factory;
    this.admin = admin;
    this.options = options;
    this.owner = owner;
    Object v = admin.getServerProperties().get("version");
    this.serverVersion = v == null ? "" : v.toString();
  }

  /**
   * This system with another queue type for the runs opened through it: the same server, connection factory and
   * admin connection. Closing the view closes nothing; this system still owns them.
   */
  public RabbitMqSystem withQueueType(QueueType t) {
    return t == options.queueType() && !owner ? this
        : new RabbitMqSystem(server, uri, factory, admin, options.withQueueType(t), false);
  }

  /** Starts a RabbitMQ node of its own under {@code scratch} and connects to it; closing stops it. */
  public static RabbitMqSystem start(Path scratch, Options options) throws IOException {
    return start(scratch, RabbitMqServer.DEFAULT_SCRIPT, options);
  }

  /** As {@link #start(Path, Options)} with another {@code rabbitmq-server} script. */
  public static RabbitMqSystem start(Path scratch, Path script, Options options) throws IOException {
    RabbitMqServer server = RabbitMqServer.start(scratch, script, RabbitMqServer.DEFAULT_EPMD,
        RabbitMqServer.READY_TIMEOUT_MILLIS);
    return ServerProcess.connectedOrStopped(() -> open(server, server.uri(), options), server::close);
  }

  /** Connects to an existing server ({@code amqp://user:pass@host:port/vhost}); closing leaves it running. */
  public static RabbitMqSystem connect(String uri, Options options) throws IOException {
    return open(null, uri, options);
  }

  private static RabbitMqSystem open(RabbitMqServer server, String uri, Options options) throws IOException {
    ConnectionFactory f = factory(uri);
    f.setThreadFactory(r -> new Thread(r, "ftl-amqp-" + THREADS.incrementAndGet()));
    try {
      return new RabbitMqSystem(server, uri, f, f.newConnection("ftl-admin"), options, true);
    } catch (TimeoutException e) {
      throw new IOException("no AMQP connection to " + endpoint(f) + ": " + e.getMessage(), e);
    }
  }

  static ConnectionFactory factory(String uri) {
    ConnectionFactory f = new ConnectionFactory();
    try {
      f.setUri(uri);
    } catch (URISyntaxException | GeneralSecurityException e) {
      throw new IllegalArgumentException("not an AMQP URI: " + uri + " (" + e.getMessage() + ")", e);
    }
    f.setAutomaticRecoveryEnabled(false);
    f.setConnectionTimeout(5_000);
    f.setHandshakeTimeout(10_000);
    return f;
  }

  /** True when an AMQP connection to {@code uri} opens (the readiness probe of a started node). */
  static boolean answers(String uri) {
    ConnectionFactory f = factory(uri);
    f.setConnectionTimeout(1_000);
    f.setHandshakeTimeout(2_000);
    try (Connection c = f.newConnection("ftl-probe")) {
      return c.isOpen();
    } catch (IOException | TimeoutException | RuntimeException e) {
      return false;
    }
  }

  private static String endpoint(ConnectionFactory f) {
    return "amqp://" + f.getHost() + ":" + f.getPort();
  }

  /** The URI it connects to, credentials included (for a second system on the same server). */
  String uri() { return uri; }

  /** The port of the server it started, -1 when it connected to an existing one. */
  int port() { return server == null ? -1 : server.port(); }

  /** The node name of the server it started, empty when it connected to an existing one. */
  String nodeName() { return server == null ? "" : server.nodeName(); }

  @Override
  public SystemName name() { return SystemName.RABBITMQ; }

  @Override
  public String clientVersion() { return ClientVersion.VERSION; }

  @Override
  public String serverVersion() { return serverVersion; }

  @Override
  public long serverPid() { return server == null ? -1 : server.pid(); }

  @Override
  public String death() { return server == null ? "rabbitmq connection lost" : server.death(); }

  @Override
  public String endpoint() { return endpoint(factory); }

  @Override
  public boolean alive() { return (server == null || server.alive()) && admin.isOpen(); }

  @Override
  public Destination open(String runName, int payloadBytes, Completion completion,
      Delivery delivery) throws IOException {
    Queue q = new Queue("ftl-" + runName, payloadBytes, completion, delivery);
    return Destinations.openedOrClosed(q, q::open);
  }

  /** One run's queue with its two connections. */
  private final class Queue implements Destination {
    private final String name;
    private final byte[] template;
    private final Completion completion;
    private final Delivery delivery;
    private final ConfirmTracker confirms = new ConfirmTracker(CONFIRM_CAPACITY);
    private final AMQP.BasicProperties props = options.persistent() ? MessageProperties.PERSISTENT_BASIC : null;
    private final boolean stream = options.queueType() == QueueType.STREAM;
    /** Deliveries since the last acknowledgment of a stream's consumer; written on the dispatch thread only. */
    private int unacked;
    private final AtomicLong consumerAckFrames = new AtomicLong();
    private ExecutorService dispatch;
    private Connection consumerConnection;
    private Connection publisherConnection;
    private Channel publisher;
    private boolean closed;

    Queue(String name, int payloadBytes, Completion completion, Delivery delivery) {
      this.name = name;
      this.template = MessageBody.template(payloadBytes);
      this.completion = completion;
      this.delivery = delivery;
    }

    void open() throws IOException {
      try (Channel ch = admin.createChannel()) {
        // a stream and a quorum queue must be durable and non-exclusive; a classic queue is durable only for persistent
        // messages
        ch.queueDeclare(name, options.queueType() != QueueType.CLASSIC || options.persistent(), false, false,
            Map.of("x-queue-type", options.queueType().word()));
      } catch (TimeoutException e) {
        throw new IOException("declaring queue " + name + ": " + e.getMessage(), e);
      }
      dispatch = Executors.newSingleThreadExecutor(r -> new Thread(r, SystemRun.RECV_THREAD));
      try {
        consumerConnection = factory.newConnection(dispatch, "ftl-c");
        Channel consumer = consumerConnection.createChannel();
        // basicConsume returns after consume-ok: the consumer is registered before the first publish.
        if (stream) {
          consumer.basicQos(STREAM_PREFETCH);
          consumer.basicConsume(name, false, "ftl-c", false, false, Map.of("x-stream-offset", STREAM_OFFSET),
              new DefaultConsumer(consumer) {
                @Override
                public void handleDelivery(String tag, Envelope envelope, AMQP.BasicProperties properties, byte[] body)
                    throws IOException {
                  delivery.delivered(MessageBody.seqOf(body), MessageBody.millisOf(body));
                  acknowledge(consumer, envelope.getDeliveryTag());
                }
              });
        } else {
          consumer.basicConsume(name, true, "ftl-c", new DefaultConsumer(consumer) {
            @Override
            public void handleDelivery(String tag, Envelope envelope, AMQP.BasicProperties properties, byte[] body) {
              delivery.delivered(MessageBody.seqOf(body), MessageBody.millisOf(body));
            }
          });
        }
        publisherConnection = factory.newConnection("ftl-p");
        publisher = publisherConnection.createChannel();
        publisher.confirmSelect();
        publisher.addConfirmListener((tag, multiple) -> confirms.confirm(tag, multiple, null, completion),
            (tag, multiple) -> confirms.confirm(tag, multiple, new IOException("basic.nack for delivery tag " + tag),
            completion));
      } catch (TimeoutException e) {
        throw new IOException("connecting to " + endpoint() + ": " + e.getMessage(), e);
      }
    }

    /**
     * A stream's consumer acknowledges, after the delivery's stamp, every {@value #STREAM_ACK_EVERY}th delivery with
     * {@code multiple}: all it has received so far.
     *
     * <p><b>WARNING</b>: one {@code basic.ack} frame written to the socket (a few µs) on the dispatch thread every
     * {@value #STREAM_ACK_EVERY} deliveries: it can delay the receive stamp of a message that arrives meanwhile, never
     * the stamp of the delivery that sends it.
     */
    private void acknowledge(Channel consumer, long deliveryTag) throws IOException {
      if (++unacked >= STREAM_ACK_EVERY) {
        unacked = 0;
        consumer.basicAck(deliveryTag, true);
        consumerAckFrames.incrementAndGet();
      }
    }

    @Override
    public String name() { return name; }

    @Override
    public void publish(long seq) throws IOException {
      byte[] body = MessageBody.withSeqAndMillis(template, seq, System.currentTimeMillis());
      confirms.register(publisher.getNextPublishSeqNo(), seq);
      publisher.basicPublish("", name, props, body);
    }

    @Override
    public Map<String, String> cells() {
      Map<String, String> m = new LinkedHashMap<>();
      m.put("confirms_multiple_frames", String.valueOf(confirms.multipleFrames()));
      m.put("confirms_multiple_covered", String.valueOf(confirms.coveredByMultiple()));
      m.put("confirms_unknown", String.valueOf(confirms.unknownTags()));
      m.put("persistent", String.valueOf(options.persistent()));
      m.put("queue_type", options.queueType().word());
      if (stream) {
        m.put("consumer_ack_frames", String.valueOf(consumerAckFrames.get()));
      }
      return m;
    }

    @Override
    public synchronized void close() {
      if (closed) {
        return;
      }
      closed = true;
      quietly(publisherConnection);
      quietly(consumerConnection);
      if (dispatch != null) {
        dispatch.shutdown();
        try {
          dispatch.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      if (admin.isOpen()) {
        try (Channel ch = admin.createChannel()) {
          ch.queueDelete(name);
        } catch (IOException | TimeoutException | RuntimeException e) {
          // best effort: the queue is unique to this run
        }
      }
    }
  }

  private static void quietly(Connection c) {
    if (c != null) {
      try {
        c.close(5_000);
      } catch (IOException | RuntimeException e) {
        // already closed or the server is gone
      }
    }
  }

  /** Closes the admin connection and stops the server it started; a {@link #withQueueType} view closes nothing. */
  @Override
  public void close() {
    if (!owner) {
      return;
    }
    quietly(admin);
    if (server != null) {
      server.close();
    }
  }
}
