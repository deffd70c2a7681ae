package ftl.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ManifestTest {

  /** The archive's own SHA256SUMS: a stale or tampered file fails mvn verify here. */
  @Test
  void verify_theArchive_hasNoProblem() throws IOException {
    List<Manifest.Problem> problems = Manifest.verify(Path.of("").toAbsolutePath());
    assertThat(problems).as("SHA256SUMS is stale: run ./ftl manifest write and commit%n%s",
        String.join("\n", problems.stream().map(Manifest.Problem::describe).toList())).isEmpty();
  }

  @Test
  void write_anyArchive_isAcceptedBySha256sum(@TempDir Path tmp) throws Exception {
    TempArchive a = TempArchive.create(tmp).write("data/x/ledger.csv", "run_id\n").write("b c.txt", "space in name\n");
    Manifest.write(a.root);
    Process p = new ProcessBuilder("sha256sum", "-c", "--quiet", Manifest.FILE).directory(a.root.toFile())
        .redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes());
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(out).isZero();
    String text = Files.readString(a.root.resolve(Manifest.FILE));
    assertThat(text).doesNotContain(Manifest.FILE + "\n").contains("  data/x/ledger.csv\n");
    List<String> paths = new ArrayList<>();
    for (String line : text.split("\n")) {
      paths.add(line.substring(66));
    }
    assertThat(paths).isSortedAccordingTo(Manifest::compareBytes);
  }

  @Test
  void verify_oneByteFlipped_namesChangedFile(@TempDir Path tmp) throws IOException {
    TempArchive a = TempArchive.create(tmp).write("data/c/ledger.csv", "run_id,condition\nr1,c\n");
    Manifest.write(a.root);
    Path f = a.root.resolve("data/c/ledger.csv");
    byte[] b = Files.readAllBytes(f);
    b[3] ^= 1;
    Files.write(f, b);
    assertThat(Manifest.verify(a.root)).containsExactly(
        new Manifest.Problem(Manifest.Problem.Kind.CHANGED, "data/c/ledger.csv"));
  }

  @Test
  void verify_fileRemovedAndAdded_namesMissingAndExtra(@TempDir Path tmp) throws IOException {
    TempArchive a = TempArchive.create(tmp).write("a.txt", "a\n");
    Manifest.write(a.root);
    Files.delete(a.root.resolve("a.txt"));
    a.write("new.txt", "new\n");
    assertThat(Manifest.verify(a.root)).containsExactlyInAnyOrder(
        new Manifest.Problem(Manifest.Problem.Kind.MISSING, "a.txt"),
        new Manifest.Problem(Manifest.Problem.Kind.EXTRA, "new.txt"));
  }

  @Test
  void verify_noManifest_reportsItMissing(@TempDir Path tmp) throws IOException {
    TempArchive a = TempArchive.create(tmp);
    assertThat(Manifest.verify(a.root)).containsExactly(
        new Manifest.Problem(Manifest.Problem.Kind.MISSING, Manifest.FILE));
  }

  @Test
  void verify_malformedLine_isReportedWithItsLine(@TempDir Path tmp) throws IOException {
    TempArchive a = TempArchive.create(tmp).write("a.txt", "a\n");
    Manifest.write(a.root);
    Files.writeString(a.root.resolve(Manifest.FILE), "not a checksum line\n", StandardOpenOption.APPEND);
    assertThat(Manifest.verify(a.root)).extracting(Manifest.Problem::kind)
        .containsExactly(Manifest.Problem.Kind.MALFORMED);
    assertThat(Manifest.verify(a.root).get(0).path()).matches("SHA256SUMS:[0-9]+: \"not a checksum line\"");
  }
}
