package ftl.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import ftl.data.io.DataException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link DataSet#scan} reads the campaign folders side by side, and must give what reading them one after another
 * gives: the campaigns and the other folders in name order, and, when several folders are bad, the message of the
 * first bad one in name order — whichever finished first. The data roots here are synthetic (written by the tests).
 */
class ScanInOrderTest {

  private static final String HEADER = "run_id,condition,status,events_file,events_sha256,repeat\n";

  /**
   * A ledger of {@code runs} failed runs (no events files needed), the cell {@code repeat} of run {@code badAt} "x".
   */
  private static String ledger(int runs, int badAt) {
    StringBuilder sb = new StringBuilder("# synthetic ledger written by ScanInOrderTest\n").append(HEADER);
    for (int i = 1; i <= runs; i++) {
      sb.append("r").append(i).append(",c1,failed,,,").append(i == badAt ? "x" : Integer.toString(i)).append('\n');
    }
    return sb.toString();
  }

  private static void campaign(Path data, String name, String ledger) throws IOException {
    Files.createDirectories(data.resolve(name));
    Files.writeString(data.resolve(name).resolve("ledger.csv"), ledger, StandardCharsets.UTF_8);
  }

  @Test
  void scan_twoBadCampaigns_reportsTheFirstInNameOrder(@TempDir Path tmp) throws IOException {
    Path data = tmp.resolve("data");
    // "alpha" is long and bad on its last row, "beta" short and bad on its first: beta fails first in time
    campaign(data, "alpha", ledger(20_000, 20_000));
    campaign(data, "beta", ledger(1, 1));
    for (int attempt = 0; attempt < 5; attempt++) {
      DataException e = catchThrowableOfType(DataException.class, () -> DataSet.scan(data, "data"));
      assertThat(e).isNotNull();
      assertThat(e.getMessage()).isEqualTo("data/alpha/ledger.csv:20002: repeat is not an integer (\"x\")");
    }
  }

  @Test
  void scan_badFolderNameAfterABadLedger_reportsTheLedger(@TempDir Path tmp) throws IOException {
    Path data = tmp.resolve("data");
    campaign(data, "a", ledger(3, 2));
    campaign(data, "b.c", ledger(1, 0)); // a '.' in a campaign name is refused, but "a" comes first
    DataException e = catchThrowableOfType(DataException.class, () -> DataSet.scan(data, "data"));
    assertThat(e.getMessage()).isEqualTo("data/a/ledger.csv:4: repeat is not an integer (\"x\")");
  }

  @Test
  void scan_manyFolders_campaignsAndOthersInNameOrder(@TempDir Path tmp) throws IOException {
    Path data = tmp.resolve("data");
    List<String> campaigns = new ArrayList<>();
    List<String> others = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      String name = String.format(Locale.ROOT, "f%02d", i);
      if (i % 3 == 0) {
        Files.createDirectories(data.resolve(name)); // no ledger: not a campaign
        others.add(name);
      } else {
        campaign(data, name, ledger(i % 2 == 0 ? 2_000 : 3, 0));
        campaigns.add(name);
      }
    }
    Files.writeString(data.resolve("notes.txt"), "a file at the root is neither\n", StandardCharsets.UTF_8);
    DataSet set = DataSet.scan(data, "data");
    assertThat(set.campaigns()).extracting(Campaign::name).containsExactlyElementsOf(campaigns);
    assertThat(set.otherFolders()).containsExactlyElementsOf(others);
    assertThat(set.campaigns().get(1).runs()).hasSize(2_000);
    assertThat(set.campaigns().get(1).runs().get(1999).line()).isEqualTo(2_002);
  }

  @Test
  void inOrder_laterInputFinishesFirst_outcomesInInputOrder() {
    // input 0 waits until input 1 has finished (on another thread when there is one; inline it just runs first)
    CountDownLatch secondDone = new CountDownLatch(1);
    List<DataSet.Outcome<String>> out = DataSet.inOrder(List.of(0, 1, 2, 3), i -> {
      if (i == 0) {
        try {
          secondDone.await(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        throw new IllegalStateException("first");
      }
      if (i == 1) {
        secondDone.countDown();
        throw new DataException("second", 1, "second");
      }
      return "v" + i;
    });
    assertThat(out).hasSize(4);
    assertThat(out.get(0).thrown()).isInstanceOf(IllegalStateException.class).hasMessage("first");
    assertThat(out.get(1).thrown()).isInstanceOf(DataException.class);
    assertThat(out.get(2).get()).isEqualTo("v2");
    assertThat(out.get(3).get()).isEqualTo("v3");
    IllegalStateException thrown = catchThrowableOfType(IllegalStateException.class, () -> out.get(0).get());
    assertThat(thrown).isSameAs(out.get(0).thrown());
  }

  @Test
  void outcome_checkedThrowable_refused() {
    IllegalArgumentException e = catchThrowableOfType(IllegalArgumentException.class,
        () -> new DataSet.Outcome<String>(null, new IOException("checked")));
    assertThat(e).hasMessageContaining("only unchecked");
  }
}
