package ftl.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import ftl.data.DataSet;
import ftl.data.io.DataException;
import ftl.data.registration.RegistrationTable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 43, item 3: a row reclassified in {@code data/registrations.csv} silently moved the tallies; the table was
 * checked against git history by a test only. {@link RegistrationHistory} now checks every row when {@code reproduce}
 * reads the root: its commit is in history, committed at the time the row gives (which decides whether it may be
 * confirmatory), and adds a line holding the rule's text. The repository is a synthetic one the test makes.
 */
class RegistrationRewriteRegressionTest {
  @TempDir Path repo;

  private String ruleCommit;
  private String otherCommit;

  private String git(String date, String... args) throws IOException, InterruptedException {
    return SyntheticGit.run(repo, date, args);
  }

  /** The table with one row naming {@code commit} at {@code at}. */
  private void table(String commit, String at) throws IOException {
    Files.writeString(repo.resolve("data").resolve(RegistrationTable.FILE), String.join(",", RegistrationTable.COLUMNS)
        + "\nclaim.x,k,exploratory,held iff x > 1,rules.txt,held iff x > 1," + commit + "," + at
        + ",2026-11-30T08:00:00Z,,\n",
        StandardCharsets.UTF_8);
  }

  @BeforeEach
  void repository() throws Exception {
    assumeTrue(new ProcessBuilder("git", "--version").start().waitFor() == 0, "git is not installed");
    Files.createDirectories(repo.resolve("data"));
    Files.writeString(repo.resolve("rules.txt"), "a rule: held iff x > 1\n");
    git("2026-11-30T09:00:00Z", "init", "-q");
    git("2026-11-30T09:00:00Z", "add", "-A");
    git("2026-11-30T09:00:00Z", "commit", "-q", "-m", "the rule");
    ruleCommit = git("2026-11-30T09:00:00Z", "rev-parse", "HEAD");
    Files.writeString(repo.resolve("other.txt"), "another file\n");
    git("2026-11-30T10:00:00Z", "add", "-A");
    git("2026-11-30T10:00:00Z", "commit", "-q", "-m", "something else");
    otherCommit = git("2026-11-30T10:00:00Z", "rev-parse", "HEAD");
  }

  private DataSet data() {
    return DataSet.scan(repo.resolve("data"), "data");
  }

  @Test
  void verify_rowAsHistoryHasIt_passes() throws IOException {
    table(ruleCommit, "2026-11-30T09:00:00Z");
    assertThatCode(() -> RegistrationHistory.verify(data())).doesNotThrowAnyException();
  }

  @Test
  void verify_timeMovedBeforeTheData_refused() throws IOException {
    table(ruleCommit, "2026-11-29T09:00:00Z");
    assertThatThrownBy(() -> RegistrationHistory.verify(data())).isInstanceOf(DataException.class)
        .hasMessageContaining(
        "data/registrations.csv:2: rule_committed_at of claim.x is 2026-11-29T09:00:00Z, and commit "
            + ruleCommit + " was committed at 2026-11-30T09:00:00Z");
  }

  @Test
  void verify_commitThatAddsNoSuchRule_refused() throws IOException {
    table(otherCommit, "2026-11-30T10:00:00Z");
    assertThatThrownBy(() -> RegistrationHistory.verify(data())).isInstanceOf(DataException.class)
        .hasMessageContaining("commit " + otherCommit + " adds no line holding the rule_text of claim.x");
  }

  @Test
  void verify_commitNotInHistory_refusedWhereHistoryHoldsTheOthers() throws IOException {
    String bogus = "0123456789abcdef0123456789abcdef01234567";
    table(bogus, "2026-11-30T09:00:00Z");
    // no row's commit in this repository: not the archive's history (a copy under a fresh git init), nothing to check
    assertThatCode(() -> RegistrationHistory.verify(data())).doesNotThrowAnyException();
    Path t = repo.resolve("data").resolve(RegistrationTable.FILE);
    String row = Files.readAllLines(t, StandardCharsets.UTF_8).get(1);
    Files.writeString(t, String.join(",", RegistrationTable.COLUMNS) + "\n" + row.replace(bogus, ruleCommit)
        .replace("claim.x", "claim.y") + "\n" + row + "\n", StandardCharsets.UTF_8);
    assertThatThrownBy(() -> RegistrationHistory.verify(data())).isInstanceOf(DataException.class)
        .hasMessageContaining("data/registrations.csv:3: rule_commit " + bogus + " of claim.x is not a commit");
  }

  @Test
  void verify_commitNotHex_refusedBeforeGitSeesIt() throws IOException {
    table("--output=x", "2026-11-30T09:00:00Z");
    Path t = repo.resolve("data").resolve(RegistrationTable.FILE);
    String row = Files.readAllLines(t, StandardCharsets.UTF_8).get(1);
    Files.writeString(t, String.join(",", RegistrationTable.COLUMNS) + "\n" + row.replace("--output=x", ruleCommit)
        + "\n"
        + row + "\n", StandardCharsets.UTF_8);
    assertThatThrownBy(() -> RegistrationHistory.verify(data())).isInstanceOf(DataException.class)
        .hasMessageContaining("rule_commit must be 40 lower-case hex digits");
    assertThat(repo.resolve("x")).doesNotExist();
  }

  @Test
  void verify_noTableOrNoHistory_checksNothing(@TempDir Path elsewhere) throws IOException {
    assertThatCode(() -> RegistrationHistory.verify(data())).doesNotThrowAnyException();
    table(ruleCommit, "2026-11-29T09:00:00Z");
    TempArchive.copyTree(repo.resolve("data"), elsewhere.resolve("data"));
    assertThatCode(() -> RegistrationHistory.verify(DataSet.scan(elsewhere.resolve("data"), "data")))
        .doesNotThrowAnyException();
  }

  @Test
  void adds_onlyAnAddedLineThatHoldsTheText() {
    assertThat(RegistrationHistory.adds("+++ b/x\n+held iff x > 1\n", "held iff x > 1")).isTrue();
    assertThat(RegistrationHistory.adds("+++ b/held iff x > 1\n-held iff x > 1\n held iff x > 1\n", "held iff x > 1"))
        .isFalse();
  }
}
