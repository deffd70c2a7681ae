package ftl.cache;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.data.Campaign;
import ftl.data.DataSet;
import ftl.data.io.FileIdentity;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.ScannedRun;
import ftl.quantity.core.RunSummaryCache;
import ftl.verify.TempArchive;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A warm cache takes an events file's digest from the identity it had when hashed ({@link FileIdentities}), only
 * while the file keeps it, and records an identity only for a file that had settled before it was read (synthetic data
 * root {@code src/test/resources/ftl/quantity/small}, copied to a temporary folder).
 */
class FileIdentitiesTest {

  /** A clock an hour ahead: every file of the copy counts as settled. */
  private static final LongSupplier HOUR_AHEAD =
      () -> (System.currentTimeMillis() + 3_600_000L) * 1_000_000L;

  private static Campaign copy(Path tmp) throws IOException {
    TempArchive.copyTree(DiskRunSummaryCacheTest.SMALL, tmp.resolve("data"));
    return DataSet.scan(tmp.resolve("data"), "data").campaigns().get(0);
  }

  private static DiskRunSummaryCache cache(Path tmp, LongSupplier clock) {
    return new DiskRunSummaryCache(tmp.resolve("cache"), DiskRunSummaryCacheTest.CODE,
        DiskRunSummaryCache.Mode.READ_WRITE, clock);
  }

  @Test
  void settledFiles_warmCacheReadsNoEventsFile_andGivesWhatAScanGives(@TempDir Path tmp) throws IOException {
    Campaign c = copy(tmp);
    cache(tmp, HOUR_AHEAD).campaignRuns(c, Analysis::scan);
    DiskRunSummaryCache warm = cache(tmp, HOUR_AHEAD);
    List<ScannedRun> runs = warm.campaignRuns(c, DiskRunSummaryCacheTest.MUST_NOT_SCAN);
    assertThat(warm.hashed).hasValue(0);
    assertThat(ScannedRuns.exact(runs)).isEqualTo(ScannedRuns.exact(
        RunSummaryCache.NONE.campaignRuns(c, Analysis::scan)));
    Map<String, FileIdentities.Known> known = DiskRunSummaryCache.loadIdentities(warm.identitiesOf(c));
    assertThat(known).containsOnlyKeys("k/events/r1.csv", "k/events/r2.csv");
    assertThat(known.get("k/events/r1.csv").sha256()).isEqualTo(c.runs().get(0).eventsSha256());
  }

  @Test
  void filesChangedJustBeforeTheirRead_recordNoIdentity_soTheWarmCacheHashesThem(@TempDir Path tmp) throws IOException {
    Campaign c = copy(tmp); // written a moment ago: within the settling time of the real clock
    new DiskRunSummaryCache(tmp.resolve("cache"), DiskRunSummaryCacheTest.CODE, DiskRunSummaryCache.Mode.READ_WRITE)
        .campaignRuns(c, Analysis::scan);
    DiskRunSummaryCache real = new DiskRunSummaryCache(tmp.resolve("cache"), DiskRunSummaryCacheTest.CODE,
        DiskRunSummaryCache.Mode.READ_WRITE);
    real.campaignRuns(c, DiskRunSummaryCacheTest.MUST_NOT_SCAN);
    assertThat(real.hashed).hasValue(2);
    assertThat(DiskRunSummaryCache.loadIdentities(real.identitiesOf(c))).isEmpty();
  }

  @Test
  void fileRewrittenWithItsSizeAndModificationTimeKept_isReadAgain_andTheTamperingReported(@TempDir Path tmp)
      throws IOException, InterruptedException {
    Campaign c = copy(tmp);
    cache(tmp, HOUR_AHEAD).campaignRuns(c, Analysis::scan);
    Path f = tmp.resolve("data/k/events/r2.csv");
    FileIdentity recorded = c.eventsIdentity(c.runs().get(1)).orElseThrow();
    FileTime modified = Files.getLastModifiedTime(f);
    // past the file-system clock's granularity (a jiffy), so the rewrite gets a new status-change time
    Thread.sleep(50);
    byte[] b = Files.readAllBytes(f);
    int at = new String(b, StandardCharsets.US_ASCII).indexOf(",3900,") + 4;
    b[at] = '1'; // recv_ns of event 2: 3900 -> 3910, same size
    Files.write(f, b);
    Files.setLastModifiedTime(f, modified);
    FileIdentity now = c.eventsIdentity(c.runs().get(1)).orElseThrow();
    assertThat(now.size()).isEqualTo(recorded.size());
    assertThat(now.modifiedNanos()).isEqualTo(recorded.modifiedNanos());
    assertThat(now).isNotEqualTo(recorded); // the status-change time moved: no user can set it back
    DiskRunSummaryCache warm = cache(tmp, HOUR_AHEAD);
    String with = DiskRunSummaryCacheTest.messageOf(() -> warm.campaignRuns(c, Analysis::scan));
    String without = DiskRunSummaryCacheTest.messageOf(() -> RunSummaryCache.NONE.campaignRuns(c, Analysis::scan));
    assertThat(with).isEqualTo(without).contains("data/k/ledger.csv:3: events_sha256 does not match events/r2.csv");
    assertThat(warm.hashed).hasValue(1); // r2 was read again; r1 kept its identity
  }

  @Test
  void refreshMode_readsEveryFileWhateverIsRecorded(@TempDir Path tmp) throws IOException {
    Campaign c = copy(tmp);
    cache(tmp, HOUR_AHEAD).campaignRuns(c, Analysis::scan);
    AtomicInteger scans = new AtomicInteger();
    new DiskRunSummaryCache(tmp.resolve("cache"), DiskRunSummaryCacheTest.CODE, DiskRunSummaryCache.Mode.REFRESH,
        HOUR_AHEAD).campaignRuns(c, (cc, r) -> {
          scans.incrementAndGet();
          return Analysis.scan(cc, r);
        });
    assertThat(scans).hasValue(2);
  }

  @Test
  void identityOfAnEventsFile_isEmptyWhereTheGateWouldRefuseIt(@TempDir Path tmp) throws IOException {
    Campaign c = copy(tmp);
    assertThat(c.eventsIdentity(c.runs().get(0))).isPresent();
    Files.delete(tmp.resolve("data/k/events/r1.csv"));
    assertThat(c.eventsIdentity(c.runs().get(0))).isEmpty();
    Files.createDirectory(tmp.resolve("data/k/events/r1.csv"));
    assertThat(c.eventsIdentity(c.runs().get(0))).isEmpty();
    Files.delete(tmp.resolve("data/k/events/r1.csv"));
    Files.createSymbolicLink(tmp.resolve("data/k/events/r1.csv"), tmp.resolve("data/k/events/r2.csv"));
    assertThat(c.eventsIdentity(c.runs().get(0))).isEmpty();
  }

  @Test
  void encoding_roundTrips_andAnySpoiledFileDecodesToNothing() {
    Map<String, FileIdentities.Known> known = Map.of(
        "k/events/r1.csv", new FileIdentities.Known(new FileIdentity(1, 2, 3, 4, 5), "a".repeat(64)),
        "k/events/r2.csv", new FileIdentities.Known(new FileIdentity(-1, Long.MAX_VALUE, 0, Long.MIN_VALUE, 7),
            "0123456789abcdef".repeat(4)));
    byte[] b = FileIdentities.encode(known);
    assertThat(FileIdentities.decode(b)).contains(known);
    assertThat(FileIdentities.decode(FileIdentities.encode(Map.of()))).contains(Map.of());
    for (int i = 0; i < b.length; i++) {
      byte[] spoiled = b.clone();
      spoiled[i] ^= 0x10;
      assertThat(FileIdentities.decode(spoiled)).as("bit flipped at byte %d", i).isEmpty();
    }
    for (int n = 0; n < b.length; n++) {
      assertThat(FileIdentities.decode(Arrays.copyOf(b, n))).as("first %d bytes", n).isEmpty();
    }
    assertThat(FileIdentities.decode(Arrays.copyOf(b, b.length + 1))).isEmpty();
    assertThat(FileIdentities.decode("not identities at all".getBytes(StandardCharsets.UTF_8))).isEmpty();
    assertThat(FileIdentities.decode(FileIdentities.encode(Map.of("x",
        new FileIdentities.Known(new FileIdentity(1, 2, 3, 4, 5), "NOT-HEX".repeat(9)))))).isEmpty();
  }

  @Test
  void settled_onlyWhenTheLastChangeIsAtLeastTheSettlingTimeBeforeTheRead() {
    FileIdentity id = new FileIdentity(1, 2, 3, 4, 10_000_000_000L);
    assertThat(FileIdentities.settled(id, 10_000_000_000L + FileIdentities.SETTLED_NANOS)).isTrue();
    assertThat(FileIdentities.settled(id, 10_000_000_000L + FileIdentities.SETTLED_NANOS - 1)).isFalse();
  }
}
