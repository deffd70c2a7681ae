package ftl.harness.host;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * The load generator's main: {@code LoadMain <percent> <period-ms> <cpu>...}. One thread per cpu, named
 * {@code ftl-load-<cpu>}, pins itself to its cpu, then holds it busy for {@code percent} of every period
 * and asleep for the rest, on a schedule of absolute period boundaries (so a late wake-up does not shift
 * later periods). Prints {@code READY <tid>:<cpu> ...} on stdout once every thread is pinned (or
 * {@code REFUSED <detail>} if one could not be), then runs until killed.
 */
public final class LoadMain {
  private LoadMain() {}

  static volatile long sink;

  public static void main(String[] args) throws InterruptedException {
    int percent = Integer.parseInt(args[0]);
    long periodNanos = Long.parseLong(args[1]) * 1_000_000L;
    long busyNanos = periodNanos * percent / 100;
    List<String> report = new ArrayList<>();
    List<Thread> threads = new ArrayList<>();
    long start = System.nanoTime() + 50_000_000L;
    Object lock = new Object();
    for (int i = 2; i < args.length; i++) {
      String cpu = args[i];
      Thread t = new Thread(() -> {
        int tid = ProcFs.currentTid();
        Scheduling.Applied a = Scheduling.pin(ProcFs.pid(), tid, cpu);
        synchronized (lock) {
          report.add((a.ok() ? "" : "!") + tid + ":" + cpu);
          lock.notifyAll();
        }
        long x = 0;
        for (long k = 0; ; k++) {
          long periodStart = start + k * periodNanos;
          long busyEnd = periodStart + busyNanos;
          long now = System.nanoTime();
          if (now < periodStart) {
            LockSupport.parkNanos(periodStart - now);
          }
          while (System.nanoTime() < busyEnd) {
            x += x * 31 + 7;
          }
          sink = x;
          long next = periodStart + periodNanos;
          if (System.nanoTime() > next + periodNanos) {
            k = (System.nanoTime() - start) / periodNanos; // fell far behind: skip, do not burst
          }
        }
      }, "ftl-load-" + cpu);
      t.setDaemon(false);
      threads.add(t);
      t.start();
    }
    synchronized (lock) {
      while (report.size() < threads.size()) {
        lock.wait();
      }
    }
    boolean refused = report.stream().anyMatch(s -> s.startsWith("!"));
    System.out.println((refused ? "REFUSED " : "READY ") + String.join(" ", report));
    System.out.flush();
  }
}
