package ftl.quantity;

import ftl.data.LedgerSchema;
import ftl.data.Campaign;
import ftl.data.DataSet;
import ftl.data.EventReader;
import ftl.data.LedgerReader;
import ftl.data.LedgerRow;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import ftl.data.Event;
import ftl.stats.CorrelationWindow;
import ftl.stats.GridLaw;
import ftl.stats.GuardAccounting;
import ftl.stats.Pacing;
import ftl.stats.Rate;
import ftl.stats.Quantiles;
import ftl.stats.SignCheck;
import ftl.stats.WindowedCorrelation;
import java.util.Arrays;

/**
 * The data a quantity is computed from, scanned lazily: ledgers are read when the analysis is made;
 * the events files of an instrument are streamed once, on first need, and the per-run results kept.
 * So {@code ftl check runs.total} opens no events file.
 */
public final class Analysis {
  /** Instrument name of the Java instrument on a real Kafka broker. */
  public static final String KAFKA = "kafka";
  /** Instrument name of the no-JVM cross-check. */
  public static final String NOJVM = "python-nojvm";

  /**
   * The declared window of rho(D, A): displacement 0 to 5 ms and ack-referenced span -5 to 5 ms, bounds
   * inclusive. Pairs outside are counted ({@link ftl.stats.CorrelationResult#pairsOutside}), never dropped silently.
   */
  public static final CorrelationWindow RHO_WINDOW = new CorrelationWindow(0, 5_000_000, -5_000_000, 5_000_000);

  private final DataSet data;
  private final RunSummaryCache cache;
  private final Map<String, List<RunResult>> scanned = new HashMap<>();

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
    this.cache = java.util.Objects.requireNonNull(cache, "cache");
  }

  public DataSet data() {
    return data;
  }

  /** Every ledger row of every campaign, with its campaign, in campaign then ledger order. */
  public List<Map.Entry<Campaign, LedgerRow>> rows(String instrument) {
    List<Map.Entry<Campaign, LedgerRow>> out = new ArrayList<>();
    for (Campaign c : data.campaigns()) {
      for (LedgerRow r : c.runs()) {
        if (r.instrument().equals(instrument)) {
          out.add(Map.entry(c, r));
        }
      }
    }
    return out;
  }

  /**
   * The data files a quantity of this scope reads, as messages name them (archive-relative where the data
   * root is inside the archive): the ledgers of the campaigns involved, then the events files of their ok runs.
   */
  public List<String> sourceFiles(Quantity.Scope scope) {
    // the same list for every quantity of a scope: computed once, shared (list --json prints it thousands of times)
    return memo("sources:" + scope, () -> List.copyOf(computeSourceFiles(scope)));
  }

  private List<String> computeSourceFiles(Quantity.Scope scope) {
    if (scope == Quantity.Scope.OMB_REAL) {
      return OmbRealQuantities.sources(this);
    }
    String instrument = switch (scope) {
      case NOJVM_EVENTS -> NOJVM;
      default -> KAFKA;
    };
    List<String> ledgers = new ArrayList<>();
    List<String> events = new ArrayList<>();
    for (Campaign c : data.campaigns()) {
      boolean involved = false;
      for (LedgerRow r : c.runs()) {
        if (!r.instrument().equals(instrument)) {
          continue;
        }
        involved = true;
        if (r.ok() && scope != Quantity.Scope.LEDGERS) {
          events.add(c.eventsName(r));
        }
      }
      if (involved) {
        ledgers.add(c.ledgerName());
      }
    }
    List<String> out = new ArrayList<>(ledgers);
    out.addAll(events);
    return out;
  }

  /** Ok rows of an instrument. */
  public List<Map.Entry<Campaign, LedgerRow>> okRows(String instrument) {
    return rows(instrument).stream().filter(e -> e.getValue().ok()).toList();
  }

  /** Whether any ok run of the instrument is present. */
  public boolean has(String instrument) {
    return !okRows(instrument).isEmpty();
  }

  private final Map<String, Object> memo = new HashMap<>();

  /** A derived value computed once per analysis (e.g. a bootstrap shared by a ratio and its interval). */
  @SuppressWarnings("unchecked")
  public synchronized <T> T memo(String key, java.util.function.Supplier<T> compute) {
    if (memo.containsKey(key)) {
      return (T) memo.get(key);
    }
    T v = compute.get();
    memo.put(key, v);
    return v;
  }

  /** Campaigns whose events files have been streamed so far (for tests of laziness). */
  public synchronized java.util.Set<String> scannedCampaigns() {
    return java.util.Set.copyOf(scanned.keySet());
  }

  /** Per-run results of every ok run of an instrument, in campaign then ledger order (each campaign scanned once). */
  public List<RunResult> runs(String instrument) {
    List<RunResult> out = new ArrayList<>();
    for (Campaign c : data.campaigns()) {
      if (c.runs().stream().anyMatch(r -> r.ok() && r.instrument().equals(instrument))) {
        out.addAll(campaignRuns(c.name()).stream().filter(r -> r.row().instrument().equals(instrument)).toList());
      }
    }
    return out;
  }

  /**
   * Per-run results of the ok runs of one campaign, streaming each of its events files once (kept for the
   * life of this analysis; the files are read on both cores, results kept in ledger order), or taking them
   * from the {@link RunSummaryCache}. Other campaigns are not opened.
   */
  public List<RunResult> campaignRuns(String campaign) {
    synchronized (this) {
      List<RunResult> cached = scanned.get(campaign);
      if (cached != null) {
        return cached;
      }
    }
    Campaign c = data.campaigns().stream().filter(x -> x.name().equals(campaign)).findFirst().orElse(null);
    List<RunResult> result = c == null ? List.of()
        : List.copyOf(cache.campaignRuns(c, this::scanKeeping));
    synchronized (this) {
      scanned.putIfAbsent(campaign, result);
      return scanned.get(campaign);
    }
  }

  /**
   * What quantities beyond a run's summary need from its events, taken in the same pass as the summary and kept
   * in memory for the life of the analysis (never cached on disk).
   *
   * @param flightsNanos flights {@code recv_ns - send_ns} of the delivered events in file order, ns (the held-out
   *     grid law sorts them when it needs them; the replay campaign's smooth limit)
   * @param sendMicros {@code send_us} of the delivered events in file order, us — only for the campaigns of
   *     {@link ClockOffsetQuantities#STAMP_CAMPAIGNS}, empty otherwise
   * @param wallFlightMicros {@code recv_us - send_us} of the same events, us (same campaigns; empty otherwise)
   * @param catchUp catch-up pairs over pairs of the send stamps ({@link ftl.stats.Pacing#catchUp}); {@link Rate#EMPTY}
   *     when the ledger records no send interval
   */
  public record RunDetail(long[] flightsNanos, long[] sendMicros, long[] wallFlightMicros, Rate catchUp) {}

  /** One pass over a run's events file: its summary and its detail. */
  private record Scanned(RunResult result, RunDetail detail) {}

  private final Map<String, RunDetail> details = new java.util.concurrent.ConcurrentHashMap<>();

  private static String detailKey(Campaign c, LedgerRow row) {
    return c.name() + "/" + row.runId();
  }

  /** {@link #scan}, keeping the run's detail from the same pass. */
  private RunResult scanKeeping(Campaign c, LedgerRow row) {
    countRead(c, row);
    Scanned s = scanOnce(c, row);
    details.put(detailKey(c, row), s.detail());
    return s.result();
  }

  /**
   * How many times this analysis passed each events file (by its name in messages) through the reader: once for
   * every file it needed, never twice (a test counts them).
   */
  public Map<String, Integer> reads() {
    return Map.copyOf(reads);
  }

  private final Map<String, Integer> reads = new java.util.concurrent.ConcurrentHashMap<>();

  private void countRead(Campaign c, LedgerRow row) {
    reads.merge(c.eventsName(row), 1, Integer::sum);
  }

  /**
   * The detail of an ok run: from the pass that scanned it, or — when its summary came from the
   * {@link RunSummaryCache} — from one pass over its events file now (through the gate, digest checked).
   */
  public RunDetail detail(RunResult r) {
    RunDetail d = details.get(detailKey(r.campaign(), r.row()));
    if (d == null) {
      // the summaries came from the cache: the details of every ok run of the campaign, read on both cores
      Campaign c = r.campaign();
      synchronized (this) {
        c.runs().parallelStream().filter(LedgerRow::ok).filter(row -> !details.containsKey(detailKey(c, row)))
            .forEach(row -> {
              countRead(c, row);
              details.put(detailKey(c, row), scanOnce(c, row).detail());
            });
      }
      d = details.get(detailKey(r.campaign(), r.row()));
    }
    return d;
  }

  /**
   * Streams one run's events file once, through the data root's gate, digest checked against the ledger, and
   * computes the run's statistics in the same pass: counts in streaming accumulators, and only the values the
   * exact medians need kept, as primitive arrays (eight longs per event at most, with the two guard accumulators;
   * an events file holds at most {@link ftl.data.EventReader#MAX_ROWS} rows, so a run's memory is bounded: 128 MiB
   * at the cap). No event is held.
   */
  public static RunResult scan(Campaign campaign, LedgerRow row) {
    return scanOnce(campaign, row).result();
  }

  private static Scanned scanOnce(Campaign campaign, LedgerRow row) {
    String interval = row.field(LedgerSchema.SEND_INTERVAL_NS);
    RunScan r = new RunScan(row.clockOffsetMicros(), interval.isEmpty() ? 0 : Long.parseLong(interval),
        ClockOffsetQuantities.STAMP_CAMPAIGNS.contains(campaign.name()));
    EventReader.FileSummary s = campaign.readEvents(row, r::accept);
    LedgerReader.checkDigest(campaign, row, s.sha256());
    double medianD = r.d.size == 0 ? Double.NaN : Quantiles.median(r.d.toArray());
    double medianA = r.a.size == 0 ? Double.NaN : Quantiles.median(r.a.toArray());
    // EventReader rejects an events file without rows ("no event rows after the header"), so there is a first event.
    long phase = Math.floorMod(r.firstSendMicros, 1000L);
    RunResult result = new RunResult(campaign, row, s.sha256(), s.rows(), r.sign.result(), r.guard.result(),
        r.wall.result(), r.grid.result(), medianD, medianA, r.rho, phase);
    return new Scanned(result, new RunDetail(r.flights.toArray(), r.sendMicros.toArray(), r.wallFlights.toArray(),
        r.catchUp == null ? Rate.EMPTY : r.catchUp.result()));
  }

  /** The accumulators of one run's single pass. */
  private static final class RunScan {
    final SignCheck sign = new SignCheck();
    final GuardAccounting guard = new GuardAccounting();
    final GuardAccounting wall = new GuardAccounting();
    final GridLaw.RunPredictor grid;
    final WindowedCorrelation rho = new WindowedCorrelation(RHO_WINDOW);
    final Longs d = new Longs();
    final Longs a = new Longs();
    final Longs flights = new Longs();
    final Longs sendMicros = new Longs();
    final Longs wallFlights = new Longs();
    final Pacing.CatchUp catchUp;
    final boolean stamps;
    long firstSendMicros;
    boolean first = true;

    RunScan(long clockOffsetMicros, long sendIntervalNanos, boolean stamps) {
      grid = new GridLaw.RunPredictor(clockOffsetMicros);
      catchUp = sendIntervalNanos > 0 ? new Pacing.CatchUp(sendIntervalNanos) : null;
      this.stamps = stamps;
    }

    void accept(Event e) {
      if (first) {
        firstSendMicros = e.sendMicros();
        first = false;
      }
      sign.accept(e);
      guard.accept(e);
      grid.accept(e);
      rho.accept(e);
      if (catchUp != null) {
        catchUp.accept(e.sendNanos());
      }
      if (e.complete()) {
        d.add(e.displacementNanos());
        a.add(e.ackSpanNanos());
      }
      if (e.hasRecv()) {
        wall.acceptSample(e.recvMicros() - e.sendMicros(), e.flightNanos());
        flights.add(e.flightNanos());
        if (stamps) { // the reader guarantees recv_us comes with recv_ns
          sendMicros.add(e.sendMicros());
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

    long[] toArray() {
      return Arrays.copyOf(values, size);
    }
  }
}
