package ftl.harness.host;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Background load at a set utilisation per core, in a separate JVM ({@link LoadMain}) that the harness starts
 * before a run and stops after it. Duty cycle: busy {@code percent}% of every {@link #PERIOD_MILLIS} ms period,
 * one thread pinned per core.
 */
public final class LoadGenerator implements AutoCloseable {

  /** Duty-cycle period of the load threads. */
  public static final int PERIOD_MILLIS = 10;

  private final Process process;
  private final boolean applied;
  private final String detail;
  private final long startTicks;
  private final long startNanos;
  private final int cores;

  private LoadGenerator(Process process, boolean applied, String detail, int cores) {
    this.process = process;
    this.applied = applied;
    this.detail = detail;
    this.cores = cores;
    this.startTicks = ProcFs.processCpuTicks(process.pid());
    this.startNanos = System.nanoTime();
  }

  /**
   * Starts the generator on every core and waits until each thread reports its affinity, then reads the
   * affinity back from {@code /proc}.
   */
  public static LoadGenerator start(String classpath, int percent) throws IOException {
    int n = Scheduling.cores();
    List<String> cmd = new ArrayList<>(List.of(javaBin(), "-Xms32m", "-Xmx64m", "-XX:+UseSerialGC",
        "-cp", classpath, ParentWatch.class.getName(), String.valueOf(ProcFs.pid()), LoadMain.class.getName(),
        String.valueOf(percent), String.valueOf(PERIOD_MILLIS)));
    for (int c = 0; c < n; c++) {
      cmd.add(String.valueOf(c));
    }
    Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.US_ASCII));
    String line = out.readLine();
    if (line == null) {
      p.destroyForcibly();
      return new LoadGenerator(p, false, "load generator exited before it was ready", n);
    }
    boolean ok = line.startsWith("READY ");
    StringBuilder readBack = new StringBuilder();
    for (String part : line.substring(line.indexOf(' ') + 1).split(" ")) {
      String[] tc = part.replace("!", "").split(":");
      String now = ProcFs.cpusAllowed(p.pid(), Integer.parseInt(tc[0]));
      ok &= tc[1].equals(now);
      readBack.append(readBack.length() == 0 ? "" : " ").append("tid ").append(tc[0]).append(" cpus ").append(now);
    }
    return new LoadGenerator(p, ok, percent + "% x " + n + " cores, period " + PERIOD_MILLIS + " ms: " + readBack, n);
  }

  static String javaBin() {
    return ProcessHandle.current().info().command().orElse(System.getProperty("java.home") + "/bin/java");
  }

  public long pid() { return process.pid(); }

  /** True when every load thread was read back on its core. */
  public boolean applied() { return applied; }

  public String detail() { return detail; }

  /** CPU used by the generator since start, as a percentage of all cores; NaN when unknown. */
  public double measuredPercent() {
    long ticks = ProcFs.processCpuTicks(process.pid());
    double seconds = (System.nanoTime() - startNanos) / 1e9;
    if (ticks < 0 || startTicks < 0 || seconds <= 0) {
      return Double.NaN;
    }
    return 100.0 * (ticks - startTicks) / ProcFs.TICKS_PER_SECOND / seconds / cores;
  }

  public boolean alive() { return process.isAlive(); }

  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(5, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        process.waitFor(5, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}
