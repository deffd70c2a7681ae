package ftl.harness.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Who else used the CPU during a run: {@link ProcFs#processTicks} on a fake /proc and {@link ProcFs#topOthers}. */
class ProcFsOthersTest {

  private static ProcFs.ProcessTicks t(String comm, long ticks) {
    return new ProcFs.ProcessTicks(comm, ticks);
  }

  @Test
  void topOthers_excludesOursRanksByTicksAndCountsNewProcessesFromZero() {
    Map<Long, ProcFs.ProcessTicks> before = Map.of(1L, t("java", 100), 2L, t("mvn", 50), 3L, t("bash", 7), 4L,
        t("idle", 9));
    Map<Long, ProcFs.ProcessTicks> after = Map.of(1L, t("java", 400), 2L, t("mvn", 90), 3L, t("bash", 8), 4L,
        t("idle", 9),
        5L, t("C2 Compiler", 60));
    assertThat(ProcFs.topOthers(before, after, Set.of(1L), 3)).isEqualTo("C2_Compiler:60 mvn:40 bash:1");
    assertThat(ProcFs.topOthers(before, after, Set.of(1L), 1)).isEqualTo("C2_Compiler:60");
    assertThat(ProcFs.topOthers(before, before, Set.of(), 3)).isEmpty();
  }

  @Test
  void topOthers_equalTicks_orderedByName() {
    Map<Long, ProcFs.ProcessTicks> after = Map.of(8L, t("b", 5), 9L, t("a", 5));
    assertThat(ProcFs.topOthers(Map.of(), after, Set.of(), 3)).isEqualTo("a:5 b:5");
  }

  @Test
  void processTicks_fakeProc_readsCommAndUtimePlusStime(@TempDir Path proc) throws Exception {
    Files.createDirectories(proc.resolve("12"));
    StringBuilder stat = new StringBuilder("12 (my (odd) name) S");
    for (int f = 4; f <= 52; f++) {
      stat.append(' ').append(f == 14 ? 30 : f == 15 ? 12 : 0);
    }
    Files.writeString(proc.resolve("12/stat"), stat.toString());
    Files.createDirectories(proc.resolve("13")); // vanished: no stat
    Files.createDirectories(proc.resolve("self"));
    Files.createDirectories(proc.resolve("14"));
    Files.writeString(proc.resolve("14/stat"), "garbage");
    assertThat(ProcFs.processTicks(proc)).isEqualTo(Map.of(12L, t("my (odd) name", 42)));
  }

  @Test
  void javaMain_commandLines_nameWhatRuns() {
    assertThat(ProcFs.javaMain("java\0-Xmx1g\0-cp\0a.jar:b.jar\0org.codehaus.plexus.classworlds.launcher.Launcher\0-q"))
        .isEqualTo("Launcher");
    assertThat(ProcFs.javaMain("/usr/bin/java\0-jar\0/tmp/x/surefirebooter.jar\0/tmp/y"))
        .isEqualTo("surefirebooter.jar");
    assertThat(ProcFs.javaMain("java\0-classpath\0x\0--class-path\0y\0-p\0m\0--module-path\0n\0kafka.Kafka"))
        .isEqualTo("Kafka");
    assertThat(ProcFs.javaMain("java\0-version")).isEqualTo("?");
    assertThat(ProcFs.javaMain("java\0-jar")).isEqualTo("?");
    assertThat(ProcFs.javaMain("")).isEqualTo("?");
    assertThat(ProcFs.javaMain(null)).isEqualTo("?");
  }

  @Test
  void processTicks_javaProcess_namedByItsMainClass(@TempDir Path proc) throws Exception {
    Files.createDirectories(proc.resolve("21"));
    StringBuilder stat = new StringBuilder("21 (java) S");
    for (int f = 4; f <= 52; f++) {
      stat.append(' ').append(f == 14 ? 5 : 0);
    }
    Files.writeString(proc.resolve("21/stat"), stat.toString());
    Files.writeString(proc.resolve("21/cmdline"), "java\0-cp\0x\0ftl.cli.Main\0");
    assertThat(ProcFs.processTicks(proc)).isEqualTo(Map.of(21L, t("java:Main", 5)));
  }

  @Test
  void processTicks_noProc_empty(@TempDir Path proc) {
    assertThat(ProcFs.processTicks(proc.resolve("missing"))).isEmpty();
  }
}
