package ftl.harness.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import ftl.data.io.DataException;
import ftl.harness.host.ClockSource;
import ftl.harness.plan.Plan;
import ftl.harness.plan.PlanParser;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One stratum per boot (issue #53): {@code campaign run} on a stratified plan appends the current boot's stratum to
 * {@code schedule.csv} and refuses a boot that has one; {@code resume} completes the current boot's stratum only.
 */
class StratumScheduleFileTest {
  private static final List<String> BOTH = List.of("tsc", "kvm-clock");

  @TempDir Path dir;

  private static Plan plan(int maxBoots) {
    return PlanParser.parse("plan.json",
        ("{\"campaign\": \"h\", \"seed\": 11, \"blocks\": 4, \"block_lead\": \"lead\", "
        + "\"strata\": {\"by\": \"boot\", \"judged_at_boots\": 1, \"max_boots\": " + maxBoots + ", \"clocksources\": "
        + "[\"tsc\", \"kvm-clock\"]}, \"conditions\": [{\"name\": \"lead\"}, {\"name\": \"base\"}, {\"name\": "
        + "\"fifo\", \"priority\": \"fifo\"}]}").getBytes(StandardCharsets.UTF_8));
  }

  private CampaignRunner.Prepared prepare(Plan p, Set<String> done, boolean resuming, String boot, List<String> offered)
      throws IOException {
    return StratumScheduleFile.prepare(p, new CampaignFolder(dir), done, resuming,
        new StratumScheduleFile.Boot(boot, offered),
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
  }

  private static Set<String> ids(CampaignRunner.Prepared p) {
    return p.toRun().stream().map(Plan.ScheduledRun::runId).collect(Collectors.toCollection(HashSet::new));
  }

  @Test
  void prepare_firstBoot_writesItsStratumBeforeAnyRun() throws IOException {
    CampaignRunner.Prepared p = prepare(plan(3), Set.of(), false, "boot-a", BOTH);
    assertThat(p.stratum()).isEqualTo(1);
    assertThat(p.toRun()).hasSize(12);
    assertThat(p.toRun().get(0).runId()).isEqualTo("s01-r0001");
    assertThat(p.toRun().get(0).condition().name()).isEqualTo("lead");
    List<String> lines = Files.readAllLines(dir.resolve("schedule.csv"));
    assertThat(lines.get(0)).isEqualTo(StratumScheduleFile.HEADER);
    assertThat(lines).hasSize(13);
    assertThat(lines.subList(1, 13)).allMatch(l -> l.contains(",1,boot-a,"));
    assertThat(p.clockOfBlock().values()).containsOnly("tsc", "kvm-clock");
  }

  @Test
  void prepare_sameBootAgain_refusedNamingTheBootWhetherCompleteOrNot() throws IOException {
    CampaignRunner.Prepared first = prepare(plan(3), Set.of(), false, "boot-a", BOTH);
    CampaignRunner.InstrumentException incomplete = catchThrowableOfType(
        () -> prepare(plan(3), Set.of("s01-r0001"), false, "boot-a", BOTH), CampaignRunner.InstrumentException.class);
    assertThat(incomplete).hasMessageContaining("this boot (boot-a) already has stratum 1")
        .hasMessageContaining("11 of its 12 runs missing");
    CampaignRunner.InstrumentException complete = catchThrowableOfType(
        () -> prepare(plan(3), ids(first), false, "boot-a", BOTH), CampaignRunner.InstrumentException.class);
    assertThat(complete).hasMessageContaining("(complete: one stratum per boot)");
  }

  @Test
  void prepare_resumeOnTheSameBoot_runsExactlyItsMissingRuns() throws IOException {
    prepare(plan(3), Set.of(), false, "boot-a", BOTH);
    CampaignRunner.Prepared again = prepare(plan(3), Set.of("s01-r0001", "s01-r0002"), true, "boot-a", BOTH);
    assertThat(again.stratum()).isEqualTo(1);
    assertThat(again.toRun()).hasSize(10);
    assertThat(again.toRun().get(0).runId()).isEqualTo("s01-r0003");
  }

  @Test
  void prepare_resumeOnAnotherBoot_refusedNeverRunningTheOtherBootsStratum() throws IOException {
    prepare(plan(3), Set.of(), false, "boot-a", BOTH);
    CampaignRunner.InstrumentException e = catchThrowableOfType(
        () -> prepare(plan(3), Set.of(), true, "boot-b", BOTH), CampaignRunner.InstrumentException.class);
    assertThat(e).hasMessageContaining("this boot (boot-b) has no stratum");
  }

  @Test
  void prepare_secondBoot_appendsStratumTwoUnderWhatItOffers() throws IOException {
    CampaignRunner.Prepared first = prepare(plan(3), Set.of(), false, "boot-a", BOTH);
    CampaignRunner.Prepared second = prepare(plan(3), ids(first), false, "boot-b", List.of("kvm-clock", "hpet"));
    assertThat(second.stratum()).isEqualTo(2);
    assertThat(second.toRun().get(0).runId()).isEqualTo("s02-r0001");
    assertThat(second.toRun().get(0).block()).isEqualTo(5);
    assertThat(second.schedule()).hasSize(24);
    assertThat(second.toRun().stream().map(r -> second.clockOfBlock().get(r.block()))).containsOnly("kvm-clock");
    assertThat(Files.readAllLines(dir.resolve("schedule.csv"))).hasSize(25);
  }

  @Test
  void prepare_maxBootsReached_refusedTheProtocolHasStopped() throws IOException {
    CampaignRunner.Prepared first = prepare(plan(1), Set.of(), false, "boot-a", BOTH);
    CampaignRunner.InstrumentException e = catchThrowableOfType(
        () -> prepare(plan(1), ids(first), false, "boot-b", BOTH), CampaignRunner.InstrumentException.class);
    assertThat(e).hasMessageContaining("holds 1 strata, its registered maximum of boots (max_boots 1)");
  }

  @Test
  void prepare_noneOfThePlansClocksOffered_refusedNamingWhatIs() {
    CampaignRunner.InstrumentException e = catchThrowableOfType(
        () -> prepare(plan(3), Set.of(), false, "boot-a", List.of("hpet", "acpi_pm")),
        CampaignRunner.InstrumentException.class);
    assertThat(e).hasMessageContaining("are not offered by this boot, which offers hpet acpi_pm");
    assertThat(dir.resolve("schedule.csv")).doesNotExist();
  }

  @Test
  void prepare_editedScheduleRow_refusedAsNotThePlansSchedule() throws IOException {
    prepare(plan(3), Set.of(), false, "boot-a", BOTH);
    Path f = dir.resolve("schedule.csv");
    List<String> lines = new java.util.ArrayList<>(Files.readAllLines(f));
    String row = lines.get(1);
    lines.set(1, row.endsWith(",tsc") ? row.replaceAll(",tsc$", ",kvm-clock") : row.replaceAll(",kvm-clock$", ",tsc"));
    Files.write(f, lines);
    DataException e = catchThrowableOfType(() -> prepare(plan(3), Set.of(), true, "boot-a", BOTH), DataException.class);
    assertThat(e).hasMessageContaining("stratum 1 (boot boot-a) does not match the schedule plan.json gives for it");
  }

  @Test
  void refuseClocksNotOffered_planAsksForOneTheBootLacks_refusedBeforeAnyRun() throws IOException {
    Path sysfs = Files.createDirectory(dir.resolve("sysfs"));
    Files.writeString(sysfs.resolve("current_clocksource"), "kvm-clock\n");
    Files.writeString(sysfs.resolve("available_clocksource"), "kvm-clock\n");
    CampaignRunner.InstrumentException e = catchThrowableOfType(
        () -> CampaignRunner.refuseClocksNotOffered(List.of("kvm-clock", "tsc"), new ClockSource(sysfs)),
        CampaignRunner.InstrumentException.class);
    assertThat(e).hasMessageContaining("asks for clock source tsc, and this boot offers kvm-clock (in use: kvm-clock)");
    CampaignRunner.refuseClocksNotOffered(List.of("kvm-clock"), new ClockSource(sysfs));
  }
}
