package ftl.cache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.quantity.core.Analysis;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The code fingerprint changes with any class of the analysis packages, and with nothing else. */
class CodeFingerprintTest {
  static final List<String> LIBS = List.of("commons-math3-3.6.1.jar", "commons-csv-1.14.0.jar");

  static Map<String, byte[]> classes() {
    Map<String, byte[]> m = new TreeMap<>();
    m.put("ftl/stats/Quantiles.class", new byte[] {1, 2, 3});
    m.put("ftl/data/EventReader.class", new byte[] {4, 5});
    m.put("ftl/quantity/Analysis.class", new byte[] {6});
    m.put("ftl/quantity/Analysis$1.class", new byte[] {7});
    m.put("ftl/cache/RunSummaryFile.class", new byte[] {8});
    m.put("ftl/cli/Main.class", new byte[] {9});
    m.put("ftl/data/datapackage.json", new byte[] {10});
    return m;
  }

  static Path folder(Path dir, Map<String, byte[]> files) throws IOException {
    for (var e : files.entrySet()) {
      Path p = dir.resolve(e.getKey());
      Files.createDirectories(p.getParent());
      Files.write(p, e.getValue());
    }
    return dir;
  }

  static Path jar(Path file, Map<String, byte[]> files) throws IOException {
    try (OutputStream out = Files.newOutputStream(file); ZipOutputStream zip = new ZipOutputStream(out)) {
      zip.putNextEntry(new ZipEntry("ftl/"));
      zip.closeEntry();
      for (var e : files.entrySet()) {
        zip.putNextEntry(new ZipEntry(e.getKey()));
        zip.write(e.getValue());
        zip.closeEntry();
      }
    }
    return file;
  }

  @Test
  void of_folderAndJarOfSameClasses_agree(@TempDir Path tmp) throws IOException {
    String dir = CodeFingerprint.of(folder(tmp.resolve("classes"), classes()), LIBS);
    String jar = CodeFingerprint.of(jar(tmp.resolve("ftl.jar"), classes()), LIBS);
    assertThat(dir).isEqualTo(jar).matches("[0-9a-f]{64}");
  }

  @Test
  void of_analysisClassChanged_changes(@TempDir Path tmp) throws IOException {
    String before = CodeFingerprint.of(folder(tmp.resolve("a"), classes()), LIBS);
    for (String changed : List.of("ftl/stats/Quantiles.class", "ftl/data/EventReader.class",
        "ftl/quantity/Analysis$1.class", "ftl/cache/RunSummaryFile.class")) {
      Map<String, byte[]> m = classes();
      m.put(changed, new byte[] {42});
      assertThat(CodeFingerprint.of(jar(tmp.resolve(changed.replace('/', '_') + ".jar"), m), LIBS)).as(changed)
          .isNotEqualTo(before);
    }
    Map<String, byte[]> added = classes();
    added.put("ftl/stats/NewStatistic.class", new byte[0]);
    assertThat(CodeFingerprint.of(jar(tmp.resolve("added.jar"), added), LIBS)).isNotEqualTo(before);
    assertThat(CodeFingerprint.of(folder(tmp.resolve("a"), classes()), List.of("commons-math3-3.6.2.jar")))
        .as("another library version").isNotEqualTo(before);
  }

  @Test
  void of_otherPackagesAndResources_doNotCount(@TempDir Path tmp) throws IOException {
    String before = CodeFingerprint.of(folder(tmp.resolve("a"), classes()), LIBS);
    Map<String, byte[]> m = classes();
    m.put("ftl/cli/Main.class", new byte[] {99});
    m.put("ftl/data/datapackage.json", new byte[] {99});
    m.put("ftl/emit/Emitter.class", new byte[] {99});
    assertThat(CodeFingerprint.of(folder(tmp.resolve("b"), m), LIBS)).isEqualTo(before);
  }

  @Test
  void of_noAnalysisClasses_throws(@TempDir Path tmp) throws IOException {
    Files.createDirectories(tmp.resolve("empty"));
    assertThatThrownBy(() -> CodeFingerprint.of(tmp.resolve("empty"), LIBS)).isInstanceOf(IOException.class)
        .hasMessageContaining("no class files");
    assertThatThrownBy(() -> CodeFingerprint.of(tmp.resolve("missing.jar"), LIBS)).isInstanceOf(IOException.class);
  }

  @Test
  void current_isTheFingerprintOfTheLoadedClasses() throws Exception {
    Path location = Path.of(Analysis.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    String current = CodeFingerprint.current().orElseThrow();
    assertThat(current).matches("[0-9a-f]{64}");
    assertThat(CodeFingerprint.current()).contains(current);
    assertThat(current).isNotEqualTo(CodeFingerprint.of(location, List.of()));
  }

  /** Far enough after any file written here for its identity to be remembered (the 2 s rule). */
  private static final long LATER = Long.MAX_VALUE / 2;

  @Test
  void remembered_whileTheJarKeepsItsIdentity_isReadBackNotRecomputed(@TempDir Path tmp) throws IOException {
    Path jar = jar(tmp.resolve("ftl.jar"), classes());
    CodeFingerprint.Location l = new CodeFingerprint.Location(jar, LIBS);
    Path cache = tmp.resolve("cache");
    String computed = CodeFingerprint.of(jar, LIBS);
    assertThat(CodeFingerprint.remembered(cache, l, LATER)).contains(computed);
    Path file = cache.resolve(CodeFingerprint.REMEMBERED);
    assertThat(file).exists();
    // a planted value under the same key is what comes back: the jar was not hashed again
    List<String> lines = Files.readAllLines(file);
    String planted = "ab".repeat(32);
    Files.write(file, List.of(lines.get(0), planted));
    assertThat(CodeFingerprint.remembered(cache, l, LATER)).contains(planted);
    // other libraries: another key, so hashed again
    assertThat(CodeFingerprint.remembered(cache, new CodeFingerprint.Location(jar, List.of("commons-math3-3.6.2.jar")),
        LATER))
        .contains(CodeFingerprint.of(jar, List.of("commons-math3-3.6.2.jar")));
  }

  @Test
  void remembered_ofARewrittenJar_isItsNewFingerprint(@TempDir Path tmp) throws Exception {
    Path jar = jar(tmp.resolve("ftl.jar"), classes());
    CodeFingerprint.Location l = new CodeFingerprint.Location(jar, LIBS);
    Path cache = tmp.resolve("cache");
    String before = CodeFingerprint.remembered(cache, l, LATER).orElseThrow();
    // one class changed in place, same size, and the modification time set back: only ctime tells
    Map<String, byte[]> changed = classes();
    changed.put("ftl/stats/Quantiles.class", new byte[] {1, 2, 4});
    FileTime mtime = Files.getLastModifiedTime(jar);
    long size = Files.size(jar);
    Thread.sleep(20); // past the file system's clock granularity
    jar(jar, changed);
    Files.setLastModifiedTime(jar, mtime);
    assertThat(Files.size(jar)).isEqualTo(size);
    String after = CodeFingerprint.remembered(cache, l, LATER).orElseThrow();
    assertThat(after).isEqualTo(CodeFingerprint.of(jar, LIBS)).isNotEqualTo(before);
  }

  @Test
  void remembered_neverForAFreshJarAClassFolderOrFromASpoiledFile(@TempDir Path tmp) throws IOException {
    Path jar = jar(tmp.resolve("ftl.jar"), classes());
    String computed = CodeFingerprint.of(jar, LIBS);
    Path cache = tmp.resolve("cache");
    Path file = cache.resolve(CodeFingerprint.REMEMBERED);
    long justWritten = Files.getLastModifiedTime(jar).to(TimeUnit.NANOSECONDS) + 1_000_000_000L;
    assertThat(CodeFingerprint.remembered(cache, new CodeFingerprint.Location(jar, LIBS), justWritten))
        .contains(computed);
    assertThat(file).as("changed 1 s before: not remembered").doesNotExist();
    Path classes = folder(tmp.resolve("classes"), classes());
    assertThat(CodeFingerprint.remembered(cache, new CodeFingerprint.Location(classes, LIBS), LATER))
        .contains(computed);
    assertThat(file).as("a class folder").doesNotExist();
    CodeFingerprint.remembered(cache, new CodeFingerprint.Location(jar, LIBS), LATER);
    String key = Files.readAllLines(file).get(0);
    for (List<String> spoiled : List.of(List.of(key), List.of(key, "XYZ"), List.of(key, "ab".repeat(32), "more"),
        List.of(key + " ", "ab".repeat(32)), List.of("", "ab".repeat(32)))) {
      Files.write(file, spoiled);
      assertThat(CodeFingerprint.remembered(cache, new CodeFingerprint.Location(jar, LIBS), justWritten))
          .as(spoiled.toString()).contains(computed);
    }
    Files.write(file, new byte[8192]);
    assertThat(CodeFingerprint.remembered(cache, new CodeFingerprint.Location(jar, LIBS), justWritten))
        .contains(computed);
    assertThat(CodeFingerprint.remembered(cache, new CodeFingerprint.Location(tmp.resolve("absent.jar"), LIBS), LATER))
        .isEmpty();
  }
}
