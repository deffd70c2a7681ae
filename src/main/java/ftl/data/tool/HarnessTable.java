package ftl.data.tool;

import ftl.data.io.DataException;
import ftl.data.io.DataGate;
import ftl.data.io.Echo;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Predicate;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * The harness audit, {@code audit/harnesses.csv} under a data root: what each benchmark tool practitioners run does
 * about the resolution of its timestamps and the sign of a difference, one row per tool and measured latency (columns
 * and allowed values: {@code data/audit/README.md}). It is the one source of those facts: the registry counts its rows
 * ({@code ftl.quantity.section.AuditQuantities}) and {@code ftl audit} reads the row of the tool whose output it
 * judges, so nothing of it is restated in code.
 */
public final class HarnessTable {
  /** The table's path under a data root. */
  public static final String FILE = "audit/harnesses.csv";

  private HarnessTable() {}

  /**
   * One row, every column as text.
   *
   * @param file the table as messages name it
   * @param line the row's line in the file (the header is line 1)
   * @param cells column name to cell, in the header's order
   */
  public record Row(String file, long line, Map<String, String> cells) {
    public Row {
      cells = Collections.unmodifiableMap(new LinkedHashMap<>(cells));
    }

    /** A cell, {@code ""} when the column is absent. */
    public String cell(String column) {
      return cells.getOrDefault(column, "");
    }

    public String harness() { return cell("harness"); }

    public String latency() { return cell("latency"); }

    public String sendClock() { return cell("send_clock"); }

    public String recvClock() { return cell("recv_clock"); }

    /** {@code zero_difference}: kept, dropped, abs, wraps, error, not_applicable or unknown. */
    public String zeroDifference() { return cell("zero_difference"); }

    /** {@code negative_difference}, same values as {@link #zeroDifference}. */
    public String negativeDifference() { return cell("negative_difference"); }

    /** {@code drops_counted}: yes, no, not_applicable or unknown. */
    public String dropsCounted() { return cell("drops_counted"); }

    /**
     * {@code quantum_ns}: the resolution of the stamps subtracted, empty when there is no stamp or it is unknown.
     *
     * @throws DataException naming the table and the row's line when the cell is neither empty nor a positive integer
     */
    public OptionalLong quantumNanos() {
      String q = cell("quantum_ns");
      if (q.isEmpty()) {
        return OptionalLong.empty();
      }
      if (!q.matches("[1-9][0-9]{0,17}")) {
        throw new DataException(file, line, "quantum_ns is not a positive integer (\"" + Echo.of(q) + "\")", null);
      }
      return OptionalLong.of(Long.parseLong(q));
    }

    /** True when the tool excludes a zero or a negative difference without counting the exclusions. */
    public boolean dropsUncounted() {
      return ("dropped".equals(zeroDifference()) || "dropped".equals(negativeDifference()))
          && "no".equals(dropsCounted());
    }
  }

  /**
   * The table's rows; empty when the data root has no harness audit.
   *
   * @throws DataException naming the file when it is not a CSV table (a cell's meaning is checked where it is read)
   */
  public static List<Row> read(DataGate gate) {
    List<Row> out = new ArrayList<>();
    if (!gate.isFile(FILE)) {
      return out;
    }
    String name = gate.name(FILE);
    String text = gate.readText(FILE, DataGate.Kind.AUDIT_TABLE);
    try (Reader r = new StringReader(text);
         CSVParser p = CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).get().parse(r)) {
      for (CSVRecord rec : p) {
        long line = p.getCurrentLineNumber();
        out.add(new Row(name, line, rec.toMap()));
      }
    } catch (DataException e) {
      throw e;
    } catch (IOException | IllegalArgumentException | IllegalStateException | UncheckedIOException e) {
      throw new DataException(name, 0, "not a valid CSV: " + Echo.cause(e), e);
    }
    return out;
  }

  /**
   * The one row a tool's output is judged by: the only row whose {@code harness} starts with {@code harness} and whose
   * {@code latency} the predicate accepts.
   *
   * @return the row, or empty when no row or more than one matches
   */
  public static Optional<Row> find(List<Row> rows, String harness, Predicate<String> latency) {
    List<Row> hits = rows.stream().filter(r -> r.harness().startsWith(harness) && latency.test(r.latency())).toList();
    return hits.size() == 1 ? Optional.of(hits.get(0)) : Optional.empty();
  }
}
