package ftl.harness.run;

import ftl.harness.host.ProcFs;
import ftl.harness.plan.Condition;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;

/**
 * The receiving thread's body ({@link KafkaRun#RECV_THREAD}): creates, assigns and polls the consumer, and stamps
 * every record in the book ({@link StampBook#stampRecv}, on the book's injected clock) until told to stop.
 */
final class Receiver implements Runnable {
  private static final Duration POLL = Duration.ofMillis(50);

  private final Condition condition;
  private final String bootstrap;
  private final KafkaClientConfig clientConfig;
  private final StampBook book;
  private final RunState state;
  private final List<TopicPartition> partitions;

  Receiver(Condition condition, String bootstrap, KafkaClientConfig clientConfig, StampBook book, RunState state,
           List<TopicPartition> partitions) {
    this.clientConfig = clientConfig;
    this.condition = condition;
    this.bootstrap = bootstrap;
    this.book = book;
    this.state = state;
    this.partitions = List.copyOf(partitions);
  }

  @Override
  public void run() {
    state.consumerTid.set(ProcFs.currentTid());
    Properties p = KafkaConsumerSettings.of(bootstrap);
    clientConfig.applyTo(p);
    p.put(ConsumerConfig.FETCH_MIN_BYTES_CONFIG, condition.fetchMinBytes());
    p.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, condition.fetchMaxWaitMillis());
    try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(p)) {
      consumer.assign(partitions);
      consumer.seekToEnd(partitions);
      for (TopicPartition tp : partitions) {
        consumer.position(tp, Duration.ofSeconds(20)); // resolve the end offset before any send
      }
      state.consumerReady.countDown();
      while (state.receiving) {
        ConsumerRecords<byte[], byte[]> records = consumer.poll(POLL);
        for (ConsumerRecord<byte[], byte[]> r : records) {
          book.stampRecv(KafkaRun.seqOf(r.key()), r.timestamp());
        }
      }
    } catch (WakeupException e) {
      // stopping
    } catch (RuntimeException e) {
      state.consumerError.set(RunLoop.oneLine(e));
      state.consumerReady.countDown();
    }
  }
}
