package ftl.harness.campaign;

import ftl.data.ledger.Event;
import ftl.data.ledger.EventFormat;
import ftl.harness.run.StampBook;
import ftl.harness.wire.RunCapture;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;

/**
 * Writes one run's event file, {@code events/<run_id>.csv.gz}: the header
 * {@link EventFormat#EVENT_COLUMNS} followed by {@link #EXTRA_COLUMNS}, one row per measured event in
 * {@code seq} order, empty cells for stamps that never came. The file is written to a temp file, fsynced and
 * renamed into place; the SHA-256 returned is of the bytes on disk (the gzip file).
 */
public final class EventFileWriter {
  private EventFileWriter() {}

  /**
   * Columns after the contract's (docs/architecture.md#formats): the intended send time of the pacer (monotonic ns),
   * for pacing accuracy, and {@link EventFormat#OPTIONAL_HEADER_COLUMNS} ({@code ack_covered}, empty where the system
   * does not say).
   */
  public static final List<String> EXTRA_COLUMNS = Stream.concat(Stream.of("intended_ns"),
      EventFormat.OPTIONAL_HEADER_COLUMNS.stream()).toList();

  /**
   * The wire columns (issue #55) a captured run's file adds after {@link #EXTRA_COLUMNS}: the stamps of the leader's
   * produce response and of the fetch response carrying the record to the consumer, then (ledger layout 15) of the
   * first produce request carrying it to the leader, on the stamps' monotonic clock, empty where the capture holds
   * none. A column is only ever appended: a file written before one existed lacks it.
   */
  public static final List<String> WIRE_COLUMNS = List.of("produce_resp_ns", "fetch_resp_ns", "produce_req_ns");

  /** Writes the book's measured events to {@code target}; returns the file's SHA-256 (lower-case hex). */
  public static String write(Path target, StampBook book) throws IOException {
    return write(target, book, null);
  }

  /**
   * As {@link #write(Path, StampBook)}, with the {@link #WIRE_COLUMNS} of a captured run ({@code wire}, indexed by
   * {@code seq}); null writes no wire columns.
   */
  public static String write(Path target, StampBook book, RunCapture.Columns wire) throws IOException {
    Files.createDirectories(target.toAbsolutePath().getParent());
    Path tmp = AtomicFiles.tmpOf(target);
    MessageDigest sha = sha256();
    try {
      writeTo(tmp, book, wire, sha);
    } catch (IOException e) {
      AtomicFiles.discard(tmp); // a full disk must not leave a partial events file behind (issue #43)
      throw AtomicFiles.named(target, e); // and its message names the file
    } catch (RuntimeException e) {
      AtomicFiles.discard(tmp);
      throw e;
    }
    AtomicFiles.commit(tmp, target);
    return HexFormat.of().formatHex(sha.digest());
  }

  private static void writeTo(Path tmp, StampBook book, RunCapture.Columns wire, MessageDigest sha) throws IOException {
    try (OutputStream file = AtomicFiles.newTmp(tmp);
         DigestOutputStream digest = new DigestOutputStream(new BufferedOutputStream(file, 1 << 16), sha);
         GZIPOutputStream gz = new GZIPOutputStream(digest, 1 << 16);
         Writer w = new OutputStreamWriter(gz, StandardCharsets.US_ASCII)) {
      w.write(String.join(",", EventFormat.EVENT_COLUMNS));
      for (String extra : wire == null ? EXTRA_COLUMNS
          : Stream.concat(EXTRA_COLUMNS.stream(), WIRE_COLUMNS.stream()).toList()) {
        w.write(',');
        w.write(extra);
      }
      w.write('\n');
      StringBuilder row = new StringBuilder(128);
      for (int seq = 0; seq < book.events(); seq++) {
        if (!book.sent(seq)) {
          continue; // never sent: the run is short, and the ledger says so
        }
        Event e = book.event(seq);
        row.setLength(0);
        row.append(e.seq()).append(',').append(e.sendNanos()).append(',');
        cell(row, e.ackNanos()).append(',');
        cell(row, e.recvNanos()).append(',');
        row.append(e.sendMicros()).append(',');
        cell(row, e.recvMicros()).append(',');
        cell(row, e.createMillis()).append(',');
        row.append(book.intendedNanos(seq)).append(',');
        cell(row, e.ackCovered());
        if (wire != null) {
          cell(row.append(','), wire.produceRespNanos()[seq]).append(',');
          cell(row, wire.fetchRespNanos()[seq]).append(',');
          cell(row, wire.produceReqNanos()[seq]);
        }
        row.append('\n');
        w.append(row);
      }
    }
  }

  private static StringBuilder cell(StringBuilder row, long v) {
    return v == Event.MISSING ? row : row.append(v);
  }

  static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** SHA-256 of a file's bytes, lower-case hex. */
  public static String sha256(Path file) throws IOException {
    MessageDigest sha = sha256();
    try (var in = Files.newInputStream(file)) {
      byte[] buf = new byte[1 << 16];
      for (int n; (n = in.read(buf)) > 0; ) {
        sha.update(buf, 0, n);
      }
    }
    return HexFormat.of().formatHex(sha.digest());
  }
}
