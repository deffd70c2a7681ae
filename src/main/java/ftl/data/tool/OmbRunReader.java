package ftl.data.tool;

import ftl.data.io.DataException;
import ftl.data.io.Echo;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.TreeMap;

/**
 * Reads one per-run file of the real OpenMessaging Benchmark runs ({@link OmbFormat#RUN_HEADER}): comment lines
 * first (the first one {@code # omb-run/1: ...}), the header, then rows of the sections {@code warmup} and
 * {@code period} (indices 1, 2, ... in order), exactly one {@code cumulative} row, and {@code e2e_ms} rows (the
 * cumulative end-to-end histogram: latency in whole ms, at least 1, increasing, summing to the cumulative row's
 * {@code e2e_count}). Every count is a non-negative integer. Anything else is bad data, reported with the file and
 * line; files over {@link #MAX_BYTES} are refused.
 */
public final class OmbRunReader {
  /** Largest per-run file read (a 60 s run is a few kilobytes). */
  public static final long MAX_BYTES = 4L << 20;
  /**
   * The largest count a cell may hold: 2^40 (1.1 x 10^12, 35 years of messages at 1,000 msg/s), so the sum of a file's
   * {@code e2e_ms} rows (fewer than 2^22 in {@link #MAX_BYTES}) and a sum over every run a ledger names cannot overflow
   * a long.
   */
  public static final long MAX_COUNT = 1L << 40;
  private static final List<String> SECTIONS = List.of("warmup", "period", "cumulative", "e2e_ms");

  private OmbRunReader() {}

  /**
   * Parses a per-run file.
   *
   * @param file the file
   * @param displayName name used in messages, e.g. {@code data/omb-real/runs/r01.csv}
   */
  public static OmbRun read(Path file, String displayName) {
    byte[] bytes;
    try {
      if (Files.size(file) > MAX_BYTES) {
        throw new DataException(displayName, 0, "larger than " + MAX_BYTES + " bytes", null);
      }
      try (InputStream in = Files.newInputStream(file)) {
        bytes = in.readAllBytes();
      }
    } catch (NoSuchFileException e) {
      throw new DataException(displayName, 0, "file not found", e);
    } catch (IOException e) {
      throw new DataException(displayName, 0, "cannot read: " + e.getMessage(), e);
    }
    return parse(bytes, displayName);
  }

  /**
   * Parses a per-run file's bytes, already read (through the data gate).
   *
   * @param bytes the file's bytes
   * @param displayName name used in messages, e.g. {@code data/omb-real/runs/r01.csv}
   */
  public static OmbRun parse(byte[] bytes, String displayName) {
    if (bytes.length > MAX_BYTES) {
      throw new DataException(displayName, 0, "larger than " + MAX_BYTES + " bytes", null);
    }
    String text;
    try {
      text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
    } catch (CharacterCodingException e) {
      throw new DataException(displayName, 0, "not UTF-8 text", e);
    }
    String[] lines = text.split("\r?\n", -1);
    int n = lines.length;
    if (n > 0 && lines[n - 1].isEmpty()) {
      n--;
    }
    if (n == 0) {
      throw new DataException(displayName, 0, "empty file (0 bytes)", null);
    }
    if (!lines[0].startsWith("# " + OmbFormat.RUN_FORMAT + ":")) {
      throw new DataException(displayName, 1, "first line must start with \"# " + OmbFormat.RUN_FORMAT
          + ":\" (format version), found \"" + Echo.of(lines[0]) + "\"", null);
    }
    int i = 1;
    while (i < n && lines[i].startsWith("#")) {
      i++;
    }
    if (i == n) {
      throw new DataException(displayName, i, "no header after the comment lines", null);
    }
    if (!lines[i].equals(String.join(",", OmbFormat.RUN_HEADER))) {
      throw new DataException(displayName, i + 1, "header must be \"" + String.join(",", OmbFormat.RUN_HEADER)
          + "\", found \"" + Echo.of(lines[i]) + "\"", null);
    }
    List<OmbRun.Period> warmup = new ArrayList<>();
    List<OmbRun.Period> periods = new ArrayList<>();
    TreeMap<Long, Long> e2e = new TreeMap<>();
    long[] cumulative = null;
    long lastMillis = 0;
    int lastSection = 0;
    for (int k = i + 1; k < n; k++) {
      int line = k + 1;
      String[] f = lines[k].split(",", -1);
      if (f.length != OmbFormat.RUN_HEADER.size()) {
        throw new DataException(displayName, line, "expected " + OmbFormat.RUN_HEADER.size() + " fields, found "
            + f.length, null);
      }
      int section = SECTIONS.indexOf(f[0]);
      if (section < 0) {
        throw new DataException(displayName, line, "section \"" + Echo.of(f[0])
            + "\" is not one of " + String.join(", ", SECTIONS), null);
      }
      if (section < lastSection) {
        throw new DataException(displayName, line, "section " + f[0] + " after section " + SECTIONS.get(lastSection)
            + " (order: " + String.join(", ", SECTIONS) + ")", null);
      }
      lastSection = section;
      long index = count(f, 1, displayName, line);
      switch (f[0]) {
        case "warmup", "period" -> {
          List<OmbRun.Period> list = f[0].equals("warmup") ? warmup : periods;
          if (index != list.size() + 1) {
            throw new DataException(displayName, line, f[0] + " index " + index + " where " + (list.size() + 1)
                + " was expected", null);
          }
          list.add(new OmbRun.Period((int) index, count(f, 2, displayName, line), count(f, 3, displayName, line),
              count(f, 4, displayName, line), count(f, 5, displayName, line)));
          optionalCount(f, 6, displayName, line);
          optionalCount(f, 7, displayName, line);
          optionalCount(f, 8, displayName, line);
        }
        case "cumulative" -> {
          if (cumulative != null) {
            throw new DataException(displayName, line, "a second cumulative row", null);
          }
          cumulative = new long[] {count(f, 2, displayName, line), count(f, 3, displayName, line),
              count(f, 4, displayName, line), count(f, 5, displayName, line), line};
        }
        default -> {
          if (index < 1) {
            throw new DataException(displayName, line, "e2e_ms index " + index
                + ": OMB records only latencies above 0 ms", null);
          }
          if (index <= lastMillis) {
            throw new DataException(displayName, line, "e2e_ms index " + index + " is not above the previous "
                + lastMillis, null);
          }
          lastMillis = index;
          e2e.put(index, count(f, 4, displayName, line));
        }
      }
    }
    if (cumulative == null) {
      throw new DataException(displayName, n, "no cumulative row", null);
    }
    if (periods.isEmpty()) {
      throw new DataException(displayName, n, "no period row", null);
    }
    long sum = 0;
    for (long c : e2e.values()) {
      sum += c; // each at most 2^40, fewer than 2^22 rows: no overflow
    }
    if (sum != cumulative[2]) {
      throw new DataException(displayName, cumulative[4], "e2e_count " + cumulative[2]
          + " differs from the sum of the e2e_ms rows (" + sum + ")", null);
    }
    if (cumulative[2] > cumulative[1]) {
      throw new DataException(displayName, cumulative[4], "e2e_count " + cumulative[2] + " exceeds messages_received "
          + cumulative[1] + ": end-to-end samples are taken from the messages received", null);
    }
    return new OmbRun(warmup, periods, cumulative[0], cumulative[1], cumulative[2], cumulative[3], e2e, sha256(bytes));
  }

  private static long count(String[] f, int column, String name, int line) {
    String v = f[column];
    if (v.isEmpty()) {
      throw new DataException(name, line, OmbFormat.RUN_HEADER.get(column) + " is empty", null);
    }
    long x;
    try {
      x = Long.parseLong(v);
    } catch (NumberFormatException e) {
      throw new DataException(name, line, OmbFormat.RUN_HEADER.get(column) + " is not an integer (\""
          + Echo.of(v) + "\")", e);
    }
    if (x < 0) {
      throw new DataException(name, line, OmbFormat.RUN_HEADER.get(column) + " is negative (" + x + ")", null);
    }
    if (x > MAX_COUNT) {
      throw new DataException(name, line, OmbFormat.RUN_HEADER.get(column) + " " + x + " is above " + MAX_COUNT
          + " (not a count of one run)", null);
    }
    return x;
  }

  private static void optionalCount(String[] f, int column, String name, int line) {
    if (!f[column].isEmpty()) {
      count(f, column, name, line);
    }
  }

  static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }
}
