package ftl.data.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import ftl.data.io.DataException;
import ftl.data.io.Echo;
import ftl.data.io.UtcTimestamp;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The fast character scans the ledger reader tries before a regular expression ({@link DataDictionary#plainInteger},
 * {@link DataDictionary#plainDecimal}, {@link Identifiers#plainSafe}, {@link LedgerReader#lowerHex64}) against the
 * rules as written: each scan may only accept a cell its rule accepts (it is a shortcut, never a second rule), and the
 * checks the reader makes ({@link DataDictionary#conforms}, {@link Identifiers#safe}) give exactly the rule's answer,
 * on tricky cells (leading zeros, signs, empty, non-ASCII digits, the edges of a long, very long cells) and on random
 * ones.
 */
class CellFastPathTest {

  private static final Pattern SHA256_RULE = Pattern.compile("[0-9a-f]{64}");

  /** Cells that sit on an edge of one rule or another, each labelled by what it probes. */
  static Stream<String> trickyCells() {
    return Stream.of(
        "", "0", "-0", "00", "007", "-007", "+5", "+0", "-", "--1", "-+1", " 5", "5 ", "5\n", "\t5", "1_000", "1,000",
        "0x10", "1e3", "1E3", "1e+3", "1e-3", "1.0", ".5", "5.", "-.5", "-5.", "1.e5", "1.5e", "1.5e+", "1.5e12345",
        "1.5e1234", "1e999", "-1e999", "NaN", "Infinity", "-Infinity", "1.5d", "1.5f", "0.0", "-0.0",
        // the edges of a long: 18 digits always fit, 19 may or may not, 20 never do
        "123456789012345678", "-123456789012345678", "999999999999999999", "1234567890123456789",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "00000000000000000000", "0000000000000000001", "12345678901234567890", "99999999999999999999",
        // digits that are not ASCII: Arabic-Indic, fullwidth, Devanagari, mathematical (a surrogate pair)
        "\u0663", "\u0661\u0662\u0663", "\uff11\uff12", "\u0967", "\ud835\udfd9", "1\u0663", "-\uff11",
        // a decimal's parts at their length limits
        "1".repeat(40), "1".repeat(41), "1".repeat(40) + "." + "2".repeat(40), "1".repeat(40) + "." + "2".repeat(41),
        "-" + "9".repeat(40) + ".5",
        // identifiers
        "a", "A", "Z9", "a b", "\u00e9", "a\u00e9", "_a", ".a", "-x", "=a", ",a", "x=1,y", "s=1ms,phase=0us",
        "A.b_c-d=e,f", "a;b", "a/b", "a\tb", "\uff41", "a".repeat(64), "a".repeat(65), "a".repeat(63) + "\u00e9",
        "\u0130", "\u212a", "k\u0301",
        // SHA-256 cells
        "0123456789abcdef".repeat(4), "0".repeat(64), "A".repeat(64), "a".repeat(63), "a".repeat(65), "g".repeat(64),
        "\uff10".repeat(64), " " + "a".repeat(63), "0123456789ABCDEF".repeat(4),
        // very long cells
        "1".repeat(1000), "-" + "1".repeat(10_000), "a".repeat(100_000), "1".repeat(20_000) + "x");
  }

  @ParameterizedTest(name = "\"{0}\"")
  @MethodSource("trickyCells")
  void conforms_trickyCell_agreesWithTheRule(String cell) {
    assertAgree(cell);
  }

  @Test
  void conforms_randomCells_agreeWithTheRule() {
    SplittableRandom random = new SplittableRandom(20261130L);
    String alphabet = "0123456789-+.eEaf_=,x \u0663\uff11";
    for (int i = 0; i < 200_000; i++) {
      int length = random.nextInt(i % 1000 == 0 ? 70 : 24);
      StringBuilder sb = new StringBuilder(length);
      for (int k = 0; k < length; k++) {
        // mostly digits, so that many cells are near-integers
        sb.append(random.nextInt(3) == 0 ? alphabet.charAt(random.nextInt(alphabet.length()))
            : (char) ('0' + random.nextInt(10)));
      }
      assertAgree(sb.toString());
    }
  }

  @Test
  void plainInteger_commonCells_acceptsWithoutTheRule() {
    // the shortcut must take the cells the committed ledgers are made of, or it saves nothing
    for (String cell : List.of("0", "1", "-1", "250000", "1000000000", "-123456789012345678", "007")) {
      assertThat(DataDictionary.plainInteger(cell)).as(cell).isTrue();
    }
    assertThat(DataDictionary.plainDecimal("97.5")).isTrue();
    assertThat(Identifiers.plainSafe("s=1ms,phase=0us")).isTrue();
    assertThat(LedgerReader.lowerHex64("0123456789abcdef".repeat(4))).isTrue();
  }

  @Test
  void conforms_booleanCell_isTrueOrFalseOnly() {
    assertThat(DataDictionary.conforms("boolean", "true")).isTrue();
    assertThat(DataDictionary.conforms("boolean", "false")).isTrue();
    assertThat(DataDictionary.conforms("boolean", "yes")).as("a boolean cell is true or false only").isFalse();
  }

  @Test
  void plainInteger_nineteenDigits_leftToTheRule() {
    // 19 digits may overflow a long; the shortcut never decides them, the rule does
    assertThat(DataDictionary.plainInteger("9223372036854775807")).isFalse();
    assertThat(DataDictionary.conforms("integer", "9223372036854775807")).isTrue();
    assertThat(DataDictionary.conforms("integer", "9223372036854775808")).isFalse();
    assertThat(DataDictionary.conforms("integer", "-9223372036854775808")).isTrue();
  }

  private static void assertAgree(String cell) {
    boolean integerRule = DataDictionary.integerByRule(cell);
    boolean numberRule = DataDictionary.numberByRule(cell);
    if (DataDictionary.plainInteger(cell)) {
      assertThat(integerRule).as("plainInteger accepts \"%s\", which the rule refuses", cell).isTrue();
    }
    if (DataDictionary.plainDecimal(cell)) {
      assertThat(numberRule).as("plainDecimal accepts \"%s\", which the rule refuses", cell).isTrue();
    }
    if (Identifiers.plainSafe(cell)) {
      assertThat(Identifiers.safeByRule(cell) || cell.length() > Identifiers.MAX_LENGTH)
          .as("plainSafe accepts \"%s\", which the rule refuses", cell).isTrue();
    }
    if (LedgerReader.lowerHex64(cell)) {
      assertThat(SHA256_RULE.matcher(cell).matches()).as("lowerHex64 accepts \"%s\"", cell).isTrue();
    }
    if (!cell.isEmpty()) {
      assertThat(DataDictionary.conforms("integer", cell)).as("integer \"%s\"", cell).isEqualTo(integerRule);
      assertThat(DataDictionary.conforms("number", cell)).as("number \"%s\"", cell).isEqualTo(numberRule);
    }
    assertThat(Identifiers.safe(cell)).as("identifier \"%s\"", cell).isEqualTo(Identifiers.safeByRule(cell));
  }

  /**
   * The check resolved per column refuses what the column's declared type refuses (a datetime column what is not a UTC
   * time, {@link UtcTimestamp}), with the message naming the type,
   * and nothing else (a string column, an undeclared one).
   */
  @Test
  void ledgerCellCheck_everyDeclaredColumn_refusesWhatItsTypeRefuses() {
    DataDictionary d = DataDictionary.bundled();
    List<String> columns = new ArrayList<>(d.ledgerFields().keySet());
    columns.add("an_undeclared_column");
    for (String column : columns) {
      DataDictionary.Field f = d.ledgerFields().get(column);
      String type = f == null ? "string" : f.type();
      DataDictionary.CellCheck check = d.ledgerCellCheck(column);
      assertThat(check.none()).as(column)
          .isEqualTo(!type.equals("integer") && !type.equals("number") && !type.equals("datetime")
          && !type.equals("boolean"));
      for (String cell : trickyCells().toList()) {
        String expected = cell.isEmpty() || DataDictionary.conforms(type, cell) ? null
            : "data/c/ledger.csv:7: " + Echo.clean(column + (type.equals("integer") ? " is not an integer (\""
                : type.equals("number") ? " is not a finite number (\""
                : type.equals("boolean") ? " is not true or false (\""
                : " is not a UTC time " + UtcTimestamp.FORM + " (\"") + Echo.of(cell) + "\")");
        assertThat(messageOf(() -> check.check(cell, "data/c/ledger.csv", 7))).as("%s \"%s\"", column, cell)
            .isEqualTo(expected);
        assertThat(messageOf(() -> d.checkLedgerCell(column, cell, "data/c/ledger.csv", 7)))
            .as("%s \"%s\"", column, cell)
            .isEqualTo(expected);
      }
    }
  }

  /**
   * A data root's dictionary may add a type to a column but not loosen the archive's: the archive's type is checked
   * first, then the root's.
   */
  @Test
  void ledgerCellCheck_rootDeclaresAnotherType_archiveTypeFirstThenRoot() throws IOException {
    ObjectMapper json = new ObjectMapper();
    JsonNode root;
    try (InputStream in = DataDictionary.class.getResourceAsStream("/ftl/data/datapackage.json")) {
      root = json.readTree(in);
    }
    for (JsonNode r : root.path("resources")) {
      if (r.path("name").asText().equals("ledger")) {
        for (JsonNode f : r.path("schema").path("fields")) {
          String name = f.path("name").asText();
          if (name.equals("load_measured_pct") || name.equals("topic")) {
            ((ObjectNode) f).put("type", "integer");
          }
          if (name.equals("repeat")) {
            ((ObjectNode) f).put("type", "string");
          }
        }
      }
    }
    DataDictionary d = DataDictionary.parse(new ByteArrayInputStream(json.writeValueAsBytes(root)),
        "data/datapackage.json");
    // number (archive) then integer (root)
    assertThat(messageOf(() -> d.ledgerCellCheck("load_measured_pct").check("1.5", "l.csv", 3)))
        .isEqualTo("l.csv:3: load_measured_pct is not an integer (\"1.5\")");
    assertThat(messageOf(() -> d.ledgerCellCheck("load_measured_pct").check("x", "l.csv", 3)))
        .isEqualTo("l.csv:3: load_measured_pct is not a finite number (\"x\")");
    assertThat(messageOf(() -> d.ledgerCellCheck("load_measured_pct").check("97", "l.csv", 3))).isNull();
    // string (archive) then integer (root)
    assertThat(messageOf(() -> d.ledgerCellCheck("topic").check("t1", "l.csv", 3)))
        .isEqualTo("l.csv:3: topic is not an integer (\"t1\")");
    // integer (archive), the root's string does not loosen it
    assertThat(messageOf(() -> d.ledgerCellCheck("repeat").check("one", "l.csv", 3)))
        .isEqualTo("l.csv:3: repeat is not an integer (\"one\")");
  }

  private static String messageOf(Runnable r) {
    try {
      r.run();
      return null;
    } catch (DataException e) {
      return e.getMessage();
    }
  }
}
