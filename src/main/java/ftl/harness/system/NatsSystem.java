package ftl.harness.system;

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
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * NATS JetStream with the system's own Java client ({@code io.nats:jnats}): per run a fresh stream (one subject, file
 * storage unless {@link Config#memory}, one replica), a publisher connection that publishes asynchronously, and a
 * consumer connection with an ephemeral push consumer ({@code AckPolicy.None}, no acknowledgment traffic) read by a
 * synchronous subscription on the run's own thread {@code ftl-recv}, as Kafka's consumer is polled.
 * <ul>
 *   <li>ack stamp: the stream's {@code PubAck} as the client hands it to the application, by one of two paths
 *       ({@link AckPath}): by default the handler of a dispatcher subscribed to the run's reply subjects (each message
 *       is published with its own reply subject {@code ftl.ack.<run>.<seq>}, to which JetStream sends the PubAck),
 *       registered before any publish; or the {@code publishAsync} future, whose callback can only be attached after
 *       {@code publishAsync} returns, so a PubAck that came first runs it on the sending thread, late (counted in
 *       {@code acks_on_sender_thread});</li>
 *   <li>receive stamp: {@code nextMessage} returning the message on {@code ftl-recv};</li>
 *   <li>{@code create_ms}: the producer's wall clock in whole milliseconds ({@code System.currentTimeMillis()}), read
 *       at publish and carried in the message body ({@link MessageBody#withSeqAndMillis}), read back from the delivered
 *       data ({@link MessageBody#millisOf}; empty only when the body lacks it), as OpenMessaging Benchmark's NATS
 *       driver carries it ({@link SystemName#NATS}): a NATS message carries no producer time of its own, and the
 *       JetStream metadata's store time (the server's clock at append) is a different origin, not parsed.</li>
 * </ul>
 */
public final class NatsSystem implements MessagingSystem {

  /** Where the ack stamp is taken. */
  public enum AckPath {
    /** The handler of a dispatcher on the run's reply subjects: in place before the publish, never on the sender. */
    REPLY_HANDLER,
    /**
     * {@code publishAsync(...).whenComplete(...)}: the client's idiomatic asynchronous publish. The callback is
     * attached after the publish returns; when the PubAck came first it runs at once on the sending thread.
     */
    FUTURE
  }

  /** How the stream stores messages and where the ack stamp is taken. */
  public record Config(boolean memory, AckPath ackPath) {
    public Config {
      Objects.requireNonNull(ackPath, "ackPath");
    }

    public static Config defaults() { return new Config(false, AckPath.REPLY_HANDLER); }

    public Config withAckPath(AckPath p) { return new Config(memory, p); }
  }

  private static final Duration POLL = Duration.ofMillis(50);

  private final NatsServer server;
  private final String url;
  private final ExecutorService adminThreads;
  private final Connection admin;
  private final Config config;

  private NatsSystem(NatsServer server, String url, ExecutorService adminThreads, Connection admin, Config config) {
    this.server = server;
    this.url = url;
    this.adminThreads = adminThreads;
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
    return ServerProcess.connectedOrStopped(() -> open(server, server.url(), config), server::close);
  }

  /** Connects to an existing server ({@code nats://host:port}) with JetStream enabled; closing leaves it running. */
  public static NatsSystem connect(String url, Config config) throws IOException {
    return open(null, url, config);
  }

  private static NatsSystem open(NatsServer server, String url, Config config) throws IOException {
    ExecutorService threads = clientThreads("ftl-admin");
    try {
      Connection admin = connection(url, "ftl-admin", threads);
      if (!admin.getServerInfo().isJetStreamAvailable()) {
        quietly(admin, threads);
        // jnats would say only "Timeout or no response waiting for NATS JetStream server" at the first stream
        throw new IOException("the NATS server at " + url + " has no JetStream, which the instrument's streams need:"
            + " start it with JetStream enabled (nats-server -js)");
      }
      return new NatsSystem(server, url, threads, admin, config);
    } catch (IOException | RuntimeException e) {
      threads.shutdownNow();
      throw e;
    }
  }

  /**
   * The pool one connection's reader, writer and dispatchers run on: jnats' own default (a cached pool, threads
   * named {@code <connection name>:<n>}, idle ones ending after 500 ms), but one the run shuts down when it closes
   * the connection ({@link #quietly}). jnats does not shut its default pool down on close, so the dispatcher thread
   * that stamped a run's acknowledgments would outlive the run for up to 500 ms, with the run's priority still on it,
   * and the next run would find it real-time (and refuse to run, ThreadPlacement's check).
   */
  static ExecutorService clientThreads(String connectionName) {
    AtomicInteger n = new AtomicInteger();
    return new ThreadPoolExecutor(0, Integer.MAX_VALUE, 500, TimeUnit.MILLISECONDS, new SynchronousQueue<>(),
        r -> new Thread(r, connectionName + ":" + n.incrementAndGet()));
  }

  /** A connection named {@code name} whose threads run on {@code threads} ({@link #clientThreads}). */
  static Connection connection(String url, String name, ExecutorService threads) throws IOException {
    Options o = new Options.Builder().server(url).connectionName(name).connectionTimeout(Duration.ofSeconds(5))
        .noReconnect().executor(threads).build();
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
  public long serverPid() { return server == null ? -1 : server.pid(); }

  @Override
  public String death() { return server == null ? "nats connection lost" : server.death(); }

  @Override
  public String endpoint() { return url; }

  @Override
  public boolean alive() {
    return (server == null || server.alive()) && admin.getStatus() == Connection.Status.CONNECTED;
  }

  @Override
  public Destination open(String runName, int payloadBytes, Completion completion,
      Delivery delivery) throws IOException {
    Stream s = new Stream(runName, payloadBytes, completion, delivery);
    return Destinations.openedOrClosed(s, s::open);
  }

  /** One run's stream with its two connections and the receiving thread. */
  private final class Stream implements Destination {
    private final String name;
    private final String subject;
    private final String ackPrefix;
    private final byte[] template;
    private final Completion completion;
    private final Delivery delivery;
    private final AtomicLong acksOnSender = new AtomicLong();
    private final Object ackLock = new Object();
    private final AtomicReference<String> ackThread = new AtomicReference<>();
    private final AtomicReference<String> receiveError = new AtomicReference<>();
    private final ExecutorService consumerThreads = clientThreads("ftl-c");
    private final ExecutorService publisherThreads = clientThreads("ftl-p");
    private Connection consumerConnection;
    private Connection publisherConnection;
    private JetStream publisher;
    private Thread receiver;
    private volatile boolean receiving = true;
    private boolean created;
    private final AtomicBoolean closed = new AtomicBoolean();

    Stream(String runName, int payloadBytes, Completion completion, Delivery delivery) {
      if (!runName.matches("[A-Za-z0-9_-]+")) {
        throw new IllegalArgumentException("a NATS run name is letters, digits, '_' and '-' (was \"" + runName + "\")");
      }
      this.name = "ftl-" + runName;
      this.subject = "ftl." + runName;
      this.ackPrefix = "ftl.ack." + runName + ".";
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
        consumerConnection = connection(url, "ftl-c", consumerThreads);
        PushSubscribeOptions pso = PushSubscribeOptions.builder().stream(name).configuration(ConsumerConfiguration
            .builder().ackPolicy(AckPolicy.None).deliverPolicy(DeliverPolicy.All).build()).build();
        // subscribe returns once the server created the consumer: it is in place before the first publish.
        JetStreamSubscription sub = consumerConnection.jetStream().subscribe(subject, pso);
        receiver = new Thread(() -> receive(sub), SystemRun.RECV_THREAD);
        receiver.setDaemon(true);
        receiver.start();
        publisherConnection = connection(url, "ftl-p", publisherThreads);
        publisher = publisherConnection.jetStream();
        if (config.ackPath() == AckPath.REPLY_HANDLER) {
          publisherConnection.createDispatcher(this::onPubAck).subscribe(ackPrefix + "*");
          publisherConnection.flush(Duration.ofSeconds(10)); // the server has the subscription before any publish
        }
      } catch (JetStreamApiException e) {
        throw new IOException("JetStream refused stream " + name + ": " + e.getMessage(), e);
      } catch (TimeoutException e) {
        throw new IOException("no flush of the PubAck subscription within 10 s", e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while opening stream " + name, e);
      }
    }

    /**
     * The PubAck of the message whose reply subject it was sent to, on the publisher connection's dispatcher thread.
     *
     * <p><b>WARNING</b>: before the stamp it reads the seq from the subject's last token and scans the PubAck's few
     * bytes for an error (about 100 ns), on the dispatcher thread that delivers the next PubAcks.
     */
    private void onPubAck(Message m) {
      String subj = m.getSubject();
      long seq;
      try {
        seq = Long.parseLong(subj, ackPrefix.length(), subj.length(), 10);
      } catch (RuntimeException e) {
        return; // not one of ours
      }
      completion.completed(seq, pubAckError(m));
      if (ackThread.get() == null) {
        ackThread.compareAndSet(null, Thread.currentThread().getName());
      }
    }

    private void receive(JetStreamSubscription sub) {
      try {
        while (receiving) {
          Message m = sub.nextMessage(POLL);
          if (m != null) {
            delivery.delivered(MessageBody.seqOf(m.getData()), MessageBody.millisOf(m.getData()));
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
      if (config.ackPath() == AckPath.REPLY_HANDLER) {
        publisherConnection.publish(subject, ackPrefix + seq,
            MessageBody.withSeqAndMillis(template, seq, System.currentTimeMillis()));
        return;
      }
      Thread sender = Thread.currentThread();
      publisher.publishAsync(subject, MessageBody.withSeqAndMillis(template, seq, System.currentTimeMillis()))
          .whenComplete((ack, err) -> {
        // Two threads complete on this path (the client's and, late, the sender): the book's ack counter has one
        // writer at a time only under this lock (uncontended but for those races, tens of ns before the stamp).
        synchronized (ackLock) {
          completion.completed(seq, err == null ? null : failure(err));
        }
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
      m.put("ack_path", config.ackPath().name().toLowerCase(Locale.ROOT));
      if (receiveError.get() != null) {
        m.put("receive_error", receiveError.get());
      }
      return m;
    }

    @Override
    public synchronized void close() {
      if (!closed.compareAndSet(false, true)) {
        return; // closed once already: idempotent
      }
      quietly(publisherConnection, publisherThreads);
      receiving = false;
      if (receiver != null) {
        try {
          receiver.join(5_000);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      quietly(consumerConnection, consumerThreads);
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

  /** The error a PubAck reports (a status message such as 503 no responders, or a JSON {@code "error"}), or null. */
  static Exception pubAckError(Message m) {
    if (m.isStatusMessage()) {
      return new IOException("PubAck status " + m.getStatus());
    }
    byte[] d = m.getData();
    if (d != null && indexOf(d, ERROR_KEY) >= 0) {
      return new IOException("PubAck error: " + new String(d, StandardCharsets.UTF_8));
    }
    return null;
  }

  private static final byte[] ERROR_KEY = "\"error\"".getBytes(StandardCharsets.US_ASCII);

  static int indexOf(byte[] hay, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= hay.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (hay[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  static Exception failure(Throwable t) {
    Throwable c = t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
    return c instanceof Exception ? (Exception) c : new Exception(c);
  }

  /**
   * Closes {@code c} (null: never opened), then shuts its pool down and waits up to 5 s for its threads to end: a
   * thread still there after that is found by the next run's check of the JVM's threads.
   */
  private static void quietly(Connection c, ExecutorService threads) {
    try {
      if (c != null) {
        c.close();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException e) {
      // already closed
    } finally {
      threads.shutdown();
      try {
        threads.awaitTermination(5, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  @Override
  public void close() {
    quietly(admin, adminThreads);
    if (server != null) {
      server.close();
    }
  }
}
