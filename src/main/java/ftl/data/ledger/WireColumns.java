package ftl.data.ledger;

import ftl.data.io.DataException;
import ftl.data.io.Echo;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPInputStream;

/**
 * The stamps of a captured run's events file that its wire decomposition needs (issue #55): {@code send_ns},
 * {@code ack_ns}, {@code recv_ns}, the two wire columns {@code produce_resp_ns} and {@code fetch_resp_ns}, and the
 * optional {@code produce_req_ns} (ledger layout 15; a file written before it lacks the column), one entry per row in
 * file order, {@link Event#MISSING} for an empty cell. The file's other columns are read and checked by
 * {@link EventReader}; this reader checks what it takes: the header names the five columns once each and the optional
 * one at most once, every row has the header's number of cells, and each column taken is empty or an integer. A file
 * whose header lacks one of the two wire columns is a run that was not captured: refused by name.
 *
 * @param send {@code send_ns} per row
 * @param ack {@code ack_ns} per row
 * @param recv {@code recv_ns} per row
 * @param produceResp {@code produce_resp_ns} per row
 * @param fetchResp {@code fetch_resp_ns} per row
 * @param produceReq {@code produce_req_ns} per row; every entry {@link Event#MISSING} in a file without the column
 *     ({@link #hasProduceReq} tells the two apart)
 * @param hasProduceReq whether the header names {@code produce_req_ns}
 */
public record WireColumns(long[] send, long[] ack, long[] recv, long[] produceResp, long[] fetchResp,
                          long[] produceReq, boolean hasProduceReq) {
  /** The columns every captured run's file has, in the order of the record's components. */
  public static final List<String> COLUMNS = List.of("send_ns", "ack_ns", "recv_ns", "produce_resp_ns",
      "fetch_resp_ns");
  /** The columns read when present (a file written before them lacks them), after {@link #COLUMNS}. */
  public static final List<String> OPTIONAL_COLUMNS = List.of("produce_req_ns");
  /** Longest line read: an events row is well under 200 characters. */
  static final int MAX_LINE_CHARS = 4096;

  /**
   * Reads the five columns of an events file, gzip or plain (told by the gzip magic), comment lines ({@code #}) before
   * the header skipped.
   *
   * @param raw the file's stored bytes, as the data gate opens them
   * @param name the file's name for errors
   * @throws DataException naming the file and line of a malformed header, row or cell
   */
  public static WireColumns read(InputStream raw, String name) {
    try (BufferedReader r = new BufferedReader(new InputStreamReader(plainOrGzip(raw), StandardCharsets.US_ASCII),
        1 << 16)) {
      long lineNo = 1;
      String header = line(r, name, lineNo);
      while (header != null && header.startsWith("#")) {
        header = line(r, name, ++lineNo);
      }
      if (header == null) {
        throw new DataException(name, 0, "no header row");
      }
      List<String> names = Arrays.asList(header.split(",", -1));
      List<String> taken = new ArrayList<>(COLUMNS);
      taken.addAll(OPTIONAL_COLUMNS);
      int[] at = new int[taken.size()];
      for (int k = 0; k < at.length; k++) {
        at[k] = names.indexOf(taken.get(k));
        if (k < COLUMNS.size() && (at[k] < 0 || names.lastIndexOf(taken.get(k)) != at[k])) {
          throw new DataException(name, lineNo, "header must name " + taken.get(k)
              + " once (a run not captured has no wire columns)");
        }
        if (at[k] >= 0 && names.lastIndexOf(taken.get(k)) != at[k]) {
          throw new DataException(name, lineNo, "header names " + taken.get(k) + " twice");
        }
      }
      long[][] cols = new long[at.length][1024];
      int n = 0;
      for (String line = line(r, name, lineNo + 1); line != null; line = line(r, name, lineNo + 1)) {
        lineNo++;
        String[] cells = line.split(",", -1);
        if (cells.length != names.size()) {
          throw new DataException(name, lineNo, "expected " + names.size() + " fields, found " + cells.length);
        }
        if (n == cols[0].length) {
          for (int k = 0; k < cols.length; k++) {
            cols[k] = Arrays.copyOf(cols[k], n * 2);
          }
        }
        for (int k = 0; k < at.length; k++) {
          cols[k][n] = at[k] < 0 ? Event.MISSING : cell(cells[at[k]], name, lineNo, taken.get(k));
        }
        n++;
      }
      return new WireColumns(Arrays.copyOf(cols[0], n), Arrays.copyOf(cols[1], n), Arrays.copyOf(cols[2], n),
          Arrays.copyOf(cols[3], n), Arrays.copyOf(cols[4], n), Arrays.copyOf(cols[5], n), at[5] >= 0);
    } catch (IOException e) {
      throw new DataException(name, 0, "cannot be read as a gzip events file: " + e.getMessage(), e);
    }
  }

  /** The stream, inflated when it starts with the gzip magic {@code 1f 8b}. */
  static InputStream plainOrGzip(InputStream raw) throws IOException {
    java.io.BufferedInputStream b = new java.io.BufferedInputStream(raw, 1 << 16);
    b.mark(2);
    int m0 = b.read();
    int m1 = b.read();
    b.reset();
    return m0 == 0x1f && m1 == 0x8b ? new GZIPInputStream(b, 1 << 16) : b;
  }

  private static String line(BufferedReader r, String name, long lineNo) throws IOException {
    StringBuilder sb = new StringBuilder();
    for (int c = r.read(); c != '\n'; c = r.read()) {
      if (c < 0) {
        return sb.length() == 0 ? null : sb.toString();
      }
      if (sb.length() == MAX_LINE_CHARS) {
        throw new DataException(name, lineNo, "a line longer than " + MAX_LINE_CHARS + " characters");
      }
      sb.append((char) c);
    }
    int end = sb.length();
    return end > 0 && sb.charAt(end - 1) == '\r' ? sb.substring(0, end - 1) : sb.toString();
  }

  private static long cell(String s, String name, long lineNo, String column) {
    if (s.isEmpty()) {
      return Event.MISSING;
    }
    try {
      return Long.parseLong(s);
    } catch (NumberFormatException e) {
      throw new DataException(name, lineNo, column + " is not an integer (\"" + Echo.of(s) + "\")");
    }
  }
}
