package ftl.emit;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.data.registration.Registration;
import ftl.data.registration.VerdictKind;
import ftl.quantity.RealDataTest;
import ftl.quantity.Registry;
import ftl.quantity.core.Format;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Issue #45, "counts that no test ties to their table": the caption of the table of registered predictions said every
 * verdict was listed, "72 held and 35 did not", while the table had 33 rows (10 held, 23 did not), other verdicts were
 * in other tables, and the counts were of verdict rows, not tests. The table now lists every registered test of its
 * stated scope (the Kafka campaigns before the confirmatory one), one row per test, and counts its own rows; the
 * caption gives no number.
 */
class CaptionCompletenessRegressionTest {

  private static final Path TABLE = Path.of("paper/generated/tab-predictions.tex");
  private static final Pattern LINKED = Pattern.compile(
      "\\\\ftlQuantity\\{([^}]*)\\}\\{(held|did not hold|not testable here)\\}");
  private static final Pattern TALLY = Pattern.compile(
      "(?:\\\\ftlQuantity\\{[^}]*\\}\\{)?(\\d+)\\}? registered tests: (?:\\\\ftlQuantity\\{[^}]*\\}\\{)?(\\d+)\\}? "
          + "held, (?:\\\\ftlQuantity\\{[^}]*\\}\\{)?(\\d+)\\}? did not hold, "
          + "(?:\\\\ftlQuantity\\{[^}]*\\}\\{)?(\\d+)\\}? not testable here");

  @Test
  void predictionsTable_listsEveryRegisteredTestOfItsScope_andCountsItsRows() throws IOException {
    Registry reg = Registry.forData(RealDataTest.ANALYSIS.data());
    Set<String> expected = new LinkedHashSet<>();
    for (Registration r : reg.registrations()) {
      if (r.kind() == VerdictKind.CONFIRMATORY && !reg.notTests().containsKey(r.verdictKey()) && !Emitter.ownTable(r)
          && reg.byKey(r.verdictKey()).isPresent()) {
        expected.add(r.verdictKey());
      }
    }
    String table = Files.readString(TABLE, StandardCharsets.UTF_8);
    List<String> rows = new ArrayList<>();
    List<String> outcomes = new ArrayList<>();
    Matcher m = LINKED.matcher(table);
    while (m.find()) {
      String key = m.group(1).replace("\\_", "_");
      if (reg.byKey(key).map(q -> q.format() == Format.VERDICT).orElse(false)) {
        rows.add(key);
        outcomes.add(m.group(2));
      }
    }
    assertThat(rows).as("the table's rows: every registered test of its scope, once")
        .containsExactlyInAnyOrderElementsOf(expected);
    Matcher t = TALLY.matcher(table);
    assertThat(t.find()).as("the table counts its rows").isTrue();
    assertThat(Long.parseLong(t.group(1))).isEqualTo((long) rows.size());
    assertThat(Long.parseLong(t.group(2))).isEqualTo(outcomes.stream().filter("held"::equals).count());
    assertThat(Long.parseLong(t.group(3))).isEqualTo(outcomes.stream().filter("did not hold"::equals).count());
    assertThat(Long.parseLong(t.group(4))).isEqualTo(outcomes.stream().filter("not testable here"::equals).count());
  }

  /** The caption of that table states its scope and gives no count of its own: the table's last row counts. */
  @Test
  void predictionsCaption_givesNoCountOfItsOwn() throws IOException {
    String tex = Files.readString(Path.of("paper/paper.tex"), StandardCharsets.UTF_8);
    int at = tex.indexOf("\\input{generated/tab-predictions}");
    String caption = tex.substring(tex.indexOf("\\caption{", at), tex.indexOf("\\label{tab:predictions}", at));
    assertThat(caption).doesNotContain("\\Verdicts").doesNotContainPattern("\\d").contains("one row per test")
        .doesNotContain("none left out");
  }
}
