package ftl.harness.system;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.harness.run.FinishedRun;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The instrument on a real RabbitMQ node (Debian's {@code rabbitmq-server}, started in a scratch folder with its own
 * node name, ports and epmd): 300 measured events at 1 ms with publisher confirms, every stamp checked, then 50
 * persistent ones on a durable queue. A second node is started at the same time as the first, as another engineer's
 * or test's would be: both must serve, on their own ports, and both stop. About 20 s on an idle 2-core host, most of it
 * the nodes' boot; the timeout is a hang guard.
 */
class RabbitMqIT {
  @TempDir Path tmp;

  @Test
  @Timeout(240)
  void run_realRabbitMq_everyEventStampedAndFlightsPositive() throws Exception {
    SystemRun.Settings settings = SystemRun.Settings.DEFAULTS.withWarmupEvents(100).withEvents(300);
    CompletableFuture<RabbitMqServer> other = CompletableFuture.supplyAsync(() -> {
      try {
        return RabbitMqServer.start(tmp.resolve("other"));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
    try (RabbitMqSystem rabbit = RabbitMqSystem.start(tmp.resolve("rabbitmq"), RabbitMqSystem.Options.defaults());
         RabbitMqServer second = other.get()) {
      assertThat(second.port()).isNotEqualTo(rabbit.port());
      assertThat(second.nodeName()).isNotEqualTo(rabbit.nodeName());
      assertThat(RabbitMqSystem.answers(second.uri())).as("the second node serves").isTrue();
      second.close();
      assertThat(second.alive()).isFalse();

      assertThat(rabbit.name()).isEqualTo(SystemName.RABBITMQ);
      assertThat(rabbit.serverVersion()).isEqualTo("3.10.8");
      assertThat(rabbit.clientVersion()).isEqualTo("5.37.1");
      FinishedRun r = SystemRun.run(rabbit, "it-rmq-1", settings);
      SystemRunAssertions.assertStamps(r, 300);
      assertThat(SystemRunAssertions.destination(r)).isEqualTo("ftl-it-rmq-1");
      assertThat(SystemRunAssertions.driverCounters(r)).containsEntry("confirms_unknown", "0")
          .containsEntry("persistent", "false");
      // persistent messages on a durable queue: the confirm waits for the disk, the stamps are complete all the same
      try (RabbitMqSystem durable = RabbitMqSystem.connect(rabbit.uri(), new RabbitMqSystem.Options(true))) {
        FinishedRun p = SystemRun.run(durable, "it-rmq-2", settings.withWarmupEvents(0).withEvents(50));
        SystemRunAssertions.assertStamps(p, 50);
        assertThat(SystemRunAssertions.driverCounters(p)).containsEntry("persistent", "true");
      }
    }
  }
}
