package ftl.harness.system;

import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Maps AMQP publisher-confirm delivery tags back to the seqs they acknowledge. The publishing thread
 * {@link #register}s each tag before {@code basicPublish}; the connection thread passes each {@code basic.ack} or
 * {@code basic.nack} to {@link #confirm}, which completes every tag it covers: the one tag, or with
 * {@code multiple} every pending tag up to it. Each covered message gets its own completion (its own ack stamp), all
 * taken when the one confirm frame arrived: that is when the client tells the application; each says how many pending
 * messages the frame completed (its {@code ack_covered}: 1 for a single confirm, the pending tags up to the confirmed
 * one for a multiple confirm).
 *
 * <p>The counters are written by the confirming thread alone (volatile, read after the run).
 *
 * <p>Tags live in a ring of {@code capacity} slots, so at most {@code capacity} publishes may await their confirm.
 */
final class ConfirmTracker {
  private static final int FREE = 0;
  private static final int PENDING = 1;
  private static final int DONE = 2;

  private final int mask;
  private final AtomicLongArray seqs;
  private final AtomicIntegerArray states;
  /** Lowest tag not yet completed; written by the confirming thread only, read by the publisher for capacity. */
  private volatile long lowest = 1;
  private volatile long coveredByMultiple;
  private volatile long multipleFrames;
  private volatile long unknownTags;

  /** @param capacity a power of two: publishes that may await their confirm at once */
  ConfirmTracker(int capacity) {
    if (capacity <= 0 || Integer.bitCount(capacity) != 1) {
      throw new IllegalArgumentException("capacity must be a power of two (was " + capacity + ")");
    }
    mask = capacity - 1;
    seqs = new AtomicLongArray(capacity);
    states = new AtomicIntegerArray(capacity);
  }

  /**
   * The publisher's record of the tag its next publish gets ({@code channel.getNextPublishSeqNo()}); tags must come
   * in increasing order starting at 1.
   *
   * @throws IllegalStateException when {@code capacity} publishes already await their confirm
   */
  void register(long tag, long seq) {
    if (tag - lowest > mask) {
      throw new IllegalStateException((tag - lowest) + " publishes await their confirm: more than the tracker holds");
    }
    int i = (int) (tag & mask);
    seqs.set(i, seq);
    states.set(i, PENDING);
  }

  /**
   * One confirm frame: {@code error} null for {@code basic.ack}, the nack's error otherwise. Calls {@code completion}
   * once for each pending tag it covers, in tag order.
   */
  void confirm(long tag, boolean multiple, Exception error, MessagingSystem.Completion completion) {
    if (multiple) {
      multipleFrames++;
      int covered = 0;
      for (long t = lowest; t <= tag; t++) {
        if (states.get((int) (t & mask)) == PENDING) {
          covered++;
        }
      }
      for (long t = lowest; t <= tag; t++) {
        if (complete(t, error, completion, covered) && t != tag) {
          coveredByMultiple++;
        }
      }
    } else if (!complete(tag, error, completion, 1)) {
      unknownTags++;
    }
    long low = lowest;
    while (states.get((int) (low & mask)) == DONE) {
      states.set((int) (low & mask), FREE);
      low++;
    }
    lowest = low;
  }

  private boolean complete(long tag, Exception error, MessagingSystem.Completion completion, int covered) {
    if (tag < lowest) {
      return false;
    }
    int i = (int) (tag & mask);
    if (!states.compareAndSet(i, PENDING, DONE)) {
      return false;
    }
    completion.completed(seqs.get(i), error, covered);
    return true;
  }

  /** Acknowledgments that came inside a multiple confirm of a later tag (read after the run). */
  long coveredByMultiple() { return coveredByMultiple; }

  /** Confirm frames with the multiple flag. */
  long multipleFrames() { return multipleFrames; }

  /** Single confirms of a tag not pending (should not happen). */
  long unknownTags() { return unknownTags; }
}
