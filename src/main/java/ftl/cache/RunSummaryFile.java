package ftl.cache;

import ftl.quantity.core.Analysis;
import ftl.quantity.core.ScanDetail;
import ftl.quantity.core.ScanResult;
import ftl.stats.ConfirmCoverage;
import ftl.stats.CorrelationWindow;
import ftl.stats.ExactHistogram;
import ftl.stats.GridLaw;
import ftl.stats.GuardCounts;
import ftl.stats.GuardResult;
import ftl.stats.Rate;
import ftl.stats.SignCheckResult;
import ftl.stats.SmoothLimit;
import ftl.stats.WindowedCorrelation;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.zip.CRC32;

/**
 * The binary format of one campaign's cache file: the magic {@code FTLRUNS3}, the code fingerprint (UTF),
 * the number of entries (int), each entry (the events file's SHA-256 as 32 bytes, then every field of a
 * {@link ScanResult} in declaration order, except that its ledger values ({@code parameters}) come after the first send
 * phase and before the detail: counts as longs, doubles as their raw IEEE-754 bits, so NaN and
 * -0.0 come back bit for bit; the detail's exact histograms as a varint count of distinct values, then per value
 * its difference from the previous one (the first zig-zag coded, the others positive) and its count, as varints),
 * and last a CRC-32 of everything before it. {@link #decode} gives empty for
 * anything else — truncated, corrupt, another format or another fingerprint — never an exception.
 */
final class RunSummaryFile {

  private static final byte[] MAGIC = "FTLRUNS3".getBytes(StandardCharsets.US_ASCII);

  private RunSummaryFile() {}

  /** The bytes of a file holding {@code summaries} (keyed by their SHA-256) under {@code fingerprint}. */
  static byte[] encode(String fingerprint, Iterable<ScanResult> summaries) {
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      DataOutputStream out = new DataOutputStream(bytes);
      out.write(MAGIC);
      out.writeUTF(fingerprint);
      int n = 0;
      ByteArrayOutputStream body = new ByteArrayOutputStream();
      DataOutputStream b = new DataOutputStream(body);
      for (ScanResult s : summaries) {
        write(b, s);
        n++;
      }
      out.writeInt(n);
      body.writeTo(out);
      out.flush();
      CRC32 crc = new CRC32();
      crc.update(bytes.toByteArray());
      out.writeLong(crc.getValue());
      return bytes.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a byte array does not fail
    }
  }

  /** The summaries of a file written under {@code fingerprint}, by SHA-256; empty if the bytes are not one. */
  static Optional<Map<String, ScanResult>> decode(byte[] file, String fingerprint) {
    try {
      if (file.length < MAGIC.length + Long.BYTES
          || !Arrays.equals(file, 0, MAGIC.length, MAGIC, 0, MAGIC.length)) {
        return Optional.empty();
      }
      CRC32 crc = new CRC32();
      crc.update(file, 0, file.length - Long.BYTES);
      DataInputStream in = new DataInputStream(new ByteArrayInputStream(file));
      in.skipNBytes(file.length - Long.BYTES);
      if (in.readLong() != crc.getValue()) {
        return Optional.empty();
      }
      in = new DataInputStream(new ArrayInput(file, MAGIC.length, file.length - Long.BYTES));
      if (!in.readUTF().equals(fingerprint)) {
        return Optional.empty();
      }
      int n = in.readInt();
      Map<String, ScanResult> out = new LinkedHashMap<>();
      for (int i = 0; i < n; i++) {
        ScanResult s = read(in);
        out.put(s.sha256(), s);
      }
      return in.available() == 0 ? Optional.of(out) : Optional.empty();
    } catch (IOException | RuntimeException e) {
      // Truncated, corrupt or inconsistent (a record's validation refused a field): not a cache file.
      return Optional.empty();
    }
  }

  private static void write(DataOutputStream out, ScanResult s) throws IOException {
    out.write(HexFormat.of().parseHex(s.sha256()));
    out.writeLong(s.rows());
    SignCheckResult sc = s.sign();
    longs(out, sc.eventsTaken(), sc.complete(), sc.missingAck(), sc.missingRecv(), sc.missingBoth(),
        sc.ackNegative(), sc.sendNegative());
    guard(out, s.guard());
    counts(out, s.wallMicrosGuard());
    GridLaw.RunPrediction g = s.grid();
    longs(out, g.events(), g.predictedKept(), g.observedKept(), g.agreeing(), g.skipped());
    doubles(out, s.medianDisplacementNanos(), s.medianAckSpanNanos());
    WindowedCorrelation.State c = s.correlation();
    CorrelationWindow w = c.window();
    longs(out, w.minDisplacementNanos(), w.maxDisplacementNanos(), w.minAckSpanNanos(), w.maxAckSpanNanos(),
        c.pairs());
    doubles(out, c.meanDisplacementNanos(), c.meanAckSpanNanos(), c.comomentDD(), c.comomentAA(), c.comomentDA());
    longs(out, c.outside(), c.incomplete(), s.firstSendPhaseMicros());
    Analysis.ScanParameters p = s.parameters();
    longs(out, p.clockOffsetMicros(), p.sendIntervalNanos());
    out.writeBoolean(p.stamps());
    out.writeBoolean(p.completeFlights());
    ScanDetail d = s.detail();
    longs(out, d.flightSum().clippedNanos(), d.flightSum().flights(), d.flightSum().quantumNanos(),
        d.catchUp().count(), d.catchUp().total(), d.flightUnitNanos());
    histogram(out, d.flightUnits());
    histogram(out, d.sendPhasesMicros());
    histogram(out, d.wallFlightsMicros());
    histogram(out, d.completeFlightsNanos());
    ConfirmCoverage.Result k = s.coverage();
    longs(out, k.singleComplete(), k.singleNegative(), k.severalComplete(), k.severalNegative());
  }

  private static void histogram(DataOutputStream out, ExactHistogram h) throws IOException {
    // encoded into a byte array first and written in one call: a stream's one-byte writes are synchronized, and
    // thousands of them per run were a tenth of a cold read's time
    byte[] b = new byte[10 + h.distinct() * 20]; // a varint takes at most 10 bytes
    int at = varint(b, 0, h.distinct());
    long previous = 0;
    for (int i = 0; i < h.distinct(); i++) {
      long v = h.value(i);
      at = varint(b, at, i == 0 ? (v << 1) ^ (v >> 63) : v - previous);
      at = varint(b, at, h.count(i));
      previous = v;
    }
    out.write(b, 0, at);
  }

  /** Writes {@code v} as a varint at {@code b[at]}; returns the index after it (the same bytes as the stream form). */
  private static int varint(byte[] b, int at, long v) {
    while ((v & ~0x7FL) != 0) {
      b[at++] = (byte) ((v & 0x7F) | 0x80);
      v >>>= 7;
    }
    b[at++] = (byte) v;
    return at;
  }

  private static ExactHistogram histogram(DataInputStream in) throws IOException {
    long n = varint(in);
    if (n > Integer.MAX_VALUE - 8) {
      throw new IOException("histogram too large");
    }
    long[] values = new long[(int) Math.min(n, 1 << 16)];
    long[] counts = new long[values.length];
    long previous = 0;
    for (int i = 0; i < n; i++) {
      if (i == values.length) {
        values = Arrays.copyOf(values, (int) Math.min(n, 2L * values.length));
        counts = Arrays.copyOf(counts, values.length);
      }
      long u = varint(in);
      values[i] = i == 0 ? (u >>> 1) ^ -(u & 1) : previous + u;
      counts[i] = varint(in);
      previous = values[i];
    }
    return ExactHistogram.ofCounts(values, counts); // refuses what is not ascending with positive counts
  }

  /** An unsigned LEB128 varint: 7 bits a byte, low bits first. */
  private static long varint(DataInputStream in) throws IOException {
    long v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      int b = in.readUnsignedByte();
      v |= (long) (b & 0x7F) << shift;
      if ((b & 0x80) == 0) {
        return v;
      }
    }
    throw new IOException("varint longer than 64 bits");
  }

  private static ScanResult read(DataInputStream in) throws IOException {
    byte[] sha = new byte[32];
    in.readFully(sha);
    long rows = in.readLong();
    SignCheckResult sign = new SignCheckResult(in.readLong(), in.readLong(), in.readLong(), in.readLong(),
        in.readLong(), in.readLong(), in.readLong());
    GuardResult guard = guard(in);
    GuardCounts wall = counts(in);
    GridLaw.RunPrediction grid = new GridLaw.RunPrediction(in.readLong(), in.readLong(), in.readLong(),
        in.readLong(), in.readLong());
    double medianD = dbl(in);
    double medianA = dbl(in);
    CorrelationWindow w = new CorrelationWindow(in.readLong(), in.readLong(), in.readLong(), in.readLong());
    WindowedCorrelation.State c = new WindowedCorrelation.State(w, in.readLong(), dbl(in), dbl(in), dbl(in),
        dbl(in), dbl(in), in.readLong(), in.readLong());
    long phase = in.readLong();
    Analysis.ScanParameters p = new Analysis.ScanParameters(in.readLong(), in.readLong(), in.readBoolean(),
        in.readBoolean());
    SmoothLimit.Sum sum = new SmoothLimit.Sum(in.readLong(), in.readLong(), in.readLong());
    Rate catchUp = new Rate(in.readLong(), in.readLong());
    long unit = in.readLong();
    ScanDetail d = new ScanDetail(sum, catchUp, unit, histogram(in), List.of(), List.of(), histogram(in), histogram(in),
        histogram(in));
    ConfirmCoverage.Result k = new ConfirmCoverage.Result(in.readLong(), in.readLong(), in.readLong(), in.readLong());
    return new ScanResult(HexFormat.of().formatHex(sha), rows, sign, guard, wall, grid, medianD, medianA, c, phase, d,
        k,
        p);
  }

  private static void guard(DataOutputStream out, GuardResult g) throws IOException {
    counts(out, g.counts());
    doubles(out, g.guardMedianMillis(), g.allSamplesMedianMillis(), g.medianFlightNanos());
  }

  private static void counts(DataOutputStream out, GuardCounts g) throws IOException {
    longs(out, g.taken(), g.kept(), g.droppedZero(), g.droppedNegative(), g.oneTickNegative(), g.withoutM());
  }

  private static GuardCounts counts(DataInputStream in) throws IOException {
    return new GuardCounts(in.readLong(), in.readLong(), in.readLong(), in.readLong(), in.readLong(),
        in.readLong());
  }

  private static GuardResult guard(DataInputStream in) throws IOException {
    return new GuardResult(in.readLong(), in.readLong(), in.readLong(), in.readLong(), in.readLong(), in.readLong(),
        dbl(in), dbl(in), dbl(in));
  }

  private static void longs(DataOutputStream out, long... values) throws IOException {
    for (long v : values) {
      out.writeLong(v);
    }
  }

  private static void doubles(DataOutputStream out, double... values) throws IOException {
    for (double v : values) {
      out.writeLong(Double.doubleToRawLongBits(v));
    }
  }

  private static double dbl(DataInputStream in) throws IOException {
    return Double.longBitsToDouble(in.readLong());
  }

  /**
   * The bytes {@code a[from..to)} as a stream, unsynchronized: a summary's histograms are read a byte at a time, and
   * {@link ByteArrayInputStream}'s synchronized reads made decoding a warm cache's millions of bytes slow.
   */
  private static final class ArrayInput extends InputStream {
    private final byte[] a;
    private int at;
    private final int to;

    ArrayInput(byte[] a, int from, int to) {
      this.a = a;
      this.at = from;
      this.to = to;
    }

    @Override
    public int read() {
      return at < to ? a[at++] & 0xFF : -1;
    }

    @Override
    public int read(byte[] b, int off, int len) {
      Objects.checkFromIndexSize(off, len, b.length);
      if (len == 0) {
        return 0;
      }
      if (at >= to) {
        return -1;
      }
      int n = Math.min(len, to - at);
      System.arraycopy(a, at, b, off, n);
      at += n;
      return n;
    }

    @Override
    public int available() {
      return to - at;
    }
  }
}
