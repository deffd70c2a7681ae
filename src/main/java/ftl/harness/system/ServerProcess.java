package ftl.harness.system;

import ftl.harness.LogLines;
import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;

/**
 * A server binary run as a child process of this JVM (RabbitMQ, NATS, RabbitMQ's own {@code epmd}): started with its
 * own environment, its output appended to a console log in its scratch folder, ready once its {@link Probe} says so,
 * and stopped with its whole process tree — SIGTERM to the root, a grace period, then SIGKILL to the root and to
 * every descendant seen before the root was signalled (children re-parented to init are no longer descendants, so
 * they are listed first). A JVM shutdown hook stops it too. {@code kill -9} of this JVM runs no hook, so the server is
 * started under a watchdog ({@link #WATCHDOG}, issue #43): a shell that runs it in a process group of its own and,
 * within half a second of this JVM's death, sends the whole group SIGTERM, then SIGKILL five seconds later. The process
 * this class holds is that shell; the server and everything it starts are its descendants and its group.
 *
 * <p>A start that fails — the process exits, or the probe does not succeed in time — throws a
 * {@link ServerStartException} carrying the last lines of the logs named at start, after killing what was started.
 */
public final class ServerProcess implements AutoCloseable {

  /** Whether the server serves yet; called every {@link #PROBE_PERIOD_MILLIS} ms until it returns true. */
  @FunctionalInterface
  public interface Probe {
    boolean ready() throws IOException;
  }

  static final long PROBE_PERIOD_MILLIS = 100;
  /**
   * How long a server must stay alive after its probe first answers: longer than the watchdog's poll (0.5 s,
   * {@link #WATCHDOG}), so a server that died at once is seen dead (its watchdog shell exits within one poll).
   */
  static final long CONFIRM_MILLIS = 750;

  /**
   * The watchdog shell ({@code sh -c WATCHDOG ftl-watch <jvm-pid> <GROUP_GUARD> <command...>}): starts the command with
   * {@code setsid} (its own session and process group, whose id is its pid) under {@link #GROUP_GUARD}, then polls
   * every half second that both this JVM and the server live (a zombie counts as dead: {@code /proc/<pid>/stat}'s
   * state); when the JVM is gone it stops the server's whole group (SIGTERM, up to five seconds, SIGKILL), and a
   * SIGTERM to the shell itself does the same. It exits with the server's status.
   */
  static final String WATCHDOG = String.join("\n",
      "parent=$1; guard=$2; shift 2",
      "setsid /bin/sh -c \"$guard\" ftl-guard \"$$\" \"$@\" &",
      "child=$!",
      "alive() { s=$(cut -d' ' -f3 \"/proc/$1/stat\" 2>/dev/null); [ -n \"$s\" ] && [ \"$s\" != Z ]; }",
      "stop() { kill -TERM \"-$child\" 2>/dev/null; i=0; while [ $i -lt 20 ] && alive \"$child\"; do sleep 0.25; "
          + "i=$((i+1)); done; kill -KILL \"-$child\" 2>/dev/null; }",
      "trap 'stop' TERM INT HUP",
      "while alive \"$parent\" && alive \"$child\"; do sleep 0.5; done",
      "if alive \"$child\"; then stop; fi",
      "wait \"$child\"",
      "exit $?");

  /**
   * The guard inside the server's own group ({@code sh -c GROUP_GUARD ftl-guard <watchdog-pid> <command...>}, run by
   * the watchdog under {@code setsid}, so its pid is the group's id): it leaves behind a watcher in the group (forked
   * twice, so it is no child of the server) and then becomes the server ({@code exec}). The watcher polls every half
   * second that the watchdog and the server live; when the watchdog is gone while the server runs (issue 58: a SIGKILL
   * of the watchdog shell left nats-server running after ftl exited), it stops the whole group, SIGTERM then SIGKILL
   * five seconds later, ignoring the SIGTERM itself. It exits when the server does.
   */
  static final String GROUP_GUARD = String.join("\n",
      "guard=$1; shift",
      "leader=$$",
      "alive() { s=$(cut -d' ' -f3 \"/proc/$1/stat\" 2>/dev/null); [ -n \"$s\" ] && [ \"$s\" != Z ]; }",
      "( ( trap '' TERM INT HUP",
      "    while alive \"$guard\" && alive \"$leader\"; do sleep 0.5; done",
      "    if alive \"$leader\"; then kill -TERM 0; i=0; while [ $i -lt 20 ] && alive \"$leader\"; do sleep 0.25; "
          + "i=$((i+1)); done; kill -KILL 0; fi ) </dev/null >/dev/null 2>&1 & )",
      "exec \"$@\"");

  /** The command as the watchdog shell runs it, for this JVM. */
  static List<String> watched(List<String> command) {
    List<String> out = new ArrayList<>(List.of("/bin/sh", "-c", WATCHDOG, "ftl-watch",
        String.valueOf(ProcessHandle.current().pid()),
        GROUP_GUARD));
    out.addAll(command);
    return out;
  }
  /** Lines of the logs a start failure carries. */
  static final int TAIL_LINES = 12;

  private final String name;
  private final Process process;
  private final List<Path> logs;
  private final long graceMillis;
  private final Thread hook;

  private ServerProcess(String name, Process process, List<Path> logs, long graceMillis) {
    this.name = name;
    this.process = process;
    this.logs = List.copyOf(logs);
    this.graceMillis = graceMillis;
    this.hook = new Thread(this::stop, "ftl-stop-" + name);
  }

  /**
   * What a server process is started as.
   *
   * @param name what the messages call it ({@code rabbitmq-server})
   * @param command the program and its arguments
   * @param environment added to this JVM's (keys mapped to null are removed)
   * @param dir the working folder
   * @param console where stdout and stderr are appended
   * @param logs the logs whose last lines a failure carries, {@code console} first
   */
  public record Launch(String name, List<String> command, Map<String, String> environment, Path dir, Path console,
                       List<Path> logs) {
    public Launch {
      command = List.copyOf(command);
      environment = Collections.unmodifiableMap(new LinkedHashMap<>(environment)); // a null value removes a variable
      logs = List.copyOf(logs);
    }
  }

  /**
   * Starts {@code launch}'s command in its folder with its environment, stdout and stderr appended to its console,
   * and waits until {@code probe} says it serves.
   *
   * @param readyTimeoutMillis longest wait for the probe
   * @param graceMillis wait after SIGTERM before SIGKILL when stopping
   * @throws ServerStartException the process exited, could not be run, or did not serve in time (killed then)
   */
  public static ServerProcess start(Launch launch, Probe probe, long readyTimeoutMillis, long graceMillis)
      throws ServerStartException {
    String name = launch.name();
    List<String> command = launch.command();
    Map<String, String> environment = launch.environment();
    Path dir = launch.dir();
    Path console = launch.console();
    List<Path> logs = launch.logs();
    List<Path> tails = new ArrayList<>();
    tails.add(console);
    for (Path l : logs) {
      if (!l.equals(console)) {
        tails.add(l);
      }
    }
    Process p;
    try {
      if (!runnable(command.get(0))) {
        throw new IOException("Cannot run program \"" + command.get(0) + "\": no such executable file");
      }
      Path consoleDir = console.toAbsolutePath().getParent();
      if (consoleDir != null) {
        Files.createDirectories(consoleDir);
      }
      ProcessBuilder pb = new ProcessBuilder(watched(command)).directory(dir.toFile()).redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.appendTo(console.toFile()))
          .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
      environment.forEach((k, v) -> {
        if (v == null) {
          pb.environment().remove(k);
        } else {
          pb.environment().put(k, v);
        }
      });
      p = pb.start();
    } catch (IOException e) {
      throw new ServerStartException(name + " could not be run (" + command.get(0) + "): " + e.getMessage(),
          tail(tails));
    }
    ServerProcess s = new ServerProcess(name, p, tails, graceMillis);
    Runtime.getRuntime().addShutdownHook(s.hook);
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(readyTimeoutMillis);
    try {
      while (true) {
        if (!p.isAlive()) {
          throw new ServerStartException(name + " exited during start-up (exit " + p.exitValue() + ")", causes(tails),
              tail(tails));
        }
        boolean ready;
        try {
          ready = probe.ready();
        } catch (IOException notYet) {
          ready = false;
        }
        if (ready) {
          // another process on the port can answer the probe while ours dies of "address already in use" (issue 43):
          // ours is taken as serving only when it is still alive a watchdog period later, else its log says why
          Thread.sleep(CONFIRM_MILLIS);
          if (!p.isAlive()) {
            throw new ServerStartException(name + " exited during start-up (exit " + p.exitValue() + ")",
                causes(tails), tail(tails));
          }
          return s;
        }
        if (System.nanoTime() > deadline) {
          throw new ServerStartException(name + " did not serve within " + readyTimeoutMillis / 1000 + " s",
              causes(tails),
              tail(tails));
        }
        Thread.sleep(PROBE_PERIOD_MILLIS);
      }
    } catch (ServerStartException e) {
      s.close();
      throw e;
    } catch (InterruptedException e) {
      s.close();
      Thread.currentThread().interrupt();
      throw new ServerStartException(name + ": interrupted while waiting for it to serve", tail(tails));
    } catch (RuntimeException e) {
      s.close();
      throw e;
    }
  }

  /**
   * Whether {@code program} names an executable file: a path as given, or a bare name found on {@code PATH} (the
   * watchdog shell would start anyway, and only its child fail; the failure to run is reported as such here).
   */
  static boolean runnable(String program) {
    if (program.contains("/")) {
      return Files.isRegularFile(Path.of(program)) && Files.isExecutable(Path.of(program));
    }
    String path = System.getenv("PATH");
    for (String d : (path == null ? "" : path).split(":")) {
      if (!d.isEmpty() && Files.isRegularFile(Path.of(d, program)) && Files.isExecutable(Path.of(d, program))) {
        return true;
      }
    }
    return false;
  }

  /** Probe: a TCP connection to {@code 127.0.0.1:port} is accepted. */
  public static Probe accepts(int port) {
    return () -> {
      try (Socket sock = new Socket()) {
        sock.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 500);
        return true;
      }
    };
  }

  /** A free TCP port on the loopback address (free when asked: the server binds it a moment later). */
  public static int freePort() throws IOException {
    try (ServerSocket sock = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      sock.setReuseAddress(true);
      return sock.getLocalPort();
    }
  }

  /** Distinct free ports. */
  /** Starts of a server whose port another process took first ({@link #portTaken}), before the failure is final. */
  static final int PORT_ATTEMPTS = 3;

  /** A start of a server on freshly chosen free ports. */
  @FunctionalInterface
  interface Start<T> {
    T start() throws IOException;
  }

  /**
   * Runs {@code start}, and again (up to {@link #PORT_ATTEMPTS} in all) while it fails because another process held
   * one of the ports it chose ({@link #portTaken}): a port found free ({@link #freePorts}) is only free until the
   * server binds it, and a client's ephemeral port may take it meanwhile. Any other failure is final at once.
   */
  static <T> T onFreshPorts(Start<T> start) throws IOException {
    for (int attempt = 1; ; attempt++) {
      try {
        return start.start();
      } catch (ServerStartException e) {
        if (attempt >= PORT_ATTEMPTS || !portTaken(e.getMessage())) {
          throw e;
        }
      }
    }
  }

  /**
   * Whether a failed start says another process held one of the server's ports: Erlang's
   * {@code dist_port_already_used} (RabbitMQ's distribution port) or {@code eaddrinuse}, or a bind's "address already
   * in use" (nats-server, as Go words it).
   */
  static boolean portTaken(String message) {
    return message != null && (message.contains("dist_port_already_used") || message.contains("eaddrinuse")
        || message.contains("address already in use"));
  }

  public static int[] freePorts(int n) throws IOException {
    int[] out = new int[n];
    for (int i = 0; i < n; i++) {
      int p;
      boolean again;
      do {
        p = freePort();
        again = false;
        for (int j = 0; j < i; j++) {
          again |= out[j] == p;
        }
      } while (again);
      out[i] = p;
    }
    return out;
  }

  /** The watchdog shell's pid ({@link #WATCHDOG}), whose tree is the server's. */
  public long pid() { return process.pid(); }

  /**
   * The server's own pid: the watchdog's child that leads its own process group (started under {@code setsid}, it
   * became the server by {@code exec}); the watchdog's pid when it cannot be told (issue #54: {@code ftl broker
   * --system nats} printed the watchdog's pid as the server's).
   */
  public long serverPid() {
    return process.children().mapToLong(ProcessHandle::pid).filter(c -> ftl.harness.host.ProcFs.processGroup(c) == c)
        .findFirst().orElse(process.pid());
  }

  public boolean alive() { return process.isAlive(); }

  /** Exit code, or -1 while it runs. */
  public int exitCode() { return process.isAlive() ? -1 : process.exitValue(); }

  /** The last lines of its logs (console first), for a message. */
  public List<String> logTail() { return tail(logs); }

  /** Connects a client to a server; the step a system takes once its server is up. */
  @FunctionalInterface
  interface Connect<T> {
    T connect() throws IOException;
  }

  /**
   * {@code connect} to a server this system has just started, the server stopped again ({@code stop}) when connecting
   * fails, so a failed start leaves no server running: the start shared by every system that starts its own server.
   */
  static <T> T connectedOrStopped(Connect<T> connect, Runnable stop) throws IOException {
    try {
      return connect.connect();
    } catch (IOException | RuntimeException e) {
      stop.run();
      throw e;
    }
  }

  /** Stops the process tree (SIGTERM, grace, SIGKILL) and removes the shutdown hook. Idempotent. */
  @Override
  public void close() {
    stop();
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException shuttingDown) {
      // the hook runs or has run
    }
  }

  private synchronized void stop() {
    List<ProcessHandle> tree = new ArrayList<>(process.descendants().toList());
    if (process.isAlive()) {
      process.destroy();
      try {
        process.waitFor(graceMillis, TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    process.destroyForcibly();
    for (ProcessHandle h : tree) {
      h.destroyForcibly();
    }
    try {
      process.waitFor(5, TimeUnit.SECONDS);
      for (ProcessHandle h : tree) {
        h.onExit().get(5, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException | TimeoutException e) {
      // a descendant that would not go within 5 s after SIGKILL: nothing more to do
    }
  }

  /** A log line that says why a server stopped: a fatal line, a taken port, a refused or full file system. */
  private static final Pattern CAUSE = Pattern.compile(
      "(?i)eaddrinuse|address already in use|\\[FTL\\]|\\[FATAL\\]|boot failed"
      + "|permission denied|eacces|read-only file system|erofs|no space left|enospc");
  /** A line that reports an error, when no line says more ({@link #CAUSE}). */
  private static final Pattern ERROR = Pattern.compile("(?i)\\[ERR\\]|\\berror\\b");
  /** Lines of cause a failure carries. */
  static final int CAUSE_LINES = 3;

  /**
   * The lines of the logs that say why the server stopped, wherever they are near their end (not only among the last
   * lines: RabbitMQ writes a crash report after its {@code eaddrinuse}): the last {@value #CAUSE_LINES} distinct lines
   * naming a cause ({@link #CAUSE}), else the last of the lines reporting an error ({@link LogLines#causes}).
   */
  static List<String> causes(List<Path> files) {
    return LogLines.causes(files, CAUSE, ERROR, CAUSE_LINES);
  }

  /**
   * The last {@link #TAIL_LINES} non-blank lines of the logs, each prefixed by its file's name when there are several.
   */
  static List<String> tail(List<Path> files) {
    List<String> out = new ArrayList<>();
    for (Path f : files) {
      List<String> lines;
      try {
        lines = Files.readAllLines(f, StandardCharsets.UTF_8);
      } catch (IOException e) {
        continue; // not written (yet)
      } catch (RuntimeException e) {
        continue; // not UTF-8
      }
      List<String> kept = new ArrayList<>();
      for (String l : lines) {
        if (!l.isBlank()) {
          kept.add(l.strip());
        }
      }
      for (String l : kept.subList(Math.max(0, kept.size() - TAIL_LINES), kept.size())) {
        out.add(files.size() > 1 ? f.getFileName() + ": " + l : l);
      }
    }
    return out;
  }
}
