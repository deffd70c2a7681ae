package ftl.harness.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.ledger.RunStatus;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every status rule of a run, without a broker: {@link RunVerdict#of} on stated events and counts. */
class RunVerdictTest {

  private static final RunVerdict.Counts CLEAN = new RunVerdict.Counts(100, 100, 0, 0, 0, null);

  private static RunVerdict.Events events(List<String> refused, String brokerDeath, String failure, String clientError,
                                          String consumerError, String jvmRefused, List<String> notRestored,
                                          boolean loadDied) {
    return new RunVerdict.Events(refused, brokerDeath, failure, clientError, consumerError, jvmRefused, notRestored,
        loadDied);
  }

  static Stream<Arguments> rules() {
    RunVerdict.Events none = RunVerdict.Events.none();
    return Stream.of(
        Arguments.of("nothing went wrong", none, CLEAN, RunStatus.OK, ""),
        Arguments.of("a manipulation refused", events(
        List.of("priority fifo: producer tid 7 SCHED_OTHER", "load refused"),
            null, null, null, null, null, List.of(), false), CLEAN, RunStatus.ABORTED,
            "manipulation refused: priority fifo: producer tid 7 SCHED_OTHER; load refused"),
        Arguments.of("refused wins over everything else",
        events(List.of("geometry split"), "exit 137", "client error: x",
            "y", "z", "w", List.of("tid 3"), true), new RunVerdict.Counts(100, 0, 0, 0, 0, null), RunStatus.ABORTED,
            "manipulation refused: geometry split"),
        Arguments.of("broker died", events(List.of(), "exit 137", null, null, null, null, List.of(), false), CLEAN,
            RunStatus.FAILED, "broker died during the run (exit 137)"),
        Arguments.of("coordinating thread stopped", events(List.of(), null, "client error: TimeoutException", null,
        null,
            null, List.of(), false), CLEAN, RunStatus.FAILED, "client error: TimeoutException"),
        Arguments.of("load generator died", events(List.of(), null, null, null, null, null, List.of(), true), CLEAN,
            RunStatus.FAILED, "load generator died during the run"),
        Arguments.of("a failure hides the load generator's death",
        events(List.of(), null, "interrupted", null, null, null,
            List.of(), true), CLEAN, RunStatus.FAILED, "interrupted"),
        Arguments.of("sender error", events(List.of(), null, null, "send failed: boom", null, null, List.of(), false),
        CLEAN,
            RunStatus.FAILED, "client error: send failed: boom"),
        Arguments.of("consumer error", events(List.of(), null, null, null, "KafkaException", null, List.of(), false),
        CLEAN,
            RunStatus.FAILED, "consumer error: KafkaException"),
        Arguments.of("fifo-jvm thread not raised during the run", events(List.of(), null, null, null, null,
            "fifo-jvm: a thread created during the run could not be raised: tid 9", List.of(), false), CLEAN,
            RunStatus.FAILED, "fifo-jvm: a thread created during the run could not be raised: tid 9"),
        Arguments.of("fifo-jvm threads not restored",
        events(List.of(), null, null, null, null, null, List.of("tid 4", "tid 5"),
            false), CLEAN, RunStatus.FAILED, "fifo-jvm: threads not restored to SCHED_OTHER: tid 4; tid 5"),
        Arguments.of("sends failed, their acks not counted again", none,
        new RunVerdict.Counts(100, 100, 2, 0, 2, "NotLeader"),
            RunStatus.FAILED, "2 sends failed (first: NotLeader)"),
        Arguments.of("short of sends", none, new RunVerdict.Counts(100, 60, 0, 0, 0, null), RunStatus.FAILED,
            "short: 60 of 100 events sent"),
        Arguments.of("deliveries missing", none, new RunVerdict.Counts(100, 100, 0, 3, 0, null), RunStatus.FAILED,
            "short: 3 deliveries missing"),
        Arguments.of("acknowledgments missing beyond the failed sends", none,
        new RunVerdict.Counts(100, 100, 5, 0, 1, "E"),
            RunStatus.FAILED, "1 sends failed (first: E); 4 acknowledgments missing"),
        Arguments.of("every rule at once, in order",
        events(List.of(), "gone", "interrupted", "c", "k", "j", List.of("t"), true),
            new RunVerdict.Counts(10, 5, 3, 2, 1, "E"), RunStatus.FAILED,
            "broker died during the run (gone); interrupted; client error: c; consumer error: k; j; "
                + "fifo-jvm: threads not restored to SCHED_OTHER: t; 1 sends failed (first: E); short: 5 of 10 "
                + "events sent; short: 2 deliveries missing; 2 acknowledgments missing"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rules")
  void of_eventsAndCounts_giveTheStatusAndReason(String label, RunVerdict.Events e, RunVerdict.Counts c,
                                                 RunStatus status, String reason) {
    RunVerdict v = RunVerdict.of(e, c);
    assertThat(v.status()).isEqualTo(status);
    assertThat(v.reason()).isEqualTo(reason);
  }

  @Test
  void countsOf_stampBook_countsMissingStampsOfSentMeasuredEventsOnly() {
    AtomicLong ns = new AtomicLong(1_000);
    StampBook book = new StampBook(1, 4, () -> ns.addAndGet(10), () -> 5_000_000L);
    for (int slot = 0; slot < 4; slot++) { // the warm-up slot and measured seq 0, 1, 2; seq 3 never sent
      book.stampSend(slot, 0);
    }
    book.stampAck(0, null);
    book.stampAck(1, null);
    book.stampAck(2, new RuntimeException("NotLeader")); // seq 1: failed send, no ack stamp
    book.stampRecv(-1, 5_000); // the warm-up record
    book.stampRecv(0, 5_000);
    book.stampRecv(2, 5_000); // seq 2: delivered, its ack never came
    RunVerdict.Counts c = RunVerdict.Counts.of(book);
    assertThat(c).isEqualTo(new RunVerdict.Counts(4, 3, 2, 1, 1, "java.lang.RuntimeException: NotLeader"));
    RunVerdict v = RunVerdict.of(RunVerdict.Events.none(), c);
    assertThat(v.status()).isEqualTo(RunStatus.FAILED);
    assertThat(v.reason())
        .isEqualTo("1 sends failed (first: java.lang.RuntimeException: NotLeader); short: 3 of 4 events sent; "
        + "short: 1 deliveries missing; 1 acknowledgments missing");
  }

  @Test
  void counts_negative_isRefused() {
    assertThatThrownBy(() -> new RunVerdict.Counts(1, -1, 0, 0, 0, null)).isInstanceOf(IllegalArgumentException.class);
  }
}
