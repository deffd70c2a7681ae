package ftl.harness.host;

import ftl.data.ledger.LedgerCells;
import ftl.data.ledger.LedgerSchema;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * What every run records about the host around it, read by one implementation for every system (issue #42: the
 * Kafka run and the other systems' run each had their own copy): the host's {@code /proc/stat} counters (steal,
 * interrupts, busy ticks), every process's tick-accounted CPU, every task's exact run time ({@link TaskRunTimes}), the
 * load average and the clock source in use, each at the run's start and at its end.
 *
 * <p>The columns it writes: {@code other_cpu_pct} (the host's busy ticks less ours: tick-sampled, kept for the older
 * rows' sake, aliases with a send schedule locked to the tick), {@code other_cpu_top}, {@code other_tasks_cpu_pct}
 * (other processes' utime + stime, in ticks of 10 ms), {@code other_run_pct} (other tasks' exact run time over the
 * run's wall time on every online core: the contention measure an exclusion rule may use), {@code steal_pct},
 * {@code interrupts}, {@code loadavg_start}, {@code loadavg_end}, {@code clocksource} (read at the end; the runner
 * switches it only between blocks) and {@code nanotime_cost_ns} ({@link NanoTimeCost}, taken before the run).
 */
public final class HostCounters {
  private final LongSupplier nanoClock;
  private final long t0;
  private final Map<Long, ProcFs.ProcessTicks> procs0;
  private final ProcFs.CpuTimes cpu0;
  private final ProcFs.StatCounters stat0;
  private final TaskRunTimes tasks0;
  private final String loadavg0;
  private final double nanoTimeCost;
  private final long nanoTimeGranularity;

  private HostCounters(LongSupplier nanoClock) {
    this.nanoClock = nanoClock;
    this.nanoTimeCost = NanoTimeCost.medianNanos();
    this.nanoTimeGranularity = NanoTimeCost.granularityNanos();
    this.loadavg0 = ProcFs.loadavg1();
    this.procs0 = ProcFs.processTicks();
    this.cpu0 = ProcFs.cpuTimes();
    this.stat0 = ProcFs.statCounters();
    this.tasks0 = TaskRunTimes.read();
    this.t0 = nanoClock.getAsLong();
  }

  /** Reads the start of a run. */
  public static HostCounters start() {
    return new HostCounters(System::nanoTime);
  }

  /**
   * Reads the end of the run and writes its columns into {@code cells}.
   *
   * @param ours the processes whose CPU is the run's own: this JVM, the broker or server with every descendant (a
   *     {@code --bootstrap} cluster's brokers that serve on this host, {@link LocalListeners}), the load generator
   *     (pids; -1 and 0 are ignored)
   */
  public void end(Set<Long> ours, LedgerCells cells) {
    long t1 = nanoClock.getAsLong();
    TaskRunTimes tasks1 = TaskRunTimes.read();
    ProcFs.CpuTimes cpu1 = ProcFs.cpuTimes();
    Map<Long, ProcFs.ProcessTicks> procs1 = ProcFs.processTicks();
    ProcFs.StatCounters stat1 = ProcFs.statCounters();
    Set<Long> mine = new HashSet<>();
    for (long pid : ours) {
      if (pid > 0) {
        mine.add(pid);
      }
    }
    long total = cpu1.totalTicks() - cpu0.totalTicks();
    cells.put(LedgerSchema.OTHER_CPU_PCT, otherCpuPercent(procs0, procs1, cpu0, cpu1, mine));
    cells.put(LedgerSchema.OTHER_CPU_TOP, ProcFs.topOthers(procs0, procs1, mine, 3));
    cells.put(LedgerSchema.OTHER_TASKS_CPU_PCT, total > 0
        ? fmt1(100.0 * ProcFs.otherTicks(procs0, procs1, mine) / total) : "");
    cells.put(LedgerSchema.OTHER_RUN_PCT, otherRunPercent(TaskRunTimes.otherNanos(tasks0, tasks1, mine), t1 - t0,
        ProcFs.onlineCpus()));
    double steal = ProcFs.StatCounters.stealPercent(stat0, stat1);
    long interrupts = ProcFs.StatCounters.interruptsBetween(stat0, stat1);
    String reported = stealReported(stat1);
    cells.put(LedgerSchema.STEAL_REPORTED, reported);
    cells.put(LedgerSchema.STEAL_PCT, Double.isNaN(steal) || !reported.equals("yes") ? ""
        : String.format(Locale.ROOT, "%.3f", steal));
    cells.put(LedgerSchema.INTERRUPTS, interrupts < 0 ? "" : String.valueOf(interrupts));
    cells.put(LedgerSchema.LOADAVG_START, loadavg0);
    cells.put(LedgerSchema.LOADAVG_END, ProcFs.loadavg1());
    cells.put(LedgerSchema.CLOCKSOURCE, ClockSource.SYSTEM.current());
    cells.put(LedgerSchema.NANOTIME_COST_NS, String.format(Locale.ROOT, "%.1f", nanoTimeCost));
    cells.put(LedgerSchema.NANOTIME_GRANULARITY_NS, nanoTimeGranularity < 0 ? "" : String.valueOf(nanoTimeGranularity));
  }

  /**
   * Whether the boot reports steal time ({@code steal_reported}): "yes" when the cumulative steal of {@code /proc/stat}
   * since boot is above 0, "no" when it is 0 (a counter that never moved: no paravirtual steal accounting cannot be
   * told from none, so the run's {@code steal_pct} is left empty, never 0), "" when it could not be read.
   */
  public static String stealReported(ProcFs.StatCounters atEnd) {
    if (atEnd.stealTicks() < 0) {
      return "";
    }
    return atEnd.stealTicks() > 0 ? "yes" : "no";
  }

  /**
   * Other tasks' exact run time as a percentage of the run's wall time on every online core,
   * {@code 100 otherNanos / (elapsedNanos cores)}, three decimals; empty when a reading is missing ({@code otherNanos}
   * -1), no time passed or the cores are unknown.
   */
  public static String otherRunPercent(long otherNanos, long elapsedNanos, int cores) {
    if (otherNanos < 0 || elapsedNanos <= 0 || cores <= 0) {
      return "";
    }
    return String.format(Locale.ROOT, "%.3f", 100.0 * otherNanos / ((double) elapsedNanos * cores));
  }

  /**
   * CPU of every process not in {@code ours}, between the two readings, as a percentage of all cores' time: the
   * host's busy ticks less the ticks of {@code ours} (one decimal; empty when no time passed). Tick-sampled: see the
   * class doc.
   */
  static String otherCpuPercent(Map<Long, ProcFs.ProcessTicks> procs0, Map<Long, ProcFs.ProcessTicks> procs1,
                                ProcFs.CpuTimes cpu0, ProcFs.CpuTimes cpu1, Set<Long> ours) {
    long total = cpu1.totalTicks() - cpu0.totalTicks();
    long mine = 0;
    for (long pid : ours) {
      ProcFs.ProcessTicks a = procs0.get(pid);
      ProcFs.ProcessTicks b = procs1.get(pid);
      if (b != null) {
        mine += Math.max(0, b.ticks() - (a == null ? 0 : a.ticks()));
      }
    }
    long other = Math.max(0, cpu1.busyTicks() - cpu0.busyTicks() - mine);
    return total > 0 ? fmt1(100.0 * other / total) : "";
  }

  /** This JVM and a server's process with every descendant it has now (epmd, erl_child_setup...). */
  public static Set<Long> processTree(long serverPid) {
    Set<Long> out = new HashSet<>(List.of(ProcFs.pid()));
    if (serverPid > 0) {
      out.add(serverPid);
      ProcessHandle.of(serverPid).ifPresent(h -> h.descendants().forEach(d -> out.add(d.pid())));
    }
    return out;
  }

  private static String fmt1(double v) {
    return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.1f", v);
  }
}
