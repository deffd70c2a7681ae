package ftl.data.registration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.DataSet;
import ftl.data.io.DataException;
import ftl.data.ledger.LedgerRow;
import ftl.data.ledger.LedgerSchema;
import ftl.data.ledger.RunStatus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A ledger proves the plan its runs were taken under ({@code plan_sha256}): one digest per ledger, equal to the
 * committed plan's, checked when a data root is read, on a copy of the small fixture campaign
 * ({@code src/test/resources/ftl/quantity/small/k}: two ok runs of one condition).
 */
class PlanDigestTest {

  private static final Path SMALL = Path.of("src/test/resources/ftl/quantity/small/k");
  private static final String PLAN = "{\"campaign\": \"k\", \"description\": \"before\"}\n";

  private static LedgerRow row(String id, String digest, long line) {
    return new LedgerRow(id, "c1", RunStatus.OK, "events/" + id + ".csv", "", Map.of("plan_sha256", digest), line);
  }

  /** A copy of the small campaign whose ledger names {@code digests} (one per run, r1 and r2) and a plan. */
  private static Path root(Path tmp, String plan, String d1, String d2) throws IOException {
    Path k = tmp.resolve("k");
    Files.createDirectories(k.resolve("events"));
    for (String r : List.of("r1", "r2")) {
      Files.copy(SMALL.resolve("events/" + r + ".csv"), k.resolve("events/" + r + ".csv"));
    }
    List<String> lines = Files.readAllLines(SMALL.resolve("ledger.csv"), StandardCharsets.UTF_8);
    String text = lines.get(0) + ",plan_sha256\n" + lines.get(1) + "," + d1 + "\n" + lines.get(2) + "," + d2 + "\n";
    Files.writeString(k.resolve("ledger.csv"), text, StandardCharsets.UTF_8);
    if (plan != null) {
      Files.writeString(k.resolve("plan.json"), plan, StandardCharsets.UTF_8);
    }
    return tmp;
  }

  private static String digest(String plan) {
    return PlanDigest.of(plan.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void of_knownBytes_isTheirSha256() {
    assertThat(PlanDigest.of("abc".getBytes(StandardCharsets.US_ASCII)))
        .isEqualTo("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  }

  @Test
  void check_noRowNamesADigest_isEmpty() {
    assertThat(PlanDigest.check(List.of(row("r1", "", 2), row("r2", "", 3)), Optional.of(digest(PLAN)), "l", "p"))
        .isEmpty();
  }

  @Test
  void check_everyRowNamesThePlansDigest_returnsIt() {
    String d = digest(PLAN);
    assertThat(PlanDigest.check(List.of(row("r1", d, 2), row("r2", d, 3)), Optional.of(d), "l", "p")).contains(d);
  }

  @Test
  void check_twoDigests_refusedAtTheSecondRowsLine() {
    String d = digest(PLAN);
    String other = digest(PLAN + " ");
    assertThatThrownBy(() -> PlanDigest.check(List.of(row("r1", d, 2), row("r2", other, 3)), Optional.of(d), "l", "p"))
        .isInstanceOf(DataException.class).hasMessageStartingWith("l:3: run r2 names plan digest " + other);
  }

  @Test
  void check_aRowWithoutDigestBeforeOneWith_refusedAtItsLine() {
    String d = digest(PLAN);
    assertThatThrownBy(() -> PlanDigest.check(List.of(row("r1", "", 2), row("r2", d, 3)), Optional.of(d), "l", "p"))
        .isInstanceOf(DataException.class).hasMessageStartingWith("l:2: run r1 names no plan digest");
  }

  @Test
  void check_planMissing_refused() {
    String d = digest(PLAN);
    assertThatThrownBy(() -> PlanDigest.check(List.of(row("r1", d, 2)), Optional.empty(), "l", "p"))
        .isInstanceOf(DataException.class).hasMessageContaining("p is missing");
  }

  @Test
  void firstOtherDigest_findsTheFirstRowUnderAnotherPlan() {
    assertThat(PlanDigest.firstOtherDigest(List.of("a", "a"), "a")).isEqualTo(-1);
    assertThat(PlanDigest.firstOtherDigest(List.of("a", "b", "c"), "a")).isEqualTo(1);
    assertThat(PlanDigest.firstOtherDigest(List.of("", "a"), "a")).isEqualTo(0);
  }

  @Test
  void read_campaignTakenUnderItsCommittedPlan_isRead(@TempDir Path tmp) throws IOException {
    String d = digest(PLAN);
    DataSet data = DataSet.scan(root(tmp, PLAN, d, d), "root");
    assertThat(data.campaigns()).hasSize(1);
    assertThat(data.campaigns().get(0).runs()).extracting(r -> r.field(LedgerSchema.PLAN_SHA256)).containsOnly(d);
  }

  @Test
  void read_planEditedAfterItsRuns_refusedNamingLedgerLine(@TempDir Path tmp) throws IOException {
    String edited = PLAN.replace("before", "after");
    Path r = root(tmp, edited, digest(PLAN), digest(PLAN));
    assertThatThrownBy(() -> DataSet.scan(r, "root")).isInstanceOf(DataException.class)
        .hasMessageContaining("k/ledger.csv:2: the runs were taken under a plan with SHA-256 " + digest(PLAN))
        .hasMessageContaining("has SHA-256 " + digest(edited) + ": the plan was edited after its runs");
  }

  @Test
  void read_ledgerWithTwoPlanDigests_refusedNamingLedgerLine(@TempDir Path tmp) throws IOException {
    Path r = root(tmp, PLAN, digest(PLAN), digest(PLAN + "\n"));
    assertThatThrownBy(() -> DataSet.scan(r, "root")).isInstanceOf(DataException.class)
        .hasMessageContaining("k/ledger.csv:3: run r2 names plan digest");
  }
}
