package ftl.harness.campaign;

import ftl.data.ledger.LedgerSchema;
import ftl.data.ledger.RunStatus;
import ftl.harness.host.ClockSource;
import ftl.harness.run.FinishedRun;
import ftl.harness.run.RunVerdict;
import java.io.IOException;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The campaign's clock source, switched per block as the plan says ({@code clocksource}, issue #44) and restored: the
 * first switch remembers the clock source the host had, and {@link #restore} (at the end of the campaign, and from the
 * shutdown hook on SIGINT and SIGTERM) puts it back. A clock source the host does not offer, or that cannot be written
 * or does not read back, stops the campaign before the block's first run ({@link CampaignRunner.InstrumentException},
 * exit 5): no run is measured under another clock than its plan's. A {@code kill -9} runs no hook: before the first
 * switch a {@link ClockRestorer} is started, which puts the original back when this process dies without restoring it
 * (issue 58).
 */
final class ClockSwitch {
  private final ClockSource source;
  private final PrintStream err;
  private final long runnerPid;
  private String original;
  private ClockRestorer restorer;

  ClockSwitch(ClockSource source, PrintStream err) {
    this(source, err, ProcessHandle.current().pid());
  }

  /** A switch whose restorer watches process {@code runnerPid} (this process, but in tests). */
  ClockSwitch(ClockSource source, PrintStream err, long runnerPid) {
    this.source = source;
    this.err = err;
    this.runnerPid = runnerPid;
  }

  /** The clock source in use. */
  String current() {
    return source.current();
  }

  /**
   * Switches to {@code wanted} and reads it back.
   *
   * @throws CampaignRunner.InstrumentException when the host refuses it
   */
  synchronized void apply(String wanted) {
    if (original == null && !wanted.equals(source.current())) {
      // the restorer first: a kill -9 at any instant after the switch finds it already watching
      String host = source.current();
      if (!host.equals(ClockSource.UNKNOWN)) {
        try {
          restorer = ClockRestorer.start(runnerPid, source.root().resolve("current_clocksource"), host);
        } catch (IOException e) {
          throw new CampaignRunner.InstrumentException("refusing to switch the clock source to " + wanted
              + ": the process that restores it if this runner is killed could not be started (" + e.getMessage()
              + ")", e);
        }
      }
    }
    try {
      String before = source.apply(wanted);
      if (original == null) {
        original = before;
      }
      err.println("ftl: clock source " + wanted + " (was " + before + ")");
    } catch (ClockSource.Refused e) {
      if (original == null) {
        stopRestorer(); // nothing was switched
      }
      throw new CampaignRunner.InstrumentException(e.getMessage(), e);
    }
  }

  /** The restorer's process while one watches this runner (for tests). */
  synchronized Optional<Process> restorerProcess() {
    return Optional.ofNullable(restorer).map(ClockRestorer::process);
  }

  private void stopRestorer() {
    if (restorer != null) {
      restorer.stop();
      restorer = null;
    }
  }

  /** Puts back the clock source the host had before the first switch; nothing when none was made. */
  synchronized void restore() {
    if (original == null || original.equals(ClockSource.UNKNOWN) || original.equals(source.current())) {
      stopRestorer();
      return;
    }
    try {
      source.apply(original);
      err.println("ftl: clock source restored to " + original);
      stopRestorer();
    } catch (ClockSource.Refused e) {
      // the restorer stays: it tries again when this process is gone
      err.println("ftl: could not restore the clock source " + original + ": " + e.getMessage());
    }
  }

  /**
   * The run with its {@code clocksource} read from the clock source this switch controls, at the run's end (the run's
   * own host counters read the host's sysfs, {@link ClockSource#SYSTEM}; a campaign driven against another one, as the
   * tests drive it against a scratch folder, would otherwise judge its runs on a clock it never switched).
   */
  FinishedRun recorded(FinishedRun o) {
    Map<String, String> cells = new LinkedHashMap<>(o.cells());
    cells.put(LedgerSchema.CLOCKSOURCE.name(), source.current());
    return o.withCells(cells);
  }

  /**
   * The run as measured, or aborted when the clock source it recorded ({@code clocksource}, read at its end) is not
   * the one its block planned: the kernel may leave a clock source on its own (its watchdog marks a TSC unstable), and
   * such a run's stamps were not all taken on the planned clock.
   */
  static FinishedRun heldOrAborted(FinishedRun o, String planned) {
    String recorded = o.cells().getOrDefault(LedgerSchema.CLOCKSOURCE.name(), "");
    if (planned.isEmpty() || planned.equals(recorded) || o.status() != RunStatus.OK) {
      return o;
    }
    return o.withVerdict(new RunVerdict(RunStatus.ABORTED,
        "clock source " + recorded + " at the run's end, not the planned " + planned));
  }
}
