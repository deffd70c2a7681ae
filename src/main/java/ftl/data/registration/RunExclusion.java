package ftl.data.registration;

import ftl.data.io.DataException;
import ftl.data.io.JsonValue;
import ftl.data.ledger.LedgerRow;
import ftl.data.ledger.LedgerSchema;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A plan's registered exclusion rule ({@code plan.json} member {@code exclusion}), written before any run: an ok run
 * is excluded from the analysis, and counted, when the host was contended during it beyond the plan's thresholds.
 * <pre>
 *   "exclusion": {"steal_pct_above": 5, "other_cpu_pct_above": 10}
 *   "exclusion": {"steal_pct_above": 5, "other_tasks_cpu_pct_above": 10}
 *   "exclusion": {"steal_pct_above": 5, "other_run_pct_above": 10}
 *   "exclusion": {"steal_pct_above": 5, "other_run_pct_above": 10, "isr_changed": true}
 * </pre>
 * (the fifth member, {@code isr_changed}, since the replicated cluster of issue #46: {@code true} excludes, and counts,
 * every run whose topic's leader or in-sync replicas changed during it, ledger column {@code isr_changed} = yes)
 * (the fourth member, on {@code other_run_pct}, the exact per-task run time from schedstat, since issue #44: a rule
 * on a tick-sampled figure can exclude a whole condition for its send phase, as it did the confirm campaign's off700)
 * (the third member, on {@code other_tasks_cpu_pct}, since the other-system campaigns: see that column)
 * Both members optional, each a percentage in [0, 100]: a run is excluded when its ledger {@code steal_pct} exceeds
 * {@code steal_pct_above}, or its {@code other_cpu_pct} exceeds {@code other_cpu_pct_above} (strictly above; both
 * columns are percentages of all cores' time, {@link LedgerSchema#STEAL_PCT}, {@link LedgerSchema#OTHER_CPU_PCT}). A
 * run whose cell is empty (the host could not be read) is not excluded by that threshold; the analysis counts such
 * runs as unmeasured. The instrument reads the rule when it reads the plan, so a malformed rule stops the campaign
 * before its first run (exit 3, the plan's file and line).
 *
 * @param stealPctAbove steal-time threshold, percent; NaN when the plan sets none
 * @param otherCpuPctAbove other-process CPU threshold, percent; NaN when the plan sets none
 * @param otherTasksCpuPctAbove threshold on {@code other_tasks_cpu_pct} (member {@code other_tasks_cpu_pct_above}: the
 *     other tasks' own run time, which does not alias with a schedule phase-locked to the kernel tick as
 *     {@code other_cpu_pct} does), percent; NaN when the plan sets none
 * @param otherRunPctAbove threshold on {@code other_run_pct} (member {@code other_run_pct_above}: the other tasks'
 *     exact run time), percent; NaN when the plan sets none
 * @param isrChanged true when a run whose ISR changed ({@code isr_changed} = yes) is excluded (member {@code
 *     isr_changed})
 * @param warmupUnconverged true when a run whose warm-up reached its cap without converging ({@code warmup_converged} =
 *     no) is excluded and counted (member {@code warmup_unconverged}, issue #55: never kept in silence)
 * @param wireMissedPctAbove threshold on the share of a captured run's complete events whose wire stamps the capture
 *     lacks ({@code wire_missed} over {@code events_complete}, member {@code wire_missed_pct_above}), percent; NaN when
 *     the plan sets none
 */
public record RunExclusion(double stealPctAbove, double otherCpuPctAbove, double otherTasksCpuPctAbove,
                           double otherRunPctAbove, boolean isrChanged, boolean warmupUnconverged,
                           double wireMissedPctAbove) {
  /** A rule without the members of issue #55 (every plan before it). */
  public RunExclusion(double stealPctAbove, double otherCpuPctAbove, double otherTasksCpuPctAbove,
      double otherRunPctAbove,
                      boolean isrChanged) {
    this(stealPctAbove, otherCpuPctAbove, otherTasksCpuPctAbove, otherRunPctAbove, isrChanged, false, Double.NaN);
  }

  /** A rule without the ISR member (every plan before issue #46). */
  public RunExclusion(double stealPctAbove, double otherCpuPctAbove, double otherTasksCpuPctAbove,
      double otherRunPctAbove) {
    this(stealPctAbove, otherCpuPctAbove, otherTasksCpuPctAbove, otherRunPctAbove, false);
  }

  /** A rule without the per-task thresholds (every plan before them). */
  public RunExclusion(double stealPctAbove, double otherCpuPctAbove) {
    this(stealPctAbove, otherCpuPctAbove, Double.NaN, Double.NaN);
  }

  /** A rule without the exact run-time threshold (every plan before issue #44). */
  public RunExclusion(double stealPctAbove, double otherCpuPctAbove, double otherTasksCpuPctAbove) {
    this(stealPctAbove, otherCpuPctAbove, otherTasksCpuPctAbove, Double.NaN);
  }

  /** The plan member's name. */
  public static final String MEMBER = "exclusion";

  /**
   * The rule of a plan; empty when the plan has no {@code exclusion} member.
   *
   * @throws DataException naming the plan's file and line when the member is not an object of the two thresholds
   */
  public static Optional<RunExclusion> of(JsonValue plan) {
    JsonValue e = plan.path(MEMBER);
    if (e.isAbsent()) {
      return Optional.empty();
    }
    if (!e.isObject()) {
      throw e.error("must be an object with steal_pct_above, other_cpu_pct_above, other_tasks_cpu_pct_above, "
          + "other_run_pct_above, isr_changed, warmup_unconverged and/or wire_missed_pct_above");
    }
    for (String k : e.members().keySet()) {
      if (!k.equals("steal_pct_above") && !k.equals("other_cpu_pct_above") && !k.equals("other_tasks_cpu_pct_above")
          && !k.equals("other_run_pct_above") && !k.equals("isr_changed") && !k.equals("warmup_unconverged")
          && !k.equals("wire_missed_pct_above")) {
        throw e.path(k).error("unknown member (known: isr_changed, other_cpu_pct_above, other_run_pct_above, "
            + "other_tasks_cpu_pct_above, steal_pct_above, warmup_unconverged, wire_missed_pct_above)");
      }
    }
    OptionalDouble steal = e.path("steal_pct_above").optionalDoubleIn(0, 100);
    OptionalDouble other = e.path("other_cpu_pct_above").optionalDoubleIn(0, 100);
    OptionalDouble tasks = e.path("other_tasks_cpu_pct_above").optionalDoubleIn(0, 100);
    OptionalDouble run = e.path("other_run_pct_above").optionalDoubleIn(0, 100);
    boolean isr = !e.path("isr_changed").isAbsent() && e.path("isr_changed").bool();
    boolean unconverged = !e.path("warmup_unconverged").isAbsent() && e.path("warmup_unconverged").bool();
    OptionalDouble missed = e.path("wire_missed_pct_above").optionalDoubleIn(0, 100);
    return Optional.of(new RunExclusion(steal.orElse(Double.NaN), other.orElse(Double.NaN), tasks.orElse(Double.NaN),
        run.orElse(Double.NaN), isr, unconverged, missed.orElse(Double.NaN)));
  }

  /**
   * The ledger column whose threshold excludes {@code row} (steal time is tested first), or empty when none does (an
   * empty or unreadable cell never excludes).
   */
  public Optional<LedgerSchema.Column> cause(LedgerRow row) {
    if (percent(row.field(LedgerSchema.STEAL_PCT)) > stealPctAbove) {
      return Optional.of(LedgerSchema.STEAL_PCT);
    }
    if (percent(row.field(LedgerSchema.OTHER_CPU_PCT)) > otherCpuPctAbove) {
      return Optional.of(LedgerSchema.OTHER_CPU_PCT);
    }
    if (percent(row.field(LedgerSchema.OTHER_TASKS_CPU_PCT)) > otherTasksCpuPctAbove) {
      return Optional.of(LedgerSchema.OTHER_TASKS_CPU_PCT);
    }
    if (percent(row.field(LedgerSchema.OTHER_RUN_PCT)) > otherRunPctAbove) {
      return Optional.of(LedgerSchema.OTHER_RUN_PCT);
    }
    if (isrChanged && row.field(LedgerSchema.ISR_CHANGED).equals("yes")) {
      return Optional.of(LedgerSchema.ISR_CHANGED);
    }
    if (warmupUnconverged && row.field(LedgerSchema.WARMUP_CONVERGED).equals("no")) {
      return Optional.of(LedgerSchema.WARMUP_CONVERGED);
    }
    if (wireMissedPct(row) > wireMissedPctAbove) {
      return Optional.of(LedgerSchema.WIRE_MISSED);
    }
    return Optional.empty();
  }

  /** True when a threshold applies to {@code row} but its cell is empty: the host was not measured. */
  public boolean unmeasured(LedgerRow row) {
    // a boot that reports no steal (steal_reported no, issue #53) has no steal to measure: n/a, not unmeasured
    return (!Double.isNaN(stealPctAbove) && row.field(LedgerSchema.STEAL_PCT).isEmpty()
        && !row.field(LedgerSchema.STEAL_REPORTED).equals("no"))
        || (!Double.isNaN(otherCpuPctAbove) && row.field(LedgerSchema.OTHER_CPU_PCT).isEmpty())
        || (!Double.isNaN(otherTasksCpuPctAbove) && row.field(LedgerSchema.OTHER_TASKS_CPU_PCT).isEmpty())
        || (!Double.isNaN(otherRunPctAbove) && row.field(LedgerSchema.OTHER_RUN_PCT).isEmpty())
        || (isrChanged && row.field(LedgerSchema.ISR_CHANGED).isEmpty());
  }

  /** {@code wire_missed} as a percentage of {@code events_complete}; NaN when either is empty or none is complete. */
  static double wireMissedPct(LedgerRow row) {
    String missed = row.field(LedgerSchema.WIRE_MISSED);
    String complete = row.field(LedgerSchema.EVENTS_COMPLETE);
    if (missed.isEmpty() || complete.isEmpty() || Double.parseDouble(complete) <= 0) {
      return Double.NaN;
    }
    return 100.0 * Double.parseDouble(missed) / Double.parseDouble(complete);
  }

  /** The cell as a number; NaN when empty (a comparison with NaN is false, so it never excludes). */
  private static double percent(String cell) {
    return cell.isEmpty() ? Double.NaN : Double.parseDouble(cell); // the ledger reader checked the number's syntax
  }
}
