package ftl.harness.bench;

import ftl.harness.host.ProcFs;
import ftl.harness.run.Pacer;
import ftl.harness.run.PacingLag;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;

/**
 * Pacing accuracy: achieved minus intended send time, for the ftl pacer (timer slack 1 ns, park until
 * 200 µs before, then spin) beside an OpenMessaging-Benchmark-style pacer (its UniformRateLimiter: intended time
 * {@code start + i * interval} per operation, then {@code parkNanos(remaining)} in a loop until the clock
 * passes it; no spin). Both are measured the same way: the clock is read right where the harness stamps
 * {@code send_ns}, and the "send" is a no-op, so only the pacer is measured.
 *
 * <p>Not a unit test. Run after {@code mvn test-compile}:
 * {@code java -cp target/test-classes:target/classes ftl.harness.bench.PacingBenchmark [rounds] [seconds]}.
 * Prints, per interval and pacer, the median over rounds of the per-round median and p99 lag (µs).
 */
public final class PacingBenchmark {
  private PacingBenchmark() {}

  static volatile long sink;

  /** OMB-style wait: park for the remaining time, repeatedly, until the clock passes the intended time. */
  static long ombAwait(long intended) {
    long now;
    while ((now = System.nanoTime()) < intended) {
      LockSupport.parkNanos(intended - now);
    }
    return now;
  }

  static long[] run(boolean ftl, long interval, int sends) {
    Pacer pacer = Pacer.system();
    long[] lags = new long[sends];
    long start = System.nanoTime() + 1_000_000;
    for (int i = 0; i < sends; i++) {
      long due = Pacer.intendedNanos(start, i, interval);
      if (ftl) {
        pacer.awaitNanos(due);
      } else {
        ombAwait(due);
      }
      long stamp = System.nanoTime(); // where send_ns is taken
      lags[i] = stamp - due;
      sink = stamp;
    }
    return lags;
  }

  public static void main(String[] args) throws Exception {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
    double seconds = args.length > 1 ? Double.parseDouble(args[1]) : 2.0;
    long[] intervals = {1_000_000, 250_000, 50_000};
    String self = "/proc/" + ProcFs.currentTid() + "/timerslack_ns";
    String defaultSlack = Files.readString(Path.of(self)).trim();
    run(true, 50_000, 20_000); // JIT warm-up of both paths
    run(false, 50_000, 20_000);
    System.out.println("interval  pacer  median_lag_us(p50 of rounds)  p99_lag_us(p50 of rounds)  rounds: p50/p99 ...");
    for (long interval : intervals) {
      int sends = (int) (seconds * 1e9 / interval);
      for (boolean ftl : new boolean[] {true, false}) {
        List<long[]> per = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
          // Each pacer with the timer slack it runs with: ftl tightens its thread's slack, OMB leaves the default.
          Files.writeString(Path.of(self), ftl ? String.valueOf(Pacer.TIMER_SLACK_NANOS) : defaultSlack);
          PacingLag lag = PacingLag.of(run(ftl, interval, sends));
          per.add(new long[] {lag.p50Nanos(), lag.p99Nanos()});
        }
        long[] p50s = per.stream().mapToLong(a -> a[0]).sorted().toArray();
        long[] p99s = per.stream().mapToLong(a -> a[1]).sorted().toArray();
        StringBuilder each = new StringBuilder();
        for (long[] a : per) {
          each.append(String.format(Locale.ROOT, " %.1f/%.1f", a[0] / 1e3, a[1] / 1e3));
        }
        System.out.printf(Locale.ROOT, "%6dus  %-4s  %10.1f  %10.1f  |%s%n", interval / 1000, ftl ? "ftl" : "omb",
            p50s[p50s.length / 2] / 1e3, p99s[p99s.length / 2] / 1e3, each);
      }
    }
  }
}
