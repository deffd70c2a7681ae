package ftl.quantity.core;

import ftl.data.ledger.LedgerRow;
import ftl.data.ledger.LedgerSchema;
import ftl.stats.HeldOutGridLaw;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What the single pass over a run's events keeps beyond its counts, because a section of the registry reads it later:
 * declared here, beside the scan ({@link Analysis#scan}), so the scan depends on no section. The clock-offset section
 * reads the wall-clock stamps of {@link #STAMP_CAMPAIGNS}; the OMB section the complete flights of
 * {@link #COMPLETE_FLIGHTS}; the held-out grid law each scheduled run's own flights at its thresholds
 * ({@link #ownCounts}, and from the intended start phase {@link #ownCountsIntended}); the replay section the flights
 * clipped to {@link #QUANTUM_NANOS}.
 */
public final class ScanNeeds {
  /** The guard's quantum: CreateTime and the receive in whole milliseconds, ns. */
  public static final long QUANTUM_NANOS = 1_000_000L;

  /** The campaigns whose runs are predicted from the other runs' wall-clock stamps: fifojvm, delivery, clockoffset. */
  public static final List<String> HELD_OUT_STAMPS = Stream.of(CampaignCatalogue.FIFOJVM,
      CampaignCatalogue.DELIVERY, CampaignCatalogue.CLOCKOFFSET).map(CampaignCatalogue::folder).toList();

  /**
   * Campaigns whose runs' wall-clock stamps the scan keeps ({@link ScanDetail}): {@link #HELD_OUT_STAMPS} and modeB.
   */
  public static final Set<String> STAMP_CAMPAIGNS = Stream.concat(HELD_OUT_STAMPS.stream(),
      Stream.of(CampaignCatalogue.CLOCKOFFSET.folder(), CampaignCatalogue.MODE_B.folder()))
      .collect(Collectors.toUnmodifiableSet());

  /** The campaign whose complete flights the scan keeps: the runs that predict OpenMessaging Benchmark's. */
  public static final String COMPLETE_FLIGHTS = CampaignCatalogue.OMB_MATCHED.folder();

  private ScanNeeds() {}

  /**
   * An ok run on a fixed grid whose ledger records it: send interval, achieved first phase and sends. A run on a
   * replayed schedule (ledger send_schedule) did not follow a fixed grid, so the fixed-grid law does not predict it.
   */
  public static boolean scheduled(LedgerRow r) {
    return r.ok() && !r.field(LedgerSchema.SEND_INTERVAL_NS).isEmpty()
        && !r.field(LedgerSchema.FIRST_SEND_PHASE_US).isEmpty()
        && !r.field(LedgerSchema.EVENTS_WRITTEN).isEmpty() && r.field(LedgerSchema.SEND_SCHEDULE).isEmpty();
  }

  /**
   * A scheduled run ({@link #scheduled}) whose ledger also records the phase its schedule was meant to start at
   * ({@code start_phase_us}): the held-out grid law can then predict it from that intended phase as well as from the
   * achieved phase of its first measured send ({@code first_send_phase_us}).
   */
  public static boolean intended(LedgerRow r) {
    return scheduled(r) && !r.field(LedgerSchema.START_PHASE_US).isEmpty();
  }

  /**
   * The thresholds of a scheduled run's sends in units of {@code unitNanos} ({@link HeldOutGridLaw#thresholdUnits}).
   */
  public static long[] thresholds(LedgerRow row, long unitNanos) {
    return thresholds(row, unitNanos, LedgerSchema.FIRST_SEND_PHASE_US);
  }

  /**
   * The thresholds of a run's sends placed from the phase in {@code phase} ({@code first_send_phase_us}, achieved, or
   * {@code start_phase_us}, intended), in units of {@code unitNanos}.
   */
  public static long[] thresholds(LedgerRow row, long unitNanos, LedgerSchema.Column phase) {
    return HeldOutGridLaw.thresholdUnits(new HeldOutGridLaw.Sends(Long.parseLong(row.field(
        LedgerSchema.SEND_INTERVAL_NS)), QUANTUM_NANOS, Long.parseLong(row.field(phase)) * 1000L,
        row.clockOffsetMicros() * 1000L, Long.parseLong(row.field(LedgerSchema.EVENTS_WRITTEN))), unitNanos);
  }

  /**
   * A run's own flights at or above each threshold of its schedule, from the flight histogram of its scan (what
   * the leave-one-out prediction takes out of its condition's pool); empty when the ledger records no schedule.
   */
  public static long[] ownCounts(LedgerRow row, ScanDetail d) {
    return scheduled(row) ? ownCounts(row, d, LedgerSchema.FIRST_SEND_PHASE_US) : new long[0];
  }

  /**
   * The same counts at the thresholds of the schedule placed from the intended start phase ({@code start_phase_us});
   * empty unless the run is {@link #intended}.
   */
  public static long[] ownCountsIntended(LedgerRow row, ScanDetail d) {
    return intended(row) ? ownCounts(row, d, LedgerSchema.START_PHASE_US) : new long[0];
  }

  private static long[] ownCounts(LedgerRow row, ScanDetail d, LedgerSchema.Column phase) {
    long[] x = thresholds(row, d.flightUnitNanos(), phase);
    long[] own = new long[x.length];
    for (int j = 0; j < x.length; j++) {
      own[j] = d.flightUnits().atLeast(x[j]);
    }
    return own;
  }
}
