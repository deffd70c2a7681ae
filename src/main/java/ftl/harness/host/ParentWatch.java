package ftl.harness.host;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;

/**
 * Main class wrapper for the harness's child JVMs (the embedded broker, the load generator):
 * {@code ParentWatch <parent-pid> <main-class> <args...>} starts a daemon thread that halts this JVM within
 * half a second of the parent process disappearing, then runs {@code <main-class>.main(args)}. A campaign
 * runner killed with {@code kill -9} cannot run shutdown hooks; without this its broker and load generator
 * would live on as orphans and disturb every later measurement on the host.
 */
public final class ParentWatch {
  private ParentWatch() {}

  /**
   * Whether the process {@code pid} lives: it exists and is not a zombie (issue 58, case 9: a runner that died but
   * was not reaped still "is alive" to {@link ProcessHandle#isAlive}, and its children lived on).
   */
  static boolean alive(long pid) {
    return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)
        && !zombie(ProcFs.read(java.nio.file.Path.of("/proc/" + pid + "/stat")));
  }

  /**
   * Whether a {@code /proc/<pid>/stat} text says the process is a zombie: its state, the first field after the command
   * name's closing parenthesis, is {@code Z}; false for a text that cannot be read or parsed (the process is then
   * judged by {@link ProcessHandle} alone).
   */
  static boolean zombie(String stat) {
    if (stat == null) {
      return false;
    }
    int close = stat.lastIndexOf(')');
    return close >= 0 && close + 2 < stat.length() && stat.charAt(close + 2) == 'Z';
  }

  public static void main(String[] args) throws Throwable {
    if (args.length < 2) {
      System.err.println("usage: ParentWatch <parent-pid> <main-class> [args...]");
      System.exit(2);
    }
    long parent = Long.parseLong(args[0]);
    Thread watch = new Thread(() -> {
      while (true) {
        if (!alive(parent)) {
          System.err.println("ftl: parent process " + parent + " is gone; stopping");
          Runtime.getRuntime().halt(3);
        }
        try {
          Thread.sleep(500);
        } catch (InterruptedException e) {
          return;
        }
      }
    }, "ftl-parent-watch");
    watch.setDaemon(true);
    watch.start();
    Method main = Class.forName(args[1]).getMethod("main", String[].class);
    try {
      main.invoke(null, (Object) Arrays.copyOfRange(args, 2, args.length));
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }
}
