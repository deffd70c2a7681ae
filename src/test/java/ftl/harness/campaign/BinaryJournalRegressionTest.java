package ftl.harness.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.io.DataException;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 58, case 16 (unclear message, wrong code): a binary journal (the bytes FF FE 00) made {@code campaign resume}
 * exit 5 with "Input length = 1", naming no file. Now it is bad data (exit 3) naming {@code .ftl-journal}; so is a
 * journal line that names anything but an events file of the campaign (a path elsewhere), and nothing is deleted on its
 * word.
 */
class BinaryJournalRegressionTest {

  @TempDir Path archive;

  @Test
  void resume_binaryJournal_badDataNamingTheJournal() throws Exception {
    Path f = archive.resolve("f");
    Path events = FinishedCampaign.write(f);
    Files.write(f.resolve(CampaignFolder.JOURNAL), new byte[] {(byte) 0xff, (byte) 0xfe, 0});
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    assertThatThrownBy(() -> FinishedCampaign.runner(archive, err).resume(f)).isInstanceOf(DataException.class)
        .hasMessageContaining("f/.ftl-journal: the journal is not UTF-8 text");
    assertThat(events).exists();
  }

  @Test
  void clean_journalNamingAPathOutsideEvents_refusedWithLine() throws Exception {
    Path f = archive.resolve("f");
    FinishedCampaign.write(f);
    Files.writeString(f.resolve(CampaignFolder.JOURNAL), "events/r0002.csv.gz\n../other/events/r0003.csv.gz\n");
    assertThatThrownBy(() -> new CampaignFolder(f).clean()).isInstanceOf(DataException.class)
        .hasMessageContaining(".ftl-journal:2: the journal names \"../other/events/r0003.csv.gz\"");
  }
}
