package ftl.harness.host;

import ftl.data.ledger.Priority;
import java.util.List;

/**
 * Applies a scheduling manipulation to one task and reads it back. Every method returns an
 * {@link Applied}: {@code ok} only when the read-back shows the requested state, whatever the command said.
 */
public final class Scheduling {
  private Scheduling() {}

  /** Outcome of one manipulation: whether the read-back matches, and what was read back (or why it was refused). */
  public record Applied(boolean ok, String detail) {}

  /** {@code chrt -f -p <prio> <tid>}, read back from {@code /proc/<pid>/task/<tid>/stat}. */
  public static Applied fifo(long pid, int tid, int priority) {
    Commands.Result r = Commands.run(List.of("chrt", "-f", "-p", String.valueOf(priority), String.valueOf(tid)));
    ProcFs.Sched s = ProcFs.sched(pid, tid);
    boolean ok = s != null && s.policy() == ProcFs.Sched.SCHED_FIFO && s.rtPriority() == priority;
    String detail = "tid " + tid + " " + (s == null ? "gone" : s.word());
    return new Applied(ok, ok ? detail : detail + " (chrt: "
        + (r.output().isEmpty() ? "exit " + r.exitCode() : r.output()) + ")");
  }

  /** Reads back the policy of a task that should be left at the default (SCHED_OTHER). */
  public static Applied isDefault(long pid, int tid) {
    ProcFs.Sched s = ProcFs.sched(pid, tid);
    boolean ok = s != null && s.policy() == ProcFs.Sched.SCHED_OTHER;
    return new Applied(ok, "tid " + tid + " " + (s == null ? "gone" : s.word()));
  }

  /** {@code taskset -p -c <cpus> <tid>} for one task, read back from {@code Cpus_allowed_list}. */
  public static Applied pin(long pid, int tid, String cpus) {
    Commands.Result r = Commands.run(List.of("taskset", "-p", "-c", cpus, String.valueOf(tid)));
    String now = ProcFs.cpusAllowed(pid, tid);
    boolean ok = now != null && now.equals(ProcFs.canonicalCpus(cpus));
    String detail = "tid " + tid + " cpus " + now;
    return new Applied(ok, ok ? detail : detail + " (taskset: "
        + (r.output().isEmpty() ? "exit " + r.exitCode() : r.output()) + ")");
  }

  /** {@code taskset -a -p -c <cpus> <pid>}: every thread of a process, read back thread by thread. */
  public static Applied pinProcess(long pid, String cpus) {
    Commands.Result r = Commands.run(List.of("taskset", "-a", "-p", "-c", cpus, String.valueOf(pid)));
    String want = ProcFs.canonicalCpus(cpus);
    int n = 0;
    int wrong = 0;
    for (int tid : ProcFs.tasks(pid)) {
      String now = ProcFs.cpusAllowed(pid, tid);
      if (now == null) {
        continue;
      }
      n++;
      if (!now.equals(want)) {
        wrong++;
      }
    }
    boolean ok = n > 0 && wrong == 0;
    String detail = "pid " + pid + " " + n + " threads on cpus " + want
        + (wrong > 0 ? ", " + wrong + " elsewhere" : "");
    return new Applied(ok, ok ? detail : detail + " (taskset: "
        + (r.output().isEmpty() ? "exit " + r.exitCode() : r.output()) + ")");
  }

  /**
   * Applies {@code priority} to a stamping thread: FIFO at {@link Priority#FIFO_PRIORITY} for {@code fifo} and
   * {@code fifo-jvm} (already raised with the whole JVM; set again and read back), or checks it is still SCHED_OTHER.
   */
  public static Applied priority(long pid, int tid, Priority priority) {
    return priority == Priority.DEFAULT ? isDefault(pid, tid) : fifo(pid, tid, Priority.FIFO_PRIORITY);
  }

  /** Number of online cpus this JVM may use. */
  public static int cores() { return Runtime.getRuntime().availableProcessors(); }

  /** {@code "0-(n-1)"} for an n-core host. */
  public static String allCpus() {
    int n = cores();
    return n == 1 ? "0" : "0-" + (n - 1);
  }
}
