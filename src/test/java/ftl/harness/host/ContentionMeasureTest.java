package ftl.harness.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The contention measures of a run (issue #44). The tick-sampled {@code other_cpu_pct} (the host's busy ticks less our
 * processes' exact time) aliases with a send schedule locked to the tick; the exact {@code other_run_pct} (other tasks'
 * schedstat run time over wall time) does not. Synthetic counters: one core of a 2-core host, our client and broker
 * busy for a burst of 300 us after every 1 ms send, another task using 5 us in every millisecond, the kernel's tick
 * every 4 ms (HZ 250) at a fixed phase of the send cycle, for 10 s.
 */
class ContentionMeasureTest {
  private static final long SECONDS = 10;
  private static final long MS = 1_000_000L;
  private static final long BURST = 300_000L;
  private static final long OTHER_PER_MS = 5_000L;
  private static final long TICK = 4 * MS;
  private static final int CORES = 2;

  /** Counters of the synthetic run whose tick fires {@code tickPhaseNanos} after each send it meets. */
  record Run(ProcFs.CpuTimes cpu0, ProcFs.CpuTimes cpu1, Map<Long, ProcFs.ProcessTicks> procs0,
             Map<Long, ProcFs.ProcessTicks> procs1, TaskRunTimes tasks0, TaskRunTimes tasks1) {

    static Run at(long tickPhaseNanos) {
      long duration = SECONDS * 1_000 * MS;
      long ticks = duration / TICK;
      // at a tick the core runs our burst (phase inside it), the other task (phase inside its 5 us) or nothing
      boolean oursAtTick = tickPhaseNanos < BURST;
      boolean otherAtTick = !oursAtTick && tickPhaseNanos < BURST + OTHER_PER_MS;
      long busyTicks = oursAtTick || otherAtTick ? ticks : 0;
      long totalTicks = ticks * CORES;
      long oursNanos = duration / MS * BURST;
      long otherNanos = duration / MS * OTHER_PER_MS;
      // per-process utime + stime are the exact run time in 10 ms units (the kernel scales them to sum_exec_runtime)
      Map<Long, ProcFs.ProcessTicks> p0 = Map.of(100L, new ProcFs.ProcessTicks("java", 0), 200L,
          new ProcFs.ProcessTicks("kworker", 0));
      Map<Long, ProcFs.ProcessTicks> p1 = Map.of(100L, new ProcFs.ProcessTicks("java", ticksOf(oursNanos)),
          200L, new ProcFs.ProcessTicks("kworker", ticksOf(otherNanos)));
      TaskRunTimes t0 = new TaskRunTimes(Map.of(100L, 0L, 101L, 0L, 200L, 0L),
          Map.of(100L, 100L, 101L, 100L, 200L, 200L));
      TaskRunTimes t1 = new TaskRunTimes(Map.of(100L, oursNanos / 2, 101L, oursNanos / 2, 200L, otherNanos),
          Map.of(100L, 100L, 101L, 100L, 200L, 200L));
      // /proc/stat's ticks are USER_HZ (100/s) units: the 250 Hz samples scaled by 100/250
      return new Run(new ProcFs.CpuTimes(0, 0), new ProcFs.CpuTimes(busyTicks * 100 / 250, totalTicks * 100 / 250), p0,
          p1, t0, t1);
    }

    private static long ticksOf(long nanos) {
      return nanos / (10 * MS);
    }

    String tickSampled() {
      return HostCounters.otherCpuPercent(procs0, procs1, cpu0, cpu1, Set.of(100L));
    }

    String exact() {
      return HostCounters.otherRunPercent(TaskRunTimes.otherNanos(tasks0, tasks1, Set.of(100L)), SECONDS * 1_000 * MS,
          CORES);
    }
  }

  static Stream<Arguments> tickPhases() {
    return Stream.of(
        Arguments.of("tick 100 us after the send, inside the burst", 100_000L, "35.0"),
        Arguments.of("tick 250 us after the send, inside the burst", 250_000L, "35.0"),
        Arguments.of("tick 302 us after the send, on the other task", 302_000L, "35.0"),
        Arguments.of("tick 500 us after the send, on the idle core", 500_000L, "0.0"),
        Arguments.of("tick 900 us after the send, on the idle core", 900_000L, "0.0"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("tickPhases")
  void otherCpuPct_burstLockedToTheTick_movesWithThePhase(String label, long phase, String expected) {
    assertThat(Run.at(phase).tickSampled()).isEqualTo(expected);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("tickPhases")
  void otherRunPct_burstLockedToTheTick_isTheOtherTasksOwnTime(String label, long phase, String ignored) {
    // 5 us in every ms on one of two cores: 0.25 % of all cores' time, whatever the phase
    assertThat(Run.at(phase).exact()).isEqualTo("0.250");
  }

  @Test
  void otherNanos_taskBornEndedOrReused_countsAsDocumented() {
    TaskRunTimes before = new TaskRunTimes(Map.of(1L, 1000L, 2L, 500L, 3L, 900L), Map.of(1L, 1L, 2L, 1L, 3L, 3L));
    // task 2 ended (lost), task 4 born (counted whole), task 3's id now names another process's task (born: whole)
    TaskRunTimes after = new TaskRunTimes(Map.of(1L, 1600L, 3L, 50L, 4L, 70L), Map.of(1L, 1L, 3L, 4L, 4L, 4L));
    assertThat(TaskRunTimes.otherNanos(before, after, Set.of())).isEqualTo(600 + 50 + 70);
    assertThat(TaskRunTimes.otherNanos(before, after, Set.of(4L))).isEqualTo(600);
    assertThat(TaskRunTimes.otherNanos(TaskRunTimes.NONE, after, Set.of())).isEqualTo(-1);
  }

  @Test
  void otherRunPercent_missingReadingOrNoTime_isEmpty() {
    assertThat(HostCounters.otherRunPercent(-1, 1000, 2)).isEmpty();
    assertThat(HostCounters.otherRunPercent(10, 0, 2)).isEmpty();
    assertThat(HostCounters.otherRunPercent(10, 1000, 0)).isEmpty();
    assertThat(HostCounters.otherRunPercent(500, 1000, 2)).isEqualTo("25.000");
  }

  @Test
  void read_scratchProc_readsEveryTasksFirstSchedstatField(@TempDir Path proc) throws IOException {
    task(proc, 10, 10, "12345 678 9\n");
    task(proc, 10, 11, "55 0 0\n");
    task(proc, 20, 20, "not a number\n");
    Files.createDirectories(proc.resolve("self"));
    TaskRunTimes t = TaskRunTimes.read(proc);
    assertThat(t.runNanos()).isEqualTo(Map.of(10L, 12345L, 11L, 55L));
    assertThat(t.processOf()).isEqualTo(Map.of(10L, 10L, 11L, 10L));
  }

  @Test
  void read_noProc_isNone(@TempDir Path dir) {
    assertThat(TaskRunTimes.read(dir.resolve("absent"))).isEqualTo(TaskRunTimes.NONE);
  }

  @Test
  void read_thisHost_seesThisThread() {
    TaskRunTimes t = TaskRunTimes.read();
    long tid = ProcFs.currentTid();
    // a host without /proc/<pid>/task/<tid>/schedstat (CONFIG_SCHED_INFO off) reads nothing: nothing to check there
    if (!t.runNanos().isEmpty()) {
      assertThat(t.runNanos()).containsKey(tid);
      assertThat(t.processOf().get(tid)).isEqualTo(ProcFs.pid());
    }
  }

  private static void task(Path proc, long pid, long tid, String schedstat) throws IOException {
    Path d = proc.resolve(String.valueOf(pid)).resolve("task").resolve(String.valueOf(tid));
    Files.createDirectories(d);
    Files.writeString(d.resolve("schedstat"), schedstat);
  }
}
