package ftl.quantity.section;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.DataSet;
import ftl.data.io.DataException;
import ftl.quantity.Registry;
import ftl.quantity.RegistryFixtureTest;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.Computed;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The registered predictions ({@link ConfirmQuantities}) and the blocked campaigns' sections on what a plan registers:
 * the grid law's skill only when the plan registers both a smooth limit and the conditions it is judged over, and a
 * plan naming a skill condition it predicts nothing for, or a malformed exclusion rule, refused with the plan's file
 * and line (the exclusion rule in words: {@link BlockConditionQuantitiesTest}). Each case copies the synthetic root
 * {@code roots/confirmnone} and changes its plan (the block-level values themselves are {@link RegistryFixtureTest}'s
 * cases).
 */
class ConfirmQuantitiesTest {
  @TempDir Path tmp;

  private int roots;

  private DataSet rootWithPlan(String plan) throws IOException {
    Path from = RegistryFixtureTest.ROOTS.resolve("confirmnone/confirm");
    Path root = tmp.resolve("root" + roots++);
    Path to = root.resolve("confirm");
    Files.createDirectories(to.resolve("events"));
    try (Stream<Path> files = Files.walk(from)) {
      for (Path p : files.filter(Files::isRegularFile).toList()) {
        Files.copy(p, to.resolve(from.relativize(p).toString()));
      }
    }
    Files.writeString(to.resolve("plan.json"), plan, StandardCharsets.UTF_8);
    return DataSet.scan(root, "t");
  }

  private static String plan(String predictions, String exclusion) {
    return "{\"campaign\": \"confirm\",\n \"conditions\": [{\"name\": \"base\"}, {\"name\": \"g\"}],\n"
        + (exclusion == null ? "" : " \"exclusion\": " + exclusion + ",\n")
        + " \"predictions\": " + predictions + "\n}\n";
  }

  @Test
  void add_noSmoothLimit_registersNoSkill() throws IOException {
    DataSet d = rootWithPlan(plan("{\"gridlaw\": {\"base\": {\"retention\": 0.5}}, \"skill_conditions\": [\"base\"]}",
        null));
    Registry r = Registry.forData(d);
    assertThat(r.byKey("confirm.gridlaw.error.base")).isPresent();
    assertThat(r.byKey("confirm.gridlaw.skill")).isEmpty();
    assertThat(Computed.of(r.byKey("confirm.excluded").orElseThrow(), new Analysis(d)).text()).isEqualTo("0");
  }

  @Test
  void add_noSkillConditions_registersNoSkill() throws IOException {
    DataSet d = rootWithPlan(plan("{\"gridlaw\": {\"base\": {\"retention\": 0.5}}, \"smooth_limit\": 0.6}", null));
    assertThat(Registry.forData(d).byKey("confirm.gridlaw.skill")).isEmpty();
  }

  @Test
  void add_skillConditionWithoutPrediction_isRefusedNamingThePlanLine() throws IOException {
    DataSet d = rootWithPlan(plan("{\"gridlaw\": {\"base\": {\"retention\": 0.5}}, \"smooth_limit\": 0.6,\n"
        + "   \"skill_conditions\": [\"base\", \"g\"]}", null));
    assertThatThrownBy(() -> Registry.forData(d)).isInstanceOf(DataException.class)
        .hasMessageContaining("plan.json:4").hasMessageContaining("names no condition of predictions.gridlaw");
  }

  @Test
  void add_predictionOutsideZeroToOne_isRefused() throws IOException {
    DataSet d = rootWithPlan(plan("{\"gridlaw\": {\"base\": {\"retention\": 1.5}}}", null));
    assertThatThrownBy(() -> Registry.forData(d)).isInstanceOf(DataException.class)
        .hasMessageContaining("plan.json").hasMessageContaining("must be in [0, 1]");
  }

  @Test
  void exclusion_malformed_isRefusedNamingThePlanLine() throws IOException {
    for (String bad : new String[] {"\"steal\"", "{\"steal_pct\": 5}", "{\"steal_pct_above\": 150}",
        "{\"other_cpu_pct_above\": \"ten\"}"}) {
      DataSet d = rootWithPlan(plan("{}", bad));
      assertThatThrownBy(() -> Registry.forData(d)).as(bad).isInstanceOf(DataException.class)
          .hasMessageContaining("plan.json:3");
    }
  }

  @Test
  void add_campaignWithoutPlan_hasOnlyTheCampaignLevelEntries() throws IOException {
    DataSet d = rootWithPlan("{}");
    Files.delete(d.root().resolve("confirm").resolve("plan.json"));
    Registry r = Registry.forData(DataSet.scan(d.root(), "t"));
    assertThat(r.byKey("confirm.blocks")).isPresent();
    assertThat(r.byKey("confirm.retention.base")).isEmpty();
  }
}
