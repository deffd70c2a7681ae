package ftl.report;

import ftl.data.Campaign;
import ftl.data.ledger.LedgerRow;
import ftl.data.ledger.LedgerSchema;
import ftl.data.ledger.RunStatus;
import ftl.data.registration.RunExclusion;
import ftl.quantity.core.Parallel;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What {@code ftl report} computes of one campaign folder: every ok run read once ({@link RunFigures#scan}), pooled by
 * condition in the order the ledger first names each; the runs of other statuses counted, never read.
 *
 * @param name the campaign folder's name
 * @param displayDir the folder as messages name it
 * @param preRegistered whether the folder holds a plan ({@code plan.json}) registered before its runs
 *     ({@link Campaign#preRegistered()}); a folder without one is still reported
 * @param unregistered whether the ledger marks the campaign a practitioner's unregistered workspace (issue #54): a
 *     plan beside its runs, registered nowhere ({@link Campaign#unregistered()})
 * @param runsByStatus ledger rows by status (every status present, 0 when none)
 * @param exclusion the plan's registered exclusion rule, when it has one ({@link RunExclusion}): its thresholds take
 *     the place of the report's own bounds on steal and other tasks' run time ({@link TrustRule.Bounds#of})
 * @param conditions the conditions with at least one ok run, in the order the ledger first names them
 */
// Seven components: the campaign's identity, its registration (two flags) and the figures of its runs; built by of().
public record CampaignFigures(String name, String displayDir, boolean preRegistered, boolean unregistered,
                              Map<RunStatus, Long> runsByStatus, Optional<RunExclusion> exclusion,
                              List<ConditionFigures> conditions) {

  public CampaignFigures {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(displayDir, "displayDir");
    Objects.requireNonNull(exclusion, "exclusion");
    EnumMap<RunStatus, Long> counts = new EnumMap<>(RunStatus.class);
    for (RunStatus s : RunStatus.values()) {
      counts.put(s, runsByStatus.getOrDefault(s, 0L));
    }
    runsByStatus = Collections.unmodifiableMap(counts);
    conditions = List.copyOf(conditions);
  }

  /**
   * Reads a campaign: its ok runs' events files on the file pool ({@link Parallel#readEach}), results in ledger order,
   * the first bad file in ledger order the one reported.
   *
   * @throws ftl.data.io.DataException naming the file and line of the first bad events file or digest
   */
  public static CampaignFigures of(Campaign campaign) {
    return of(campaign, () -> { });
  }

  /**
   * As {@link #of(Campaign)}, calling {@code runRead} after each ok run is read (from the reading threads, so it must
   * be thread-safe): for a progress line.
   */
  public static CampaignFigures of(Campaign campaign, Runnable runRead) {
    Map<RunStatus, Long> byStatus = new EnumMap<>(RunStatus.class);
    List<LedgerRow> ok = new ArrayList<>();
    for (LedgerRow r : campaign.runs()) {
      byStatus.merge(r.status(), 1L, Long::sum);
      if (r.ok()) {
        ok.add(r);
      }
    }
    List<RunFigures> runs = Parallel.readEach(ok, r -> {
      RunFigures f = RunFigures.scan(campaign, r);
      runRead.run();
      return f;
    });
    Map<String, List<RunFigures>> byCondition = new LinkedHashMap<>();
    for (RunFigures r : runs) {
      byCondition.computeIfAbsent(r.row().condition(), k -> new ArrayList<>()).add(r);
    }
    List<ConditionFigures> conditions = new ArrayList<>();
    byCondition.forEach((c, rs) -> conditions.add(ConditionFigures.pool(c, rs)));
    Optional<RunExclusion> exclusion = campaign.plan().flatMap(RunExclusion::of);
    return new CampaignFigures(campaign.name(), campaign.displayDir(), campaign.preRegistered(),
        campaign.unregistered(),
        byStatus, exclusion, conditions);
  }

  /**
   * The ledger's setting columns the page shows, in this order: boot, kernel, clock source in use and those offered,
   * CPU model, cores, tick rate, preemption model, whether the guest reports steal, JVM.
   */
  public static final List<LedgerSchema.Column> SETTING = List.of(LedgerSchema.BOOT_ID, LedgerSchema.KERNEL,
      LedgerSchema.CLOCKSOURCE, LedgerSchema.CLOCKSOURCES_AVAILABLE, LedgerSchema.HOST_CPU, LedgerSchema.HOST_CORES,
      LedgerSchema.TICK_HZ, LedgerSchema.PREEMPTION, LedgerSchema.STEAL_REPORTED, LedgerSchema.JVM);

  /**
   * The setting the ok runs were taken in: per column of {@link #SETTING}, each value the ledger records with the
   * number of ok runs that record it, in the order first met ({@code ""} for a run whose row leaves it empty).
   */
  public Map<LedgerSchema.Column, Map<String, Long>> setting() {
    Map<LedgerSchema.Column, Map<String, Long>> out = new LinkedHashMap<>();
    for (LedgerSchema.Column c : SETTING) {
      Map<String, Long> values = new LinkedHashMap<>();
      for (ConditionFigures f : conditions) {
        for (RunFigures r : f.runs()) {
          values.merge(r.row().field(c), 1L, Long::sum);
        }
      }
      out.put(c, Collections.unmodifiableMap(values));
    }
    return Collections.unmodifiableMap(out);
  }

  /** The ok runs in ledger order (the order they were taken, as the ledger appends them). */
  public List<RunFigures> runsInLedgerOrder() {
    return conditions.stream().flatMap(c -> c.runs().stream())
        .sorted(Comparator.comparingLong(r -> r.row().line())).toList();
  }

  /** Every ledger row. */
  public long runsTotal() {
    return runsByStatus.values().stream().mapToLong(Long::longValue).sum();
  }

  /** The ok runs, which the report reads. */
  public long runsOk() {
    return runsByStatus.get(RunStatus.OK);
  }

  /** Every event of the ok runs. */
  public long eventsTaken() {
    return conditions.stream().mapToLong(c -> c.sign().eventsTaken()).sum();
  }
}
