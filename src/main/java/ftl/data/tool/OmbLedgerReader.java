package ftl.data.tool;

import ftl.data.io.DataException;
import ftl.data.io.DataGate;
import ftl.data.io.Echo;
import ftl.data.ledger.EventFormat;
import ftl.data.ledger.RunStatus;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.apache.commons.csv.DuplicateHeaderMode;

/**
 * Reads the ledger of the real OpenMessaging Benchmark runs ({@code data/omb-real/ledger.csv}, written by
 * {@code src/main/sh/omb-run.sh}) with Commons CSV, and each ok run's per-run file with {@link OmbRunReader}:
 * every column of {@link OmbFormat#LEDGER_HEADER} present, run ids unique, identifiers in a safe character set,
 * status ok or failed, a positive rate, a run file inside the folder with a matching SHA-256, and the ledger's
 * {@code messages_received}, {@code e2e_count} and {@code dropped_share} equal to what the run file says.
 * Extra columns are carried. Any disagreement is bad data, named by file and line.
 */
public final class OmbLedgerReader {
  private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9._-]+");
  private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");
  /** Largest ledger read. */
  public static final long MAX_BYTES = 4L << 20;

  private OmbLedgerReader() {}

  /** A checked ledger row with its run (null for a run that is not ok). */
  public record Entry(OmbLedgerRow row, OmbRun run) {
  }

  /**
   * Reads the ledger and the run file of every ok run.
   *
   * @param folder the folder holding {@code ledger.csv} and {@code runs/}
   * @param displayFolder how messages name the folder, e.g. {@code data/omb-real}
   */
  public static List<Entry> read(Path folder, String displayFolder) {
    return read(DataGate.of(folder, displayFolder), "", displayFolder);
  }

  /**
   * {@link #read(Path, String)} through a data root's gate: the ledger and every run file are opened by the gate
   * (no link or special file, real path inside the root, size capped).
   *
   * @param gate the data root's gate
   * @param relFolder the folder relative to the gate's root ({@code omb-real}; "" for the root itself)
   * @param displayFolder how messages name the folder, e.g. {@code data/omb-real}
   */
  public static List<Entry> read(DataGate gate, String relFolder, String displayFolder) {
    String prefix = relFolder.isEmpty() ? "" : relFolder + "/";
    String name = displayFolder + "/" + EventFormat.LEDGER_FILE;
    if (!gate.isFile(prefix + EventFormat.LEDGER_FILE)) {
      throw new DataException(name, 0, "file not found", null);
    }
    byte[] bytes = gate.read(prefix + EventFormat.LEDGER_FILE, DataGate.Kind.LEDGER);
    if (bytes.length == 0) {
      throw new DataException(name, 0, "empty file (0 bytes)", null);
    }
    if (bytes.length > MAX_BYTES) {
      throw new DataException(name, 0, "larger than " + MAX_BYTES + " bytes", null);
    }
    String text;
    try {
      text = StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes)).toString();
    } catch (CharacterCodingException e) {
      throw new DataException(name, 0, "not UTF-8 text", e);
    }
    CSVFormat format = CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).setIgnoreEmptyLines(true)
        .setAllowMissingColumnNames(false).setDuplicateHeaderMode(DuplicateHeaderMode.DISALLOW)
        .get();
    List<Entry> out = new ArrayList<>();
    LedgerFolder folder = new LedgerFolder(gate, prefix, displayFolder, name);
    try (Reader reader = new StringReader(text);
         CSVParser parser = CSVParser.builder().setReader(reader).setFormat(format).get()) {
      List<String> header = parser.getHeaderNames();
      List<String> missing = OmbFormat.LEDGER_HEADER.stream().filter(h -> !header.contains(h)).toList();
      if (!missing.isEmpty()) {
        throw new DataException(name, 1, "header lacks column" + (missing.size() > 1 ? "s " : " ")
            + String.join(", ", missing), null);
      }
      Map<String, Long> seen = new HashMap<>();
      for (CSVRecord rec : parser) {
        long line = parser.getCurrentLineNumber();
        if (rec.size() != header.size()) {
          throw new DataException(name, line, "expected " + header.size() + " fields, found " + rec.size(), null);
        }
        Map<String, String> fields = new LinkedHashMap<>();
        for (String h : header) {
          fields.put(h, rec.get(h));
        }
        out.add(entry(fields, line, folder, seen));
      }
    } catch (DataException e) {
      throw e;
    } catch (MalformedInputException e) {
      throw new DataException(name, 0, "not UTF-8 text", e);
    } catch (IOException | IllegalStateException | IllegalArgumentException | UncheckedIOException e) {
      throw new DataException(name, 0, "not a CSV table: " + e.getMessage(), e);
    }
    if (out.isEmpty()) {
      throw new DataException(name, 1, "no runs after the header", null);
    }
    return out;
  }

  private static Entry entry(Map<String, String> f, long line, LedgerFolder folder, Map<String, Long> seen) {
    String name = folder.ledger();
    String runId = safe(f, "run_id", name, line);
    Long earlier = seen.putIfAbsent(runId, line);
    if (earlier != null) {
      throw new DataException(name, line, "duplicate run_id \"" + runId + "\" (first on line " + earlier + ")", null);
    }
    String condition = safe(f, "condition", name, line);
    RunStatus status = RunStatus.ofWord(f.get("status"));
    if (status == null || status == RunStatus.ABORTED) {
      throw new DataException(name, line, "status \"" + Echo.of(f.get("status"))
          + "\" is not ok or failed", null);
    }
    double rate = number(f, "rate_msg_per_s", name, line);
    if (!(rate > 0) || Double.isInfinite(rate)) {
      throw new DataException(name, line, "rate_msg_per_s must be positive (was "
          + Echo.of(f.get("rate_msg_per_s")) + ")", null);
    }
    long interval = integer(f, "send_interval_ns", name, line);
    if (interval <= 0) {
      throw new DataException(name, line, "send_interval_ns must be positive (was " + interval + ")", null);
    }
    if (status != RunStatus.OK) {
      return new Entry(new OmbLedgerRow(runId, condition, status, rate, interval, "", "", 0, 0, f, line), null);
    }
    String file = f.get("run_file");
    if (file.isEmpty() || !Arrays.stream(file.split("/", -1)).allMatch(DataGate::safeName)) {
      throw new DataException(name, line, "run_file \"" + Echo.of(file)
          + "\" is not a file inside the folder", null);
    }
    String sha = f.get("run_sha256");
    if (!SHA256.matcher(sha).matches()) {
      throw new DataException(name, line, "run_sha256 is not 64 lower-case hex digits (\""
          + Echo.of(sha) + "\")", null);
    }
    // one run file counted once (run ids hold no space, so the key cannot meet one of them)
    Long first = seen.putIfAbsent("run_file " + file, line);
    if (first != null) {
      throw new DataException(name, line, "run " + runId + " names the run file " + file + " as the run on line "
          + first
          + ": one run would be counted twice", null);
    }
    if (!folder.gate().isFile(folder.prefix() + file)) {
      throw new DataException(name, line, "run file " + file + " is missing", null);
    }
    OmbRun run = OmbRunReader.parse(folder.gate().read(folder.prefix() + file, DataGate.Kind.OTHER),
        folder.display() + "/" + file);
    if (!run.sha256().equals(sha)) {
      throw new DataException(name, line, "run file " + file + " has SHA-256 " + run.sha256()
          + ", the ledger says " + sha, null);
    }
    long received = integer(f, "messages_received", name, line);
    long e2e = integer(f, "e2e_count", name, line);
    if (received != run.received() || e2e != run.e2eCount()) {
      throw new DataException(name, line, "messages_received/e2e_count " + received + "/" + e2e
          + " differ from the run file's cumulative row " + run.received() + "/" + run.e2eCount(), null);
    }
    String dropped = f.get("dropped_share");
    String expected = run.received() == 0 ? "" : String.format(Locale.ROOT, "%.6f", run.droppedShare());
    if (!dropped.equals(expected)) {
      throw new DataException(name, line, "dropped_share \"" + Echo.of(dropped)
          + "\" is not 1 - e2e_count / messages_received to 6 decimals (" + expected + ")", null);
    }
    return new Entry(new OmbLedgerRow(runId, condition, status, rate, interval, file, sha, received, e2e, f, line),
        run);
  }

  private static String safe(Map<String, String> f, String column, String name, long line) {
    String v = f.get(column);
    if (!SAFE.matcher(v).matches()) {
      throw new DataException(name, line, column + " \"" + Echo.of(v)
          + "\" is empty or has characters outside [A-Za-z0-9._-]", null);
    }
    return v;
  }

  private static long integer(Map<String, String> f, String column, String name, long line) {
    String v = f.get(column);
    try {
      return Long.parseLong(v);
    } catch (NumberFormatException e) {
      throw new DataException(name, line, column + " is not an integer (\"" + Echo.of(v) + "\")", e);
    }
  }

  private static double number(Map<String, String> f, String column, String name, long line) {
    String v = f.get(column);
    try {
      return Double.parseDouble(v);
    } catch (NumberFormatException e) {
      throw new DataException(name, line, column + " is not a number (\"" + Echo.of(v) + "\")", e);
    }
  }
}
