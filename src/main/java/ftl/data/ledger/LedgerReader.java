package ftl.data.ledger;

import ftl.data.io.DataException;
import ftl.data.io.DataGate;
import ftl.data.io.Echo;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.apache.commons.csv.DuplicateHeaderMode;

/**
 * Reads a campaign's {@code ledger.csv} with Commons CSV and checks every row: the required columns,
 * a known status, a unique run id, a well-formed SHA-256, an events file inside the campaign folder
 * that exists for every {@code ok} run, the integer columns the data dictionary declares, and the allowed
 * values {@link LedgerSchema} declares (a priority, geometry, acks, instrument or {@code *_applied} word).
 * Unknown extra columns are carried, not rejected. The SHA-256 of each events file is compared with the
 * ledger when the file is read (one pass), see {@link #checkDigest}.
 */
public final class LedgerReader {
  private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");
  private static final Pattern COLUMN_NAME = Pattern.compile("[A-Za-z0-9_.-]+");

  /** Integer ledger columns that must be positive when present: a send interval of zero or less is no interval. */
  public static final List<String> POSITIVE_COLUMNS = List.of(LedgerSchema.SEND_INTERVAL_NS.name());

  /**
   * The range of a numeric ledger column the analysis computes with, checked as the ledger is read (issue 26: every
   * value a reader accepts is one the analysis can use, so exit 70 can only mean a bug).
   *
   * @param column the column
   * @param min smallest value allowed
   * @param max largest value allowed
   * @param why what the range follows from, for the message
   */
  record Range(String column, double min, double max, String why) {
    Range {
      Objects.requireNonNull(column);
      if (!(min <= max)) {
        throw new IllegalArgumentException("empty range for " + column);
      }
    }
  }

  /**
   * Largest clock offset a run may record, us: the instrument's own limit ({@code Condition.MAX_CLOCK_OFFSET_MICROS}).
   */
  public static final long MAX_CLOCK_OFFSET_MICROS = 10_000_000L;

  /**
   * Ranges of numeric columns (a column the header lacks, or an empty cell, is not checked). These belong beside the
   * columns' types in {@link LedgerSchema}; they are kept here while that file is being changed elsewhere.
   */
  static final List<Range> RANGES = List.of(
      new Range(LedgerSchema.EVENTS_WRITTEN.name(), 0, EventReader.MAX_ROWS, "a count of the events file's rows"),
      new Range(LedgerSchema.CREATE_MS_MISMATCH.name(), 0, EventReader.MAX_ROWS, "a count of events"),
      new Range(LedgerSchema.CLOCK_OFFSET_US.name(), -MAX_CLOCK_OFFSET_MICROS, MAX_CLOCK_OFFSET_MICROS,
          "the instrument's largest clock offset, 10 s"),
      new Range(LedgerSchema.LOAD_MEASURED_PCT.name(), 0, 100, "a share of a core, in percent"));

  private LedgerReader() {}

  /**
   * Parses a ledger.
   *
   * @param gate the data root's gate, which reads the file
   * @param relLedger the ledger, relative to the data root (and so named in messages)
   * @param relCampaignDir folder the events files are relative to, relative to the data root
   * @param dictionary column types to enforce
   */
  public static List<LedgerRow> read(DataGate gate, String relLedger, String relCampaignDir,
      DataDictionary dictionary) {
    return read(gate, relLedger, gate.read(relLedger, DataGate.Kind.LEDGER), null, relCampaignDir, dictionary);
  }

  /**
   * Parses a ledger whose bytes the gate has read already ({@link ftl.data.DataSet} reads each ledger once, to tell an
   * OMB ledger from the instrument's and to parse it).
   *
   * @param bytes the file as {@link DataGate#read} read it
   * @param text the bytes as {@link DataGate#text} decoded them, or null to decode them here
   */
  public static List<LedgerRow> read(DataGate gate, String relLedger, byte[] bytes, String text, String relCampaignDir,
                              DataDictionary dictionary) {
    return parse(bytes, text, gate.name(relLedger),
        eventsFile -> gate.isFile(relCampaignDir.isEmpty() ? eventsFile : relCampaignDir + "/" + eventsFile),
        dictionary);
  }

  /** The most runs a ledger may list. */
  public static final int MAX_ROWS = 100_000;

  /**
   * Parses the bytes of a ledger.
   *
   * @param bytes the file as the {@link DataGate} read it
   * @param displayName name used in messages
   * @param eventsFileExists whether an events file (relative to the campaign folder, already checked to be a
   *     safe relative path) is a regular file inside the root; refuses links and special files itself
   * @param dictionary column types to enforce
   */
  public static List<LedgerRow> parse(byte[] bytes, String displayName, Predicate<String> eventsFileExists,
                               DataDictionary dictionary) {
    return parse(bytes, null, displayName, eventsFileExists, dictionary);
  }

  /** As {@link #parse(byte[], String, java.util.function.Predicate, DataDictionary)}, with the text decoded already. */
  private static List<LedgerRow> parse(byte[] bytes, String decoded, String displayName,
                                       Predicate<String> eventsFileExists, DataDictionary dictionary) {
    CSVFormat format = CSVFormat.RFC4180.builder()
        .setHeader().setSkipHeaderRecord(true).setCommentMarker('#').setIgnoreEmptyLines(true)
        .setAllowMissingColumnNames(false).setDuplicateHeaderMode(DuplicateHeaderMode.DISALLOW)
        .get();
    if (bytes.length == 0) {
      throw new DataException(displayName, 0, "empty file (0 bytes)", null);
    }
    if (bytes.length >= 3 && (bytes[0] & 0xff) == 0xef && (bytes[1] & 0xff) == 0xbb && (bytes[2] & 0xff) == 0xbf) {
      throw new DataException(displayName, 1,
          "starts with a UTF-8 byte-order mark (U+FEFF); a ledger is UTF-8 without one", null);
    }
    // decoded by the same rule from the same bytes when given, so the same text (or the same refusal, already made)
    String text = decoded != null ? decoded : DataGate.text(bytes, displayName);
    for (int cr = text.indexOf('\r'); cr >= 0; cr = text.indexOf('\r', cr + 1)) {
      if (cr + 1 >= text.length() || text.charAt(cr + 1) != '\n') {
        throw new DataException(displayName, 1 + text.substring(0, cr).chars().filter(c -> c == '\n').count(),
            "a carriage return without a line feed: lines of a ledger end in LF or CRLF, not CR alone", null);
      }
    }
    try (Reader reader = new StringReader(text);
         CSVParser parser = CSVParser.builder().setReader(reader).setFormat(format).get()) {
      List<String> header = parser.getHeaderNames();
      List<String> missing = new ArrayList<>();
      for (String required : EventFormat.LEDGER_REQUIRED) {
        if (!header.contains(required)) {
          missing.add(required);
        }
      }
      if (!missing.isEmpty()) {
        throw new DataException(displayName, 1, "header lacks column" + (missing.size() > 1 ? "s " : " ")
            + String.join(", ", missing), null);
      }
      for (String h : header) {
        if (h.isEmpty() || h.length() > Identifiers.MAX_LENGTH || !COLUMN_NAME.matcher(h).matches()) {
          throw new DataException(displayName, 1, "header column \"" + Echo.of(h) + "\" is not a column name ("
              + "letters, digits, '_', '.', '-', at most " + Identifiers.MAX_LENGTH + ")", null);
        }
      }
      RowChecks checks = new RowChecks(header, dictionary);
      List<LedgerRow> rows = new ArrayList<>();
      for (CSVRecord rec : parser) {
        long line = parser.getCurrentLineNumber();
        if (rows.size() >= MAX_ROWS) {
          throw new DataException(displayName, line, "more than " + MAX_ROWS + " runs (the cap of a ledger)", null);
        }
        if (rec.size() != header.size()) {
          throw new DataException(displayName, line,
              "expected " + header.size() + " fields, found " + rec.size(), null);
        }
        // the header's names are distinct and in column order, so cell i is the cell of header column i; a value seen
        // before in the same column is kept once (most cells of a column repeat: ok, applied, the same settings)
        String[] cells = new String[checks.columns.length];
        for (int i = 0; i < cells.length; i++) {
          cells[i] = checks.once(i, rec.get(i));
        }
        rows.add(checkRow(new RowCells(checks.header, cells), rec, line, displayName, eventsFileExists, checks));
      }
      if (rows.isEmpty()) {
        throw new DataException(displayName, 1, "no runs after the header", null);
      }
      return rows;
    } catch (DataException e) {
      throw e;
    } catch (IOException | IllegalStateException | IllegalArgumentException | UncheckedIOException e) {
      throw csvError(displayName, e);
    }
  }

  /**
   * What {@link #checkRow} checks of every row of one ledger, resolved once from its header: the type check of each
   * column ({@link DataDictionary#ledgerCellCheck}), and the declared columns with allowed words that the header
   * has, in {@link LedgerSchema#COLUMNS} order.
   */
  private static final class RowChecks {
    final String[] columns;
    final DataDictionary.CellCheck[] types;
    final List<LedgerSchema.Column> worded = new ArrayList<>();
    final RowCells.Header header;
    /** Each column's values so far, each kept once; a column stops keeping them past {@link #DISTINCT} values. */
    private final List<Map<String, String>> values = new ArrayList<>();
    private static final int DISTINCT = 64;
    /** The line of each run id so far. */
    final Map<String, Long> seen = new HashMap<>();
    /** The line of each events file named so far. */
    final Map<String, Long> files = new HashMap<>();

    RowChecks(List<String> header, DataDictionary dictionary) {
      columns = header.toArray(new String[0]);
      types = new DataDictionary.CellCheck[columns.length];
      for (int i = 0; i < columns.length; i++) {
        DataDictionary.CellCheck c = dictionary.ledgerCellCheck(columns[i]);
        types[i] = c.none() ? null : c;
      }
      for (LedgerSchema.Column c : LedgerSchema.COLUMNS) {
        if (!c.allowed().isEmpty() && header.contains(c.name())) {
          worded.add(c);
        }
      }
      this.header = new RowCells.Header(columns);
      for (int i = 0; i < columns.length; i++) {
        values.add(new HashMap<>());
      }
    }

    /** {@code v}, or an equal value kept before in column {@code i}. */
    String once(int i, String v) {
      Map<String, String> kept = values.get(i);
      String earlier = kept.get(v);
      if (earlier != null) {
        return earlier;
      }
      if (kept.size() < DISTINCT) {
        kept.put(v, v);
      }
      return v;
    }
  }

  /**
   * Checks one row. An events file named by two rows of one ledger is refused as bad data rather than scanned once and
   * counted for both: in a measurement archive a run is one measurement, written to a file of its own by the instrument
   * ({@code events/<run_id>.csv}), so two rows on one file are one measurement counted twice (pseudo-replication that
   * inflates every count and every test's n), never a legitimate layout; refusing it also bounds the work by the input
   * (5,000 rows on one 200,000-row file had run past 30 s, each scanned again). Distinct names of one file (hard links)
   * are distinct files to the archive, each read once, as the growth benchmark's grown root uses them.
   */
  private static LedgerRow checkRow(Map<String, String> fields, CSVRecord rec, long line, String name,
                                    Predicate<String> eventsFileExists, RowChecks checks) {
    Map<String, Long> seen = checks.seen;
    Map<String, Long> files = checks.files;
    String runId = fields.get("run_id").trim();
    if (runId.isEmpty()) {
      throw new DataException(name, line, "run_id is empty", null);
    }
    Identifiers.require(runId, "run_id", name, line);
    Long earlier = seen.putIfAbsent(runId, line);
    if (earlier != null) {
      throw new DataException(name, line, "duplicate run_id \"" + runId + "\" (first on line " + earlier + ")", null);
    }
    String statusWord = fields.get("status").trim();
    RunStatus status = RunStatus.ofWord(statusWord);
    if (status == null) {
      throw new DataException(name, line, "status \"" + Echo.of(statusWord) + "\" is not ok, failed or aborted", null);
    }
    String condition = fields.get("condition").trim();
    if (condition.isEmpty()) {
      throw new DataException(name, line, "condition is empty", null);
    }
    for (String column : Identifiers.LEDGER_COLUMNS) {
      String v = fields.get(column);
      if (v != null && !v.isEmpty()) {
        Identifiers.require(v, column, name, line);
      }
    }
    String eventsFile = fields.get("events_file").trim();
    String sha = fields.get("events_sha256").trim();
    if (status == RunStatus.OK && eventsFile.isEmpty()) {
      throw new DataException(name, line, "an ok run needs an events_file", null);
    }
    if (!eventsFile.isEmpty()) {
      Long first = files.putIfAbsent(eventsFile, line);
      if (first != null) {
        throw new DataException(name, line, "events file " + Echo.of(eventsFile) + " is named again (first on line "
            + first
            + "): each run has its own events file; one file for two runs would count its events twice", null);
      }
      if (!safeRelative(eventsFile)) {
        throw new DataException(name, line, "events_file \"" + Echo.of(eventsFile)
            + "\" lies outside the campaign folder or is not a safe relative path", null);
      }
      if (!sha.isEmpty() && !lowerHex64(sha) && !SHA256.matcher(sha).matches()) {
        throw new DataException(name, line, "events_sha256 is not 64 lower-case hex digits (\""
            + Echo.of(sha) + "\")", null);
      }
      if (status == RunStatus.OK && sha.isEmpty()) {
        throw new DataException(name, line, "an ok run needs an events_sha256", null);
      }
      if (status == RunStatus.OK && !eventsFileExists.test(eventsFile)) {
        throw new DataException(name, line, "events file " + eventsFile + " is missing", null);
      }
    }
    for (int i = 0; i < checks.types.length; i++) {
      if (checks.types[i] != null) {
        checks.types[i].check(rec.get(i), name, line);
      }
    }
    // a column without allowed words allows every value, and a column the header lacks is not checked
    for (LedgerSchema.Column c : checks.worded) {
      String v = fields.get(c.name());
      if (v != null && !c.allows(v)) {
        throw new DataException(name, line, c.name() + " \"" + Echo.of(v) + "\" is not one of "
            + String.join(", ", c.allowed()) + " (ledger schema version " + LedgerSchema.VERSION + ")", null);
      }
    }
    for (String column : POSITIVE_COLUMNS) {
      String v = fields.getOrDefault(column, "");
      if (!v.isEmpty() && Long.parseLong(v) <= 0) {
        throw new DataException(name, line, column + " must be positive (\"" + Echo.of(v) + "\")", null);
      }
    }
    for (Range r : RANGES) {
      String v = fields.getOrDefault(r.column(), "");
      if (!v.isEmpty()) {
        double x = number(v, r.column(), name, line);
        if (x < r.min() || x > r.max()) {
          throw new DataException(name, line, r.column() + " is out of its range [" + plain(r.min()) + ", "
              + plain(r.max()) + "], " + r.why() + " (\"" + Echo.of(v) + "\")", null);
        }
      }
    }
    String mismatch = fields.getOrDefault(LedgerSchema.CREATE_MS_MISMATCH.name(), "");
    String written = fields.getOrDefault(LedgerSchema.EVENTS_WRITTEN.name(), "");
    if (!mismatch.isEmpty() && !written.isEmpty()
        && number(mismatch, LedgerSchema.CREATE_MS_MISMATCH.name(), name, line) > number(written,
        LedgerSchema.EVENTS_WRITTEN.name(), name, line)) {
      throw new DataException(name, line, LedgerSchema.CREATE_MS_MISMATCH.name() + " (" + mismatch + ") exceeds "
          + LedgerSchema.EVENTS_WRITTEN.name() + " (" + written + "): more mismatched events than events", null);
    }
    return new LedgerRow(runId, condition, status, eventsFile, sha, fields, line);
  }

  /** A numeric cell (the type check has accepted it unless a data dictionary loosened the column's type). */
  private static double number(String v, String column, String name, long line) {
    try {
      double x = Double.parseDouble(v);
      if (Double.isFinite(x) && !v.strip().startsWith("0x") && !v.strip().startsWith("-0x")) {
        return x;
      }
    } catch (NumberFormatException e) {
      // refused below
    }
    throw new DataException(name, line, column + " is not a finite number (\"" + Echo.of(v) + "\")", null);
  }

  private static String plain(double d) {
    return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
  }

  /** A fast sufficient test for {@link #SHA256}: 64 characters, each {@code 0-9} or {@code a-f}. */
  static boolean lowerHex64(String s) {
    if (s.length() != 64) {
      return false;
    }
    for (int i = 0; i < 64; i++) {
      char c = s.charAt(i);
      if ((c < '0' || c > '9') && (c < 'a' || c > 'f')) {
        return false;
      }
    }
    return true;
  }

  /** A relative path of safe names ({@link DataGate#safeName}), so never {@code ..}, absolute or empty. */
  static boolean safeRelative(String path) {
    if (path.length() > 1024) {
      return false;
    }
    for (String part : path.split("/", -1)) {
      if (!DataGate.safeName(part)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Compares the SHA-256 an events file was read with against its ledger row.
   *
   * @throws DataException naming the ledger line when they differ
   */
  public static void checkDigest(String ledgerName, LedgerRow row, String actualSha256) {
    if (!row.eventsSha256().equalsIgnoreCase(actualSha256)) {
      throw new DataException(ledgerName, row.line(), "events_sha256 does not match "
          + row.eventsFile() + " (ledger " + Echo.of(row.eventsSha256()) + ", file " + actualSha256 + ")", null);
    }
  }

  /** Turns a Commons CSV parse error into a message with the line it names ("(startline 3) EOF ..."). */
  private static DataException csvError(String name, Exception e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String msg = firstLine(root.getMessage());
    Matcher m = Pattern.compile("\\(startline (\\d+)\\)\\s*").matcher(msg);
    long line = 0;
    if (m.find()) {
      line = Long.parseLong(m.group(1));
      msg = msg.substring(0, m.start()) + msg.substring(m.end());
    }
    return new DataException(name, line, "not a valid CSV ledger: " + msg.trim(), e);
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "unreadable";
    }
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}
