package ftl.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import ftl.cli.CliRunner;
import ftl.data.DataSet;
import ftl.data.io.DataException;
import ftl.data.registration.RegistrationTable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 43, item 3: a row of {@code data/registrations.csv} reclassified to or from {@code consistency} in its kind
 * column was not checked against anything. The rule's commit and time decide between confirmatory and exploratory
 * ({@link RegistrationTable}, {@link RegistrationHistory}), but whether a verdict is a consistency check is a judgement
 * no time decides, and a consistency check only had to have a note: a confirmatory row relabelled consistency left the
 * tally of evidence, and a consistency row relabelled exploratory or confirmatory (whatever its times allowed) entered
 * the tallies. Now a consistency row's note opens with "Consistency" and no other row's does (so the kind column alone
 * cannot move), and a row is a consistency check exactly when it was one in the commit that first added it to the
 * table, unless its {@code replaces} states the reclassification, which the deviation log prints: {@code reproduce} and
 * {@code check} refuse anything else (exit 3), naming the table's line. The repository is a synthetic one the test
 * makes.
 */
class ConsistencyReclassifiedRegressionTest {
  @TempDir Path repo;

  private String ruleCommit;
  private String tableCommit;

  private String git(String date, String... args) throws IOException, InterruptedException {
    return SyntheticGit.run(repo, date, args);
  }

  /** A row registering {@code key} as {@code kind}, its rule committed after the data (so not confirmatory). */
  private String row(String key, String kind, String replaces, String note) {
    return key + "," + "k," + kind + ",held iff x > 1,rules.txt,held iff x > 1," + ruleCommit + ",2026-11-30T09:00:00Z,"
        + "2026-11-30T08:00:00Z," + replaces + "," + note + "\n";
  }

  private void table(String... rows) throws IOException {
    Files.writeString(repo.resolve("data").resolve(RegistrationTable.FILE), String.join(",", RegistrationTable.COLUMNS)
        + "\n"
        + String.join("", rows), StandardCharsets.UTF_8);
  }

  private String consistencyRow() {
    return row("claim.x", "consistency", "", "Consistency: true by construction");
  }

  private String exploratoryRow() {
    return row("claim.y", "exploratory", "", "set after the data");
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
    table(consistencyRow(), exploratoryRow());
    git("2026-11-30T11:00:00Z", "add", "-A");
    git("2026-11-30T11:00:00Z", "commit", "-q", "-m", "the table");
    tableCommit = git("2026-11-30T11:00:00Z", "rev-parse", "HEAD");
  }

  private DataSet data() {
    return DataSet.scan(repo.resolve("data"), "data");
  }

  @Test
  void verify_kindsAsFirstCommitted_pass() {
    assertThatCode(() -> RegistrationHistory.verify(data())).doesNotThrowAnyException();
    assertThatCode(() -> RegistrationHistory.verifyKinds(data())).doesNotThrowAnyException();
  }

  @Test
  void verify_consistencyRelabelledExploratory_refusedNamingTheLine() throws IOException {
    table(row("claim.x", "exploratory", "", "set after the data"), exploratoryRow());
    assertThatThrownBy(() -> RegistrationHistory.verify(data())).isInstanceOf(DataException.class)
        .hasMessageContaining("data/registrations.csv:2: kind of claim.x is exploratory, and commit " + tableCommit
            + ", which added the row, registered it consistency");
    assertThatThrownBy(() -> RegistrationHistory.verifyKinds(data())).isInstanceOf(DataException.class)
        .hasMessageContaining("data/registrations.csv:2: kind of claim.x is exploratory");
  }

  @Test
  void verify_exploratoryRelabelledConsistency_refusedNamingTheLine() throws IOException {
    table(consistencyRow(), row("claim.y", "consistency", "", "Consistency: no data could make it fail"));
    assertThatThrownBy(() -> RegistrationHistory.verifyKinds(data())).isInstanceOf(DataException.class)
        .hasMessageContaining("data/registrations.csv:3: kind of claim.y is consistency, and commit " + tableCommit
            + ", which added the row, registered it exploratory");
  }

  @Test
  void verify_reclassificationCommitted_stillRefused() throws Exception {
    table(row("claim.x", "exploratory", "", "set after the data"), exploratoryRow());
    git("2026-11-30T12:00:00Z", "commit", "-q", "-am", "relabel");
    assertThatThrownBy(() -> RegistrationHistory.verifyKinds(data())).isInstanceOf(DataException.class)
        .hasMessageContaining("registered it consistency");
  }

  @Test
  void verify_reclassificationStatedInReplaces_passes() throws IOException {
    table(row("claim.x", "exploratory", RegistrationHistory.RECLASSIFIED + "consistency: the check depends on the data",
        "set after the data"), exploratoryRow());
    assertThatCode(() -> RegistrationHistory.verify(data())).doesNotThrowAnyException();
  }

  @Test
  void verify_rowHistoryHasNotSeen_notChecked() throws IOException {
    table(consistencyRow(), exploratoryRow(), row("claim.z", "consistency", "", "Consistency: new"));
    assertThatCode(() -> RegistrationHistory.verifyKinds(data())).doesNotThrowAnyException();
  }

  @Test
  void check_consistencyRelabelled_exitThreeNamingTheLine() throws IOException {
    table(row("claim.x", "exploratory", "", "set after the data"), exploratoryRow());
    CliRunner.Result r = CliRunner.run("--data", repo.resolve("data").toString(), "check", "runs.total");
    assertThat(r.code()).as(r.err()).isEqualTo(3);
    assertThat(r.err()).contains("registrations.csv:2: kind of claim.x is exploratory");
  }

  @Test
  void parse_kindAndNoteDisagree_refusedEitherWay() {
    String head = String.join(",", RegistrationTable.COLUMNS) + "\n";
    assertThatThrownBy(() -> RegistrationTable.parse(head + row("claim.x", "consistency", "", "true by construction"),
        "t.csv"))
        .isInstanceOf(DataException.class)
        .hasMessageContaining("t.csv:2: a consistency check's note must open with \"Consistency\"");
    assertThatThrownBy(() -> RegistrationTable.parse(head
        + row("claim.x", "exploratory", "", "Consistency: by design"), "t.csv"))
        .isInstanceOf(DataException.class)
        .hasMessageContaining("t.csv:2: kind exploratory, and the note opens with \"Consistency\"");
  }

  @Test
  void firstKinds_theFirstAddedRowOfEachKey() {
    String log = "@@@COMMIT aaa\n+++ b/data/registrations.csv\n+" + String.join(",", RegistrationTable.COLUMNS) + "\n"
        + "+claim.x,k,consistency,r,f,t,c,at,at,,n,\n+claim.x,k,consistency,r,f,t,c,at,at,,Consistency: n\n"
        + "+\"unclosed\n@@@COMMIT bbb\n-claim.x,k,consistency,r,f,t,c,at,at,,Consistency: n\n"
        + "+claim.x,k,exploratory,r,f,t,c,at,at,,n\n+claim.y,k,confirmatory,r,f,t,c,at,at,,n\n";
    Map<String, String[]> first = RegistrationHistory.firstKinds(log);
    assertThat(first).containsOnlyKeys("claim.x", "claim.y");
    assertThat(first.get("claim.x")).containsExactly("consistency", "aaa");
    assertThat(first.get("claim.y")).containsExactly("confirmatory", "bbb");
  }
}
