package ftl.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.data.ledger.Event;
import ftl.data.ledger.LedgerCells;
import ftl.data.ledger.LedgerSchema;
import ftl.data.ledger.RunStatus;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The one run loop on a driver with no system behind it: its sender acknowledges and delivers each send in the book at
 * once (or stops short, or its open fails), and the loop drains, closes, counts and judges as on every system.
 */
class RunLoopTest {

  /** A driver whose sends are acknowledged and delivered on the sending thread; {@code sends} of the book's slots. */
  private static final class FakeDriver implements RunDriver {
    private final StampBook book;
    private final int sends;
    private final Exception openFailure;
    final List<String> steps = new ArrayList<>();
    private volatile boolean stop;

    FakeDriver(StampBook book, int sends, Exception openFailure) {
      this.book = book;
      this.sends = sends;
      this.openFailure = openFailure;
    }

    @Override
    public StampingThreads open() throws Exception {
      steps.add("open");
      if (openFailure != null) {
        throw openFailure;
      }
      return new StampingThreads(StampingThread.unknown("ack"), StampingThread.unknown("receive"));
    }

    @Override
    public Runnable sender() {
      return () -> {
        for (int s = 0; s < sends && !stop; s++) {
          book.stampSend(s, 0);
          book.stampAck(s, null);
          book.stampRecv(book.seqOf(s), Event.MISSING);
        }
      };
    }

    @Override public void stopSending() { stop = true; }

    @Override public boolean alive() { return true; }

    @Override public String death() { return "gone"; }

    @Override public List<Long> serverPids() { return List.of(); }

    @Override public void closeClients(boolean serverDied) { steps.add("close"); }

    @Override public void finish(LedgerCells cells, boolean serverDied) { steps.add("finish"); }

    @Override public String senderError() { return null; }

    @Override public String receiverError() { return null; }
  }

  private static final RunLoop.Spec SPEC = new RunLoop.Spec(1_000_000L, 0, null);

  @Test
  @Timeout(30)
  void run_everySendAckedAndDelivered_okWithTheCountCells() {
    StampBook book = StampBook.system(2, 10);
    FakeDriver driver = new FakeDriver(book, 12, null);
    LedgerCells cells = new LedgerCells();
    FinishedRun f = RunLoop.run(driver, book, null, cells, SPEC, MonotonicClock.SYSTEM);
    assertThat(f.verdict().status()).as(f.verdict().reason()).isEqualTo(RunStatus.OK);
    assertThat(driver.steps).containsExactly("open", "close", "finish");
    assertThat(cells.get(LedgerSchema.EVENTS_WRITTEN)).isEqualTo("10");
    assertThat(cells.get(LedgerSchema.ACKS_MISSING)).isEqualTo("0");
    assertThat(cells.get(LedgerSchema.RECVS_MISSING)).isEqualTo("0");
    assertThat(cells.get(LedgerSchema.PACER_SPIN_NS)).isEqualTo(String.valueOf(Pacer.DEFAULT_SPIN_NANOS));
    assertThat(f.cells()).as("the finished run carries the cells").isEqualTo(cells.asMap());
    assertThat(f.tally().complete()).isEqualTo(10);
  }

  @Test
  @Timeout(30)
  void run_openFails_failedNamingItAndClientsStillClosed() {
    StampBook book = StampBook.system(0, 5);
    FakeDriver driver = new FakeDriver(book, 5, new IllegalStateException("probe message not delivered within 15 s"));
    FinishedRun f = RunLoop.run(driver, book, null, new LedgerCells(), SPEC, MonotonicClock.SYSTEM);
    assertThat(f.verdict().status()).isEqualTo(RunStatus.FAILED);
    assertThat(f.verdict().reason())
        .contains("client error: IllegalStateException: probe message not delivered within 15 s");
    assertThat(driver.steps).containsExactly("open", "close", "finish");
    assertThat(book.sentTotal()).isZero();
  }

  @Test
  void oneLine_causeChain_joinedOnOneLine() {
    Exception e = new IOException("no route\nto host", new IllegalStateException("refused"));
    assertThat(RunLoop.oneLine(e)).isEqualTo("IOException: no route to host <- IllegalStateException: refused");
  }
}
