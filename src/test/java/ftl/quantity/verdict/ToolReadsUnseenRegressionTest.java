package ftl.quantity.verdict;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.DataSet;
import ftl.data.io.DataException;
import ftl.data.registration.PlanDigest;
import ftl.data.registration.VerdictKind;
import ftl.quantity.Registry;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.Computed;
import ftl.quantity.core.SourceReads;
import ftl.quantity.core.Value;
import ftl.verify.TempArchive;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 43, item 3: whether a criterion reads data older than its plan was judged, for the tools' folders
 * (OpenMessaging Benchmark's, RabbitMQ PerfTest's), by the statistic's key name only: a tool's runs were read when the
 * registry was made, so no computation noted them ({@link SourceReads}), and the folders had no first run (their
 * ledgers are not the instrument's). A criterion of campaign k on {@code perftest.runs}, a folder without criteria of
 * its own (so no key name matched a judged campaign), was held and counted confirmatory although PerfTest's runs were
 * taken a day before k's. Now a tool's quantity notes its folder as read ({@link SourceReads#folder}) and each tool's
 * folder has its first run ({@link PlanCriteria#toolFirstRuns}), so such a rule is refused when judged, as one reading
 * an older campaign is. The roots hold a copy of the small synthetic fixture as k ({@code small/k}: two ok runs) and of
 * the tools' fixtures ({@code omb/systems}: PerfTest's runs from 2026-12-01T11:00Z, OMB's NATS driver's from 10:00Z).
 */
class ToolReadsUnseenRegressionTest {
  @TempDir Path tmp;

  private static final Path SMALL = Path.of("src/test/resources/ftl/quantity/small/k");
  private static final Path TOOLS = Path.of("src/test/resources/ftl/quantity/omb/systems");

  private static final String PLAN =
      "{\n  \"campaign\": \"k\",\n  \"conditions\": [{\"name\": \"c1\"}],\n  \"criteria\": {\n"
      + "    \"version\": 1,\n    \"rules\": [\n      {\"id\": \"a\", \"claim\": \"a claim\", \"kind\": \"empirical\", "
      + "\"statistic\": \"perftest.runs\", \"comparison\": \">=\", \"threshold\": 1, \"unit\": \"count\", "
      + "\"sidedness\": \"one-sided\", \"replication\": \"run\", \"runs\": \"all\"}\n    ]\n  }\n}\n";

  /**
   * Campaign k started at {@code startedAt} under {@link #PLAN}; PerfTest's folder without its plan, and OMB's NATS
   * one.
   */
  private DataSet root(String startedAt) throws IOException {
    Path k = tmp.resolve("k");
    Files.createDirectories(k.resolve("events"));
    for (String r : List.of("r1", "r2")) {
      Files.copy(SMALL.resolve("events/" + r + ".csv"), k.resolve("events/" + r + ".csv"));
    }
    List<String> lines = Files.readAllLines(SMALL.resolve("ledger.csv"), StandardCharsets.UTF_8);
    String tail = "," + startedAt + "," + PlanDigest.of(PLAN.getBytes(StandardCharsets.UTF_8));
    Files.writeString(k.resolve("ledger.csv"), lines.get(0) + ",started_at,plan_sha256\n" + lines.get(1) + tail + "\n"
        + lines.get(2) + tail + "\n", StandardCharsets.UTF_8);
    Files.writeString(k.resolve("plan.json"), PLAN, StandardCharsets.UTF_8);
    TempArchive.copyTree(TOOLS.resolve("perftest"), tmp.resolve("perftest"));
    Files.delete(tmp.resolve("perftest/plan.json")); // no criteria: the folder is no campaign a key name could match
    TempArchive.copyTree(TOOLS.resolve("omb-nats"), tmp.resolve("omb-nats"));
    Files.createDirectories(tmp.resolve("omb-rabbitmq")); // a tool's folder without a ledger: no first run
    return DataSet.scan(tmp, "root");
  }

  private static Value value(DataSet data, Registry reg, String key) {
    return Computed.of(reg.byKey(key).orElseThrow(), new Analysis(data)).value();
  }

  @Test
  void criterionOnAnOlderToolsRuns_notNamedByAJudgedCampaign_refusedWhenJudged() throws IOException {
    DataSet data = root("2026-12-02T10:00:00.000Z");
    Registry reg = Registry.forData(data);
    assertThat(reg.registration("criterion.k.a").orElseThrow().kind()).isEqualTo(VerdictKind.CONFIRMATORY);
    assertThatThrownBy(() -> value(data, reg, "criterion.k.a")).isInstanceOf(DataException.class)
        .hasMessageContaining(
        "root/k/plan.json:7: criteria: rule a is registered confirmatory, but its statistics read the "
            + "data of campaign perftest, not taken after the first run of campaign k");
  }

  @Test
  void criterionOnALaterToolsRuns_judgedAndConfirmatory() throws IOException {
    DataSet data = root("2026-11-30T10:00:00.000Z");
    Registry reg = Registry.forData(data);
    assertThat(reg.registration("criterion.k.a").orElseThrow().kind()).isEqualTo(VerdictKind.CONFIRMATORY);
    assertThat(value(data, reg, "criterion.k.a")).isEqualTo(new Value.Verdict(true, "perftest.runs 3 >= 1"));
  }

  @Test
  void toolQuantities_noteTheirFolderAsRead() throws IOException {
    DataSet data = root("2026-11-30T10:00:00.000Z");
    Registry reg = Registry.forData(data);
    Analysis a = new Analysis(data);
    for (Map.Entry<String, String> e : Map.of("perftest.runs", "perftest", "ombNats.runs", "omb-nats",
        "ombNats.dropped.n1", "omb-nats").entrySet()) {
      Set<String> read = SourceReads.noting(() -> reg.byKey(e.getKey()).orElseThrow().computation().apply(a));
      assertThat(read).as(e.getKey()).containsExactly(e.getValue());
    }
    // a tool's folder absent from the root: nothing read
    Set<String> none = SourceReads.noting(() -> reg.byKey("ombRabbitmq.runs").orElseThrow().computation().apply(a));
    assertThat(none).isEmpty();
  }

  @Test
  void toolFirstRuns_eachToolFolderWithALedger_itsEarliestStart() throws IOException {
    DataSet data = root("2026-11-30T10:00:00.000Z");
    assertThat(PlanCriteria.toolFirstRuns(data)).isEqualTo(Map.of(
        "perftest", Instant.parse("2026-12-01T11:00:00Z").toEpochMilli(),
        "omb-nats", Instant.parse("2026-12-01T10:00:00Z").toEpochMilli()));
  }
}
