package ftl.cli;

import ftl.harness.broker.EmbeddedBroker;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code ftl broker}: the embedded Kafka broker alone, for manual use, until Ctrl-C. */
@Command(name = "broker", mixinStandardHelpOptions = true,
    description = {"Start the embedded single-node Kafka broker (KRaft, broker+controller, 127.0.0.1, free ports)",
        "in a separate JVM, print its bootstrap address, and keep it running until Ctrl-C (SIGTERM stops it cleanly)."},
    footer = ExitCode.HELP_FOOTER)
public final class BrokerCommand implements Callable<Integer> {
  @ParentCommand Main main;

  @Option(names = "--scratch", paramLabel = "DIR", description = "Broker folder (default: scratch/broker-<timestamp>/).")
  Path scratch;

  @Option(names = "--system", paramLabel = "SYSTEM", defaultValue = "kafka",
      description = "kafka (default: the embedded broker), rabbitmq or nats (Debian's rabbitmq-server or nats-server with "
          + "JetStream, on a free loopback port in its own folder): prints host:port on stdout, then serves until Ctrl-C.")
  String system;

  @Override
  public Integer call() throws InterruptedException {
    String stamp = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS", Locale.ROOT).withZone(ZoneOffset.UTC).format(Instant.now());
    if (!system.equals("kafka")) {
      return otherServer(stamp);
    }
    Path dir = scratch != null ? scratch : main.archiveRoot().resolve("scratch").resolve("broker-" + stamp);
    System.err.println("ftl: starting the embedded Kafka broker in " + dir);
    EmbeddedBroker broker;
    try {
      broker = EmbeddedBroker.start(dir);
    } catch (IOException e) {
      throw new HarnessFailure("the embedded broker did not start: " + e.getMessage(), e);
    }
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      System.err.println("ftl: stopping the broker");
      broker.close();
      stopped.countDown();
    }, "ftl-broker-stop"));
    System.out.println(broker.bootstrap());
    System.out.flush();
    System.err.println("ftl: broker pid " + broker.pid() + " serving at " + broker.bootstrap() + "; logs in " + dir.resolve("logs") + "; Ctrl-C stops it");
    while (broker.alive()) {
      Thread.sleep(500);
    }
    System.err.println("ftl: the broker exited with code " + broker.exitCode());
    return ExitCode.HARNESS;
  }

  /** A RabbitMQ or NATS server of the archive's own until Ctrl-C: its {@code 127.0.0.1:port} on stdout. */
  private Integer otherServer(String stamp) throws InterruptedException {
    ftl.harness.system.SystemName name;
    try {
      name = ftl.harness.system.SystemName.of(system);
    } catch (IllegalArgumentException e) {
      throw new picocli.CommandLine.ParameterException(new picocli.CommandLine(this), e.getMessage());
    }
    Path dir = scratch != null ? scratch : main.archiveRoot().resolve("scratch").resolve(name + "-" + stamp);
    System.err.println("ftl: starting " + name + " in " + dir);
    AutoCloseable server;
    long pid;
    int port;
    java.util.function.BooleanSupplier alive;
    java.util.function.Supplier<String> death;
    try {
      if (name == ftl.harness.system.SystemName.RABBITMQ) {
        ftl.harness.system.RabbitMqServer r = ftl.harness.system.RabbitMqServer.start(dir);
        server = r;
        pid = r.pid();
        port = r.port();
        alive = r::alive;
        death = r::death;
      } else {
        ftl.harness.system.NatsServer n = ftl.harness.system.NatsServer.start(dir);
        server = n;
        pid = n.pid();
        port = n.port();
        alive = n::alive;
        death = n::death;
      }
    } catch (IOException | RuntimeException e) {
      throw new HarnessFailure("the " + name + " server did not start: " + e.getMessage(), e);
    }
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      System.err.println("ftl: stopping the " + name + " server");
      try {
        server.close();
      } catch (Exception e) {
        System.err.println("ftl: stopping the server: " + e.getMessage());
      }
    }, "ftl-server-stop"));
    System.out.println("127.0.0.1:" + port);
    System.out.flush();
    System.err.println("ftl: " + name + " pid " + pid + " serving at 127.0.0.1:" + port + "; Ctrl-C stops it");
    while (alive.getAsBoolean()) {
      Thread.sleep(500);
    }
    System.err.println("ftl: the " + name + " server exited: " + death.get());
    return ExitCode.HARNESS;
  }
}
