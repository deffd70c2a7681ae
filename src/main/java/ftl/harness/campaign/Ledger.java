package ftl.harness.campaign;

import ftl.data.io.DataException;
import ftl.data.ledger.EventFormat;
import ftl.data.ledger.LedgerSchema;
import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;

/**
 * A campaign's {@code ledger.csv}: one row per run, appended by rewriting the whole file through a temp file
 * and an atomic rename ({@link AtomicFiles}), so a killed process leaves either the old ledger or the new
 * one, never half a row. Unknown columns found in an existing ledger are carried.
 */
public final class Ledger {

  /**
   * Every column the harness writes, in order (the five required ones first): the newest layout that
   * {@link LedgerSchema} declares, with each column's type, unit, allowed values and meaning, and publishes in the
   * data dictionary {@code data/datapackage.json}; the analysis reads a missing column of an older ledger as empty.
   */
  public static final List<String> COLUMNS = LedgerSchema.harnessColumns();

  private static final CSVFormat FORMAT = CSVFormat.DEFAULT.builder().setRecordSeparator("\n").get();

  private final Path file;
  private final List<String> header;
  private final List<Map<String, String>> rows;

  private Ledger(Path file, List<String> header, List<Map<String, String>> rows) {
    this.file = file;
    this.header = header;
    this.rows = rows;
  }

  /** Reads {@code file}, or starts an empty ledger when it does not exist. */
  public static Ledger open(Path file) {
    if (!Files.exists(file)) {
      return new Ledger(file, new ArrayList<>(COLUMNS), new ArrayList<>());
    }
    try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8);
         CSVParser p = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get().parse(in)) {
      Set<String> header = new LinkedHashSet<>(COLUMNS);
      header.addAll(p.getHeaderNames());
      for (String required : EventFormat.LEDGER_REQUIRED) {
        if (!p.getHeaderNames().contains(required)) {
          throw new DataException(file, 1, "ledger header lacks the column " + required);
        }
      }
      List<Map<String, String>> rows = new ArrayList<>();
      for (CSVRecord r : p) {
        if (!r.isConsistent()) {
          throw new DataException(file, r.getRecordNumber() + 1, "row has " + r.size() + " cells, header has "
              + p.getHeaderNames().size());
        }
        rows.add(new LinkedHashMap<>(r.toMap()));
      }
      return new Ledger(file, new ArrayList<>(header), rows);
    } catch (IOException | IllegalArgumentException | IllegalStateException e) {
      throw new DataException(file.toString(), 0, "cannot read ledger: " + e.getMessage(), e);
    }
  }

  public List<Map<String, String>> rows() { return List.copyOf(rows); }

  /** Run ids already in the ledger. */
  public Set<String> runIds() {
    Set<String> ids = new LinkedHashSet<>();
    for (Map<String, String> r : rows) {
      ids.add(r.get(LedgerSchema.RUN_ID.name()));
    }
    return ids;
  }

  /** Event files named by the ledger, relative to the campaign folder. */
  public Set<String> eventFiles() {
    Set<String> files = new LinkedHashSet<>();
    for (Map<String, String> r : rows) {
      String f = r.get(LedgerSchema.EVENTS_FILE.name());
      if (f != null && !f.isEmpty()) {
        files.add(f);
      }
    }
    return files;
  }

  /**
   * Appends one row and rewrites the ledger atomically. Columns the row lacks are written empty; a column
   * the ledger does not know is an error (a bug in the harness).
   */
  public void append(Map<String, String> row) throws IOException {
    for (String k : row.keySet()) {
      if (!header.contains(k)) {
        throw new IllegalArgumentException("ledger has no column " + k);
      }
    }
    if (runIds().contains(row.get(LedgerSchema.RUN_ID.name()))) {
      throw new IllegalStateException("run " + row.get(LedgerSchema.RUN_ID.name()) + " is already in " + file);
    }
    rows.add(new LinkedHashMap<>(row));
    try {
      AtomicFiles.write(file, render().getBytes(StandardCharsets.UTF_8));
    } catch (IOException | RuntimeException e) {
      rows.remove(rows.size() - 1);
      throw e;
    }
  }

  String render() throws IOException {
    StringWriter out = new StringWriter();
    try (CSVPrinter p = new CSVPrinter(out, FORMAT)) {
      p.printRecord(header);
      for (Map<String, String> r : rows) {
        List<String> cells = new ArrayList<>(header.size());
        for (String h : header) {
          String v = r.get(h);
          cells.add(v == null ? "" : v);
        }
        p.printRecord(cells);
      }
    }
    return out.toString();
  }
}
