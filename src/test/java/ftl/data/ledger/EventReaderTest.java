package ftl.data.ledger;

import static ftl.data.ledger.Events.event;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import ftl.data.io.DataException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The two paths of {@link EventReader}'s row parser give one result: a row wholly inside the 64 KiB read buffer is
 * parsed from the buffer, a row that straddles its end (or is not plain) is copied out and parsed by the general
 * path. Each test writes synthetic rows (built here, in memory) from a list of events and reads them back, so the
 * expected events are the ones written, not the reader's own output.
 */
class EventReaderTest {

  private static final String HEADER = "seq,send_ns,ack_ns,recv_ns,send_us,recv_us,create_ms,intended_ns";

  /**
   * {@code n} events of every shape a valid file holds: complete, ack missing, delivery missing, negative monotonic
   * stamps; with the extra column {@code intended_ns} (negative on some rows) written beside them.
   */
  private static List<Event> events(int n) {
    List<Event> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      long send = (i % 11 == 5 ? -4_000_000_000L : 3_323_508_190_691L) + i * 500_037L;
      long ack = i % 13 == 3 ? Event.MISSING : send + 1_267_544 + i % 97;
      boolean delivered = i % 17 != 9;
      long sendUs = 1_796_009_742_549_323L + i * 500L;
      long recvUs = delivered ? sendUs + 2_151 + i % 7 : Event.MISSING;
      out.add(event(i, send, ack, delivered ? send + 2_650_646 + i % 89 : Event.MISSING, sendUs, recvUs,
          delivered ? sendUs / 1000 : Event.MISSING));
    }
    return out;
  }

  private static String cell(long v) {
    return v == Event.MISSING ? "" : Long.toString(v);
  }

  /** The rows of {@code events} under {@link #HEADER}, each line ended by {@code eol}; the last one too if asked. */
  private static byte[] csv(String prefix, List<Event> events, String eol, boolean finalEol) {
    StringBuilder sb = new StringBuilder(prefix).append(HEADER).append(eol);
    for (int i = 0; i < events.size(); i++) {
      Event e = events.get(i);
      sb.append(e.seq()).append(',').append(e.sendNanos()).append(',').append(cell(e.ackNanos())).append(',')
          .append(cell(e.recvNanos())).append(',').append(e.sendMicros()).append(',').append(cell(e.recvMicros()))
          .append(',').append(cell(e.createMillis())).append(',').append(i % 3 == 0 ? -e.sendNanos() : e.sendNanos());
      if (finalEol || i < events.size() - 1) {
        sb.append(eol);
      }
    }
    return sb.toString().getBytes(StandardCharsets.UTF_8);
  }

  private static List<Event> read(InputStream in) {
    List<Event> out = new ArrayList<>();
    EventReader.read(in, "e.csv", null, out::add);
    return out;
  }

  private static byte[] gzip(byte[] plain) throws IOException {
    ByteArrayOutputStream bo = new ByteArrayOutputStream();
    try (GZIPOutputStream g = new GZIPOutputStream(bo)) {
      g.write(plain);
    }
    return bo.toByteArray();
  }

  static Stream<Arguments> lineEnds() {
    return Stream.of(Arguments.of("LF", "\n"), Arguments.of("CRLF", "\r\n"));
  }

  /**
   * A plain file is read in 64 KiB chunks; a comment line of {@code k} bytes before the header moves the row that
   * straddles the first chunk's end one byte per step, so across the steps the cut falls at every byte of a row:
   * inside a number, after a minus, beside a comma, on an empty cell, between CR and LF, just after LF.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("lineEnds")
  void read_rowStraddlingTheReadBuffer_sameEventsAtEveryCut(String label, String eol) {
    List<Event> expected = events(700);
    int rowBytes = 160;
    for (int k = 0; k <= rowBytes; k++) {
      for (boolean finalEol : new boolean[] {true, false}) {
        byte[] file = csv("#" + "x".repeat(k) + eol, expected, eol, finalEol);
        assertThat(file.length).isGreaterThan((1 << 16) + rowBytes);
        assertThat(read(new ByteArrayInputStream(file))).as("comment of %d bytes, final %s: %b", k, label, finalEol)
            .isEqualTo(expected);
      }
    }
  }

  /**
   * The optional column {@code ack_covered} (version 11): read when the header has it, in any position, on either
   * path; an event without it, or a file written before it, reads as {@link Event#MISSING}.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("lineEnds")
  void read_ackCoveredColumn_readWhenPresent(String label, String eol) {
    String file = "seq,ack_covered,send_ns,ack_ns,recv_ns,send_us,recv_us,create_ms" + eol
        + "0,3,100,200,300,10,20,0" + eol
        + "1,,100,200,300,10,20,0" + eol
        + "2,1,100,200,,10,," + eol;
    assertThat(read(new ByteArrayInputStream(file.getBytes(StandardCharsets.UTF_8)))).containsExactly(
        new Event(0, 100, 200, 300, 10, 20, 0, 3), event(1, 100, 200, 300, 10, 20, 0),
        new Event(2, 100, 200, Event.MISSING, 10, Event.MISSING, Event.MISSING, 1));
    assertThat(new Event(0, 100, 200, 300, 10, 20, 0, 3).ackCoveredSeveral()).isTrue();
    assertThat(new Event(0, 100, 200, 300, 10, 20, 0, 1).ackCoveredSeveral()).isFalse();
    assertThat(event(1, 100, 200, 300, 10, 20, 0).ackCoveredSeveral()).isFalse();
  }

  /** An {@code ack_covered} below 1, or beside an empty {@code ack_ns}, is refused naming the line. */
  @ParameterizedTest(name = "{0}")
  @CsvSource({"'0,100,200,300,10,20,0,0', 0", "'0,100,,300,10,20,0,2', 2",
      "'0,100,200,300,10,20,0,-1', -1"})
  void read_ackCoveredOutOfRange_isRefusedWithItsLine(String row, long covered) {
    String file = HEADER.replace("intended_ns", "ack_covered") + "\n" + row + "\n";
    DataException e = catchThrowableOfType(DataException.class,
        () -> read(new ByteArrayInputStream(file.getBytes(StandardCharsets.UTF_8))));
    assertThat(e).hasMessageContaining("e.csv:2:").hasMessageContaining("ack_covered must be at least 1")
        .hasMessageContaining("was " + covered);
  }

  /** A stream that gives at most {@code chunk} bytes a read: nearly every row straddles a read, on either path. */
  private static final class Trickle extends InputStream {
    private final byte[] bytes;
    private final int chunk;
    private int pos;

    Trickle(byte[] bytes, int chunk) {
      this.bytes = bytes;
      this.chunk = chunk;
    }

    @Override
    public int read() {
      return pos < bytes.length ? bytes[pos++] & 0xff : -1;
    }

    @Override
    public int read(byte[] b, int off, int len) {
      if (pos >= bytes.length) {
        return -1;
      }
      int n = Math.min(Math.min(len, chunk), bytes.length - pos);
      System.arraycopy(bytes, pos, b, off, n);
      pos += n;
      return n;
    }
  }

  static Stream<Arguments> trickles() {
    List<Arguments> out = new ArrayList<>();
    for (String eol : new String[] {"\n", "\r\n"}) {
      for (boolean gzip : new boolean[] {false, true}) {
        for (int chunk : new int[] {1, 7, 100}) {
          out.add(Arguments.of((eol.length() == 1 ? "LF" : "CRLF") + (gzip ? " gzip" : " plain") + " chunk "
              + chunk, eol, gzip, chunk));
        }
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("trickles")
  void read_streamGivingFewBytesAtATime_sameEventsAndDigest(String label, String eol, boolean gzip, int chunk)
      throws Exception {
    List<Event> expected = events(600);
    byte[] stored = csv("", expected, eol, true);
    if (gzip) {
      stored = gzip(stored);
    }
    List<Event> got = new ArrayList<>();
    EventReader.FileSummary s = EventReader.read(new Trickle(stored, chunk), "e.csv", null, got::add);
    assertThat(got).isEqualTo(expected);
    assertThat(s.rows()).isEqualTo(expected.size());
    assertThat(s.sha256()).isEqualTo(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(stored)));
  }

  /** A line can be longer than the read buffer holds whole only up to {@link EventReader#MAX_LINE_BYTES}. */
  @ParameterizedTest(name = "line of MAX_LINE_BYTES{0} bytes")
  @ValueSource(ints = {-1, 0})
  void read_cellOfLeadingZerosUpToMaxLineBytes_parsesItsValue(int fromMax) {
    String rest = ",1000,,,1700000000000000,,,1234";
    String row2 = "1,2000,,,1700000000001000,,,5";
    String zeros = "0".repeat(EventReader.MAX_LINE_BYTES + fromMax - ("0" + rest).length());
    byte[] file = (HEADER + "\n0" + rest.replace(",1234", "," + zeros + "1234") + "\n" + row2 + "\n")
        .getBytes(StandardCharsets.UTF_8);
    assertThat(file.length).isEqualTo(HEADER.length() + 1 + EventReader.MAX_LINE_BYTES + fromMax + 1
        + row2.length() + 1);
    assertThat(read(new ByteArrayInputStream(file))).containsExactly(
        event(0, 1000, Event.MISSING, Event.MISSING, 1_700_000_000_000_000L, Event.MISSING, Event.MISSING),
        event(1, 2000, Event.MISSING, Event.MISSING, 1_700_000_000_001_000L, Event.MISSING, Event.MISSING));
  }

  @Test
  void read_lineOneByteOverMaxLineBytes_refusedAtItsLine() {
    String row = "0,1000,,,1700000000000000,,,";
    String line = row + "1".repeat(EventReader.MAX_LINE_BYTES + 1 - row.length());
    byte[] file = (HEADER + "\n" + line + "\n").getBytes(StandardCharsets.UTF_8);
    DataException e = catchThrowableOfType(DataException.class, () -> read(new ByteArrayInputStream(file)));
    assertThat(e.line()).isEqualTo(2);
    assertThat(e.problem()).isEqualTo("line longer than " + EventReader.MAX_LINE_BYTES
        + " bytes (not an events file?)");
  }

  /** Cells of 19 digits (beyond the fast path's 18) and of 18 digits, on rows LF- and CRLF-ended, parse exactly. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("lineEnds")
  void read_cellsOfEighteenAndNineteenDigits_parsedExactly(String label, String eol) {
    String file = HEADER + eol
        + "9223372036854775807,1000000000000000000,-1000000000000000000,,1,,,-9223372036854775807" + eol
        + "999999999999999999,-999999999999999999,999999999999999999,,2,,,-000000000000000001" + eol
        + "5,-100,-050,0,999999999999999999,1000000000000000000,1000000000000000,000000000000000000007" + eol;
    assertThat(read(new ByteArrayInputStream(file.getBytes(StandardCharsets.UTF_8)))).containsExactly(
        event(Long.MAX_VALUE, 1_000_000_000_000_000_000L, -1_000_000_000_000_000_000L, Event.MISSING, 1,
            Event.MISSING, Event.MISSING),
        event(999_999_999_999_999_999L, -999_999_999_999_999_999L, 999_999_999_999_999_999L, Event.MISSING, 2,
            Event.MISSING, Event.MISSING),
        event(5, -100, -50, 0, 999_999_999_999_999_999L, 1_000_000_000_000_000_000L, 1_000_000_000_000_000L));
  }

  /** {@code MAX_ROWS + 1} minimal rows, made as they are read (never held whole). */
  private static final class ManyRows extends InputStream {
    private final long rows;
    private long next = -1;
    private byte[] cur = new byte[0];
    private int pos;

    ManyRows(long rows) {
      this.rows = rows;
    }

    @Override
    public int read() {
      if (pos == cur.length) {
        if (next >= rows) {
          return -1;
        }
        cur = (next < 0 ? HEADER + "\n" : next + "," + next + ",,,1,,,\n").getBytes(StandardCharsets.US_ASCII);
        pos = 0;
        next++;
      }
      return cur[pos++];
    }

    @Override
    public int read(byte[] b, int off, int len) {
      int n = 0;
      for (int c; n < len && (c = read()) >= 0; n++) {
        b[off + n] = (byte) c;
      }
      return n == 0 && len > 0 ? -1 : n;
    }
  }

  @Test
  void read_rowPastMaxRows_refusedAtItsLineAfterMaxRowsEvents() {
    long[] seen = {0, -1};
    DataException e = catchThrowableOfType(DataException.class, () -> EventReader.read(
        new ManyRows(EventReader.MAX_ROWS + 1), "e.csv", null, ev -> {
          seen[0]++;
          seen[1] = ev.seq();
        }));
    assertThat(e.line()).isEqualTo(EventReader.MAX_ROWS + 2);
    assertThat(e.problem()).isEqualTo("more than " + EventReader.MAX_ROWS + " event rows (the cap of an events file)");
    assertThat(seen).containsExactly(EventReader.MAX_ROWS, EventReader.MAX_ROWS - 1);
  }
}
