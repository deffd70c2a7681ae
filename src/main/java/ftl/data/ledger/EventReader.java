package ftl.data.ledger;

import ftl.data.io.DataException;
import ftl.data.io.DataGate;
import ftl.data.io.Echo;
import ftl.data.io.Sha256;
import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.GZIPInputStream;
import java.util.zip.Inflater;
import java.util.zip.ZipException;

/**
 * Streams an event file ({@code seq,send_ns,ack_ns,recv_ns,send_us,recv_us,create_ms}, then any extra
 * integer columns) to a consumer, one {@link Event} per row, without holding rows in memory.
 *
 * <p>Gzip is detected by its magic bytes, not the file name. Leading lines starting with {@code #} are
 * comments (fixtures describe their scenario there). Every malformed input raises a {@link DataException}
 * naming the file and line: empty file, missing header, missing column, wrong field count, non-integer,
 * a required stamp empty, inconsistent delivery stamps, negative or duplicate {@code seq}, truncated or
 * corrupt gzip, no event rows, and (when an expected digest is given) a SHA-256 that differs.
 *
 * <p>The event file's cells are plain integers, so rows are parsed from bytes directly rather than
 * through a general CSV parser: quoting cannot occur in a valid file, and a quote is reported as a
 * non-integer.
 */
public final class EventReader {

  /** What one pass over a file saw: rows read and the SHA-256 of the file's bytes as stored. */
  public record FileSummary(String file, long rows, String sha256) {}

  private static final int SEQ = 0;
  private static final int SEND_NS = 1;
  private static final int ACK_NS = 2;
  private static final int RECV_NS = 3;
  private static final int SEND_US = 4;
  private static final int RECV_US = 5;
  private static final int CREATE_MS = 6;
  /** The first of {@link EventFormat#OPTIONAL_HEADER_COLUMNS}, after the required ones. */
  private static final int ACK_COVERED = 7;
  private static final int BITSET_SEQ_LIMIT = 1 << 26;

  private EventReader() {}

  /**
   * Reads {@code file}, calling {@code sink} for each event.
   *
   * @param file the event file (plain or gzip)
   * @param displayName the name used in error messages (e.g. the path relative to the archive)
   * @param expectedSha256 hex SHA-256 the stored bytes must have, or {@code null} not to check
   * @param sink receives every event in file order
   * @return the number of rows and the SHA-256 of the stored bytes
   * @throws DataException for any malformed input, naming {@code displayName} and the line
   */
  public static FileSummary read(Path file, String displayName, String expectedSha256, Consumer<Event> sink) {
    InputStream raw;
    try {
      raw = Files.newInputStream(file);
    } catch (NoSuchFileException e) {
      throw new DataException(displayName, 0, "file not found", e);
    } catch (IOException e) {
      throw new DataException(displayName, 0, "cannot read: " + e.getMessage(), e);
    }
    return read(raw, displayName, expectedSha256, sink);
  }

  /**
   * Reads the events file at {@code rel} under a data root, opened through its {@link DataGate} (regular file
   * inside the root, size capped).
   */
  public static FileSummary read(DataGate gate, String rel, String expectedSha256, Consumer<Event> sink) {
    return read(gate.openEvents(rel), gate.name(rel), expectedSha256, sink);
  }

  /**
   * Reads an events file from a stream of its stored bytes, which this method closes.
   *
   * <p>Bounded: at most {@link #MAX_ROWS} event rows, {@link #MAX_COMMENT_LINES} leading comment lines, lines
   * of at most {@link #MAX_LINE_BYTES} bytes, and {@link DataGate#MAX_EVENTS_DECOMPRESSED_BYTES} bytes after
   * decompression; a blank line anywhere, and any byte after the last gzip member, are malformed.
   */
  public static FileSummary read(InputStream raw, String displayName, String expectedSha256, Consumer<Event> sink) {
    MessageDigest digest = sha256();
    ArrayDeque<byte[]> spare = SPARE.get();
    byte[] gzipBuffer = borrow(spare);
    byte[] parseBuffer = borrow(spare);
    // Every stored byte passes the digest exactly once: the buffer (and its mark/reset) sits above it. It is small:
    // the gzip reader asks for a whole buffer at a time, and such reads go past it.
    try (raw; InputStream stored = new BufferedInputStream(new DigestInputStream(raw, digest), 1 << 13);
         InputStream in = openMaybeGzip(stored, displayName, gzipBuffer)) {
      InputStream capped = new DataGate.CappedInputStream(in, DataGate.MAX_EVENTS_DECOMPRESSED_BYTES,
          () -> new DataException(displayName, 0, "more than " + DataGate.MAX_EVENTS_DECOMPRESSED_BYTES
              + " bytes after decompression (the cap of an events file)", null));
      long rows = new Parser(capped, displayName, parseBuffer).parse(sink);
      if (in instanceof SingleGzip g && g.trailingBytes()) {
        throw new DataException(displayName, 0,
            "bytes after the gzip member (an events file is one gzip member and nothing after it)", null);
      }
      byte[] skip = new byte[8192];
      while (stored.read(skip) >= 0) {
        // nothing is left by now; the digest has seen every stored byte
      }
      String sha = HexFormat.of().formatHex(digest.digest());
      if (expectedSha256 != null && !expectedSha256.equalsIgnoreCase(sha)) {
        throw new DataException(displayName, 0,
            "SHA-256 differs from the ledger (ledger " + Echo.of(expectedSha256) + ", file " + sha + ")", null);
      }
      return new FileSummary(displayName, rows, sha);
    } catch (NoSuchFileException e) {
      throw new DataException(displayName, 0, "file not found", e);
    } catch (EOFException e) {
      throw new DataException(displayName, 0, "truncated gzip: the compressed stream ends early", e);
    } catch (ZipException e) {
      throw new DataException(displayName, 0, "corrupt gzip: " + e.getMessage(), e);
    } catch (IOException e) {
      throw new DataException(displayName, 0, "cannot read: " + e.getMessage(), e);
    } finally {
      spare.push(parseBuffer);
      spare.push(gzipBuffer);
    }
  }

  /** Bytes of each of a file's two read buffers (the gzip input, the parser's), and one for the parser's sentinel. */
  private static final int BUFFER_BYTES = (1 << 16) + 1;

  /**
   * Read buffers a thread's finished files left, lent to its next file: thousands of files then allocate no new
   * buffers, so the collector runs less often. A buffer lent out is never in the deque, so a file read inside another
   * on the same thread gets buffers of its own. What a buffer held before is never read: both readers read only
   * what they have filled.
   */
  private static final ThreadLocal<ArrayDeque<byte[]>> SPARE =
      ThreadLocal.withInitial(ArrayDeque::new);

  private static byte[] borrow(ArrayDeque<byte[]> spare) {
    byte[] b = spare.poll();
    return b != null ? b : new byte[BUFFER_BYTES];
  }

  /** The most event rows an events file may hold (bounds the memory of a run's exact medians). */
  public static final long MAX_ROWS = 1L << 21;
  /** The most comment lines an events file may start with. */
  public static final int MAX_COMMENT_LINES = 1000;
  /** The longest line of an events file, bytes. */
  public static final int MAX_LINE_BYTES = 1 << 16;

  /**
   * Exactly one gzip member (RFC 1952), inflated with {@link Inflater}: header, deflate data, and a trailer whose
   * CRC-32 and length are checked. {@link GZIPInputStream} silently ignores bytes after the last member; here any
   * byte after the trailer (a second member included: the instrument writes one) is reported by
   * {@link #trailingBytes()}.
   */
  private static final class SingleGzip extends InputStream {
    private final InputStream in;
    private final Inflater inf = new Inflater(true);
    private final CRC32 crc = new CRC32();
    private final byte[] buf;
    private int filled;
    private long size;
    private boolean done;
    private boolean trailing;

    SingleGzip(InputStream in, byte[] buffer) throws IOException {
      this.in = in;
      this.buf = buffer;
      readHeader();
    }

    private int u8() throws IOException {
      int b = in.read();
      if (b < 0) {
        throw new EOFException("gzip header");
      }
      return b;
    }

    private void readHeader() throws IOException {
      if (u8() != 0x1f || u8() != 0x8b) {
        throw new ZipException("not in gzip format");
      }
      if (u8() != 8) {
        throw new ZipException("unsupported compression method");
      }
      int flags = u8();
      for (int i = 0; i < 6; i++) {
        u8(); // MTIME, XFL, OS
      }
      if ((flags & 4) != 0) {
        int xlen = u8() | (u8() << 8);
        for (int i = 0; i < xlen; i++) {
          u8();
        }
      }
      for (int bit : new int[] {8, 16}) { // FNAME, FCOMMENT: zero-terminated
        if ((flags & bit) != 0) {
          while (u8() != 0) {
            // skip
          }
        }
      }
      if ((flags & 2) != 0) {
        u8();
        u8();
      }
    }

    @Override
    public int read() throws IOException {
      byte[] one = new byte[1];
      return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      if (done) {
        return -1;
      }
      try {
        while (true) {
          int n = inf.inflate(b, off, len);
          if (n > 0) {
            crc.update(b, off, n);
            size += n;
            return n;
          }
          if (inf.finished()) {
            readTrailer();
            done = true;
            return -1;
          }
          if (inf.needsDictionary()) {
            throw new ZipException("a preset dictionary is not gzip");
          }
          if (inf.needsInput()) {
            filled = in.read(buf, 0, buf.length);
            if (filled < 0) {
              throw new EOFException("deflate data");
            }
            inf.setInput(buf, 0, filled);
          }
        }
      } catch (DataFormatException e) {
        throw new ZipException(e.getMessage() == null ? "invalid deflate data" : e.getMessage());
      }
    }

    private void readTrailer() throws IOException {
      int remaining = inf.getRemaining();
      byte[] t = new byte[8];
      int have = Math.min(remaining, 8);
      System.arraycopy(buf, filled - remaining, t, 0, have);
      for (int i = have; i < 8; i++) {
        t[i] = (byte) u8();
      }
      long crcStored = (t[0] & 0xffL) | (t[1] & 0xffL) << 8 | (t[2] & 0xffL) << 16 | (t[3] & 0xffL) << 24;
      long sizeStored = (t[4] & 0xffL) | (t[5] & 0xffL) << 8 | (t[6] & 0xffL) << 16 | (t[7] & 0xffL) << 24;
      if (crcStored != crc.getValue()) {
        throw new ZipException("invalid gzip trailer: CRC-32 differs");
      }
      if (sizeStored != (size & 0xffffffffL)) {
        throw new ZipException("invalid gzip trailer: length differs");
      }
      trailing = remaining > 8 || in.read() >= 0;
    }

    /** After end of input: true when any byte follows the trailer of the member. */
    boolean trailingBytes() {
      return trailing;
    }

    @Override
    public void close() throws IOException {
      inf.end();
    }
  }

  static MessageDigest sha256() {
    return Sha256.newDigest();
  }

  private static InputStream openMaybeGzip(InputStream in, String name, byte[] buffer) throws IOException {
    in.mark(2);
    int b0 = in.read();
    int b1 = in.read();
    in.reset();
    if (b0 < 0) {
      throw new DataException(name, 0, "empty file (0 bytes)", null);
    }
    if (b0 == 0x1f && b1 == 0x8b) {
      return new SingleGzip(in, buffer);
    }
    return in;
  }

  /**
   * Byte-level parser of one file; holds only the read buffer and, for a line the buffer cannot show whole, a copy
   * of that line.
   *
   * <p>A data row takes one of two paths, with one result. The fast path ({@link #fastRow}) parses the row straight
   * from the read buffer, in one pass that splits the cells and accumulates their digits, when the whole row lies
   * inside the buffer and it is plain: the header's number of cells, each empty or an integer of at most 18 digits
   * with an optional leading minus (so no cell can overflow), ending in LF or CRLF. Anything else (a row that
   * straddles the end of the buffer, a blank line, a longer or odd cell, a wrong count, the row past
   * {@link #MAX_ROWS}) leaves the fast path having changed nothing but scratch values, and the general path reads
   * the row again: it copies the line out of the buffer ({@link #nextLine}) and derives the exact message of
   * anything wrong with it ({@link #parseRow}), as every row was read before the fast path existed. A row is
   * checked as a whole ({@link #finishRow}) by the same code on either path.
   *
   * <p>The reads of the stream, and so the point at which a cap or a corrupt stream is met, do not depend on the
   * path: the fast path never reads, and the general path reads exactly when the row it copies runs past the buffer.
   */
  private static final class Parser {
    private static final int BUF_BYTES = 1 << 16;
    private static final int REQUIRED = 1 << SEQ | 1 << SEND_NS | 1 << SEND_US;
    private static final int DELIVERY = 1 << RECV_NS | 1 << RECV_US | 1 << CREATE_MS;
    /** The most digits a cell may have on the fast path: 10^18 - 1 fits in a long, so no cell overflows there. */
    private static final int FAST_DIGITS = 18;

    private final InputStream in;
    private final String name;
    /** Read buffer: {@code buf[pos..lim)} is unread, and {@code buf[lim]} is 0, a sentinel that ends any cell. */
    private final byte[] buf;
    private int pos;
    private int lim;
    private byte[] line = new byte[256];
    private int len;
    private long lineNo;
    private int[] fieldIndex;
    private int[] keyOfColumn;
    private String[] columnNames;
    private int columns;
    private final long[] values = new long[EventFormat.EVENT_COLUMNS.size()
        + EventFormat.OPTIONAL_HEADER_COLUMNS.size()];
    /** Bit {@code s} set when seq {@code s < BITSET_SEQ_LIMIT} was seen; grows by doubling. */
    private long[] seenSmall = new long[64];
    private final Set<Long> seenLarge = new HashSet<>();

    /** {@code buffer} has room for {@link #BUF_BYTES} bytes and the sentinel. */
    Parser(InputStream in, String name, byte[] buffer) {
      this.in = in;
      this.name = name;
      this.buf = buffer;
    }

    long parse(Consumer<Event> sink) throws IOException {
      boolean sawAnyByte = false;
      while (true) {
        int r = nextLine();
        if (r < 0) {
          throw sawAnyByte
              ? new DataException(name, lineNo, "missing header row (only comments)", null)
              : new DataException(name, 0, "empty file (no content after decompression)", null);
        }
        sawAnyByte = true;
        if (len > 0 && line[0] == '#') {
          if (lineNo > MAX_COMMENT_LINES) {
            throw new DataException(name, lineNo, "more than " + MAX_COMMENT_LINES
                + " comment lines before the header", null);
          }
          continue;
        }
        readHeader();
        break;
      }
      long rows = 0;
      while (pos < lim || fill()) {
        Event e = rows < MAX_ROWS ? fastRow() : null;
        if (e == null) {
          nextLine(); // a line is there: pos < lim
          if (len == 0) {
            throw new DataException(name, lineNo, "blank line inside the data", null);
          }
          if (rows >= MAX_ROWS) {
            throw new DataException(name, lineNo, "more than " + MAX_ROWS + " event rows (the cap of an events file)",
                null);
          }
          e = parseRow();
        }
        sink.accept(e);
        rows++;
      }
      if (rows == 0) {
        throw new DataException(name, lineNo, "no event rows after the header", null);
      }
      return rows;
    }

    /**
     * The plain row at {@code pos}, parsed from the buffer, with {@code pos} moved past its LF and the line counted;
     * or null when the row is not plain or not wholly in the buffer, with {@code pos} and {@code lineNo} unchanged.
     *
     * @throws DataException from {@link #finishRow} for a plain row that is wrong as a whole
     */
    private Event fastRow() {
      final byte[] b = buf;
      final int[] keys = keyOfColumn;
      final long[] v = values;
      final int cols = columns;
      int i = pos;
      int field = 0;
      int mask = 0;
      int c;
      while (true) {
        c = b[i];
        boolean negative = c == '-';
        if (negative) {
          c = b[++i]; // i < lim, since b[lim] is the sentinel
        }
        int start = i;
        long acc = 0;
        for (int d = c - '0'; d >= 0 && d <= 9; d = c - '0') {
          acc = acc * 10 + d;
          c = b[++i];
        }
        int digits = i - start;
        if (field == cols || (digits == 0 ? negative : digits > FAST_DIGITS)) {
          return null;
        }
        if (digits > 0) {
          int k = keys[field];
          if (k >= 0) {
            v[k] = negative ? -acc : acc;
            mask |= 1 << k;
          }
        }
        field++;
        if (c != ',') {
          break;
        }
        i++;
      }
      if (c == '\r') {
        c = b[++i]; // i < lim, since b[lim] is the sentinel
      }
      if (c != '\n' || field != cols) {
        return null; // another byte, CR without LF, the end of the buffer (sentinel), or a wrong count
      }
      pos = i + 1;
      lineNo++;
      return finishRow(mask);
    }

    /** Reads the next line into {@code line[0..len)} without its terminator; -1 at end of input. */
    private int nextLine() throws IOException {
      len = 0;
      if (pos >= lim && !fill()) {
        return -1;
      }
      lineNo++;
      while (true) {
        int start = pos;
        while (pos < lim && buf[pos] != '\n') {
          pos++;
        }
        append(start, pos);
        if (pos < lim) {
          pos++; // the newline
          break;
        }
        if (!fill()) {
          break;
        }
      }
      if (len > 0 && line[len - 1] == '\r') {
        len--;
      }
      return len;
    }

    private void append(int from, int to) {
      int n = to - from;
      if (len + n > line.length) {
        if (len + n > MAX_LINE_BYTES) {
          throw new DataException(name, lineNo, "line longer than " + MAX_LINE_BYTES + " bytes (not an events file?)",
              null);
        }
        line = Arrays.copyOf(line, Math.max(line.length * 2, len + n));
      }
      System.arraycopy(buf, from, line, len, n);
      len += n;
    }

    private boolean fill() throws IOException {
      int n = in.read(buf, 0, BUF_BYTES);
      while (n == 0) {
        n = in.read(buf, 0, BUF_BYTES);
      }
      pos = 0;
      lim = Math.max(n, 0);
      buf[lim] = 0;
      return n > 0;
    }

    private void readHeader() {
      String header = new String(line, 0, len, StandardCharsets.UTF_8);
      if (header.indexOf('\r') >= 0) {
        throw new DataException(name, lineNo,
            "a carriage return without a line feed: lines of an events file end in LF "
            + "or CRLF, not CR alone", null);
      }
      if (header.startsWith("\uFEFF")) {
        header = header.substring(1);
      }
      String[] names = header.split(",", -1);
      if (names.length > 0 && looksNumeric(names[0])) {
        throw new DataException(name, lineNo, "missing header row (first line is data: \"" + abbreviate(header)
            + "\")", null);
      }
      List<String> required = EventFormat.EVENT_COLUMNS;
      List<String> expected = new ArrayList<>(required);
      expected.addAll(EventFormat.OPTIONAL_HEADER_COLUMNS);
      fieldIndex = new int[expected.size()];
      Arrays.fill(fieldIndex, -1);
      Set<String> seen = new HashSet<>();
      for (int i = 0; i < names.length; i++) {
        String n = names[i].trim();
        if (n.isEmpty()) {
          throw new DataException(name, lineNo, "header column " + (i + 1) + " is empty", null);
        }
        if (!seen.add(n)) {
          throw new DataException(name, lineNo, "header names column \"" + n + "\" twice", null);
        }
        int k = expected.indexOf(n);
        if (k >= 0) {
          fieldIndex[k] = i;
        }
      }
      List<String> missing = new ArrayList<>();
      for (int k = 0; k < required.size(); k++) {
        if (fieldIndex[k] < 0) {
          missing.add(expected.get(k));
        }
      }
      if (!missing.isEmpty()) {
        throw new DataException(name, lineNo, "header lacks column" + (missing.size() > 1 ? "s " : " ")
            + String.join(", ", missing), null);
      }
      columns = names.length;
      columnNames = new String[columns];
      for (int i = 0; i < columns; i++) {
        columnNames[i] = names[i].trim();
      }
      keyOfColumn = new int[columns];
      Arrays.fill(keyOfColumn, -1);
      for (int k = 0; k < fieldIndex.length; k++) {
        if (fieldIndex[k] < 0) {
          continue; // an optional column the file lacks
        }
        keyOfColumn[fieldIndex[k]] = k;
      }
    }

    /** The general path: the row copied in {@code line[0..len)}, every cell checked in order, then as a whole. */
    private Event parseRow() {
      int mask = 0;
      int field = 0;
      int start = 0;
      for (int i = 0; i <= len; i++) {
        if (i == len || line[i] == ',') {
          if (field >= columns) {
            throw new DataException(name, lineNo, "expected " + columns + " fields, found more", null);
          }
          mask |= storeField(field, start, i);
          field++;
          start = i + 1;
        }
      }
      if (field != columns) {
        throw new DataException(name, lineNo, "expected " + columns + " fields, found " + field, null);
      }
      return finishRow(mask);
    }

    /**
     * Checks a row whose cells are parsed into {@code values} (bit {@code k} of {@code mask} set when the cell of
     * column {@code k} is not empty) and makes its event; the same checks, in the same order, on either path.
     */
    private Event finishRow(int mask) {
      final long[] v = values;
      if ((mask & REQUIRED) != REQUIRED) {
        requirePresent(mask, SEQ);
        requirePresent(mask, SEND_NS);
        requirePresent(mask, SEND_US);
      }
      int delivery = mask & DELIVERY;
      if (delivery != 0 && delivery != DELIVERY) {
        throw new DataException(name, lineNo,
            "recv_ns, recv_us and create_ms must be all present or all empty (a delivery is one event)", null);
      }
      boolean recvNs = delivery != 0;
      boolean ackNs = (mask & 1 << ACK_NS) != 0;
      long seq = v[SEQ];
      if (seq < 0) {
        throw new DataException(name, lineNo, "seq is negative (" + seq + ")", null);
      }
      if (!markSeen(seq)) {
        throw new DataException(name, lineNo, "duplicate seq " + seq, null);
      }
      // Every span the analysis takes must fit in 64 bits: stamps near +-2^63 are bad data, not a wrapped flight.
      long sendNs = v[SEND_NS];
      long ack = ackNs ? v[ACK_NS] : Event.MISSING;
      if (ackNs && subtractOverflows(ack, sendNs)) {
        throw spanOverflow("ack_ns - send_ns");
      }
      long recv = Event.MISSING;
      long recvUs = Event.MISSING;
      long createMs = Event.MISSING;
      if (recvNs) {
        recv = v[RECV_NS];
        recvUs = v[RECV_US];
        createMs = v[CREATE_MS];
        if (subtractOverflows(recv, sendNs)) {
          throw spanOverflow("recv_ns - send_ns");
        }
        if (ackNs && subtractOverflows(recv, ack)) {
          throw spanOverflow("recv_ns - ack_ns");
        }
        if (subtractOverflows(recvUs, v[SEND_US])) {
          throw spanOverflow("recv_us - send_us");
        }
        if (subtractOverflows(Math.floorDiv(recvUs, 1000L), createMs)) {
          throw spanOverflow("floor(recv_us / 1000) - create_ms");
        }
      }
      long covered = Event.MISSING;
      if ((mask & 1 << ACK_COVERED) != 0) {
        covered = v[ACK_COVERED];
        if (!ackNs || covered < 1) {
          throw new DataException(name, lineNo, "ack_covered must be at least 1 and come with ack_ns (was " + covered
              + (ackNs ? "" : ", ack_ns empty") + ")", null);
        }
      }
      return new Event(seq, sendNs, ack, recv, v[SEND_US], recvUs, createMs, covered);
    }

    /** Whether {@code later - earlier} overflows 64 bits (the test {@link Math#subtractExact(long, long)} makes). */
    private static boolean subtractOverflows(long later, long earlier) {
      long r = later - earlier;
      return ((later ^ earlier) & (later ^ r)) < 0;
    }

    private DataException spanOverflow(String what) {
      return new DataException(name, lineNo, what + " overflows 64 bits (stamps out of range)", null);
    }

    private boolean markSeen(long seq) {
      if (seq < BITSET_SEQ_LIMIT) {
        int s = (int) seq;
        int w = s >>> 6;
        if (w >= seenSmall.length) {
          seenSmall = Arrays.copyOf(seenSmall, Math.max(w + 1, seenSmall.length * 2));
        }
        long bit = 1L << s; // the shift takes s mod 64
        long word = seenSmall[w];
        if ((word & bit) != 0) {
          return false;
        }
        seenSmall[w] = word | bit;
        return true;
      }
      return seenLarge.add(seq);
    }

    private void requirePresent(int mask, int k) {
      if ((mask & 1 << k) == 0) {
        throw new DataException(name, lineNo, EventFormat.EVENT_COLUMNS.get(k) + " is empty (required)", null);
      }
    }

    /** Parses one cell of the copied line; returns the bit of its column in the row's mask, 0 when empty or extra. */
    private int storeField(int field, int from, int to) {
      int k = keyOfColumn[field];
      if (from == to) {
        return 0;
      }
      long v = parseLong(from, to, columnNames[field]);
      if (k >= 0) {
        values[k] = v;
        return 1 << k;
      }
      return 0;
    }

    private long parseLong(int from, int to, String column) {
      int i = from;
      boolean negative = false;
      if (line[i] == '-') {
        negative = true;
        i++;
      }
      if (i == to) {
        throw notInteger(column, from, to);
      }
      long acc = 0;
      for (; i < to; i++) {
        int d = line[i] - '0';
        if (d < 0 || d > 9) {
          throw notInteger(column, from, to);
        }
        if (acc < (Long.MIN_VALUE + d) / 10) {
          throw new DataException(name, lineNo, column + " is out of the 64-bit range (\""
              + abbreviate(new String(line, from, to - from, StandardCharsets.UTF_8)) + "\")", null);
        }
        acc = acc * 10 - d;
      }
      if (!negative) {
        if (acc == Long.MIN_VALUE) {
          throw new DataException(name, lineNo, column + " is out of the 64-bit range (\""
              + abbreviate(new String(line, from, to - from, StandardCharsets.UTF_8)) + "\")", null);
        }
        return -acc;
      }
      if (acc == Long.MIN_VALUE) {
        throw new DataException(name, lineNo, column + " is the reserved value " + Long.MIN_VALUE, null);
      }
      return acc;
    }

    private DataException notInteger(String column, int from, int to) {
      return new DataException(name, lineNo, column + " is not an integer (\""
          + abbreviate(new String(line, from, to - from, StandardCharsets.UTF_8)) + "\")", null);
    }
  }

  private static boolean looksNumeric(String s) {
    String t = s.trim();
    if (t.isEmpty()) {
      return false;
    }
    for (int i = 0; i < t.length(); i++) {
      char c = t.charAt(i);
      if (!(Character.isDigit(c) || (i == 0 && c == '-'))) {
        return false;
      }
    }
    return true;
  }

  static String abbreviate(String s) {
    return Echo.of(s);
  }
}
