package ftl.harness.campaign;

import ftl.data.io.DataException;
import ftl.data.io.Echo;
import ftl.harness.plan.Plan;
import ftl.harness.plan.Strata;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The schedule of a stratified plan (the host protocol, issue #53): {@code schedule.csv} grows by one stratum per boot,
 * written before the stratum's first run, with columns {@value #HEADER}. Every stratum in it is recomputed from the
 * plan ({@link Strata#schedule}) with the boot and the clock sources its rows name, and must match byte for byte.
 *
 * <p>The rules of {@code campaign run} and {@code resume} on such a plan: {@code run} appends the current boot's
 * stratum when the boot has none yet, and refuses (exit 5, naming the boot) when it has one (complete, or incomplete:
 * resume it), when the protocol already holds its {@code max_boots} strata, or when the boot offers none of the plan's
 * clock sources; {@code resume} completes the current boot's stratum only, never another boot's.
 */
final class StratumScheduleFile {
  /** The header of a stratified plan's {@code schedule.csv}. */
  static final String HEADER = "run_id,condition,repeat,order_index,block,stratum,boot_id,clocksource";

  private StratumScheduleFile() {}

  /** One row of the file. */
  record Row(String runId, String condition, int repeat, int orderIndex, int block, int stratum, String bootId,
      String clock) {
    String csv() {
      return runId + "," + condition + "," + repeat + "," + orderIndex + "," + block + "," + stratum + "," + bootId
          + "," + clock;
    }
  }

  /** The rows of one stratum's schedule. */
  static List<Row> rows(Strata.StratumSchedule s) {
    List<Row> out = new ArrayList<>();
    for (Plan.ScheduledRun r : s.runs()) {
      out.add(new Row(r.runId(), r.condition().name(), r.repeat(), r.orderIndex(), r.block(), s.stratum(), s.bootId(),
          s.clockOfBlock().get(r.block())));
    }
    return out;
  }

  /**
   * The boot an invocation runs on.
   *
   * @param id its {@code boot_id}
   * @param offered the clock sources it offers
   */
  record Boot(String id, List<String> offered) {
    Boot {
      offered = List.copyOf(offered);
    }
  }

  /**
   * Reads {@code schedule.csv} (empty when absent), checks every stratum against the plan, appends the current boot's
   * stratum when {@code run} may start one, and says what this invocation runs.
   *
   * @param thisBoot the boot this invocation runs on
   */
  static CampaignRunner.Prepared prepare(Plan plan, CampaignFolder folder, Set<String> done, boolean resuming,
                                         Boot thisBoot, PrintStream err) throws IOException {
    String bootId = thisBoot.id();
    List<String> offered = thisBoot.offered();
    Strata strata = plan.strata();
    List<Row> rows = read(folder);
    Map<Integer, List<Row>> byStratum = new LinkedHashMap<>();
    for (Row r : rows) {
      byStratum.computeIfAbsent(r.stratum(), k -> new ArrayList<>()).add(r);
    }
    List<Plan.ScheduledRun> schedule = new ArrayList<>();
    Map<Integer, String> clockOfBlock = new LinkedHashMap<>();
    int expected = 1;
    int currentStratum = 0;
    for (Map.Entry<Integer, List<Row>> e : byStratum.entrySet()) {
      int s = e.getKey();
      List<Row> its = e.getValue();
      if (s != expected) {
        throw new DataException(folder.scheduleFile(), 0, "strata must be numbered 1, 2, ... in file order (found " + s
            + " where " + expected + " was due)");
      }
      String boot = its.get(0).bootId();
      List<String> clocks = strata.offeredOf(its.stream().map(Row::clock).distinct().toList());
      Strata.StratumSchedule recomputed = Strata.schedule(plan, s, boot, clocks, schedule.size());
      if (!rows(recomputed).equals(its)) {
        throw new DataException(folder.scheduleFile(), 0, "stratum " + s + " (boot " + Echo.of(boot)
            + ") does not match the schedule plan.json gives for it (seed, conditions, blocks or clock sources "
            + "changed)");
      }
      if (boot.equals(bootId)) {
        currentStratum = s;
      } else if (byStratum.values().stream().skip(s).anyMatch(l -> l.get(0).bootId().equals(boot))) {
        throw new DataException(folder.scheduleFile(), 0, "boot " + Echo.of(boot) + " has more than one stratum");
      }
      schedule.addAll(recomputed.runs());
      clockOfBlock.putAll(recomputed.clockOfBlock());
      expected++;
    }
    if (currentStratum > 0) {
      int s = currentStratum;
      List<Plan.ScheduledRun> its = schedule.stream().filter(r -> stratumOf(r) == s).toList();
      List<Plan.ScheduledRun> missing = its.stream().filter(r -> !done.contains(r.runId())).toList();
      if (!resuming) {
        throw new CampaignRunner.InstrumentException("refusing to run: this boot (" + bootId + ") already has stratum "
            + s
            + " of " + plan.campaign() + (missing.isEmpty() ? " (complete: one stratum per boot)"
            : " (" + missing.size() + " of its " + its.size() + " runs missing: 'ftl campaign resume " + folder.dir()
            + "' completes it)"), null);
      }
      CampaignRunner.missingRuns(schedule, done, folder.ledgerFile());
      return new CampaignRunner.Prepared(schedule, missing, clockOfBlock, s);
    }
    if (resuming) {
      throw new CampaignRunner.InstrumentException("refusing to resume: this boot (" + bootId + ") has no stratum in "
          + folder.scheduleFile() + " ('ftl campaign run " + folder.planFile()
          + "' starts one; a resume never runs another boot's stratum)", null);
    }
    int strataSoFar = byStratum.size();
    if (strataSoFar >= strata.maxBoots()) {
      throw new CampaignRunner.InstrumentException("refusing to run: " + plan.campaign() + " holds " + strataSoFar
          + " strata, its registered maximum of boots (max_boots " + strata.maxBoots()
          + "); the protocol has stopped collecting", null);
    }
    List<String> clocks = strata.offeredOf(offered);
    if (clocks.isEmpty()) {
      throw new CampaignRunner.InstrumentException("refusing to run: the plan's clock sources ("
          + String.join(" ", strata.clocksources())
          + ") are not offered by this boot, which offers "
          + (offered.isEmpty() ? "none that can be read" : String.join(" ", offered)), null);
    }
    if (bootId.equals("unknown")) {
      throw new CampaignRunner.InstrumentException(
          "refusing to run: the boot cannot be read (/proc/sys/kernel/random/boot_id), "
          + "and a stratum is one boot's", null);
    }
    Strata.StratumSchedule next = Strata.schedule(plan, strataSoFar + 1, bootId, clocks, schedule.size());
    StringBuilder csv = new StringBuilder(HEADER).append('\n');
    for (Row r : rows) {
      csv.append(r.csv()).append('\n');
    }
    for (Row r : rows(next)) {
      csv.append(r.csv()).append('\n');
    }
    CampaignRunner.missingRuns(schedule, done, folder.ledgerFile());
    AtomicFiles.write(folder.scheduleFile(), csv.toString().getBytes(StandardCharsets.UTF_8));
    err.println("ftl: " + plan.campaign() + ": stratum " + next.stratum() + " for boot " + bootId + ", " + plan.blocks()
        + " blocks under " + String.join(" and ", clocks) + " (offered: " + String.join(" ", offered) + ")");
    schedule.addAll(next.runs());
    clockOfBlock.putAll(next.clockOfBlock());
    return new CampaignRunner.Prepared(schedule, next.runs(), clockOfBlock, next.stratum());
  }

  /** The stratum of a stratified run id ({@code s<ss>-r<nnnn>}). */
  static int stratumOf(Plan.ScheduledRun r) {
    return Integer.parseInt(r.runId().substring(1, r.runId().indexOf('-')));
  }

  private static List<Row> read(CampaignFolder folder) throws IOException {
    if (!Files.exists(folder.scheduleFile())) {
      return List.of();
    }
    List<String> lines = Files.readAllLines(folder.scheduleFile(), StandardCharsets.UTF_8);
    if (lines.isEmpty() || !lines.get(0).equals(HEADER)) {
      throw new DataException(folder.scheduleFile(), 1, "a stratified plan's schedule has the header " + HEADER);
    }
    List<Row> out = new ArrayList<>();
    for (int i = 1; i < lines.size(); i++) {
      String[] t = lines.get(i).split(",", -1);
      try {
        if (t.length != 8) {
          throw new NumberFormatException("8 cells expected, found " + t.length);
        }
        out.add(new Row(t[0], t[1], Integer.parseInt(t[2]), Integer.parseInt(t[3]), Integer.parseInt(t[4]),
            Integer.parseInt(t[5]), t[6], t[7]));
      } catch (NumberFormatException e) {
        throw new DataException(folder.scheduleFile(), i + 1L, "not a schedule row (" + e.getMessage() + ")");
      }
    }
    return out;
  }
}
