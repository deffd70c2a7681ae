package ftl.harness.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.ledger.LedgerSchema;
import ftl.emit.ArchiveVersion;
import ftl.verify.TempArchive;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue #54, item 1: what every ledger row records of where its run came from (layout 13): registered or not, ftl's
 * version, the build's digest (the same for a class folder and a jar of the same files, whatever the jar's build time),
 * and the git state of the work tree holding the campaign folder, empty outside git.
 */
class RunOriginTest {
  @TempDir Path tmp;

  private static void write(Path p, String content) throws IOException {
    Files.createDirectories(p.getParent());
    Files.writeString(p, content, StandardCharsets.UTF_8);
  }

  @Test
  void buildDigest_sameFilesInAFolderAndAJar_sameDigestChangedByOneByte() throws IOException {
    Path classes = tmp.resolve("classes");
    write(classes.resolve("ftl/A.class"), "a");
    write(classes.resolve("ftl/x/B.class"), "bb");
    write(classes.resolve("META-INF/MANIFEST.MF"), "not ftl's: left out");
    Path jar = tmp.resolve("ftl.jar");
    try (OutputStream out = Files.newOutputStream(jar); ZipOutputStream zip = new ZipOutputStream(out)) {
      for (String[] e : new String[][] {{"ftl/x/B.class", "bb"}, {"ftl/A.class", "a"}, {"other/C.class", "c"}}) {
        ZipEntry z = new ZipEntry(e[0]);
        z.setTime(123_456_789_000L); // a jar's own build time, which the digest leaves out
        zip.putNextEntry(z);
        zip.write(e[1].getBytes(StandardCharsets.UTF_8));
        zip.closeEntry();
      }
    }
    String folder = RunOrigin.buildDigest(classes);
    assertThat(folder).matches("[0-9a-f]{64}").isEqualTo(RunOrigin.buildDigest(jar));
    write(classes.resolve("ftl/A.class"), "A");
    assertThat(RunOrigin.buildDigest(classes)).isNotEqualTo(folder);
    assertThat(RunOrigin.currentBuild()).as("the code of this test run").matches("[0-9a-f]{64}");
  }

  @Test
  void buildDigest_nothingUnderFtl_refused() throws IOException {
    write(tmp.resolve("empty/other/C.class"), "c");
    assertThatThrownBy(() -> RunOrigin.buildDigest(tmp.resolve("empty"))).isInstanceOf(IOException.class)
        .hasMessageContaining("no file under ftl/");
  }

  @Test
  void of_folderOutsideGit_unregisteredWithEmptyGitState() throws IOException {
    Path ws = tmp.resolve("ws");
    Files.createDirectories(ws);
    RunOrigin o = RunOrigin.of(ws, false);
    assertThat(o.registered()).isEqualTo(LedgerSchema.REGISTERED_NO);
    assertThat(o.ftlVersion()).isEqualTo(ArchiveVersion.VERSION);
    assertThat(o.workspaceCommit()).isEmpty();
    assertThat(o.workspaceDirty()).isEmpty();
    assertThat(o.ledgerCells().asMap()).containsEntry("registered", "no").containsEntry("workspace_commit", "")
        .containsEntry("ftl_version", ArchiveVersion.VERSION);
  }

  @Test
  void of_folderInGit_commitAndWhetherAnythingElseChanged() throws IOException {
    Path repo = tmp.resolve("repo");
    Path ws = repo.resolve("campaigns/mine");
    write(ws.resolve("plan.json"), "{}\n");
    TempArchive.git(repo, "init", "-q");
    TempArchive.git(repo, "add", "-A");
    TempArchive.git(repo, "-c", "user.name=t", "-c", "user.email=t@example.org", "-c", "commit.gpgsign=false", "commit",
        "-q", "-m", "plan");
    RunOrigin clean = RunOrigin.of(ws, true);
    assertThat(clean.registered()).isEqualTo(LedgerSchema.REGISTERED_YES);
    assertThat(clean.workspaceCommit()).matches("[0-9a-f]{40}");
    assertThat(clean.workspaceDirty()).isEqualTo(RunOrigin.NO);

    write(ws.resolve("ledger.csv"), "the runner's own file: not a change of the workspace\n");
    assertThat(RunOrigin.of(ws, true).workspaceDirty()).isEqualTo(RunOrigin.NO);
    write(repo.resolve("notes.txt"), "a change beside the campaign\n");
    RunOrigin dirty = RunOrigin.of(ws, true);
    assertThat(dirty.workspaceDirty()).isEqualTo(RunOrigin.YES);
    assertThat(dirty.workspaceCommit()).isEqualTo(clean.workspaceCommit());
  }
}
