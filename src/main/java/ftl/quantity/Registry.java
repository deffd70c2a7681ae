package ftl.quantity;

import ftl.data.DataSet;
import ftl.data.io.DataException;
import ftl.data.ledger.Instrument;
import ftl.data.ledger.LedgerRow;
import ftl.data.registration.Registration;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.Format;
import ftl.quantity.core.Parallel;
import ftl.quantity.core.Provenance;
import ftl.quantity.core.Quantity.Scope;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.ScannedRun;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;
import ftl.quantity.section.AuditQuantities;
import ftl.quantity.section.BlockConditionQuantities;
import ftl.quantity.section.CampaignQuantities;
import ftl.quantity.section.ClockOffsetQuantities;
import ftl.quantity.section.ConditionQuantities;
import ftl.quantity.section.ConfirmQuantities;
import ftl.quantity.section.DeliveryQuantities;
import ftl.quantity.section.DisplacementQuantities;
import ftl.quantity.section.ExposureQuantities;
import ftl.quantity.section.FifoJvmQuantities;
import ftl.quantity.section.HostQuantities;
import ftl.quantity.section.WireQuantities;
import ftl.quantity.section.GridLawHeldOutQuantities;
import ftl.quantity.section.IsolationQuantities;
import ftl.quantity.section.LedgerQuantities;
import ftl.quantity.section.OmbInflationQuantities;
import ftl.quantity.section.OmbRealQuantities;
import ftl.quantity.section.OmbSystemQuantities;
import ftl.quantity.section.PayloadQuantities;
import ftl.quantity.section.PerfTestQuantities;
import ftl.quantity.section.PriorityPooledQuantities;
import ftl.quantity.section.ReplayQuantities;
import ftl.quantity.section.ThreatQuantities;
import ftl.quantity.section.TimelineQuantities;
import ftl.quantity.verdict.ClaimTests;
import ftl.quantity.verdict.ClaimVerdicts;
import ftl.quantity.verdict.FragilityQuantities;
import ftl.quantity.verdict.PlanCriteria;
import ftl.quantity.verdict.RegisteredTests;
import ftl.quantity.verdict.Registrations;
import ftl.quantity.verdict.ReplicationVerdicts;
import ftl.quantity.verdict.TransientQuantities;
import ftl.stats.GuardAccounting;
import ftl.stats.GuardResult;
import ftl.stats.SignCheck;
import ftl.stats.SignCheckResult;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;

/**
 * The quantity registry: one entry per number the paper states. The paper only ever says what an entry
 * computed. Keys without a campaign or condition suffix are computed over every ok run of the Kafka
 * instrument in every campaign under the data root that pools ({@link
 * ftl.quantity.core.CampaignCatalogue.Family#POOLED}); the no-JVM cross-check has keys of its own.
 */
public final class Registry {

  private final Map<String, Quantity> byKey;
  /** How each verdict's criterion was registered, by verdict key ({@link #registration}). */
  private final Map<String, Registration> registrations;

  /** The verdicts that are not registered tests, with why ({@link ftl.quantity.verdict.RegisteredTests}). */
  private final Map<String, String> notTests;

  private Registry(List<Quantity> entries) {
    this(entries, Map.of(), Map.of());
  }

  private Registry(List<Quantity> entries, Map<String, Registration> registrations, Map<String, String> notTests) {
    this.registrations = Collections.unmodifiableMap(new LinkedHashMap<>(registrations));
    this.notTests = Collections.unmodifiableMap(new LinkedHashMap<>(notTests));
    Map<String, Quantity> m = new LinkedHashMap<>();
    Map<String, String> macros = new LinkedHashMap<>();
    for (Quantity q : entries) {
      if (m.put(q.key(), q) != null) {
        throw new IllegalStateException("duplicate quantity key " + q.key());
      }
      String earlier = macros.put(q.macro(), q.key());
      if (earlier != null) {
        throw new IllegalStateException("macro \\" + q.macro() + " used by " + earlier + " and " + q.key());
      }
    }
    this.byKey = Collections.unmodifiableMap(m);
  }

  /** The registry of the paper without per-condition entries (those need the data's conditions). */
  public static Registry standard() {
    return new Registry(fixed());
  }

  /** The registry of the paper for a data root: the fixed entries, then one set per condition found in its ledgers. */
  public static Registry forData(DataSet data) {
    // the independent sections made on every core (each is cold code, loaded and linked the first time), then put
    // together in this order; a failure is the first section's in this order, as one after the other
    List<Supplier<List<Quantity>>> sections = List.of(Registry::fixed,
        () -> ConditionQuantities.forData(data, List.of(PayloadQuantities::forCampaign,
        BlockConditionQuantities::forCampaign, ConfirmQuantities::forCampaign)), () -> LedgerQuantities.forData(data),
        IsolationQuantities::all,
        ReplayQuantities::all, ClockOffsetQuantities::all, FifoJvmQuantities::all, DeliveryQuantities::all,
        () -> ExposureQuantities.forData(data), () -> AuditQuantities.forData(data),
        () -> GridLawHeldOutQuantities.forData(data),
        () -> DisplacementQuantities.forData(data), PriorityPooledQuantities::all, () -> ThreatQuantities.forData(data),
        () -> OmbRealQuantities.forData(data), TimelineQuantities::all, BlockedCampaigns::all, HostQuantities::all,
        WireQuantities::all,
        () -> OmbSystemQuantities.forData(data), () -> PerfTestQuantities.forData(data), OmbInflationQuantities::all,
        () -> FragilityQuantities.forData(data), TransientQuantities::all);
    List<Quantity> q = new ArrayList<>();
    Parallel.computeEach(sections.size(), i -> sections.get(i).get()).forEach(q::addAll);
    q.addAll(ReplicationVerdicts.forRegistry(q));
    Map<String, Registration> table = Registrations.of(data);
    Map<String, Registration> registrations = new LinkedHashMap<>(table);
    q.addAll(PlanCriteria.forRegistry(data, q, registrations));
    q.addAll(ClaimVerdicts.forRegistry(data, q, registrations));
    Registrations.requireEveryVerdict(data, table, q, registrations);
    Map<String, String> notTests = RegisteredTests.notTests(data);
    q.addAll(ClaimTests.forRegistry(q, registrations, notTests.keySet(), ClaimTests.designs(data)));
    try {
      return new Registry(q, registrations, notTests);
    } catch (IllegalStateException e) {
      // Entries made from campaign and condition names that collide with each other or with a fixed entry.
      throw new DataException(data.displayRoot(), 0, "campaign or condition names collide after making "
          + "registry keys or macros: " + e.getMessage(), null);
    }
  }

  private static List<Quantity> fixed() {
    List<Quantity> q = new ArrayList<>();
    q.add(ledgerCount("runs.total", "RunsTotal",
        "ok runs of the Kafka instrument, over every campaign", r -> 1));
    q.add(Quantity.key("runs.notOk").macro("RunsNotOk")
        .definition("runs of the Kafka instrument whose ledger status is failed or aborted (counted, never analysed)")
        .unit(Unit.COUNT).format(Format.GROUPED_INTEGER).scope(Scope.LEDGERS).function(Registry.class, "notOkRuns")
        .computes(Registry::notOkRuns));
    q.add(runCount("runs.rejected", "RunsRejected",
        "ok runs the sign check rejects: at least one event with a negative ack-referenced span A = recv_ns - ack_ns",
        Provenance.name(SignCheckResult.class, "rejected"), r -> r.rejected() ? 1 : 0));
    q.add(runCount("events.total", "EventsTotal",
        "events of ok runs with all three monotonic stamps (send_ns, ack_ns, recv_ns)",
        Provenance.name(SignCheck.class, "accept"), r -> r.sign().complete()));
    q.add(runCount("events.ackNegative", "NegAckSpans",
        "events whose ack-referenced span A = recv_ns - ack_ns is negative",
        Provenance.name(SignCheck.class, "accept"), r -> r.sign().ackNegative()));
    q.add(runCount("events.sendNegative", "NegFlights",
        "events with all three stamps whose flight T = recv_ns - send_ns is negative (a causal chain: expected zero)",
        Provenance.name(SignCheck.class, "accept"), r -> r.sign().sendNegative()));
    q.add(runCount("events.missingAck", "MissingAcks",
        "events of ok runs whose acknowledgment never came (empty ack_ns; counted, not in events.total)",
        Provenance.name(SignCheck.class, "accept"), r -> r.sign().missingAck()));
    q.add(runCount("events.missingRecv", "MissingDeliveries",
        "events of ok runs never delivered to the consumer (empty recv_ns; counted, not in events.total)",
        Provenance.name(SignCheck.class, "accept"), r -> r.sign().missingRecv()));
    q.add(runCount("omb.runs", "OmbRuns",
        "ok runs with at least one delivered event, over which the positivity guard's retention is computed",
        Provenance.name(GuardResult.class, "retention"), r -> r.guard().taken() > 0 ? 1 : 0));
    q.add(Quantity.key("omb.retention.min").macro("OmbRetentionMin")
        .definition(
        "smallest per-run retention kept/taken of OpenMessaging Benchmark's guard M = recv_ms - create_ms > 0")
        .unit(Unit.FRACTION).format(Format.PERCENT_2DP).scope(Scope.KAFKA_EVENTS)
        .function(GuardResult.class, "retention")
        .computes(a -> retention(a, true)));
    q.add(Quantity.key("omb.retention.max").macro("OmbRetentionMax")
        .definition(
        "largest per-run retention kept/taken of OpenMessaging Benchmark's guard M = recv_ms - create_ms > 0")
        .unit(Unit.FRACTION).format(Format.PERCENT_2DP).scope(Scope.KAFKA_EVENTS)
        .function(GuardResult.class, "retention")
        .computes(a -> retention(a, false)));
    q.add(runCount("omb.dropped", "OmbDropped",
        "delivered events the guard silently drops: M = recv_ms - create_ms <= 0",
        Provenance.name(GuardAccounting.class, "acceptSample"), r -> r.guard().dropped()));
    q.add(runCount("omb.oneTickNegatives", "OneTickNegatives",
        "delivered events with M = recv_ms - create_ms = -1, absorbed by the guard",
        Provenance.name(GuardAccounting.class, "acceptSample"), r -> r.guard().oneTickNegative()));
    q.addAll(CampaignQuantities.all());
    return q;
  }

  /** Ledger rows of the Kafka instrument whose status is not ok; no data when the instrument has no row at all. */
  private static Value notOkRuns(Analysis a) {
    return a.rows(Instrument.KAFKA.word()).isEmpty() ? noData()
        : new Value.Count(a.rows(Instrument.KAFKA.word()).stream().filter(e -> !e.getValue().ok()).count());
  }

  private static Value noData() {
    return new Value.Unavailable("no campaign data present: no ok run of the Kafka instrument under the data root");
  }

  private static Quantity ledgerCount(String key, String macro, String definition,
                                      ToLongFunction<LedgerRow> perOkRow) {
    return Quantity.key(key).macro(macro).definition(definition).unit(Unit.COUNT).format(Format.GROUPED_INTEGER)
        .scope(Scope.LEDGERS)
        .function(Registry.class, "ledgerCount")
        .computes(a -> a.has(Instrument.KAFKA.word())
            ? new Value.Count(a.okRows(Instrument.KAFKA.word()).stream()
            .mapToLong(e -> perOkRow.applyAsLong(e.getValue())).sum())
            : noData());
  }

  private static Quantity runCount(String key, String macro, String definition, String function,
                                   ToLongFunction<ScannedRun> perRun) {
    Function<Analysis, Value> f = a -> a.has(Instrument.KAFKA.word())
        ? new Value.Count(a.runs(Instrument.KAFKA.word()).stream().mapToLong(perRun).sum())
        : noData();
    return Quantity.key(key).macro(macro).definition(definition).unit(Unit.COUNT).format(Format.GROUPED_INTEGER)
        .scope(Scope.KAFKA_EVENTS).function(function).computes(f);
  }

  private static Value retention(Analysis a, boolean min) {
    if (!a.has(Instrument.KAFKA.word())) {
      return noData();
    }
    var stream = a.runs(Instrument.KAFKA.word()).stream().filter(r -> r.guard().taken() > 0)
        .mapToDouble(ScannedRun::retention);
    var r = min ? stream.min() : stream.max();
    return r.isPresent() ? new Value.Real(r.getAsDouble())
        : new Value.Unavailable("no ok run delivered any event");
  }

  /** Rows of the harness audit table of a data root (for the emitted audit table). */
  public static List<Map<String, String>> auditRows(DataSet data) {
    List<Map<String, String>> rows = AuditQuantities.harnesses(data);
    List<Map<String, String>> out = new ArrayList<>();
    for (int i = 0; i < rows.size(); i++) {
      out.add(groupQuantum(rows.get(i), AuditQuantities.quantumKey(i)));
    }
    return out;
  }

  /**
   * A row of the audit table with its whole-number quantum also printed with thousands separators ({@code
   * quantum_ns_grouped}) and the key of the quantity that prints it ({@code quantum_key}, {@link
   * AuditQuantities#quantumKey}); a quantum that is no whole number (empty: unknown) has neither key nor grouping.
   */
  static Map<String, String> groupQuantum(Map<String, String> row, String key) {
    Map<String, String> out = new LinkedHashMap<>(row);
    OptionalLong whole = AuditQuantities.wholeQuantum(row);
    out.put("quantum_ns_grouped", whole.isPresent() ? Format.grouped(whole.getAsLong())
        : row.getOrDefault(AuditQuantities.QUANTUM, ""));
    out.put("quantum_key", whole.isPresent() ? key : "");
    return out;
  }

  /**
   * How the criterion of verdict {@code key} was registered; empty for a quantity that is not a verdict, and for a
   * verdict nothing registers (which is then {@link ftl.data.registration.VerdictKind#EXPLORATORY}: {@link
   * Registrations#kind}).
   */
  public Optional<Registration> registration(String key) {
    return Optional.ofNullable(registrations.get(key));
  }

  /** Every registration, in the order of the verdicts they register (the table's, then the plans'). */
  public List<Registration> registrations() {
    return List.copyOf(registrations.values());
  }

  /**
   * The verdicts that are not registered tests, the tally's unit, with why: combined claims and the halves of two-sided
   * bands ({@link ftl.quantity.verdict.RegisteredTests}).
   */
  public Map<String, String> notTests() {
    return notTests;
  }

  /** Every entry, in registry order. */
  public List<Quantity> all() {
    return List.copyOf(byKey.values());
  }

  /** The entry with this key. */
  public Optional<Quantity> byKey(String key) {
    return Optional.ofNullable(byKey.get(key));
  }

  /** The entry with this macro name (with or without the backslash). */
  public Optional<Quantity> byMacro(String macro) {
    String m = macro.startsWith("\\") ? macro.substring(1) : macro;
    return byKey.values().stream().filter(q -> q.macro().equals(m)).findFirst();
  }
}
