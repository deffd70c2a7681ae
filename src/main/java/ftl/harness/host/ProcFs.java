package ftl.harness.host;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/** Reads what the harness needs from Linux {@code /proc}: thread ids, policy, affinity, CPU time. */
public final class ProcFs {
  private ProcFs() {}

  /** Clock ticks per second of {@code /proc} CPU times (USER_HZ, 100 on Linux/x86). */
  public static final long TICKS_PER_SECOND = 100;

  /**
   * Native thread id (Linux tid) of the calling thread, from the {@code /proc/thread-self} link
   * ({@code <pid>/task/<tid>}).
   */
  public static int currentTid() {
    try {
      String link = Files.readSymbolicLink(Path.of("/proc/thread-self")).toString();
      return Integer.parseInt(link.substring(link.lastIndexOf('/') + 1));
    } catch (IOException | RuntimeException e) {
      throw new IllegalStateException("cannot read /proc/thread-self: " + e, e);
    }
  }

  /** Process id of this JVM. */
  public static long pid() { return ProcessHandle.current().pid(); }

  /** Every task id of a process. */
  public static List<Integer> tasks(long pid) {
    List<Integer> out = new ArrayList<>();
    try (Stream<Path> s = Files.list(Path.of("/proc", String.valueOf(pid), "task"))) {
      s.forEach(p -> out.add(Integer.parseInt(p.getFileName().toString())));
    } catch (IOException | RuntimeException e) {
      // process gone: no tasks
    }
    return out;
  }

  /** The {@code comm} of a task, or null when it is gone. */
  public static String comm(long pid, int tid) {
    String c = read(Path.of("/proc", String.valueOf(pid), "task", String.valueOf(tid), "comm"));
    return c == null ? null : c.strip();
  }

  /** {@code Cpus_allowed_list} of a task (e.g. {@code "0-1"}), or null when it is gone. */
  public static String cpusAllowed(long pid, int tid) {
    return statusField(Path.of("/proc", String.valueOf(pid), "task", String.valueOf(tid), "status"),
        "Cpus_allowed_list");
  }

  /** Scheduling policy and real-time priority of a task, from fields 41 and 40 of its {@code stat}. */
  public record Sched(int policy, int rtPriority) {
    public static final int SCHED_OTHER = 0;
    public static final int SCHED_FIFO = 1;

    public String word() {
      return switch (policy) {
        case 0 -> "SCHED_OTHER";
        case 1 -> "SCHED_FIFO/" + rtPriority;
        case 2 -> "SCHED_RR/" + rtPriority;
        case 3 -> "SCHED_BATCH";
        case 5 -> "SCHED_IDLE";
        default -> "policy" + policy + "/" + rtPriority;
      };
    }
  }

  public static Sched sched(long pid, int tid) {
    long[] f = statFields(Path.of("/proc", String.valueOf(pid), "task", String.valueOf(tid), "stat"));
    if (f == null) {
      return null;
    }
    return new Sched((int) f[41], (int) f[40]);
  }

  /** The process group of a process (field 5 of its {@code stat}); -1 when it is gone. */
  public static long processGroup(long pid) {
    long[] f = statFields(Path.of("/proc", String.valueOf(pid), "stat"));
    return f == null || f.length <= 5 ? -1 : f[5];
  }

  /** utime + stime of a whole process, in ticks; -1 when it is gone. */
  public static long processCpuTicks(long pid) {
    long[] f = statFields(Path.of("/proc", String.valueOf(pid), "stat"));
    return f == null ? -1 : f[14] + f[15];
  }

  /** The online cores, the {@code cpuN} lines of {@code /proc/stat}; 0 when it cannot be read. */
  public static int onlineCpus() {
    String all = read(Path.of("/proc/stat"));
    return all == null ? 0 : (int) all.lines().filter(l -> l.matches("cpu[0-9]+\\s.*")).count();
  }

  /** Aggregate CPU times from {@code /proc/stat}: busy (everything but idle and iowait) and total, ticks. */
  public record CpuTimes(long busyTicks, long totalTicks) {}

  public static CpuTimes cpuTimes() {
    String all = read(Path.of("/proc/stat"));
    if (all == null) {
      return new CpuTimes(0, 0);
    }
    String line = all.lines().filter(l -> l.startsWith("cpu ")).findFirst().orElse("cpu 0");
    String[] t = line.trim().split("\\s+");
    long total = 0;
    long idle = 0;
    for (int i = 1; i < t.length && i <= 8; i++) { // user nice system idle iowait irq softirq steal
      long v = Long.parseLong(t[i]);
      total += v;
      if (i == 4 || i == 5) {
        idle += v;
      }
    }
    return new CpuTimes(total - idle, total);
  }

  /**
   * The host counters of {@code /proc/stat} a run records the change of: the steal column and the sum of the columns
   * user, nice, system, idle, iowait, irq, softirq and steal of the aggregate {@code cpu} line (ticks), and the
   * first number of the {@code intr} line (interrupts serviced since boot). A counter that could not be read is
   * {@link #UNREAD}.
   *
   * <p>guest and guest_nice (the 9th and 10th columns, when present) are not added to the total: the kernel already
   * counts guest time in user and nice (proc(5)), so adding them would count it twice.
   */
  public record StatCounters(long stealTicks, long cpuTicks, long interrupts) {
    /** A counter that could not be read. */
    public static final long UNREAD = -1;
    /** Nothing read (no {@code /proc/stat}). */
    public static final StatCounters NONE = new StatCounters(UNREAD, UNREAD, UNREAD);

    /**
     * Steal time between two readings as a percentage of all CPU time between them,
     * {@code 100 (steal1 - steal0) / (total1 - total0)}; NaN when either reading lacks the counters, the total did not
     * grow, or a counter went backwards.
     */
    public static double stealPercent(StatCounters start, StatCounters end) {
      if (start.stealTicks < 0 || start.cpuTicks < 0 || end.stealTicks < 0 || end.cpuTicks < 0) {
        return Double.NaN;
      }
      long steal = end.stealTicks - start.stealTicks;
      long total = end.cpuTicks - start.cpuTicks;
      if (total <= 0 || steal < 0 || steal > total) {
        return Double.NaN;
      }
      return 100.0 * steal / total;
    }

    /** Interrupts between two readings; -1 when either lacks the counter or it went backwards. */
    public static long interruptsBetween(StatCounters start, StatCounters end) {
      if (start.interrupts < 0 || end.interrupts < 0 || end.interrupts < start.interrupts) {
        return UNREAD;
      }
      return end.interrupts - start.interrupts;
    }
  }

  /** The counters of this host's {@code /proc/stat} now ({@link StatCounters#NONE} when it cannot be read). */
  public static StatCounters statCounters() {
    String text = read(Path.of("/proc/stat"));
    return text == null ? StatCounters.NONE : statCounters(text);
  }

  /**
   * The counters of a {@code /proc/stat} text, read defensively: a missing {@code cpu} or {@code intr} line, a line
   * with too few columns (steal needs the 8th), or a cell that is not a non-negative decimal integer makes that
   * counter {@link StatCounters#UNREAD}; nothing throws.
   */
  public static StatCounters statCounters(String text) {
    long steal = StatCounters.UNREAD;
    long total = StatCounters.UNREAD;
    long intr = StatCounters.UNREAD;
    boolean cpuSeen = false;
    boolean intrSeen = false;
    for (String line : text.split("\n")) {
      String[] t = line.trim().split("\\s+");
      if (!cpuSeen && t[0].equals("cpu")) {
        cpuSeen = true;
        if (t.length > 8) {
          long sum = 0;
          boolean ok = true;
          for (int i = 1; i <= 8 && ok; i++) {
            long v = counter(t[i]);
            ok = v >= 0 && sum <= Long.MAX_VALUE - v;
            sum += ok ? v : 0;
          }
          if (ok) {
            total = sum;
            steal = counter(t[8]);
          }
        }
      } else if (!intrSeen && t[0].equals("intr")) {
        intrSeen = true;
        intr = t.length > 1 ? counter(t[1]) : StatCounters.UNREAD;
      }
    }
    return new StatCounters(steal, total, intr);
  }

  /** A non-negative decimal counter of at most 18 digits, or -1. */
  private static long counter(String cell) {
    return cell.matches("[0-9]{1,18}") ? Long.parseLong(cell) : StatCounters.UNREAD;
  }

  /** One process's name and CPU time (utime + stime, ticks) at one instant. */
  public record ProcessTicks(String comm, long ticks) {}

  /**
   * Every process's CPU time now, by pid (from {@code /proc/<pid>/stat}); processes that vanish while read are skipped.
   */
  public static Map<Long, ProcessTicks> processTicks() {
    return processTicks(Path.of("/proc"));
  }

  static Map<Long, ProcessTicks> processTicks(Path procRoot) {
    Map<Long, ProcessTicks> out = new HashMap<>();
    try (Stream<Path> s = Files.list(procRoot)) {
      s.forEach(p -> {
        String n = p.getFileName().toString();
        if (!n.matches("[0-9]+")) {
          return;
        }
        String stat = read(p.resolve("stat"));
        if (stat == null || stat.indexOf('(') < 0 || stat.lastIndexOf(')') < 0) {
          return;
        }
        long[] f = statFields(p.resolve("stat"));
        if (f == null || f.length <= 15) {
          return;
        }
        String comm = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        if (comm.equals("java")) {
          comm = "java:" + javaMain(read(p.resolve("cmdline")));
        }
        out.put(Long.parseLong(n), new ProcessTicks(comm, f[14] + f[15]));
      });
    } catch (IOException | RuntimeException e) {
      // no /proc: nothing to report
    }
    return out;
  }

  /**
   * What a {@code java} process runs, from its NUL-separated command line: the simple name of its main class
   * (or of its {@code -jar} file), e.g. {@code Launcher} for Maven, {@code ForkedBooter} for a test JVM; {@code ?}
   * when it cannot be told.
   */
  static String javaMain(String cmdline) {
    if (cmdline == null || cmdline.isEmpty()) {
      return "?";
    }
    String[] args = cmdline.split("\u0000");
    for (int i = 1; i < args.length; i++) {
      String a = args[i];
      if (a.equals("-cp") || a.equals("-classpath") || a.equals("--class-path") || a.equals("-p")
          || a.equals("--module-path") || a.equals("-jar")) {
        if (a.equals("-jar") && i + 1 < args.length) {
          String jar = args[i + 1];
          return jar.substring(jar.lastIndexOf('/') + 1);
        }
        i++;
        continue;
      }
      if (!a.startsWith("-") && !a.isEmpty()) {
        return a.substring(a.lastIndexOf('.') + 1);
      }
    }
    return "?";
  }

  /**
   * The {@code limit} processes, other than {@code ours}, that used most CPU between two snapshots, as
   * {@code comm:ticks} separated by spaces (a process that started during the run counts from 0), or
   * {@code ""} when none used any. Names are reduced to {@code [A-Za-z0-9._-]}.
   */
  /**
   * The ticks every process not in {@code ours} used between two readings of {@link #processTicks()}, from each
   * process's own accounting ({@code utime + stime} of {@code /proc/<pid>/stat}, exact run time): a process absent
   * from {@code before} (born meanwhile) counts whole, one absent from {@code after} (gone) is lost, and a pid whose
   * count fell (reused) counts nothing.
   */
  public static long otherTicks(Map<Long, ProcessTicks> before, Map<Long, ProcessTicks> after,
                                Set<Long> ours) {
    long sum = 0;
    for (Map.Entry<Long, ProcessTicks> e : after.entrySet()) {
      if (!ours.contains(e.getKey())) {
        ProcessTicks b = before.get(e.getKey());
        sum += Math.max(0, e.getValue().ticks() - (b == null ? 0 : b.ticks()));
      }
    }
    return sum;
  }

  public static String topOthers(Map<Long, ProcessTicks> before, Map<Long, ProcessTicks> after,
                                 Set<Long> ours, int limit) {
    List<Map.Entry<String, Long>> used = new ArrayList<>();
    for (Map.Entry<Long, ProcessTicks> e : after.entrySet()) {
      if (ours.contains(e.getKey())) {
        continue;
      }
      ProcessTicks b = before.get(e.getKey());
      long d = e.getValue().ticks() - (b == null ? 0 : b.ticks());
      if (d > 0) {
        used.add(Map.entry(e.getValue().comm().replaceAll("[^A-Za-z0-9._-]", "_"), d));
      }
    }
    used.sort((x, y) -> x.getValue().equals(y.getValue()) ? x.getKey().compareTo(y.getKey())
        : Long.compare(y.getValue(), x.getValue()));
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < Math.min(limit, used.size()); i++) {
      out.append(i == 0 ? "" : " ").append(used.get(i).getKey()).append(':').append(used.get(i).getValue());
    }
    return out.toString();
  }

  /** The 1-minute load average, as written in {@code /proc/loadavg}. */
  public static String loadavg1() {
    String s = read(Path.of("/proc/loadavg"));
    return s == null ? "" : s.trim().split("\\s+")[0];
  }

  /**
   * Fields of a {@code stat} line, 1-based as in proc(5) (index 0 unused, comm skipped as 0): the text after
   * the last ')' starts at field 3.
   */
  static long[] statFields(Path stat) {
    String s = read(stat);
    if (s == null) {
      return null;
    }
    String[] rest = s.substring(s.lastIndexOf(')') + 2).trim().split("\\s+");
    long[] f = new long[rest.length + 3];
    for (int i = 0; i < rest.length; i++) {
      try {
        f[i + 3] = Long.parseLong(rest[i]);
      } catch (NumberFormatException e) {
        f[i + 3] = 0; // the state letter (field 3)
      }
    }
    return f;
  }

  static String statusField(Path status, String key) {
    String s = read(status);
    if (s == null) {
      return null;
    }
    for (String line : s.split("\n")) {
      if (line.startsWith(key + ":")) {
        return line.substring(key.length() + 1).trim();
      }
    }
    return null;
  }

  static String read(Path p) {
    try {
      return Files.readString(p, StandardCharsets.US_ASCII);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** Expands a cpu list ({@code "0-2,5"}) to a canonical list string as the kernel prints it. */
  public static String canonicalCpus(String list) {
    List<Integer> cpus = new ArrayList<>();
    for (String part : list.split(",")) {
      String[] ab = part.trim().split("-");
      int a = Integer.parseInt(ab[0]);
      int b = ab.length > 1 ? Integer.parseInt(ab[1]) : a;
      for (int c = a; c <= b; c++) {
        if (!cpus.contains(c)) {
          cpus.add(c);
        }
      }
    }
    cpus.sort(null);
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < cpus.size(); ) {
      int j = i;
      while (j + 1 < cpus.size() && cpus.get(j + 1) == cpus.get(j) + 1) {
        j++;
      }
      if (out.length() > 0) {
        out.append(',');
      }
      out.append(cpus.get(i));
      if (j > i) {
        out.append('-').append(cpus.get(j));
      }
      i = j + 1;
    }
    return out.toString();
  }
}
