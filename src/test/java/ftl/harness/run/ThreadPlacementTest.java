package ftl.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.data.ledger.LedgerCells;
import ftl.data.ledger.LedgerSchema;
import ftl.harness.host.ProcFs;
import ftl.harness.plan.Condition;
import org.junit.jupiter.api.Test;

/**
 * The stamping threads' manipulations without a broker, on conditions that only read {@code /proc} (priority
 * {@code default}, geometry {@code free}: nothing is changed on the host): which threads are refused as not
 * identified, and the exact texts a Kafka run writes, which the extraction of {@link StampingThread} kept.
 */
class ThreadPlacementTest {
  private static final Condition DEFAULT_FREE = Condition.named("c").build();

  @Test
  void applyToStampingThreads_kafkaThreadsNotNamedSo_refusedWithTheKafkaRunsText() {
    LedgerCells cells = new LedgerCells();
    ThreadPlacement p = new ThreadPlacement(DEFAULT_FREE, cells);
    int tid = ProcFs.currentTid();
    String comm = ProcFs.comm(ProcFs.pid(), tid);
    // the test thread is neither "kafka-producer-" nor "ftl-recv"; the consumer never reported its tid
    p.applyToStampingThreads(KafkaRun.producerIoThread(tid), KafkaRun.consumerThread(-1));
    assertThat(p.refused()).containsExactly("stamping threads not identified (producer tid " + tid + " comm " + comm
        + ", consumer tid -1 comm null)");
    assertThat(cells.get(LedgerSchema.PRIORITY_APPLIED)).isEqualTo("refused");
    assertThat(cells.get(LedgerSchema.GEOMETRY_APPLIED)).isEqualTo("refused");
    assertThat(cells.get(LedgerSchema.STAMP_THREADS)).as("not written for threads not identified").isNull();
  }

  @Test
  void applyToStampingThreads_threadThatNeverStamped_refusedNamingItsRole() {
    LedgerCells cells = new LedgerCells();
    ThreadPlacement p = new ThreadPlacement(DEFAULT_FREE, cells);
    p.applyToStampingThreads(StampingThread.current("ack"), StampingThread.unknown("receive"));
    assertThat(p.refused()).singleElement().asString()
        .startsWith("stamping threads not identified (ack tid " + ProcFs.currentTid() + " comm ")
        .endsWith(", receive tid -1 comm null)");
    assertThat(cells.get(LedgerSchema.PRIORITY_APPLIED)).isEqualTo("refused");
  }

  @Test
  void applyToStampingThreads_identifiedThreadDefaultFree_appliedAndReadBackWithItsName() throws Exception {
    LedgerCells cells = new LedgerCells();
    ThreadPlacement p = new ThreadPlacement(DEFAULT_FREE, cells);
    StampingThread ack = StampingThread.current("ack");
    // a tid whose comm is not the one identified (the thread ended and the kernel gave its tid to another)
    StampingThread reused = new StampingThread("receive", "receive [ftl-recv]", ack.tid(), "ftl-recv");
    p.applyToStampingThreads(ack, reused);
    assertThat(p.refused()).singleElement().asString()
        .endsWith("receive tid " + ack.tid() + " comm " + ack.comm() + ")");

    LedgerCells again = new LedgerCells();
    ThreadPlacement q = new ThreadPlacement(DEFAULT_FREE, again);
    q.applyToStampingThreads(ack, ack);
    assertThat(q.refused()).isEmpty();
    assertThat(again.get(LedgerSchema.PRIORITY_APPLIED)).isEqualTo("applied");
    assertThat(again.get(LedgerSchema.GEOMETRY_APPLIED)).isEqualTo("applied");
    assertThat(again.get(LedgerSchema.STAMP_THREADS)).isEqualTo("ack [" + ack.comm() + "] tid " + ack.tid()
        + " SCHED_OTHER cpus " + ProcFs.cpusAllowed(ProcFs.pid(), ack.tid()) + "; ack [" + ack.comm() + "] tid "
        + ack.tid()
        + " SCHED_OTHER cpus " + ProcFs.cpusAllowed(ProcFs.pid(), ack.tid()));
  }

  @Test
  void current_readsTheCallingThreadsTidAndComm() throws Exception {
    StampingThread[] s = new StampingThread[1];
    int[] tid = new int[1];
    Thread t = new Thread(() -> {
      s[0] = StampingThread.current("ack");
      tid[0] = ProcFs.currentTid();
    }, "AMQP Connection 127.0.0.1:5672");
    t.start();
    t.join();
    assertThat(s[0].tid()).isEqualTo(tid[0]);
    assertThat(s[0].comm()).as("the kernel's 15-character comm").isEqualTo("AMQP Connection");
    assertThat(s[0].label()).isEqualTo("ack [AMQP Connection]");
    assertThat(StampingThread.unknown("ack").identifiedIn(ProcFs.pid())).isFalse();
  }
}
