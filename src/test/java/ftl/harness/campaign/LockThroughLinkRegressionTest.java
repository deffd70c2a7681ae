package ftl.harness.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.io.DataException;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 58, case 1 (data loss): {@code ln -s events/r0001.csv.gz F/.ftl-lock; ftl campaign resume F} exited 0 and left
 * {@code r0001.csv.gz} five bytes long, the runner's pid: the lock was opened through the link and truncated. Pointed
 * at {@code ledger.csv} the ledger was destroyed, at {@code plan.json} the committed plan overwritten, at a file
 * outside the folder that file. The same held for a hard link, and for a link planted where the runner writes a temp
 * file ({@code ledger.csv.tmp}, {@code .ftl-journal.tmp}). Now the lock is created exclusively or opened without
 * following a link, written only when it is a lone file holding a pid, temp files are created exclusively, and the
 * folder is refused (exit 3, the link named) with every file as it was.
 */
class LockThroughLinkRegressionTest {

  @TempDir Path archive;

  /** How a name of the folder is planted: the name, a symbolic or a hard link, and what the refusal says. */
  enum Plant {
    LOCK_SYMLINK(CampaignFolder.LOCK, true, ".ftl-lock: is a symbolic link"),
    LOCK_HARD_LINK(CampaignFolder.LOCK, false, ".ftl-lock: has 2 names"),
    LEDGER_TMP_SYMLINK("ledger.csv.tmp", true, "ledger.csv.tmp: is a symbolic link");

    final String name;
    final boolean symbolic;
    final String refusal;

    Plant(String name, boolean symbolic, String refusal) {
      this.name = name;
      this.symbolic = symbolic;
      this.refusal = refusal;
    }
  }

  /** Each plant, pointed at a file of the campaign or at one outside it. */
  static Stream<Arguments> plants() {
    List<Arguments> out = new ArrayList<>();
    for (Plant p : Plant.values()) {
      for (String[] t : new String[][] {{"the run's events file", "f/events/r0001.csv.gz"},
          {"the ledger", "f/ledger.csv"},
          {"the committed plan", "f/plan.json"}, {"a file outside the folder", "outside.txt"}}) {
        out.add(Arguments.of(p, Named.of(t[0], t[1])));
      }
    }
    return out.stream();
  }

  private Path campaign() throws Exception {
    Path f = archive.resolve("f");
    FinishedCampaign.write(f);
    Files.writeString(archive.resolve("outside.txt"), "someone else's file\n");
    return f;
  }

  private static List<String> digests(Path... files) throws Exception {
    return Stream.of(files).map(p -> {
      try {
        return HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
            .digest(Files.readAllBytes(p)));
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }).toList();
  }

  @ParameterizedTest(name = "{0} to {1}")
  @MethodSource("plants")
  void resume_runnerNameIsALink_refusedAndTargetUntouched(Plant plant, String target) throws Exception {
    Path f = campaign();
    Path victim = archive.resolve(target);
    List<String> before = digests(victim);
    if (plant.symbolic) {
      Files.createSymbolicLink(f.resolve(plant.name), victim);
    } else {
      Files.createLink(f.resolve(plant.name), victim);
    }

    ByteArrayOutputStream err = new ByteArrayOutputStream();
    assertThatThrownBy(() -> FinishedCampaign.runner(archive, err).resume(f)).isInstanceOf(DataException.class)
        .hasMessageContaining(plant.refusal);
    assertThat(digests(victim)).isEqualTo(before);
  }

  /**
   * The temp file a write goes through is created afresh: a link or hard link in its place is unlinked, not written.
   */
  @Test
  void write_tempNameTakenByLinks_targetsUntouched() throws Exception {
    Path f = campaign();
    Path victim = archive.resolve("outside.txt");
    List<String> before = digests(victim);
    Files.createSymbolicLink(f.resolve(".ftl-journal.tmp"), victim);
    new CampaignFolder(f).journal(List.of(CampaignFolder.eventsFileOf("r0002")));
    Files.createLink(f.resolve("schedule.csv.tmp"), victim);
    AtomicFiles.write(f.resolve("schedule.csv"), "x\n".getBytes(StandardCharsets.UTF_8));

    assertThat(digests(victim)).isEqualTo(before);
    assertThat(Files.readString(f.resolve(".ftl-journal"))).isEqualTo("events/r0002.csv.gz\n");
    assertThat(Files.isSymbolicLink(f.resolve(".ftl-journal"))).isFalse();
  }

  /** A lock a dead runner left (a pid in a lone regular file) is still taken over, and removed at the end. */
  @Test
  void resume_staleLockOfADeadRunner_resumesAndRemovesIt() throws Exception {
    Path f = campaign();
    Files.writeString(f.resolve(CampaignFolder.LOCK), "999999");
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    CampaignRunner.Summary s = FinishedCampaign.runner(archive, err).resume(f);
    assertThat(s.ran()).isZero();
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("all 1 runs are in the ledger; nothing to do");
    assertThat(f.resolve(CampaignFolder.LOCK)).doesNotExist();
  }

  /** A regular file of one name that holds no pid is not a lock a runner wrote: refused, not overwritten. */
  @Test
  void lock_fileHoldingOtherContent_refusedAndKept() throws Exception {
    Path f = campaign();
    Files.writeString(f.resolve(CampaignFolder.LOCK), "my notes\n");
    assertThatThrownBy(() -> new CampaignFolder(f).lock()).isInstanceOf(DataException.class)
        .hasMessageContaining("holds something other than a runner's pid");
    assertThat(Files.readString(f.resolve(CampaignFolder.LOCK))).isEqualTo("my notes\n");
  }
}
