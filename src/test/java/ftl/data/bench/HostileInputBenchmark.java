package ftl.data.bench;

import ftl.data.Campaign;
import ftl.data.DataSet;
import ftl.data.io.DataException;
import ftl.data.ledger.EventReader;
import ftl.quantity.core.Analysis;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.zip.GZIPOutputStream;

/**
 * Bounded time and memory on hostile events files, a repeatable harness (not a test: its figures depend on the
 * machine). Each case writes a synthetic data root to a scratch folder (never data/), then times
 * {@link DataSet#scan} and {@link Analysis#scan} of its one run and reports the peak heap in use, with the
 * message the run was refused with:
 *
 * <ul>
 *   <li>{@code rows}: one more row than {@link ftl.data.ledger.EventReader#MAX_ROWS} (gzip), refused at the cap;</li>
 *   <li>{@code cap-ok}: exactly {@code MAX_ROWS} complete rows, accepted: the largest run's memory;</li>
 *   <li>{@code bomb}: a gzip of 4,000,000 valid rows of 120 extra columns (1.3 GB), refused at 1 GiB decompressed;</li>
 *   <li>{@code blank}: one row then 1 GiB of blank lines (gzip), refused at the first blank line;</li>
 *   <li>{@code sparse}: a 3 GB sparse events file, refused by its size before a byte is read.</li>
 * </ul>
 *
 * <pre>mvn -q test-compile && java -Xmx2g -cp target/test-classes:target/classes:'target/lib/*' \
 *     ftl.data.bench.HostileInputBenchmark scratch/hostile</pre>
 */
public final class HostileInputBenchmark {
  private HostileInputBenchmark() {}

  public static void main(String[] args) throws Exception {
    Path scratch = Path.of(args.length > 0 ? args[0] : "scratch/hostile");
    String only = args.length > 1 ? args[1] : "";
    long maxRows = EventReader.MAX_ROWS;
    for (String name : new String[] {"rows", "cap-ok", "bomb", "blank", "sparse"}) {
      if (!only.isEmpty() && !only.equals(name)) {
        continue;
      }
      Path root = scratch.resolve(name);
      Path events = root.resolve("c/events/r1.csv.gz");
      long t0 = System.nanoTime();
      String sha = switch (name) {
        case "rows" -> rows(events, maxRows + 1, "");
        case "cap-ok" -> rows(events, maxRows, "");
        case "bomb" -> rows(events, 4_000_000, ",0".repeat(120));
        case "blank" -> blank(events, 1L << 30);
        default -> sparse(root.resolve("c/events/r1.csv"), 3_000_000_000L);
      };
      String file = name.equals("sparse") ? "events/r1.csv" : "events/r1.csv.gz";
      Files.writeString(root.resolve("c/ledger.csv"), "run_id,condition,status,events_file,events_sha256\nr1,c1,ok,"
          + file + "," + sha + "\n");
      double writeSeconds = (System.nanoTime() - t0) / 1e9;
      System.gc();
      resetPeaks();
      long before = heapUsed();
      long t1 = System.nanoTime();
      String outcome;
      try {
        DataSet data = DataSet.scan(root, "scratch");
        Campaign c = data.campaigns().get(0);
        var r = Analysis.scan(c, c.runs().get(0));
        outcome = "accepted: " + r.rows() + " rows, median flight " + r.guard().medianFlightNanos() + " ns";
      } catch (DataException e) {
        outcome = "refused: " + e.getMessage();
      }
      double seconds = (System.nanoTime() - t1) / 1e9;
      System.out.printf("%-7s stored %,14d bytes (written in %.1f s): %.2f s, peak heap %,d MB (before %,d MB); %s%n",
          name, Files.size(name.equals("sparse") ? root.resolve("c/events/r1.csv") : events), writeSeconds, seconds,
          peakHeap() >> 20, before >> 20, outcome);
    }
  }

  private static void resetPeaks() {
    for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
      if (p.getType() == MemoryType.HEAP) {
        p.resetPeakUsage();
      }
    }
  }

  private static long peakHeap() {
    long sum = 0;
    for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
      if (p.getType() == MemoryType.HEAP) {
        sum += p.getPeakUsage().getUsed();
      }
    }
    return sum;
  }

  private static long heapUsed() {
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  /** A gzip events file of {@code n} complete rows (1 ms pacing, 400 us flights) with an optional extra column. */
  private static String rows(Path file, long n, String extra) throws IOException {
    Files.createDirectories(file.getParent());
    MessageDigest md = sha256();
    try (OutputStream raw = new DigestOutputStream(Files.newOutputStream(file), md);
         OutputStream out = new BufferedOutputStream(new GZIPOutputStream(raw, 1 << 16), 1 << 16)) {
      StringBuilder pad = new StringBuilder();
      for (int k = 0; k < extra.length() / 2; k++) {
        pad.append(",pad").append(k);
      }
      out.write(("# synthetic, HostileInputBenchmark\nseq,send_ns,ack_ns,recv_ns,send_us,recv_us,create_ms"
          + pad + "\n").getBytes(StandardCharsets.US_ASCII));
      StringBuilder sb = new StringBuilder(512);
      for (long i = 0; i < n; i++) {
        long send = 1_000_000_000L + i * 1_000_000L;
        long su = 1_700_000_000_000_000L + i * 1000L;
        sb.setLength(0);
        sb.append(i).append(',').append(send).append(',').append(send + 300_000).append(',').append(send + 400_000)
            .append(',').append(su).append(',').append(su + 400).append(',').append(su / 1000 + (i % 2)).append(extra)
            .append('\n');
        out.write(sb.toString().getBytes(StandardCharsets.US_ASCII));
      }
    }
    return HexFormat.of().formatHex(md.digest());
  }

  /** A gzip events file of one row, then {@code bytes} newlines. */
  private static String blank(Path file, long bytes) throws IOException {
    Files.createDirectories(file.getParent());
    MessageDigest md = sha256();
    try (OutputStream raw = new DigestOutputStream(Files.newOutputStream(file), md);
         OutputStream out = new GZIPOutputStream(raw, 1 << 16)) {
      out.write(("seq,send_ns,ack_ns,recv_ns,send_us,recv_us,create_ms\n0,1,2,3,4,5,6\n")
          .getBytes(StandardCharsets.US_ASCII));
      byte[] nl = new byte[1 << 20];
      Arrays.fill(nl, (byte) '\n');
      for (long w = 0; w < bytes; w += nl.length) {
        out.write(nl);
      }
    }
    return HexFormat.of().formatHex(md.digest());
  }

  private static String sparse(Path file, long bytes) throws IOException {
    Files.createDirectories(file.getParent());
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      f.setLength(bytes);
    }
    return "0".repeat(64);
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
