package ftl.quantity.section;

import ftl.data.Campaign;
import ftl.data.DataSet;
import ftl.data.ledger.Instrument;
import ftl.data.ledger.LedgerRow;
import ftl.data.ledger.LedgerSchema;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.CampaignCatalogue;
import ftl.quantity.core.CampaignRuns;
import ftl.quantity.core.Format;
import ftl.quantity.core.Naming;
import ftl.quantity.core.Quantity.Scope;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;
import ftl.stats.Quantiles;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What each campaign ran, read from its ledger ({@code campaign.<what>.<campaign>}): ok runs, conditions,
 * runs per condition, events and warm-up per run, the achieved pacing and the host's load. The supplement's
 * method and the campaigns table quote these, so a plan's intention is never printed where the ledger's
 * record of what happened belongs.
 */
public final class LedgerQuantities {
  private LedgerQuantities() {}

  public static List<Quantity> forData(DataSet data) {
    List<Quantity> q = new ArrayList<>();
    for (Campaign c : CampaignCatalogue.opted(data, CampaignCatalogue.Family.LEDGER)) {
      add(q, c);
    }
    return q;
  }

  private static void add(List<Quantity> q, Campaign c) {
    String name = c.name();
    if (c.runs().stream().anyMatch(r -> r.ok() && !r.field(LedgerSchema.SERVER_VERSION).isEmpty())) {
      // a system's server and client as the ledger names them: the paper quotes these, never a typed version
      q.add(ledger(Quantity.key("campaign.serverVersion." + name).macro(Naming.macro("CampaignServerVersion", name, ""))
          .definition("the messaging server's version the ok runs of"
          + " campaign " + name + " measured, as the ledger records it (server_version; distinct values joined)")
          .unit(Unit.DIMENSIONLESS).format(Format.TEXT), name, "versions",
          rows -> versions(rows, LedgerSchema.SERVER_VERSION)));
      q.add(ledger(Quantity.key("campaign.clientVersion." + name).macro(Naming.macro("CampaignClientVersion", name, ""))
          .definition("the client library's version the ok runs of"
          + " campaign " + name + " used, as the ledger records it (client_version; distinct values joined)")
          .unit(Unit.DIMENSIONLESS).format(Format.TEXT), name, "versions",
          rows -> versions(rows, LedgerSchema.CLIENT_VERSION)));
    }
    boolean nojvm = c.runs().stream().anyMatch(r -> r.instrument().equals(Instrument.PYTHON_NOJVM.word()));
    LedgerSchema.Column lagColumn = nojvm ? LedgerSchema.SEND_LAG_P99_NS : LedgerSchema.PACING_LAG_P99_NS;
    q.add(ledger(Quantity.key("campaign.runs." + name).macro(Naming.macro("CampaignRuns", name, ""))
        .definition("ok runs of campaign " + name).unit(Unit.COUNT).format(Format.GROUPED_INTEGER), name, "runs",
        LedgerQuantities::runs));
    q.add(ledger(Quantity.key("campaign.conditions." + name).macro(Naming.macro("CampaignConditions", name, ""))
        .definition("distinct conditions among the ok runs of campaign " + name).unit(Unit.COUNT)
        .format(Format.GROUPED_INTEGER), name, "conditions", LedgerQuantities::conditions));
    q.add(ledger(Quantity.key("campaign.runsPerCondition." + name)
        .macro(Naming.macro("CampaignRunsPerCondition", name, ""))
        .definition("fewest to most ok runs of one condition in campaign " + name).unit(Unit.COUNT)
        .format(Format.COUNT_RANGE), name, "runsPerCondition", LedgerQuantities::runsPerCondition));
    q.add(ledger(Quantity.key("campaign.eventsPerRun." + name).macro(Naming.macro("CampaignEventsPerRun", name, ""))
        .definition("fewest to most events written per ok run of campaign " + name + " (ledger events_written)")
        .unit(Unit.COUNT).format(Format.COUNT_RANGE), name, "eventsPerRun", LedgerQuantities::eventsPerRun));
    q.add(ledger(Quantity.key("campaign.warmupEvents." + name).macro(Naming.macro("CampaignWarmupEvents", name, ""))
        .definition("warm-up sends per ok run of campaign " + name
        + ", excluded by the plan's rule and not written (ledger warmup_events)").unit(Unit.COUNT)
        .format(Format.COUNT_RANGE), name, "warmupEvents", LedgerQuantities::warmupEvents));
    q.add(ledger(Quantity.key("campaign.instrumentWarmup." + name)
        .macro(Naming.macro("CampaignInstrumentWarmup", name, ""))
        .definition("events the instrument sent and discarded after each broker start of campaign " + name
            + ", before its first run (ledger instrument_warmup_events)").unit(Unit.COUNT).format(Format.COUNT_RANGE),
            name, "instrumentWarmup", LedgerQuantities::instrumentWarmup));
    q.add(ledger(Quantity.key("campaign.pacerSpin." + name).macro(Naming.macro("CampaignPacerSpin", name, ""))
        .definition("how long before each intended send the pacer of campaign " + name
            + " stops parking and spins (ledger pacer_spin_ns)").unit(Unit.MICROSECONDS).format(Format.COUNT_RANGE),
            name, "pacerSpin", LedgerQuantities::pacerSpin));
    q.add(ledger(Quantity.key("campaign.sendLagP99." + name).macro(Naming.macro("CampaignSendLagPNinetyNine", name, ""))
        .definition("median over the ok runs of campaign " + name
        + " of each run's 99th percentile of send lag, achieved minus intended send time (ledger " + lagColumn.name()
        + ")").unit(Unit.MICROSECONDS).format(Format.REAL_3SF), name, "sendLagP99",
        rows -> sendLagP99(rows, lagColumn, name)));
    SortedSet<Long> loads = new TreeSet<>();
    for (LedgerRow r : c.runs()) {
      String v = r.field(LedgerSchema.LOAD_PCT);
      if (r.ok() && !v.isEmpty() && Long.parseLong(v) > 0) {
        loads.add(Long.parseLong(v));
      }
    }
    for (long load : loads) {
      String l = Long.toString(load);
      q.add(Quantity.key("campaign.loadMeasured." + name + ".load" + l)
          .macro(Naming.macro("CampaignLoadMeasured", name, "load" + l))
          .definition("median over the ok runs of campaign " + name + " that requested " + l
              + "% background load per core of the share the load generator achieved (ledger load_measured_pct)")
          .unit(Unit.FRACTION).format(Format.PERCENT_2DP).scope(Scope.LEDGERS)
          .function(LedgerQuantities.class, "loadMeasured")
          .computes(a -> loadMeasured(okRows(a, name), name, l)));
    }
    q.add(ledger(Quantity.key("campaign.boots." + name).macro(Naming.macro("CampaignBoots", name, ""))
        .definition("distinct boots of the host (ledger boot_id, one per host lifetime) among the ok runs of campaign "
        + name
            + "; unavailable for a ledger written before the column (version 9)").unit(Unit.COUNT)
            .format(Format.GROUPED_INTEGER), name, "boots", LedgerQuantities::boots));
    q.add(ledger(Quantity.key("campaign.loadavgMax." + name).macro(Naming.macro("CampaignLoadavgMax", name, ""))
        .definition("largest one-minute load average at the start or end of an ok run of campaign " + name
            + " (ledger loadavg_start, loadavg_end; 2 cores)").unit(Unit.DIMENSIONLESS).format(Format.DECIMAL_2DP),
            name, "loadavgMax", rows -> loadavgMax(rows, name)));
  }

  // One method per ledger quantity, each named as the key's second part ("campaign.<what>.<campaign>"), so the
  // provenance "ftl.quantity.section.LedgerQuantities#<what>" names the method that computes it
  // (ProvenanceResolvesTest).

  /** The count of ok rows. */
  private static Value runs(List<LedgerRow> rows) {
    return new Value.Count(rows.size());
  }

  /** The count of distinct conditions among the ok rows. */
  private static Value conditions(List<LedgerRow> rows) {
    return new Value.Count(rows.stream().map(LedgerRow::condition).distinct().count());
  }

  /** The count of distinct boots (ledger boot_id) among the ok rows; unavailable when no row records one. */
  private static Value boots(List<LedgerRow> rows) {
    long n = rows.stream().map(r -> r.field(LedgerSchema.BOOT_ID)).filter(v -> !v.isEmpty()).distinct().count();
    return n == 0 ? new Value.Unavailable("the boot is not recorded (ledger written before boot_id, version 9)")
        : new Value.Count(n);
  }

  /** Fewest to most ok rows of one condition. */
  private static Value runsPerCondition(List<LedgerRow> rows) {
    var s = rows.stream().collect(Collectors.groupingBy(LedgerRow::condition,
        Collectors.counting())).values().stream().mapToLong(Long::longValue).summaryStatistics();
    return new Value.Range(s.getMin(), s.getMax());
  }

  /** Fewest to most events written per ok run (ledger events_written). */
  private static Value eventsPerRun(List<LedgerRow> rows) {
    return range(rows, LedgerSchema.EVENTS_WRITTEN);
  }

  /** Fewest to most warm-up sends per ok run (ledger warmup_events). */
  private static Value warmupEvents(List<LedgerRow> rows) {
    return range(rows, LedgerSchema.WARMUP_EVENTS);
  }

  /** Fewest to most events discarded after a broker start (ledger instrument_warmup_events). */
  private static Value instrumentWarmup(List<LedgerRow> rows) {
    return range(rows, LedgerSchema.INSTRUMENT_WARMUP_EVENTS);
  }

  /** Shortest to longest pacer spin before an intended send, microseconds (ledger pacer_spin_ns). */
  private static Value pacerSpin(List<LedgerRow> rows) {
    Value v = range(rows, LedgerSchema.PACER_SPIN_NS);
    return v instanceof Value.Range r ? new Value.Range(r.low() / 1000.0, r.high() / 1000.0) : v;
  }

  /** Median over ok runs of each run's 99th-percentile send lag, microseconds (ledger {@code lagColumn}). */
  private static Value sendLagP99(List<LedgerRow> rows, LedgerSchema.Column lagColumn, String campaign) {
    double[] v = values(rows, lagColumn);
    return v.length == 0 ? new Value.Unavailable("no " + lagColumn.name() + " in the ledger of " + campaign)
        : new Value.Real(Quantiles.median(v) / 1000.0);
  }

  /** Median achieved background load, as a fraction, over the ok runs that requested {@code loadPct} percent. */
  private static Value loadMeasured(List<LedgerRow> okRows, String campaign, String loadPct) {
    List<LedgerRow> rows = okRows.stream().filter(r -> r.field(LedgerSchema.LOAD_PCT).equals(loadPct)).toList();
    double[] v = values(rows, LedgerSchema.LOAD_MEASURED_PCT);
    return v.length == 0 ? new Value.Unavailable("no load_measured_pct in the ledger of " + campaign + " at " + loadPct
        + "%")
        : new Value.Real(Quantiles.median(v) / 100.0);
  }

  /** Largest one-minute load average at the start or end of an ok run (ledger loadavg_start, loadavg_end). */
  private static Value loadavgMax(List<LedgerRow> rows, String campaign) {
    double[] v = values(rows, LedgerSchema.LOADAVG_START, LedgerSchema.LOADAVG_END);
    return v.length == 0 ? new Value.Unavailable("no load average in the ledger of " + campaign)
        : new Value.Real(Arrays.stream(v).max().getAsDouble());
  }

  /**
   * An entry of campaign {@code campaign}'s ok ledger rows ({@code campaign.<what>.<campaign>}), computed by {@code f}
   * of those rows, named as the method {@code function} of this class; no data without an ok row.
   */
  private static Quantity ledger(Quantity.ScopePart head, String campaign, String function,
                                 Function<List<LedgerRow>, Value> f) {
    return head.scope(Scope.LEDGERS).function(LedgerQuantities.class, function)
        .computes(a -> {
          List<LedgerRow> rows = okRows(a, campaign);
          return rows.isEmpty() ? CampaignRuns.noData(campaign) : f.apply(rows);
        });
  }

  /**
   * The distinct non-empty values of a version column among ok rows, in order of first appearance, joined by
   * {@code ", "}; unavailable when no row records one.
   */
  static Value versions(List<LedgerRow> rows, LedgerSchema.Column column) {
    LinkedHashSet<String> seen = new LinkedHashSet<>();
    for (LedgerRow r : rows) {
      if (!r.field(column).isEmpty()) {
        seen.add(r.field(column));
      }
    }
    return seen.isEmpty() ? new Value.Unavailable("no ok run records " + column.name())
        : new Value.Text(String.join(", ", seen));
  }

  /** The ok ledger rows of one campaign of the analysis's data root. */
  private static List<LedgerRow> okRows(Analysis a, String campaign) {
    return a.campaign(campaign).stream().flatMap(c -> c.runs().stream()).filter(LedgerRow::ok).toList();
  }

  private static Value range(List<LedgerRow> rows, LedgerSchema.Column column) {
    double[] v = values(rows, column);
    if (v.length == 0) {
      return new Value.Unavailable("no " + column.name() + " in the ledger");
    }
    var s = Arrays.stream(v).summaryStatistics();
    return new Value.Range(s.getMin(), s.getMax());
  }

  /** The non-empty numeric cells of the given columns (the ledger reader has checked they parse). */
  private static double[] values(List<LedgerRow> rows, LedgerSchema.Column... columns) {
    List<Double> out = new ArrayList<>();
    for (LedgerRow r : rows) {
      for (LedgerSchema.Column col : columns) {
        String v = r.field(col);
        if (!v.isEmpty()) {
          out.add(Double.parseDouble(v));
        }
      }
    }
    return out.stream().mapToDouble(Double::doubleValue).toArray();
  }
}
