package ftl.data;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Reads a campaign's {@code ledger.csv} with Commons CSV and checks every row: the required columns,
 * a known status, a unique run id, a well-formed SHA-256, an events file inside the campaign folder
 * that exists for every {@code ok} run, and the integer columns the data dictionary declares.
 * Unknown extra columns are carried, not rejected. The SHA-256 of each events file is compared with the
 * ledger when the file is read (one pass), see {@link #checkDigest}.
 */
public final class LedgerReader {
  private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");

  private LedgerReader() {}

  /**
   * Parses a ledger.
   *
   * @param ledger the file
   * @param displayName name used in messages
   * @param campaignDir folder the events files are relative to
   * @param dictionary column types to enforce
   */
  public static List<LedgerRow> read(Path ledger, String displayName, Path campaignDir, DataDictionary dictionary) {
    CSVFormat format = CSVFormat.RFC4180.builder()
        .setHeader().setSkipHeaderRecord(true).setCommentMarker('#').setIgnoreEmptyLines(true)
        .setAllowMissingColumnNames(false).setDuplicateHeaderMode(org.apache.commons.csv.DuplicateHeaderMode.DISALLOW)
        .get();
    try {
      if (Files.size(ledger) == 0) {
        throw new DataException(displayName, 0, "empty file (0 bytes)", null);
      }
    } catch (NoSuchFileException e) {
      throw new DataException(displayName, 0, "file not found", e);
    } catch (IOException e) {
      throw new DataException(displayName, 0, "cannot read: " + e.getMessage(), e);
    }
    try (Reader reader = Files.newBufferedReader(ledger, StandardCharsets.UTF_8);
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
      Map<String, Long> seen = new HashMap<>();
      List<LedgerRow> rows = new ArrayList<>();
      for (CSVRecord rec : parser) {
        long line = parser.getCurrentLineNumber();
        if (rec.size() != header.size()) {
          throw new DataException(displayName, line,
              "expected " + header.size() + " fields, found " + rec.size(), null);
        }
        Map<String, String> fields = new LinkedHashMap<>();
        for (String h : header) {
          fields.put(h, rec.get(h));
        }
        rows.add(checkRow(fields, line, displayName, campaignDir, dictionary, seen));
      }
      if (rows.isEmpty()) {
        throw new DataException(displayName, 1, "no runs after the header", null);
      }
      return rows;
    } catch (DataException e) {
      throw e;
    } catch (MalformedInputException e) {
      throw new DataException(displayName, 0, "not UTF-8 text", e);
    } catch (IOException | IllegalStateException | IllegalArgumentException | java.io.UncheckedIOException e) {
      throw csvError(displayName, e);
    }
  }

  private static LedgerRow checkRow(Map<String, String> fields, long line, String name, Path campaignDir,
                                    DataDictionary dictionary, Map<String, Long> seen) {
    String runId = fields.get("run_id").trim();
    if (runId.isEmpty()) {
      throw new DataException(name, line, "run_id is empty", null);
    }
    Long earlier = seen.putIfAbsent(runId, line);
    if (earlier != null) {
      throw new DataException(name, line, "duplicate run_id \"" + runId + "\" (first on line " + earlier + ")", null);
    }
    String statusWord = fields.get("status").trim();
    RunStatus status = RunStatus.ofWord(statusWord);
    if (status == null) {
      throw new DataException(name, line, "status \"" + statusWord + "\" is not ok, failed or aborted", null);
    }
    String condition = fields.get("condition").trim();
    if (condition.isEmpty()) {
      throw new DataException(name, line, "condition is empty", null);
    }
    String eventsFile = fields.get("events_file").trim();
    String sha = fields.get("events_sha256").trim();
    if (status == RunStatus.OK && eventsFile.isEmpty()) {
      throw new DataException(name, line, "an ok run needs an events_file", null);
    }
    if (!eventsFile.isEmpty()) {
      Path p = campaignDir.resolve(eventsFile).normalize();
      if (!p.startsWith(campaignDir.normalize()) || Path.of(eventsFile).isAbsolute()) {
        throw new DataException(name, line, "events_file \"" + eventsFile + "\" lies outside the campaign folder", null);
      }
      if (!sha.isEmpty() && !SHA256.matcher(sha).matches()) {
        throw new DataException(name, line, "events_sha256 is not 64 lower-case hex digits (\""
            + EventReader.abbreviate(sha) + "\")", null);
      }
      if (status == RunStatus.OK && sha.isEmpty()) {
        throw new DataException(name, line, "an ok run needs an events_sha256", null);
      }
      if (status == RunStatus.OK && !Files.isRegularFile(p)) {
        throw new DataException(name, line, "events file " + eventsFile + " is missing", null);
      }
    }
    for (Map.Entry<String, String> e : fields.entrySet()) {
      dictionary.checkLedgerCell(e.getKey(), e.getValue(), name, line);
    }
    return new LedgerRow(runId, condition, status, eventsFile, sha, fields, line);
  }

  /**
   * Compares the SHA-256 an events file was read with against its ledger row.
   *
   * @throws DataException naming the ledger line when they differ
   */
  public static void checkDigest(Campaign campaign, LedgerRow row, String actualSha256) {
    if (!row.eventsSha256().equalsIgnoreCase(actualSha256)) {
      throw new DataException(campaign.ledgerName(), row.line(), "events_sha256 does not match "
          + row.eventsFile() + " (ledger " + row.eventsSha256() + ", file " + actualSha256 + ")", null);
    }
  }

  /** Turns a Commons CSV parse error into a message with the line it names ("(startline 3) EOF ..."). */
  private static DataException csvError(String name, Exception e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String msg = firstLine(root.getMessage());
    java.util.regex.Matcher m = Pattern.compile("\\(startline (\\d+)\\)\\s*").matcher(msg);
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
