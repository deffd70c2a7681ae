package ftl.cache;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.data.Campaign;
import ftl.data.DataSet;
import ftl.data.ledger.LedgerRow;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.ScannedRun;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A thread's scans reuse the accumulators (and the sample arrays) its earlier scans left: a run scanned after others,
 * longer or shorter, of another campaign or with other parameters, gives what it gives scanned first on a fresh thread.
 * Behaviour check on the archive's own data (campaigns with and without send stamps kept).
 */
class ScanReuseTest {

  @Test
  void scan_afterOtherRunsOnTheSameThread_equalsAFreshScan() throws Exception {
    DataSet data = DataSet.scan(Path.of("").toAbsolutePath().resolve("data"), "data");
    List<Object[]> runs = new ArrayList<>();
    for (String name : List.of("delivery", "modeB", "clockoffset")) {
      Campaign c = data.campaigns().stream().filter(x -> x.name().equals(name)).findFirst().orElseThrow();
      c.runs().stream().filter(LedgerRow::ok).limit(3).forEach(r -> runs.add(new Object[] {c, r}));
    }
    assertThat(runs).hasSize(9);
    List<List<Object>> fresh = new ArrayList<>();
    for (Object[] run : runs) { // each on a thread of its own: nothing to reuse
      List<List<Object>> one = new ArrayList<>();
      Thread t = new Thread(() -> one.add(exact(Analysis.scan((Campaign) run[0], (LedgerRow) run[1]))));
      t.start();
      t.join();
      fresh.add(one.get(0));
    }
    List<List<Object>> reused = new ArrayList<>();
    for (int pass = 0; pass < 2; pass++) { // this thread: every run after others, in both orders
      for (int i = 0; i < runs.size(); i++) {
        int k = pass == 0 ? runs.size() - 1 - i : i;
        List<Object> e = exact(Analysis.scan((Campaign) runs.get(k)[0], (LedgerRow) runs.get(k)[1]));
        if (pass == 1) {
          reused.add(e);
        }
      }
    }
    assertThat(reused).isEqualTo(fresh);
  }

  /** Every exact field of a result, and every histogram of its detail. */
  private static List<Object> exact(ScannedRun r) {
    List<Object> out = new ArrayList<>(ScannedRuns.exact(r));
    var d = r.detail();
    out.add(d.flightUnits());
    out.add(d.sendPhasesMicros());
    out.add(d.wallFlightsMicros());
    out.add(d.flightUnitNanos());
    out.add(d.catchUp());
    out.add(d.flightSum());
    return out;
  }
}
