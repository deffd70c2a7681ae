package ftl.quantity.core;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.data.DataSet;
import ftl.data.ledger.Instrument;
import ftl.data.ledger.LedgerRow;
import ftl.quantity.RealDataTest;
import ftl.quantity.Registry;
import ftl.quantity.section.ClockOffsetQuantities;
import ftl.quantity.section.GridLawHeldOutQuantities;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Issue #15, "nothing reads a file twice": computing every quantity of the registry over the committed data passes
 * each events file of an ok run through the reader exactly once — the summaries, the held-out grid law's flights,
 * the catch-up pairs, the clock-offset stamps and the replay's smooth limit all come from that one pass.
 */
class SinglePassTest {

  @Test
  void everyQuantity_committedData_readsEachEventsFileOnce() {
    // the archive's data as read once per test JVM: whatever other tests have computed on it before, computing every
    // quantity leaves each events file read exactly once
    Analysis a = RealDataTest.ANALYSIS;
    for (Quantity q : Registry.forData(a.data()).all()) {
      Computed.of(q, a);
    }
    Map<String, Integer> reads = a.reads();
    TreeSet<String> expected = new TreeSet<>();
    for (String instrument : List.of(Instrument.KAFKA.word(), Instrument.PYTHON_NOJVM.word(),
        Instrument.RABBITMQ.word(),
        Instrument.NATS.word())) {
      a.okRows(instrument).forEach(e -> expected.add(e.getKey().eventsName(e.getValue())));
    }
    assertThat(new TreeSet<>(reads.keySet())).isEqualTo(expected);
    assertThat(reads.values()).allMatch(n -> n == 1);
  }

  @Test
  void detail_summaryFromCache_readsNoFileAgain() {
    Path root = Path.of("").toAbsolutePath();
    DataSet data = DataSet.scan(root.resolve("data"), "data");
    // a cache that gives every result without the analysis's scan (as a disk cache hit does)
    Analysis a = new Analysis(data, (campaign, scan, keep) -> campaign.runs().stream().filter(LedgerRow::ok)
        .map(r -> keep.apply(Analysis.scan(campaign, r))).toList());
    List<ScannedRun> runs = a.campaignRuns("delivery");
    ScanDetail d = a.detail(runs.get(0));
    GridLawHeldOutQuantities.predictions(a, "delivery");
    ClockOffsetQuantities.heldOutRuns(a, "delivery");
    assertThat(a.reads()).as("the detail came with the summary").isEmpty();
    assertThat(d.flights()).isEqualTo(runs.get(0).guard().taken());
    assertThat(d.flightUnits().total()).as("pooled, then dropped").isZero();
    assertThat(d.gridOwnAtLeast()).isNotEmpty();
    assertThat(d.wallFlightsMicros().total()).as("delivery is a stamp campaign").isEqualTo(d.flights());
  }

  @Test
  void flightPool_ofACondition_holdsEveryFlightOfItsRunsOnce() {
    Path root = Path.of("").toAbsolutePath();
    Analysis a = new Analysis(DataSet.scan(root.resolve("data"), "data"));
    List<ScannedRun> runs = a.campaignRuns("delivery");
    String condition = runs.get(0).row().condition();
    long unit = a.detail(runs.get(0)).flightUnitNanos();
    long flights = runs.stream().filter(r -> r.row().condition().equals(condition)).mapToLong(r -> r.guard().taken())
        .sum();
    assertThat(a.flightPool("delivery", condition, unit).total()).isEqualTo(flights);
    assertThat(a.flightPool("delivery", condition, unit + 1).total()).as("another unit: another pool").isZero();
    assertThat(a.flightPool("no-such-campaign", condition, unit).total()).isZero();
  }
}
