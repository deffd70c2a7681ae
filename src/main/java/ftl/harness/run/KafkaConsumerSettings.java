package ftl.harness.run;

import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * The consumer settings every Kafka consumer of the instrument starts from (the campaign run's {@link Receiver}, which
 * adds the condition's fetch settings, and the quick look's {@code ftl.harness.system.KafkaSystem}): client id
 * {@code ftl-c}, byte-array keys and values, no offset commits, and {@code earliest} where no position is set.
 */
public final class KafkaConsumerSettings {
  private KafkaConsumerSettings() {}

  /** A fresh set of the shared settings for a consumer of {@code bootstrap}. */
  public static Properties of(String bootstrap) {
    Properties p = new Properties();
    p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    p.put(ConsumerConfig.CLIENT_ID_CONFIG, "ftl-c");
    p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    return p;
  }
}
