package ftl.harness.system;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.harness.run.FinishedRun;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Kafka adapter behind the same interface, on the embedded broker: 300 measured events at 1 ms through the
 * system-neutral run loop, every stamp checked as on the other systems, and {@code create_ms} the record's CreateTime.
 * The broker's start is most of its time (15-30 s on an idle 2-core host); the timeout is a hang guard.
 */
class KafkaSystemIT {
  @TempDir Path tmp;

  @Test
  @Timeout(300)
  void run_embeddedBroker_everyEventStampedAndCreateTimeCarried() throws Exception {
    try (KafkaSystem kafka = KafkaSystem.start(tmp.resolve("broker"))) {
      assertThat(kafka.name()).isEqualTo(SystemName.KAFKA);
      assertThat(kafka.clientVersion()).isNotEmpty().isEqualTo(kafka.serverVersion());
      FinishedRun r = SystemRun.run(kafka, "it-kafka-1",
          SystemRun.Settings.DEFAULTS.withWarmupEvents(100).withEvents(300));
      SystemRunAssertions.assertStamps(r, 300);
      assertThat(SystemRunAssertions.destination(r)).isEqualTo("ftl-it-kafka-1");
    }
  }
}
