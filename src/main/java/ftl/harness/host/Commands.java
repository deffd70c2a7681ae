package ftl.harness.host;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs a short host command ({@code chrt}, {@code taskset}, {@code git}) and returns its exit code and output. */
public final class Commands {
  private Commands() {}

  public record Result(int exitCode, String output) {
    public boolean ok() { return exitCode == 0; }
  }

  /** Runs {@code argv} with a 10 s limit; exit code 127 when it cannot be started, 124 on timeout. */
  public static Result run(List<String> argv) {
    try {
      Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
      p.getOutputStream().close();
      byte[] out = p.getInputStream().readAllBytes();
      if (!p.waitFor(10, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return new Result(124, "timed out: " + String.join(" ", argv));
      }
      return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8).strip());
    } catch (IOException e) {
      return new Result(127, "cannot run " + argv.get(0) + ": " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Result(130, "interrupted");
    }
  }
}
