package ftl.quantity.section;

import ftl.data.Campaign;
import ftl.data.ledger.Identifiers;
import ftl.data.ledger.LedgerSchema;
import ftl.data.ledger.WireColumns;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.Blocks;
import ftl.quantity.core.CampaignCatalogue;
import ftl.quantity.core.CampaignEntries;
import ftl.quantity.core.Provenance;
import ftl.quantity.core.Format;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.ScannedRun;
import ftl.quantity.core.Unit;
import ftl.stats.Holm;
import ftl.stats.Quantiles;
import ftl.stats.SignTest;
import ftl.stats.WireDecomposition;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * The wire campaign ({@code data/wire/plan.json}, issue #55): the broker's two responses timed on the wire, a follower
 * delay, its rival. Every entry is one the plan's criteria or the note name: per condition the broker's order
 * {@code G = fetch_resp - produce_resp}, the displacement {@code D}, the negative spans split into broker order
 * reversed and client-side inversion ({@link WireDecomposition}), the followers' and the consumer's waits read on the
 * wire; and the plan's registered tests, exact sign tests over blocks ({@link SignTest}), the primary three
 * Holm-adjusted together ({@link Holm}).
 *
 * <p>A run enters when it is ok, its manipulations were read back as applied, and the plan's exclusion rule keeps it
 * (ISR changed, other tasks' exact run time above 10 %, a capture lacking more than 1 % of its records: excluded and
 * counted). A block enters a test when every condition the test compares has a usable run in it.
 */
public final class WireQuantities {
  /** The campaign's folder. */
  static final String WIRE = CampaignCatalogue.WIRE.folder();
  /** The plan's conditions. */
  static final List<String> CONDITIONS = List.of("rf1", "rf1-hold", "acks1", "acks1-fw5", "acksall", "acksall-fw5");
  /** The primary family, Holm-adjusted together (the plan's claim brokerOrders). */
  static final List<String> PRIMARY = List.of("acks1Order", "followerGap", "rivalTold");

  private WireQuantities() {}

  /** The builders of this section's counts and real numbers. */
  private static final CampaignEntries ENTRIES = new CampaignEntries(WIRE, WireQuantities.class,
      Provenance.name(WireDecomposition.class, "of"), "not computable from the usable runs of the wire campaign");

  /** One registered test: its per-block values and the p they give. */
  record Test(String id, List<String> conditions, Function<Map<String, Run>, Double> perBlock,
              Function<double[], Double> p) {}

  /** A usable run with its decomposition and the ledger cells the tests read. */
  record Run(ScannedRun scanned, WireDecomposition wire) {
    double cell(LedgerSchema.Column c) {
      String v = scanned.field(c);
      return v.isEmpty() ? Double.NaN : Double.parseDouble(v);
    }

    /** Delivering consumer fetches that ran to their own max_wait_ms, as a share; NaN when none delivered (0 / 0). */
    double timeoutShare() {
      return cell(LedgerSchema.WIRE_CONSUMER_TIMEOUTS) / cell(LedgerSchema.WIRE_CONSUMER_FETCHES);
    }
  }

  /** The plan's registered tests, in the order of its criteria. */
  static final List<Test> TESTS = List.of(
      new Test("acks1Order", List.of("acks1"), b -> b.get("acks1").wire().gapPositiveShare(),
          v -> SignTest.greater(v, 0.99)),
      new Test("followerGap", List.of("acks1", "acks1-fw5"),
          b -> (b.get("acks1-fw5").wire().gapMedianNanos() - b.get("acks1").wire().gapMedianNanos()) / 1e3,
          v -> SignTest.within(v, 2000, 6000)),
      new Test("rivalTold", List.of("rf1-hold", "acks1-fw5"),
          b -> b.get("rf1-hold").timeoutShare() >= 0.9 && b.get("acks1-fw5").timeoutShare() <= 0.1 ? 1.0 : -1.0,
          v -> SignTest.greater(v, 0)),
      new Test("acksallFetchFirst", List.of("acksall"), b -> b.get("acksall").wire().gapNegativeShare(),
          v -> SignTest.greater(v, 0.5)),
      new Test("acksallFwFetchFirst", List.of("acksall-fw5"), b -> b.get("acksall-fw5").wire().gapNegativeShare(),
          v -> SignTest.greater(v, 0.5)),
      new Test("acks1DisplacementStays", List.of("acks1", "acks1-fw5"),
          b -> b.get("acks1-fw5").wire().displacementMedianNanos() / b.get("acks1").wire().displacementMedianNanos(),
          v -> SignTest.within(v, 0.8, 1.25)),
      new Test("acksallDisplacementShift", List.of("acksall", "acksall-fw5"),
          b -> (b.get("acksall-fw5").wire().displacementMedianNanos()
          - b.get("acksall").wire().displacementMedianNanos())
              / 1e3, v -> SignTest.within(v, 2000, 6000)),
      new Test("followerWaitOnWire", List.of("acks1-fw5"),
      b -> b.get("acks1-fw5").cell(LedgerSchema.WIRE_FOLLOWER_WAIT_P50_US),
          v -> SignTest.within(v, 4900, 6000)));

  /** Every entry of the campaign, present whatever the data root holds. */
  public static List<Quantity> all() {
    List<Quantity> q = new ArrayList<>();
    q.add(ENTRIES.count("wire.runs.usable", "WireRunsUsable",
        "runs of the wire campaign that enter its analysis: ok, manipulations "
        + "applied, kept by the plan's exclusion rule", a -> (long) usable(a).size()));
    q.add(ENTRIES.count("wire.excluded", "WireExcluded",
        "ok runs of the wire campaign excluded by the plan's exclusion rule (ISR "
        + "changed, other tasks' exact run time above 10 %, capture lacking more than 1 % of the run's complete "
        + "events), counted, not analysed", a -> ENTRIES.runs(a).stream().filter(r -> ENTRIES.excluded(a, r)).count()));
    q.add(ENTRIES.count("wire.records", "WireRecords",
        "measured records of the usable runs of the wire campaign with all five "
        + "stamps (send, produce response, ack, fetch response, receive)", a -> sum(a, r -> r.wire().records())));
    q.add(ENTRIES.count("wire.missed", "WireMissed",
        "complete events of the usable runs of the wire campaign whose produce or fetch "
        + "response the capture lacks (ledger wire_missed), counted, never dropped",
        a -> sum(a, r -> (long) r.cell(LedgerSchema.WIRE_MISSED))));
    q.add(ENTRIES.real("wire.alignErr.max", "WireAlignErrMax",
        "largest alignment error of the capture's clock to the stamps' over the "
        + "usable runs of the wire campaign (ledger wire_align_err_ns)", Unit.NANOSECONDS,
        a -> usable(a).stream().mapToDouble(r -> r.cell(LedgerSchema.WIRE_ALIGN_ERR_NS)).max().stream().boxed()
        .findFirst()));
    q.add(ENTRIES.real("wire.clusterAge.min", "WireClusterAgeMin",
        "youngest cluster at the start of a usable run of the wire "
        + "campaign: the least ledger cluster_age_ms, in seconds (the plan's cluster_warmup_s keeps it above 90 s)",
        Unit.DIMENSIONLESS, a -> usable(a).stream().mapToDouble(r -> r.cell(LedgerSchema.CLUSTER_AGE_MS) / 1e3).min()
            .stream().boxed().findFirst()));
    for (String c : CONDITIONS) {
      q.addAll(condition(c));
    }
    for (Test t : TESTS) {
      q.addAll(test(t));
    }
    return q;
  }

  private static List<Quantity> condition(String c) {
    List<Quantity> q = new ArrayList<>();
    String k = "wire." + c;
    String m = "Wire" + Identifiers.macroWords(c);
    String of = " of condition " + c + " of the wire campaign";
    q.add(ENTRIES.count(k + ".blocks", m + "Blocks", "blocks with a usable run" + of,
        a -> (long) byCondition(a, c).size()));
    q.add(ENTRIES.real(k + ".gapMedian", m + "GapMedian",
        "median over blocks of the run's median broker order G = fetch_resp_ns - "
        + "produce_resp_ns" + of, Unit.MICROSECONDS, a -> blockMedian(a, c, r -> r.wire().gapMedianNanos() / 1e3)));
    q.add(ENTRIES.real(k + ".displacementMedian", m + "DisplacementMedian",
        "median over blocks of the run's median displacement D "
        + "= ack_ns - send_ns" + of, Unit.MICROSECONDS,
        a -> blockMedian(a, c, r -> r.wire().displacementMedianNanos() / 1e3)));
    q.add(ENTRIES.real(k + ".producerLate", m + "ProducerLate",
        "median over blocks of the run's median producer lateness ack_ns - "
        + "produce_resp_ns" + of, Unit.MICROSECONDS,
        a -> blockMedian(a, c, r -> r.wire().producerLateMedianNanos() / 1e3)));
    q.add(ENTRIES.real(k + ".consumerLate", m + "ConsumerLate",
        "median over blocks of the run's median consumer lateness recv_ns - "
        + "fetch_resp_ns" + of, Unit.MICROSECONDS, a ->
        blockMedian(a, c, r -> r.wire().consumerLateMedianNanos() / 1e3)));
    q.add(ENTRIES.real(k + ".followerWait", m + "FollowerWait",
        "median over blocks of the run's median follower fetch wait at the "
        + "leader read on the wire (ledger wire_follower_wait_p50_us)" + of, Unit.MICROSECONDS,
        a -> blockMedian(a, c, r -> r.cell(LedgerSchema.WIRE_FOLLOWER_WAIT_P50_US))));
    q.add(pooledShare(k + ".gapPositive", m + "GapPositive",
        "records with G > 0 (produce response first) over records with "
        + "all five stamps, pooled over blocks" + of, c, WireDecomposition::gapPositive));
    q.add(pooledShare(k + ".gapNegative", m + "GapNegative",
        "records with G < 0 (fetch response first) over records with "
        + "all five stamps, pooled over blocks" + of, c, WireDecomposition::gapNegative));
    q.add(pooledShare(k + ".negative", m + "Negative",
        "records with A = recv_ns - ack_ns < 0 over records with all five "
        + "stamps, pooled over blocks" + of, c, WireDecomposition::negative));
    q.add(ENTRIES.count(k + ".brokerReversed", m + "BrokerReversed",
        "negative spans whose broker order is reversed (G < 0: the "
        + "leader answered the consumer first), summed over blocks" + of,
        a -> byCondition(a, c).values().stream().mapToLong(r -> r.wire().brokerReversed()).sum()));
    q.add(ENTRIES.count(k + ".clientInversion", m + "ClientInversion",
        "negative spans with the broker's order kept (G >= 0) that the "
        + "client threads' lateness turned round, summed over blocks" + of,
        a -> byCondition(a, c).values().stream().mapToLong(r -> r.wire().clientInversion()).sum()));
    q.add(ENTRIES.real(k + ".consumerTimeouts", m + "ConsumerTimeouts",
        "delivering consumer fetches that ran to their own "
        + "max_wait_ms over all delivering consumer fetches, pooled over blocks" + of, Unit.FRACTION,
        Format.PERCENT_2DP,
        a -> {
          double t = 0;
          double f = 0;
          for (Run r : byCondition(a, c).values()) {
            t += r.cell(LedgerSchema.WIRE_CONSUMER_TIMEOUTS);
            f += r.cell(LedgerSchema.WIRE_CONSUMER_FETCHES);
          }
          return f > 0 ? Optional.of(t / f) : Optional.empty();
        }));
    return q;
  }

  private static List<Quantity> test(Test t) {
    List<Quantity> q = new ArrayList<>();
    String k = "wire." + t.id();
    String m = "Wire" + Identifiers.macroWords(t.id());
    String of = "the plan's test " + t.id() + " (per-block values over the blocks where "
        + String.join(" and ", t.conditions())
        + " have usable runs)";
    q.add(ENTRIES.count(k + ".blocks", m + "Blocks", "blocks entering " + of, a -> (long) values(a, t).length));
    q.add(ENTRIES.real(k, m, "median over blocks of the per-block value of " + of, Unit.DIMENSIONLESS,
        a -> finite(Quantiles.median(values(a, t)))));
    q.add(ENTRIES.real(k + ".lower", m + "Lower", "smallest per-block value of " + of
        + " (with the largest, the range of the blocks: a distribution-free interval for their median, coverage 1 - "
        + "2^(1-n))", Unit.DIMENSIONLESS,
        a -> Arrays.stream(values(a, t)).min().stream().boxed().findFirst()));
    q.add(ENTRIES.real(k + ".upper", m + "Upper", "largest per-block value of " + of, Unit.DIMENSIONLESS,
        a -> Arrays.stream(values(a, t)).max().stream().boxed().findFirst()));
    q.add(ENTRIES.real(k + ".p", m + "P", "exact sign-test p over blocks of " + of
        + " (SignTest: one-sided, or the larger of two one-sided for a band)", Unit.DIMENSIONLESS,
        a -> finite(p(a, t))));
    if (PRIMARY.contains(t.id())) {
      q.add(ENTRIES.real(k + ".pHolm", m + "PHolm", "the p of " + k
          + ".p Holm-adjusted within the plan's primary family ("
          + String.join(", ", PRIMARY) + "; a test with no p is left out)", Unit.DIMENSIONLESS,
          a -> Optional.ofNullable(holm(a).get(t.id()))));
    }
    return q;
  }

  // --- the data ---

  /** The usable runs with their decompositions, read once. */
  static List<Run> usable(Analysis a) {
    return a.memo(WIRE + ":usable", () -> {
      List<Run> out = new ArrayList<>();
      for (ScannedRun r : Blocks.usable(a, WIRE, ENTRIES.exclusion(a))) {
        Campaign c = r.campaign();
        WireColumns w = WireColumns.read(c.openEvents(r.row()), c.eventsName(r.row()));
        out.add(new Run(r, WireDecomposition.of(w.send(), w.produceResp(), w.ack(), w.fetchResp(), w.recv())));
      }
      return out;
    });
  }

  /** A condition's usable runs by block (a run without a block is left out). */
  static TreeMap<Integer, Run> byCondition(Analysis a, String c) {
    TreeMap<Integer, Run> out = new TreeMap<>();
    for (Run r : usable(a)) {
      String b = r.scanned().field(LedgerSchema.BLOCK);
      if (r.scanned().row().condition().equals(c) && !b.isEmpty()) {
        out.put(Integer.parseInt(b), r);
      }
    }
    return out;
  }

  /** A test's per-block values, over the blocks where each of its conditions has a usable run; non-finite left out. */
  static double[] values(Analysis a, Test t) {
    return a.memo(WIRE + ":values:" + t.id(), () -> {
      Map<Integer, Map<String, Run>> blocks = new TreeMap<>();
      for (String c : t.conditions()) {
        for (Map.Entry<Integer, Run> e : byCondition(a, c).entrySet()) {
          blocks.computeIfAbsent(e.getKey(), x -> new LinkedHashMap<>()).put(c, e.getValue());
        }
      }
      return blocks.values().stream().filter(b -> b.size() == t.conditions().size())
          .mapToDouble(b -> t.perBlock().apply(b))
          .filter(Double::isFinite).toArray();
    });
  }

  private static double p(Analysis a, Test t) {
    double[] v = values(a, t);
    return v.length == 0 ? Double.NaN : t.p().apply(v);
  }

  /** The primary family's Holm-adjusted p by test id; a test with no p is left out of the family. */
  static Map<String, Double> holm(Analysis a) {
    return a.memo(WIRE + ":holm", () -> {
      Map<String, Double> p = new LinkedHashMap<>();
      for (Test t : TESTS) {
        p.put(t.id(), PRIMARY.contains(t.id()) ? p(a, t) : Double.NaN);
      }
      return Holm.adjustTested(p);
    });
  }

  private static Optional<Double> blockMedian(Analysis a, String c, ToDoubleFunction<Run> f) {
    return finite(Quantiles.median(byCondition(a, c).values().stream().mapToDouble(f).filter(Double::isFinite)
        .toArray()));
  }

  private static long sum(Analysis a, java.util.function.ToLongFunction<Run> f) {
    return usable(a).stream().mapToLong(f).sum();
  }

  private static Optional<Double> finite(double v) {
    return Double.isFinite(v) ? Optional.of(v) : Optional.empty();
  }

  // --- entries ---

  private static Quantity pooledShare(String key, String macro, String definition, String c,
                                      java.util.function.ToLongFunction<WireDecomposition> part) {
    return ENTRIES.real(key, macro, definition, Unit.FRACTION, Format.PERCENT_2DP, a -> {
      long n = 0;
      long k = 0;
      for (Run r : byCondition(a, c).values()) {
        n += r.wire().records();
        k += part.applyAsLong(r.wire());
      }
      return n > 0 ? Optional.of((double) k / n) : Optional.empty();
    });
  }

}
