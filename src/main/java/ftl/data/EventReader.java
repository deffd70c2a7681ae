package ftl.data;

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
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.zip.GZIPInputStream;
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
    MessageDigest digest = sha256();
    // Every stored byte passes the digest exactly once: the buffer (and its mark/reset) sits above it.
    try (InputStream raw = Files.newInputStream(file);
         InputStream stored = new BufferedInputStream(new DigestInputStream(raw, digest), 1 << 16)) {
      InputStream in = openMaybeGzip(stored, displayName);
      long rows = new Parser(in, displayName).parse(sink);
      // Drain whatever follows the data (e.g. gzip trailer) so the digest covers every stored byte.
      byte[] skip = new byte[8192];
      while (stored.read(skip) >= 0) {
        // keep hashing
      }
      String sha = HexFormat.of().formatHex(digest.digest());
      if (expectedSha256 != null && !expectedSha256.equalsIgnoreCase(sha)) {
        throw new DataException(displayName, 0,
            "SHA-256 differs from the ledger (ledger " + expectedSha256 + ", file " + sha + ")", null);
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
    }
  }

  /** Reads every event of a file into a list (for tests and small files only). */
  public static List<Event> readAll(Path file) {
    List<Event> out = new ArrayList<>();
    read(file, file.toString(), null, out::add);
    return out;
  }

  static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }

  private static InputStream openMaybeGzip(InputStream in, String name) throws IOException {
    in.mark(2);
    int b0 = in.read();
    int b1 = in.read();
    in.reset();
    if (b0 < 0) {
      throw new DataException(name, 0, "empty file (0 bytes)", null);
    }
    if (b0 == 0x1f && b1 == 0x8b) {
      return new GZIPInputStream(in, 1 << 16);
    }
    return in;
  }

  /** Byte-level parser of one file; holds only the current line. */
  private static final class Parser {
    private final InputStream in;
    private final String name;
    private final byte[] buf = new byte[1 << 16];
    private int pos;
    private int lim;
    private byte[] line = new byte[256];
    private int len;
    private long lineNo;
    private int[] fieldIndex;
    private int[] keyOfColumn;
    private String[] columnNames;
    private int columns;
    private final long[] values = new long[EventFormat.EVENT_COLUMNS.size()];
    private final boolean[] present = new boolean[EventFormat.EVENT_COLUMNS.size()];
    private final BitSet seenSmall = new BitSet();
    private final Set<Long> seenLarge = new HashSet<>();

    Parser(InputStream in, String name) {
      this.in = in;
      this.name = name;
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
          continue;
        }
        readHeader();
        break;
      }
      long rows = 0;
      int blankAt = 0;
      while (nextLine() >= 0) {
        if (len == 0) {
          if (blankAt == 0) {
            blankAt = (int) Math.min(Integer.MAX_VALUE, lineNo);
          }
          continue;
        }
        if (blankAt != 0) {
          throw new DataException(name, blankAt, "blank line inside the data", null);
        }
        sink.accept(parseRow());
        rows++;
      }
      if (rows == 0) {
        throw new DataException(name, lineNo, "no event rows after the header", null);
      }
      return rows;
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
        if (len + n > 1 << 20) {
          throw new DataException(name, lineNo, "line longer than 1 MiB (not an event file?)", null);
        }
        line = java.util.Arrays.copyOf(line, Math.max(line.length * 2, len + n));
      }
      System.arraycopy(buf, from, line, len, n);
      len += n;
    }

    private boolean fill() throws IOException {
      int n = in.read(buf, 0, buf.length);
      while (n == 0) {
        n = in.read(buf, 0, buf.length);
      }
      pos = 0;
      lim = Math.max(n, 0);
      return n > 0;
    }

    private void readHeader() {
      String header = new String(line, 0, len, StandardCharsets.UTF_8);
      if (header.startsWith("\uFEFF")) {
        header = header.substring(1);
      }
      String[] names = header.split(",", -1);
      if (names.length > 0 && looksNumeric(names[0])) {
        throw new DataException(name, lineNo, "missing header row (first line is data: \"" + abbreviate(header) + "\")", null);
      }
      List<String> expected = EventFormat.EVENT_COLUMNS;
      fieldIndex = new int[expected.size()];
      java.util.Arrays.fill(fieldIndex, -1);
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
      for (int k = 0; k < expected.size(); k++) {
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
      java.util.Arrays.fill(keyOfColumn, -1);
      for (int k = 0; k < fieldIndex.length; k++) {
        keyOfColumn[fieldIndex[k]] = k;
      }
    }

    private Event parseRow() {
      java.util.Arrays.fill(present, false);
      int field = 0;
      int start = 0;
      for (int i = 0; i <= len; i++) {
        if (i == len || line[i] == ',') {
          if (field >= columns) {
            throw new DataException(name, lineNo, "expected " + columns + " fields, found more", null);
          }
          storeField(field, start, i);
          field++;
          start = i + 1;
        }
      }
      if (field != columns) {
        throw new DataException(name, lineNo, "expected " + columns + " fields, found " + field, null);
      }
      requirePresent(SEQ);
      requirePresent(SEND_NS);
      requirePresent(SEND_US);
      boolean recvNs = present[RECV_NS];
      if (recvNs != present[RECV_US] || recvNs != present[CREATE_MS]) {
        throw new DataException(name, lineNo,
            "recv_ns, recv_us and create_ms must be all present or all empty (a delivery is one event)", null);
      }
      long seq = values[SEQ];
      if (seq < 0) {
        throw new DataException(name, lineNo, "seq is negative (" + seq + ")", null);
      }
      if (!markSeen(seq)) {
        throw new DataException(name, lineNo, "duplicate seq " + seq, null);
      }
      return new Event(seq, values[SEND_NS],
          present[ACK_NS] ? values[ACK_NS] : Event.MISSING,
          recvNs ? values[RECV_NS] : Event.MISSING,
          values[SEND_US],
          recvNs ? values[RECV_US] : Event.MISSING,
          recvNs ? values[CREATE_MS] : Event.MISSING);
    }

    private boolean markSeen(long seq) {
      if (seq < BITSET_SEQ_LIMIT) {
        int s = (int) seq;
        if (seenSmall.get(s)) {
          return false;
        }
        seenSmall.set(s);
        return true;
      }
      return seenLarge.add(seq);
    }

    private void requirePresent(int k) {
      if (!present[k]) {
        throw new DataException(name, lineNo, EventFormat.EVENT_COLUMNS.get(k) + " is empty (required)", null);
      }
    }

    private void storeField(int field, int from, int to) {
      int k = keyOfColumn[field];
      if (from == to) {
        if (k >= 0) {
          present[k] = false;
        }
        return;
      }
      long v = parseLong(from, to, columnNames[field]);
      if (k >= 0) {
        values[k] = v;
        present[k] = true;
      }
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
              + new String(line, from, to - from, StandardCharsets.UTF_8) + "\")", null);
        }
        acc = acc * 10 - d;
      }
      if (!negative) {
        if (acc == Long.MIN_VALUE) {
          throw new DataException(name, lineNo, column + " is out of the 64-bit range (\""
              + new String(line, from, to - from, StandardCharsets.UTF_8) + "\")", null);
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
    return s.length() <= 40 ? s : s.substring(0, 37) + "...";
  }
}
