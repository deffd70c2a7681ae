package ftl.quantity.section;

import ftl.data.ledger.Identifiers;
import ftl.data.ledger.LedgerSchema;
import ftl.data.registration.RunExclusion;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.BlockEntries;
import ftl.quantity.core.Blocks;
import ftl.quantity.core.CampaignCatalogue;
import ftl.quantity.core.CampaignRuns;
import ftl.quantity.core.Format;
import ftl.quantity.core.Manipulations;
import ftl.quantity.core.Naming;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.ScannedRun;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The run accounting of every campaign registered in blocks ({@link BlockEntries#BLOCKED}), present in every registry
 * whatever the data root holds: its blocks and usable runs, the runs the plan's exclusion rule excluded and for which
 * cause, the host lifetimes and clock sources it ran on, the cluster's replicas and brokers, the confirmatory
 * campaign's warm-up and refused manipulations, and its measured time and negative flights. Each is "no campaign data
 * present" without the campaign; the exclusion rule is the plan's, read when computed.
 *
 * <p>A run is usable when it is ok, its manipulations were read back as applied ({@link Manipulations#usable}) and the
 * plan's exclusion rule ({@link RunExclusion}) does not exclude it; excluded runs are counted, never dropped silently.
 */
public final class BlockRunQuantities {
  private static final String CONFIRM = CampaignCatalogue.CONFIRM.folder();

  private BlockRunQuantities() {}

  /**
   * The campaign's blocks, usable runs and excluded runs, with the exclusions by steal and by other processes' CPU
   * (and, but for the confirmatory campaign, whose ledger has no such column, by other tasks' own CPU time).
   */
  public static List<Quantity> exclusions(String name) {
    List<Quantity> q = new ArrayList<>();
    boolean confirm = name.equals(CONFIRM);
    String mp = Identifiers.macroWords(name);
    String of = "of campaign " + name;
    String k = Naming.keyOf(name);
    q.add(BlockEntries.count(name, k + ".blocks", mp + "Blocks", "blocks (" + (confirm ? "broker" : "server")
        + " lifetimes, ledger column block) " + of + " with at least one usable run",
        a -> (long) Blocks.byBlock(Blocks.usable(a, name, Blocks.exclusion(a, name))).size()));
    q.add(BlockEntries.count(name, k + ".runs.usable", mp + "RunsUsable", "ok runs " + of
        + " whose manipulations were read back as applied and which the plan's exclusion rule keeps",
        a -> (long) Blocks.usable(a, name, Blocks.exclusion(a, name)).size()));
    q.add(BlockEntries.count(name, k + ".excluded", mp + "Excluded", "ok runs " + of
        + " excluded by the plan's registered exclusion rule (plan.json exclusion: a run whose ledger steal_pct, or "
        + "the other-CPU column the plan names, exceeds its threshold), counted, not analysed",
        a -> BlockEntries.excludedRuns(a, name, Blocks.exclusion(a, name)).size()));
    q.add(BlockEntries.count(name, k + ".excluded.steal", mp + "ExcludedSteal", "ok runs " + of
        + " the exclusion rule excluded for steal time (ledger steal_pct above the plan's threshold)",
        a -> excluded(a, name, Blocks.exclusion(a, name), LedgerSchema.STEAL_PCT)));
    q.add(BlockEntries.count(name, k + ".excluded.otherCpu", mp + "ExcludedOtherCpu", "ok runs " + of
        + " the exclusion rule excluded for other processes' CPU (ledger other_cpu_pct above the plan's threshold, "
        + "steal within it)",
        a -> excluded(a, name, Blocks.exclusion(a, name), LedgerSchema.OTHER_CPU_PCT)));
    if (!confirm) {
      q.add(BlockEntries.count(name, k + ".excluded.otherTasksCpu", mp + "ExcludedOtherTasksCpu", "ok runs " + of
          + " the exclusion rule excluded for other tasks' own CPU time (ledger other_tasks_cpu_pct above the plan's "
          + "threshold, steal and other_cpu_pct within theirs)",
          a -> excluded(a, name, Blocks.exclusion(a, name), LedgerSchema.OTHER_TASKS_CPU_PCT)));
    }
    return q;
  }

  /**
   * The host of a campaign whose rule reads other tasks' exact run time (the setting, cluster and queue-kind
   * campaigns): the runs excluded for that run time, and the boots and clock sources its ok runs ran on.
   */
  public static List<Quantity> host(String name) {
    String mp = Identifiers.macroWords(name);
    String of = "of campaign " + name;
    String k = Naming.keyOf(name);
    return List.of(BlockEntries.count(name, k + ".excluded.otherRun", mp + "ExcludedOtherRun", "ok runs " + of
            + " the exclusion rule excluded for other tasks' exact run time (ledger other_run_pct above the plan's "
            + "threshold, steal within its)",
            a -> excluded(a, name, Blocks.exclusion(a, name), LedgerSchema.OTHER_RUN_PCT)),
        BlockEntries.count(name, k + ".boots", mp + "Boots",
            "distinct boots (ledger boot_id) among the ok runs " + of
            + ": 1 when the campaign ran on one host lifetime", a -> distinct(a, name, LedgerSchema.BOOT_ID)),
        BlockEntries.count(name, k + ".clocksources", mp + "Clocksources",
            "distinct clock sources in use (ledger "
            + "clocksource, read at each run's end) among the ok runs " + of,
            a -> distinct(a, name, LedgerSchema.CLOCKSOURCE)),
        BlockEntries.count(name, k + ".clocksourcesOffered", mp + "ClocksourcesOffered",
            "clock sources the kernel offered "
            + "(ledger clocksources_available, the largest list among the ok runs " + of + ")",
            a -> a.campaignRuns(name).stream().mapToLong(r -> r.field(LedgerSchema.CLOCKSOURCES_AVAILABLE).isBlank()
                ? 0 : r.field(LedgerSchema.CLOCKSOURCES_AVAILABLE).strip().split("\\s+").length).max().orElse(0)));
  }

  /**
   * The replicated cluster's runs: those excluded for a changed ISR, those whose ISR changed or started full, and the
   * largest cluster.
   */
  public static List<Quantity> cluster(String name) {
    String mp = Identifiers.macroWords(name);
    String of = "of campaign " + name;
    String k = Naming.keyOf(name);
    return List.of(BlockEntries.count(name, k + ".excluded.isrChanged", mp + "ExcludedIsrChanged", "ok runs " + of
            + " the exclusion rule excluded because the topic's leader or in-sync replicas changed during the run "
            + "(ledger isr_changed = yes; steal and other_run_pct within their thresholds)",
            a -> excluded(a, name, Blocks.exclusion(a, name), LedgerSchema.ISR_CHANGED)),
        BlockEntries.count(name, k + ".isrChanged", mp + "IsrChanged", "ok runs " + of
            + " whose topic's leader or in-sync replicas changed during the run (ledger isr_changed = yes), whatever "
            + "the exclusion rule did with them",
            a -> a.campaignRuns(name).stream().filter(r -> r.field(LedgerSchema.ISR_CHANGED).equals("yes")).count()),
        BlockEntries.count(name, k + ".isrFull", mp + "IsrFull", "ok runs " + of
            + " whose every partition's ISR at the start held all its replication_factor replicas (ledger isr_start), "
            + "the runner's condition for the first send",
            a -> a.campaignRuns(name).stream().filter(BlockRunQuantities::isrFull).count()),
        BlockEntries.count(name, k + ".brokers", mp + "Brokers", "the largest cluster among the ok runs " + of
            + " (ledger brokers)", a -> a.campaignRuns(name).stream()
            .mapToLong(r -> (long) Blocks.ledgerNumber(r, LedgerSchema.BROKERS, 1))
            .filter(v -> v > 0).max().orElse(0)));
  }

  /**
   * The confirmatory campaign's own runs: kept with an unmeasured exclusion column, refused manipulations, and the
   * registered warm-up rule's discarded sends and unconverged runs.
   */
  public static List<Quantity> confirm(String name) {
    return List.of(BlockEntries.count(name, "confirm.unmeasured", "ConfirmUnmeasured",
            "ok runs of campaign confirm kept although the host measure "
            + "an exclusion threshold reads was empty", a -> unmeasured(a, name, Blocks.exclusion(a, name))),
        BlockEntries.count(name, "confirm.refused", "ConfirmRefused",
            "ok runs of campaign confirm whose manipulation the host refused "
            + "(not analysed)", a -> Manipulations.refused(a, CONFIRM)),
        BlockEntries.count(name, "confirm.warmup.discarded", "ConfirmWarmupDiscarded",
            "warm-up sends discarded by the registered "
            + "stable_flights rule over the ok runs of campaign confirm (ledger warmup_events)",
            a -> sum(a, LedgerSchema.WARMUP_EVENTS)),
        BlockEntries.count(name, "confirm.warmup.unconverged", "ConfirmWarmupUnconverged",
            "ok runs of campaign confirm whose warm-up "
            + "ended at max_events without converging (ledger warmup_converged = no)",
            a -> a.campaignRuns(CONFIRM).stream().filter(r -> r.field(LedgerSchema.WARMUP_CONVERGED).equals("no"))
            .count()));
  }

  /** The campaign's measured time, and its usable runs' negative flights (zero by construction). */
  public static List<Quantity> measured(String name) {
    String mp = Identifiers.macroWords(name);
    String of = "of campaign " + name;
    String k = Naming.keyOf(name);
    return List.of(Quantity.key(k + ".measuredHours").macro(mp + "MeasuredHours")
            .definition("measured sends " + of + " in hours: "
            + "the sum over its ok runs of the events in the run's file times its send interval (ledger "
            + "send_interval_ns), warm-up excluded").unit(Unit.HOURS).format(Format.REAL_3SF)
            .scope(BlockEntries.scope(name))
            .function(Blocks.class, "measuredHours")
            .computes(a -> BlockEntries.has(a, name) ? new Value.Real(Blocks.measuredHours(a.campaignRuns(name)))
                : CampaignRuns.noData(name)),
        BlockEntries.count(name, k + ".flightNegative", mp + "FlightNegative", "events of the usable runs " + of
            + " with a negative flight T = recv_ns - send_ns (one clock: zero by construction)",
            a -> Blocks.usable(a, name, Blocks.exclusion(a, name)).stream().mapToLong(r -> r.sign().sendNegative())
            .sum()));
  }

  /** Whether every partition's ISR at the run's start held all its replicas (ledger isr_start, replication_factor). */
  static boolean isrFull(ScannedRun r) {
    double rf = Blocks.ledgerNumber(r, LedgerSchema.REPLICATION_FACTOR, 1);
    return !Double.isNaN(rf) && LedgerSchema.isrFull(r.field(LedgerSchema.ISR_START), (int) rf);
  }

  /** Distinct non-empty values of a ledger column among a campaign's ok runs. */
  private static long distinct(Analysis a, String campaign, LedgerSchema.Column column) {
    return a.campaignRuns(campaign).stream().map(r -> r.field(column)).filter(v -> !v.isEmpty()).distinct().count();
  }

  /** Excluded runs whose cause is {@code column} (the rule tests steal first, then other processes' CPU). */
  private static long excluded(Analysis a, String campaign, Optional<RunExclusion> exclusion,
      LedgerSchema.Column column) {
    return BlockEntries.excludedRuns(a, campaign, exclusion).stream()
        .filter(r -> exclusion.flatMap(x -> x.cause(r.row())).orElseThrow() == column)
        .count();
  }

  private static long unmeasured(Analysis a, String campaign, Optional<RunExclusion> exclusion) {
    return Blocks.usable(a, campaign, exclusion).stream()
        .filter(r -> exclusion.map(x -> x.unmeasured(r.row())).orElse(false)).count();
  }

  private static long sum(Analysis a, LedgerSchema.Column column) {
    return a.campaignRuns(CONFIRM).stream().map(r -> r.field(column)).filter(s -> !s.isEmpty())
        .mapToLong(Long::parseLong).sum();
  }
}
