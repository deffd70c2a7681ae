package ftl.quantity;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.data.Campaign;
import ftl.data.DataSet;
import ftl.data.ledger.DataDictionary;
import ftl.quantity.core.CampaignCatalogue;
import ftl.quantity.core.CampaignCatalogue.Family;
import ftl.verify.TempArchive;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue #57, item 2: campaigns opt in by family. On the archive's data root (its own dictionary) a section that reads
 * every campaign reads only those whose catalogue entry declares its family, so a declared campaign that declares none
 * adds no quantity and moves no pooled number; a root that is not the archive's (a practitioner's, a fixture) is read
 * by every family, as its campaigns have no entry. The campaign here is a real declared one, the NATS pilot (small,
 * read by no section by name), in a throw-away archive.
 */
class CampaignFamiliesTest {
  private static final String PILOT = CampaignCatalogue.NATS_PILOT.folder();

  @TempDir Path tmp;

  private Path root(boolean archiveDictionary) throws IOException {
    Path data = TempArchive.create(tmp).root.resolve("data");
    if (archiveDictionary) {
      Files.copy(Path.of("data", DataDictionary.FILE), data.resolve(DataDictionary.FILE));
    }
    TempArchive.copyTree(Path.of("data", PILOT), data.resolve(PILOT));
    return data;
  }

  private static List<String> names(List<Campaign> campaigns) {
    return campaigns.stream().map(Campaign::name).toList();
  }

  @Test
  void opted_archiveRoot_readsAFamilyOnlyWhereTheEntryDeclaresIt() throws IOException {
    DataSet data = DataSet.scan(root(true), "data", CampaignCatalogue.folders());
    assertThat(CampaignCatalogue.NATS_PILOT.families()).containsExactlyInAnyOrder(Family.POOLED, Family.LEDGER,
        Family.CONDITIONS);
    for (Family f : Family.values()) {
      assertThat(names(CampaignCatalogue.opted(data, f))).as(f.name())
          .isEqualTo(CampaignCatalogue.NATS_PILOT.families().contains(f) ? List.of(PILOT) : List.of());
    }
  }

  @Test
  void opted_foreignRoot_readsEveryCampaignInEveryFamily() throws IOException {
    DataSet data = DataSet.scan(root(false), "data");
    for (Family f : Family.values()) {
      assertThat(names(CampaignCatalogue.opted(data, f))).as(f.name()).containsExactly(PILOT);
    }
  }

  @Test
  void catalogue_entryWithoutMeasurements_declaresNoFamily() {
    assertThat(Arrays.stream(CampaignCatalogue.values()).filter(c -> c.families().isEmpty()))
        .containsExactlyInAnyOrder(CampaignCatalogue.OMB_REAL, CampaignCatalogue.AUDIT);
  }
}
