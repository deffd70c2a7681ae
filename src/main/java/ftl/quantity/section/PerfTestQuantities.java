package ftl.quantity.section;

import ftl.data.Campaign;
import ftl.data.DataSet;
import ftl.data.io.JsonValue;
import ftl.data.ledger.Identifiers;
import ftl.data.registration.Criteria;
import ftl.data.tool.PerfTestReader;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.CampaignCatalogue;
import ftl.quantity.core.Format;
import ftl.quantity.core.Provenance;
import ftl.quantity.core.Quantity.Scope;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.SourceReads;
import ftl.quantity.core.ToolFolders;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;
import ftl.quantity.core.Values;
import ftl.stats.Quantiles;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * RabbitMQ PerfTest, unmodified ({@code data/perftest}, run by {@code src/main/sh/perftest-run.sh}): per condition of
 * its plan, the share of consumed messages its latency metric left out (PerfTest records a latency only when it is
 * above 0; in {@code --use-millis} mode a sub-millisecond latency is 0 in whole milliseconds), from its own counters
 * scraped from its Prometheus endpoint, and the medians it printed. The plan's {@code criteria} are judged by
 * {@link ftl.quantity.verdict.PlanCriteria} on these entries, the digest proved by the ledger's {@code plan_sha256}.
 */
public final class PerfTestQuantities {
  private PerfTestQuantities() {}

  static final String FOLDER = CampaignCatalogue.PERFTEST.folder();
  static final String PREFIX = "perftest";

  /** The folder read: its runs and plan. */
  record Folder(List<PerfTestReader.Run> runs, Optional<JsonValue> plan, String display) {
    List<PerfTestReader.Run> ok(String condition) {
      return runs.stream().filter(r -> r.ok() && r.condition().equals(condition)).toList();
    }
  }

  static Optional<Folder> read(DataSet data) {
    return ToolFolders.toolFolder(data, FOLDER)
        .map(t -> new Folder(PerfTestReader.read(t.gate(), FOLDER, t.display()), t.plan(), t.display()));
  }

  /** The folder as a campaign {@link ftl.quantity.verdict.PlanCriteria} judges, when its plan registers criteria. */
  public static List<Campaign> registered(DataSet data) {
    return read(data).flatMap(f -> f.plan().flatMap(plan -> ToolFolders.registered(data, FOLDER, plan,
        f.runs().stream().map(r -> Map.entry(r.runId(), r.planSha256())).toList()))).stream().toList();
  }

  public static List<Quantity> forData(DataSet data) {
    Optional<Folder> f = read(data);
    List<Quantity> q = new ArrayList<>();
    String of = "RabbitMQ PerfTest (" + FOLDER + ")";
    q.add(q(Quantity.key(PREFIX + ".runs").macro("PerftestRuns").definition("ok runs of " + of).unit(Unit.COUNT)
        .format(Format.GROUPED_INTEGER),
        Provenance.name(PerfTestReader.class, "read"), f,
        d -> new Value.Count(d.runs().stream().filter(PerfTestReader.Run::ok).count())));
    q.add(q(Quantity.key(PREFIX + ".runsNotOk").macro("PerftestRunsNotOk")
        .definition("runs of " + of + " whose ledger status is failed (counted, never "
        + "analysed)").unit(Unit.COUNT).format(Format.GROUPED_INTEGER), Provenance.name(PerfTestReader.class, "read"),
        f,
        d -> new Value.Count(d.runs().stream().filter(r -> !r.ok()).count())));
    q.add(q(Quantity.key(PREFIX + ".consumed").macro("PerftestConsumed")
        .definition("messages the AMQP client of " + of + " counted as consumed "
        + "(client_consumed_total) over its ok runs, up to each run's scrape").unit(Unit.COUNT)
        .format(Format.GROUPED_INTEGER),
        Provenance.name(PerfTestReader.class, "read"), f,
        d -> new Value.Count(d.runs().stream().mapToLong(PerfTestReader.Run::consumed).sum())));
    if (f.isEmpty() || f.get().plan().isEmpty()) {
      return q;
    }
    for (String c : Criteria.conditionNames(f.get().plan().get().json())) {
      String base = "condition " + c + " of " + of;
      String leftOut = "share of consumed messages its latency metric left out, 1 - perftest_latency_seconds_count / "
          + "client_consumed_total from the run's one scrape of PerfTest's Prometheus endpoint (PerfTest records a "
          + "latency only above 0)";
      q.add(q(Quantity.key(PREFIX + ".leftOut." + c).macro(macro("LeftOut", c))
          .definition("mean over the ok runs of " + base + " of the " + leftOut).unit(Unit.FRACTION)
          .format(Format.PERCENT_2DP), Provenance.name(PerfTestReader.Run.class, "leftOut"), f,
          d -> Values.mean(d.ok(c).stream().mapToDouble(PerfTestReader.Run::leftOut).toArray())));
      q.add(q(Quantity.key(PREFIX + ".leftOut.max." + c).macro(macro("LeftOutMax", c))
          .definition("largest over the ok runs of " + base + " of the " + leftOut).unit(Unit.FRACTION)
          .format(Format.PERCENT_2DP), Provenance.name(PerfTestReader.Run.class, "leftOut"), f,
          d -> Values.extreme(d.ok(c).stream().mapToDouble(PerfTestReader.Run::leftOut).toArray(), true)));
      q.add(q(Quantity.key(PREFIX + ".leftOut.min." + c).macro(macro("LeftOutMin", c))
          .definition("smallest over the ok runs of " + base + " of the " + leftOut).unit(Unit.FRACTION)
          .format(Format.PERCENT_2DP), Provenance.name(PerfTestReader.Run.class, "leftOut"), f,
          d -> Values.extreme(d.ok(c).stream().mapToDouble(PerfTestReader.Run::leftOut).toArray(), false)));
      q.add(q(Quantity.key(PREFIX + ".printedMedian." + c).macro(macro("PrintedMedian", c))
          .definition("type-7 median, in us, of the consumer-latency "
          + "medians PerfTest printed once per interval (lines 'min/median/75th/95th/99th consumer latency', a value "
          + "in ms times 1000, an interval without a sample printed 0 and kept) over the ok runs of " + base)
          .unit(Unit.MICROSECONDS).format(Format.REAL_3SF), Provenance.name(Quantiles.class, "median"), f, d -> {
            double[] v = d.ok(c).stream().flatMap(r -> r.printedMediansMicros().stream())
                .mapToDouble(Double::doubleValue).toArray();
            return v.length == 0 ? new Value.Unavailable("no interval line printed")
                : new Value.Real(Quantiles.median(v));
          }));
    }
    return q;
  }

  private static String macro(String what, String condition) {
    return "Perftest" + what + Identifiers.macroWords(condition);
  }

  private static Quantity q(Quantity.ScopePart head, String function, Optional<Folder> f,
                            Function<Folder, Value> compute) {
    return head.scope(Scope.TOOL_RUNS).function(function)
        .computes(a -> f.map(d -> {
          SourceReads.folder(FOLDER); // what a criterion's statistic read (issue 43)
          return compute.apply(d);
        }).orElseGet(() -> new Value.Unavailable("no runs of RabbitMQ PerfTest: no " + FOLDER
            + "/ledger.csv in its format under the data root")));
  }

  /** The ledger and the ok runs' output and metrics files. */
  public static List<String> sources(Analysis a) {
    Optional<Folder> f = read(a.data());
    List<String> out = new ArrayList<>();
    f.ifPresent(d -> {
      out.add(d.display() + "/ledger.csv");
      d.runs().stream().filter(PerfTestReader.Run::ok).forEach(r -> {
        out.add(d.display() + "/" + r.stdoutFile());
        out.add(d.display() + "/" + r.metricsFile());
      });
    });
    return out;
  }
}
