package ftl.harness.plan;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Issue #54: {@code docs/practitioners.md} states the plan format as a reference a practitioner writes a plan from,
 * held to the parser's own lists ({@link PlanParser#TOP_FIELDS}, {@link PlanParser#CONDITION_FIELDS},
 * {@link PlanParser#WARMUP_FIELDS}) and built-in defaults ({@link PlanParser#builtInDefaults}), so neither can drift
 * from the other: every field the parser takes is named on the page, every field the tables list is one it takes, and
 * every default the condition table states is the parser's.
 */
class PlanReferencePageTest {
  static final Path PAGE = Path.of("docs/practitioners.md");
  static final String HEADING = "### The plan, field by field\n";
  /** A table row: its first cell a backticked field, then the default cell. */
  static final Pattern ROW = Pattern.compile("(?m)^\\| `([a-z_]+)` \\| ([^|]+) \\|");

  @Test
  void everyFieldTheParserTakes_isNamedInTheSection_andEveryListedFieldIsOne() throws IOException {
    String section = section();
    Set<String> parser = new TreeSet<>(PlanParser.TOP_FIELDS);
    parser.addAll(PlanParser.CONDITION_FIELDS);
    PlanParser.WARMUP_FIELDS.values().forEach(parser::addAll);
    for (String f : parser) {
      assertThat(section.contains("`" + f + "`") || section.contains("\"" + f + "\""))
          .as("docs/practitioners.md's plan reference does not name the field " + f).isTrue();
    }
    Map<String, String> rows = rows(section);
    assertThat(rows).hasSizeGreaterThan(25);
    assertThat(parser).as("fields the page's tables list").containsAll(rows.keySet());
  }

  @Test
  void conditionDefaults_onThePage_areTheParsers() throws IOException {
    String section = section();
    String conditions = section.substring(section.indexOf("| condition field |"));
    Map<String, String> rows = rows(conditions);
    JsonNode defaults = PlanParser.builtInDefaults(new ObjectMapper());
    int checked = 0;
    for (Map.Entry<String, String> row : rows.entrySet()) {
      assertThat(PlanParser.CONDITION_FIELDS).as("a condition field").contains(row.getKey());
      JsonNode d = defaults.get(row.getKey());
      if (d != null) {
        assertThat(row.getValue()).as("the default of " + row.getKey()).isEqualTo("`" + d.asText() + "`");
        checked++;
      }
    }
    assertThat(checked).as("defaults checked").isGreaterThanOrEqualTo(14);
  }

  private static String section() throws IOException {
    String page = Files.readString(PAGE, StandardCharsets.UTF_8);
    int h = page.indexOf(HEADING);
    assertThat(h).as("docs/practitioners.md lacks " + HEADING).isNotNegative();
    return page.substring(h, page.indexOf("\n## ", h));
  }

  private static Map<String, String> rows(String text) {
    Map<String, String> out = new LinkedHashMap<>();
    Matcher m = ROW.matcher(text);
    while (m.find()) {
      out.putIfAbsent(m.group(1), m.group(2).strip());
    }
    return out;
  }
}
