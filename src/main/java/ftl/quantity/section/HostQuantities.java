package ftl.quantity.section;

import ftl.data.ledger.Identifiers;
import ftl.data.ledger.LedgerSchema;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.Blocks;
import ftl.quantity.core.CampaignCatalogue;
import ftl.quantity.core.CampaignEntries;
import ftl.quantity.core.Provenance;
import ftl.quantity.core.Format;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.Quantity.Scope;
import ftl.quantity.core.ScannedRun;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;
import ftl.stats.BlockStats;
import ftl.stats.HostStrata;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The host protocol ({@code data/hosts/plan.json}, issue #53): one stratum of eight blocks per boot, clock source
 * within boot where a boot offers two. Every entry here is one the plan's criteria or the paper's setting section
 * names: each boot's rates and its family of within-boot contrasts (exact sign-flip tests, Holm within the boot), the
 * clock-source contrast, and the between-boot random-effects summaries over the first {@code judged_at_boots} boots in
 * ledger order.
 *
 * <p>A run enters when it is ok, its manipulations were read back as applied, the plan's exclusion rule keeps it, its
 * stable_flights warm-up converged (the plan's rule: an unconverged one is excluded and counted), and it is not a
 * block's lead run (the plan's {@code block_lead}: counted, its rate reported beside base's as the fresh-broker
 * transient).
 * The boots' entries exist for strata 1 to 3 whatever the data root holds (unavailable without them), so the criteria
 * registered for them resolve.
 */
public final class HostQuantities {
  /** The campaign's folder. */
  static final String HOSTS = CampaignCatalogue.HOSTS.folder();
  /**
   * The boots the plan's predictions are judged at (its {@code strata.judged_at_boots}), and the strata with entries.
   */
  static final int JUDGED_BOOTS = 3;
  /** The lead condition (the plan's {@code block_lead}). */
  static final String LEAD = "lead";
  /** The conditions whose rates are summarised per boot. */
  static final List<String> CONDITIONS = List.of("base", "fifo", "fifojvm", "split");
  /** Each boot's family of within-boot contrasts, Holm-adjusted together. */
  static final List<HostStrata.Contrast> FAMILY = List.of(
      new HostStrata.Contrast("collapseJvm", "base", "fifojvm"),
      new HostStrata.Contrast("collapseThreads", "base", "fifo"),
      new HostStrata.Contrast("geometry", "base", "split"));
  /** The clock-source contrast: the base rate under tsc over that under kvm-clock. */
  static final HostStrata.ClockPair CLOCKS = new HostStrata.ClockPair("tsc", "kvm-clock", "base");

  private HostQuantities() {}

  /** The builders of this section's counts and real numbers. */
  private static final CampaignEntries ENTRIES = new CampaignEntries(HOSTS, HostQuantities.class,
      Provenance.name(HostStrata.class, "boot"), "not computable from the boots of the host protocol in hand");

  /** Every entry of the campaign, present whatever the data root holds. */
  public static List<Quantity> all() {
    List<Quantity> q = new ArrayList<>();
    q.add(ENTRIES.count("hosts.boots", "HostsBoots",
        "boots (strata: distinct ledger boot_id) with at least one usable run of the host "
        + "protocol", a -> (long) strata(a).size()));
    q.add(planCount("hosts.judgedAt", "HostsJudgedAt",
        "boots, first in ledger order, at which the host protocol's predictions "
        + "are judged (its plan's strata.judged_at_boots; below it a verdict is not yet testable)", "judged_at_boots"));
    q.add(planCount("hosts.maxBoots", "HostsMaxBoots",
        "boots after which the host protocol stops collecting (its plan's "
        + "strata.max_boots; boots after the judged ones are exploratory)", "max_boots"));
    q.add(ENTRIES.count("hosts.runs.usable", "HostsRunsUsable",
        "runs of the host protocol that enter its analysis: ok, manipulations "
        + "applied, kept by the plan's exclusion rule, warm-up converged, in a stratum and block, not a block's lead "
        + "run",
        a -> strata(a).values().stream().flatMap(b -> b.values().stream()).flatMap(List::stream)
            .filter(r -> !r.row().condition().equals(LEAD)).count()));
    q.add(ENTRIES.count("hosts.runs.unstratified", "HostsRunsUnstratified",
        "usable runs of the host protocol whose ledger row "
        + "names no stratum or no block (not written so by the runner): left out of every boot, counted",
        a -> (long) unstratified(a).size()));
    q.add(ENTRIES.count("hosts.excluded", "HostsExcluded",
        "ok runs of the host protocol excluded by the plan's exclusion rule (steal above "
        + "5 % where the boot reports steal, other tasks' exact run time above 10 %), counted, not analysed",
        a -> ENTRIES.runs(a).stream().filter(r -> !r.row().condition().equals(LEAD) && ENTRIES.excluded(a, r))
        .count()));
    q.add(ENTRIES.count("hosts.excluded.warmup", "HostsExcludedWarmup",
        "ok runs of the host protocol whose stable_flights warm-up "
        + "reached max_events without converging (ledger warmup_converged = no), excluded by the plan's rule and "
        + "counted",
        a -> ENTRIES.runs(a).stream().filter(r -> r.field(LedgerSchema.WARMUP_CONVERGED).equals("no")).count()));
    q.add(ENTRIES.count("hosts.lead.runs", "HostsLeadRuns",
        "lead runs of the host protocol (the plan's block_lead, one per block), "
        + "recorded and never analysed", a -> ENTRIES.runs(a).stream().filter(r -> r.row().condition().equals(LEAD))
        .count()));
    q.add(ENTRIES.count("hosts.stealNotReported", "HostsStealNotReported",
        "ok runs of the host protocol on a boot that reports no "
        + "steal time (ledger steal_reported = no: the steal counter never moved since boot, so steal is n/a, not 0)",
        a -> ENTRIES.runs(a).stream().filter(r -> r.field(LedgerSchema.STEAL_REPORTED).equals("no")).count()));
    q.add(ENTRIES.count("hosts.flightNegative", "HostsFlightNegative",
        "events of the usable runs of the host protocol with a negative "
        + "flight T = recv_ns - send_ns (one clock: zero by construction)",
        a -> usable(a).stream().mapToLong(r -> r.sign().sendNegative()).sum()));
    for (int s = 1; s <= JUDGED_BOOTS; s++) {
      q.addAll(boot(s));
    }
    q.addAll(between());
    return q;
  }

  private static List<Quantity> boot(int s) {
    List<Quantity> q = new ArrayList<>();
    String k = "hosts.s" + s;
    String m = "HostsS" + Identifiers.macroWords(String.valueOf(s));
    String of = "of boot " + s + " (stratum " + s + ", in ledger order) of the host protocol";
    q.add(text(k + ".boot", m + "Boot", "the boot id (ledger boot_id) " + of, s, LedgerSchema.BOOT_ID));
    q.add(text(k + ".kernel", m + "Kernel", "the kernel release (ledger kernel) " + of, s, LedgerSchema.KERNEL));
    q.add(text(k + ".clocksources", m + "Clocksources",
        "the clock sources the kernel offered (ledger clocksources_available) "
        + of, s, LedgerSchema.CLOCKSOURCES_AVAILABLE));
    q.add(text(k + ".stealReported", m + "StealReported",
        "whether the boot reports steal time (ledger steal_reported) " + of,
        s, LedgerSchema.STEAL_REPORTED));
    q.add(ENTRIES.count(k + ".blocks", m + "Blocks", "blocks " + of + " with at least one usable run",
        a -> (long) blocksOf(a, s).size()));
    for (String c : CONDITIONS) {
      String what =
          "negative-span rate (ack_negative / events_complete; a block with none counts 0.5 negatives) of condition "
          + c + ": geometric mean over the blocks " + of;
      logSummary(q, k + ".rate." + c, m + "Rate" + Identifiers.macroWords(c), what, Unit.FRACTION,
          a -> result(a, s).map(r -> r.rates().get(c)));
    }
    for (HostStrata.Contrast c : FAMILY) {
      String what = "per-block rate ratio " + c.numerator() + " over " + c.denominator()
          + " (0.5 added to both counts of a block where either is zero): geometric mean over the blocks " + of;
      String key = k + "." + c.id();
      String macro = m + Identifiers.macroWords(c.id());
      logSummary(q, key, macro, what, Unit.RATIO, a -> result(a, s).map(r -> r.contrasts().get(c.id()).summary()));
      q.add(ENTRIES.real(key + ".p", macro + "P",
          "exact one-sided sign-flip p (all 2^n sign assignments of the per-block log ratios; "
          + "statistic their mean) of " + key + " above 1", Unit.DIMENSIONLESS,
          a -> result(a, s).map(r -> r.contrasts().get(c.id()).p())));
      q.add(ENTRIES.real(key + ".pHolm", macro + "PHolm", "the p of " + key
          + ".p Holm-adjusted within the boot's family ("
          + String.join(", ", FAMILY.stream().map(HostStrata.Contrast::id).toList()) + ")", Unit.DIMENSIONLESS,
          a -> result(a, s).map(r -> r.contrasts().get(c.id()).pHolm())));
      q.add(ENTRIES.count(key + ".blocks", macro + "Blocks", "blocks " + of + " in which both " + c.numerator()
          + " and "
          + c.denominator() + " have a usable run, the blocks " + key + " rests on",
          a -> result(a, s).map(r -> (long) r.contrasts().get(c.id()).summary().blocks()).orElse(0L)));
      q.add(ENTRIES.count(key + ".corrected", macro + "Corrected", "blocks of " + key
          + " that took the zero-count correction",
          a -> result(a, s).map(r -> (long) r.contrasts().get(c.id()).summary().corrected()).orElse(0L)));
    }
    String ck = k + ".clockContrast";
    String cm = m + "ClockContrast";
    String cwhat = "base negative-span rate under tsc over that under kvm-clock " + of
        + ": ratio of the geometric means over the blocks under each";
    q.add(ENTRIES.real(ck, cm, cwhat, Unit.RATIO, a -> clock(a, s).map(HostStrata.ClockContrast::ratio)));
    q.add(ENTRIES.real(ck + ".lower", cm + "Lower",
        "lower end of the 95 % Student t interval (n_tsc + n_kvm - 2 degrees of freedom) "
        + "of the log of " + ck + ", mapped back by exp", Unit.RATIO,
        a -> clock(a, s).map(HostStrata.ClockContrast::lower)));
    q.add(ENTRIES.real(ck + ".upper", cm + "Upper", "upper end of the same interval of " + ck, Unit.RATIO,
        a -> clock(a, s).map(HostStrata.ClockContrast::upper)));
    q.add(ENTRIES.real(ck + ".p", cm + "P",
        "exact two-sided two-sample permutation p (every split of the boot's blocks into the two "
        + "clock sources' sizes; statistic the difference of mean log rates) of " + ck, Unit.DIMENSIONLESS,
        a -> clock(a, s).map(c -> c.p().twoSided())));
    logSummary(q, k + ".leadOverBase", m + "LeadOverBase",
        "exploratory: the fresh-broker transient, per-block rate ratio of "
        + "the lead run over base (0.5 added to both counts where either is zero): geometric mean over the blocks "
        + of,
        Unit.RATIO, a -> lead(a, s));
    return q;
  }

  private static List<Quantity> between() {
    List<Quantity> q = new ArrayList<>();
    String over = " over the first " + JUDGED_BOOTS
        + " boots of the host protocol in ledger order (all of them while fewer are in)";
    q.add(ENTRIES.count("hosts.clockBoots.judged", "HostsClockBootsJudged", "boots among the first " + JUDGED_BOOTS
        + " of the host protocol with a clock-source contrast (both tsc and kvm-clock, at least two blocks under "
        + "each); 0 while fewer than "
        + JUDGED_BOOTS + " boots are in, so that a prediction on it is judged at exactly " + JUDGED_BOOTS + " boots",
        // judged holds at most JUDGED_BOOTS boots: the quotient is 1 when all are in, 0 before
        a -> judged(a).size() / JUDGED_BOOTS * judged(a).stream().filter(r -> r.clock() != null).count()));
    q.add(ENTRIES.real("hosts.collapseJvm.i2", "HostsCollapseJvmITwo",
        "I-squared of the DerSimonian-Laird random-effects model of "
        + "the boots' mean log whole-JVM collapse (base over fifojvm; each boot's variance s^2/n of its blocks)" + over,
        Unit.FRACTION, Format.PERCENT_2DP, a -> collapse(a).map(b -> b.dl().heterogeneity().i2())));
    q.add(ENTRIES.real("hosts.collapseJvm.tau2", "HostsCollapseJvmTauTwo",
        "DerSimonian-Laird tau-squared (between-boot variance of "
        + "the log whole-JVM collapse)" + over, Unit.DIMENSIONLESS, a -> collapse(a).map(b -> b.dl().tau2())));
    q.add(ENTRIES.real("hosts.collapseJvm.tau2Reml", "HostsCollapseJvmTauTwoReml", "REML tau-squared of the same model"
        + over,
        Unit.DIMENSIONLESS, a -> collapse(a).map(b -> b.reml().tau2())));
    q.add(ENTRIES.real("hosts.collapseJvm.pooled", "HostsCollapseJvmPooled",
        "the pooled whole-JVM collapse, exp of the "
        + "DerSimonian-Laird estimate" + over, Unit.RATIO, a -> collapse(a).map(b -> Math.exp(b.dl().mu()))));
    q.add(ENTRIES.real("hosts.collapseJvm.pooled.lower", "HostsCollapseJvmPooledLower",
        "lower end of its 95 % normal interval, "
        + "mapped back by exp", Unit.RATIO, a -> collapse(a).map(b -> Math.exp(b.dl().confidence().lower()))));
    q.add(ENTRIES.real("hosts.collapseJvm.pooled.upper", "HostsCollapseJvmPooledUpper",
        "upper end of its 95 % normal interval, "
        + "mapped back by exp", Unit.RATIO, a -> collapse(a).map(b -> Math.exp(b.dl().confidence().upper()))));
    q.add(ENTRIES.real("hosts.collapseJvm.pi.lower", "HostsCollapseJvmPiLower",
        "lower end of the 95 % prediction interval for a new "
        + "host, mu - z sqrt(SE^2 + tau^2), mapped back by exp", Unit.RATIO,
        a -> collapse(a).map(b -> Math.exp(b.dl().prediction().lower()))));
    q.add(ENTRIES.real("hosts.collapseJvm.pi.upper", "HostsCollapseJvmPiUpper",
        "upper end of the same prediction interval",
        Unit.RATIO, a -> collapse(a).map(b -> Math.exp(b.dl().prediction().upper()))));
    for (String c : List.of("base", "fifojvm")) {
      q.add(ENTRIES.real("hosts." + c + ".spread", "Hosts" + Identifiers.macroWords(c) + "Spread",
          "the largest boot's geometric-mean "
          + "negative-span rate of condition " + c + " over the smallest's" + over, Unit.RATIO,
          a -> Optional.of(HostStrata.spread(judged(a).stream().map(r -> r.rates().get(c)).toList()))));
    }
    q.add(ENTRIES.real("hosts.spreadContrast", "HostsSpreadContrast",
        "hosts.base.spread over hosts.fifojvm.spread: how much more the "
        + "host moves the default-priority rate than the real-time floor" + over, Unit.RATIO,
        a -> Optional.of(HostStrata.spread(judged(a).stream().map(r -> r.rates().get("base")).toList())
            / HostStrata.spread(judged(a).stream().map(r -> r.rates().get("fifojvm")).toList()))));
    Function<Analysis, Optional<double[]>> pooled = a -> Optional.ofNullable(HostStrata.pooledClock(
        judged(a).stream().map(HostStrata.BootResult::clock).filter(java.util.Objects::nonNull).toList(),
        Blocks.LEVEL));
    q.add(ENTRIES.real("hosts.clockContrast", "HostsClockContrast",
        "base negative-span rate under tsc over that under kvm-clock, "
        + "pooled over the boots that offered both (one boot: its own ratio; more: DerSimonian-Laird)" + over,
        Unit.RATIO,
        a -> pooled.apply(a).map(v -> v[0])));
    q.add(ENTRIES.real("hosts.clockContrast.lower", "HostsClockContrastLower",
        "lower end of the 95 % interval of hosts.clockContrast "
        + "(one boot: Student t on n_tsc + n_kvm - 2 degrees of freedom; more: DerSimonian-Laird normal)", Unit.RATIO,
        a -> pooled.apply(a).map(v -> v[1])));
    q.add(ENTRIES.real("hosts.clockContrast.upper", "HostsClockContrastUpper", "upper end of the same interval",
        Unit.RATIO,
        a -> pooled.apply(a).map(v -> v[2])));
    return q;
  }

  // --- the data ---

  /** The runs the analysis uses: {@link Blocks#usable}, warm-up converged, not a lead run. */
  static List<ScannedRun> usable(Analysis a) {
    return a.memo(HOSTS + ":usable", () -> Blocks.usable(a, HOSTS, ENTRIES.exclusion(a)).stream()
        .filter(r -> !r.field(LedgerSchema.WARMUP_CONVERGED).equals("no")).toList());
  }

  /** Usable runs whose row names no stratum or no block: in no boot, counted ({@code hosts.runs.unstratified}). */
  static List<ScannedRun> unstratified(Analysis a) {
    return usable(a).stream().filter(r -> r.field(LedgerSchema.STRATUM).isEmpty()
        || r.field(LedgerSchema.BLOCK).isEmpty())
        .toList();
  }

  /** Usable runs by stratum, then block; lead runs included (each consumer takes the conditions it needs). */
  static TreeMap<Integer, TreeMap<Integer, List<ScannedRun>>> strata(Analysis a) {
    return a.memo(HOSTS + ":strata", () -> {
      TreeMap<Integer, TreeMap<Integer, List<ScannedRun>>> out = new TreeMap<>();
      for (ScannedRun r : usable(a)) {
        String s = r.field(LedgerSchema.STRATUM);
        String b = r.field(LedgerSchema.BLOCK);
        if (s.isEmpty() || b.isEmpty()) {
          continue;
        }
        out.computeIfAbsent(Integer.parseInt(s), x -> new TreeMap<>()).computeIfAbsent(Integer.parseInt(b),
            x -> new ArrayList<>()).add(r);
      }
      return out;
    });
  }

  private static TreeMap<Integer, List<ScannedRun>> blocksOf(Analysis a, int s) {
    return strata(a).getOrDefault(s, new TreeMap<>());
  }

  /** A boot's blocks as the statistics receive them: the usable non-lead runs' counts, by condition. */
  static List<HostStrata.Block> blocks(Analysis a, int s, boolean withLead) {
    List<HostStrata.Block> out = new ArrayList<>();
    for (Map.Entry<Integer, List<ScannedRun>> e : blocksOf(a, s).entrySet()) {
      Map<String, HostStrata.Count> counts = new LinkedHashMap<>();
      String clock = "";
      for (ScannedRun r : e.getValue()) {
        String c = r.row().condition();
        clock = r.field(LedgerSchema.CLOCKSOURCE_PLANNED);
        if ((!withLead && c.equals(LEAD)) || r.sign().complete() < 1) {
          continue;
        }
        counts.put(c, new HostStrata.Count(r.sign().ackNegative(), r.sign().complete()));
      }
      out.add(new HostStrata.Block(e.getKey(), clock, counts));
    }
    return out;
  }

  static Optional<HostStrata.BootResult> result(Analysis a, int s) {
    return a.memo(HOSTS + ":boot:" + s, () -> strata(a).containsKey(s)
        ? Optional.of(HostStrata.boot(blocks(a, s, false), CONDITIONS, FAMILY, CLOCKS,
        Blocks.LEVEL)) : Optional.empty());
  }

  private static Optional<HostStrata.ClockContrast> clock(Analysis a, int s) {
    return result(a, s).map(HostStrata.BootResult::clock);
  }

  private static Optional<HostStrata.LogSummary> lead(Analysis a, int s) {
    if (!strata(a).containsKey(s)) {
      return Optional.empty();
    }
    HostStrata.BootResult r = HostStrata.boot(blocks(a, s, true), List.of(),
        List.of(new HostStrata.Contrast("lead", LEAD, "base")),
        null, Blocks.LEVEL);
    return Optional.of(r.contrasts().get("lead").summary());
  }

  /** The boots' results, the first {@link #JUDGED_BOOTS} in ledger order (all while fewer are in). */
  static List<HostStrata.BootResult> judged(Analysis a) {
    return strata(a).keySet().stream().limit(JUDGED_BOOTS).map(s -> result(a, s).orElseThrow()).toList();
  }

  private static Optional<HostStrata.Between> collapse(Analysis a) {
    return Optional.ofNullable(HostStrata.between(judged(a).stream()
        .map(r -> r.contrasts().get("collapseJvm").summary())
        .toList(), Blocks.LEVEL));
  }

  // --- entries ---

  /** A count the plan's {@code strata} section sets. */
  private static Quantity planCount(String key, String macro, String definition, String member) {
    return Quantity.key(key).macro(macro).definition(definition).unit(Unit.COUNT).format(Format.GROUPED_INTEGER)
        .scope(Scope.LEDGERS).function(HostQuantities.class, "all")
        .computes(a -> a.campaign(HOSTS).flatMap(c -> c.plan())
            .map(p -> (Value) new Value.Count(p.path("strata").path(member).longIn(1, 99)))
            .orElse(new Value.Unavailable("no plan of the host protocol under this data root")));
  }

  /** A log-scale summary and its interval's ends; a fraction printed as a percentage, a ratio as a ratio. */
  private static void logSummary(List<Quantity> q, String key, String macro, String what, Unit unit,
                                 Function<Analysis, Optional<HostStrata.LogSummary>> f) {
    Format format = unit == Unit.FRACTION ? Format.PERCENT_2DP : Format.RATIO_3SF;
    Function<Analysis, Optional<BlockStats.Interval>> i = a -> f.apply(a).map(HostStrata.LogSummary::interval);
    q.add(ENTRIES.real(key, macro, what, unit, format, a -> i.apply(a).map(BlockStats.Interval::estimate)));
    q.add(ENTRIES.real(key + ".lower", macro + "Lower",
        "lower end of the 95 % Student t interval over blocks of the log of " + key
        + ", mapped back by exp", unit, format, a -> i.apply(a).map(BlockStats.Interval::lower)));
    q.add(ENTRIES.real(key + ".upper", macro + "Upper",
        "upper end of the 95 % Student t interval over blocks of the log of " + key
        + ", mapped back by exp", unit, format, a -> i.apply(a).map(BlockStats.Interval::upper)));
  }

  private static Quantity text(String key, String macro, String definition, int s, LedgerSchema.Column column) {
    return Quantity.key(key).macro(macro).definition(definition).unit(Unit.DIMENSIONLESS).format(Format.TEXT)
        .scope(Scope.KAFKA_EVENTS).function(HostQuantities.class, "all").computes(a -> {
          TreeMap<Integer, List<ScannedRun>> blocks = blocksOf(a, s);
          String v = blocks.isEmpty() ? "" : blocks.firstEntry().getValue().get(0).field(column);
          return v.isBlank() ? new Value.Unavailable("no usable run of boot " + s + " of the host protocol records "
              + column.name())
              : new Value.Text(v);
        });
  }
}
