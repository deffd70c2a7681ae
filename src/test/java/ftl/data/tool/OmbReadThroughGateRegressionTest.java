package ftl.data.tool;

import static ftl.verify.TempArchive.copyTree;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import ftl.data.io.DataException;
import ftl.data.io.DataGate;
import ftl.data.ledger.RunStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Defect: the real OMB runs' ledger and run files were opened directly (lexical containment, {@code
 * Files.isRegularFile} following links), not through the data root's gate, so a run file that is a symbolic link to a
 * file outside the root was read. Now every file of {@code omb-real} is opened by {@link DataGate}: a link is refused
 * as bad data naming it, and the synthetic root still reads.
 */
class OmbReadThroughGateRegressionTest {
  private static final Path FIXTURE = Path.of("src/test/resources/ftl/quantity/omb/full");

  @Test
  void read_syntheticRootThroughTheGate_readsEveryRun(@TempDir Path tmp) throws IOException {
    copyTree(FIXTURE, tmp);
    List<OmbLedgerReader.Entry> entries = OmbLedgerReader.read(DataGate.of(tmp, "data"), "omb-real", "data/omb-real");
    // the fixture's ledger: r01..r08 ok, each with its run file, then r09 failed (no run file)
    assertThat(entries).extracting(e -> e.row().runId())
        .containsExactly("r01", "r02", "r03", "r04", "r05", "r06", "r07", "r08", "r09");
    for (OmbLedgerReader.Entry e : entries.subList(0, 8)) {
      assertThat(e.row().ok()).as(e.row().runId()).isTrue();
      assertThat(e.run()).as(e.row().runId()).isNotNull();
      assertThat(e.run().received()).as(e.row().runId()).isEqualTo(e.row().messagesReceived()).isPositive();
      assertThat(e.run().e2eCount()).as(e.row().runId()).isEqualTo(e.row().e2eCount());
    }
    OmbLedgerReader.Entry failed = entries.get(8);
    assertThat(failed.row().status()).isEqualTo(RunStatus.FAILED);
    assertThat(failed.run()).isNull();
  }

  @Test
  void read_runFileIsALinkOutsideTheRoot_refusedNamingIt(@TempDir Path tmp) throws IOException {
    Path root = tmp.resolve("root");
    copyTree(FIXTURE, root);
    Path runs = root.resolve("omb-real/runs");
    Path victim;
    try (Stream<Path> s = Files.list(runs)) {
      victim = s.filter(p -> p.toString().endsWith(".csv")).sorted().findFirst().orElseThrow();
    }
    Path outside = tmp.resolve("outside.csv");
    Files.copy(victim, outside);
    Files.delete(victim);
    Files.createSymbolicLink(victim, outside);
    DataException e = catchThrowableOfType(DataException.class,
        () -> OmbLedgerReader.read(DataGate.of(root, "data"), "omb-real", "data/omb-real"));
    assertThat(e).isNotNull();
    assertThat(e.getMessage()).contains(victim.getFileName().toString());
  }
}
