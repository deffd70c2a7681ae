package ftl.quantity;

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
        : List.copyOf(cache.campaignRuns(c, Analysis::scan));
    synchronized (this) {
      scanned.putIfAbsent(campaign, result);
      return scanned.get(campaign);
    }
  }

  /** The run's emulated producer clock offset ({@code clock_offset_us}; empty in ledgers before it existed = 0), us. */
  static long clockOffsetMicros(LedgerRow row) {
    String v = row.field("clock_offset_us");
    return v.isEmpty() ? 0 : Long.parseLong(v); // the ledger reader checked it is an integer (data dictionary)
  }

  /**
   * Streams one run's events file once, through the data root's gate, digest checked against the ledger, and
   * computes the run's statistics in the same pass: counts in streaming accumulators, and only the values the
   * exact medians need kept, as primitive arrays (eight longs per event at most, with the two guard accumulators;
   * an events file holds at most {@link ftl.data.EventReader#MAX_ROWS} rows, so a run's memory is bounded: 128 MiB
   * at the cap). No event is held.
   */
  public static RunResult scan(Campaign campaign, LedgerRow row) {
    RunScan r = new RunScan(clockOffsetMicros(row));
    EventReader.FileSummary s = campaign.readEvents(row, r::accept);
    LedgerReader.checkDigest(campaign, row, s.sha256());
    double medianD = r.d.size == 0 ? Double.NaN : Quantiles.median(r.d.toArray());
    double medianA = r.a.size == 0 ? Double.NaN : Quantiles.median(r.a.toArray());
    // EventReader rejects an events file without rows ("no event rows after the header"), so there is a first event.
    long phase = Math.floorMod(r.firstSendMicros, 1000L);
    return new RunResult(campaign, row, s.sha256(), s.rows(), r.sign.result(), r.guard.result(),
        r.wall.result(), r.grid.result(), medianD, medianA, r.rho, phase);
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
    long firstSendMicros;
    boolean first = true;

    RunScan(long clockOffsetMicros) {
      grid = new GridLaw.RunPredictor(clockOffsetMicros);
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
      if (e.complete()) {
        d.add(e.displacementNanos());
        a.add(e.ackSpanNanos());
      }
      if (e.hasRecv()) {
        wall.acceptSample(e.recvMicros() - e.sendMicros(), e.flightNanos());
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
