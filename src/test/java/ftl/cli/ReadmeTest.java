package ftl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The README shows the current {@code ./ftl --help} verbatim. */
class ReadmeTest {

  @Test
  void readme_helpSection_equalsCurrentHelp() throws IOException {
    String readme = Files.readString(Path.of("README.md"));
    String begin = "<!-- BEGIN ftl --help (checked by ReadmeTest) -->\n```\n";
    String end = "```\n<!-- END ftl --help -->";
    int b = readme.indexOf(begin);
    int e = readme.indexOf(end);
    assertThat(b).as("README lacks the help section").isNotNegative();
    String shown = readme.substring(b + begin.length(), e);
    CliRunner.Result r = CliRunner.run("--help");
    assertThat(shown).as("README's ./ftl --help is stale; paste the current output").isEqualTo(r.out());
  }
}
