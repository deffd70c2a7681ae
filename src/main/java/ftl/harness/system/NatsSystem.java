package ftl.harness.system;

import ftl.data.Event;
import io.nats.client.Connection;
import io.nats.client.JetStream;
import io.nats.client.JetStreamApiException;
import io.nats.client.JetStreamManagement;
import io.nats.client.JetStreamSubscription;
import io.nats.client.Message;
import io.nats.client.Nats;
import io.nats.client.Options;
import io.nats.client.PushSubscribeOptions;
import io.nats.client.api.AckPolicy;
import io.nats.client.api.ConsumerConfiguration;
import io.nats.client.api.DeliverPolicy;
import io.nats.client.api.StorageType;
import io.nats.client.api.StreamConfiguration;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * NATS JetStream with the system's own Java client ({@code io.nats:jnats}): per run a fresh stream (one subject, file
 * storage unless {@link Config#memory}, one replica), a publisher connection that publishes asynchronously, and a
 * consumer connection with an ephemeral push consumer ({@code AckPolicy.None}, no acknowledgment traffic) read by a
 * synchronous subscription on the run's own thread {@code ftl-recv}, as Kafka's consumer is polled.
 * <ul>
 *   <li>ack stamp: completion of the {@code publishAsync} future with the stream's {@code PubAck}, on the client's
 *       thread that completes it. The callback is attached right after {@code publishAsync} returns; a PubAck that came
 *       before that runs it on the sending thread at once (counted in {@code acks_on_sender_thread});</li>
 *   <li>receive stamp: {@code nextMessage} returning the message on {@code ftl-recv};</li>
 *   <li>{@code create_ms}: empty ({@link SystemName#NATS}): a NATS message carries no producer time, and the
 *       JetStream metadata's store time (the server's clock at append) is a different origin, not parsed.</li>
 * </ul>
 */
public final class NatsSystem implements MessagingSystem {

  /** How the stream stores messages. */
  public record Config(boolean memory) {
    public static Config defaults() { return new Config(false); }
  }

  private static final Duration POLL = Duration.ofMillis(50);

  private final NatsServer server;
  private final String url;
  private final Connection admin;
  private final Config config;

  private NatsSystem(NatsServer server, String url, Connection admin, Config config) {
    this.server = server;
    this.url = url;
    this.admin = admin;
    this.config = config;
  }

  /** Starts a NATS server of its own with JetStream under {@code scratch} and connects; closing stops it. */
  public static NatsSystem start(Path scratch, Config config) throws IOException {
    return start(scratch, NatsServer.DEFAULT_BINARY, config);
  }

  /** As {@link #start(Path, Config)} with another {@code nats-server} binary. */
  public static NatsSystem start(Path scratch, Path binary, Config config) throws IOException {
    NatsServer server = NatsServer.start(scratch, binary, NatsServer.READY_TIMEOUT_MILLIS);
    try {
      return open(server, server.url(), config);
    } catch (IOException | RuntimeException e) {
      server.close();
      throw e;
    }
  }

  /** Connects to an existing server ({@code nats://host:port}) with JetStream enabled; closing leaves it running. */
  public static NatsSystem connect(String url, Config config) throws IOException {
    return open(null, url, config);
  }

  private static NatsSystem open(NatsServer server, String url, Config config) throws IOException {
    return new NatsSystem(server, url, connection(url, "ftl-admin"), config);
  }

  static Connection connection(String url, String name) throws IOException {
    Options o = new Options.Builder().server(url).connectionName(name).connectionTimeout(Duration.ofSeconds(5))
        .noReconnect().build();
    try {
      return Nats.connect(o);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while connecting to " + url, e);
    }
  }

  @Override
  public SystemName name() { return SystemName.NATS; }

  @Override
  public String clientVersion() { return Nats.CLIENT_VERSION; }

  @Override
  public String serverVersion() { return admin.getServerInfo().getVersion(); }

  @Override
  public String endpoint() { return url; }

  @Override
  public boolean alive() {
    return (server == null || server.alive()) && admin.getStatus() == Connection.Status.CONNECTED;
  }

  @Override
  public Destination open(String runName, int payloadBytes, Completion completion, Delivery delivery) throws IOException {
    Stream s = new Stream(runName, payloadBytes, completion, delivery);
    try {
      s.open();
      return s;
    } catch (IOException | RuntimeException e) {
      s.close();
      throw e;
    }
  }

  /** One run's stream with its two connections and the receiving thread. */
  private final class Stream implements Destination {
    private final String name;
    private final String subject;
    private final byte[] template;
    private final Completion completion;
    private final Delivery delivery;
    private final AtomicLong acksOnSender = new AtomicLong();
    private final AtomicReference<String> ackThread = new AtomicReference<>();
    private final AtomicReference<String> receiveError = new AtomicReference<>();
    private Connection consumerConnection;
    private Connection publisherConnection;
    private JetStream publisher;
    private Thread receiver;
    private volatile boolean receiving = true;
    private boolean created;
    private boolean closed;

    Stream(String runName, int payloadBytes, Completion completion, Delivery delivery) {
      if (!runName.matches("[A-Za-z0-9_-]+")) {
        throw new IllegalArgumentException("a NATS run name is letters, digits, '_' and '-' (was \"" + runName + "\")");
      }
      this.name = "ftl-" + runName;
      this.subject = "ftl." + runName;
      this.template = MessageBody.template(payloadBytes);
      this.completion = completion;
      this.delivery = delivery;
    }

    void open() throws IOException {
      try {
        StreamConfiguration sc = StreamConfiguration.builder().name(name).subjects(subject)
            .storageType(config.memory() ? StorageType.Memory : StorageType.File).replicas(1).build();
        admin.jetStreamManagement().addStream(sc);
        created = true;
        consumerConnection = connection(url, "ftl-c");
        PushSubscribeOptions pso = PushSubscribeOptions.builder().stream(name).configuration(ConsumerConfiguration
            .builder().ackPolicy(AckPolicy.None).deliverPolicy(DeliverPolicy.All).build()).build();
        // subscribe returns once the server created the consumer: it is in place before the first publish.
        JetStreamSubscription sub = consumerConnection.jetStream().subscribe(subject, pso);
        receiver = new Thread(() -> receive(sub), SystemRun.RECV_THREAD);
        receiver.setDaemon(true);
        receiver.start();
        publisherConnection = connection(url, "ftl-p");
        publisher = publisherConnection.jetStream();
      } catch (JetStreamApiException e) {
        throw new IOException("JetStream refused stream " + name + ": " + e.getMessage(), e);
      }
    }

    private void receive(JetStreamSubscription sub) {
      try {
        while (receiving) {
          Message m = sub.nextMessage(POLL);
          if (m != null) {
            delivery.delivered(MessageBody.seqOf(m.getData()), Event.MISSING);
          }
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } catch (RuntimeException e) {
        if (receiving) {
          receiveError.set(String.valueOf(e));
        }
      }
    }

    @Override
    public String name() { return name; }

    @Override
    public void publish(long seq) {
      Thread sender = Thread.currentThread();
      publisher.publishAsync(subject, MessageBody.withSeq(template, seq)).whenComplete((ack, err) -> {
        completion.completed(seq, err == null ? null : failure(err));
        Thread t = Thread.currentThread();
        if (t == sender) {
          acksOnSender.incrementAndGet();
        } else if (ackThread.get() == null) {
          ackThread.compareAndSet(null, t.getName());
        }
      });
    }

    @Override
    public Map<String, String> cells() {
      Map<String, String> m = new LinkedHashMap<>();
      m.put("acks_on_sender_thread", String.valueOf(acksOnSender.get()));
      m.put("ack_thread", String.valueOf(ackThread.get()));
      m.put("storage", config.memory() ? "memory" : "file");
      if (receiveError.get() != null) {
        m.put("receive_error", receiveError.get());
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
      receiving = false;
      if (receiver != null) {
        try {
          receiver.join(5_000);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      quietly(consumerConnection);
      if (created && admin.getStatus() == Connection.Status.CONNECTED) {
        try {
          JetStreamManagement jsm = admin.jetStreamManagement();
          jsm.deleteStream(name);
        } catch (IOException | JetStreamApiException | RuntimeException e) {
          // best effort: the stream is unique to this run
        }
      }
    }
  }

  static Exception failure(Throwable t) {
    Throwable c = t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
    return c instanceof Exception ? (Exception) c : new Exception(c);
  }

  private static void quietly(Connection c) {
    if (c != null) {
      try {
        c.close();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } catch (RuntimeException e) {
        // already closed
      }
    }
  }

  @Override
  public void close() {
    quietly(admin);
    if (server != null) {
      server.close();
    }
  }
}
