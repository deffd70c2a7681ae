package ftl.harness.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.io.DataException;
import ftl.harness.plan.Plan;
import ftl.harness.plan.PlanParser;
import ftl.harness.run.StampBook;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ledger atomicity and resume logic without a broker: a kill -9 is simulated by leaving exactly what a killed
 * process can leave (temp files, an event file whose ledger row was never written).
 */
class CampaignFolderTest {

  @TempDir Path dir;

  static Map<String, String> row(String runId) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("run_id", runId);
    m.put("condition", "c");
    m.put("status", "ok");
    m.put("events_file", CampaignFolder.eventsFileOf(runId));
    m.put("events_sha256", "00");
    m.put("host_cpu", "Model, with a comma \"and quotes\"");
    return m;
  }

  static StampBook book(int events) {
    long[] ns = {0};
    long[] us = {1_700_000_000_000_000L};
    StampBook b = new StampBook(0, events, () -> ns[0] += 1000, () -> us[0] += 1);
    for (int i = 0; i < events; i++) {
      b.stampSend(i, i * 1000L);
      b.stampAck(i, null);
      b.stampRecv(i, 1_700_000_000_000L);
    }
    return b;
  }

  @Test
  void append_rowsRoundTrip_noTempLeft() throws Exception {
    CampaignFolder f = new CampaignFolder(dir);
    Ledger l = f.ledger();
    l.append(row("r0001"));
    l.append(row("r0002"));
    Ledger again = Ledger.open(f.ledgerFile());
    assertThat(again.runIds()).containsExactly("r0001", "r0002");
    assertThat(again.rows().get(0).get("host_cpu")).isEqualTo("Model, with a comma \"and quotes\"");
    assertThat(again.rows().get(0).get("reason")).isEmpty();
    assertThat(Files.readAllLines(f.ledgerFile()).get(0))
        .startsWith("run_id,condition,status,events_file,events_sha256,");
    assertThat(Files.exists(AtomicFiles.tmpOf(f.ledgerFile()))).isFalse();
  }

  @Test
  void append_sameRunTwice_refused() throws Exception {
    Ledger l = new CampaignFolder(dir).ledger();
    l.append(row("r0001"));
    assertThatThrownBy(() -> l.append(row("r0001"))).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void open_unknownColumns_carriedOnRewrite() throws Exception {
    CampaignFolder f = new CampaignFolder(dir);
    Files.writeString(f.ledgerFile(), "run_id,condition,status,events_file,events_sha256,analyst_note\n"
        + "r0001,c,ok,events/r0001.csv.gz,00,keep me\n");
    Ledger l = f.ledger();
    l.append(row("r0002"));
    Ledger again = f.ledger();
    assertThat(again.rows().get(0).get("analyst_note")).isEqualTo("keep me");
    assertThat(again.rows().get(1).get("analyst_note")).isEmpty();
  }

  @Test
  void open_truncatedRow_dataExceptionNamesFileAndLine() throws Exception {
    CampaignFolder f = new CampaignFolder(dir);
    Files.writeString(f.ledgerFile(), "run_id,condition,status,events_file,events_sha256\nr0001,c,ok\n");
    assertThatThrownBy(f::ledger).isInstanceOf(DataException.class).hasMessageContaining("ledger.csv:2");
  }

  /** r0001 finished properly: its event file and its ledger row. */
  private String finished(CampaignFolder f) throws Exception {
    Files.createDirectories(f.eventsDir());
    String sha = EventFileWriter.write(dir.resolve(CampaignFolder.eventsFileOf("r0001")), book(3));
    Map<String, String> r1 = row("r0001");
    r1.put("events_sha256", sha);
    f.ledger().append(r1);
    return sha;
  }

  @Test
  void clean_killAfterRenameBeforeLedgerRow_removesTheJournaledOrphanOnly() throws Exception {
    CampaignFolder f = new CampaignFolder(dir);
    String sha = finished(f);
    // r0002 was killed after its event file was renamed, before its ledger row: an orphan its journal names.
    f.journal(List.of(CampaignFolder.eventsFileOf("r0002")));
    EventFileWriter.write(dir.resolve(CampaignFolder.eventsFileOf("r0002")), book(3));
    Files.writeString(dir.resolve("ledger.csv.tmp"), "run_id,condition\nr0001,c");

    List<String> removed = f.clean();

    assertThat(removed).containsExactlyInAnyOrder("events/r0002.csv.gz", "ledger.csv.tmp");
    try (Stream<Path> s = Files.list(f.eventsDir())) {
      assertThat(s.map(p -> p.getFileName().toString()).toList()).containsExactly("r0001.csv.gz");
    }
    assertThat(EventFileWriter.sha256(dir.resolve("events/r0001.csv.gz"))).isEqualTo(sha);
    assertThat(f.ledger().runIds()).containsExactly("r0001");
    assertThat(f.journalFile()).doesNotExist();
  }

  @Test
  void clean_killWhileWritingEvents_removesTheJournaledTempFile() throws Exception {
    CampaignFolder f = new CampaignFolder(dir);
    finished(f);
    f.journal(List.of(CampaignFolder.eventsFileOf("r0003")));
    Files.writeString(dir.resolve("events/r0003.csv.gz.tmp"), "half");
    assertThat(f.clean()).containsExactly("events/r0003.csv.gz.tmp");
  }

  /**
   * Issue #43: with ledger.csv moved away, resume deleted every measured events file as "left by an interrupted run".
   */
  @Test
  void clean_ledgerMovedAway_refusesAndDeletesNothing() throws Exception {
    CampaignFolder f = new CampaignFolder(dir);
    finished(f);
    Files.move(f.ledgerFile(), dir.resolve("elsewhere.csv"));
    assertThatThrownBy(f::clean).isInstanceOf(DataException.class)
        .hasMessageContaining("events/r0001.csv.gz").hasMessageContaining("refusing to resume");
    assertThat(dir.resolve("events/r0001.csv.gz")).exists();
  }

  @Test
  void clean_orphanNoJournalNames_refusesAndDeletesNothing() throws Exception {
    CampaignFolder f = new CampaignFolder(dir);
    finished(f);
    f.journal(List.of(CampaignFolder.eventsFileOf("r0003")));
    EventFileWriter.write(dir.resolve(CampaignFolder.eventsFileOf("r0002")), book(3));
    Files.writeString(dir.resolve("events/r0003.csv.gz.tmp"), "half");
    assertThatThrownBy(f::clean).isInstanceOf(DataException.class).hasMessageContaining("r0002.csv.gz");
    assertThat(dir.resolve("events/r0002.csv.gz")).exists();
    assertThat(dir.resolve("events/r0003.csv.gz.tmp")).as("nothing removed before the refusal").exists();
  }

  @Test
  void clean_tempOfAnEventsFileNoJournalNames_refuses() throws Exception {
    CampaignFolder f = new CampaignFolder(dir);
    finished(f);
    Files.writeString(dir.resolve("events/r0009.csv.gz.tmp"), "half");
    assertThatThrownBy(f::clean).isInstanceOf(DataException.class).hasMessageContaining("a temp file");
  }

  /** Issue #43: two runners on one campaign folder both ran, each "3 of 3 runs to do". */
  @Test
  void lock_secondRunner_isRefusedUntilTheFirstLetsGo() throws Exception {
    CampaignFolder f = new CampaignFolder(dir);
    try (AutoCloseable first = f.lock()) {
      assertThatThrownBy(() -> new CampaignFolder(dir).lock()).isInstanceOf(CampaignRunner.InstrumentException.class)
          .hasMessageContaining("another ftl runner is using")
          .hasMessageContaining("pid " + ProcessHandle.current().pid());
    }
    assertThat(dir.resolve(CampaignFolder.LOCK)).doesNotExist();
    try (AutoCloseable again = f.lock()) {
      assertThat(dir.resolve(CampaignFolder.LOCK)).exists();
    }
  }

  /** Issue #43: a full disk left *.tmp files behind; a write that fails removes its temp file. */
  @Test
  void write_commitFails_leavesNoTempFile() throws Exception {
    Path target = dir.resolve("ledger.csv");
    Files.createDirectories(target.resolve("in-the-way")); // a non-empty folder where the file goes: the rename fails
    assertThatThrownBy(() -> AtomicFiles.write(target, "x".getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(IOException.class);
    assertThat(AtomicFiles.tmpOf(target)).doesNotExist();
    assertThatThrownBy(() -> EventFileWriter.write(target, book(2))).isInstanceOf(IOException.class);
    assertThat(AtomicFiles.tmpOf(target)).doesNotExist();
  }

  @Test
  void missingRuns_afterKill_exactlyTheRunsWithoutLedgerRows() throws Exception {
    Plan plan = PlanParser.parse("plan.json", ("{\"campaign\":\"k\",\"seed\":3,\"repeats\":3,"
        + "\"conditions\":[{\"name\":\"a\"},{\"name\":\"b\"}]}").getBytes(StandardCharsets.UTF_8));
    List<Plan.ScheduledRun> schedule = plan.schedule();
    Set<String> done = Set.of(schedule.get(0).runId(), schedule.get(1).runId(), schedule.get(4).runId());
    List<Plan.ScheduledRun> missing = CampaignRunner.missingRuns(schedule, done, dir.resolve("ledger.csv"));
    assertThat(missing).extracting(Plan.ScheduledRun::orderIndex).containsExactly(2, 3, 5);
    assertThatThrownBy(() -> CampaignRunner.missingRuns(schedule, Set.of("r9999"), dir.resolve("ledger.csv")))
        .isInstanceOf(DataException.class).hasMessageContaining("r9999");
  }

  @Test
  void scheduleCsv_listsEveryRunInOrder() throws Exception {
    Plan plan = PlanParser.parse("plan.json", "{\"campaign\":\"k\",\"repeats\":2,\"conditions\":[{\"name\":\"a\"}]}"
        .getBytes(StandardCharsets.UTF_8));
    assertThat(CampaignRunner.scheduleCsv(plan.schedule()))
        .startsWith("run_id,condition,repeat,order_index\n").contains("r0001,a,").contains("r0002,a,");
  }
}
