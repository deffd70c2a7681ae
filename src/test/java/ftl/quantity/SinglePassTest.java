package ftl.quantity;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.data.DataSet;
import java.nio.file.Path;
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
    Path root = Path.of("").toAbsolutePath();
    Analysis a = new Analysis(DataSet.scan(root.resolve("data"), "data"));
    for (Quantity q : Registry.forData(a.data()).all()) {
      Computed.of(q, a);
    }
    Map<String, Integer> reads = a.reads();
    TreeSet<String> expected = new TreeSet<>();
    for (String instrument : java.util.List.of(Analysis.KAFKA, Analysis.NOJVM)) {
      a.okRows(instrument).forEach(e -> expected.add(e.getKey().eventsName(e.getValue())));
    }
    assertThat(new TreeSet<>(reads.keySet())).isEqualTo(expected);
    assertThat(reads.values()).allMatch(n -> n == 1);
  }

  @Test
  void detail_summaryFromCache_readsTheCampaignsFilesOnceMore() {
    Path root = Path.of("").toAbsolutePath();
    DataSet data = DataSet.scan(root.resolve("data"), "data");
    // a cache that scans by itself (as a disk cache hit gives a summary without the pass's detail)
    Analysis a = new Analysis(data, (campaign, scan) -> campaign.runs().stream().filter(ftl.data.LedgerRow::ok)
        .map(r -> Analysis.scan(campaign, r)).toList());
    RunResult r = a.campaignRuns("delivery").get(0);
    assertThat(a.reads()).isEmpty();
    Analysis.RunDetail d = a.detail(r);
    assertThat(a.detail(r)).isSameAs(d);
    // the details of the whole campaign, each of its ok runs' files once
    assertThat(a.reads()).containsEntry(r.campaign().eventsName(r.row()), 1)
        .hasSize(a.campaignRuns("delivery").size());
    assertThat(a.reads().values()).allMatch(n -> n == 1);
    a.detail(a.campaignRuns("delivery").get(1));
    assertThat(a.reads().values()).allMatch(n -> n == 1);
    assertThat(d.flightsNanos()).hasSize((int) r.guard().taken());
  }

  @Test
  void detail_someRunsScannedSomeFromCache_readsOnlyTheMissingFiles() {
    Path root = Path.of("").toAbsolutePath();
    DataSet data = DataSet.scan(root.resolve("data"), "data");
    // a cache that misses the first ok run (scanned through the analysis, detail kept) and holds the others
    Analysis a = new Analysis(data, (campaign, scan) -> {
      java.util.List<ftl.data.LedgerRow> ok = campaign.runs().stream().filter(ftl.data.LedgerRow::ok).toList();
      java.util.List<RunResult> out = new java.util.ArrayList<>();
      out.add(scan.apply(campaign, ok.get(0)));
      ok.subList(1, ok.size()).forEach(r -> out.add(Analysis.scan(campaign, r)));
      return out;
    });
    java.util.List<RunResult> runs = a.campaignRuns("delivery");
    assertThat(a.reads()).hasSize(1);
    a.detail(runs.get(1));
    assertThat(a.reads()).hasSize(runs.size());
    assertThat(a.reads().values()).allMatch(n -> n == 1);
  }
}
