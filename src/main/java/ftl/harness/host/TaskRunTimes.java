package ftl.harness.host;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Every task's own run time at one instant, exact to the nanosecond: the first field of
 * {@code /proc/<pid>/task/<tid>/schedstat} (the scheduler's {@code sum_exec_runtime}, ns on a CPU), for every task of
 * every process and kernel thread. Unlike {@code /proc/stat}'s busy ticks, which charge a whole tick (4 ms at HZ 250)
 * to whatever runs when the tick fires, it is accounted at every context switch, so a send schedule phase-locked to
 * the tick cannot move it (issue #44: {@code other_cpu_pct} aliased with the send phase).
 *
 * @param runNanos run time by task id
 * @param processOf the process (thread-group id) of each task id
 */
public record TaskRunTimes(Map<Long, Long> runNanos, Map<Long, Long> processOf) {
  public TaskRunTimes {
    runNanos = Map.copyOf(runNanos);
    processOf = Map.copyOf(processOf);
  }

  /** No reading (no {@code /proc}, or schedstat missing): every difference from it is unknown. */
  public static final TaskRunTimes NONE = new TaskRunTimes(Map.of(), Map.of());

  /** Every task's run time now, from {@code /proc}; tasks that vanish while read are skipped. */
  public static TaskRunTimes read() {
    return read(Path.of("/proc"));
  }

  /** The same from {@code procRoot} (a scratch folder standing in for {@code /proc} in tests). */
  public static TaskRunTimes read(Path procRoot) {
    Map<Long, Long> run = new HashMap<>();
    Map<Long, Long> proc = new HashMap<>();
    try (Stream<Path> s = Files.list(procRoot)) {
      s.forEach(p -> {
        String n = p.getFileName().toString();
        if (!n.matches("[0-9]{1,18}")) {
          return;
        }
        long pid = Long.parseLong(n);
        try (Stream<Path> tasks = Files.list(p.resolve("task"))) {
          tasks.forEach(t -> {
            String tn = t.getFileName().toString();
            if (!tn.matches("[0-9]{1,18}")) {
              return;
            }
            long ns = firstField(ProcFs.read(t.resolve("schedstat")));
            if (ns >= 0) {
              long tid = Long.parseLong(tn);
              run.put(tid, ns);
              proc.put(tid, pid);
            }
          });
        } catch (IOException | RuntimeException e) {
          // the process ended while it was read: its tasks are not counted
        }
      });
    } catch (IOException | RuntimeException e) {
      return NONE;
    }
    return new TaskRunTimes(run, proc);
  }

  /** The first field of a schedstat line, a non-negative decimal of at most 18 digits; -1 otherwise. */
  static long firstField(String schedstat) {
    if (schedstat == null) {
      return -1;
    }
    String[] f = schedstat.strip().split("\\s+");
    return f.length >= 1 && f[0].matches("[0-9]{1,18}") ? Long.parseLong(f[0]) : -1;
  }

  /**
   * The run time every task not of a process in {@code ours} used from {@code before} to {@code after}, ns: a task
   * absent from {@code before} (born meanwhile) counts whole, one absent from {@code after} (ended) is lost, and a task
   * id whose count fell (reused) counts nothing. -1 when either reading is empty.
   */
  public static long otherNanos(TaskRunTimes before, TaskRunTimes after, Set<Long> ours) {
    if (before.runNanos.isEmpty() || after.runNanos.isEmpty()) {
      return -1;
    }
    long sum = 0;
    for (Map.Entry<Long, Long> e : after.runNanos.entrySet()) {
      Long pid = after.processOf.get(e.getKey());
      if (pid == null || ours.contains(pid)) {
        continue;
      }
      Long b = before.runNanos.get(e.getKey());
      if (b != null && !pid.equals(before.processOf.get(e.getKey()))) {
        b = null; // the task id now names another process's task: it was born meanwhile
      }
      sum = Math.addExact(sum, Math.max(0, e.getValue() - (b == null ? 0 : b)));
    }
    return sum;
  }
}
