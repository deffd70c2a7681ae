package ftl.cache;

import ftl.data.Campaign;
import ftl.data.io.FileIdentity;
import ftl.data.ledger.LedgerRow;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.Parallel;
import ftl.quantity.core.ScannedRun;
import ftl.quantity.core.RunSummaryCache;
import ftl.quantity.core.ScanResult;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiFunction;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import java.util.stream.IntStream;

/**
 * Run summaries on disk, one file per campaign folder under {@code <archive>/target/ftl-cache/}.
 *
 * <p>A stored summary is used for a run only when all of these hold: the cache file decodes (magic, CRC-32,
 * every record valid), it was written under the current {@link CodeFingerprint}, the SHA-256 of the events
 * file's bytes as they are on disk now equals the ledger's {@code events_sha256}, and a summary is stored under
 * that SHA-256. Otherwise the run is scanned by {@link ftl.quantity.core.Analysis#scan}, which raises the
 * same {@link ftl.data.io.DataException} as without a cache for a malformed file or a digest mismatch, so
 * tampering is detected exactly as before.
 *
 * <p>The SHA-256 of the bytes on disk now is taken from the file's {@link ftl.data.io.FileIdentity} (device, inode,
 * size, modification and status-change times) when the file still has the identity it had when it was last hashed
 * here ({@link FileIdentities}, kept beside the summaries); otherwise the file is read and hashed. A write to the file
 * changes its status-change time, which no user can set back, so a file changed since is read again; the
 * {@link Mode#REFRESH} mode ({@code reproduce}, {@code --no-cache}) reads and hashes every file whatever it
 * recorded. A cache file that is missing, unreadable, corrupt or stale is a
 * miss, never an error. Writes go to a temporary file in the same folder, then an atomic rename, so
 * concurrent {@code ftl} processes never see a partial file (the last writer wins, and both wrote truths).
 * The folder holds a {@code .gitignore} of {@code *}, so git, and with it {@code SHA256SUMS}, never sees it.
 */
public final class DiskRunSummaryCache implements RunSummaryCache {

  /** The cache folder, relative to the archive root. */
  public static final String FOLDER = "target/ftl-cache";

  /** How the cache is used. */
  public enum Mode {
    /** Use stored summaries, scan the rest, store what was scanned ({@code check}, {@code list}). */
    READ_WRITE,
    /** Never use a stored summary: scan every run, and store the results ({@code reproduce}, {@code --no-cache}). */
    REFRESH
  }

  /**
   * One read buffer per hashing thread: a fresh 64 KiB buffer for each of 1,441 files made hashing the archive's
   * 38 MB of events files take half again as long (allocation and page faults, not SHA-256).
   */
  private static final ThreadLocal<byte[]> BUFFER = ThreadLocal.withInitial(() -> new byte[1 << 16]);

  private final Path dir;
  private final String fingerprint;
  private final Mode mode;
  /** The wall clock, ns since the epoch (a test sets it to see identities recorded). */
  private final LongSupplier clock;
  /** Events files this cache read to hash them (tests). */
  final AtomicInteger hashed = new AtomicInteger();

  /**
   * @param dir the cache folder (created on first write)
   * @param fingerprint the code fingerprint stored summaries must carry ({@link CodeFingerprint#current()})
   * @param mode whether stored summaries are used
   */
  public DiskRunSummaryCache(Path dir, String fingerprint, Mode mode) {
    this(dir, fingerprint, mode, DiskRunSummaryCache::epochNanos);
  }

  DiskRunSummaryCache(Path dir, String fingerprint, Mode mode, LongSupplier clock) {
    this.dir = dir;
    this.fingerprint = fingerprint;
    this.mode = mode;
    this.clock = clock;
  }

  private static long epochNanos() {
    Instant now = Instant.now();
    return now.getEpochSecond() * 1_000_000_000L + now.getNano();
  }

  /**
   * The cache of the archive at {@code archiveRoot}, in {@code <archiveRoot>/target/ftl-cache}; with no
   * cache at all ({@link RunSummaryCache#NONE}) when the running code cannot be fingerprinted. The code is
   * fingerprinted when the first campaign is asked for, so a command that reads only ledgers never pays for it, and
   * the fingerprint of a jar is remembered in the folder by the jar's identity ({@link CodeFingerprint#remembered}).
   */
  public static Lazy forArchive(Path archiveRoot, Mode mode) {
    return lazily(() -> forArchive(archiveRoot, mode, CodeFingerprint.remembered(archiveRoot.resolve(FOLDER))));
  }

  /** A cache made by {@code make} when first used (once, whichever thread comes first). */
  static Lazy lazily(Supplier<RunSummaryCache> make) {
    return new Lazy(make);
  }

  /** A cache made when first used; it can say which stored summaries it used ({@link #used()}). */
  public static final class Lazy implements RunSummaryCache {
    private final Supplier<RunSummaryCache> make;
    private RunSummaryCache made;

    Lazy(Supplier<RunSummaryCache> make) {
      this.make = make;
    }

    private synchronized RunSummaryCache made() {
      if (made == null) {
        made = make.get();
      }
      return made;
    }

    @Override
    public List<ScannedRun> campaignRuns(Campaign campaign, BiFunction<Campaign, LedgerRow, ScannedRun> scan,
                                        UnaryOperator<ScannedRun> keep) {
      return made().campaignRuns(campaign, scan, keep);
    }

    /** See {@link DiskRunSummaryCache#used()}; empty when nothing was asked or there is no disk cache. */
    public synchronized Map<Path, Long> used() {
      return made instanceof DiskRunSummaryCache d ? d.used() : Map.of();
    }
  }

  private final Map<Path, AtomicLong> used = new ConcurrentHashMap<>();

  /**
   * The cache files whose stored summaries were used instead of scanning, with how many runs each gave (in
   * file-name order): what {@code ftl check} reports as "from cache".
   */
  public Map<Path, Long> used() {
    Map<Path, Long> out = new TreeMap<>();
    used.forEach((k, v) -> out.put(k, v.get()));
    return out;
  }

  static RunSummaryCache forArchive(Path archiveRoot, Mode mode, Optional<String> fingerprint) {
    return fingerprint.<RunSummaryCache>map(f -> new DiskRunSummaryCache(archiveRoot.resolve(FOLDER), f, mode))
        .orElse(RunSummaryCache.NONE);
  }

  /** The cache file of a campaign: its folder name, and a digest of its absolute path (roots differ). */
  public Path fileOf(Campaign campaign) {
    String safe = campaign.name().replaceAll("[^A-Za-z0-9._-]", "_");
    String where = HexFormat.of().formatHex(CodeFingerprint.sha256()
        .digest(campaign.dir().toAbsolutePath().normalize().toString().getBytes(StandardCharsets.UTF_8)));
    return dir.resolve(safe + "-" + where.substring(0, 16) + ".runs");
  }

  /** The file of a campaign's {@link FileIdentities}: beside its summaries. */
  Path identitiesOf(Campaign campaign) {
    Path runs = fileOf(campaign);
    String name = runs.getFileName().toString();
    return runs.resolveSibling(name.substring(0, name.length() - ".runs".length()) + ".ids");
  }

  /** A summary made for the run at ledger position {@code index} (the first run of a digest decides what is stored). */
  private record Made(int index, ScanResult summary) {}

  @Override
  public List<ScannedRun> campaignRuns(Campaign campaign, BiFunction<Campaign, LedgerRow, ScannedRun> scan,
                                      UnaryOperator<ScannedRun> keep) {
    List<LedgerRow> ok = campaign.runs().stream().filter(LedgerRow::ok).toList();
    Path file = fileOf(campaign);
    Map<String, ScanResult> stored = mode == Mode.READ_WRITE ? load(file) : Map.of();
    Path idsFile = identitiesOf(campaign);
    Map<String, FileIdentities.Known> known = mode == Mode.READ_WRITE ? loadIdentities(idsFile) : Map.of();
    // what to store, by digest: one summary per distinct events file, never one per run (copies share it)
    Map<String, Made> now = new ConcurrentHashMap<>();
    Map<String, FileIdentities.Known> knownNow = new ConcurrentHashMap<>();
    List<Integer> indices = IntStream.range(0, ok.size()).boxed().toList();
    List<ScannedRun> results = Parallel.readEach(indices, i -> {
      LedgerRow r = ok.get(i);
      String rel = campaign.eventsRel(r);
      long start = clock.getAsLong();
      Optional<FileIdentity> before = campaign.eventsIdentity(r);
      FileIdentities.Known recorded = known.get(rel);
      boolean unchanged = recorded != null && before.isPresent() && recorded.identity().equals(before.get());
      String disk = "";
      if (!stored.isEmpty()) {
        disk = unchanged ? recorded.sha256() : hash(campaign, r);
      }
      ScanResult s = stored.get(disk);
      // The key is the digest of the bytes on disk now; a hit also needs the ledger to record that digest and the
      // ledger values the scan takes to be those the summary was made with.
      ScannedRun result;
      boolean read; // whether the file's bytes were read now
      if (s != null && s.sha256().equalsIgnoreCase(r.eventsSha256())
          && s.parameters().equals(Analysis.ScanParameters.of(campaign, r))) {
        used.computeIfAbsent(file, k -> new AtomicLong()).incrementAndGet();
        result = new ScannedRun(campaign, r, s);
        read = !unchanged;
      } else {
        result = scan.apply(campaign, r);
        s = result.scan();
        disk = result.sha256(); // of the bytes the scan read: it threw if they differ from the ledger's
        read = true;
      }
      if (!read) { // the digest came from the record, and the file still has its identity
        knownNow.put(rel, recorded);
      } else if (!disk.isEmpty() && before.isPresent() && FileIdentities.settled(before.get(), start)
          && campaign.eventsIdentity(r).equals(before)) { // the same identity before and after the read
        knownNow.put(rel, new FileIdentities.Known(before.get(), disk.toLowerCase(Locale.ROOT)));
      }
      ScanResult made = s;
      now.compute(s.sha256(), (k, old) -> old == null || old.index() > i ? new Made(i, made) : old);
      return keep.apply(result);
    });
    Map<String, ScanResult> ordered = new LinkedHashMap<>();
    now.values().stream().sorted(Comparator.comparingInt(Made::index))
        .forEach(m -> ordered.put(m.summary().sha256(), m.summary()));
    if (!ordered.equals(stored)) {
      store(file, ordered.values());
    }
    if (!knownNow.equals(known)) {
      write(idsFile, FileIdentities.encode(knownNow));
    }
    return results;
  }

  /** The identities recorded for a campaign; empty for any kind of miss. */
  static Map<String, FileIdentities.Known> loadIdentities(Path file) {
    try {
      return FileIdentities.decode(Files.readAllBytes(file)).orElse(Map.of());
    } catch (IOException | RuntimeException e) {
      return Map.of();
    }
  }

  /** {@link #diskSha256}, counted. */
  private String hash(Campaign campaign, LedgerRow row) {
    hashed.incrementAndGet();
    return diskSha256(campaign, row);
  }

  /** The summaries stored for a campaign under the current fingerprint; empty for any kind of miss. */
  Map<String, ScanResult> load(Path file) {
    try {
      return RunSummaryFile.decode(Files.readAllBytes(file), fingerprint).orElse(Map.of());
    } catch (IOException | RuntimeException e) {
      return Map.of();
    }
  }

  /** Writes a campaign's file atomically; a cache that cannot be written is simply not written. */
  void store(Path file, Iterable<ScanResult> summaries) {
    write(file, RunSummaryFile.encode(fingerprint, summaries));
  }

  /** Writes a file of the cache atomically; a file that cannot be written is simply not written. */
  private void write(Path file, byte[] bytes) {
    writeAtomically(dir, file, bytes);
  }

  /**
   * Writes a file of the cache folder {@code dir} atomically (a temporary file renamed onto it), creating the folder
   * and its {@code .gitignore}; a file that cannot be written is simply not written.
   */
  static void writeAtomically(Path dir, Path file, byte[] bytes) {
    Path tmp = null;
    try {
      Files.createDirectories(dir);
      Path ignore = dir.resolve(".gitignore");
      if (!Files.exists(ignore)) {
        Files.writeString(ignore,
            "# ftl run-summary cache (ftl.cache): rebuilt from data/ on demand, never committed\n*\n",
            StandardCharsets.UTF_8);
      }
      tmp = Files.createTempFile(dir, file.getFileName().toString(), ".tmp");
      Files.write(tmp, bytes);
      try {
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
      }
      tmp = null;
    } catch (IOException | RuntimeException e) {
      // The cache is an optimisation: failing to write it changes nothing the user sees.
    } finally {
      if (tmp != null) {
        try {
          Files.deleteIfExists(tmp);
        } catch (IOException e) {
          // left behind in target/: harmless, ignored by git
        }
      }
    }
  }

  /** SHA-256 of the run's events file as stored on disk now; "" when it cannot be read (the scan will say why). */
  static String diskSha256(Campaign campaign, LedgerRow row) {
    MessageDigest md = CodeFingerprint.sha256();
    byte[] buf = BUFFER.get();
    try (InputStream in = campaign.openEvents(row)) {
      for (int n; (n = in.read(buf)) > 0; ) {
        md.update(buf, 0, n);
      }
    } catch (IOException | RuntimeException e) {
      return "";
    }
    return HexFormat.of().formatHex(md.digest());
  }
}
