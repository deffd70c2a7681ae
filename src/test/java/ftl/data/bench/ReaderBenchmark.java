package ftl.data.bench;

import ftl.data.ledger.EventReader;
import ftl.stats.GuardAccounting;
import ftl.stats.SignCheck;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;

/**
 * Reader throughput, a repeatable harness (not a test): writes a realistic generated event file of
 * {@code rows} events (1 ms pacing, flights of 300–900 µs with jitter, 5 % of acks after receive, a few
 * missing deliveries; synthetic, written to a scratch path, never to data/), then times, {@code runs} times
 * each, (a) {@code zcat FILE > /dev/null} and (b) parse + sign check + guard accounting with
 * {@link EventReader}, and prints the medians.
 *
 * <pre>mvn -q test-compile && java -cp target/test-classes:target/classes:'target/lib/*' ftl.data.bench.ReaderBenchmark
 * scratch/bench-1M.csv.gz 1000000 7</pre>
 */
public final class ReaderBenchmark {
  private ReaderBenchmark() {}

  public static void main(String[] args) throws Exception {
    Path file = Path.of(args.length > 0 ? args[0] : "scratch/bench-1M.csv.gz");
    int rows = args.length > 1 ? Integer.parseInt(args[1]) : 1_000_000;
    int runs = args.length > 2 ? Integer.parseInt(args[2]) : 7;
    if (!Files.exists(file)) {
      generate(file, rows);
    }
    System.out.printf("file %s: %d rows, %d bytes%n", file, rows, Files.size(file));
    double[] zcat = new double[runs];
    double[] ftl = new double[runs];
    for (int i = 0; i < runs; i++) {
      long t0 = System.nanoTime();
      Process p = new ProcessBuilder("sh", "-c", "zcat '" + file + "' > /dev/null").inheritIO().start();
      p.waitFor(10, TimeUnit.MINUTES);
      zcat[i] = (System.nanoTime() - t0) / 1e9;
      t0 = System.nanoTime();
      SignCheck sign = new SignCheck();
      GuardAccounting guard = new GuardAccounting();
      EventReader.FileSummary s = EventReader.read(file, file.toString(), null, e -> {
        sign.accept(e);
        guard.accept(e);
      });
      ftl[i] = (System.nanoTime() - t0) / 1e9;
      if (s.rows() != rows || sign.result().eventsTaken() != rows) {
        throw new IllegalStateException("row count mismatch");
      }
      System.out.printf("run %d: zcat %.3f s, ftl read+aggregate %.3f s (%,.0f events/s)%n", i + 1, zcat[i], ftl[i],
          rows / ftl[i]);
    }
    double mz = median(zcat);
    double mf = median(ftl);
    System.out.printf("median of %d: zcat %.3f s; ftl %.3f s = %,.0f events/s; ratio ftl/zcat %.2f%n", runs, mz, mf,
        rows / mf, mf / mz);
  }

  static double median(double[] x) {
    double[] y = x.clone();
    Arrays.sort(y);
    return y.length % 2 == 1 ? y[y.length / 2] : (y[y.length / 2 - 1] + y[y.length / 2]) / 2;
  }

  static void generate(Path file, int rows) throws IOException {
    Files.createDirectories(file.toAbsolutePath().getParent());
    SplittableRandom r = new SplittableRandom(42);
    long sendNs = 5_000_000_000_000L;
    long sendUs = 1_764_460_800_000_000L;
    try (BufferedWriter w = new BufferedWriter(new OutputStreamWriter(
        new GZIPOutputStream(Files.newOutputStream(file), 1 << 16), StandardCharsets.UTF_8), 1 << 16)) {
      w.write("seq,send_ns,ack_ns,recv_ns,send_us,recv_us,create_ms,intended_ns\n");
      for (int i = 0; i < rows; i++) {
        long intended = sendNs + i * 1_000_000L;
        long send = intended + r.nextLong(2_000, 40_000);
        long flight = r.nextLong(300_000, 900_000);
        long disp = r.nextInt(100) < 5 ? flight + r.nextLong(1_000, 50_000) : r.nextLong(100_000, flight);
        long su = sendUs + (send - sendNs) / 1000;
        long create = (su + r.nextLong(1, 6)) / 1000;
        w.write(Long.toString(i));
        w.write(',');
        w.write(Long.toString(send));
        w.write(',');
        w.write(Long.toString(send + disp));
        w.write(',');
        if (r.nextInt(10_000) == 0) {
          w.write(",");
          w.write(Long.toString(su));
          w.write(",,,");
        } else {
          w.write(Long.toString(send + flight));
          w.write(',');
          w.write(Long.toString(su));
          w.write(',');
          w.write(Long.toString(su + flight / 1000));
          w.write(',');
          w.write(Long.toString(create));
          w.write(',');
        }
        w.write(Long.toString(intended));
        w.write('\n');
      }
    }
  }
}
