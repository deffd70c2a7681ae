package ftl.cache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.Campaign;
import ftl.data.DataSet;
import ftl.data.io.DataException;
import ftl.data.ledger.Instrument;
import ftl.data.ledger.LedgerRow;
import ftl.quantity.Registry;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.Computed;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.ScannedRun;
import ftl.quantity.core.RunSummaryCache;
import ftl.quantity.core.ScanResult;
import ftl.stats.SignCheckResult;
import ftl.verify.Manifest;
import ftl.verify.TempArchive;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The run-summary cache on the synthetic data roots of {@code src/test/resources}: a stored summary gives
 * exactly what a fresh scan gives, and is used only for the very bytes, ledger digest and code it came from.
 */
class DiskRunSummaryCacheTest {
  static final Path FIXTURES = Path.of("src/test/resources/ftl/quantity");
  static final Path SMALL = FIXTURES.resolve("small");
  static final String CODE = "fingerprint-of-the-code-under-test";

  /** A scanner that fails the test if it is ever called (every run must come from the cache). */
  static final BiFunction<Campaign, LedgerRow, ScannedRun> MUST_NOT_SCAN = (c, r) -> {
    throw new AssertionError("scanned " + c.eventsName(r) + " although its summary is stored");
  };

  /** Synthetic data roots: every campaign of each, with runs lacking stamps, NaN medians and rejected runs. */
  static Stream<Path> roots() {
    return Stream.of(SMALL, FIXTURES.resolve("roots/full"), FIXTURES.resolve("roots/bare"),
        FIXTURES.resolve("roots/mixed"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("roots")
  void campaignRuns_warmCache_equalsFreshScanFieldByFieldAndBitForBit(Path root, @TempDir Path tmp) {
    DataSet data = DataSet.scan(root, "data");
    assertThat(data.campaigns()).isNotEmpty();
    for (Campaign c : data.campaigns()) {
      List<ScannedRun> fresh = RunSummaryCache.NONE.campaignRuns(c, Analysis::scan);
      List<ScannedRun> cold = new DiskRunSummaryCache(tmp, CODE, DiskRunSummaryCache.Mode.READ_WRITE)
          .campaignRuns(c, Analysis::scan);
      List<ScannedRun> warm = new DiskRunSummaryCache(tmp, CODE, DiskRunSummaryCache.Mode.READ_WRITE)
          .campaignRuns(c, MUST_NOT_SCAN);
      assertThat(ScannedRuns.exact(cold)).as(c.name()).isEqualTo(ScannedRuns.exact(fresh));
      assertThat(ScannedRuns.exact(warm)).as(c.name()).isEqualTo(ScannedRuns.exact(fresh));
      assertThat(warm).extracting(ScannedRun::correlation).doesNotContainAnyElementsOf(cold.stream()
          .map(ScannedRun::correlation).toList());
    }
  }

  /** The fixtures do exercise the NaN medians and the co-moments the cache must carry exactly. */
  @Test
  void fixtures_includeNaNMediansAndDefinedCorrelations() {
    List<ScannedRun> runs = new ArrayList<>();
    roots().forEach(r -> DataSet.scan(r, "data").campaigns()
        .forEach(c -> runs.addAll(RunSummaryCache.NONE.campaignRuns(c, Analysis::scan))));
    assertThat(runs).anyMatch(r -> Double.isNaN(r.medianDisplacementNanos()));
    assertThat(runs).anyMatch(r -> Double.isNaN(r.guard().guardMedianMillis()));
    assertThat(runs).anyMatch(r -> r.rho().defined() && r.correlation().state().comomentDA() != 0);
    assertThat(runs).anyMatch(ScannedRun::rejected);
  }

  @Test
  void analysis_warmCache_givesEveryQuantityAsAScanDoes(@TempDir Path tmp) {
    DataSet data = DataSet.scan(FIXTURES.resolve("roots/full"), "data");
    Analysis scanned = new Analysis(data);
    new Analysis(data, new DiskRunSummaryCache(tmp, CODE, DiskRunSummaryCache.Mode.READ_WRITE))
        .runs(Instrument.KAFKA.word());
    Analysis cached = new Analysis(data, new DiskRunSummaryCache(tmp, CODE, DiskRunSummaryCache.Mode.READ_WRITE));
    int n = 0;
    for (Quantity q : Registry.forData(data).all()) {
      Computed a = Computed.of(q, scanned);
      Computed b = Computed.of(q, cached);
      assertThat(b.text()).as(q.key()).isEqualTo(a.text());
      assertThat(b.available()).as(q.key()).isEqualTo(a.available());
      if (a.available()) {
        assertThat(b.latex()).as(q.key()).isEqualTo(a.latex());
        n++;
      }
    }
    assertThat(n).isGreaterThan(20);
    assertThat(cached.scannedCampaigns()).isEqualTo(scanned.scannedCampaigns());
  }

  /** A copy of the small root under {@code tmp/data}, its cache warmed, the value before tampering noted. */
  private static Campaign warmedCopy(Path tmp, DiskRunSummaryCache cache) throws IOException {
    TempArchive.copyTree(SMALL, tmp.resolve("data"));
    Campaign c = DataSet.scan(tmp.resolve("data"), "data").campaigns().get(0);
    cache.campaignRuns(c, Analysis::scan);
    return c;
  }

  /** Changes one stamp of run r1: event 0's recv_ns 1400 -> 1250, so A = recv - ack turns negative. */
  private static Path changeOneStamp(Path tmp) throws IOException {
    Path f = tmp.resolve("data/k/events/r1.csv");
    String before = Files.readString(f, StandardCharsets.UTF_8);
    String after = before.replace("\n0,1000,1300,1400,", "\n0,1000,1300,1250,");
    assertThat(after).isNotEqualTo(before);
    Files.writeString(f, after, StandardCharsets.UTF_8);
    return f;
  }

  @Test
  void campaignRuns_eventsFileChangedLedgerNot_rescansAndRaisesDigestMismatchNamingTheFile(@TempDir Path tmp)
      throws IOException {
    DiskRunSummaryCache cache = new DiskRunSummaryCache(tmp.resolve("cache"), CODE,
        DiskRunSummaryCache.Mode.READ_WRITE);
    warmedCopy(tmp, cache);
    changeOneStamp(tmp);
    Campaign c = DataSet.scan(tmp.resolve("data"), "data").campaigns().get(0);
    AtomicInteger scans = new AtomicInteger();
    assertThatThrownBy(() -> cache.campaignRuns(c, (cc, r) -> {
      scans.incrementAndGet();
      return Analysis.scan(cc, r);
    })).isInstanceOf(DataException.class)
        .hasMessageContaining("data/k/ledger.csv:2: events_sha256 does not match events/r1.csv");
    assertThat(scans).hasValue(1);
  }

  @Test
  void campaignRuns_oneByteChangedLedgerNot_raisesTheSameErrorAsWithoutCache(@TempDir Path tmp) throws IOException {
    DiskRunSummaryCache cache = new DiskRunSummaryCache(tmp.resolve("cache"), CODE,
        DiskRunSummaryCache.Mode.READ_WRITE);
    warmedCopy(tmp, cache);
    Path f = tmp.resolve("data/k/events/r2.csv");
    byte[] b = Files.readAllBytes(f);
    int at = new String(b, StandardCharsets.US_ASCII).indexOf(",3900,") + 4;
    b[at] = '1'; // recv_ns of event 2: 3900 -> 3910, still a valid file
    Files.write(f, b);
    Campaign c = DataSet.scan(tmp.resolve("data"), "data").campaigns().get(0);
    String without = messageOf(() -> RunSummaryCache.NONE.campaignRuns(c, Analysis::scan));
    String with = messageOf(() -> cache.campaignRuns(c, Analysis::scan));
    assertThat(with).isEqualTo(without).contains("data/k/ledger.csv:3: events_sha256 does not match events/r2.csv");
  }

  @Test
  void campaignRuns_tampererAlsoFixedLedgerDigest_computesTheNewValues(@TempDir Path tmp) throws IOException {
    DiskRunSummaryCache cache = new DiskRunSummaryCache(tmp.resolve("cache"), CODE,
        DiskRunSummaryCache.Mode.READ_WRITE);
    Campaign before = warmedCopy(tmp, cache);
    long ackNegativeBefore = cache.campaignRuns(before, MUST_NOT_SCAN).get(0).sign().ackNegative();
    Path f = changeOneStamp(tmp);
    Path ledger = tmp.resolve("data/k/ledger.csv");
    String oldSha = before.runs().get(0).eventsSha256();
    String newSha = HexFormat.of().formatHex(CodeFingerprint.sha256().digest(Files.readAllBytes(f)));
    Files.writeString(ledger, Files.readString(ledger).replace(oldSha, newSha));
    Campaign after = DataSet.scan(tmp.resolve("data"), "data").campaigns().get(0);
    List<ScannedRun> fresh = RunSummaryCache.NONE.campaignRuns(after, Analysis::scan);
    List<ScannedRun> viaCache = cache.campaignRuns(after, Analysis::scan);
    assertThat(ScannedRuns.exact(viaCache)).isEqualTo(ScannedRuns.exact(fresh));
    assertThat(viaCache.get(0).sign().ackNegative()).isEqualTo(ackNegativeBefore + 1);
    assertThat(viaCache.get(0).sha256()).isEqualTo(newSha);
    // ... and the new summary is what is stored now.
    assertThat(ScannedRuns.exact(cache.campaignRuns(after, MUST_NOT_SCAN))).isEqualTo(ScannedRuns.exact(fresh));
  }

  @Test
  void campaignRuns_eventsFileGoneAfterLedgerRead_raisesFileNotFoundAsWithoutCache(
      @TempDir Path tmp) throws IOException {
    DiskRunSummaryCache cache = new DiskRunSummaryCache(tmp.resolve("cache"), CODE,
        DiskRunSummaryCache.Mode.READ_WRITE);
    warmedCopy(tmp, cache);
    Campaign c = DataSet.scan(tmp.resolve("data"), "data").campaigns().get(0);
    Files.delete(tmp.resolve("data/k/events/r2.csv"));
    assertThatThrownBy(() -> cache.campaignRuns(c, Analysis::scan)).isInstanceOf(DataException.class)
        .hasMessage("data/k/events/r2.csv: file not found");
  }

  @Test
  void campaignRuns_otherCodeFingerprint_missesAndRescansEveryRun(@TempDir Path tmp) {
    Campaign c = DataSet.scan(SMALL, "data").campaigns().get(0);
    new DiskRunSummaryCache(tmp, CODE, DiskRunSummaryCache.Mode.READ_WRITE).campaignRuns(c, Analysis::scan);
    AtomicInteger scans = new AtomicInteger();
    DiskRunSummaryCache changed = new DiskRunSummaryCache(tmp, CODE + "-changed", DiskRunSummaryCache.Mode.READ_WRITE);
    List<ScannedRun> runs = changed.campaignRuns(c, (cc, r) -> {
      scans.incrementAndGet();
      return Analysis.scan(cc, r);
    });
    assertThat(scans).hasValue(2);
    assertThat(ScannedRuns.exact(runs)).isEqualTo(ScannedRuns.exact(
        RunSummaryCache.NONE.campaignRuns(c, Analysis::scan)));
    // Stored again under the new fingerprint; the old one now misses.
    assertThat(changed.load(changed.fileOf(c))).hasSize(2);
    assertThat(new DiskRunSummaryCache(tmp, CODE, DiskRunSummaryCache.Mode.READ_WRITE).load(changed.fileOf(c)))
        .isEmpty();
  }

  /** A way to spoil a campaign's cache file. */
  record Corruption(String label, UnaryOperator<byte[]> spoil) {
    @Override
    public String toString() {
      return label;
    }
  }

  static Stream<Corruption> corruptions() {
    return Stream.of(
        new Corruption("empty file", b -> new byte[0]),
        new Corruption("magic only", b -> "FTLRUNS1".getBytes(StandardCharsets.US_ASCII)),
        new Corruption("truncated to half", b -> Arrays.copyOf(b, b.length / 2)),
        new Corruption("last byte missing", b -> Arrays.copyOf(b, b.length - 1)),
        new Corruption("one bit flipped in an entry", b -> flip(b, b.length - 100)),
        new Corruption("one bit flipped in the checksum", b -> flip(b, b.length - 1)),
        new Corruption("other magic", b -> flip(b, 7)),
        new Corruption("text instead of a cache", b -> "not a cache\n".getBytes(StandardCharsets.UTF_8)),
        new Corruption("random bytes", b -> {
          byte[] r = new byte[b.length];
          new Random(3).nextBytes(r);
          return r;
        }),
        new Corruption("entry count too large, checksum fixed", b -> withCrc(setInt(b, countOffset(b), 3))),
        new Corruption("entry count negative, checksum fixed", b -> withCrc(setInt(b, countOffset(b), -1))),
        new Corruption("trailing bytes, checksum fixed", b -> {
          byte[] longer = Arrays.copyOf(b, b.length + 4);
          System.arraycopy(b, b.length - 8, longer, longer.length - 8, 8);
          return withCrc(longer);
        }),
        // rows (after the 32-byte digest) set to -5: a ScanResult no scan can give.
        new Corruption("invalid record, checksum fixed", b -> withCrc(setLong(b, countOffset(b) + 4 + 32, -5))),
        // sign.complete set far above eventsTaken: the record's conservation check refuses it.
        new Corruption("inconsistent counts, checksum fixed",
        b -> withCrc(setLong(b, countOffset(b) + 4 + 48, 1L << 40))));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("corruptions")
  void campaignRuns_corruptCacheFile_missesWithoutErrorAndRewritesIt(Corruption corruption, @TempDir Path tmp)
      throws IOException {
    Campaign c = DataSet.scan(SMALL, "data").campaigns().get(0);
    DiskRunSummaryCache cache = new DiskRunSummaryCache(tmp, CODE, DiskRunSummaryCache.Mode.READ_WRITE);
    cache.campaignRuns(c, Analysis::scan);
    Path file = cache.fileOf(c);
    Files.write(file, corruption.spoil().apply(Files.readAllBytes(file)));
    assertThat(cache.load(file)).isEmpty();
    AtomicInteger scans = new AtomicInteger();
    List<ScannedRun> runs = cache.campaignRuns(c, (cc, r) -> {
      scans.incrementAndGet();
      return Analysis.scan(cc, r);
    });
    assertThat(scans).hasValue(2);
    assertThat(ScannedRuns.exact(runs)).isEqualTo(ScannedRuns.exact(
        RunSummaryCache.NONE.campaignRuns(c, Analysis::scan)));
    assertThat(cache.load(file)).hasSize(2);
  }

  @Test
  void campaignRuns_cacheFileIsAFolder_scansAndDoesNotFail(@TempDir Path tmp) throws IOException {
    Campaign c = DataSet.scan(SMALL, "data").campaigns().get(0);
    DiskRunSummaryCache cache = new DiskRunSummaryCache(tmp, CODE, DiskRunSummaryCache.Mode.READ_WRITE);
    Files.createDirectories(cache.fileOf(c).resolve("occupied"));
    List<ScannedRun> runs = cache.campaignRuns(c, Analysis::scan);
    assertThat(runs).hasSize(2);
    assertThat(cache.fileOf(c)).isDirectory();
    try (Stream<Path> s = Files.list(tmp)) {
      assertThat(s.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp"));
    }
  }

  @Test
  void campaignRuns_cacheFolderCannotBeCreated_scansAndDoesNotFail(@TempDir Path tmp) throws IOException {
    Campaign c = DataSet.scan(SMALL, "data").campaigns().get(0);
    Path blocker = tmp.resolve("target");
    Files.writeString(blocker, "a file where the cache folder's parent should be");
    DiskRunSummaryCache cache = new DiskRunSummaryCache(blocker.resolve("ftl-cache"), CODE,
        DiskRunSummaryCache.Mode.READ_WRITE);
    assertThat(ScannedRuns.exact(cache.campaignRuns(c, Analysis::scan)))
        .isEqualTo(ScannedRuns.exact(RunSummaryCache.NONE.campaignRuns(c, Analysis::scan)));
  }

  @Test
  void readWrite_storedUnderOtherLedgerValues_isScannedAgain(@TempDir Path tmp) {
    // A stored summary depends on ledger values besides the events file's bytes (the clock offset, the send
    // interval, the campaign): one stored under other values must not serve, even for the same digest.
    Campaign c = DataSet.scan(SMALL, "data").campaigns().get(0);
    DiskRunSummaryCache cache = new DiskRunSummaryCache(tmp, CODE, DiskRunSummaryCache.Mode.READ_WRITE);
    List<ScannedRun> truth = cache.campaignRuns(c, Analysis::scan);
    List<ScanResult> other = new ArrayList<>();
    for (ScanResult x : cache.load(cache.fileOf(c)).values()) {
      SignCheckResult g = x.sign();
      Analysis.ScanParameters p = x.parameters();
      other.add(new ScanResult(x.sha256(), x.rows(), new SignCheckResult(g.eventsTaken(), g.complete(),
          g.missingAck(), g.missingRecv(), g.missingBoth(), g.ackNegative() + 1, g.sendNegative()), x.guard(),
          x.wallMicrosGuard(), x.grid(), x.medianDisplacementNanos(), x.medianAckSpanNanos(), x.correlation(),
          x.firstSendPhaseMicros(), x.detail(), x.coverage(),
          new Analysis.ScanParameters(p.clockOffsetMicros() + 1, p.sendIntervalNanos(), p.stamps(),
          p.completeFlights())));
    }
    cache.store(cache.fileOf(c), other);
    AtomicInteger scans = new AtomicInteger();
    List<ScannedRun> again = cache.campaignRuns(c, (cc, r) -> {
      scans.incrementAndGet();
      return Analysis.scan(cc, r);
    });
    assertThat(scans).hasValue(truth.size());
    assertThat(ScannedRuns.exact(again)).isEqualTo(ScannedRuns.exact(truth));
    assertThat(cache.load(cache.fileOf(c)).values()).allMatch(s -> s.parameters().clockOffsetMicros() == 0);
  }

  @Test
  void refresh_poisonedCache_neverReadsItAndOverwritesIt(@TempDir Path tmp) {
    Campaign c = DataSet.scan(SMALL, "data").campaigns().get(0);
    DiskRunSummaryCache readWrite = new DiskRunSummaryCache(tmp, CODE, DiskRunSummaryCache.Mode.READ_WRITE);
    List<ScannedRun> truth = readWrite.campaignRuns(c, Analysis::scan);
    poison(readWrite, c);
    assertThat(readWrite.campaignRuns(c, MUST_NOT_SCAN).get(0).sign().ackNegative())
        .as("READ_WRITE trusts what is stored").isEqualTo(truth.get(0).sign().ackNegative() + 1);
    AtomicInteger scans = new AtomicInteger();
    List<ScannedRun> refreshed = new DiskRunSummaryCache(tmp, CODE, DiskRunSummaryCache.Mode.REFRESH).campaignRuns(c,
        (cc, r) -> {
          scans.incrementAndGet();
          return Analysis.scan(cc, r);
        });
    assertThat(scans).hasValue(2);
    assertThat(ScannedRuns.exact(refreshed)).isEqualTo(ScannedRuns.exact(truth));
    assertThat(ScannedRuns.exact(readWrite.campaignRuns(c, MUST_NOT_SCAN))).isEqualTo(ScannedRuns.exact(truth));
  }

  @Test
  void campaignRuns_concurrentWriters_leaveAWholeFileAndNoTemporaries(@TempDir Path tmp) throws Exception {
    DataSet data = DataSet.scan(FIXTURES.resolve("roots/full"), "data");
    Campaign c = data.campaigns().stream().filter(x -> x.name().equals("modeA")).findFirst().orElseThrow();
    List<List<Object>> truth = ScannedRuns.exact(RunSummaryCache.NONE.campaignRuns(c, Analysis::scan));
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<List<ScannedRun>>> futures = new ArrayList<>();
      for (int i = 0; i < 24; i++) {
        DiskRunSummaryCache.Mode mode = i % 3 == 0 ? DiskRunSummaryCache.Mode.REFRESH
            : DiskRunSummaryCache.Mode.READ_WRITE;
        futures.add(pool.submit(() -> new DiskRunSummaryCache(tmp, CODE, mode).campaignRuns(c, Analysis::scan)));
      }
      for (Future<List<ScannedRun>> f : futures) {
        assertThat(ScannedRuns.exact(f.get())).isEqualTo(truth);
      }
    } finally {
      pool.shutdownNow();
    }
    DiskRunSummaryCache cache = new DiskRunSummaryCache(tmp, CODE, DiskRunSummaryCache.Mode.READ_WRITE);
    assertThat(ScannedRuns.exact(cache.campaignRuns(c, MUST_NOT_SCAN))).isEqualTo(truth);
    try (Stream<Path> s = Files.list(tmp)) {
      assertThat(s.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp"));
    }
  }

  @Test
  void store_writesGitignoreSoTheCacheIsNeverPartOfTheArchive(@TempDir Path tmp) throws IOException {
    Campaign c = DataSet.scan(SMALL, "data").campaigns().get(0);
    Path dir = tmp.resolve(DiskRunSummaryCache.FOLDER);
    new DiskRunSummaryCache(dir, CODE, DiskRunSummaryCache.Mode.READ_WRITE).campaignRuns(c, Analysis::scan);
    assertThat(Files.readAllLines(dir.resolve(".gitignore"))).contains("*");
    TempArchive.git(tmp, "init", "-q");
    assertThat(Manifest.archiveFiles(tmp)).noneMatch(p -> p.startsWith("target/"));
  }

  @Test
  void campaignRuns_unchangedCache_isNotRewritten(@TempDir Path tmp) throws IOException {
    Campaign c = DataSet.scan(SMALL, "data").campaigns().get(0);
    DiskRunSummaryCache cache = new DiskRunSummaryCache(tmp, CODE, DiskRunSummaryCache.Mode.READ_WRITE);
    cache.campaignRuns(c, Analysis::scan);
    Path file = cache.fileOf(c);
    Files.setLastModifiedTime(file, FileTime.fromMillis(0));
    cache.campaignRuns(c, MUST_NOT_SCAN);
    assertThat(Files.getLastModifiedTime(file).toMillis()).isZero();
  }

  @Test
  void fileOf_sameCampaignNameInAnotherRoot_isAnotherFile(@TempDir Path tmp) throws IOException {
    TempArchive.copyTree(SMALL, tmp.resolve("copy"));
    DiskRunSummaryCache cache = new DiskRunSummaryCache(tmp.resolve("cache"), CODE,
        DiskRunSummaryCache.Mode.READ_WRITE);
    Campaign a = DataSet.scan(SMALL, "data").campaigns().get(0);
    Campaign b = DataSet.scan(tmp.resolve("copy"), "data").campaigns().get(0);
    assertThat(cache.fileOf(a)).isNotEqualTo(cache.fileOf(b));
    assertThat(cache.fileOf(a).getFileName().toString()).startsWith("k-").endsWith(".runs");
  }

  @Test
  void forArchive_withOrWithoutFingerprint_givesDiskCacheOrNone(@TempDir Path tmp) {
    assertThat(DiskRunSummaryCache.forArchive(tmp, DiskRunSummaryCache.Mode.READ_WRITE, Optional.empty()))
        .isSameAs(RunSummaryCache.NONE);
    assertThat(DiskRunSummaryCache.forArchive(tmp, DiskRunSummaryCache.Mode.READ_WRITE, Optional.of(CODE)))
        .isInstanceOf(DiskRunSummaryCache.class);
  }

  @Test
  void forArchive_fingerprintsTheCodeOnFirstUseOnly(@TempDir Path tmp) {
    AtomicInteger made = new AtomicInteger();
    RunSummaryCache lazy = DiskRunSummaryCache.lazily(() -> {
      made.incrementAndGet();
      return new DiskRunSummaryCache(tmp, CODE, DiskRunSummaryCache.Mode.READ_WRITE);
    });
    assertThat(made).hasValue(0);
    Campaign c = DataSet.scan(SMALL, "data").campaigns().get(0);
    List<ScannedRun> cold = lazy.campaignRuns(c, Analysis::scan);
    List<ScannedRun> warm = lazy.campaignRuns(c, MUST_NOT_SCAN);
    assertThat(made).hasValue(1);
    assertThat(ScannedRuns.exact(warm)).isEqualTo(ScannedRuns.exact(cold));
    RunSummaryCache real = DiskRunSummaryCache.forArchive(tmp, DiskRunSummaryCache.Mode.REFRESH);
    assertThat(ScannedRuns.exact(real.campaignRuns(c, Analysis::scan))).isEqualTo(ScannedRuns.exact(cold));
    assertThat(tmp.resolve(DiskRunSummaryCache.FOLDER)).isDirectory();
  }

  @Test
  void campaignRuns_noOkRun_storesNothing(@TempDir Path tmp) {
    Campaign c = DataSet.scan(SMALL, "data").campaigns().get(0);
    Campaign failedOnly = new Campaign(c.name(), c.dir(), c.displayDir(), c.plan(),
        c.runs().stream().filter(r -> !r.ok()).toList());
    DiskRunSummaryCache cache = new DiskRunSummaryCache(tmp.resolve("cache"), CODE,
        DiskRunSummaryCache.Mode.READ_WRITE);
    assertThat(cache.campaignRuns(failedOnly, MUST_NOT_SCAN)).isEmpty();
    assertThat(tmp.resolve("cache")).doesNotExist();
  }

  /** Rewrites a campaign's file with every stored run's ackNegative raised by one (a wrong value, validly stored). */
  static void poison(DiskRunSummaryCache cache, Campaign c) {
    Map<String, ScanResult> stored = cache.load(cache.fileOf(c));
    assertThat(stored).isNotEmpty();
    List<ScanResult> wrong = new ArrayList<>();
    for (ScanResult x : stored.values()) {
      SignCheckResult g = x.sign();
      assertThat(g.ackNegative()).isLessThan(g.complete());
      SignCheckResult bad = new SignCheckResult(g.eventsTaken(), g.complete(), g.missingAck(), g.missingRecv(),
          g.missingBoth(), g.ackNegative() + 1, g.sendNegative());
      wrong.add(new ScanResult(x.sha256(), x.rows(), bad, x.guard(), x.wallMicrosGuard(), x.grid(),
          x.medianDisplacementNanos(), x.medianAckSpanNanos(), x.correlation(), x.firstSendPhaseMicros(), x.detail(),
          x.coverage(), x.parameters()));
    }
    cache.store(cache.fileOf(c), wrong);
  }

  static String messageOf(Runnable r) {
    try {
      r.run();
    } catch (DataException e) {
      return e.getMessage();
    }
    throw new AssertionError("no DataException");
  }

  private static byte[] flip(byte[] b, int at) {
    byte[] c = b.clone();
    c[at] ^= 0x10;
    return c;
  }

  /** Offset of the entry count: after the 8-byte magic and the UTF fingerprint (2-byte length, then bytes). */
  private static int countOffset(byte[] b) {
    return 8 + 2 + (((b[8] & 0xff) << 8) | (b[9] & 0xff));
  }

  private static byte[] setInt(byte[] b, int at, int v) {
    byte[] c = b.clone();
    ByteBuffer.wrap(c).putInt(at, v);
    return c;
  }

  private static byte[] setLong(byte[] b, int at, long v) {
    byte[] c = b.clone();
    ByteBuffer.wrap(c).putLong(at, v);
    return c;
  }

  /** The bytes with their trailing CRC-32 recomputed, as a writer of a wrong but intact file would leave them. */
  private static byte[] withCrc(byte[] b) {
    CRC32 crc = new CRC32();
    crc.update(b, 0, b.length - 8);
    byte[] c = b.clone();
    ByteBuffer.wrap(c).putLong(c.length - 8, crc.getValue());
    return c;
  }
}
