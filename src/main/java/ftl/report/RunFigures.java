package ftl.report;

import ftl.data.Campaign;
import ftl.data.ledger.Event;
import ftl.data.ledger.EventReader;
import ftl.data.ledger.LedgerReader;
import ftl.data.ledger.LedgerRow;
import ftl.data.ledger.LedgerSchema;
import ftl.stats.ExactHistogram;
import ftl.stats.GridLaw;
import ftl.stats.GuardAccounting;
import ftl.stats.GuardCounts;
import ftl.stats.LongBuffer;
import ftl.stats.Pacing;
import ftl.stats.Rate;
import ftl.stats.SignCheck;
import ftl.stats.SignCheckResult;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * What {@code ftl report} takes of one ok run: one pass over its events file (through the campaign's gate, digest
 * checked against the ledger) feeding the archive's own accumulators, and the host columns of its ledger row.
 *
 * @param row the run's ledger row
 * @param sign the sign check ({@link SignCheck}): complete events and those with {@code A < 0}
 * @param guard OpenMessaging Benchmark's positivity guard replayed on {@code create_ms} ({@link GuardAccounting})
 * @param grid the grid law per event from the run's own send phases and flights ({@link GridLaw.RunPredictor})
 * @param catchUp catch-up pairs over pairs of consecutive sends ({@link Pacing.CatchUp}); {@link Rate#EMPTY} when the
 *     ledger records no send interval
 * @param flight flights {@code T = recv_ns - send_ns} of the delivered events, in units of
 *     {@link Spread#RESOLUTION_NANOS}
 * @param displacement displacements {@code D = ack_ns - send_ns} of the acknowledged events, same units
 * @param ackSpan ack-referenced spans {@code A = recv_ns - ack_ns} of the complete events, same units
 */
public record RunFigures(LedgerRow row, SignCheckResult sign, GuardCounts guard, GridLaw.RunPrediction grid,
    Rate catchUp,
                         ExactHistogram flight, ExactHistogram displacement, ExactHistogram ackSpan) {

  public RunFigures {
    Objects.requireNonNull(row, "row");
    Objects.requireNonNull(sign, "sign");
    Objects.requireNonNull(guard, "guard");
    Objects.requireNonNull(grid, "grid");
    Objects.requireNonNull(catchUp, "catchUp");
    Objects.requireNonNull(flight, "flight");
    Objects.requireNonNull(displacement, "displacement");
    Objects.requireNonNull(ackSpan, "ackSpan");
  }

  /**
   * Reads one ok run of {@code campaign}: its events file streamed once through the campaign's gate, its SHA-256
   * checked against the ledger ({@link LedgerReader#checkDigest}).
   *
   * @throws ftl.data.io.DataException naming the file and line of any malformed event, or the ledger line when the
   *     digest differs
   */
  public static RunFigures scan(Campaign campaign, LedgerRow row) {
    Pass p = new Pass(row.clockOffsetMicros(), row.integer(LedgerSchema.SEND_INTERVAL_NS).orElse(0));
    EventReader.FileSummary s = campaign.readEvents(row, p::accept);
    LedgerReader.checkDigest(campaign.ledgerName(), row, s.sha256());
    return new RunFigures(row, p.sign.result(), p.guard.result().counts(), p.grid.result(),
        p.catchUp == null ? Rate.EMPTY : p.catchUp.result(), p.flight.histogram(), p.displacement.histogram(),
        p.ackSpan.histogram());
  }

  /** The run's id. */
  public String runId() {
    return row.runId();
  }

  /**
   * Steal time during the run, percent of all cores' time ({@link LedgerSchema#STEAL_PCT}); empty when not recorded.
   */
  public OptionalDouble stealPercent() {
    return number(LedgerSchema.STEAL_PCT);
  }

  /**
   * Other tasks' exact run time during the run, percent of all cores' time ({@link LedgerSchema#OTHER_RUN_PCT}); empty
   * when not recorded.
   */
  public OptionalDouble otherRunPercent() {
    return number(LedgerSchema.OTHER_RUN_PCT);
  }

  /** Median pacing lag of the run's sends, ns ({@link LedgerSchema#PACING_LAG_P50_NS}); empty when not recorded. */
  public OptionalLong pacingLagP50Nanos() {
    return row.integer(LedgerSchema.PACING_LAG_P50_NS);
  }

  /** Largest pacing lag of the run's sends, ns ({@link LedgerSchema#PACING_LAG_MAX_NS}); empty when not recorded. */
  public OptionalLong pacingLagMaxNanos() {
    return row.integer(LedgerSchema.PACING_LAG_MAX_NS);
  }

  private OptionalDouble number(LedgerSchema.Column column) {
    String v = row.field(column);
    return v.isEmpty() ? OptionalDouble.empty() : OptionalDouble.of(Double.parseDouble(v)); // the reader checked it
  }

  /** The accumulators of one run's single pass. */
  private static final class Pass {
    final SignCheck sign = new SignCheck();
    final GuardAccounting guard = new GuardAccounting();
    final GridLaw.RunPredictor grid;
    final Pacing.CatchUp catchUp;
    /** Spans in units of {@link Spread#RESOLUTION_NANOS}. */
    final LongBuffer flight = new LongBuffer();
    final LongBuffer displacement = new LongBuffer();
    final LongBuffer ackSpan = new LongBuffer();

    Pass(long clockOffsetMicros, long sendIntervalNanos) {
      grid = new GridLaw.RunPredictor(clockOffsetMicros);
      catchUp = sendIntervalNanos > 0 ? new Pacing.CatchUp(sendIntervalNanos) : null;
    }

    void accept(Event e) {
      sign.accept(e);
      guard.accept(e);
      grid.accept(e);
      if (catchUp != null) {
        catchUp.accept(e.sendNanos());
      }
      if (e.hasRecv()) {
        flight.add(Spread.units(e.flightNanos()));
      }
      if (e.hasAck()) {
        displacement.add(Spread.units(e.displacementNanos()));
      }
      if (e.complete()) {
        ackSpan.add(Spread.units(e.ackSpanNanos()));
      }
    }
  }
}
