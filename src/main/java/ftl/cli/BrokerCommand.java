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

  @Override
  public Integer call() throws InterruptedException {
    String stamp = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS", Locale.ROOT).withZone(ZoneOffset.UTC).format(Instant.now());
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
}
