package ftl.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import ftl.cli.CliRunner;
import ftl.cli.ExitCode;
import ftl.data.io.DataException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code manifest} and {@code reproduce} on an archive whose files are hostile: {@code SHA256SUMS} listing paths
 * out of the archive, links and FIFOs where files are expected, a link planted where a temporary file goes.
 * Nothing outside the archive is ever opened or written; generated files and the manifest are written atomically.
 * Synthetic archives in temporary folders.
 */
class HostileArchiveTest {

  private static void fifo(Path p) throws IOException, InterruptedException {
    Process mk = new ProcessBuilder("mkfifo", p.toString()).inheritIO().start();
    assumeTrue(mk.waitFor() == 0, "mkfifo is not available here");
  }

  @Test
  @Timeout(60)
  void verify_listedPathsOutsideTheArchive_areRefusedUnopened(@TempDir Path tmp) throws Exception {
    TempArchive a = TempArchive.create(tmp.resolve("a")).write("ok.txt", "ok\n");
    Manifest.write(a.root);
    Path outside = tmp.resolve("outside");
    Files.createDirectories(outside);
    // A FIFO outside: opening it would block for ever, so a finished verify shows it was never opened.
    fifo(outside.resolve("pipe"));
    Files.createSymbolicLink(a.root.resolve("link.txt"), outside.resolve("pipe"));
    String zero = "0".repeat(64);
    Files.writeString(a.root.resolve(Manifest.FILE), Files.readString(a.root.resolve(Manifest.FILE))
        + zero + "  ../outside/pipe\n" + zero + "  /etc/passwd\n" + zero + "  link.txt\n" + zero + "  a/./b\n"
        + zero + "  x\u001b[2Jy\n");
    List<Manifest.Problem> problems = Manifest.verify(a.root);
    List<String> described = problems.stream().map(Manifest.Problem::describe).toList();
    assertThat(described).anySatisfy(d -> assertThat(d).contains("../outside/pipe").contains("not opened"))
        .anySatisfy(d -> assertThat(d).contains("/etc/passwd").contains("not a relative path"))
        .anySatisfy(d -> assertThat(d).contains("link.txt").contains("a symbolic link"))
        .anySatisfy(d -> assertThat(d).contains("a/./b").contains("not opened"))
        .anySatisfy(d -> assertThat(d).contains("x\\x1b[2Jy"));
    assertThat(String.join("\n", described)).doesNotContain("\u001b");
    CliRunner.Result r = CliRunner.run("--root", a.root.toString(), "manifest", "verify");
    assertThat(r.code()).isEqualTo(ExitCode.DISAGREE);
  }

  @Test
  void verify_manifestIsALink_isNotRead(@TempDir Path tmp) throws Exception {
    TempArchive a = TempArchive.create(tmp.resolve("a")).write("ok.txt", "ok\n");
    Files.writeString(tmp.resolve("elsewhere"), "not the manifest\n");
    Files.createSymbolicLink(a.root.resolve(Manifest.FILE), tmp.resolve("elsewhere"));
    assertThat(Manifest.verify(a.root)).extracting(Manifest.Problem::describe)
        .anySatisfy(d -> assertThat(d).contains("SHA256SUMS is a symbolic link"));
  }

  @Test
  void write_leftoverTempFileIsALink_isNeitherWrittenThroughNorListed(@TempDir Path tmp) throws Exception {
    TempArchive a = TempArchive.create(tmp.resolve("a")).write("ok.txt", "ok\n");
    Path victim = tmp.resolve("victim.txt");
    Files.writeString(victim, "precious\n");
    Files.createSymbolicLink(a.root.resolve(Manifest.FILE + ".tmp"), victim);
    a.write(".ftl-tmp-quantities.tex.123.tmp", "a leftover of a killed write\n");
    Manifest.write(a.root);
    assertThat(Files.readString(victim)).isEqualTo("precious\n");
    assertThat(Files.isSymbolicLink(a.root.resolve(Manifest.FILE))).isFalse();
    String text = Files.readString(a.root.resolve(Manifest.FILE));
    assertThat(text).contains("  ok.txt\n").doesNotContain("SHA256SUMS.tmp").doesNotContain(".ftl-tmp-");
    try (var s = Files.list(a.root)) {
      assertThat(s.map(p -> p.getFileName().toString())).noneMatch(n -> n.startsWith(ArchiveFiles.TEMP_PREFIX + "SHA"));
    }
  }

  @Test
  void write_archiveFileIsALink_isRefusedAsBadData(@TempDir Path tmp) throws Exception {
    TempArchive a = TempArchive.create(tmp.resolve("a")).write("ok.txt", "ok\n");
    Files.writeString(tmp.resolve("secret"), "secret\n");
    Files.createSymbolicLink(a.root.resolve("innocent.txt"), tmp.resolve("secret"));
    assertThatThrownBy(() -> Manifest.write(a.root)).isInstanceOf(DataException.class)
        .hasMessageContaining(
        "innocent.txt: the manifest lists regular files of the archive only; this is a symbolic link");
    CliRunner.Result r = CliRunner.run("--root", a.root.toString(), "manifest", "write");
    assertThat(r.code()).isEqualTo(ExitCode.BAD_DATA);
    assertThat(r.err()).contains("innocent.txt").doesNotContain("\tat ");
  }

  @Test
  void writeAtomically_generatedFolderIsALinkOut_writesNothingOutside(@TempDir Path tmp) throws Exception {
    Path root = tmp.resolve("a");
    Files.createDirectories(root.resolve("paper"));
    Path outside = tmp.resolve("outside");
    Files.createDirectories(outside);
    Files.createSymbolicLink(root.resolve("paper/generated"), outside);
    assertThatThrownBy(() -> ArchiveFiles.writeAtomically(root, "paper/generated/quantities.tex", new byte[] {'x'}))
        .isInstanceOf(DataException.class).hasMessageContaining("a symbolic link (paper/generated)");
    try (var s = Files.list(outside)) {
      assertThat(s).isEmpty();
    }
  }

  @Test
  void writeAtomically_targetIsALink_replacesTheLinkNotItsTarget(@TempDir Path tmp) throws Exception {
    Path root = tmp.resolve("a");
    Files.createDirectories(root.resolve("paper/generated"));
    Path victim = tmp.resolve("victim");
    Files.writeString(victim, "precious\n");
    Files.createSymbolicLink(root.resolve("paper/generated/quantities.tex"), victim);
    assertThatThrownBy(() -> ArchiveFiles.writeAtomically(root, "paper/generated/quantities.tex", new byte[] {'x'}))
        .isInstanceOf(DataException.class).hasMessageContaining("a symbolic link");
    assertThat(Files.readString(victim)).isEqualTo("precious\n");
  }

  @Test
  void writeAtomically_plainFile_replacedWholeAndNoTempLeft(@TempDir Path tmp) throws Exception {
    Path root = tmp.resolve("a");
    Files.createDirectories(root);
    ArchiveFiles.writeAtomically(root, "paper/generated/q.tex", "first\n".getBytes());
    ArchiveFiles.writeAtomically(root, "paper/generated/q.tex", "second\n".getBytes());
    assertThat(Files.readString(root.resolve("paper/generated/q.tex"))).isEqualTo("second\n");
    try (var s = Files.list(root.resolve("paper/generated"))) {
      assertThat(s.map(p -> p.getFileName().toString())).containsExactly("q.tex");
    }
  }
}
