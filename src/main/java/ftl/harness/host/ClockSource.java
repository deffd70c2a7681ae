package ftl.harness.host;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * The kernel's clock source, the clock behind {@code System.nanoTime} and every stamp of a run: read from, and switched
 * through, {@code /sys/devices/system/clocksource/clocksource0/} ({@code current_clocksource},
 * {@code available_clocksource}). A plan may set it per block (issue #44); the runner applies it before the block's
 * broker starts, reads it back, refuses where it is not offered or cannot be written (never measuring under the wrong
 * one), and restores the original at the end. Tests stand a scratch folder in for the sysfs folder.
 *
 * @param root the folder holding {@code current_clocksource} and {@code available_clocksource}
 */
public record ClockSource(Path root) {
  /** The machine's own. */
  public static final ClockSource SYSTEM = new ClockSource(Path.of("/sys/devices/system/clocksource/clocksource0"));
  /** The word of a clock source that could not be read. */
  public static final String UNKNOWN = "unknown";

  public ClockSource {
    Objects.requireNonNull(root, "root");
  }

  /** A clock source the host refused: not offered, not writable, or read back as another. */
  public static final class Refused extends RuntimeException {
    public Refused(String message) { super(message); }
  }

  /** The clock source in use, or {@link #UNKNOWN}. */
  public String current() {
    String s = ProcFs.read(root.resolve("current_clocksource"));
    return s == null || s.isBlank() ? UNKNOWN : s.strip();
  }

  /** The clock sources the kernel offers, in its order (empty when unreadable). */
  public List<String> available() {
    String s = ProcFs.read(root.resolve("available_clocksource"));
    return s == null || s.isBlank() ? List.of() : List.of(s.strip().split("\\s+"));
  }

  /**
   * Makes {@code wanted} the clock source in use and reads it back.
   *
   * @return the clock source in use before
   * @throws Refused when {@code wanted} is not offered, the file cannot be written, or it reads back as another
   */
  public String apply(String wanted) {
    String before = current();
    if (before.equals(wanted)) {
      return before;
    }
    List<String> offered = available();
    if (!offered.contains(wanted)) {
      throw new Refused("clock source " + wanted + " is not offered by this kernel ("
          + root.resolve("available_clocksource")
          + ": " + (offered.isEmpty() ? "unreadable" : String.join(" ", offered)) + "; in use: " + before + ")");
    }
    try {
      Files.writeString(root.resolve("current_clocksource"), wanted + "\n", StandardCharsets.US_ASCII);
    } catch (IOException | SecurityException e) {
      throw new Refused("clock source " + wanted + " could not be set: " + root.resolve("current_clocksource") + ": "
          + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()) + " (root is needed)");
    }
    String now = current();
    if (!now.equals(wanted)) {
      throw new Refused("clock source " + wanted + " was written but " + root.resolve("current_clocksource")
          + " reads back " + now);
    }
    return before;
  }
}
