package ftl.report.format;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import ftl.data.ledger.LedgerSchema;
import ftl.data.ledger.RunStatus;
import ftl.report.CampaignFigures;
import ftl.report.CampaignReport;
import ftl.report.ConditionFigures;
import ftl.report.PercentilePlot;
import ftl.report.RuleResult;
import ftl.report.RunFigures;
import ftl.report.Spread;
import ftl.report.TrustRule;
import ftl.stats.GridLaw;
import ftl.stats.GuardCounts;
import ftl.stats.SignCheckResult;
import java.io.UncheckedIOException;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.apache.commons.math3.stat.interval.ConfidenceInterval;

/**
 * {@code ftl report --json}: the same figures, rules and verdict as the text ({@link ReportText}), for machines. Spans
 * in integer nanoseconds (members named {@code _ns}), shares as fractions in [0, 1], host figures in percent ({@code
 * _pct}); a figure that cannot be computed is {@code null}, never NaN. {@link #FORMAT_VERSION} changes when a member
 * changes meaning or is removed; members may be added within a version. Added for {@code --html} ({@link ReportHtml},
 * which embeds this object and draws from it): each span's {@code percentiles} ({@link ftl.report.PercentilePlot}), the
 * negative-A share's {@code ack_negative_interval}, the ledger's {@code setting} over the ok runs, and {@code
 * run_list}, the ok runs in ledger order with their host figures and the run rules they fail.
 */
public final class ReportJson {
  /** The version of this layout, written as {@code version}. */
  public static final int FORMAT_VERSION = 1;

  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private ReportJson() {}

  /** The report as one JSON object (ends with a newline), with the exit code the command returns. */
  public static String render(CampaignReport report, int exitCode) {
    CampaignFigures c = report.figures();
    ObjectNode root = JSON.createObjectNode();
    root.put("format", "ftl-report");
    root.put("version", FORMAT_VERSION);
    root.put("campaign", c.name());
    root.put("folder", c.displayDir());
    root.put("pre_registered", c.preRegistered());
    ObjectNode runs = root.putObject("runs");
    runs.put("total", c.runsTotal());
    for (RunStatus s : RunStatus.values()) {
      runs.put(s.word(), c.runsByStatus().get(s));
    }
    root.put("events", c.eventsTaken());
    root.put("resolution_ns", Spread.RESOLUTION_NANOS);
    root.put("create_ms_quantum_ns", ConditionFigures.CREATE_MS_QUANTUM_NANOS);
    ArrayNode conditions = root.putArray("conditions");
    for (ConditionFigures f : c.conditions()) {
      conditions.add(condition(f));
    }
    ObjectNode setting = root.putObject("setting");
    c.setting().forEach((column, values) -> {
      ArrayNode vs = setting.putArray(column.name());
      values.forEach((v, n) -> vs.addObject().put("value", v).put("runs", n));
    });
    ArrayNode runList = root.putArray("run_list");
    for (RunFigures r : c.runsInLedgerOrder()) {
      runList.add(run(r, report));
    }
    ArrayNode rules = root.putArray("rules");
    for (RuleResult r : report.rules()) {
      rules.add(rule(r, report.failOn().contains(r.rule())));
    }
    ObjectNode verdict = root.putObject("verdict");
    verdict.put("trusted", report.trusted());
    verdict.put("exit_code", exitCode);
    ArrayNode failOn = verdict.putArray("fail_on");
    report.failOnInOrder().forEach(r -> failOn.add(r.id()));
    ArrayNode failed = verdict.putArray("failed");
    report.deciding().forEach(r -> failed.add(r.rule().id()));
    try {
      return JSON.writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e); // a tree of plain values always serialises
    }
  }

  private static ObjectNode condition(ConditionFigures f) {
    ObjectNode o = JSON.createObjectNode();
    o.put("condition", f.condition());
    o.put("runs", f.runs().size());
    ArrayNode ids = o.putArray("run_ids");
    f.runs().forEach(r -> ids.add(r.runId()));
    put(o, "send_interval_ns", f.sendIntervalNanos());
    put(o, "grid_phases_b", f.gridPhases());
    o.set("flight_ns", spread(f.flight(), f.percentiles(RunFigures::flight)));
    o.set("displacement_ns", spread(f.displacement(), f.percentiles(RunFigures::displacement)));
    o.set("ack_span_ns", spread(f.ackSpan(), f.percentiles(RunFigures::ackSpan)));
    SignCheckResult s = f.sign();
    ObjectNode sign = o.putObject("sign");
    sign.put("events", s.eventsTaken());
    sign.put("complete", s.complete());
    sign.put("missing_ack", s.missingAck());
    sign.put("missing_recv", s.missingRecv());
    sign.put("ack_negative", s.ackNegative());
    share(sign, "ack_negative_share", s.ackNegativeRate().value());
    Optional<ConfidenceInterval> ci = f.ackNegativeInterval();
    if (ci.isPresent()) {
      ObjectNode i = sign.putObject("ack_negative_interval");
      i.put("method", "Clopper-Pearson, events as independent draws");
      i.put("confidence", ci.get().getConfidenceLevel());
      i.put("lower", ci.get().getLowerBound());
      i.put("upper", ci.get().getUpperBound());
    } else {
      sign.putNull("ack_negative_interval");
    }
    sign.put("runs_with_negative_a", f.runsWithNegativeA());
    GuardCounts g = f.guard();
    ObjectNode guard = o.putObject("guard");
    guard.put("taken", g.taken());
    guard.put("kept", g.kept());
    guard.put("zero", g.droppedZero());
    guard.put("negative", g.droppedNegative());
    guard.put("one_tick_negative", g.oneTickNegative());
    guard.put("without_m", g.withoutM());
    share(guard, "retention", g.retention().value());
    GridLaw.RunPrediction p = f.grid();
    ObjectNode grid = o.putObject("grid_law");
    grid.put("events", p.events());
    grid.put("predicted_kept", p.predictedKept());
    grid.put("observed_kept", p.observedKept());
    grid.put("agreeing", p.agreeing());
    grid.put("skipped", p.skipped());
    share(grid, "predicted_retention", p.predictedRetention().value());
    ObjectNode pacing = o.putObject("pacing");
    put(pacing, "lag_p50_ns", f.pacingLagP50Nanos());
    put(pacing, "lag_max_ns", f.pacingLagMaxNanos());
    pacing.put("catch_up_pairs", f.catchUp().count());
    pacing.put("pairs", f.catchUp().total());
    share(pacing, "catch_up_share", f.catchUp().value());
    put(pacing, "catch_up_max_run_share", f.maxOver(r -> r.catchUp().defined() ? OptionalDouble.of(r.catchUp().value())
        : OptionalDouble.empty()));
    ObjectNode host = o.putObject("host");
    put(host, "steal_pct_max", f.maxOver(RunFigures::stealPercent));
    put(host, "other_run_pct_max", f.maxOver(RunFigures::otherRunPercent));
    return o;
  }

  /** One ok run: its ledger place, setting, host figures, and the disturbance rules it fails. */
  private static ObjectNode run(RunFigures r, CampaignReport report) {
    ObjectNode o = JSON.createObjectNode();
    o.put("run_id", r.runId());
    o.put("condition", r.row().condition());
    o.put("ledger_line", r.row().line());
    o.put("started_at", r.row().field(LedgerSchema.STARTED_AT));
    o.put("boot_id", r.row().field(LedgerSchema.BOOT_ID));
    o.put("clocksource", r.row().field(LedgerSchema.CLOCKSOURCE));
    put(o, "pacing_lag_p50_ns", r.pacingLagP50Nanos());
    put(o, "pacing_lag_max_ns", r.pacingLagMaxNanos());
    share(o, "catch_up_share", r.catchUp().value());
    put(o, "steal_pct", r.stealPercent());
    put(o, "other_run_pct", r.otherRunPercent());
    o.put("complete", r.sign().complete());
    o.put("ack_negative", r.sign().ackNegative());
    ArrayNode flags = o.putArray("fails");
    for (RuleResult x : report.rules()) {
      if (x.failingAt().contains(r.runId()) && x.unit().equals("runs")) {
        flags.add(x.rule().id());
      }
    }
    return o;
  }

  private static ObjectNode rule(RuleResult r, boolean decides) {
    ObjectNode o = JSON.createObjectNode();
    TrustRule rule = r.rule();
    o.put("rule", rule.id());
    o.put("outcome", r.outcome().word());
    o.put("decides", decides);
    o.put("judges", rule.statement().summary());
    o.put("fails_when", rule.statement().failsWhen());
    o.put("bound", r.bound());
    o.put("bound_from_plan", r.boundFromPlan());
    o.put("judged", r.judged());
    o.put("unit", r.unit());
    o.put("failing", r.failing());
    ArrayNode at = o.putArray("failing_at");
    r.failingAt().forEach(at::add);
    share(o, "worst", r.worst());
    o.put("worst_at", r.worstAt());
    o.put("evidence", r.evidence());
    return o;
  }

  private static ObjectNode spread(Spread s, PercentilePlot plot) {
    ObjectNode o = JSON.createObjectNode();
    o.put("count", s.count());
    ArrayNode points = o.putArray("percentiles");
    for (PercentilePlot.Point p : plot.points()) {
      points.addObject().put("percentile", p.percentile()).put("value_ns", p.valueNanos());
    }
    if (!s.defined()) {
      for (String k : new String[] {"min", "p50", "p99", "p99_9", "max"}) {
        o.putNull(k);
      }
      return o;
    }
    o.put("min", s.minNanos());
    o.put("p50", s.p50Nanos());
    o.put("p99", s.p99Nanos());
    o.put("p99_9", s.p999Nanos());
    o.put("max", s.maxNanos());
    return o;
  }

  private static void share(ObjectNode o, String key, double v) {
    if (Double.isNaN(v)) {
      o.putNull(key);
    } else {
      o.put(key, v);
    }
  }

  private static void put(ObjectNode o, String key, OptionalLong v) {
    if (v.isPresent()) {
      o.put(key, v.getAsLong());
    } else {
      o.putNull(key);
    }
  }

  private static void put(ObjectNode o, String key, OptionalDouble v) {
    if (v.isPresent()) {
      o.put(key, v.getAsDouble());
    } else {
      o.putNull(key);
    }
  }
}
