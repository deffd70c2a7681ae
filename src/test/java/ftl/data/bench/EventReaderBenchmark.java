package ftl.data.bench;

import ftl.data.Campaign;
import ftl.data.DataSet;
import ftl.data.io.DataGate;
import ftl.data.ledger.Event;
import ftl.data.ledger.EventReader;
import ftl.data.ledger.LedgerRow;
import java.io.BufferedInputStream;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.zip.GZIPInputStream;

/**
 * A benchmark, not a test: it asserts nothing, and its figures depend on the machine and its load. It reads every
 * events file that the Kafka ledgers of a data root name for an {@code ok} run (the files the analysis reads),
 * one thread, and prints the wall time of each pass and the median of {@code passes} passes after {@code warmups}
 * warm-up passes, with the thread's CPU time beside it (less sensitive to a busy machine), for three ways of
 * reading the same files:
 *
 * <ul>
 *   <li>{@code read}: {@link EventReader#read(DataGate, String, String, Consumer)} with the ledger's SHA-256,
 *       the sink folding every field of every event into a fingerprint (so nothing is dead code, and two builds
 *       can be compared: the same files read by two parsers must print the same fingerprint);</li>
 *   <li>{@code floor}: the same stored bytes digested (SHA-256) and inflated ({@link GZIPInputStream}) into a
 *       64 KiB buffer and dropped: what reading costs without parsing;</li>
 *   <li>{@code zcat}: one {@code zcat} process over the same files, output discarded, for scale.</li>
 * </ul>
 *
 * <p>Run it with the launcher's JVM flags (the analysis runs on C1 with the serial collector):
 *
 * <pre>mvn -q -o -DskipTests package &amp;&amp; java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC \
 *     -cp target/test-classes:target/classes:'target/lib/*' ftl.data.bench.EventReaderBenchmark data 5 1</pre>
 */
public final class EventReaderBenchmark {
  private EventReaderBenchmark() {}

  private record Run(Campaign campaign, LedgerRow row) {}

  /** Folds every field of every event, in order, into one number. */
  private static final class Fingerprint implements Consumer<Event> {
    long h = 0x243F6A8885A308D3L;
    long events;

    private void mix(long v) {
      h = (h ^ v) * 0x9E3779B97F4A7C15L;
    }

    @Override
    public void accept(Event e) {
      mix(e.seq());
      mix(e.sendNanos());
      mix(e.ackNanos());
      mix(e.recvNanos());
      mix(e.sendMicros());
      mix(e.recvMicros());
      mix(e.createMillis());
      events++;
    }
  }

  public static void main(String[] args) throws Exception {
    Path root = Path.of(args.length > 0 ? args[0] : "data");
    int passes = args.length > 1 ? Integer.parseInt(args[1]) : 5;
    int warmups = args.length > 2 ? Integer.parseInt(args[2]) : 1;
    DataSet data = DataSet.scan(root, root.toString());
    List<Run> runs = new ArrayList<>();
    for (Campaign c : data.campaigns()) {
      for (LedgerRow r : c.runs()) {
        if (r.ok() && !r.eventsFile().isEmpty()) {
          runs.add(new Run(c, r));
        }
      }
    }
    DataGate gate = data.gate().orElseThrow();
    System.out.printf(Locale.ROOT, "JVM %s, flags %s%n", System.getProperty("java.vm.version"),
        ManagementFactory.getRuntimeMXBean().getInputArguments());
    System.out.printf(Locale.ROOT, "%d events files of ok runs under %s; %d warm-up + %d timed passes each%n",
        runs.size(), root, warmups, passes);

    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    double[] read = new double[passes];
    double[] readCpu = new double[passes];
    double[] floor = new double[passes];
    double[] floorCpu = new double[passes];
    double[] zcat = new double[passes];
    for (int p = -warmups; p < passes; p++) {
      long c0 = threads.getCurrentThreadCpuTime();
      long t0 = System.nanoTime();
      Fingerprint f = new Fingerprint();
      long rows = 0;
      for (Run r : runs) {
        String sha = r.row().eventsSha256().isEmpty() ? null : r.row().eventsSha256();
        EventReader.FileSummary s = EventReader.read(gate, r.campaign().eventsRel(r.row()), sha, f);
        rows += s.rows();
        f.mix(s.sha256().hashCode());
      }
      double tRead = (System.nanoTime() - t0) / 1e9;
      double cRead = (threads.getCurrentThreadCpuTime() - c0) / 1e9;

      c0 = threads.getCurrentThreadCpuTime();
      t0 = System.nanoTime();
      long inflated = 0;
      byte[] buf = new byte[1 << 16];
      for (Run r : runs) {
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        try (InputStream in = new GZIPInputStream(new BufferedInputStream(
            new DigestInputStream(r.campaign().openEvents(r.row()), md), 1 << 16), 1 << 16)) {
          for (int n; (n = in.read(buf)) >= 0; ) {
            inflated += n;
          }
        }
        md.digest();
      }
      double tFloor = (System.nanoTime() - t0) / 1e9;
      double cFloor = (threads.getCurrentThreadCpuTime() - c0) / 1e9;

      List<String> cmd = new ArrayList<>(List.of("zcat", "--"));
      for (Run r : runs) {
        cmd.add(r.campaign().eventsPath(r.row()).toString());
      }
      t0 = System.nanoTime();
      Process z = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD)
          .redirectError(ProcessBuilder.Redirect.INHERIT).start();
      z.waitFor(10, TimeUnit.MINUTES);
      double tZcat = (System.nanoTime() - t0) / 1e9;

      String label = p < 0 ? "warm-up" : "pass " + (p + 1);
      System.out.printf(Locale.ROOT, "%-8s read %.3f s (cpu %.3f s; %d events, fingerprint %016x); floor %.3f s "
          + "(cpu %.3f s; %,d bytes inflated); zcat %.3f s%n", label, tRead, cRead, rows, f.h, tFloor, cFloor, inflated,
          tZcat);
      if (p >= 0) {
        read[p] = tRead;
        readCpu[p] = cRead;
        floor[p] = tFloor;
        floorCpu[p] = cFloor;
        zcat[p] = tZcat;
      }
    }
    System.out.printf(Locale.ROOT, "median of %d, wall (thread cpu): read %.3f s (%.3f s); floor (inflate + SHA-256) "
        + "%.3f s (%.3f s); zcat %.3f s; read - floor %.3f s (%.3f s)%n", passes, median(read), median(readCpu),
        median(floor), median(floorCpu), median(zcat), median(read) - median(floor),
        median(readCpu) - median(floorCpu));
  }

  static double median(double[] x) {
    double[] y = x.clone();
    Arrays.sort(y);
    return y.length % 2 == 1 ? y[y.length / 2] : (y[y.length / 2 - 1] + y[y.length / 2]) / 2;
  }
}
