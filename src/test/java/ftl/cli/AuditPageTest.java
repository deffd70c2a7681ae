package ftl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.audit.AuditRule;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/audit.md} says what the code does: its table of rules is {@link AuditRule}'s (id, title, when it fails,
 * bound), and its table of outcomes lists every real tool output the archive commits with the exit code and the failing
 * rules {@code ftl audit} gives it now.
 */
class AuditPageTest {
  static final Path PAGE = Path.of("docs/audit.md");

  static List<String[]> table(String page, String name) {
    String begin = "<!-- BEGIN " + name + " (checked by AuditPageTest) -->\n";
    int b = page.indexOf(begin);
    int e = page.indexOf("<!-- END " + name + " -->");
    assertThat(b).as(name + " table").isNotNegative();
    List<String[]> rows = new ArrayList<>();
    for (String l : page.substring(b + begin.length(), e).split("\n")) {
      if (l.startsWith("|") && !l.startsWith("|---")) {
        String[] cells = l.substring(1, l.length() - 1).split(" \\| ", -1);
        rows.add(Arrays.stream(cells).map(String::strip).toArray(String[]::new));
      }
    }
    return rows.subList(1, rows.size());
  }

  @Test
  void page_rulesTable_isTheEnums() throws IOException {
    List<String[]> rows = table(Files.readString(PAGE, StandardCharsets.UTF_8), "audit rules");
    List<String> shown = rows.stream().map(r -> String.join(" | ", r)).toList();
    List<String> declared = Arrays.stream(AuditRule.values())
        .map(r -> String.join(" | ", "`" + r.id() + "`", r.statement().summary(), r.statement().failsWhen(),
        r.statement().bound())).toList();
    assertThat(shown).isEqualTo(declared);
  }

  /** Every {@code ```text} example that begins {@code $ ./ftl audit ...} shows what that command prints now. */
  @Test
  void page_examples_areTheCommandsOutput() throws IOException {
    String page = Files.readString(PAGE, StandardCharsets.UTF_8);
    int examples = 0;
    for (String block : page.split("```text\n")) {
      if (!block.startsWith("$ ./ftl audit ")) {
        continue;
      }
      String shown = block.substring(0, block.indexOf("```"));
      String command = shown.substring(2, shown.indexOf('\n'));
      List<String> args = new ArrayList<>(Arrays.asList(command.split(" ")));
      CliRunner.Result r = CliRunner.run(args.subList(1, args.size()).toArray(String[]::new));
      assertThat(shown.substring(shown.indexOf('\n') + 1)).as(command).isEqualTo(r.out());
      examples++;
    }
    assertThat(examples).isEqualTo(3);
  }

  @Test
  void page_outcomesTable_listsEveryCommittedOutputWithItsExitAndFailingRules() throws IOException {
    List<String[]> rows = table(Files.readString(PAGE, StandardCharsets.UTF_8), "audit outcomes");
    List<String> committed = new ArrayList<>();
    try (Stream<Path> s = Stream.concat(Files.list(Path.of("data/audit/demo/outputs")),
        Files.list(Path.of("data/perftest/runs")))) {
      s.map(Path::toString)
          .filter(p -> p.matches(".*/(perf|e2e)-[0-9]+\\.txt|.*/omb-[0-9]+\\.json|.*/r[0-9]+\\.(txt|prom)")).sorted()
          .forEach(committed::add);
    }
    assertThat(rows.stream().map(r -> r[0].replace("`", "")).toList()).isEqualTo(committed);
    for (String[] r : rows) {
      String file = r[0].replace("`", "");
      CliRunner.Result res = CliRunner.run("audit", file);
      assertThat(res.code()).as(file + ": " + res.err()).isEqualTo(Integer.parseInt(r[2]));
      List<String> failing = res.out().lines().filter(l -> l.matches("  audit\\.[a-z-]+ +FAILS .*"))
          .map(l -> l.strip().split(" +")[0]).toList();
      assertThat(String.join(", ", failing.stream().map(f -> "`" + f + "`").toList())).as(file)
          .isEqualTo(r[3].equals("none") ? "" : r[3]);
      assertThat(res.out()).as(file).contains(": " + r[1] + ", recognised by");
    }
  }
}
