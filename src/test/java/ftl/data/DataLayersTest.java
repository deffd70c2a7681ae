package ftl.data;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.quantity.QuantityLayersTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code ftl.data} is split by role, and the rooms depend one way: byte safety ({@code io}) on none of the others, the
 * instrument's formats ({@code ledger}) on {@code io}, registration ({@code registration}) and other tools' formats
 * ({@code tool}) on both but not on each other, and the data root ({@code DataSet}, {@code Campaign}) on all. Read from
 * the sources with comments and string literals removed: a class that names a class of a room it may not use fails.
 */
class DataLayersTest {
  static final Path MAIN = Path.of("src/main/java/ftl/data");
  /** Each room, and the rooms it may name. */
  static final Map<String, Set<String>> MAY_USE = Map.of(
      "io", Set.of(),
      "ledger", Set.of("io"),
      "registration", Set.of("io", "ledger"),
      "tool", Set.of("io", "ledger"),
      "", Set.of("io", "ledger", "registration", "tool"));

  static Map<String, String> roomOfClass() throws IOException {
    Map<String, String> out = new LinkedHashMap<>();
    for (String room : List.of("io", "ledger", "registration", "tool", "")) {
      try (Stream<Path> s = Files.list(room.isEmpty() ? MAIN : MAIN.resolve(room))) {
        for (Path p : s.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
          out.put(p.getFileName().toString().replace(".java", ""), room);
        }
      }
    }
    return out;
  }

  static List<String> crossings(Map<String, String> room, Map<String, String> codeOf) {
    List<String> out = new ArrayList<>();
    for (Map.Entry<String, String> c : room.entrySet()) {
      String code = codeOf.get(c.getKey());
      for (Map.Entry<String, String> other : room.entrySet()) {
        String from = c.getValue();
        String to = other.getValue();
        if (!to.equals(from) && !MAY_USE.get(from).contains(to)
            && Pattern.compile("(?<![\\w$])" + other.getKey() + "\\b").matcher(code).find()) {
          out.add(c.getKey() + " (" + (from.isEmpty() ? "ftl.data" : from) + ") names " + other.getKey());
        }
      }
    }
    return out;
  }

  @Test
  void rooms_eachClass_namesOnlyRoomsItMayUse() throws IOException {
    Map<String, String> room = roomOfClass();
    assertThat(room).containsEntry("DataGate", "io").containsEntry("LedgerSchema", "ledger")
        .containsEntry("PlanReader", "registration").containsEntry("OmbFormat", "tool").containsEntry("DataSet", "")
        .doesNotContainKey("TerminalStream");
    Map<String, String> codeOf = new LinkedHashMap<>();
    for (Map.Entry<String, String> c : room.entrySet()) {
      Path dir = c.getValue().isEmpty() ? MAIN : MAIN.resolve(c.getValue());
      codeOf.put(c.getKey(), QuantityLayersTest.code(Files.readString(dir.resolve(c.getKey() + ".java"))));
    }
    assertThat(crossings(room, codeOf)).isEmpty();
  }

  @Test
  void rooms_theCheck_seesACrossing() {
    // a registration class naming a tool's reader, and the byte layer naming the ledger: both found
    Map<String, String> room = Map.of("Criteria", "registration", "OmbFormat", "tool", "DataGate", "io",
        "LedgerRow", "ledger", "RowCells", "ledger");
    Map<String, String> codeOf = Map.of("Criteria", "class Criteria { OmbFormat f; }", "OmbFormat",
        "class OmbFormat {}",
        "DataGate", "class DataGate { LedgerRow r; }", "RowCells",
        "class RowCells { /** {@link OmbFormat} */ String s = \"OmbFormat\"; }",
        "LedgerRow", "class LedgerRow { DataGate g; }");
    Map<String, String> read = new LinkedHashMap<>();
    codeOf.forEach((k, v) -> read.put(k, QuantityLayersTest.code(v)));
    assertThat(crossings(room, read)).containsExactlyInAnyOrder("Criteria (registration) names OmbFormat",
        "DataGate (io) names LedgerRow");
  }
}
