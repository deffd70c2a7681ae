package ftl.quantity.section;

import ftl.data.Campaign;
import ftl.data.DataSet;
import ftl.data.io.DataException;
import ftl.data.io.JsonValue;
import ftl.data.ledger.Identifiers;
import ftl.data.registration.Criteria;
import ftl.data.tool.OmbLedgerReader;
import ftl.data.tool.OmbRun;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.Blocks;
import ftl.quantity.core.CampaignCatalogue;
import ftl.quantity.core.Format;
import ftl.quantity.core.Naming;
import ftl.quantity.core.Provenance;
import ftl.quantity.core.Quantity.Scope;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.SourceReads;
import ftl.quantity.core.ToolFolders;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;
import ftl.quantity.core.Values;
import ftl.stats.BlockStats;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * OpenMessaging Benchmark's own worker with its RabbitMQ and NATS drivers ({@code data/omb-rabbitmq},
 * {@code data/omb-nats}, run by {@code src/main/sh/omb-run.sh} as {@code data/omb-real} is for Kafka): what OMB itself
 * counted and reported, per condition of the folder's plan, beside the median flight our instrument measured on the
 * same system. The plans register their verdicts in {@code criteria} ({@link ftl.quantity.verdict.PlanCriteria} judges
 * them, on these entries); each folder is read once per analysis, through the data root's gate.
 *
 * <p>OMB's end-to-end sample is {@code now_ms - publishTimestamp_ms}, kept only when above 0: the RabbitMQ driver's
 * publish timestamp is the AMQP {@code timestamp} property, whole seconds on the wire; the NATS driver's is
 * {@code System.currentTimeMillis()} written into the payload.
 */
public final class OmbSystemQuantities {
  private OmbSystemQuantities() {}

  /**
   * One folder: the catalogue entry, its key prefix, the campaign of our instrument on the same system, and the
   * campaign (empty: none) whose conditions measured what OMB's driver measured, like with like, by OMB condition.
   *
   * @param like OMB's condition to the condition of {@code likeSystem} with the same destination kind and rate
   */
  record Tool(CampaignCatalogue folder, String prefix, String system, String label, String likeSystem,
              Map<String, String> like) {}

  static final List<Tool> TOOLS = List.of(
      new Tool(CampaignCatalogue.OMB_RABBITMQ, "ombRabbitmq", CampaignCatalogue.RABBITMQ.folder(), "RabbitMQ",
          CampaignCatalogue.RABBITMQ_QUEUES.folder(), Map.of("r1000", "quorum", "r800", "quorum-800")),
      new Tool(CampaignCatalogue.OMB_NATS, "ombNats", CampaignCatalogue.NATS.folder(), "NATS JetStream", "", Map.of()));

  /** The condition of our instrument's campaign on the same system whose median flight OMB's median is set against. */
  static final String FLIGHT_CONDITION = "si1ms";

  /** A folder read: its runs (ledger rows with their run files) and its plan. */
  record Folder(List<OmbLedgerReader.Entry> entries, Optional<JsonValue> plan, String display) {
    List<OmbLedgerReader.Entry> ok(String condition) {
      return entries.stream().filter(e -> e.row().ok() && e.row().condition().equals(condition)).toList();
    }

    long okRuns() {
      return entries.stream().filter(e -> e.row().ok()).count();
    }
  }

  /** The folder of {@code tool} under the data root, read; empty when the root has none. */
  static Optional<Folder> read(DataSet data, Tool tool) {
    String rel = tool.folder().folder();
    return ToolFolders.toolFolder(data, rel).map(t ->
        new Folder(OmbLedgerReader.read(t.gate(), rel, t.display()), t.plan(), t.display()));
  }

  /**
   * The folders with a plan that registers criteria, as campaigns {@link ftl.quantity.verdict.PlanCriteria} judges: no
   * instrument rows, the plan digest the ledger's {@code plan_sha256} proves (every row names the plan's digest; none
   * names one: not proved).
   *
   * @throws DataException when rows name different digests, or one the plan does not have
   */
  public static List<Campaign> registered(DataSet data) {
    List<Campaign> out = new ArrayList<>();
    for (Tool t : TOOLS) {
      read(data, t).ifPresent(f -> f.plan().flatMap(plan -> ToolFolders.registered(data, t.folder().folder(), plan,
          f.entries().stream().map(e -> Map.entry(e.row().runId(),
              Objects.requireNonNullElse(e.row().field("plan_sha256"), ""))).toList())).ifPresent(out::add));
    }
    return out;
  }

  public static List<Quantity> forData(DataSet data) {
    List<Quantity> q = new ArrayList<>();
    for (Tool t : TOOLS) {
      Optional<Folder> f = read(data, t);
      String p = t.prefix();
      String of = "OpenMessaging Benchmark's own worker with its " + t.label() + " driver (" + t.folder().folder()
          + ")";
      q.add(q(Quantity.key(p + ".runs").macro(words(p) + "Runs").definition("ok runs of " + of).unit(Unit.COUNT)
          .format(Format.GROUPED_INTEGER),
          Provenance.name(OmbLedgerReader.class, "read"), f, t, d -> new Value.Count(d.okRuns())));
      q.add(q(Quantity.key(p + ".runsNotOk").macro(words(p) + "RunsNotOk")
          .definition("runs of " + of + " whose ledger status is failed (counted, never "
          + "analysed)").unit(Unit.COUNT).format(Format.GROUPED_INTEGER),
          Provenance.name(OmbLedgerReader.class, "read"), f, t,
          d -> new Value.Count(d.entries().size() - d.okRuns())));
      q.add(q(Quantity.key(p + ".messages").macro(words(p) + "Messages")
          .definition("messages OMB counted as received over the measured windows of the ok "
          + "runs of " + of).unit(Unit.COUNT).format(Format.GROUPED_INTEGER),
          Provenance.name(OmbRun.class, "received"), f, t,
          d -> new Value.Count(d.entries().stream().filter(e -> e.row().ok()).mapToLong(e -> e.run().received())
          .sum())));
      if (f.isEmpty() || f.get().plan().isEmpty()) {
        continue;
      }
      for (String c : Criteria.conditionNames(f.get().plan().get().json())) {
        String base = c + " of " + of;
        q.add(q(Quantity.key(p + ".dropped." + c).macro(macro(p, "Dropped", c))
            .definition("mean over the ok runs of condition " + base + " of OMB's dropped "
            + "share 1 - e2e_count / messages_received (its end-to-end histogram's samples over the messages it "
            + "received)").unit(Unit.FRACTION).format(Format.PERCENT_2DP),
            Provenance.name(OmbRun.class, "droppedShare"), f, t,
            d -> Values.mean(d.ok(c).stream().mapToDouble(e -> e.run().droppedShare()).toArray())));
        q.add(q(Quantity.key(p + ".dropped.max." + c).macro(macro(p, "DroppedMax", c))
            .definition("largest over the ok runs of condition " + base + " of OMB's "
            + "dropped share").unit(Unit.FRACTION).format(Format.PERCENT_2DP),
            Provenance.name(OmbRun.class, "droppedShare"), f, t,
            d -> Values.extreme(d.ok(c).stream().mapToDouble(e -> e.run().droppedShare()).toArray(), true)));
        q.add(q(Quantity.key(p + ".dropped.min." + c).macro(macro(p, "DroppedMin", c))
            .definition("smallest over the ok runs of condition " + base + " of OMB's "
            + "dropped share").unit(Unit.FRACTION).format(Format.PERCENT_2DP),
            Provenance.name(OmbRun.class, "droppedShare"), f, t,
            d -> Values.extreme(d.ok(c).stream().mapToDouble(e -> e.run().droppedShare()).toArray(), false)));
        q.add(q(Quantity.key(p + ".e2eMedian." + c).macro(macro(p, "EndToEndMedian", c))
            .definition("median, in ms, of OMB's end-to-end latency over the ok "
            + "runs of condition " + base + ": the smallest recorded value (whole ms) at which the pooled cumulative "
            + "end-to-end histograms of the runs (section e2e_ms of the run files) reach half their samples")
            .unit(Unit.MILLISECONDS).format(Format.REAL_3SF), Provenance.name(OmbSystemQuantities.class, "median"), f,
            t, d -> median(d.ok(c))));
        q.add(Quantity.key(p + ".e2eOverFlight." + c).macro(macro(p, "EndToEndOverFlight", c))
            .definition("OMB's median end-to-end latency "
            + p + ".e2eMedian." + c
            + " (ms, times 1000) over the median flight T = recv_ns - send_ns our instrument measured on the same "
            + "system, "
            + t.system() + ".flightMedian." + FLIGHT_CONDITION + " (us)").unit(Unit.RATIO).format(Format.RATIO_3SF)
            .scope(Scope.TOOL_RUNS)
            .function(OmbSystemQuantities.class, "median").computes(a -> {
              SourceReads.folder(t.folder().folder());
              Value m = median(f.get().ok(c)); // made only for a folder with a plan (above)
              BlockStats.Interval flight = Blocks.mean(a, t.system(), Blocks.exclusion(a, t.system()),
                  FLIGHT_CONDITION, Blocks.Metric.FLIGHT_MEDIAN);
              if (!(m instanceof Value.Real r) || flight.blocks() == 0) {
                return new Value.Unavailable(m instanceof Value.Real ? "no block of campaign " + t.system() + " has a "
                    + FLIGHT_CONDITION + " flight" : "no end-to-end sample");
              }
              return new Value.Real(r.value() * 1000 / flight.estimate());
            }));
        if (t.like().containsKey(c)) {
          q.add(overLikeFlight(f.get(), t, c, t.like().get(c)));
        }
      }
    }
    return q;
  }

  /**
   * OMB's median end-to-end latency at condition {@code c} over our instrument's median flight on the destination OMB's
   * driver declared, at OMB's rate: condition {@code ours} of {@link Tool#likeSystem} (for RabbitMQ a durable quorum
   * queue, as OMB's shipped driver declares, not the transient classic queue of {@link Tool#system}).
   */
  static Quantity overLikeFlight(Folder f, Tool t, String c, String ours) {
    String p = t.prefix();
    return Quantity.key(p + ".e2eOverLikeFlight." + c).macro(macro(p, "EndToEndOverLikeFlight", c))
        .definition("OMB's median end-to-end "
        + "latency " + p + ".e2eMedian." + c
        + " (ms, times 1000) over the median flight T = recv_ns - send_ns our instrument measured on the kind of "
        + "destination OMB's driver declared, at OMB's rate: " + Naming.keyOf(t.likeSystem())
        + ".flightMedian." + ours
        + " (us), like with like in queue kind and rate; the two folders' runs may lie on other boots and clock "
        + "sources (ledger boot_id, clocksource), a factor the ratio does not remove").unit(Unit.RATIO)
        .format(Format.RATIO_3SF).scope(Scope.TOOL_RUNS)
        .function(OmbSystemQuantities.class, "median").computes(a -> {
          SourceReads.folder(t.folder().folder());
          Value m = median(f.ok(c));
          BlockStats.Interval flight = Blocks.mean(a, t.likeSystem(),
              Blocks.exclusion(a, t.likeSystem()), ours, Blocks.Metric.FLIGHT_MEDIAN);
          if (!(m instanceof Value.Real r) || flight.blocks() == 0) {
            return new Value.Unavailable(m instanceof Value.Real ? "no block of campaign " + t.likeSystem() + " has a "
                + ours + " flight" : "no end-to-end sample");
          }
          return new Value.Real(r.value() * 1000 / flight.estimate());
        });
  }

  /** The smallest value at which the pooled histograms reach half their samples; unavailable without a sample. */
  static Value median(List<OmbLedgerReader.Entry> runs) {
    SortedMap<Long, Long> pooled = new TreeMap<>();
    long n = 0;
    for (OmbLedgerReader.Entry e : runs) {
      for (Map.Entry<Long, Long> b : e.run().e2eCountsByMillis().entrySet()) {
        pooled.merge(b.getKey(), b.getValue(), Long::sum);
        n += b.getValue();
      }
    }
    long seen = 0;
    for (Map.Entry<Long, Long> b : pooled.entrySet()) {
      seen += b.getValue();
      if (2 * seen >= n) {
        return new Value.Real(b.getKey());
      }
    }
    return new Value.Unavailable("no end-to-end sample in the ok runs");
  }

  private static Quantity q(Quantity.ScopePart head, String function, Optional<Folder> f, Tool t,
                            Function<Folder, Value> compute) {
    return head.scope(Scope.TOOL_RUNS).function(function)
        .computes(a -> f.map(d -> {
          SourceReads.folder(t.folder().folder()); // what a criterion's statistic read (issue 43)
          return compute.apply(d);
        }).orElseGet(() -> noData(t)));
  }

  static Value noData(Tool t) {
    return new Value.Unavailable("no runs of OpenMessaging Benchmark's " + t.label() + " driver: no "
        + t.folder().folder() + "/ledger.csv in OMB's format under the data root");
  }

  private static String words(String prefix) {
    return Identifiers.macroWords(prefix);
  }

  private static String macro(String prefix, String what, String condition) {
    return words(prefix) + what + Identifiers.macroWords(condition);
  }

  /** The files these entries read: each folder's ledger and its ok runs' files, then our campaigns on the systems. */
  public static List<String> sources(Analysis a) {
    List<String> out = new ArrayList<>();
    for (Tool t : TOOLS) {
      Optional<Folder> f = read(a.data(), t);
      if (f.isPresent()) {
        out.add(f.get().display() + "/ledger.csv");
        f.get().entries().stream().filter(e -> e.row().ok())
            .forEach(e -> out.add(f.get().display() + "/" + e.row().runFile()));
      }
    }
    return out;
  }
}
