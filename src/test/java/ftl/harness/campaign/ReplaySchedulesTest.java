package ftl.harness.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.io.DataException;
import ftl.harness.plan.Plan;
import ftl.harness.plan.PlanParser;
import ftl.harness.replay.ReplayDerivation;
import ftl.harness.replay.ReplayOptions;
import ftl.harness.replay.SendSchedule;
import ftl.harness.replay.StatsBombReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The campaign runner's gate on replay schedules: regenerate from the inputs, refuse any SHA-256 that is not the
 * plan's.
 */
class ReplaySchedulesTest {
  static final Path FIXTURE = Path.of("src/test/resources/ftl/harness/replay/two-periods.json");

  static Plan plan(String inputSha, String scheduleSha) {
    String json = """
        {"campaign": "rp",
         "replay": {"upstream": {"repo": "example/synthetic", "commit": "0123456789abcdef0123456789abcdef01234567"},
                    "inputs": {"fx": {"path": "fixtures/two-periods.json", "sha256": "%s"}},
                    "schedules": {"fx-g500us": {"input": "fx", "mean_gap": "500us", "sends": 5, "sha256": "%s"}}},
         "conditions": [{"name": "replay-fx", "send_interval": "500us", "events": 5, "schedule": "fx-g500us"}]}
        """.formatted(inputSha, scheduleSha);
    return PlanParser.parse("plan.json", json.getBytes(StandardCharsets.UTF_8));
  }

  static String sha(Path p) throws IOException {
    return SendSchedule.sha256(Files.readAllBytes(p));
  }

  /**
   * The SHA-256 of the fixture's schedule at 500us, as `ftl replay-schedule` derives it (an independent path: the CLI
   * test checks the printed digest).
   */
  static String scheduleSha() {
    StatsBombReader.Loaded in = StatsBombReader.read(FIXTURE);
    return ReplayDerivation.derive(in.events(),
        new ReplayOptions(500_000, ReplayOptions.DEFAULT_EXCLUDED, 0), in.sha256()).sha256();
  }

  @Test
  void resolve_matchingInputAndSchedule_returnsTheSchedule(@TempDir Path tmp) throws IOException {
    Files.createDirectories(tmp.resolve("fixtures"));
    Files.copy(FIXTURE, tmp.resolve("fixtures/two-periods.json"));
    Map<String, SendSchedule> s = ReplaySchedules.resolve(plan(sha(FIXTURE), scheduleSha()), "plan.json", tmp,
        List.of("fx-g500us"));
    assertThat(s.get("fx-g500us").offsetsNanos()).containsExactly(0, 181_818, 181_818, 1_272_727, 2_000_000);
    // the flat layout (the file itself in the folder) is found too
    Path flat = tmp.resolve("flat");
    Files.createDirectories(flat);
    Files.copy(FIXTURE, flat.resolve("two-periods.json"));
    assertThat(ReplaySchedules.resolve(plan(sha(FIXTURE), scheduleSha()), "plan.json", flat, List.of("fx-g500us")))
        .containsKey("fx-g500us");
  }

  @Test
  void resolve_scheduleShaDoesNotMatch_isRefused(@TempDir Path tmp) throws IOException {
    Files.copy(FIXTURE, tmp.resolve("two-periods.json"));
    Plan p = plan(sha(FIXTURE), "c".repeat(64));
    assertThatThrownBy(() -> ReplaySchedules.resolve(p, "plan.json", tmp, List.of("fx-g500us")))
        .isInstanceOf(DataException.class)
        .hasMessageContaining("schedule fx-g500us regenerated from fixtures/two-periods.json with --mean-gap 500us")
        .hasMessageContaining("has SHA-256 " + scheduleSha() + ", the plan records " + "c".repeat(64))
        .hasMessageContaining("refusing to run");
  }

  @Test
  void resolve_inputWithOtherBytes_isRefusedBeforeDeriving(@TempDir Path tmp) throws IOException {
    Path f = tmp.resolve("two-periods.json");
    Files.writeString(f, Files.readString(FIXTURE).replace("00:00:02.000", "00:00:02.001"));
    assertThatThrownBy(() -> ReplaySchedules.resolve(plan(sha(FIXTURE), scheduleSha()), "plan.json", tmp,
        List.of("fx-g500us")))
        .isInstanceOf(DataException.class).hasMessageContaining("has SHA-256 " + sha(f) + "; the plan records "
        + sha(FIXTURE));
  }

  @Test
  void resolve_noInputsFolderOrNoFile_saysWhatToFetch(@TempDir Path tmp) throws IOException {
    Plan p = plan(sha(FIXTURE), scheduleSha());
    assertThatThrownBy(() -> ReplaySchedules.resolve(p, "plan.json", null, List.of("fx-g500us")))
        .hasMessageContaining("give --replay-inputs DIR");
    assertThatThrownBy(() -> ReplaySchedules.resolve(p, "plan.json", tmp, List.of("fx-g500us")))
        .hasMessageContaining("no such input file").hasMessageContaining(
        "example/synthetic at commit 0123456789abcdef");
    assertThat(ReplaySchedules.resolve(p, "plan.json", null, List.of())).isEmpty();
  }

  @Test
  void resolve_scheduleWithOtherSendCount_isRefused(@TempDir Path tmp) throws IOException {
    Files.copy(FIXTURE, tmp.resolve("two-periods.json"));
    String json = new String(Files.readAllBytes(FIXTURE), StandardCharsets.UTF_8);
    Plan p = PlanParser.parse("plan.json", ("""
        {"campaign": "rp",
         "replay": {"upstream": {"repo": "example/synthetic", "commit": "0123456789abcdef0123456789abcdef01234567"},
                    "inputs": {"fx": {"path": "two-periods.json", "sha256": "%s"}},
                    "schedules": {"fx-g500us": {"input": "fx", "mean_gap": "500us", "sends": 6, "sha256": "%s"}}},
         "conditions": [{"name": "replay-fx", "send_interval": "500us", "events": 5, "schedule": "fx-g500us"}]}
        """.formatted(SendSchedule.sha256(json.getBytes(StandardCharsets.UTF_8)), scheduleSha()))
        .getBytes(StandardCharsets.UTF_8));
    assertThatThrownBy(() -> ReplaySchedules.resolve(p, "plan.json", tmp, List.of("fx-g500us")))
        .hasMessageContaining("has 5 sends, the plan records 6");
  }
}
