package ftl.harness.host;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * SCHED_FIFO on every thread of one process ({@code priority: fifo-jvm}), each thread read back from
 * {@code <proc>/<pid>/task/<tid>/stat}, and SCHED_OTHER restored afterwards.
 *
 * <p>Threads come and go while a JVM runs (compiler and GC workers are started on demand, Kafka's clients start
 * their own): {@link #raiseAll()} raises every thread that exists, {@link #rescan()} raises the ones created
 * since (a thread created by a SCHED_FIFO thread inherits its policy, so most are already raised), and
 * {@link #restoreAll()} puts every thread that is not SCHED_OTHER back, read back one by one. A thread that
 * exits between the listing and the read-back is counted as gone, not as refused. The {@code /proc} root and
 * the setter are injected, so the logic is tested on a fake {@code /proc} without privileges.
 */
public final class JvmPriority {

  /** Changes one task's policy; what it returns (command output) is kept only for a refusal's reason. */
  public interface Setter {
    /** Every task of {@code pid} at once, when the tool can (util-linux {@code chrt -a}); may do nothing. */
    default String fifoAll(long pid, int priority) { return ""; }

    String fifo(long pid, int tid, int priority);

    String other(long pid, int tid);
  }

  /** The production setter: util-linux {@code chrt} ({@code -a -f -p}, {@code -f -p}, {@code -o -p 0}). */
  public static final Setter CHRT = new Setter() {
    @Override
    public String fifoAll(long pid, int priority) {
      return Commands.run(List.of("chrt", "-a", "-f", "-p", String.valueOf(priority), String.valueOf(pid))).output();
    }

    @Override
    public String fifo(long pid, int tid, int priority) {
      return Commands.run(List.of("chrt", "-f", "-p", String.valueOf(priority), String.valueOf(tid))).output();
    }

    @Override
    public String other(long pid, int tid) {
      return Commands.run(List.of("chrt", "-o", "-p", "0", String.valueOf(tid))).output();
    }
  };

  /**
   * What one pass found.
   *
   * @param threads threads seen (and not gone before their read-back)
   * @param changed threads this pass changed (raised, or restored)
   * @param refused threads whose read-back did not show the requested policy, {@code tid comm policy} each
   */
  public record Pass(int threads, int changed, List<String> refused) {
    public Pass {
      refused = List.copyOf(refused);
    }

    public boolean ok() { return refused.isEmpty(); }

    /** One line for the ledger. */
    public String summary(String verb) {
      return String.format(Locale.ROOT, "%d threads, %d %s%s", threads, changed, verb,
          refused.isEmpty() ? "" : ", " + refused.size() + " refused (" + String.join("; ", refused) + ")");
    }
  }

  private final Path procRoot;
  private final long pid;
  private final int priority;
  private final Setter setter;
  private int late;

  /**
   * @param procRoot {@code /proc} (or a fake one)
   * @param pid      the process whose threads are raised
   * @param priority real-time priority, 1..99
   * @param setter   how a policy is changed
   */
  public JvmPriority(Path procRoot, long pid, int priority, Setter setter) {
    this.procRoot = Objects.requireNonNull(procRoot, "procRoot");
    this.setter = Objects.requireNonNull(setter, "setter");
    if (priority < 1 || priority > 99) {
      throw new IllegalArgumentException("real-time priority must be 1..99: " + priority);
    }
    this.pid = pid;
    this.priority = priority;
  }

  /** This JVM on the real {@code /proc} with {@code chrt}. */
  public static JvmPriority ofThisJvm(int priority) {
    return new JvmPriority(Path.of("/proc"), ProcFs.pid(), priority, CHRT);
  }

  /**
   * Raises every thread of the process to SCHED_FIFO at the priority (bulk first, then thread by thread), each read
   * back.
   */
  public synchronized Pass raiseAll() {
    int before = 0;
    for (int tid : tasks()) {
      ProcFs.Sched s = sched(tid);
      before += s != null && !isFifo(s) ? 1 : 0;
    }
    setter.fifoAll(pid, priority);
    Pass p = raise(false);
    // changed: every thread that was not SCHED_FIFO at the priority before (bulk or one by one), refusals aside
    return new Pass(p.threads(), Math.max(0, before - p.refused().size()), p.refused());
  }

  /** Raises the threads created since the last pass (and any that fell back); counts them as late. */
  public synchronized Pass rescan() {
    return raise(true);
  }

  /** Threads raised by {@link #rescan()} so far: created, or found not real-time, after {@link #raiseAll()}. */
  public synchronized int late() { return late; }

  private Pass raise(boolean rescan) {
    int threads = 0;
    int changed = 0;
    List<String> refused = new ArrayList<>();
    for (int tid : tasks()) {
      ProcFs.Sched s = sched(tid);
      if (s == null) {
        continue; // gone
      }
      if (!isFifo(s)) {
        String out = setter.fifo(pid, tid, priority);
        s = sched(tid);
        if (s == null) {
          continue;
        }
        if (!isFifo(s)) {
          refused.add(describe(tid, s) + (out.isEmpty() ? "" : " (" + out + ")"));
        } else {
          changed++;
          if (rescan) {
            late++;
          }
        }
      }
      threads++;
    }
    return new Pass(threads, changed, refused);
  }

  /** Puts every thread that is not SCHED_OTHER back to SCHED_OTHER, each read back. */
  public synchronized Pass restoreAll() {
    int threads = 0;
    int changed = 0;
    List<String> refused = new ArrayList<>();
    for (int tid : tasks()) {
      ProcFs.Sched s = sched(tid);
      if (s == null) {
        continue;
      }
      if (s.policy() != ProcFs.Sched.SCHED_OTHER) {
        String out = setter.other(pid, tid);
        s = sched(tid);
        if (s == null) {
          continue;
        }
        if (s.policy() != ProcFs.Sched.SCHED_OTHER) {
          refused.add(describe(tid, s) + (out.isEmpty() ? "" : " (" + out + ")"));
        } else {
          changed++;
        }
      }
      threads++;
    }
    return new Pass(threads, changed, refused);
  }

  /** Threads of the process that are not SCHED_OTHER now, as {@code tid comm policy}; empty when none. */
  public List<String> notDefault() {
    List<String> out = new ArrayList<>();
    for (int tid : tasks()) {
      ProcFs.Sched s = sched(tid);
      if (s != null && s.policy() != ProcFs.Sched.SCHED_OTHER) {
        out.add(describe(tid, s));
      }
    }
    return out;
  }

  /** Policy counts over the process's threads now, e.g. {@code {SCHED_FIFO/50=38}}. */
  public Map<String, Integer> census() {
    Map<String, Integer> out = new TreeMap<>();
    for (int tid : tasks()) {
      ProcFs.Sched s = sched(tid);
      if (s != null) {
        out.merge(s.word(), 1, Integer::sum);
      }
    }
    return out;
  }

  private boolean isFifo(ProcFs.Sched s) {
    return s.policy() == ProcFs.Sched.SCHED_FIFO && s.rtPriority() == priority;
  }

  private String describe(int tid, ProcFs.Sched s) {
    String comm = ProcFs.read(taskDir(tid).resolve("comm"));
    return tid + " " + (comm == null ? "?" : comm.strip()) + " " + s.word();
  }

  private Path taskDir(int tid) {
    return procRoot.resolve(String.valueOf(pid)).resolve("task").resolve(String.valueOf(tid));
  }

  private ProcFs.Sched sched(int tid) {
    long[] f = ProcFs.statFields(taskDir(tid).resolve("stat"));
    return f == null || f.length <= 41 ? null : new ProcFs.Sched((int) f[41], (int) f[40]);
  }

  private List<Integer> tasks() {
    List<Integer> out = new ArrayList<>();
    try (Stream<Path> s = Files.list(procRoot.resolve(String.valueOf(pid)).resolve("task"))) {
      s.forEach(p -> {
        String n = p.getFileName().toString();
        if (n.matches("[0-9]+")) {
          out.add(Integer.parseInt(n));
        }
      });
    } catch (IOException | RuntimeException e) {
      // process gone: no tasks
    }
    out.sort(null);
    return out;
  }

  /**
   * The kernel's real-time throttling, {@code /proc/sys/kernel/sched_rt_runtime_us} and
   * {@code sched_rt_period_us} (real-time threads may use at most runtime per period of each core; -1 = no
   * limit): the only brake on a spinning SCHED_FIFO thread. Empty strings when unreadable.
   */
  public static String[] rtThrottling(Path procRoot) {
    return new String[] {sysctl(procRoot.resolve("sys/kernel/sched_rt_runtime_us")),
        sysctl(procRoot.resolve("sys/kernel/sched_rt_period_us"))};
  }

  /**
   * A sysctl file's value in one read: {@code /proc/sys} integer files answer only a read at offset 0, so
   * {@code Files.readString} (which reads one byte first when the file reports size 0) would see "9" of "950000".
   */
  static String sysctl(Path file) {
    try (var in = Files.newInputStream(file)) {
      byte[] b = new byte[256];
      int n = in.read(b);
      return n <= 0 ? "" : new String(b, 0, n, StandardCharsets.US_ASCII).strip();
    } catch (IOException | RuntimeException e) {
      return "";
    }
  }
}
