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
import ftl.stats.GuardAccounting;
import ftl.stats.SignCheck;

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

  private final DataSet data;
  private final Map<String, List<RunResult>> scanned = new HashMap<>();

  public Analysis(DataSet data) {
    this.data = data;
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

  /** Instruments whose events files have been streamed so far (for tests of laziness). */
  public synchronized java.util.Set<String> scannedInstruments() {
    return java.util.Set.copyOf(scanned.keySet());
  }

  /** Per-run results of every ok run of an instrument, streaming each events file once (cached). */
  public synchronized List<RunResult> runs(String instrument) {
    List<RunResult> cached = scanned.get(instrument);
    if (cached != null) {
      return cached;
    }
    List<RunResult> out = new ArrayList<>();
    for (Map.Entry<Campaign, LedgerRow> e : okRows(instrument)) {
      out.add(scan(e.getKey(), e.getValue()));
    }
    List<RunResult> result = List.copyOf(out);
    scanned.put(instrument, result);
    return result;
  }

  /** Streams one run's events file: sign check and guard replica in one pass, digest checked against the ledger. */
  public static RunResult scan(Campaign campaign, LedgerRow row) {
    SignCheck sign = new SignCheck();
    GuardAccounting guard = new GuardAccounting();
    EventReader.FileSummary s = EventReader.read(campaign.eventsPath(row), campaign.eventsName(row), null, e -> {
      sign.accept(e);
      guard.accept(e);
    });
    LedgerReader.checkDigest(campaign, row, s.sha256());
    return new RunResult(campaign, row, s.sha256(), s.rows(), sign.result(), guard.result());
  }
}
