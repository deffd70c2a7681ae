package ftl.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import ftl.cli.ExitCode;
import ftl.cli.Main;
import ftl.data.DataSet;
import ftl.data.io.DataException;
import ftl.data.registration.PlanDigest;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Issue 43, item 3: a plan's threshold changed, with every ledger row's {@code plan_sha256} rewritten to match, still
 * read "held, confirmatory" in {@code check}; only {@code manifest verify} noticed. {@link PlanHistory} now checks each
 * plan against the commit its runs name ({@code git_commit}): {@code check}, {@code list} and {@code reproduce --check}
 * refuse the rewrite (exit 3) naming the ledger's line. The repository is a synthetic one the test makes: the small
 * fixture campaign ({@code src/test/resources/ftl/quantity/small/k}) with a plan committed before its runs.
 */
class PlanRewriteRegressionTest {
  @TempDir Path repo;

  private static final Path SMALL = Path.of("src/test/resources/ftl/quantity/small/k");
  private static final String PLAN =
      "{\n  \"campaign\": \"k\",\n  \"conditions\": [{\"name\": \"c1\"}],\n  \"criteria\": {\n"
      + "    \"version\": 1,\n    \"rules\": [\n      {\"id\": \"threeRuns\", \"claim\": \"three runs\", \"kind\": "
      + "\"empirical\", \"statistic\": \"runs.total\", \"comparison\": \">=\", \"threshold\": 3, \"unit\": "
      + "\"count\", \"sidedness\": \"one-sided\", \"replication\": \"run\", \"runs\": \"all\"}\n    ]\n  }\n}\n";
  private static final String REWRITTEN = PLAN.replace("\"threshold\": 3", "\"threshold\": 2");

  private String planCommit;

  private String git(String... args) throws IOException, InterruptedException {
    return SyntheticGit.run(repo, "2026-11-30T09:00:00Z", args);
  }

  private Path k() {
    return repo.resolve("data/k");
  }

  /** The ledger of the two runs, each naming {@code commit} and the digest of {@code plan}, started at {@code at}. */
  private void ledger(String commit, String plan, String at) throws IOException {
    List<String> lines = Files.readAllLines(SMALL.resolve("ledger.csv"), StandardCharsets.UTF_8);
    String tail = "," + commit + "," + PlanDigest.of(plan.getBytes(StandardCharsets.UTF_8)) + "," + at;
    Files.writeString(k().resolve("ledger.csv"), lines.get(0) + ",git_commit,plan_sha256,started_at\n" + lines.get(1)
        + tail
        + "\n" + lines.get(2) + tail + "\n", StandardCharsets.UTF_8);
  }

  @BeforeEach
  void repository() throws Exception {
    assumeTrue(new ProcessBuilder("git", "--version").start().waitFor() == 0, "git is not installed");
    Files.createDirectories(k().resolve("events"));
    for (String r : List.of("r1", "r2")) {
      Files.copy(SMALL.resolve("events/" + r + ".csv"), k().resolve("events/" + r + ".csv"));
    }
    Files.writeString(k().resolve("plan.json"), PLAN, StandardCharsets.UTF_8);
    git("init", "-q");
    git("add", "-A");
    git("commit", "-q", "-m", "plan first");
    planCommit = git("rev-parse", "HEAD");
    ledger(planCommit, PLAN, "2026-11-30T10:00:00.000Z");
    git("add", "-A");
    git("commit", "-q", "-m", "the runs");
  }

  private DataSet data() {
    return DataSet.scan(repo.resolve("data"), "data");
  }

  @Test
  void verify_planAsItsCommitHoldsIt_passes() {
    assertThatCode(() -> PlanHistory.verify(data())).doesNotThrowAnyException();
  }

  @Test
  void verify_planAndDigestsRewrittenAndCommitted_refusedNamingTheLedgerLine() throws Exception {
    Files.writeString(k().resolve("plan.json"), REWRITTEN, StandardCharsets.UTF_8);
    ledger(planCommit, REWRITTEN, "2026-11-30T10:00:00.000Z");
    git("commit", "-q", "-am", "a digest-consistent rewrite");
    DataSet data = data(); // the digests agree with the plan: the scan itself accepts it
    assertThatThrownBy(() -> PlanHistory.verify(data)).isInstanceOf(DataException.class)
        .hasMessageContaining("data/k/ledger.csv:2: the runs name plan digest "
            + PlanDigest.of(REWRITTEN.getBytes(StandardCharsets.UTF_8)) + " and commit " + planCommit)
        .hasMessageContaining("the plan and the ledger's digests were rewritten after the runs");
  }

  @Test
  void cli_checkAndReproduce_refuseTheRewriteWithExitThree() throws Exception {
    Files.writeString(k().resolve("plan.json"), REWRITTEN, StandardCharsets.UTF_8);
    ledger(planCommit, REWRITTEN, "2026-11-30T10:00:00.000Z");
    for (String[] args : List.of(new String[] {"check", "criterion.k.threeRuns", "--no-cache"},
        new String[] {"reproduce", "--check"})) {
      StringWriter err = new StringWriter();
      CommandLine cl = Main.commandLine();
      cl.setErr(new PrintWriter(err, true));
      cl.setOut(new PrintWriter(new StringWriter(), true));
      List<String> all = new ArrayList<>(List.of("--data", repo.resolve("data").toString()));
      all.addAll(List.of(args));
      assertThat(cl.execute(all.toArray(String[]::new))).as("%s: %s", args[0], err).isEqualTo(ExitCode.BAD_DATA);
      assertThat(err.toString()).contains("k/ledger.csv:2: ").contains("rewritten after the runs");
    }
  }

  @Test
  void verify_commitWithoutThePlan_refused() throws Exception {
    Files.writeString(repo.resolve("README"), "another commit\n");
    git("add", "README");
    git("commit", "-q", "-m", "unrelated");
    String other = git("rev-parse", "HEAD");
    git("rm", "-q", "-r", "--cached", "data");
    git("commit", "-q", "-m", "drop data from history's head");
    String empty = git("rev-parse", "HEAD");
    ledger(empty, PLAN, "2026-11-30T10:00:00.000Z");
    assertThat(other).isNotEqualTo(empty);
    assertThatThrownBy(() -> PlanHistory.verify(data())).isInstanceOf(DataException.class)
        .hasMessageContaining("the runs name commit " + empty + ", which holds no data/k/plan.json");
  }

  @Test
  void verify_commitsNoneOfWhichHistoryHolds_checksNothingElseRefused() throws Exception {
    String bogus = "0123456789abcdef0123456789abcdef01234567";
    ledger(bogus, PLAN, "2026-11-30T10:00:00.000Z");
    // a repository that holds no commit the runs name is not the archive's history (a copy under a fresh git init)
    assertThatCode(() -> PlanHistory.verify(data())).doesNotThrowAnyException();
    // one that holds another campaign's commit is: a commit it lacks is refused
    Path m = repo.resolve("data/m");
    TempArchive.copyTree(k(), m);
    Files.writeString(m.resolve("plan.json"), PLAN.replace("\"k\"", "\"m\""), StandardCharsets.UTF_8);
    git("add", "-A");
    git("commit", "-q", "-m", "campaign m's plan");
    String mCommit = git("rev-parse", "HEAD");
    List<String> lines = Files.readAllLines(k().resolve("ledger.csv"), StandardCharsets.UTF_8);
    String mPlan = PLAN.replace("\"k\"", "\"m\"");
    Files.write(m.resolve("ledger.csv"), lines.stream().map(l -> l.replace(bogus, mCommit)
        .replace(PlanDigest.of(PLAN.getBytes(StandardCharsets.UTF_8)),
        PlanDigest.of(mPlan.getBytes(StandardCharsets.UTF_8))))
        .toList(), StandardCharsets.UTF_8);
    // one measurement is not two campaigns' (issue 58)
    TempArchive.ownEvents(m, "campaign m's copy of campaign k's run");
    assertThatThrownBy(() -> PlanHistory.verify(data())).isInstanceOf(DataException.class)
        .hasMessageContaining("data/k/ledger.csv:2: the runs name commit " + bogus
        + ", which is not in this repository's history");
  }

  @Test
  void verify_planCommittedAfterTheFirstRun_refused() throws Exception {
    ledger(planCommit, PLAN, "2026-11-30T08:00:00.000Z");
    assertThatThrownBy(() -> PlanHistory.verify(data())).isInstanceOf(DataException.class)
        .hasMessageContaining("committed at 2026-11-30T09:00:00Z, after their first run at 2026-11-30T08:00:00Z");
  }

  @Test
  void verify_notACommitHash_refused() throws Exception {
    ledger("HEAD", PLAN, "2026-11-30T10:00:00.000Z");
    assertThatThrownBy(() -> PlanHistory.verify(data())).isInstanceOf(DataException.class)
        .hasMessageContaining("git_commit is not a commit");
  }

  @Test
  void verify_dataRootOutsideAnyRepository_checksNothing(@TempDir Path elsewhere) throws IOException {
    Files.writeString(k().resolve("plan.json"), REWRITTEN, StandardCharsets.UTF_8);
    ledger(planCommit, REWRITTEN, "2026-11-30T10:00:00.000Z");
    TempArchive.copyTree(repo.resolve("data"), elsewhere.resolve("data"));
    assertThatCode(() -> PlanHistory.verify(DataSet.scan(elsewhere.resolve("data"), "data")))
        .doesNotThrowAnyException();
  }
}
