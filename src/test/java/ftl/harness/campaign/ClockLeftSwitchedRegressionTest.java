package ftl.harness.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.harness.host.ClockSource;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 58, case 8 (the host left changed): {@code kill -9} of the runner after it switched the clock source left the
 * host on the switched one; SIGINT, SIGTERM and a normal end restored it, but a SIGKILL runs no hook. Now a
 * {@link ClockRestorer} started before the first switch outlives the runner and puts the original back. A scratch
 * folder stands in for sysfs (the host's clock source is never touched), and a {@code sleep} process stands in for the
 * runner that is killed.
 */
class ClockLeftSwitchedRegressionTest {
  @TempDir Path sysfs;

  private ClockSwitch clock(long runnerPid) throws Exception {
    Files.writeString(sysfs.resolve("current_clocksource"), "kvm-clock\n");
    Files.writeString(sysfs.resolve("available_clocksource"), "kvm-clock tsc\n");
    return new ClockSwitch(new ClockSource(sysfs), new PrintStream(new ByteArrayOutputStream(), true,
        StandardCharsets.UTF_8), runnerPid);
  }

  @Test
  @Timeout(60)
  void runnerKilledAfterTheSwitch_restorerPutsTheOriginalBack() throws Exception {
    Process runner = new ProcessBuilder("sleep", "600").start();
    ClockSwitch c = clock(runner.pid());
    c.apply("tsc");
    assertThat(c.current()).isEqualTo("tsc");
    Process restorer = c.restorerProcess().orElseThrow();

    runner.destroyForcibly(); // SIGKILL: no hook runs
    runner.onExit().get(10, TimeUnit.SECONDS);
    restorer.onExit().get(20, TimeUnit.SECONDS);

    assertThat(Files.readString(sysfs.resolve("current_clocksource"))).isEqualTo("kvm-clock\n");
  }

  @Test
  @Timeout(60)
  void restoredByTheRunner_restorerStoppedWithoutWriting() throws Exception {
    Process runner = new ProcessBuilder("sleep", "600").start();
    try {
      ClockSwitch c = clock(runner.pid());
      c.apply("tsc");
      Process restorer = c.restorerProcess().orElseThrow();
      c.restore();
      restorer.onExit().get(10, TimeUnit.SECONDS);
      assertThat(restorer.exitValue()).as("stopped by a signal, not run to its write").isEqualTo(143);
      assertThat(c.restorerProcess()).isEmpty();
      assertThat(c.current()).isEqualTo("kvm-clock");
    } finally {
      runner.destroyForcibly();
    }
  }

  @Test
  void applyRefused_noRestorerLeft() throws Exception {
    ClockSwitch c = clock(ProcessHandle.current().pid());
    try {
      c.apply("hpet");
    } catch (CampaignRunner.InstrumentException expected) {
      // not offered
    }
    assertThat(c.restorerProcess()).isEmpty();
  }
}
