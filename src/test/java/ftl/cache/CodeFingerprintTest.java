package ftl.cache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.quantity.Analysis;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
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
}
