package ftl.harness.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.io.DataException;
import java.io.RandomAccessFile;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 58, case 11 (unbounded): a 700 MB sparse {@code .ftl-lock} held by another process, or a 700 MB sparse
 * {@code .ftl-journal}, took the runner to a peak RSS of 2.2 to 2.3 GB: both were read whole. Now the lock is read up
 * to {@value CampaignFolder#LOCK_CAP} bytes and the journal up to {@value CampaignFolder#JOURNAL_CAP}; the files here
 * are 3 GiB sparse files, which a whole-file read cannot even hold in one array (it failed with an OutOfMemoryError).
 */
class LockAndJournalReadWholeRegressionTest {

  private static final long SPARSE_BYTES = 3L << 30;

  @TempDir Path dir;

  private static void sparse(Path file) throws Exception {
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      f.setLength(SPARSE_BYTES);
    }
  }

  @Test
  void lock_hugeLockHeldByAnother_refusedNamingNoPid() throws Exception {
    Path lock = dir.resolve(CampaignFolder.LOCK);
    sparse(lock);
    try (FileChannel ch = FileChannel.open(lock, StandardOpenOption.WRITE); FileLock held = ch.lock()) {
      assertThatThrownBy(() -> new CampaignFolder(dir).lock()).isInstanceOf(CampaignRunner.InstrumentException.class)
          .hasMessageContaining("another ftl runner is using").hasMessageContaining("its pid unknown");
    }
    assertThat(lock.toFile().length()).isEqualTo(SPARSE_BYTES);
  }

  @Test
  void lock_hugeStaleLock_refusedAndKept() throws Exception {
    Path lock = dir.resolve(CampaignFolder.LOCK);
    sparse(lock);
    assertThatThrownBy(() -> new CampaignFolder(dir).lock()).isInstanceOf(DataException.class)
        .hasMessageContaining(".ftl-lock: the lock file .ftl-lock holds more than 64 bytes");
    assertThat(lock.toFile().length()).isEqualTo(SPARSE_BYTES);
  }

  @Test
  void clean_hugeJournal_refusedNamingIt() throws Exception {
    sparse(dir.resolve(CampaignFolder.JOURNAL));
    assertThatThrownBy(() -> new CampaignFolder(dir).clean()).isInstanceOf(DataException.class)
        .hasMessageContaining(".ftl-journal: the journal holds more than 65536 bytes");
  }
}
