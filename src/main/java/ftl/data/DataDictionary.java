package ftl.data;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The data dictionary ({@code data/datapackage.json}, Frictionless Data Package) read with Jackson:
 * every column of the event and ledger tables with its type and unit. Readers check files against it.
 * A data root without a dictionary of its own is read against the archive's, bundled in the jar.
 */
public final class DataDictionary {

  /** One column of a table. */
  public record Field(String name, String type, String unit, boolean required, String description) {}

  /** File name of the dictionary inside a data root. */
  public static final String FILE = "datapackage.json";
  private static final String BUNDLED = "/ftl/data/datapackage.json";

  private final String source;
  private final Map<String, Field> eventFields;
  private final Map<String, Field> ledgerFields;

  private DataDictionary(String source, Map<String, Field> eventFields, Map<String, Field> ledgerFields) {
    this.source = source;
    this.eventFields = Map.copyOf(eventFields);
    this.ledgerFields = Map.copyOf(ledgerFields);
  }

  /**
   * The ledger column types the archive declares ({@link LedgerSchema}, published as the archive's own
   * dictionary): the analysis parses these columns, so a data root's dictionary may add columns and types but
   * never loosen these (a root declaring {@code send_interval_ns} a string still has it checked as an integer).
   */
  private static final Map<String, Field> ENFORCED_LEDGER_FIELDS = enforced();

  private static Map<String, Field> enforced() {
    Map<String, Field> out = new LinkedHashMap<>();
    for (LedgerSchema.Column c : LedgerSchema.COLUMNS) {
      out.put(c.name(), new Field(c.name(), c.type().word(), c.unit(), c.required(), c.description()));
    }
    return Map.copyOf(out);
  }

  /** The dictionary of a data root, read through its gate, or the bundled one if the root has none. */
  public static DataDictionary forRoot(DataGate gate) {
    if (gate.isFile(FILE)) {
      byte[] bytes = gate.read(FILE, DataGate.Kind.DICTIONARY);
      try {
        return parse(new java.io.ByteArrayInputStream(bytes), gate.name(FILE));
      } catch (IOException e) {
        throw new DataException(gate.name(FILE), 0, "cannot read: " + e.getMessage(), e);
      }
    }
    return bundled();
  }

  /** The archive's dictionary as bundled in the jar. */
  public static DataDictionary bundled() {
    try (InputStream in = DataDictionary.class.getResourceAsStream(BUNDLED)) {
      if (in == null) {
        throw new IllegalStateException("the bundled data dictionary " + BUNDLED + " is missing from the jar");
      }
      return parse(in, "bundled " + FILE);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  static DataDictionary parse(InputStream in, String name) throws IOException {
    JsonNode root;
    try {
      root = JsonTrees.read(in.readAllBytes());
    } catch (JsonProcessingException e) {
      long line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
      throw new DataException(name, line, "not valid JSON: " + e.getOriginalMessage(), e);
    }
    Map<String, Field> events = fieldsOf(root, "events", name);
    Map<String, Field> ledger = fieldsOf(root, "ledger", name);
    for (String column : EventFormat.EVENT_COLUMNS) {
      Field f = events.get(column);
      if (f == null || !"integer".equals(f.type()) || f.unit().isEmpty()) {
        throw new DataException(name, 0, "the events schema must declare column " + column
            + " as an integer with a unit", null);
      }
    }
    for (String column : EventFormat.LEDGER_REQUIRED) {
      if (!ledger.containsKey(column)) {
        throw new DataException(name, 0, "the ledger schema must declare column " + column, null);
      }
    }
    return new DataDictionary(name, events, ledger);
  }

  private static Map<String, Field> fieldsOf(JsonNode root, String resource, String name) {
    for (JsonNode r : root.path("resources")) {
      if (resource.equals(r.path("name").asText())) {
        Map<String, Field> out = new LinkedHashMap<>();
        for (JsonNode f : r.path("schema").path("fields")) {
          String n = f.path("name").asText();
          out.put(n, new Field(n, f.path("type").asText("string"), f.path("unit").asText(""),
              f.path("constraints").path("required").asBoolean(false), f.path("description").asText("")));
        }
        return out;
      }
    }
    throw new DataException(name, 0, "no resource named \"" + resource + "\" in the data dictionary", null);
  }

  /** Where the dictionary was read from. */
  public String source() { return source; }

  /** Columns of the event table, by name. */
  public Map<String, Field> eventFields() { return eventFields; }

  /** Columns of the ledger table, by name. */
  public Map<String, Field> ledgerFields() { return ledgerFields; }

  /** The event columns in dictionary order. */
  public List<String> eventColumnNames() { return List.copyOf(eventFields.keySet()); }

  /**
   * Checks one ledger cell against the declared type of its column (empty cells and unknown columns pass).
   *
   * @throws DataException naming the file and line when the cell does not parse
   */
  public void checkLedgerCell(String column, String value, String file, long line) {
    if (value == null || value.isEmpty()) {
      return;
    }
    checkCell(ENFORCED_LEDGER_FIELDS.get(column), column, value, file, line);
    checkCell(ledgerFields.get(column), column, value, file, line);
  }

  private static final Pattern INTEGER = Pattern.compile("-?[0-9]{1,19}");
  private static final Pattern NUMBER = Pattern.compile("-?[0-9]{1,40}(\\.[0-9]{1,40})?([eE][+-]?[0-9]{1,4})?");

  /** Checks one non-empty cell against a declared type: integers and numbers exactly as written, no spaces, finite. */
  private static void checkCell(Field f, String column, String v, String file, long line) {
    if (f == null) {
      return;
    }
    if (!conforms(f.type(), v)) {
      throw new DataException(file, line, column + (f.type().equals("integer") ? " is not an integer (\""
          : " is not a finite number (\"") + Echo.of(v) + "\")", null);
    }
  }

  /**
   * True when a non-empty cell is a value of the declared type: an integer that fits a long, or a finite number,
   * each exactly as written (no spaces); any text for the other types. The reader and the writer
   * ({@link LedgerCells}) both ask this.
   */
  static boolean conforms(String type, String v) {
    switch (type) {
      case "integer" -> {
        if (!INTEGER.matcher(v).matches()) {
          return false;
        }
        try {
          Long.parseLong(v);
          return true;
        } catch (NumberFormatException e) {
          return false;
        }
      }
      case "number" -> {
        return NUMBER.matcher(v).matches() && Double.isFinite(Double.parseDouble(v));
      }
      default -> {
        return true;
      }
    }
  }
}
