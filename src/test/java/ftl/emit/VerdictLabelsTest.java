package ftl.emit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.io.DataException;
import ftl.quantity.RealDataTest;
import ftl.quantity.Registry;
import ftl.quantity.core.Format;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue #45, readable labels: the verdict tables printed registry keys ({@code payload.prediction.direction},
 * {@code gridlaw.heldout.verdict.nojvm}, ...) as row labels, 22 lines of the built paper. A row shows what the verdict
 * judges in words: its registration's claim, or its row of {@code paper/verdict-labels.csv}.
 */
class VerdictLabelsTest {

  private static Map<String, Object> verdict(String key, String claim) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("key", key);
    m.put("claim", claim);
    return m;
  }

  @Test
  void label_claimOrLabelFileOrDefinition_givesTheRowItsWords() {
    Map<String, Object> model = new LinkedHashMap<>();
    Map<String, Object> other = verdict("onedlaw.verdict.k", "");
    other.put("definitionLatex", "the 1/D law in campaign k");
    List<Map<String, Object>> vs = List.of(verdict("criterion.c.r", "rates differ_by load"),
        verdict("payload.prediction.size", ""),
        other);
    model.put("verdicts", vs);
    Emitter.label(model, Map.of("payload.prediction.size", "payload: retention rises"));
    assertThat(vs).extracting(m -> m.get("labelLatex"))
        .containsExactly("rates differ\\_by load", "payload: retention rises", "the 1/D law in campaign k");
  }

  /** Every verdict of the archive's own data has words of its own: its registration's claim or a row of the labels. */
  @Test
  void theArchivesVerdicts_eachHaveAClaimOrALabel() {
    Registry reg = Registry.forData(RealDataTest.ANALYSIS.data());
    Map<String, String> labels = VerdictLabels.read(Path.of("").toAbsolutePath());
    assertThat(reg.all().stream().filter(q -> q.format() == Format.VERDICT).map(q -> q.key())
        .filter(k -> reg.registration(k).map(r -> r.claim().isEmpty()).orElse(true) && !labels.containsKey(k)))
        .as("verdicts without a claim or a row of " + VerdictLabels.FILE).isEmpty();
  }

  @Test
  void read_aKeyTwice_failsNamingTheLine(@TempDir Path root) throws IOException {
    Files.createDirectories(root.resolve("paper"));
    Files.writeString(root.resolve(VerdictLabels.FILE), "# labels\nkey,label\na.b,one\na.b,two\n",
        StandardCharsets.UTF_8);
    assertThatThrownBy(() -> VerdictLabels.read(root)).isInstanceOf(DataException.class)
        .hasMessageContaining(VerdictLabels.FILE + ":4").hasMessageContaining("labelled twice");
  }

  /**
   * The committed paper, as its generated tables and text print it (a quantity's link target and comments aside):
   * the check {@code pdftotext paper/paper.pdf - | grep -E '\.(prediction|verdict|heldout|claim)\.'} on the
   * sources, so that it runs without TeX.
   */
  @Test
  void thePaper_printsNoVerdictKey() throws IOException {
    Pattern key = Pattern.compile("\\.(prediction|verdict|heldout|claim)\\.");
    List<String> found = new ArrayList<>();
    List<Path> files = new ArrayList<>(List.of(Path.of("paper/paper.tex")));
    try (Stream<Path> s = Files.list(Path.of("paper/generated"))) {
      s.filter(p -> p.toString().endsWith(".tex")).sorted().forEach(files::add);
    }
    for (Path f : files) {
      String name = f.getFileName().toString();
      if (name.equals("quantities.tex") || name.equals("provenance.tex")) {
        continue; // macro definitions and the link target, not typeset text
      }
      List<String> lines = Files.readAllLines(f, StandardCharsets.UTF_8);
      for (int i = 0; i < lines.size(); i++) {
        String typeset = lines.get(i).replaceAll("(?<!\\\\)%.*$", "").replaceAll("\\\\ftlQuantity\\{[^}]*\\}", "")
            .replace("\\allowbreak{}", "").replace("\\_", "_");
        if (key.matcher(typeset).find()) {
          found.add(f + ":" + (i + 1) + ": " + typeset.strip());
        }
      }
    }
    assertThat(found).as("registry keys printed in the paper").isEmpty();
  }

  /** A rule's text names other verdicts by key; the verdict tables print their labels instead (issue #45 item 4). */
  @Test
  void unkeyed_aRuleNamingVerdictsByKey_printsTheirLabels_longestKeyFirst_andLeavesLongerKeysAlone() {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put("gridlaw.heldout.verdict.nojvm", "grid law: loaded host");
    labels.put("gridlaw.heldout.verdict.nojvm-quiet", "grid law: quiet host");
    labels.put("onedlaw.verdict.modeA", "1/D: sign campaign");
    assertThat(Emitter.unkeyed("Held iff gridlaw.heldout.verdict.nojvm-quiet held, not gridlaw.heldout.verdict.nojvm;"
        + " see onedlaw.verdict.modeA. and onedlaw.verdict.modeAB", labels))
        .isEqualTo("Held iff 'grid law: quiet host' held, not 'grid law: loaded host'; see '1/D: sign campaign'. and"
            + " onedlaw.verdict.modeAB");
  }
}
