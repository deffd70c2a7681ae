package ftl.quantity;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.data.Registration;
import ftl.data.VerdictKind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every registered prediction is reported where readers look, held or not: each confirmatory verdict of the archive's
 * data has a row of the main text's table of registered predictions (the committed {@code tab-predictions.tex}, which
 * {@code paper.tex} inputs) or, for the confirmatory campaign, of its own table ({@code tab-confirm.tex}), and the
 * abstract gives the confirmatory tallies. A confirmatory verdict left out of the
 * paper, or a table the paper stops reading, fails here.
 */
class RegisteredPredictionsInPaperTest {

  private static final Path ROOT = RealDataTest.ROOT;

  private static List<String> confirmatory() {
    Registry registry = Registry.forData(RealDataTest.ANALYSIS.data());
    return registry.all().stream().filter(q -> q.format() == Format.VERDICT)
        .filter(q -> registry.registration(q.key()).map(Registration::kind).orElse(null) == VerdictKind.CONFIRMATORY)
        .map(Quantity::key).toList();
  }

  @Test
  void paper_everyConfirmatoryVerdict_hasARowOfTheRegisteredPredictionsTable() throws IOException {
    String paper = Files.readString(ROOT.resolve("paper/paper.tex"), StandardCharsets.UTF_8);
    assertThat(paper).contains("\\input{generated/tab-predictions}").contains("\\input{generated/tab-confirm}");
    // the confirmatory campaign's verdicts are laid out in their own table (tab-confirm), every other one here
    String table = Files.readString(ROOT.resolve("paper/generated/tab-predictions.tex"), StandardCharsets.UTF_8)
        + Files.readString(ROOT.resolve("paper/generated/tab-confirm.tex"), StandardCharsets.UTF_8);
    List<String> keys = confirmatory();
    assertThat(keys).hasSizeGreaterThan(10);
    for (String k : keys) {
      assertThat(table).as("row of " + k).contains("\\ftlQuantity{" + k + "}");
    }
  }

  @Test
  void abstract_givesTheConfirmatoryTallies() throws IOException {
    String text = Files.readString(ROOT.resolve("paper/abstract.txt"), StandardCharsets.UTF_8);
    assertThat(text).contains("\\VerdictsConfirmatoryHeld").contains("\\VerdictsConfirmatoryDidNotHold");
  }
}
