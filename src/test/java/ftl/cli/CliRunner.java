package ftl.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;

/** Runs the CLI in this JVM and captures its exit code, standard output and standard error (tests only). */
public final class CliRunner {
  private CliRunner() {}

  /** What one command printed and returned. */
  public record Result(int code, String out, String err) {}

  /** What a command printed on standard output and standard error together, in order, and its exit code. */
  public record Printed(int code, String text) {}

  /**
   * Runs {@code ftl args...} as {@link Main#run} runs it, {@link System#out} and {@link System#err} captured together
   * (the instrument prints its progress and the cluster's answer on {@code System.err}); one at a time.
   */
  public static Printed printed(String... args) {
    synchronized (System.class) {
      ByteArrayOutputStream buf = new ByteArrayOutputStream();
      PrintStream out = System.out;
      PrintStream err = System.err;
      PrintStream both = new PrintStream(buf, true, StandardCharsets.UTF_8);
      System.setOut(both);
      System.setErr(both);
      try {
        return new Printed(Main.run(args), buf.toString(StandardCharsets.UTF_8));
      } finally {
        System.setOut(out);
        System.setErr(err);
      }
    }
  }

  /** Runs {@code ftl args...}; one at a time, since commands print to {@link System#out}. */
  public static Result run(String... args) {
    synchronized (System.class) {
      PrintStream oldOut = System.out;
      ByteArrayOutputStream bo = new ByteArrayOutputStream();
      StringWriter err = new StringWriter();
      try {
        System.setOut(new PrintStream(bo, true, StandardCharsets.UTF_8));
        CommandLine cl = Main.commandLine();
        cl.setErr(new PrintWriter(err, true));
        cl.setOut(new PrintWriter(System.out, true));
        int code = cl.execute(args);
        return new Result(code, bo.toString(StandardCharsets.UTF_8), err.toString());
      } finally {
        System.setOut(oldOut);
      }
    }
  }
}
