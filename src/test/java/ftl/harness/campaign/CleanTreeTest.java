package ftl.harness.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.io.DataException;
import ftl.data.registration.PlanDigest;
import ftl.harness.host.Commands;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runner refuses a tree with uncommitted changes outside the campaign folder, an uncommitted plan, or a ledger
 * taken under another plan digest (a real git repo in a temp folder).
 */
class CleanTreeTest {

  @TempDir Path root;

  private static final String PLAN = "{\"campaign\":\"c\",\"conditions\":[{\"name\":\"a\",\"events\":1}]}";

  private void git(String... args) {
    List<String> argv = new ArrayList<>(List.of("git", "-C", root.toString(), "-c", "user.name=t", "-c",
        "user.email=t@t"));
    argv.addAll(List.of(args));
    Commands.Result r = Commands.run(argv);
    assertThat(r.ok()).as(String.join(" ", args) + ": " + r.output()).isTrue();
  }

  @BeforeEach
  void repo() throws Exception {
    git("init", "-q");
    Files.createDirectories(root.resolve("src"));
    Files.writeString(root.resolve("src/A.java"), "class A {}\n");
    Files.createDirectories(root.resolve("data/c"));
    Files.writeString(root.resolve("data/c/plan.json"), PLAN);
    git("add", "-A");
    git("commit", "-q", "-m", "init");
  }

  @Test
  void treeProblems_cleanTreeWithCommittedPlan_none() {
    assertThat(CampaignRunner.treeProblems(root, root.resolve("data/c"))).isEmpty();
  }

  @Test
  void treeProblems_campaignOutputUncommitted_isAllowed() throws Exception {
    Files.writeString(root.resolve("data/c/ledger.csv"), "run_id\n");
    Files.createDirectories(root.resolve("data/c/events"));
    Files.writeString(root.resolve("data/c/events/r0001.csv.gz"), "x");
    assertThat(CampaignRunner.treeProblems(root, root.resolve("data/c"))).isEmpty();
  }

  @Test
  void treeProblems_modifiedSource_namesTheFile() throws Exception {
    Files.writeString(root.resolve("src/A.java"), "class A { int x; }\n");
    assertThat(CampaignRunner.treeProblems(root, root.resolve("data/c"))).containsExactly("M src/A.java");
  }

  @Test
  void treeProblems_untrackedFileElsewhere_namesIt() throws Exception {
    Files.writeString(root.resolve("notes.txt"), "x");
    assertThat(CampaignRunner.treeProblems(root, root.resolve("data/c"))).containsExactly("?? notes.txt");
  }

  @Test
  void treeProblems_planChangedAfterCommit_isRefused() throws Exception {
    Files.writeString(root.resolve("data/c/plan.json"), PLAN.replace("\"events\":1", "\"events\":2"));
    assertThat(CampaignRunner.treeProblems(root, root.resolve("data/c")))
        .containsExactly("data/c/plan.json differs from its committed version");
  }

  @Test
  void treeProblems_planNeverCommitted_isRefused() throws Exception {
    Files.createDirectories(root.resolve("data/d"));
    Files.writeString(root.resolve("data/d/plan.json"), PLAN);
    assertThat(CampaignRunner.treeProblems(root, root.resolve("data/d")))
        .containsExactly("data/d/plan.json is not committed (a plan is committed before its first run)");
  }

  @Test
  void treeProblems_notAGitTree_isRefused(@TempDir Path other) {
    assertThat(CampaignRunner.treeProblems(other, other.resolve("c")).get(0)).startsWith("not a git work tree");
  }

  @Test
  void treeProblems_campaignFolderOutsideTheTree_isRefused(@TempDir Path other) {
    assertThat(CampaignRunner.treeProblems(root, other)).anyMatch(p -> p.contains("is outside the git work tree"));
  }

  @Test
  void run_dirtyTree_refusedBeforeAnyRunAndNothingWritten() throws Exception {
    Files.writeString(root.resolve("src/A.java"), "class A { int y; }\n");
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    CampaignRunner r = new CampaignRunner(root, null, new PrintStream(err, true, StandardCharsets.UTF_8), false)
        .requireCleanTree(true);
    assertThatThrownBy(() -> r.run(root.resolve("data/c/plan.json"), root.resolve("data/c")))
        .isInstanceOf(CampaignRunner.InstrumentException.class).hasMessageContaining("M src/A.java");
    assertThat(root.resolve("data/c/schedule.csv")).doesNotExist();
  }

  @Test
  void resume_dirtyTree_refused() throws Exception {
    Files.writeString(root.resolve("stray.txt"), "x");
    CampaignRunner r = new CampaignRunner(root, null,
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), false)
        .requireCleanTree(true);
    assertThatThrownBy(() -> r.resume(root.resolve("data/c"))).isInstanceOf(CampaignRunner.InstrumentException.class)
        .hasMessageContaining("?? stray.txt");
  }

  @Test
  void run_planNotInTheCampaignFolder_refused() throws Exception {
    Path elsewhere = root.resolve("p.json");
    Files.writeString(elsewhere, PLAN);
    CampaignRunner r = new CampaignRunner(root, null,
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), false)
        .requireCleanTree(true);
    assertThatThrownBy(() -> r.run(elsewhere, root.resolve("data/e")))
        .isInstanceOf(CampaignRunner.InstrumentException.class)
        .hasMessageContaining("pre-registration");
  }

  @Test
  void resume_ledgerTakenUnderAnotherPlan_refusedBeforeAnyRun() throws Exception {
    Files.writeString(root.resolve("data/c/plan.json"), PLAN.replace("\"events\":1", "\"events\":1,\"repeats\":2"));
    String other = PlanDigest.of(PLAN.getBytes(StandardCharsets.UTF_8));
    Files.writeString(root.resolve("data/c/ledger.csv"),
        "run_id,condition,status,events_file,events_sha256,plan_sha256\n"
        + "r0001,a,failed,,," + other + "\n");
    CampaignRunner r = new CampaignRunner(root, null,
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), false);
    assertThatThrownBy(() -> r.resume(root.resolve("data/c"))).isInstanceOf(DataException.class)
        .hasMessageContaining("ledger.csv:2: refusing to append: this run was taken under plan digest " + other);
    assertThat(Files.readString(root.resolve("data/c/ledger.csv"))).hasLineCount(2);
  }
}
