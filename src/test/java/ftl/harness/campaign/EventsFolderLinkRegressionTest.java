package ftl.harness.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.io.DataException;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 58, case 2 (data loss): with {@code F/events} a symbolic link to another campaign's {@code events/} and a
 * journal naming a file there, {@code campaign resume F} deleted that other campaign's measured run and exited 0
 * ("removed events/r0003.csv.gz"): the runner listed, and deleted in, whatever folder the link named. Now {@code
 * events/} and every path resume touches are refused (exit 3, the path named) when they are a link or resolve outside
 * the campaign folder, and an entry of {@code events/} that is a link is refused rather than removed; nothing is
 * deleted.
 */
class EventsFolderLinkRegressionTest {

  @TempDir Path archive;

  @Test
  void resume_eventsFolderLinksToAnotherCampaign_refusedAndNothingDeleted() throws Exception {
    Path other = archive.resolve("other");
    FinishedCampaign.write(other);
    Path measured = other.resolve("events/r0003.csv.gz");
    Files.copy(other.resolve("events/r0001.csv.gz"), measured);
    Path f = archive.resolve("f");
    Files.createDirectories(f);
    Files.writeString(f.resolve("plan.json"), FinishedCampaign.PLAN);
    Files.createSymbolicLink(f.resolve("events"), other.resolve("events"));
    new CampaignFolder(f).journal(List.of(CampaignFolder.eventsFileOf("r0003")));

    ByteArrayOutputStream err = new ByteArrayOutputStream();
    assertThatThrownBy(() -> FinishedCampaign.runner(archive, err).resume(f)).isInstanceOf(DataException.class)
        .hasMessageContaining("f/events: is a symbolic link");
    assertThat(measured).exists();
    assertThat(other.resolve("events/r0001.csv.gz")).exists();
  }

  @Test
  void clean_eventsEntryIsALinkToAnotherCampaignsRun_refusedAndKept() throws Exception {
    Path other = archive.resolve("other");
    Path theirs = FinishedCampaign.write(other);
    Path f = archive.resolve("f");
    FinishedCampaign.write(f);
    Path link = f.resolve("events/r0003.csv.gz");
    Files.createSymbolicLink(link, theirs);
    CampaignFolder folder = new CampaignFolder(f);
    folder.journal(List.of(CampaignFolder.eventsFileOf("r0003")));

    assertThatThrownBy(folder::clean).isInstanceOf(DataException.class)
        .hasMessageContaining("r0003.csv.gz: is a symbolic link where the runner keeps events files");
    assertThat(Files.isSymbolicLink(link)).isTrue();
    assertThat(theirs).exists();
  }

  @Test
  void resume_planIsALink_refusedBeforeItIsRead() throws Exception {
    Path f = archive.resolve("f");
    FinishedCampaign.write(f);
    Path elsewhere = archive.resolve("plan-elsewhere.json");
    Files.move(f.resolve("plan.json"), elsewhere);
    Files.createSymbolicLink(f.resolve("plan.json"), elsewhere);

    ByteArrayOutputStream err = new ByteArrayOutputStream();
    assertThatThrownBy(() -> FinishedCampaign.runner(archive, err).resume(f)).isInstanceOf(DataException.class)
        .hasMessageContaining("plan.json: is a symbolic link");
  }

  /** The campaign folder itself named through a link is followed once (the user named it): resume works. */
  @Test
  void resume_campaignFolderNamedThroughALink_resumes() throws Exception {
    Path f = archive.resolve("f");
    FinishedCampaign.write(f);
    Path alias = archive.resolve("alias");
    Files.createSymbolicLink(alias, f);
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    assertThat(FinishedCampaign.runner(archive, err).resume(alias).alreadyDone()).isEqualTo(1);
  }
}
