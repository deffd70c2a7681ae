package ftl.emit;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.data.DataSet;
import ftl.data.registration.Criteria;
import ftl.data.registration.Registration;
import ftl.data.registration.VerdictKind;
import ftl.quantity.core.Computed;
import ftl.quantity.core.Format;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;
import ftl.quantity.core.Layout;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link TableRows} from hand-made computed quantities: which rows exist (only where their keys do), their order, the
 * cells they carry, and the figures' point numbering. The data-bound rows read the synthetic root {@code full} of the
 * registry fixtures (campaigns modeA, modeB, nojvm, payload; payload conditions pb100/pb1000 x start phases 100, 700,
 * 900 us; modeB conditions s1ms, s1250us and nointerval, none with a start phase).
 */
class TableRowsTest {
  private static final DataSet FULL = DataSet.scan(Path.of("src/test/resources/ftl/quantity/roots/full"), "full");

  private final List<Computed> q = new ArrayList<>();

  @BeforeEach
  void clear() {
    q.clear();
  }

  /** A computed quantity of {@code key} with {@code value}; its LaTeX is {@code L(key)} so a cell can be traced. */
  private void put(String key, Value value) {
    q.add(new Computed(Quantity.key(key).macro("M").definition("test entry " + key).unit(Unit.DIMENSIONLESS)
        .format(Format.REAL_3SF)
        .scope(Quantity.Scope.TABLE).function("ftl.emit.TableRowsTest#put").computes(a -> value), value, key, "L("
        + key + ")"));
  }

  private void real(String key, double v) {
    put(key, new Value.Real(v));
  }

  private void missing(String key) {
    put(key, new Value.Unavailable("none"));
  }

  private TableRows rows(DataSet data) {
    return TableRows.of(data, q, List.of());
  }

  /**
   * Rows of the full root for a test about other tables: the root has ok modeA runs, and the emitter refuses an empty
   * collapse figure for such a root (TeX could not draw it), so one complete stratum is given unless the test gave one.
   */
  private TableRows rowsWithAFigure(DataSet data) {
    Layout.CollapseStratum s = Layout.collapseStrata().get(0);
    if (q.stream().noneMatch(c -> c.quantity().key().equals(s.key() + ".ratio"))) {
      real(s.key() + ".ratio", 2);
      real(s.key() + ".lower", 1.5);
      real(s.key() + ".upper", 2.5);
    }
    return rows(data);
  }

  private static String seg(String condition) {
    return Layout.conditionSegment(condition);
  }

  @Test
  void cell_availableOrNot_linksOnlyAValue() {
    real("a.b", 1);
    missing("a.c");
    TableRows.Cell c = TableRows.Cell.of(q.get(0));
    assertThat(c.linked()).isEqualTo("\\ftlQuantity{a.b}{L(a.b)}");
    assertThat(TableRows.Cell.of(q.get(1)).linked()).isEqualTo("L(a.c)");
    assertThat(TableRows.Cell.MISSING.linked()).isEqualTo("n/a");
  }

  @Test
  void collapse_strataWithARatio_rowsInLayoutOrderWithTheirFourCells() {
    Layout.CollapseStratum first = Layout.collapseStrata().get(0);
    Layout.CollapseStratum last = Layout.collapseStrata().get(Layout.collapseStrata().size() - 1);
    real(last.key() + ".ratio", 2);
    real(first.key() + ".ratio", 3);
    real(first.key() + ".lower", 1);
    TableRows t = rows(null);
    assertThat(t.collapse().table()).hasSize(2);
    TableRows.CollapseRow r = t.collapse().table().get(0);
    assertThat(r.geometry()).isEqualTo(first.geometry());
    assertThat(r.loadPct()).isEqualTo(first.loadPct());
    assertThat(r.acks()).isEqualTo(first.acks());
    assertThat(r.sendIntervalMicros()).isEqualTo(first.sendIntervalMicros());
    assertThat(r.ratio().latex()).isEqualTo("L(" + first.key() + ".ratio)");
    assertThat(r.lower().latex()).isEqualTo("L(" + first.key() + ".lower)");
    assertThat(r.upper()).isEqualTo(TableRows.Cell.MISSING);
    assertThat(t.collapse().table().get(1).ratio().key()).isEqualTo(last.key() + ".ratio");
  }

  @Test
  void collapsePoints_completeStrataByLoadThenIsolation_numberedFromOne() {
    Layout.CollapseStratum load50 = Layout.collapseStrata().stream().filter(s -> s.loadPct().equals("50")).findFirst()
        .orElseThrow();
    Layout.CollapseStratum load0 = Layout.collapseStrata().stream().filter(s -> s.loadPct().equals("0"))
        .reduce((a, b) -> b).orElseThrow();
    for (Layout.CollapseStratum s : List.of(load50, load0)) {
      real(s.key() + ".ratio", 4);
      real(s.key() + ".lower", 2);
      real(s.key() + ".upper", 8);
    }
    Layout.CollapseStratum incomplete = Layout.collapseStrata().get(1);
    real(incomplete.key() + ".ratio", 4);
    missing(incomplete.key() + ".lower");
    real(incomplete.key() + ".upper", 8);
    String broker = Layout.isolationBrokers().get(0);
    String load = Layout.isolationLoads().get(0);
    String k = Layout.isolationCollapseKey(broker, load);
    real(k, 1.5);
    real(k + ".lower", 1);
    real(k + ".upper", 2);
    List<TableRows.CollapsePoint> p = rows(null).collapsePoints();
    assertThat(p).extracting(TableRows.CollapsePoint::idx).containsExactly(1, 2, 3);
    assertThat(p.get(0).load()).isEqualTo("0");
    assertThat(p.get(0).group()).isEqualTo("modeA");
    assertThat(p.get(0).label()).isEqualTo(load0.geometry().substring(0, 2) + "/acks" + load0.acks() + "/s"
        + load0.sendIntervalMicros() + "us/L0");
    assertThat(p.get(1).load()).isEqualTo("50");
    assertThat(List.of(p.get(1).ratio(), p.get(1).lower(), p.get(1).upper())).containsExactly(4.0, 2.0, 8.0);
    assertThat(p.get(2).group()).isEqualTo("isolation-" + broker);
    assertThat(p.get(2).label()).isEqualTo("iso/" + broker + "/L" + load);
    assertThat(p.get(2).ratio()).isEqualTo(1.5);
    // strata packed closer than named points; one tick for modeA's strata, one per other point; no data root: no clock
    assertThat(p.get(1).x() - p.get(0).x()).isLessThan(p.get(2).x() - p.get(1).x());
    TableRows.CollapseFigure f = rows(null).collapse().figure();
    assertThat(f.ticks()).extracting(TableRows.CollapseTick::labelLatex).containsExactly("modeA strata",
        "isolation " + ("all".equals(broker) ? "free" : "confined") + " L" + load);
    assertThat(f.series()).singleElement().isEqualTo(new TableRows.CollapseSeries("threads-c1", false, 1, "--"));
    assertThat(p).extracting(TableRows.CollapsePoint::series).containsOnly("threads-c1");
    assertThat(f.xmax()).isGreaterThan(p.get(2).x());
  }

  @Test
  void collapseFigure_campaignWideFactors_namedPointsInTheirOwnSeries() {
    List<Layout.CampaignCollapse> all = Layout.campaignCollapses();
    assertThat(all).extracting(Layout.CampaignCollapse::campaign).contains("fifojvm", "confirm", "setting",
        "rabbitmq-manip", "nats-manip", "nats-manip2");
    assertThat(all).filteredOn(c -> c.campaign().equals("setting")).extracting(Layout.CampaignCollapse::key)
        .containsExactly("setting.collapseThreadsShort", "setting.collapseJvmShort", "setting.collapseThreadsLong",
            "setting.collapseJvmLong");
    Layout.CampaignCollapse jvm = all.stream().filter(c -> c.campaign().equals("confirm") && c.wholeJvm()).findFirst()
        .orElseThrow();
    real(jvm.key(), 9);
    real(jvm.key() + ".lower", 6);
    real(jvm.key() + ".upper", 13);
    TableRows.CollapseFigure f = rows(null).collapse().figure();
    assertThat(f.points()).singleElement().satisfies(q -> {
      assertThat(q.group()).isEqualTo("confirm");
      assertThat(q.series()).isEqualTo("jvm-c1");
      assertThat(q.label()).isEqualTo("confirm/JVM");
    });
    assertThat(f.ticks()).extracting(TableRows.CollapseTick::labelLatex).containsExactly("confirm JVM");
  }

  @Test
  void collapseFigure_kafkaThenOtherSystems_splitBetweenThemWithTheirNames() {
    List<Layout.CampaignCollapse> all = Layout.campaignCollapses();
    assertThat(all.subList(all.size() - 3, all.size())).extracting(Layout.CampaignCollapse::campaign)
        .as("the other systems' campaigns come last").containsExactly("rabbitmq-manip", "nats-manip", "nats-manip2");
    for (String campaign : List.of("confirm", "rabbitmq-manip", "nats-manip")) {
      Layout.CampaignCollapse c = all.stream().filter(x -> x.campaign().equals(campaign)).findFirst().orElseThrow();
      real(c.key(), 2);
      real(c.key() + ".lower", 1);
      real(c.key() + ".upper", 3);
    }
    TableRows.CollapseFigure f = rows(null).collapse().figure();
    assertThat(f.points()).extracting(TableRows.CollapsePoint::group)
        .containsExactly("confirm", "rabbitmq-manip", "nats-manip");
    double kafka = f.points().get(0).x();
    double rabbit = f.points().get(1).x();
    assertThat(rabbit - kafka).as("a wider gap where the system changes").isGreaterThan(f.points().get(2).x() - rabbit);
    assertThat(f.split()).singleElement().satisfies(s -> {
      assertThat(s.x()).isStrictlyBetween(kafka, rabbit);
      assertThat(s.kafkaX()).isEqualTo(kafka);
      assertThat(s.othersX()).isStrictlyBetween(s.x(), f.xmax());
      assertThat(s.othersLatex()).isEqualTo("RabbitMQ,\\\\NATS");
    });
  }

  @Test
  void collapseFigure_kafkaOnly_noSplit() {
    Layout.CampaignCollapse c = Layout.campaignCollapses().get(0);
    real(c.key(), 2);
    real(c.key() + ".lower", 1);
    real(c.key() + ".upper", 3);
    assertThat(rows(null).collapse().figure().split()).isEmpty();
  }

  @Test
  void exposureCurveAndBandPoints_onlyPointsWithBothValues() {
    real(Layout.exposureCurveFlightKey(1), 100);
    real(Layout.exposureCurveRelErrorKey(1), 0.5);
    real(Layout.exposureCurveFlightKey(2), 200);
    real(Layout.exposureCurveFlightKey(3), 300);
    put(Layout.exposureCurveRelErrorKey(3), new Value.Count(2));
    real("onedlaw.band.flight.modeA.band2", 700);
    real("onedlaw.band.relError.modeA.band2", 0.1);
    real("onedlaw.band.flight.modeA.band3", 900);
    real(Layout.exposureLawRelErrorKey(2), 3);
    TableRows t = rows(null);
    assertThat(t.exposure().curve()).containsExactly(new TableRows.CurvePoint(100, 0.5),
        new TableRows.CurvePoint(300, 2));
    assertThat(t.exposure().law()).as("the law's points beside the fit's, each where both of its values exist")
        .containsExactly(new TableRows.CurvePoint(200, 3));
    assertThat(t.exposure().bands()).containsExactly(new TableRows.CurvePoint(700, 0.1));
  }

  @Test
  void of_withoutData_rowsThatNeedTheDataAreEmpty() {
    real("campaign.runs.modeA", 3);
    real("runs.modeA." + seg("c-d1"), 1);
    TableRows t = rows(null);
    assertThat(t.measured().campaigns()).isEmpty();
    assertThat(t.measured().conditions()).isEmpty();
    assertThat(t.measured().payload()).isEmpty();
    assertThat(t.measured().retention()).isEmpty();
    assertThat(t.exposure().published()).isEmpty();
  }

  @Test
  void campaignsAndConditions_onlyCampaignsWithRunsAndConditionsWithEntries() {
    for (String stat : List.of("runs", "conditions", "runsPerCondition", "eventsPerRun", "warmupEvents",
        "sendLagP99")) {
      real("campaign." + stat + ".modeA", 1);
    }
    real("campaign.runs.payload", 6);
    real("runs.modeA." + seg("c-d1"), 2);
    real("ackNegative.rate.modeA." + seg("c-d1"), 0.25);
    real("runs.modeA." + seg("c-f1"), 2);
    TableRows t = rowsWithAFigure(FULL);
    assertThat(t.measured().campaigns()).extracting(TableRows.CampaignRow::campaign)
        .containsExactly("modeA", "payload");
    TableRows.CampaignRow a = t.measured().campaigns().get(0);
    assertThat(a.warmupEvents().latex()).isEqualTo("L(campaign.warmupEvents.modeA)");
    assertThat(t.measured().campaigns().get(1).sendLagP99()).isEqualTo(TableRows.Cell.MISSING);
    assertThat(t.measured().conditions()).extracting(TableRows.CampaignConditions::campaign)
        .containsExactly("modeA", "payload");
    List<TableRows.ConditionRow> modeA = t.measured().conditions().get(0).rows();
    assertThat(modeA).extracting(TableRows.ConditionRow::condition).containsExactly("c-d1", "c-f1");
    assertThat(modeA.get(0).ackNegativeRate().latex()).isEqualTo("L(ackNegative.rate.modeA." + seg("c-d1") + ")");
    assertThat(modeA.get(1).ackNegativeRate()).isNull();
    assertThat(modeA.get(0).retentionMin()).isEqualTo(TableRows.Cell.MISSING);
    assertThat(t.measured().conditions().get(1).rows()).isEmpty();
  }

  @Test
  void payload_byPayloadBytesThenStartPhase() {
    for (String c : List.of("pb1000-ph100", "pb100-ph900", "pb100-ph700", "pb1000-ph700", "pb100-ph100")) {
      real("retention.median.payload." + seg(c), 0.5);
    }
    real("runs.payload." + seg("pb100-ph100"), 3);
    List<TableRows.PayloadRow> p = rowsWithAFigure(FULL).measured().payload();
    assertThat(p).extracting(TableRows.PayloadRow::condition)
        .containsExactly("pb100-ph100", "pb100-ph700", "pb100-ph900", "pb1000-ph100", "pb1000-ph700");
    assertThat(p.get(0).runs().latex()).isEqualTo("L(runs.payload." + seg("pb100-ph100") + ")");
    assertThat(p.get(1).runs()).isEqualTo(TableRows.Cell.MISSING);
  }

  @Test
  void retention_uncontrolledPhaseConditionsWithAnInterval_bySendInterval() {
    real("sendInterval.modeB." + seg("s1250us"), 1_250_000);
    real("sendInterval.modeB." + seg("s1ms"), 1_000_000);
    missing("sendInterval.modeB." + seg("nointerval"));
    real("gridlaw.heldout.condition.medianAbsError.modeB." + seg("s1250us"), 0.01);
    List<TableRows.RetentionRow> r = rowsWithAFigure(FULL).measured().retention();
    assertThat(r).extracting(TableRows.RetentionRow::condition).containsExactly("s1ms", "s1250us");
    assertThat(r.get(0).heldOutError()).isNull();
    assertThat(r.get(1).heldOutError().latex())
        .isEqualTo("L(gridlaw.heldout.condition.medianAbsError.modeB." + seg("s1250us") + ")");
  }

  @Test
  void bands_modeAFirstThenDataOrder_fromTheFirstTableBand() {
    real("onedlaw.slope.payload", 0.1);
    real("onedlaw.slope.modeA", 0.2);
    real("onedlaw.band.runs.modeA.band" + TableRows.FIRST_TABLE_BAND, 5);
    List<TableRows.BandsRow> b = rowsWithAFigure(FULL).measured().bands();
    assertThat(b).extracting(TableRows.BandsRow::campaign).containsExactly("modeA", "payload");
    assertThat(b.get(0).bands()).hasSize(Layout.flightBands() - TableRows.FIRST_TABLE_BAND + 1);
    assertThat(b.get(0).bands().get(0).runs().latex())
        .isEqualTo("L(onedlaw.band.runs.modeA.band" + TableRows.FIRST_TABLE_BAND + ")");
    assertThat(b.get(0).bands().get(0).relError()).isEqualTo(TableRows.Cell.MISSING);
    assertThat(b.get(1).verdict()).isEqualTo(TableRows.Cell.MISSING);
    // without data only modeA's row can exist
    assertThat(rows(null).measured().bands()).extracting(TableRows.BandsRow::campaign).containsExactly("modeA");
  }

  @Test
  void published_flightRowsOfTheAuditTable_withTheirPercentile() {
    List<Integer> flights = Layout.publishedFlightRows(FULL);
    assertThat(flights).isNotEmpty();
    int row = flights.get(0);
    real("exposure.published.flight" + row, 100);
    real("exposure.relError.published" + row, 0.2);
    put("exposure.published.percentile" + row, new Value.Count(50));
    assertThat(rowsWithAFigure(FULL).exposure().published())
        .containsExactly(new TableRows.PublishedPoint(row, 100, 0.2, 50));
  }

  /** A computed verdict of {@code key}: the replication table finds a claim's tests among the registry's verdicts. */
  private void verdict(String key, Value value) {
    q.add(new Computed(Quantity.key(key).macro("M").definition("test verdict " + key).unit(Unit.DIMENSIONLESS)
        .format(Format.VERDICT)
        .scope(Quantity.Scope.TABLE).function("ftl.emit.TableRowsTest#verdict").computes(a -> value), value, key, "L("
        + key + ")"));
  }

  @Test
  void replicationAndOriginalCollapse_fromTheClaims() {
    real("our.a", 1);
    real("our.b", 2);
    real("collapse.range.modeA", 2);
    put("summary.priorityCollapse", new Value.Verdict(true, "1 of 1"));
    verdict("replication.priorityCollapse", new Value.Verdict(true, "basis"));
    verdict("criterion.nats.collapseJvmOriginal", new Value.Verdict(false, "another system: not a row"));
    verdict("criterion.other.collapseThreadsOriginal", new Value.Verdict(true, "a campaign the catalogue lacks"));
    verdict("criterion.other.priorityCollapse", new Value.Verdict(true, "combined: not a test"));
    List<OriginalStudy.Claim> claims = List.of(
        new OriginalStudy.Claim("priority collapse", "7 to 80x", List.of("our.a", "our.b"), "summary.priorityCollapse",
        "n_1", 2),
        new OriginalStudy.Claim("priority collapse (other)", "large", List.of(""), "", "", 3),
        new OriginalStudy.Claim("a size", "12", List.of("our.a"), "", "", 4));
    Registration reg = new Registration("replication.priorityCollapse", List.of("modeA", "fifojvm"),
        VerdictKind.EXPLORATORY, "r", "commit x", -1, -1, "", "", "data/registrations.csv:2", "");
    TableRows t = TableRows.of(null, q, claims, Map.of(reg.verdictKey(), reg),
        Set.of("criterion.other.priorityCollapse"));
    assertThat(t.collapse().original()).containsExactly(new TableRows.OriginalRange("7", "80"));
    List<TableRows.ReplicationRow> r = t.claims().replication();
    assertThat(r).hasSize(3);
    assertThat(r.get(0).summary().key()).isEqualTo("summary.priorityCollapse");
    assertThat(r.get(0).noteLatex()).isEqualTo("n\\_1");
    assertThat(r.get(0).tests()).extracting(TableRows.ReplicationTest::verdict).extracting(TableRows.Cell::key)
        .containsExactly("replication.priorityCollapse", "criterion.other.collapseThreadsOriginal");
    TableRows.ReplicationTest first = r.get(0).tests().get(0);
    assertThat(first.kindLatex()).isEqualTo("exploratory");
    assertThat(first.campaignLatex()).isEqualTo("modeA, fifojvm");
    assertThat(first.hostLatex()).isEqualTo("--");
    assertThat(first.designLatex()).isEqualTo("--");
    assertThat(first.estimate().key()).isEqualTo("collapse.range.modeA");
    assertThat(first.lower()).isEqualTo(TableRows.Cell.MISSING);
    assertThat(first.eventsPerRun()).isEqualTo(TableRows.Cell.MISSING);
    TableRows.ReplicationTest unregistered = r.get(0).tests().get(1);
    assertThat(unregistered.kindLatex()).isEqualTo("exploratory");
    assertThat(unregistered.campaignLatex()).isEqualTo("--");
    assertThat(unregistered.nameLatex()).isEqualTo("collapseThreadsOriginal");
    assertThat(r.get(1).summary()).isNull();
    assertThat(r.get(1).ours()).isNull();
    assertThat(r.get(1).tests()).isEmpty();
    assertThat(r.get(2).ours()).extracting(TableRows.Cell::key).containsExactly("our.a");
  }

  @Test
  void confirm_theConfirmatoryCampaign_oneRowPerRuleAndClaimInPlanOrder() {
    DataSet confirm = DataSet.scan(Path.of("src/test/resources/ftl/quantity/roots/confirm"), "confirm");
    real("confirm.negativeRate.base", 0.5);
    real("confirm.negativeRate.base.lower", 0.06);
    real("confirm.negativeRate.base.upper", 0.94);
    put("confirm.flightNegative", new Value.Count(0));
    put("criterion.confirm.negativeSpans", new Value.Verdict(true, "b"));
    put("criterion.confirm.noNegativeFlight", new Value.Verdict(true, "b"));
    put("criterion.confirm.both", new Value.Verdict(true, "b"));
    List<TableRows.ConfirmRow> r = TableRows.of(confirm, q, List.of()).claims().confirm();
    assertThat(r).extracting(TableRows.ConfirmRow::idLatex).containsExactly("negative\\allowbreak{}Spans",
        "no\\allowbreak{}Negative\\allowbreak{}Flight", "both");
    assertThat(r.get(0).statistic().key()).isEqualTo("confirm.negativeRate.base");
    assertThat(r.get(0).lower().key()).isEqualTo("confirm.negativeRate.base.lower");
    assertThat(r.get(0).upper().latex()).isEqualTo("L(confirm.negativeRate.base.upper)");
    assertThat(r.get(0).ruleLatex()).isEqualTo("interval above 1\\%");
    assertThat(r.get(0).expectedLatex()).isEqualTo("held");
    assertThat(r.get(0).verdict().key()).isEqualTo("criterion.confirm.negativeSpans");
    assertThat(r.get(1).lower()).isEqualTo(TableRows.Cell.MISSING);
    assertThat(r.get(1).ruleLatex()).isEqualTo("at most 0");
    assertThat(r.get(1).expectedLatex()).isEqualTo("--");
    assertThat(r.get(2).statistic()).isEqualTo(TableRows.Cell.MISSING);
    assertThat(r.get(2).ruleLatex()).isEqualTo("all of negativeSpans, noNegativeFlight");
    assertThat(rowsWithAFigure(FULL).claims().confirm()).as("no confirmatory campaign in root full").isEmpty();
  }

  @Test
  void systemPoints_eachSystemWithBothValues_inCatalogueOrder() {
    real("nats.flightMedian.si1ms", 209);
    real("nats.exposure.si1ms", 0.98);
    real("rabbitmq.flightMedian.si1ms", 250);
    missing("rabbitmq.exposure.si1ms");
    assertThat(rowsWithAFigure(FULL).exposure().systems())
        .containsExactly(new TableRows.SystemPoint("nats", 209, 0.98));
    real("rabbitmq.exposure.si1ms", 0.8);
    q.removeIf(c -> c.quantity().key().equals("rabbitmq.exposure.si1ms") && !(c.value() instanceof Value.Real));
    assertThat(rowsWithAFigure(FULL).exposure().systems()).containsExactly(
        new TableRows.SystemPoint("rabbitmq", 250, 0.8),
        new TableRows.SystemPoint("nats", 209, 0.98));
  }

  @Test
  void systemRows_andOwnTables_theOtherSystemsAndTheirTools() {
    assertThat(TableRows.ownTable("rabbitmq")).isTrue();
    assertThat(TableRows.ownTable("omb-nats")).isTrue();
    assertThat(TableRows.ownTable("perftest")).isTrue();
    assertThat(TableRows.ownTable("omb-real")).isFalse();
    assertThat(TableRows.ownTable("not-a-campaign")).isFalse();
    assertThat(rowsWithAFigure(FULL).claims().systems()).as("no campaign on another system in root full").isEmpty();
  }

  @Test
  void confirmatory_onlyTheCataloguesConfirmatoryCampaigns() {
    assertThat(TableRows.confirmatory("confirm")).isTrue();
    assertThat(TableRows.confirmatory("modeA")).isFalse();
    assertThat(TableRows.confirmatory("not-a-campaign")).isFalse();
  }

  @Test
  void ruleLatex_everyComparison_printsItsThresholdInWords() {
    BiFunction<Criteria.Comparison, List<BigDecimal>, String> rule = (c, t) ->
        TableRows.ruleLatex(new Criteria.Rule("r", "c", false, "k", c, "", "", t, c == Criteria.Comparison.GT
            ? "1" : "ratio", "block", List.of(), Optional.empty(), 1, Map.of()));
    List<BigDecimal> one = List.of(new BigDecimal("7"));
    assertThat(rule.apply(Criteria.Comparison.LT, one)).isEqualTo("below 7x");
    assertThat(rule.apply(Criteria.Comparison.LE, one)).isEqualTo("at most 7x");
    assertThat(rule.apply(Criteria.Comparison.GE, one)).isEqualTo("at least 7x");
    assertThat(rule.apply(Criteria.Comparison.GT, one)).isEqualTo("above 7");
    assertThat(rule.apply(Criteria.Comparison.INTERVAL_ABOVE, one)).isEqualTo("interval above 7x");
    assertThat(rule.apply(Criteria.Comparison.INTERVAL_BELOW, one)).isEqualTo("interval below 7x");
    assertThat(rule.apply(Criteria.Comparison.INTERVAL_EXCLUDES, one)).isEqualTo("interval excludes 7x");
    assertThat(rule.apply(Criteria.Comparison.INTERVAL_WITHIN,
        List.of(new BigDecimal("0.667"), new BigDecimal("1.5")))).isEqualTo("interval within 0.667x to 1.5x");
  }

  @Test
  void breakable_camelCase_allowsABreakBeforeEachInnerCapital() {
    assertThat(TableRows.breakable("collapseThreadsS1")).isEqualTo("collapse\\allowbreak{}Threads\\allowbreak{}S1");
    assertThat(TableRows.breakable("both")).isEqualTo("both");
    assertThat(TableRows.breakable("ABC")).isEqualTo("ABC");
  }

  static Stream<Arguments> thresholds() {
    return Stream.of(
        Arguments.of("a ratio with x", "7", "ratio", "7x"),
        Arguments.of("a fraction as a percentage", "0.01", "fraction", "1\\%"),
        Arguments.of("a fraction of a whole percent", "0.10", "fraction", "10\\%"),
        Arguments.of("a count as it is", "0", "count", "0"),
        Arguments.of("a dimensionless number as it is", "0.05", "1", "0.05"),
        Arguments.of("microseconds with the micro sign", "500", "us", "500\\,\\textmu{}s"),
        Arguments.of("another unit by its symbol", "3", "ms", "3\\,ms"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource
  void thresholds(String label, String value, String unit, String latex) {
    assertThat(TableRows.threshold(new BigDecimal(value), unit)).isEqualTo(latex);
  }
}
