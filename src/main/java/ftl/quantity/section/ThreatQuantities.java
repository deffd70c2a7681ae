package ftl.quantity.section;

import ftl.data.Campaign;
import ftl.data.DataSet;
import ftl.data.io.UtcTimestamp;
import ftl.data.ledger.Instrument;
import ftl.data.ledger.LedgerRow;
import ftl.data.ledger.LedgerSchema;
import ftl.data.ledger.Priority;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.Blocks;
import ftl.quantity.core.CampaignCatalogue;
import ftl.quantity.core.CampaignRuns;
import ftl.quantity.core.Format;
import ftl.quantity.core.Manipulations;
import ftl.quantity.core.Naming;
import ftl.quantity.core.Quantity.Scope;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.ScannedRun;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;
import ftl.stats.Pacing;
import ftl.stats.Quantiles;
import ftl.stats.Rate;
import ftl.stats.SignCheckResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * What disturbed the measurement, as quantities ({@code threat.*}) for the threats section, and the rates
 * behind the counts of the sign check ({@code sign.*}): other processes' CPU during runs, the pacer's
 * catch-up bursts, the wall time the Kafka data span, ledgers written from a modified tree ({@code -dirty}
 * commits), how the negative rate depends on the send interval, and per campaign the share of runs the sign
 * check rejects beside the per-event negative rate.
 */
public final class ThreatQuantities {
  private ThreatQuantities() {}

  public static List<Quantity> forData(DataSet data) {
    List<Quantity> q = new ArrayList<>();
    q.add(Quantity.key("threat.measuredHours").macro("ThreatMeasuredHours")
        .definition(
        "measured sends of the Kafka instrument in hours, over every campaign: the sum over its ok runs with a fixed "
            + "send interval of the events in the run's file times the interval (ledger send_interval_ns), warm-up "
            + "excluded; runs on a replayed schedule have no fixed interval and are counted by "
            + "threat.measuredHours.unscheduled")
        .unit(Unit.HOURS).format(Format.REAL_3SF).scope(Scope.KAFKA_EVENTS).function(Blocks.class, "measuredHours")
        .computes(a -> a.has(Instrument.KAFKA.word())
        ? new Value.Real(Blocks.measuredHours(a.runs(Instrument.KAFKA.word())))
            : new Value.Unavailable("no ok run of the Kafka instrument")));
    q.add(Quantity.key("threat.measuredHours.unscheduled").macro("ThreatMeasuredHoursUnscheduled")
        .definition("ok runs of the Kafka instrument without a fixed send interval (a replayed schedule), left out of"
            + " threat.measuredHours").unit(Unit.COUNT).format(Format.GROUPED_INTEGER).scope(Scope.LEDGERS)
        .function(ThreatQuantities.class, "forData").computes(
        a -> new Value.Count(a.okRows(Instrument.KAFKA.word()).stream()
            .filter(e -> e.getValue().field(LedgerSchema.SEND_INTERVAL_NS).isEmpty()).count())));
    q.add(Quantity.key("threat.wallSpan").macro("ThreatWallSpan")
        .definition(
        "wall time from the start of the first ok run of the Kafka instrument to the end of the last (ledger started_at"
            + " and duration_ms), over every campaign").unit(Unit.HOURS).format(Format.REAL_3SF).scope(Scope.LEDGERS)
        .function(ThreatQuantities.class, "wallSpanHours").computes(a -> {
          List<LedgerRow> rows = a.okRows(Instrument.KAFKA.word()).stream().map(Map.Entry::getValue)
              .filter(r -> !r.field(LedgerSchema.STARTED_AT).isEmpty() && !r.field(LedgerSchema.DURATION_MS).isEmpty())
              .toList();
          return rows.isEmpty() ? new Value.Unavailable(
              "no ok run of the Kafka instrument with started_at and duration_ms")
              : new Value.Real(wallSpanHours(rows));
        }));
    q.add(Quantity.key("threat.dirtyCampaigns").macro("ThreatDirtyCampaigns")
        .definition(
        "campaigns with an ok run whose ledger git_commit ends in -dirty: the instrument was built from a tree with"
            + " uncommitted changes").unit(Unit.COUNT).format(Format.GROUPED_INTEGER).scope(Scope.LEDGERS)
        .function(ThreatQuantities.class, "dirty")
        .computes(a -> new Value.Count(a.campaigns().stream()
        .filter(c -> c.runs().stream().anyMatch(ThreatQuantities::dirty)).count())));
    q.add(Quantity.key("threat.dirtyRuns").macro("ThreatDirtyRuns")
        .definition("ok runs whose ledger git_commit ends in -dirty").unit(Unit.COUNT).format(Format.GROUPED_INTEGER)
        .scope(Scope.LEDGERS)
        .function(ThreatQuantities.class, "dirty")
        .computes(a -> new Value.Count(a.campaigns().stream().flatMap(c -> c.runs().stream())
        .filter(ThreatQuantities::dirty).count())));
    for (Campaign c : CampaignCatalogue.opted(data, CampaignCatalogue.Family.THREATS)) {
      if (c.runs().stream().filter(LedgerRow::ok).map(LedgerRow::instrument)
          .noneMatch(Instrument.KAFKA.word()::equals)) {
        continue;
      }
      String n = c.name();
      for (String stat : List.of("median", "max")) {
        q.add(Quantity.key("threat.otherCpu." + stat + "." + n)
            .macro(Naming.macro("ThreatOtherCpu" + Naming.cap(stat), n, ""))
            .definition(stat + " over the ok runs of campaign " + n
                + " of the share of both cores' CPU time used by processes other than the client, the broker and the "
                + "load generator during the run (ledger other_cpu_pct)")
            .unit(Unit.FRACTION).format(Format.PERCENT_2DP).scope(Scope.LEDGERS)
            .function(ThreatQuantities.class, "otherCpu").computes(a -> {
              double[] v = a.okRowsOf(n, Instrument.KAFKA.word()).stream()
                  .map(r -> r.field(LedgerSchema.OTHER_CPU_PCT)).filter(x -> !x.isEmpty())
                  .mapToDouble(x -> Double.parseDouble(x) / 100.0).toArray();
              return v.length == 0 ? new Value.Unavailable("no other_cpu_pct in the ledger of " + n)
                  : new Value.Real(otherCpu(v, stat.equals("max")));
            }));
      }
      q.add(Quantity.key("threat.catchUp." + n).macro(Naming.macro("ThreatCatchUp", n, ""))
          .definition("share of consecutive send pairs of the ok runs of campaign " + n
              + " that left less than a quarter of the send interval apart (the pacer catching up after a stall), "
              + "pooled over runs (events files, send_ns)")
          .unit(Unit.FRACTION).format(Format.PERCENT_2DP).scope(Scope.KAFKA_EVENTS).function(Pacing.class, "catchUp")
          .computes(a -> {
            Rate r = catchUp(a, c);
            return r.defined() ? new Value.Real(r.value())
                : new Value.Unavailable("no run of " + n + " with two sends and an interval");
          }));
      q.add(Quantity.key("sign.rejectedShare." + n).macro(Naming.macro("SignRejectedShare", n, ""))
          .definition("share of the ok runs of campaign " + n
              + " the sign check rejects (at least one negative A); a run of n events with a per-event negative rate "
              + "p is rejected with probability 1 - (1 - p)^n, so the share grows with the events per run")
              .unit(Unit.FRACTION).format(Format.PERCENT_2DP).scope(Scope.KAFKA_EVENTS)
              .function(SignCheckResult.class, "rejected")
          .computes(a -> {
            List<ScannedRun> runs = CampaignRuns.runsOf(a, n);
            return runs.isEmpty() ? CampaignRuns.noData(n)
                : Value.Real.share(runs.stream().filter(ScannedRun::rejected).count(), runs.size());
          }));
      q.add(Quantity.key("sign.ackNegativeRate." + n).macro(Naming.macro("SignAckNegativeRate", n, ""))
          .definition("pooled share of the complete events of campaign " + n + " with a negative ack-referenced span A")
          .unit(Unit.FRACTION).format(Format.PERCENT_2DP).scope(Scope.KAFKA_EVENTS).function(Rate.class, "pooled")
          .computes(a -> {
            Rate r = Rate.pooled(CampaignRuns.runsOf(a, n).stream().map(ScannedRun::ackNegativeRate).toList());
            return r.defined() ? new Value.Real(r.value())
                : new Value.Unavailable("no complete event in campaign " + n);
          }));
    }
    for (String interval : List.of("500000", "250000")) {
      String us = Long.toString(Long.parseLong(interval) / 1000);
      Manipulations.addRatio(q, "interval.ratio." + CampaignCatalogue.MODE_A.folder() + ".s" + us + "us",
          Naming.macro("IntervalRatio", CampaignCatalogue.MODE_A.folder(), "s" + us + " us"),
          "negative-A rate at a send interval of " + us
          + " us over 1 ms, default priority, every geometry, load and acks",
          r -> r.row().at(Priority.DEFAULT) && r.field(LedgerSchema.SEND_INTERVAL_NS).equals(interval),
          r -> r.row().at(Priority.DEFAULT) && r.field(LedgerSchema.SEND_INTERVAL_NS).equals("1000000"));
    }
    return q;
  }

  /** Hours from the earliest start to the latest end ({@code started_at + duration_ms}) of the rows. */
  static double wallSpanHours(List<LedgerRow> rows) {
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    for (LedgerRow r : rows) {
      // the ledger's reader checked the form: an unreadable started_at never reaches here
      long start = UtcTimestamp.epochMillis(r.field(LedgerSchema.STARTED_AT)).getAsLong();
      first = Math.min(first, start);
      last = Math.max(last, start + Long.parseLong(r.field(LedgerSchema.DURATION_MS)));
    }
    return (last - first) / 3_600_000.0;
  }

  /** An ok run whose instrument was built from a tree with uncommitted changes. */
  static boolean dirty(LedgerRow r) {
    return r.ok() && r.field(LedgerSchema.GIT_COMMIT).endsWith("-dirty");
  }

  /** Median (type 7) or maximum of per-run shares. */
  static double otherCpu(double[] shares, boolean max) {
    return max ? Arrays.stream(shares).max().getAsDouble() : Quantiles.median(shares);
  }

  /** Catch-up pairs over pairs, pooled over the ok runs of a campaign that record a send interval. */
  static Rate catchUp(Analysis a, Campaign c) {
    Rate sum = Rate.EMPTY;
    for (ScannedRun r : a.campaignRuns(c.name())) {
      if (!r.field(LedgerSchema.SEND_INTERVAL_NS).isEmpty()) { // counted in the scan's pass (Pacing.CatchUp)
        sum = sum.plus(a.detail(r).catchUp());
      }
    }
    return sum;
  }
}
