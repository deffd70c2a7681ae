package ftl.harness.campaign;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * A process that outlives the runner to put the host's clock source back (issue 58: {@code kill -9} of the runner after
 * it switched the clock source left the host on the switched one; SIGINT, SIGTERM and a normal end ran the restore). It
 * is started before the first switch, in a session of its own (so a Ctrl-C to the runner's terminal does not reach it),
 * and polls every second that the runner lives ({@code /proc/<pid>/stat}, a zombie counting as dead); when the runner
 * is gone, it writes the original clock source back into {@code current_clocksource} unless it is already in use. The
 * runner stops it once it has restored the clock source itself ({@link #stop}), so it never writes after a normal end.
 */
final class ClockRestorer implements AutoCloseable {

  /** The restorer ({@code sh -c SCRIPT ftl-clock-restore <pid> <current_clocksource file> <original>}). */
  static final String SCRIPT = String.join("\n",
      "pid=$1; file=$2; original=$3",
      "alive() { s=$(cut -d' ' -f3 \"/proc/$1/stat\" 2>/dev/null); [ -n \"$s\" ] && [ \"$s\" != Z ]; }",
      "trap '' INT HUP",
      "while alive \"$pid\"; do sleep 1; done",
      "now=$(cat \"$file\" 2>/dev/null)",
      "[ \"$now\" = \"$original\" ] || printf '%s\\n' \"$original\" > \"$file\"");

  private final Process process;

  private ClockRestorer(Process process) {
    this.process = process;
  }

  /**
   * Starts a restorer that puts {@code original} back into {@code currentFile} once the process {@code runnerPid} is
   * gone.
   *
   * @throws IOException when it cannot be started (the caller then refuses to switch)
   */
  static ClockRestorer start(long runnerPid, Path currentFile, String original) throws IOException {
    ProcessBuilder pb = new ProcessBuilder(List.of("setsid", "/bin/sh", "-c", SCRIPT, "ftl-clock-restore",
        String.valueOf(runnerPid), currentFile.toAbsolutePath().toString(), original))
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectErrorStream(true);
    return new ClockRestorer(pb.start());
  }

  /** The restorer's process (for tests: its exit). */
  Process process() {
    return process;
  }

  /**
   * Stops the restorer without its writing anything: the runner has restored the clock source, or never switched it.
   */
  void stop() {
    process.destroy();
  }

  @Override
  public void close() {
    stop();
  }
}
