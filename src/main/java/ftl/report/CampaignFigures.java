package ftl.report;

import ftl.data.Campaign;
import ftl.data.ledger.LedgerRow;
import ftl.data.ledger.RunStatus;
import ftl.data.registration.RunExclusion;
import ftl.quantity.core.Parallel;
import java.util.ArrayList;
import java.util.Collections;
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
    Map<RunStatus, Long> byStatus = new EnumMap<>(RunStatus.class);
    List<LedgerRow> ok = new ArrayList<>();
    for (LedgerRow r : campaign.runs()) {
      byStatus.merge(r.status(), 1L, Long::sum);
      if (r.ok()) {
        ok.add(r);
      }
    }
    List<RunFigures> runs = Parallel.readEach(ok, r -> RunFigures.scan(campaign, r));
    Map<String, List<RunFigures>> byCondition = new LinkedHashMap<>();
    for (RunFigures r : runs) {
      byCondition.computeIfAbsent(r.row().condition(), k -> new ArrayList<>()).add(r);
    }
    List<ConditionFigures> conditions = new ArrayList<>();
    byCondition.forEach((c, rs) -> conditions.add(ConditionFigures.pool(c, rs)));
    Optional<RunExclusion> exclusion = campaign.plan().flatMap(RunExclusion::of);
    return new CampaignFigures(campaign.name(), campaign.displayDir(), campaign.preRegistered(), campaign.unregistered(),
        byStatus, exclusion, conditions);
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
