package ftl.harness.run;

import ftl.data.ledger.Event;
import ftl.data.ledger.RunStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The status of a run and the reason the ledger gives, decided from the stamp book, the errors the run met and
 * the broker's state: a pure function, so every status rule is tested without a broker ({@code RunVerdictTest}).
 *
 * <p>The rules, in the order the reason lists them:
 * <ul>
 *   <li>a manipulation refused before the sends: {@code aborted}, nothing measured, the refusals the reason;</li>
 *   <li>otherwise {@code failed} when any of these holds, {@code ok} when none does: the broker died during the
 *       run; the run stopped on an error ({@code failure}: interrupted, a client exception); the sender or the
 *       consumer reported an error; a thread created during a fifo-jvm run could not be raised; the fifo-jvm
 *       threads were not all restored to SCHED_OTHER; the load generator died; a send's completion callback
 *       reported an error; fewer measured events were sent than planned; a sent event was never delivered; an
 *       acknowledgment never came (beyond the sends that failed).</li>
 * </ul>
 *
 * @param status the run's status
 * @param reason why it is not ok (the rules that held, joined by {@code "; "}), {@code ""} for an ok run
 */
public record RunVerdict(RunStatus status, String reason) {
  public RunVerdict {
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(reason, "reason");
  }

  /**
   * What the sends gave, counted from the stamp book: the measured events sent, and among them those whose
   * acknowledgment or delivery never came; the sends whose callback reported an error.
   *
   * @param planned measured events the condition asks for
   * @param written measured events sent (the rows of the events file)
   * @param acksMissing sent measured events without an acknowledgment stamp
   * @param recvsMissing sent measured events never delivered
   * @param ackErrors sends (warm-up included) whose completion callback reported an error
   * @param firstAckError the first such error, {@code null} when none
   */
  public record Counts(int planned, int written, long acksMissing, long recvsMissing, long ackErrors,
      String firstAckError) {
    public Counts {
      if (planned < 0 || written < 0 || acksMissing < 0 || recvsMissing < 0 || ackErrors < 0) {
        throw new IllegalArgumentException("counts must be >= 0");
      }
    }

    /** The counts of a stamp book. */
    public static Counts of(StampBook book) {
      long acksMissing = 0;
      long recvsMissing = 0;
      for (int seq = 0; seq < book.events(); seq++) {
        if (book.sent(seq)) {
          Event e = book.event(seq);
          acksMissing += e.hasAck() ? 0 : 1;
          recvsMissing += e.hasRecv() ? 0 : 1;
        }
      }
      return new Counts(book.events(), book.measuredSent(), acksMissing, recvsMissing, book.ackErrors(),
          book.firstAckError());
    }
  }

  /**
   * What happened around the sends, each {@code null} (or empty) when it did not happen.
   *
   * @param refused manipulations refused before the sends (the run is then aborted), empty when every one was applied
   * @param brokerDeath why the broker is gone, {@code null} while it is alive
   * @param failure the error that stopped the run's coordinating thread
   * @param clientError the sender's (or the probe's) error
   * @param consumerError the consumer's error
   * @param jvmRefused a fifo-jvm thread created during the run that could not be raised
   * @param notRestored fifo-jvm threads not restored to SCHED_OTHER after the run
   * @param loadDied whether the background load generator died during the run
   */
  public record Events(List<String> refused, String brokerDeath, String failure, String clientError,
      String consumerError,
                       String jvmRefused, List<String> notRestored, boolean loadDied) {
    public Events {
      refused = List.copyOf(refused);
      notRestored = List.copyOf(notRestored);
    }

    /** Nothing went wrong. */
    public static Events none() {
      return new Events(List.of(), null, null, null, null, null, List.of(), false);
    }
  }

  /** The verdict on a run (the rules of the class doc). */
  public static RunVerdict of(Events e, Counts c) {
    if (!e.refused().isEmpty()) {
      return new RunVerdict(RunStatus.ABORTED, "manipulation refused: " + String.join("; ", e.refused()));
    }
    List<String> why = new ArrayList<>();
    if (e.brokerDeath() != null) {
      why.add("broker died during the run (" + e.brokerDeath() + ")");
    }
    if (e.failure() != null) {
      why.add(e.failure());
    } else if (e.loadDied()) {
      why.add("load generator died during the run");
    }
    if (e.clientError() != null) {
      why.add("client error: " + e.clientError());
    }
    if (e.consumerError() != null) {
      why.add("consumer error: " + e.consumerError());
    }
    if (e.jvmRefused() != null) {
      why.add(e.jvmRefused());
    }
    if (!e.notRestored().isEmpty()) {
      why.add("fifo-jvm: threads not restored to SCHED_OTHER: " + String.join("; ", e.notRestored()));
    }
    if (c.ackErrors() > 0) {
      why.add(c.ackErrors() + " sends failed (first: " + c.firstAckError() + ")");
    }
    if (c.written() < c.planned()) {
      why.add("short: " + c.written() + " of " + c.planned() + " events sent");
    }
    if (c.recvsMissing() > 0) {
      why.add("short: " + c.recvsMissing() + " deliveries missing");
    }
    if (c.acksMissing() > c.ackErrors()) {
      why.add((c.acksMissing() - c.ackErrors()) + " acknowledgments missing");
    }
    return new RunVerdict(why.isEmpty() ? RunStatus.OK : RunStatus.FAILED, String.join("; ", why));
  }
}
