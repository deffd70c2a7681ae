package ftl.harness.wire;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A packet capture of one run on the loopback device: {@code tcpdump -i lo --time-stamp-precision=nano -s 0 -w FILE}
 * filtered to the brokers' client ports, so it holds the produce and fetch conversations of the instrument's clients
 * and the followers' fetches (the controllers' ports are left out). It is started before the run's clients connect and
 * stopped after they close.
 *
 * <p>tcpdump runs under a small shell watchdog that stops it within a fifth of a second of this JVM disappearing, so a
 * runner killed with {@code kill -9} leaves no capture behind (the watchdog itself polls the runner's pid, as
 * {@link ftl.harness.host.ParentWatch} does for the brokers). A capture that cannot start (tcpdump missing, no
 * permission, no device) fails before the run's first send with tcpdump's own message.
 */
public final class WireCapture implements AutoCloseable {
  /** The capture is up once tcpdump has said this on stderr. */
  static final String LISTENING = "listening on";
  /** Longest wait for tcpdump to start listening. */
  static final long START_TIMEOUT_MILLIS = 10_000;
  /**
   * Wait before stopping: libpcap's TPACKET_V3 ring hands packets to tcpdump a block at a time, a block retiring when
   * it is full or its timeout (tcpdump's 1,000 ms) runs out, and tcpdump stopped by a signal does not read a block that
   * has not retired: without this wait the last second of a run is lost (seen: the last three produce responses of a
   * run).
   */
  static final long DRAIN_MILLIS = 2_000;
  private static final Pattern DROPPED = Pattern.compile("(\\d+) packets dropped by kernel");

  /** Thrown when the capture cannot start or stop; its message is tcpdump's own. */
  public static final class CaptureFailed extends RuntimeException {
    private static final long serialVersionUID = 1L;

    CaptureFailed(String message) {
      super(message);
    }
  }

  private final Process process;
  private final Path file;
  private final Path log;
  private boolean stopped;

  private WireCapture(Process process, Path file, Path log) {
    this.process = process;
    this.file = file;
    this.log = log;
  }

  /** The BPF filter of a capture of {@code ports}: TCP to or from any of them. */
  static String filter(List<Integer> ports) {
    if (ports.isEmpty()) {
      throw new IllegalArgumentException("a capture needs at least one broker port");
    }
    List<String> parts = new ArrayList<>();
    for (int p : ports) {
      parts.add("port " + p);
    }
    return "tcp and (" + String.join(" or ", parts) + ")";
  }

  /** The watchdog's shell script: tcpdump in the background, stopped when the runner {@code parentPid} is gone. */
  static List<String> command(String tcpdump, Path file, List<Integer> ports, long parentPid) {
    String script = "\"$0\" -i lo -nn -s 0 -B 65536 --time-stamp-precision=nano -U -w \"$1\" \"$2\" & t=$!; "
        + "trap 'kill -TERM $t 2>/dev/null; wait $t; exit 0' TERM INT; "
        + "while kill -0 " + parentPid + " 2>/dev/null && kill -0 $t 2>/dev/null; do sleep 0.2; done; "
        + "kill -TERM $t 2>/dev/null; wait $t";
    return List.of("sh", "-c", script, tcpdump, file.toString(), filter(ports));
  }

  /**
   * Starts a capture into {@code file} (its log beside it, {@code <file>.log}) and waits until tcpdump listens.
   *
   * @throws CaptureFailed with tcpdump's own message when it does not listen within {@value #START_TIMEOUT_MILLIS} ms
   */
  public static WireCapture start(Path file, List<Integer> ports) throws IOException {
    String tcpdump = locate();
    Path abs = file.toAbsolutePath();
    Path dir = abs.getParent();
    if (dir == null) {
      throw new CaptureFailed("the capture cannot start: " + file + " is not a file in a folder");
    }
    Files.createDirectories(dir);
    Path log = dir.resolve(abs.getFileName() + ".log");
    Files.deleteIfExists(file);
    Process p = new ProcessBuilder(command(tcpdump, file, ports, ProcessHandle.current().pid()))
        .redirectErrorStream(true).redirectOutput(log.toFile()).start();
    WireCapture c = new WireCapture(p, file, log);
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(START_TIMEOUT_MILLIS);
    while (System.nanoTime() < deadline) {
      String said = c.said();
      if (said.contains(LISTENING)) {
        return c;
      }
      if (!p.isAlive()) {
        throw new CaptureFailed("the capture did not start: "
            + firstLine(said, "tcpdump exited with " + p.exitValue()));
      }
      sleep(20);
    }
    c.kill();
    throw new CaptureFailed("the capture did not start within " + START_TIMEOUT_MILLIS / 1000 + " s: "
        + firstLine(c.said(), "tcpdump said nothing"));
  }

  /** tcpdump's path: {@code /usr/bin/tcpdump} or {@code /usr/sbin/tcpdump}, else a clear refusal. */
  static String locate() {
    for (String p : List.of("/usr/bin/tcpdump", "/usr/sbin/tcpdump")) {
      if (Files.isExecutable(Path.of(p))) {
        return p;
      }
    }
    throw new CaptureFailed("the capture cannot start: tcpdump is not installed (Debian: apt-get install tcpdump)");
  }

  /** The capture file. */
  public Path file() { return file; }

  /** The process id of the watchdog shell (tcpdump is its child). */
  public long pid() { return process.pid(); }

  /**
   * Stops the capture (SIGTERM; tcpdump flushes its file and prints its counts) and returns the packets the kernel
   * dropped, as tcpdump reports them (-1 when it did not say).
   */
  public long stop() {
    if (stopped) {
      return droppedIn(said());
    }
    stopped = true;
    sleep(DRAIN_MILLIS);
    process.destroy();
    try {
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        kill();
        throw new CaptureFailed("the capture did not stop within 10 s; killed");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      kill();
    }
    return droppedIn(said());
  }

  private void kill() {
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
  }

  /** Packets dropped by the kernel, from tcpdump's closing counts; -1 when it did not say. */
  static long droppedIn(String said) {
    Matcher m = DROPPED.matcher(said);
    return m.find() ? Long.parseLong(m.group(1)) : -1;
  }

  private String said() {
    try {
      return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
    } catch (IOException e) {
      return "";
    }
  }

  private static String firstLine(String s, String otherwise) {
    for (String line : s.split("\n")) {
      if (!line.isBlank() && !line.contains(LISTENING)) {
        return line.strip();
      }
    }
    return otherwise;
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public void close() {
    if (!stopped) {
      stop();
    }
  }
}
