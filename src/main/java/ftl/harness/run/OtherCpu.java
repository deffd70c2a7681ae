package ftl.harness.run;

import ftl.data.LedgerCells;
import ftl.data.LedgerSchema;
import ftl.harness.host.ProcFs;
import java.util.HashSet;
import java.util.List;
import java.util.Map;

/**
 * The CPU other processes used during a run ({@code other_cpu_pct}, {@code other_cpu_top}): every process's CPU
 * time and the host's when the run starts, compared when it ends, less the client JVM, the broker and the load
 * generator.
 */
final class OtherCpu {
  private final long brokerPid;
  private final Map<Long, ProcFs.ProcessTicks> procs0;
  private final ProcFs.CpuTimes cpu0;
  private final long self0;
  private final long broker0;

  private OtherCpu(long brokerPid) {
    this.brokerPid = brokerPid;
    this.procs0 = ProcFs.processTicks();
    this.cpu0 = ProcFs.cpuTimes();
    this.self0 = ProcFs.processCpuTicks(ProcFs.pid());
    this.broker0 = brokerPid > 0 ? ProcFs.processCpuTicks(brokerPid) : 0;
  }

  /** Reads the start; {@code brokerPid} -1 for an external cluster. */
  static OtherCpu start(long brokerPid) {
    return new OtherCpu(brokerPid);
  }

  /**
   * Reads the end and writes the two columns.
   *
   * @param brokerDied whether the broker is gone (its ticks are then not read again)
   * @param placement the run's load generator, whose ticks are ours
   */
  void end(boolean brokerDied, ThreadPlacement placement, LedgerCells cells) {
    ProcFs.CpuTimes cpu1 = ProcFs.cpuTimes();
    Map<Long, ProcFs.ProcessTicks> procs1 = ProcFs.processTicks();
    long self1 = ProcFs.processCpuTicks(ProcFs.pid());
    long broker1 = brokerPid > 0 && !brokerDied ? ProcFs.processCpuTicks(brokerPid) : broker0;
    long load1 = placement.loadTicksNow();
    long total = cpu1.totalTicks() - cpu0.totalTicks();
    long ours = Math.max(0, self1 - self0) + Math.max(0, broker1 - broker0) + Math.max(0, load1 - placement.loadTicks0());
    long other = Math.max(0, cpu1.busyTicks() - cpu0.busyTicks() - ours);
    cells.put(LedgerSchema.OTHER_CPU_PCT, total > 0 ? KafkaRun.fmt1(100.0 * other / total) : "");
    java.util.Set<Long> ourPids = new HashSet<>(List.of(ProcFs.pid(), brokerPid, placement.loadPid()));
    cells.put(LedgerSchema.OTHER_CPU_TOP, ProcFs.topOthers(procs0, procs1, ourPids, 3));
    cells.put(LedgerSchema.OTHER_TASKS_CPU_PCT, total > 0
        ? KafkaRun.fmt1(100.0 * ProcFs.otherTicks(procs0, procs1, ourPids) / total) : "");
  }
}
