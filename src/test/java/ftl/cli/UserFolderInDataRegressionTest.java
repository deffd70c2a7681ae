package ftl.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.cli.CliRunner.Result;
import ftl.data.DataSet;
import ftl.data.io.DataException;
import ftl.data.ledger.DataDictionary;
import ftl.quantity.core.CampaignCatalogue;
import ftl.verify.Manifest;
import ftl.verify.Reproduction;
import ftl.verify.TempArchive;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue #54, item 2 (and #57, item 2): a practitioner's campaign folder in the archive's {@code data/} changed the
 * archive. A copy of a small campaign there made {@code ./ftl check} and {@code ./ftl list} fail with exit 3 (the
 * copy's events files are the original's, one measurement under two names) and, with its own events, added its
 * quantities and verdicts to the registry. Now the archive's data root (its dictionary named {@value
 * DataDictionary#ARCHIVE_PACKAGE}) reads only the folders its catalogue declares: {@code list} and {@code check} warn
 * naming the folder and print what they printed before, byte for byte; {@code reproduce --check} and {@code manifest
 * verify} fail (exit 1) naming it. A data root that is not the archive's (another folder named with {@code --data}, or
 * a root without the archive's dictionary) is read whole, as before.
 *
 * <p>The archive here is a throw-away copy holding the archive's dictionary and one real declared campaign, the NATS
 * pilot (small, and read by no section by name); the stray folder is a copy of it under the name {@code mycopy}.
 */
class UserFolderInDataRegressionTest {
  private static final String DECLARED = CampaignCatalogue.NATS_PILOT.folder();
  private static final String STRAY = "mycopy";

  @TempDir Path tmp;
  private Path data;

  @BeforeEach
  void archive() throws IOException {
    TempArchive a = TempArchive.create(tmp);
    data = a.root.resolve("data");
    Files.copy(Path.of("data", DataDictionary.FILE), data.resolve(DataDictionary.FILE));
    TempArchive.copyTree(Path.of("data", DECLARED), data.resolve(DECLARED));
  }

  private void stray() throws IOException {
    TempArchive.copyTree(data.resolve(DECLARED), data.resolve(STRAY));
  }

  /** Runs the CLI on the temporary archive, with what it wrote to {@link System#err} as the result's {@code err}. */
  private Result run(String... args) {
    synchronized (System.class) {
      PrintStream old = System.err;
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      try {
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        String[] all = new String[args.length + 2];
        all[0] = "--root";
        all[1] = tmp.toString();
        System.arraycopy(args, 0, all, 2, args.length);
        Result r = CliRunner.run(all);
        return new Result(r.code(), r.out(), r.err() + err.toString(StandardCharsets.UTF_8));
      } finally {
        System.setErr(old);
      }
    }
  }

  @Test
  void listAndCheck_strayFolderInArchiveData_warnNamingItAndPrintTheSame() throws IOException {
    Result listBefore = run("list", "--json");
    Result checkBefore = run("check", "runs.total");
    assertThat(listBefore.code()).as(listBefore.err()).isZero();
    assertThat(listBefore.err()).doesNotContain(STRAY);
    stray();

    Result listAfter = run("list", "--json");
    Result checkAfter = run("check", "runs.total");
    assertThat(listAfter.code()).as(listAfter.err()).isZero();
    assertThat(listAfter.out()).as("the registry is byte for byte the same").isEqualTo(listBefore.out());
    assertThat(listAfter.err()).contains("warning: data/" + STRAY + " is a folder the archive's catalogue of campaigns "
        + "does not declare");
    assertThat(checkAfter.code()).as(checkAfter.err()).isEqualTo(checkBefore.code());
    assertThat(checkAfter.out()).isEqualTo(checkBefore.out());
    assertThat(checkAfter.err()).contains("data/" + STRAY + " is a folder");
  }

  @Test
  void reproduceCheckAndManifestVerify_strayFolderInArchiveData_failNamingIt() throws IOException {
    Manifest.write(tmp);
    stray();
    Result reproduce = run("reproduce", "--check");
    assertThat(reproduce.code()).isEqualTo(ExitCode.DISAGREE);
    assertThat(reproduce.out()).contains("  UNDECLARED data/" + STRAY + " is a folder").contains("DISAGREE");

    Result verify = run("manifest", "verify");
    assertThat(verify.code()).isEqualTo(ExitCode.DISAGREE);
    assertThat(verify.out()).startsWith("undeclared: data/" + STRAY
        + " (a folder of data/ that the archive's catalogue");
    assertThat(Manifest.verify(tmp)).contains(new Manifest.Problem(Manifest.Problem.Kind.UNDECLARED, "data/" + STRAY));
  }

  @Test
  void scan_strayFolderInArchiveData_isUnreadAndOutsideTheDigest() throws IOException {
    String before = DataSet.scan(data, "data", CampaignCatalogue.folders()).digest();
    stray();
    DataSet after = DataSet.scan(data, "data", CampaignCatalogue.folders());
    assertThat(after.undeclared()).containsExactly(STRAY);
    assertThat(after.campaigns()).extracting(c -> c.name()).containsExactly(DECLARED);
    assertThat(after.digest()).isEqualTo(before);
    assertThat(DataSet.undeclaredFolders(data, "data", CampaignCatalogue.folders())).containsExactly(STRAY);
  }

  @Test
  void declared_onlyForTheArchivesOwnDataFolder() throws IOException {
    assertThat(Reproduction.declared(tmp, data)).isEqualTo(CampaignCatalogue.folders());
    assertThat(Reproduction.declared(tmp, tmp.resolve("paper/../data"))).as("the same folder spelled otherwise")
        .isEqualTo(CampaignCatalogue.folders());
    Path copy = tmp.resolve("elsewhere");
    TempArchive.copyTree(data, copy);
    assertThat(Reproduction.declared(tmp, copy)).as("a copy named with --data is read whole").isNull();
    stray();
    TempArchive.copyTree(data.resolve(STRAY), copy.resolve(STRAY));
    Result list = run("--data", copy.toString(), "list", "--json");
    assertThat(list.code()).as("both folders read: one measurement under two names").isEqualTo(ExitCode.BAD_DATA);
    assertThat(list.err()).contains("elsewhere/" + STRAY + "/ledger.csv");
  }

  @Test
  void scan_rootThatIsNotTheArchives_isReadWhole() throws IOException {
    stray();
    Files.delete(data.resolve(DataDictionary.FILE)); // no dictionary of its own: some other data root
    assertThat(DataSet.undeclaredFolders(data, "data", CampaignCatalogue.folders())).isEmpty();
    // both folders are read: the copy's events files are the original's, which a data root refuses
    assertThatThrownBy(() -> DataSet.scan(data, "data", CampaignCatalogue.folders()))
        .isInstanceOf(DataException.class).hasMessageContaining("data/" + STRAY + "/ledger.csv");
  }
}
