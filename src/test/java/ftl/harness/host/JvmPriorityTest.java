package ftl.harness.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link JvmPriority} on a fake {@code /proc}: a folder {@code <pid>/task/<tid>/} per thread with a {@code stat}
 * line whose fields 40 (rt_priority) and 41 (policy) the fake setter rewrites, and a {@code comm}.
 */
class JvmPriorityTest {

  private static final long PID = 4242;

  @TempDir Path proc;

  /**
   * A fake setter: changes a task's stat unless the tid is in {@code stubborn}; can create a thread on the first bulk
   * call.
   */
  private final class FakeSetter implements JvmPriority.Setter {
    final Set<Integer> stubborn = new HashSet<>();
    final List<String> calls = new ArrayList<>();
    boolean bulkWorks = true;
    Integer vanishOnSet;

    @Override
    public String fifoAll(long pid, int priority) {
      calls.add("all " + priority);
      if (bulkWorks) {
        for (int tid : tids()) {
          if (!stubborn.contains(tid)) {
            write(tid, 1, priority);
          }
        }
      }
      return "";
    }

    @Override
    public String fifo(long pid, int tid, int priority) {
      calls.add("fifo " + tid);
      if (vanishOnSet != null && vanishOnSet == tid) {
        remove(tid);
        return "";
      }
      if (stubborn.contains(tid)) {
        return "chrt: failed to set pid " + tid + "'s policy: Operation not permitted";
      }
      write(tid, 1, priority);
      return "";
    }

    @Override
    public String other(long pid, int tid) {
      calls.add("other " + tid);
      if (stubborn.contains(tid)) {
        return "";
      }
      write(tid, 0, 0);
      return "";
    }
  }

  private void thread(int tid, String comm, int policy, int rt) {
    try {
      Files.createDirectories(dir(tid));
      Files.writeString(dir(tid).resolve("comm"), comm + "\n");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    write(tid, policy, rt);
  }

  private Path dir(int tid) {
    return proc.resolve(String.valueOf(PID)).resolve("task").resolve(String.valueOf(tid));
  }

  /**
   * A stat line as proc(5) prints it: comm in parentheses (with a space and a ')' to test the parser), fields 3..52.
   */
  private void write(int tid, int policy, int rt) {
    StringBuilder s = new StringBuilder(tid + " (C2 Compiler) T)) S");
    for (int field = 4; field <= 52; field++) {
      s.append(' ').append(field == 40 ? rt : field == 41 ? policy : field);
    }
    try {
      Files.writeString(dir(tid).resolve("stat"), s + "\n");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void remove(int tid) {
    try {
      Files.delete(dir(tid).resolve("stat"));
      Files.delete(dir(tid).resolve("comm"));
      Files.delete(dir(tid));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private List<Integer> tids() {
    if (!Files.isDirectory(proc.resolve(String.valueOf(PID)).resolve("task"))) {
      return List.of();
    }
    try (var s = Files.list(proc.resolve(String.valueOf(PID)).resolve("task"))) {
      return s.map(p -> Integer.parseInt(p.getFileName().toString())).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private JvmPriority jvm(FakeSetter setter) {
    return new JvmPriority(proc, PID, 50, setter);
  }

  @Test
  void raiseAll_everyThreadRaisable_allFifoReadBack() {
    thread(101, "java", 0, 0);
    thread(102, "kafka-producer-", 0, 0);
    thread(103, "ftl-recv", 0, 0);
    FakeSetter setter = new FakeSetter();
    JvmPriority.Pass pass = jvm(setter).raiseAll();
    assertThat(pass.ok()).isTrue();
    assertThat(pass.threads()).isEqualTo(3);
    assertThat(pass.changed()).isEqualTo(3); // all by the bulk call
    assertThat(setter.calls).containsExactly("all 50"); // nothing left for the per-thread pass
    assertThat(jvm(setter).census()).isEqualTo(Map.of("SCHED_FIFO/50", 3));
    assertThat(pass.summary("raised")).isEqualTo("3 threads, 3 raised");
  }

  @Test
  void raiseAll_bulkCallDoesNothing_raisesThreadByThread() {
    thread(101, "java", 0, 0);
    thread(102, "G1 Main Marker", 0, 0);
    FakeSetter setter = new FakeSetter();
    setter.bulkWorks = false;
    JvmPriority.Pass pass = jvm(setter).raiseAll();
    assertThat(pass.ok()).isTrue();
    assertThat(pass.changed()).isEqualTo(2);
    assertThat(setter.calls).containsExactly("all 50", "fifo 101", "fifo 102");
  }

  @Test
  void raiseAll_oneThreadRefuses_passNotOkAndNamesIt() {
    thread(101, "java", 0, 0);
    thread(102, "GC Thread#0", 0, 0);
    FakeSetter setter = new FakeSetter();
    setter.stubborn.add(102);
    JvmPriority.Pass pass = jvm(setter).raiseAll();
    assertThat(pass.ok()).isFalse();
    assertThat(pass.refused()).containsExactly(
        "102 GC Thread#0 SCHED_OTHER (chrt: failed to set pid 102's policy: Operation not permitted)");
    assertThat(pass.summary("raised")).startsWith("2 threads, 1 raised, 1 refused (102 GC Thread#0 SCHED_OTHER");
  }

  @Test
  void raiseAll_wrongRealTimePriority_isRaisedAgain() {
    thread(101, "java", 1, 10); // SCHED_FIFO but at 10, not 50
    FakeSetter setter = new FakeSetter();
    setter.bulkWorks = false;
    JvmPriority.Pass pass = jvm(setter).raiseAll();
    assertThat(pass.changed()).isEqualTo(1);
    assertThat(jvm(setter).census()).isEqualTo(Map.of("SCHED_FIFO/50", 1));
  }

  @Test
  void raiseAll_threadExitsBeforeReadBack_countedAsGoneNotRefused() {
    thread(101, "java", 0, 0);
    thread(102, "short-lived", 0, 0);
    FakeSetter setter = new FakeSetter();
    setter.bulkWorks = false;
    setter.vanishOnSet = 102;
    JvmPriority.Pass pass = jvm(setter).raiseAll();
    assertThat(pass.ok()).isTrue();
    assertThat(pass.threads()).isEqualTo(1);
  }

  @Test
  void rescan_threadCreatedAfterRaise_isRaisedAndCountedLate() {
    thread(101, "java", 0, 0);
    FakeSetter setter = new FakeSetter();
    JvmPriority jvm = jvm(setter);
    jvm.raiseAll();
    thread(105, "C2 CompilerThre", 0, 0); // a compiler thread started on demand, at the default policy
    thread(106, "ftl-send", 1, 50);        // created by a real-time thread: inherited SCHED_FIFO
    JvmPriority.Pass pass = jvm.rescan();
    assertThat(pass.ok()).isTrue();
    assertThat(pass.changed()).isEqualTo(1);
    assertThat(jvm.late()).isEqualTo(1);
    assertThat(jvm.census()).isEqualTo(Map.of("SCHED_FIFO/50", 3));
  }

  @Test
  void restoreAll_afterRaise_everyThreadBackToOther() {
    thread(101, "java", 0, 0);
    thread(102, "ftl-recv", 0, 0);
    FakeSetter setter = new FakeSetter();
    JvmPriority jvm = jvm(setter);
    jvm.raiseAll();
    thread(103, "late", 1, 50); // inherited the policy during the run
    JvmPriority.Pass pass = jvm.restoreAll();
    assertThat(pass.ok()).isTrue();
    assertThat(pass.changed()).isEqualTo(3);
    assertThat(jvm.notDefault()).isEmpty();
    assertThat(jvm.census()).isEqualTo(Map.of("SCHED_OTHER", 3));
  }

  @Test
  void restoreAll_threadStaysRealTime_isReportedRefused() {
    thread(101, "java", 1, 50);
    FakeSetter setter = new FakeSetter();
    setter.stubborn.add(101);
    JvmPriority jvm = jvm(setter);
    JvmPriority.Pass pass = jvm.restoreAll();
    assertThat(pass.ok()).isFalse();
    assertThat(pass.refused()).containsExactly("101 java SCHED_FIFO/50");
    assertThat(jvm.notDefault()).containsExactly("101 java SCHED_FIFO/50");
  }

  @Test
  void restoreAll_nothingRaised_changesNothing() {
    thread(101, "java", 0, 0);
    FakeSetter setter = new FakeSetter();
    JvmPriority.Pass pass = jvm(setter).restoreAll();
    assertThat(pass.changed()).isZero();
    assertThat(setter.calls).isEmpty();
  }

  @Test
  void raiseAll_processGone_noThreadsAndOk() {
    JvmPriority.Pass pass = jvm(new FakeSetter()).raiseAll();
    assertThat(pass.threads()).isZero();
    assertThat(pass.ok()).isTrue();
  }

  @Test
  void constructor_priorityOutOfRange_isRejected() {
    assertThatThrownBy(() -> new JvmPriority(proc, PID, 0, new FakeSetter()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1..99");
  }

  @Test
  void rtThrottling_realProc_readsTheWholeValue() {
    String[] rt = JvmPriority.rtThrottling(Path.of("/proc"));
    Assumptions.assumeTrue(Files.exists(Path.of("/proc/sys/kernel/sched_rt_period_us")));
    assertThat(rt[1]).matches("[0-9]{4,}"); // e.g. 1000000, never the first byte alone
  }

  @Test
  void rtThrottling_readsRuntimeAndPeriod_emptyWhenMissing() throws IOException {
    assertThat(JvmPriority.rtThrottling(proc)).containsExactly("", "");
    Files.createDirectories(proc.resolve("sys/kernel"));
    Files.writeString(proc.resolve("sys/kernel/sched_rt_runtime_us"), "950000\n");
    Files.writeString(proc.resolve("sys/kernel/sched_rt_period_us"), "1000000\n");
    assertThat(JvmPriority.rtThrottling(proc)).containsExactly("950000", "1000000");
  }
}
