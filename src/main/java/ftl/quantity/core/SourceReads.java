package ftl.quantity.core;

import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The campaigns one computation read: those whose ledger it read, and those whose events files it read (through
 * {@link Analysis#campaignRuns} or {@link Analysis#runs}). A value computed once and shared ({@link Analysis#memo})
 * keeps what its computation read, and every computation that takes the value is credited with it, so a quantity's
 * sources do not depend on which quantity happened to compute a shared value first.
 */
public final class SourceReads {
  private final Set<String> ledgers = ConcurrentHashMap.newKeySet();
  private final Set<String> events = ConcurrentHashMap.newKeySet();
  private final Set<String> pooled = ConcurrentHashMap.newKeySet();

  private static final ThreadLocal<SourceReads> CURRENT = new ThreadLocal<>();

  /** Notes that the computation running on this thread read the ledger of {@code campaign}. */
  static void ledger(String campaign) {
    SourceReads r = CURRENT.get();
    if (r != null) {
      r.ledgers.add(campaign);
    }
  }

  /** Notes that the computation running on this thread read the events files of {@code campaign} (and its ledger). */
  static void events(String campaign) {
    SourceReads r = CURRENT.get();
    if (r != null) {
      r.ledgers.add(campaign);
      r.events.add(campaign);
    }
  }

  /**
   * Notes that the computation running on this thread pooled {@code campaign} with the other campaigns that declare
   * {@link CampaignCatalogue.Family#POOLED} (through {@link Analysis#rows}, {@link Analysis#runs} or
   * {@link Analysis#campaigns}); its ledger read.
   */
  static void pooled(String campaign) {
    SourceReads r = CURRENT.get();
    if (r != null) {
      r.ledgers.add(campaign);
      r.pooled.add(campaign);
    }
  }

  /**
   * Notes that the computation running on this thread read the runs of a tool's folder of the data root, one that is no
   * instrument campaign ({@code perftest}, {@code omb-nats}): its ledger and run files, read when the registry was made
   * and consulted now. Noted under the folder's name beside the campaigns' ledgers, so what a criterion's statistic
   * read names the tools' data too (issue 43); {@link ftl.quantity.Sources} lists a tool's files by its scope.
   */
  public static void folder(String folder) {
    ledger(folder);
  }

  /** Credits the computation running on this thread with what {@code other} read. */
  static void credit(SourceReads other) {
    SourceReads r = CURRENT.get();
    if (r != null) { // the value's own record is never the current one: credited after its computation restored it
      r.ledgers.addAll(other.ledgers);
      r.events.addAll(other.events);
      r.pooled.addAll(other.pooled);
    }
  }

  /** Runs {@code compute} on this thread with its reads noted in this record (then restores the thread's record). */
  <T> T during(Supplier<T> compute) {
    SourceReads outer = CURRENT.get();
    CURRENT.set(this);
    try {
      return compute.get();
    } finally {
      if (outer == null) {
        CURRENT.remove();
      } else {
        CURRENT.set(outer);
      }
    }
  }

  /**
   * Runs {@code compute} under a record of its own, credits the computation running on this thread with what it read,
   * and returns the campaigns it read (their ledgers, and the events of some): what one part of a computation read.
   */
  public static Set<String> noting(Runnable compute) {
    SourceReads r = new SourceReads();
    r.during(() -> {
      compute.run();
      return r;
    });
    credit(r);
    return new TreeSet<>(r.ledgers);
  }

  /** Whether the computation read the ledger of {@code campaign}. */
  public boolean readLedger(String campaign) {
    return ledgers.contains(campaign);
  }

  /** Whether the computation pooled {@code campaign} with others ({@link #pooled(String)}). */
  public boolean readPooled(String campaign) {
    return pooled.contains(campaign);
  }

  /** Whether the computation read the events files of {@code campaign}. */
  public boolean readEvents(String campaign) {
    return events.contains(campaign);
  }
}
