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

  public static void main(String[] args) throws Throwable {
    if (args.length < 2) {
      System.err.println("usage: ParentWatch <parent-pid> <main-class> [args...]");
      System.exit(2);
    }
    long parent = Long.parseLong(args[0]);
    Thread watch = new Thread(() -> {
      while (true) {
        boolean alive = ProcessHandle.of(parent).map(ProcessHandle::isAlive).orElse(false);
        if (!alive) {
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
