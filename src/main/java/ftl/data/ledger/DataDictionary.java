package ftl.data.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import ftl.data.io.DataException;
import ftl.data.io.DataGate;
import ftl.data.io.Echo;
import ftl.data.io.StrictJson;
import ftl.data.io.UtcTimestamp;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
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
  /**
   * The package name of the archive's own data dictionary ({@code data/datapackage.json}): a data root whose own
   * dictionary carries it is the archive's data package, read against the archive's catalogue of campaigns
   * ({@link #archivePackage()}).
   */
  public static final String ARCHIVE_PACKAGE = "ftl-data";

  private final Map<String, Field> ledgerFields;
  private final boolean archivePackage;

  private DataDictionary(Map<String, Field> ledgerFields, boolean archivePackage) {
    this.ledgerFields = Map.copyOf(ledgerFields);
    this.archivePackage = archivePackage;
  }

  /**
   * Whether the data root holds a dictionary of its own named {@value #ARCHIVE_PACKAGE}: the archive's {@code data/},
   * whose folders are the campaigns its catalogue declares and nothing else ({@code
   * ftl.data.DataSet#scan(java.nio.file.Path, String, java.util.Set)}). A root without a dictionary of its own (read
   * against the bundled one), or whose dictionary has another name, is some other data root: every folder of it is
   * read.
   */
  public boolean archivePackage() { return archivePackage; }

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
        return parse(new ByteArrayInputStream(bytes), gate.name(FILE));
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
      DataDictionary d = parse(in, "bundled " + FILE);
      return new DataDictionary(d.ledgerFields, false); // no root's own dictionary: not the archive's data package
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  public static DataDictionary parse(InputStream in, String name) throws IOException {
    JsonNode root = StrictJson.parse(in.readAllBytes(), name).json(); // strict: it decides the columns' types
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
    // the event columns are checked here; nothing reads them later
    return new DataDictionary(ledger, ARCHIVE_PACKAGE.equals(root.path("name").asText("")));
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

  /** Columns of the ledger table, by name. */
  public Map<String, Field> ledgerFields() { return ledgerFields; }

  /**
   * Checks one ledger cell against the declared type of its column (empty cells and unknown columns pass).
   *
   * @throws DataException naming the file and line when the cell does not parse
   */
  public void checkLedgerCell(String column, String value, String file, long line) {
    ledgerCellCheck(column).check(value, file, line);
  }

  /**
   * The check {@link #checkLedgerCell} makes of every cell of one column, resolved once for the column (a ledger
   * reader asks it once per header column, not once per cell): the declared types a non-empty cell must conform to,
   * the archive's ({@link LedgerSchema}) first, then the data root's, each only when it constrains the text
   * ({@code integer}, {@code number}, {@code datetime}, {@code boolean}). {@link CellCheck#none()} when neither does.
   */
  public CellCheck ledgerCellCheck(String column) {
    List<Field> types = new ArrayList<>(2);
    for (Field f : new Field[] {ENFORCED_LEDGER_FIELDS.get(column), ledgerFields.get(column)}) {
      if (f != null && (f.type().equals("integer") || f.type().equals("number") || f.type().equals("datetime")
          || f.type().equals("boolean"))) {
        types.add(f);
      }
    }
    return new CellCheck(column, types);
  }

  /**
   * The type checks of one ledger column, in the order they are made ({@link #ledgerCellCheck}).
   *
   * @param column the column name, for messages
   * @param types the declared fields whose type a non-empty cell must conform to
   */
  public record CellCheck(String column, List<Field> types) {
    public CellCheck {
      Objects.requireNonNull(column, "column");
      types = List.copyOf(types);
    }

    /** True when no declared type constrains the column's cells (then {@link #check} never throws). */
    public boolean none() {
      return types.isEmpty();
    }

    /**
     * Checks one cell of the column: empty passes; otherwise each declared type in turn.
     *
     * @throws DataException naming the file and line at the first type the cell does not conform to
     */
    public void check(String value, String file, long line) {
      if (value == null || value.isEmpty()) {
        return;
      }
      for (Field f : types) {
        checkCell(f, column, value, file, line);
      }
    }
  }

  private static final Pattern INTEGER = Pattern.compile("-?[0-9]{1,19}");
  private static final Pattern NUMBER = Pattern.compile("-?[0-9]{1,40}(\\.[0-9]{1,40})?([eE][+-]?[0-9]{1,4})?");

  /** Checks one non-empty cell against a declared type: integers and numbers exactly as written, no spaces, finite. */
  private static void checkCell(Field f, String column, String v, String file, long line) {
    if (f == null) {
      return;
    }
    if (!conforms(f.type(), v)) {
      String what = switch (f.type()) {
        case "integer" -> " is not an integer (\"";
        case "number" -> " is not a finite number (\"";
        case "boolean" -> " is not true or false (\"";
        default -> " is not a UTC time " + UtcTimestamp.FORM + " (\"";
      };
      throw new DataException(file, line, column + what + Echo.of(v) + "\")", null);
    }
  }

  /**
   * True when a non-empty cell is a value of the declared type: an integer that fits a long, or a finite number,
   * each exactly as written (no spaces), a UTC time ({@link UtcTimestamp}), or {@code true}/{@code false} for a
   * boolean; any text for the other types. The reader and the writer
   * ({@link LedgerCells}) both ask this. The common cells are accepted by a scan of their characters
   * ({@link #plainInteger}, {@link #plainDecimal}); any other cell is decided by the regular expression and the
   * parse, as the rule is written.
   */
  static boolean conforms(String type, String v) {
    switch (type) {
      case "integer" -> {
        return plainInteger(v) || integerByRule(v);
      }
      case "number" -> {
        return plainDecimal(v) || numberByRule(v);
      }
      case "datetime" -> {
        return UtcTimestamp.epochMillis(v).isPresent();
      }
      case "boolean" -> {
        return v.equals("true") || v.equals("false");
      }
      default -> {
        return true;
      }
    }
  }

  /** The integer rule as written: {@code -?[0-9]{1,19}} and {@link Long#parseLong} accepts it. */
  static boolean integerByRule(String v) {
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

  /** The number rule as written: {@link #NUMBER} and a finite {@link Double#parseDouble}. */
  static boolean numberByRule(String v) {
    return NUMBER.matcher(v).matches() && Double.isFinite(Double.parseDouble(v));
  }

  /**
   * A fast sufficient test for the integer rule: an optional {@code -} then 1 to 18 ASCII digits, which always
   * fit a long. False says nothing (19 digits, a sign, anything else goes to {@link #integerByRule}).
   */
  static boolean plainInteger(String v) {
    int n = v.length();
    int i = n > 0 && v.charAt(0) == '-' ? 1 : 0;
    if (n - i < 1 || n - i > 18) {
      return false;
    }
    for (; i < n; i++) {
      char c = v.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
    }
    return true;
  }

  /**
   * A fast sufficient test for the number rule: an optional {@code -}, 1 to 40 ASCII digits, and optionally a
   * {@code .} and 1 to 40 more, no exponent (so always finite). False says nothing (an exponent, anything else goes to
   * {@link #numberByRule}).
   */
  static boolean plainDecimal(String v) {
    int n = v.length();
    int i = n > 0 && v.charAt(0) == '-' ? 1 : 0;
    int intStart = i;
    while (i < n && v.charAt(i) >= '0' && v.charAt(i) <= '9') {
      i++;
    }
    int intDigits = i - intStart;
    if (intDigits < 1 || intDigits > 40) {
      return false;
    }
    if (i == n) {
      return true;
    }
    if (v.charAt(i) != '.') {
      return false;
    }
    int fracStart = ++i;
    while (i < n && v.charAt(i) >= '0' && v.charAt(i) <= '9') {
      i++;
    }
    int fracDigits = i - fracStart;
    return i == n && fracDigits >= 1 && fracDigits <= 40;
  }
}
