package ftl.quantity.core;

import ftl.data.Campaign;
import ftl.data.DataSet;
import ftl.data.ledger.Event;
import ftl.data.ledger.EventReader;
import ftl.data.ledger.Instrument;
import ftl.data.ledger.LedgerReader;
import ftl.data.ledger.LedgerRow;
import ftl.data.ledger.LedgerSchema;
import ftl.stats.ConfirmCoverage;
import ftl.stats.CorrelationWindow;
import ftl.stats.ExactHistogram;
import ftl.stats.GridLaw;
import ftl.stats.GuardAccounting;
import ftl.stats.GuardCounter;
import ftl.stats.Pacing;
import ftl.stats.Quantiles;
import ftl.stats.Rate;
import ftl.stats.SignCheck;
import ftl.stats.SmoothLimit;
import ftl.stats.WindowedCorrelation;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.function.Supplier;

/**
 * The data a quantity is computed from, scanned lazily: ledgers are read when the analysis is made;
 * the events files of an instrument are streamed once, on first need, and the per-run results kept.
 * So {@code ftl check runs.total} opens no events file.
 */
public final class Analysis {
  /**
   * The ledger {@code instrument} words of the Java instrument on the other messaging systems (RabbitMQ, NATS): every
   * system of the one vocabulary ({@link Instrument#isSystem()}) but Kafka.
   */
  public static final List<String> SYSTEM_INSTRUMENTS = Arrays.stream(Instrument.values())
      .filter(i -> i.isSystem() && i != Instrument.KAFKA).map(Instrument::word).toList();

  /**
   * The declared window of rho(D, A): displacement 0 to 5 ms and ack-referenced span -5 to 5 ms, bounds
   * inclusive. Pairs outside are counted ({@link ftl.stats.CorrelationResult#pairsOutside}), never dropped silently.
   */
  public static final CorrelationWindow RHO_WINDOW = new CorrelationWindow(0, 5_000_000, -5_000_000, 5_000_000);

  private final DataSet data;
  private final RunSummaryCache cache;
  private final Map<String, FutureTask<List<ScannedRun>>> scanned =
      new ConcurrentHashMap<>();

  /** An analysis that scans every events file it needs ({@link RunSummaryCache#NONE}). */
  public Analysis(DataSet data) {
    this(data, RunSummaryCache.NONE);
  }

  /**
   * An analysis that takes per-run results from {@code cache}, which scans (with {@link #scan}) whatever it
   * does not hold for the events file's present bytes.
   */
  public Analysis(DataSet data, RunSummaryCache cache) {
    this.data = data;
    this.cache = Objects.requireNonNull(cache, "cache");
  }

  public DataSet data() {
    return data;
  }

  /**
   * Every ledger row of every pooled campaign ({@link CampaignCatalogue.Family#POOLED}), with its campaign, in campaign
   * then ledger order (one list per analysis).
   */
  public List<Map.Entry<Campaign, LedgerRow>> rows(String instrument) {
    return memo("rows:" + instrument, () -> List.copyOf(allRows(instrument)));
  }

  private List<Map.Entry<Campaign, LedgerRow>> allRows(String instrument) {
    List<Map.Entry<Campaign, LedgerRow>> out = new ArrayList<>();
    for (Campaign c : CampaignCatalogue.opted(data, CampaignCatalogue.Family.POOLED)) {
      boolean involved = false;
      for (LedgerRow r : c.runs()) {
        if (r.instrument().equals(instrument)) {
          out.add(Map.entry(c, r));
          involved = true;
        }
      }
      if (involved) {
        SourceReads.pooled(c.name());
      }
    }
    return out;
  }

  /**
   * The ok ledger rows of one campaign that one instrument wrote, in ledger order (only that campaign's ledger read).
   */
  public List<LedgerRow> okRowsOf(String campaign, String instrument) {
    return campaign(campaign).map(c -> c.runs().stream().filter(r -> r.ok() && r.instrument().equals(instrument))
        .toList())
        .orElse(List.of());
  }

  /** The campaign of that name under the data root, when there is one (its ledger read). */
  public Optional<Campaign> campaign(String name) {
    Optional<Campaign> c = data.campaigns().stream().filter(x -> x.name().equals(name)).findFirst();
    c.ifPresent(x -> SourceReads.ledger(x.name()));
    return c;
  }

  /**
   * Every campaign under the data root that is pooled ({@link CampaignCatalogue.Family#POOLED}; their ledgers read).
   */
  public List<Campaign> campaigns() {
    List<Campaign> pooled = CampaignCatalogue.opted(data, CampaignCatalogue.Family.POOLED);
    pooled.forEach(c -> SourceReads.pooled(c.name()));
    return pooled;
  }

  private final Map<String, SourceReads> readsOf = new ConcurrentHashMap<>();

  /**
   * Computes {@code q} over this analysis, noting the campaigns its computation read (directly or through the shared
   * values it took), for {@link ftl.quantity.Sources#of}.
   */
  Value compute(Quantity q) {
    return readsOf.computeIfAbsent(q.key(), k -> new SourceReads()).during(() -> q.computation().apply(this));
  }

  /** What the computation of {@code q} read ({@link SourceReads}); computes the quantity if this analysis has not. */
  public SourceReads reads(Quantity q) {
    if (!readsOf.containsKey(q.key())) {
      compute(q);
    }
    return readsOf.get(q.key());
  }



  /** Ok rows of an instrument. */
  public List<Map.Entry<Campaign, LedgerRow>> okRows(String instrument) {
    return memo("okRows:" + instrument, () -> rows(instrument).stream().filter(e -> e.getValue().ok()).toList());
  }

  /** Whether any ok run of the instrument is present. */
  public boolean has(String instrument) {
    return !okRows(instrument).isEmpty();
  }

  private final Map<String, FutureTask<Object>> memo =
      new ConcurrentHashMap<>();

  /**
   * A derived value computed once per analysis (e.g. a bootstrap shared by a ratio and its interval), by whichever
   * thread asks first; others wait for it. No lock is held while it computes, so threads computing other quantities
   * are not held up. Quantities and campaign reads run on plain threads ({@link Parallel}), never on a fork-join
   * worker, so a thread waiting here never holds a pool worker the computation needs.
   */
  @SuppressWarnings("unchecked")
  public <T> T memo(String key, Supplier<T> compute) {
    SourceReads reads = memoReads.computeIfAbsent(key, k -> new SourceReads());
    T value = (T) once(memo, key, () -> reads.during(compute));
    SourceReads.credit(reads); // complete: the value is computed
    return value;
  }

  private final Map<String, SourceReads> memoReads = new ConcurrentHashMap<>();

  /** The value of {@code key}: computed now by {@code compute} if no thread has started it, else awaited. */
  private static <T> T once(Map<String, FutureTask<T>> tasks, String key,
                            Callable<T> compute) {
    FutureTask<T> mine = new FutureTask<>(compute);
    FutureTask<T> task = tasks.putIfAbsent(key, mine);
    if (task == null) { // no thread has started it: this one computes it
      task = mine;
      mine.run();
    }
    return await(task, key);
  }

  /** The value of a started task, waiting for it; its failure as it was thrown. */
  static <T> T await(Future<T> task, String what) {
    try {
      return task.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while " + what + " was computed", e);
    } catch (ExecutionException e) {
      throw rethrown(e.getCause());
    }
  }

  /** Campaigns whose events files have been streamed so far (for tests of laziness). */
  public Set<String> scannedCampaigns() {
    return Set.copyOf(scanned.keySet());
  }

  /**
   * Per-run results of every ok run of an instrument, in campaign then ledger order (each campaign scanned once; the
   * list made once per analysis).
   */
  public List<ScannedRun> runs(String instrument) {
    return memo("runs:" + instrument, () -> List.copyOf(readRuns(instrument)));
  }

  private List<ScannedRun> readRuns(String instrument) {
    List<Campaign> involved = CampaignCatalogue.opted(data, CampaignCatalogue.Family.POOLED).stream()
        .filter(c -> c.runs().stream().anyMatch(r -> r.ok() && r.instrument().equals(instrument))).toList();
    involved.forEach(c -> { // noted on this thread: the reads below run on others
      SourceReads.events(c.name());
      SourceReads.pooled(c.name());
    });
    // asked for by one thread per core at once, so the file pool is never left with one campaign's last file
    List<List<ScannedRun>> read = Parallel.computeEach(involved.size(), i -> campaignRuns(involved.get(i).name()));
    List<ScannedRun> out = new ArrayList<>();
    for (List<ScannedRun> runs : read) {
      out.addAll(runs.stream().filter(r -> r.row().instrument().equals(instrument)).toList());
    }
    return out;
  }

  /**
   * Per-run results of the ok runs of one campaign, streaming each of its events files once (kept for the
   * life of this analysis; the files are read on both cores, results kept in ledger order), or taking them
   * from the {@link RunSummaryCache}. Other campaigns are not opened. Each run's flight histogram is pooled by
   * condition ({@link #flightPool}) as it arrives and then dropped, so what the analysis holds per run does not grow
   * with the run's events. Whichever thread asks first reads a campaign; others wait for it.
   */
  public List<ScannedRun> campaignRuns(String campaign) {
    SourceReads.events(campaign);
    return once(scanned, campaign, () -> {
      Campaign c = data.campaigns().stream().filter(x -> x.name().equals(campaign)).findFirst().orElse(null);
      return c == null ? List.of() : List.copyOf(cache.campaignRuns(c, this::scanCounting, this::pool));
    });
  }

  /**
   * A failure of a value computed once, as it was thrown (a DataException keeps its file, line and exit code). The
   * computations are suppliers and campaign reads: they throw no checked exception.
   */
  private static RuntimeException rethrown(Throwable cause) {
    if (cause instanceof Error err) {
      throw err;
    }
    return (RuntimeException) cause;
  }

  /**
   * Reads every campaign now, for commands that need every quantity ({@code list}, {@code reproduce},
   * {@code check-pdf}): the campaigns are asked for by {@link Parallel#CORES} threads at once, so the file pool always
   * has files to read (one campaign's last file does not leave a core idle). The results are those of reading each
   * campaign on first need. Measured: reading everything first, then computing, is faster than reading ahead on
   * another thread while the quantities compute (their threads mostly wait for the campaigns, and a waiting
   * computation holds a memo others wait for): list --json --no-cache 5.0 s against 3.9-4.1 s.
   */
  public void readAll() {
    List<Campaign> all = data.campaigns();
    Parallel.computeEach(all.size(), i -> campaignRuns(all.get(i).name()));
  }

  private final Map<String, FlightPool> pools = new ConcurrentHashMap<>();

  /**
   * A condition's pooled flight histogram, built as runs arrive: runs are merged in batches ({@link #BATCH} in an
   * analysis) ({@link ExactHistogram#merge}, a balanced tree), so the pool's values are copied once per batch rather
   * than once per run. The union of samples does not depend on the order runs arrive in.
   */
  static final class FlightPool {
    static final int BATCH = 64;
    private final int batch;
    private ExactHistogram pooled = ExactHistogram.empty();
    private final List<ExactHistogram> pending = new ArrayList<>();

    FlightPool(int batch) {
      this.batch = batch;
    }

    synchronized void add(ExactHistogram run) {
      pending.add(run);
      if (pending.size() == batch) {
        flush();
      }
    }

    synchronized ExactHistogram get() {
      flush();
      return pooled;
    }

    private void flush() {
      pending.add(pooled);
      pooled = ExactHistogram.merge(pending);
      pending.clear();
    }
  }

  private static String poolKey(String campaign, String condition, long unitNanos) {
    return campaign + "\u0000" + condition + "\u0000" + unitNanos;
  }

  /**
   * Pools one run's flight histogram into its condition's, and keeps the run's own counts at its thresholds (achieved
   * and intended schedule).
   */
  private ScannedRun pool(ScannedRun r) {
    ScanDetail d = r.detail();
    pools.computeIfAbsent(poolKey(r.campaign().name(), r.row().condition(), d.flightUnitNanos()),
        k -> new FlightPool(FlightPool.BATCH))
        .add(d.flightUnits());
    return r.withDetail(d.pooled(ScanNeeds.ownCounts(r.row(), d), ScanNeeds.ownCountsIntended(r.row(), d)));
  }

  /**
   * The flights of the ok runs of a condition of a campaign whose histograms have the unit {@code unitNanos}, as one
   * exact histogram of {@code floor(flight / unit)}; empty when there are none.
   */
  public ExactHistogram flightPool(String campaign, String condition, long unitNanos) {
    campaignRuns(campaign);
    FlightPool pool = pools.get(poolKey(campaign, condition, unitNanos));
    return pool == null ? ExactHistogram.empty() : pool.get();
  }

  /** {@link #scan}, counting the read. */
  private ScannedRun scanCounting(Campaign c, LedgerRow row) {
    countRead(c, row);
    return scan(c, row);
  }

  /**
   * How many times this analysis passed each events file (by its name in messages) through the reader: once for
   * every file it needed, never twice (a test counts them).
   */
  public Map<String, Integer> reads() {
    return Map.copyOf(reads);
  }

  private final Map<String, Integer> reads = new ConcurrentHashMap<>();

  private void countRead(Campaign c, LedgerRow row) {
    reads.merge(c.eventsName(row), 1, Integer::sum);
  }

  /** The detail of an ok run, taken in the pass that scanned it (or stored with its summary). */
  public ScanDetail detail(ScannedRun r) {
    return r.detail();
  }

  /**
   * Streams one run's events file once, through the data root's gate, digest checked against the ledger, and
   * computes the run's statistics in the same pass: counts in streaming accumulators, and only the values the
   * exact medians need kept, as primitive arrays (eight longs per event at most: the guard's three, the two medians',
   * the flight units, and either a stamp campaign's send phases and wall-clock flights or the matched campaign's
   * complete flights; an events file holds at most {@link ftl.data.ledger.EventReader#MAX_ROWS} rows, so a run's memory
   * is bounded: 128 MiB at the cap, kept by its thread for its next scan). No event is held. What the result keeps of
   * the flights and stamps is a {@link ScanDetail} of exact histograms, whose size is the number of distinct values,
   * not of events.
   */
  public static ScannedRun scan(Campaign campaign, LedgerRow row) {
    ScanParameters p = ScanParameters.of(campaign, row);
    ArrayDeque<RunScan> spare = SPARE_SCANS.get();
    RunScan r = spare.poll();
    if (r == null) {
      r = new RunScan();
    }
    try {
      r.start(p.clockOffsetMicros(), p.sendIntervalNanos(), p.stamps(), p.completeFlights());
      return scan(campaign, row, p, r);
    } finally {
      spare.push(r);
    }
  }

  /**
   * The accumulators a thread's finished scans left, started afresh by its next scan: their sample arrays keep the size
   * they grew to, so thousands of runs do not grow them anew (the arrays grown and dropped were half of what a cold
   * read allocated, and the collector ran that much more often). An accumulator in use is never in the deque, so a scan
   * inside another on the same thread gets one of its own. What they held before is never read: a result holds counts,
   * medians and copies, never the arrays.
   */
  private static final ThreadLocal<ArrayDeque<RunScan>> SPARE_SCANS =
      ThreadLocal.withInitial(ArrayDeque::new);

  private static ScannedRun scan(Campaign campaign, LedgerRow row, ScanParameters p, RunScan r) {
    EventReader.FileSummary s = campaign.readEvents(row, r::accept);
    LedgerReader.checkDigest(campaign.ledgerName(), row, s.sha256());
    double medianD = Quantiles.type7InPlace(r.d.values, r.d.size, 0.5); // NaN when no event is complete
    double medianA = Quantiles.type7InPlace(r.a.values, r.a.size, 0.5);
    // EventReader rejects an events file without rows ("no event rows after the header"), so there is a first event.
    long phase = Math.floorMod(r.firstSendMicros, 1000L);
    ScanDetail detail = new ScanDetail(
        new SmoothLimit.Sum(r.clippedNanos, r.flightUnits.size, ScanNeeds.QUANTUM_NANOS),
        r.catchUp == null ? Rate.EMPTY : r.catchUp.result(), r.unitNanos,
        ExactHistogram.sortingInPlace(r.flightUnits.values, r.flightUnits.size), List.of(), List.of(),
        ExactHistogram.sortingInPlace(r.sendPhases.values, r.sendPhases.size),
        ExactHistogram.sortingInPlace(r.wallFlights.values, r.wallFlights.size),
        ExactHistogram.sortingInPlace(r.complete.values, r.complete.size));
    return new ScannedRun(campaign, row, new ScanResult(s.sha256(), s.rows(), r.sign.result(), r.guard.result(),
        r.wall.counts(), r.grid.result(), medianD, medianA, r.rho.state(), phase, detail, r.coverage.result(), p));
  }

  /**
   * What a run's scan takes from outside its events file: besides the events, a run's result depends on these
   * ledger values and on its campaign, so a stored result is valid only for the same ones.
   *
   * @param clockOffsetMicros the ledger's clock offset ({@link LedgerRow#clockOffsetMicros})
   * @param sendIntervalNanos the ledger's send interval, 0 when it records none
   * @param stamps whether the campaign is one of {@link ScanNeeds#STAMP_CAMPAIGNS}
   * @param completeFlights whether the campaign is {@link ScanNeeds#COMPLETE_FLIGHTS}, whose complete flights the scan
   *     keeps ({@link ScanDetail#completeFlightsNanos})
   */
  public record ScanParameters(long clockOffsetMicros, long sendIntervalNanos, boolean stamps,
      boolean completeFlights) {

    /** The parameters of {@code row} of {@code campaign}. */
    public static ScanParameters of(Campaign campaign, LedgerRow row) {
      String interval = row.field(LedgerSchema.SEND_INTERVAL_NS);
      return new ScanParameters(row.clockOffsetMicros(), interval.isEmpty() ? 0 : Long.parseLong(interval),
          ScanNeeds.STAMP_CAMPAIGNS.contains(campaign.name()), campaign.name().equals(ScanNeeds.COMPLETE_FLIGHTS));
    }
  }

  /** The accumulators of one run's single pass ({@link #start} makes them those of a new run). */
  private static final class RunScan {
    SignCheck sign;
    final GuardAccounting guard = new GuardAccounting();
    final GuardCounter wall = new GuardCounter();
    GridLaw.RunPredictor grid;
    WindowedCorrelation rho;
    ConfirmCoverage coverage;
    final Longs d = new Longs();
    final Longs a = new Longs();
    final Longs flightUnits = new Longs();
    final Longs sendPhases = new Longs();
    final Longs wallFlights = new Longs();
    final Longs complete = new Longs();
    Pacing.CatchUp catchUp;
    boolean stamps;
    boolean keepComplete;
    long unitNanos;
    long clippedNanos;
    long firstSendMicros;
    boolean first;

    /** Every accumulator as new, for a run with these parameters; the sample arrays keep their storage. */
    void start(long clockOffsetMicros, long sendIntervalNanos, boolean stamps, boolean keepComplete) {
      sign = new SignCheck();
      guard.clear();
      wall.clear();
      grid = new GridLaw.RunPredictor(clockOffsetMicros);
      rho = new WindowedCorrelation(RHO_WINDOW);
      coverage = new ConfirmCoverage();
      for (Longs l : new Longs[] {d, a, flightUnits, sendPhases, wallFlights, complete}) {
        l.size = 0;
      }
      catchUp = sendIntervalNanos > 0 ? new Pacing.CatchUp(sendIntervalNanos) : null;
      unitNanos = ScanDetail.flightUnitFor(sendIntervalNanos);
      this.stamps = stamps;
      this.keepComplete = keepComplete;
      clippedNanos = 0;
      firstSendMicros = 0;
      first = true;
    }

    void accept(Event e) {
      if (first) {
        firstSendMicros = e.sendMicros();
        first = false;
      }
      sign.accept(e);
      coverage.accept(e);
      guard.accept(e);
      grid.accept(e);
      rho.accept(e);
      if (catchUp != null) {
        catchUp.accept(e.sendNanos());
      }
      if (e.complete()) {
        d.add(e.displacementNanos());
        a.add(e.ackSpanNanos());
        if (keepComplete) {
          complete.add(e.flightNanos());
        }
      }
      if (e.hasRecv()) {
        wall.accept(e.recvMicros() - e.sendMicros());
        long flight = e.flightNanos();
        flightUnits.add(Math.floorDiv(flight, unitNanos));
        clippedNanos += Math.min(Math.max(flight, 0), ScanNeeds.QUANTUM_NANOS);
        if (stamps) { // the reader guarantees recv_us comes with recv_ns
          sendPhases.add(Math.floorMod(e.sendMicros(), 1000L));
          wallFlights.add(e.recvMicros() - e.sendMicros());
        }
      }
    }
  }

  /** A growable array of longs. */
  private static final class Longs {
    long[] values = new long[64];
    int size;

    void add(long v) {
      if (size == values.length) {
        values = Arrays.copyOf(values, values.length * 2);
      }
      values[size++] = v;
    }
  }
}
