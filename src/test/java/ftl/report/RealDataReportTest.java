package ftl.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import ftl.data.Campaign;
import ftl.data.DataSet;
import ftl.data.ledger.Event;
import ftl.data.ledger.LedgerRow;
import ftl.data.ledger.LedgerSchema;
import ftl.stats.Quantiles;
import ftl.trust.Outcome;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code ftl report} on committed campaigns of {@code data/}, held to sources it does not compute from: the counts the
 * instrument wrote into each ledger row while the run ran ({@code events_complete}, {@code ack_negative},
 * {@code omb_taken}, {@code omb_kept}, {@code omb_zero}, {@code omb_negative}, {@code omb_one_tick_negative},
 * {@code pacing_burst_share}), and percentiles taken by sorting the condition's events read directly.
 */
class RealDataReportTest {
  static final Path DATA = Path.of("data");

  static final CampaignReport CLUSTER =
      CampaignReport.of(DataSet.campaignAt(DATA.resolve("cluster"), "data"), EnumSet.allOf(TrustRule.class));

  static Stream<String> campaigns() {
    return Stream.of("cluster", "modeB", "rabbitmq-queues"); // Kafka replicated, the guard's campaign, another system
  }

  @ParameterizedTest
  @MethodSource("campaigns")
  void conditionCounts_realCampaign_equalTheLedgersOwnCounts(String name) {
    Campaign c = DataSet.campaignAt(DATA.resolve(name), "data");
    CampaignFigures f = name.equals("cluster") ? CLUSTER.figures() : CampaignFigures.of(c);
    assertThat(f.runsOk()).isEqualTo(c.runs().stream().filter(LedgerRow::ok).count());
    for (ConditionFigures cf : f.conditions()) {
      List<LedgerRow> rows = c.runs().stream().filter(r -> r.ok() && r.condition().equals(cf.condition())).toList();
      assertThat(cf.runs()).hasSameSizeAs(rows);
      assertThat(cf.sign().complete()).as(cf.condition()).isEqualTo(sum(rows, LedgerSchema.EVENTS_COMPLETE));
      assertThat(cf.sign().ackNegative()).as(cf.condition()).isEqualTo(sum(rows, LedgerSchema.ACK_NEGATIVE));
      assertThat(cf.guard().taken()).as(cf.condition()).isEqualTo(sum(rows, LedgerSchema.OMB_TAKEN));
      assertThat(cf.guard().kept()).as(cf.condition()).isEqualTo(sum(rows, LedgerSchema.OMB_KEPT));
      assertThat(cf.guard().droppedZero()).as(cf.condition()).isEqualTo(sum(rows, LedgerSchema.OMB_ZERO));
      assertThat(cf.guard().droppedNegative()).as(cf.condition()).isEqualTo(sum(rows, LedgerSchema.OMB_NEGATIVE));
      assertThat(cf.guard().oneTickNegative()).as(cf.condition())
          .isEqualTo(sum(rows, LedgerSchema.OMB_ONE_TICK_NEGATIVE));
      assertThat(cf.runsWithNegativeA()).as(cf.condition())
          .isEqualTo(rows.stream().filter(r -> Long.parseLong(r.field(LedgerSchema.ACK_NEGATIVE)) > 0).count());
      for (RunFigures r : cf.runs()) {
        // the instrument's pacing_burst_share (six decimals, where the ledger has it) is the same rule over the same
        // sends
        String burst = r.row().field(LedgerSchema.PACING_BURST_SHARE);
        if (!burst.isEmpty()) {
          assertThat(r.catchUp().value()).as(r.runId()).isCloseTo(Double.parseDouble(burst), within(5e-7));
        }
      }
    }
  }

  private static long sum(List<LedgerRow> rows, LedgerSchema.Column column) {
    return rows.stream().mapToLong(r -> Long.parseLong(r.field(column))).sum();
  }

  @Test
  void spreads_clusterCondition_equalSortingItsEventsDirectly() {
    Campaign c = DataSet.campaignAt(DATA.resolve("cluster"), "data");
    ConditionFigures rf1 = CLUSTER.figures().conditions().stream().filter(f -> f.condition().equals("rf1")).findFirst()
        .orElseThrow();
    assertThat(rf1.flight()).isEqualTo(direct(c, "rf1", Event::hasRecv, Event::flightNanos));
    assertThat(rf1.displacement()).isEqualTo(direct(c, "rf1", Event::hasAck, Event::displacementNanos));
    assertThat(rf1.ackSpan()).isEqualTo(direct(c, "rf1", Event::complete, Event::ackSpanNanos));
  }

  /** The spread of a span over the events of a condition that have it, by sorting the floored values. */
  private static Spread direct(Campaign c, String condition, Predicate<Event> has, ToLongFunction<Event> span) {
    List<Long> v = new ArrayList<>();
    for (LedgerRow r : c.runs()) {
      if (r.ok() && r.condition().equals(condition)) {
        c.readEvents(r, e -> {
          if (has.test(e)) {
            v.add(Math.floorDiv(span.applyAsLong(e), Spread.RESOLUTION_NANOS));
          }
        });
      }
    }
    long[] all = v.stream().mapToLong(Long::longValue).sorted().toArray();
    long u = Spread.RESOLUTION_NANOS;
    return new Spread(all.length, all[0] * u, (long) Quantiles.nearestRank(all, 50) * u,
        (long) Quantiles.nearestRank(all, 99) * u, (long) Quantiles.nearestRank(all, 99.9) * u,
        all[all.length - 1] * u);
  }

  @Test
  void verdict_cluster_failsTheSignCheckInEveryRun() {
    RuleResult sign = CLUSTER.rules().get(TrustRule.SIGN.ordinal());
    assertThat(sign.outcome()).isEqualTo(Outcome.FAILS);
    assertThat(sign.judged()).isEqualTo(48);
    assertThat(sign.failing()).isEqualTo(48);
    // the cluster plan registers steal 5 % and other_run_pct 10 %: the bounds it is judged by are the plan's
    assertThat(CLUSTER.rules().get(TrustRule.STEAL.ordinal()).boundFromPlan()).isTrue();
    assertThat(CLUSTER.rules().get(TrustRule.OTHER_CPU.ordinal()).boundFromPlan()).isTrue();
    assertThat(CLUSTER.rules().get(TrustRule.STEAL.ordinal()).outcome()).isEqualTo(Outcome.HOLDS);
    assertThat(CLUSTER.rules().get(TrustRule.OTHER_CPU.ordinal()).outcome()).isEqualTo(Outcome.HOLDS);
    assertThat(CLUSTER.trusted()).isFalse();
  }
}
