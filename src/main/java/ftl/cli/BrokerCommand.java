package ftl.cli;

import ftl.data.ledger.Instrument;
import ftl.harness.broker.EmbeddedBroker;
import ftl.harness.broker.EmbeddedCluster;
import ftl.harness.system.NatsServer;
import ftl.harness.system.RabbitMqServer;
import ftl.harness.system.SystemName;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code ftl broker}: the embedded Kafka broker alone, for manual use, until Ctrl-C. */
@Command(name = "broker", mixinStandardHelpOptions = true,
    description = {"Serve Kafka (one broker or a local cluster), RabbitMQ or NATS for manual use until Ctrl-C.",
        "Kafka (default): one broker (KRaft, broker+controller, 127.0.0.1, free ports) in a separate JVM; with "
            + "--brokers N (2..5) a local cluster of N brokers, each its own JVM on 127.0.0.<id> with its own log "
            + "folder. --system rabbitmq or nats: Debian's rabbitmq-server or nats-server (JetStream) on a free "
            + "loopback port.",
        "Prints the bootstrap address (a cluster's comma-separated list, which campaign run --bootstrap takes) or"
            + " host:port on stdout and the server's own pid on stderr; Ctrl-C or SIGTERM stops it cleanly, exit 0."},
    footer = ExitCode.HELP_FOOTER)
public final class BrokerCommand implements Callable<Integer> {
  @ParentCommand Main main;
  /** This command as picocli runs it: a usage error thrown with it prints to the run's own error stream. */
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Option(names = "--scratch", paramLabel = "DIR", description =
      "Broker folder (default: scratch/broker-<timestamp>/).")
  Path scratch;

  @Option(names = "--system", paramLabel = "SYSTEM", defaultValue = "kafka",
      description =
      "kafka (default: the embedded broker), rabbitmq or nats (Debian's rabbitmq-server or nats-server with "
          + "JetStream, on a free loopback port in its own folder): prints host:port on stdout, then serves until "
          + "Ctrl-C.")
  String system;

  @Option(names = "--brokers", paramLabel = "N", defaultValue = "1",
      description = "Kafka only: 1 (default) for the single embedded broker, or 2..5 for a local cluster (KRaft, every "
          + "node broker and controller, a static quorum of all N): prints the comma-separated bootstrap list.")
  int brokers;

  @Override
  public Integer call() throws InterruptedException {
    String stamp = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS", Locale.ROOT).withZone(ZoneOffset.UTC)
        .format(Instant.now());
    if (!system.equals(Instrument.KAFKA.word())) {
      if (brokers != 1) {
        throw new picocli.CommandLine.ParameterException(spec.commandLine(),
            "--brokers applies to kafka only: " + system + " runs one server");
      }
      return otherServer(stamp);
    }
    if (brokers != 1) {
      return cluster(stamp);
    }
    Path dir = scratch != null ? scratch : main.archiveRoot().resolve("scratch").resolve("broker-" + stamp);
    System.err.println("ftl: starting the embedded Kafka broker in " + dir);
    EmbeddedBroker broker;
    try {
      broker = EmbeddedBroker.start(dir);
    } catch (IOException e) {
      throw new HarnessFailure("the embedded broker did not start: " + e.getMessage(), e);
    }
    AtomicBoolean stopping = new AtomicBoolean();
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      stopping.set(true);
      System.err.println("ftl: stopping the broker");
      broker.close();
      System.err.println("ftl: the broker stopped");
    }, "ftl-broker-stop"));
    System.out.println(broker.bootstrap());
    System.out.flush();
    System.err.println("ftl: broker pid " + broker.pid() + " serving at " + broker.bootstrap() + "; logs in "
        + dir.resolve("logs") + "; Ctrl-C stops it");
    return serve(broker::alive, () -> "the broker exited with code " + broker.exitCode(), stopping, System.err);
  }

  /**
   * Serves while {@code alive}, polling every half second; then a death seen after a stop was asked ({@code stopping},
   * set first thing by the shutdown hook that Ctrl-C or SIGTERM runs) is a clean stop, which the hook reports, and any
   * other death is an instrument failure reported here (issue 58: Ctrl-C of {@code ftl broker --brokers 3} printed "a
   * broker exited ... code 143" with stack frames, though the nodes stopped as asked).
   *
   * @return {@link ExitCode#OK} for a clean stop, {@link ExitCode#HARNESS} for a death
   */
  static int serve(BooleanSupplier alive, Supplier<String> death, AtomicBoolean stopping, PrintStream err)
      throws InterruptedException {
    while (alive.getAsBoolean() && !stopping.get()) {
      Thread.sleep(500);
    }
    if (stopping.get()) {
      return ExitCode.OK;
    }
    err.println("ftl: " + death.get());
    return ExitCode.HARNESS;
  }

  /** A local Kafka cluster of {@link #brokers} until Ctrl-C: its bootstrap list on stdout. */
  private Integer cluster(String stamp) throws InterruptedException {
    if (brokers < 2 || brokers > EmbeddedCluster.MAX_BROKERS) {
      throw new picocli.CommandLine.ParameterException(spec.commandLine(),
          "--brokers must be 1.." + EmbeddedCluster.MAX_BROKERS + " (was " + brokers + ")");
    }
    Path dir = scratch != null ? scratch : main.archiveRoot().resolve("scratch").resolve("cluster-" + stamp);
    System.err.println("ftl: starting a local Kafka cluster of " + brokers + " brokers in " + dir);
    long t0 = System.nanoTime();
    EmbeddedCluster c;
    try {
      c = EmbeddedCluster.start(dir, brokers);
    } catch (IOException e) {
      throw new HarnessFailure("the local cluster did not start: " + e.getMessage(), e);
    }
    AtomicBoolean stopping = new AtomicBoolean();
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      stopping.set(true);
      System.err.println("ftl: stopping the cluster");
      c.close();
      System.err.println("ftl: the cluster stopped");
    }, "ftl-broker-stop"));
    System.out.println(c.bootstrap());
    System.out.flush();
    System.err.println(
        String.format(Locale.ROOT,
        "ftl: %d brokers (pids %s) serving at %s after %.1f s; folders in %s; Ctrl-C stops them",
        c.size(), c.pids(), c.bootstrap(), (System.nanoTime() - t0) / 1e9, dir));
    return serve(c::alive, () -> "a broker exited: " + c.death(), stopping, System.err);
  }

  /** A RabbitMQ or NATS server of the archive's own until Ctrl-C: its {@code 127.0.0.1:port} on stdout. */
  private Integer otherServer(String stamp) throws InterruptedException {
    SystemName name;
    try {
      name = SystemName.of(system);
    } catch (IllegalArgumentException e) {
      throw new picocli.CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
    Path dir = scratch != null ? scratch : main.archiveRoot().resolve("scratch").resolve(name + "-" + stamp);
    System.err.println("ftl: starting " + name + " in " + dir);
    AutoCloseable server;
    long pid;
    int port;
    BooleanSupplier alive;
    Supplier<String> death;
    try {
      if (name == SystemName.RABBITMQ) {
        RabbitMqServer r = RabbitMqServer.start(dir);
        server = r;
        pid = r.serverPid();
        port = r.port();
        alive = r::alive;
        death = r::death;
      } else if (name == SystemName.NATS) {
        NatsServer n = NatsServer.start(dir);
        server = n;
        pid = n.serverPid();
        port = n.port();
        alive = n::alive;
        death = n::death;
      } else {
        // a system the archive runs but does not serve standalone: named, never another system's server started instead
        throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--system " + name
            + ": ftl broker serves " + Instrument.systemWordsListed());
      }
    } catch (IOException | RuntimeException e) {
      throw new HarnessFailure("the " + name + " server did not start: " + e.getMessage(), e);
    }
    AtomicBoolean stopping = new AtomicBoolean();
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      stopping.set(true);
      System.err.println("ftl: stopping the " + name + " server");
      try {
        server.close();
        System.err.println("ftl: the " + name + " server stopped");
      } catch (Exception e) {
        System.err.println("ftl: stopping the server: " + e.getMessage());
      }
    }, "ftl-server-stop"));
    System.out.println("127.0.0.1:" + port);
    System.out.flush();
    System.err.println("ftl: " + name + " pid " + pid + " serving at 127.0.0.1:" + port + "; Ctrl-C stops it");
    return serve(alive, () -> "the " + name + " server exited: " + death.get(), stopping, System.err);
  }
}
