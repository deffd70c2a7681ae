package ftl.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Issue #54, item 1: which campaign folders are the archive's (run under its rules, registered) and which are a
 * practitioner's workspace (git optional, unregistered): a folder of the archive's {@code data/} or of the
 * {@code --data} root is the archive's, whether or not it exists yet, and however it is spelled (a link to it, "..");
 * anywhere else is a workspace, except the archive's own folders, which a workspace may not be.
 */
class WorkspaceFolderTest {
  @TempDir static Path tmp;

  private static Main main(String... args) {
    Main m = new Main();
    new CommandLine(m).parseArgs(args);
    return m;
  }

  static Stream<Arguments> folders() throws IOException {
    Path archive = tmp.resolve("archive");
    Files.createDirectories(archive.resolve("data/hosts"));
    Files.createDirectories(tmp.resolve("elsewhere/data"));
    Files.createDirectories(tmp.resolve("links"));
    Path link = tmp.resolve("links/to-data");
    if (!Files.exists(link)) {
      Files.createSymbolicLink(link, archive.resolve("data"));
    }
    String root = archive.toString();
    return Stream.of(
        Arguments.of("a campaign of data/", new String[] {"--root", root}, archive.resolve("data/hosts"), true),
        Arguments.of("a new folder of data/", new String[] {"--root", root}, archive.resolve("data/new/deeper"), true),
        Arguments.of("data/ spelled through ..", new String[] {"--root", root},
            archive.resolve("paper/../data/mine"), true),
        Arguments.of("data/ through a link", new String[] {"--root", root}, link.resolve("mine"), true),
        Arguments.of("a folder of the --data root", new String[] {"--root", root, "--data",
        tmp.resolve("elsewhere/data")
            .toString()}, tmp.resolve("elsewhere/data/x"), true),
        Arguments.of("a folder outside the archive", new String[] {"--root", root}, tmp.resolve("elsewhere/ws"), false),
        Arguments.of("a folder of the archive outside data/", new String[] {"--root", root},
        archive.resolve("scratch/x"),
            false),
        Arguments.of("the data root itself", new String[] {"--root", root}, archive.resolve("data"), false));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("folders")
  void inArchiveData_folder_isTheArchivesWhereItLiesInData(String label, String[] args, Path dir, boolean archive) {
    assertThat(CampaignCommand.inArchiveData(main(args), dir)).as(label).isEqualTo(archive);
  }

  @Test
  void refuseArchiveFolders_archiveOrDataRootItself_refusedOthersPass() throws IOException {
    Path archive = tmp.resolve("archive2");
    Files.createDirectories(archive.resolve("data"));
    Main m = main("--root", archive.toString());
    for (Path p : new Path[] {archive, archive.resolve("data")}) {
      assertThatThrownBy(() -> CampaignCommand.refuseArchiveFolders(m, p)).isInstanceOf(HarnessFailure.class)
          .hasMessageContaining("the archive's own folder").hasMessageContaining("--out DIR");
    }
    CampaignCommand.refuseArchiveFolders(m, tmp.resolve("ws")); // a workspace anywhere else: nothing thrown
  }
}
