package ftl.harness.run;

import ftl.harness.host.ProcFs;
import java.util.Objects;

/**
 * One of a run's two stamping threads (the one that writes {@code ack_ns}, the one that writes {@code recv_ns}) as
 * the manipulations address it ({@link ThreadPlacement#applyToStampingThreads}): its Linux thread id and the
 * {@code comm} it must still have when a manipulation is applied, so that a thread that ended, or a tid the kernel
 * gave to another thread since, is refused rather than manipulated.
 *
 * @param role  how a refusal names it ({@code producer}, {@code consumer} on Kafka; {@code ack}, {@code receive}
 *     elsewhere)
 * @param label how {@code stamp_threads} names it ({@code producer-io}, {@code consumer} on Kafka; the role and the
 *              thread's {@code comm} elsewhere, since the client, not the instrument, names those threads)
 * @param tid   the Linux tid, {@link #UNKNOWN} when the thread never stamped (never identified)
 * @param comm  the {@code comm} the thread had (or on Kafka must have) when it was identified; {@code ""} when unknown
 */
public record StampingThread(String role, String label, int tid, String comm) {
  /** The tid of a thread that was never identified. */
  public static final int UNKNOWN = -1;

  public StampingThread {
    Objects.requireNonNull(role, "role");
    Objects.requireNonNull(label, "label");
    Objects.requireNonNull(comm, "comm");
  }

  /**
   * The calling thread, its tid from {@code /proc/thread-self} and its {@code comm} read back from {@code /proc}:
   * to be called on the stamping thread itself, the first time it stamps (the probe's acknowledgment or delivery).
   * The label is {@code role [comm]}.
   *
   * <p><b>WARNING</b>: two reads of {@code /proc} (tens of µs): call it once per run, on a stamp that is not measured.
   */
  public static StampingThread current(String role) {
    int tid = ProcFs.currentTid();
    String comm = ProcFs.comm(ProcFs.pid(), tid);
    String c = comm == null ? "" : comm;
    return new StampingThread(role, role + " [" + c + "]", tid, c);
  }

  /** A thread that never stamped, so it could not be identified. */
  public static StampingThread unknown(String role) {
    return new StampingThread(role, role, UNKNOWN, "");
  }

  /**
   * True when task {@link #tid} of process {@code pid} exists now and its {@code comm} is still {@link #comm}: the
   * thread is the one identified (false for an unknown thread).
   */
  public boolean identifiedIn(long pid) {
    return tid != UNKNOWN && !comm.isEmpty() && comm.equals(ProcFs.comm(pid, tid));
  }
}
