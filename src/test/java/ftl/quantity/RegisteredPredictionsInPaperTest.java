package ftl.quantity;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import ftl.data.DataSet;
import ftl.data.registration.Registration;
import ftl.data.registration.VerdictKind;
import ftl.quantity.core.Format;
import ftl.quantity.core.Quantity;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every registered prediction is reported where readers look, held or not: each confirmatory registered test of the
 * archive's data (a combined claim restates tests and is not one, {@code RegisteredTests}) has a row of the main text's
 * table of registered predictions (the committed {@code tab-predictions.tex}, which
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
    assertThat(paper).contains("\\input{generated/tab-predictions}").contains("\\input{generated/tab-confirm}")
        .contains("\\input{generated/tab-setting}").contains("\\input{generated/tab-cluster}");
    // the confirmatory, the setting and the cluster campaign's verdicts are laid out in their own tables (tab-confirm,
    // tab-setting, tab-cluster), every other one here
    String table = Files.readString(ROOT.resolve("paper/generated/tab-predictions.tex"), StandardCharsets.UTF_8)
        + Files.readString(ROOT.resolve("paper/generated/tab-confirm.tex"), StandardCharsets.UTF_8)
        + Files.readString(ROOT.resolve("paper/generated/tab-setting.tex"), StandardCharsets.UTF_8)
        + Files.readString(ROOT.resolve("paper/generated/tab-cluster.tex"), StandardCharsets.UTF_8);
    String verdicts = Files.readString(ROOT.resolve("supplement/generated/tab-verdicts.tex"), StandardCharsets.UTF_8);
    List<String> keys = confirmatory();
    assertThat(keys).hasSizeGreaterThan(10);
    Registry r = Registry.forData(DataSet.scan(ROOT.resolve("data"), "data"));
    for (String k : keys) {
      if (r.notTests().containsKey(k) && !onOtherSystems(k)) {
        continue; // a combined claim or half of a band: its tests have rows (issue #45: one row per registered test)
      }
      // the other systems' campaigns and the tools run on them: every verdict in the main text's section on them, by
      // its macro (their rules in full are the supplement's tab-systems and verdict table)
      // (a rule combined into a claim is stated by the claim's verdict)
      if (onOtherSystems(k)) {
        List<String> macros = new ArrayList<>(List.of(r.byKey(k).orElseThrow().macro()));
        for (String claim : claimsOf(k)) {
          macros.add(r.byKey(claim).orElseThrow().macro());
        }
        // issue #47: no section prints a verdict list in prose; a verdict the text leaves out is a row of the
        // supplement's verdict table
        if (macros.stream().noneMatch(m -> paper.contains("\\" + m + "{}"))) {
          assertThat(verdicts).as("verdict of " + k + " (or of a claim combining it) in the main text or a row of the"
              + " supplement's verdict table").contains("\\ftlQuantity{" + k + "}");
        }
        continue;
      }
      assertThat(table).as("row of " + k).contains("\\ftlQuantity{" + k + "}");
    }
  }

  /** The claims of the plan of {@code criterion.<campaign>.<id>} that combine rule {@code id}, as verdict keys. */
  private static List<String> claimsOf(String key) throws IOException {
    String rest = key.substring("criterion.".length());
    String campaign = rest.substring(0, rest.indexOf('.'));
    String id = rest.substring(campaign.length() + 1);
    JsonNode plan = new ObjectMapper()
        .readTree(ROOT.resolve("data").resolve(campaign).resolve("plan.json").toFile());
    List<String> out = new ArrayList<>();
    for (JsonNode c : plan.path("criteria").path("claims")) {
      for (JsonNode of : c.path("of")) {
        if (of.asText().equals(id)) {
          out.add("criterion." + campaign + "." + c.path("id").asText());
        }
      }
    }
    return out;
  }

  private static boolean onOtherSystems(String key) {
    return List.of("rabbitmq", "nats", "rabbitmq-manip", "rabbitmq-queues", "nats-manip", "nats-manip2", "omb-rabbitmq",
        "omb-nats", "perftest").stream()
        .anyMatch(c -> key.startsWith("criterion." + c + "."));
  }

  @Test
  void abstract_givesTheConfirmatoryTallies() throws IOException {
    String text = Files.readString(ROOT.resolve("paper/abstract.txt"), StandardCharsets.UTF_8);
    assertThat(text).contains("\\VerdictsConfirmatoryHeld").contains("\\VerdictsConfirmatoryDidNotHold");
  }
}
