package ftl.harness.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.ledger.LedgerSchema;
import ftl.data.ledger.RunStatus;
import ftl.harness.host.ClockSource;
import ftl.harness.run.FinishedRun;
import ftl.harness.run.GuardTally;
import ftl.harness.run.PacingLag;
import ftl.harness.run.RunDriver;
import ftl.harness.run.RunVerdict;
import ftl.harness.run.StampBook;
import ftl.harness.run.StampingThread;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The campaign's clock source per block (issue #44), on a scratch folder standing in for sysfs. */
class ClockSwitchTest {
  @TempDir Path sysfs;

  private ClockSwitch clock(String current, String offered) throws IOException {
    Files.writeString(sysfs.resolve("current_clocksource"), current + "\n");
    Files.writeString(sysfs.resolve("available_clocksource"), offered + "\n");
    return new ClockSwitch(new ClockSource(sysfs),
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
  }

  @Test
  void apply_thenRestore_putsBackTheHostsOwn() throws IOException {
    ClockSwitch c = clock("kvm-clock", "kvm-clock tsc");
    c.apply("tsc");
    assertThat(c.current()).isEqualTo("tsc");
    c.apply("kvm-clock");
    c.apply("tsc");
    c.restore();
    assertThat(c.current()).isEqualTo("kvm-clock");
  }

  @Test
  void restore_noSwitchMade_touchesNothing() throws IOException {
    ClockSwitch c = clock("tsc", "tsc kvm-clock");
    Files.writeString(sysfs.resolve("current_clocksource"), "kvm-clock\n"); // someone else switched: not ours to undo
    c.restore();
    assertThat(c.current()).isEqualTo("kvm-clock");
  }

  @Test
  void apply_notOffered_stopsTheCampaignWithExit5sException() throws IOException {
    ClockSwitch c = clock("kvm-clock", "kvm-clock");
    assertThatThrownBy(() -> c.apply("tsc")).isInstanceOf(CampaignRunner.InstrumentException.class)
        .hasMessageContaining("clock source tsc is not offered by this kernel");
    assertThat(c.current()).isEqualTo("kvm-clock");
  }

  private static FinishedRun outcome(RunStatus status, String clocksource) {
    StampBook book = new StampBook(0, 1, () -> 0L, () -> 0L);
    return new FinishedRun(new RunVerdict(status, ""), RunVerdict.Events.none(), RunVerdict.Counts.of(book), book,
        new RunDriver.StampingThreads(StampingThread.unknown("ack"), StampingThread.unknown("receive")),
        GuardTally.of(book),
        PacingLag.of(book), Instant.EPOCH, 0, Map.of(LedgerSchema.CLOCKSOURCE.name(), clocksource));
  }

  /**
   * Regression (carried over from issue #44's review): the run's host counters read the host's own sysfs, while the
   * runner switches the clock source it was given; the runner now records the one it switched, so a campaign driven
   * against a scratch sysfs is not aborted as "not the planned clock".
   */
  @Test
  void recorded_runReadTheHostsClock_takesTheSwitchedOne() throws IOException {
    ClockSwitch c = clock("kvm-clock", "kvm-clock tsc");
    c.apply("tsc");
    FinishedRun o = c.recorded(outcome(RunStatus.OK, "hpet"));
    assertThat(o.cells()).containsEntry(LedgerSchema.CLOCKSOURCE.name(), "tsc");
    assertThat(ClockSwitch.heldOrAborted(o, "tsc").status()).isEqualTo(RunStatus.OK);
    assertThat(o.status()).isEqualTo(RunStatus.OK);
  }

  @Test
  void heldOrAborted_recordedClockIsNotThePlanned_abortsTheRun() {
    FinishedRun o = ClockSwitch.heldOrAborted(outcome(RunStatus.OK, "hpet"), "tsc");
    assertThat(o.status()).isEqualTo(RunStatus.ABORTED);
    assertThat(o.reason()).isEqualTo("clock source hpet at the run's end, not the planned tsc");
    assertThat(ClockSwitch.heldOrAborted(outcome(RunStatus.OK, "tsc"), "tsc").status()).isEqualTo(RunStatus.OK);
    assertThat(ClockSwitch.heldOrAborted(outcome(RunStatus.OK, "hpet"), "").status()).isEqualTo(RunStatus.OK);
    assertThat(ClockSwitch.heldOrAborted(outcome(RunStatus.FAILED, "hpet"), "tsc").status())
        .isEqualTo(RunStatus.FAILED);
  }
}
