package ftl.quantity.core;

import ftl.data.Campaign;
import ftl.data.ledger.LedgerRow;
import ftl.data.ledger.LedgerSchema;
import ftl.stats.ConfirmCoverage;
import ftl.stats.CorrelationResult;
import ftl.stats.GridLaw;
import ftl.stats.GuardCounts;
import ftl.stats.GuardResult;
import ftl.stats.Rate;
import ftl.stats.SignCheckResult;
import ftl.stats.WindowedCorrelation;
import java.util.Objects;

/**
 * One ok run as the analysis holds it: what the pass over its events file gave ({@link ScanResult}, scanned now or
 * read from the run-summary cache), with the run's campaign and ledger row. Every quantity of the registry reads runs
 * as these. (The instrument's record of a run it has just finished is {@code ftl.harness.run.FinishedRun}.)
 *
 * @param campaign the run's campaign
 * @param row the run's ledger row
 * @param scan what the pass over its events file gave
 */
public record ScannedRun(Campaign campaign, LedgerRow row, ScanResult scan) {

  public ScannedRun {
    Objects.requireNonNull(scan, "scan");
  }

  /** This result with another detail (the analysis pools the flight histogram and keeps the run's own counts). */
  ScannedRun withDetail(ScanDetail d) {
    return new ScannedRun(campaign, row, scan.withDetail(d));
  }

  /** {@link ScanResult#sha256()}. */
  public String sha256() { return scan.sha256(); }

  /** {@link ScanResult#rows()}. */
  public long rows() { return scan.rows(); }

  /** {@link ScanResult#sign()}. */
  public SignCheckResult sign() { return scan.sign(); }

  /** {@link ScanResult#guard()}. */
  public GuardResult guard() { return scan.guard(); }

  /** {@link ScanResult#wallMicrosGuard()}. */
  public GuardCounts wallMicrosGuard() { return scan.wallMicrosGuard(); }

  /** {@link ScanResult#grid()}. */
  public GridLaw.RunPrediction grid() { return scan.grid(); }

  /** {@link ScanResult#medianDisplacementNanos()}. */
  public double medianDisplacementNanos() { return scan.medianDisplacementNanos(); }

  /** {@link ScanResult#medianAckSpanNanos()}. */
  public double medianAckSpanNanos() { return scan.medianAckSpanNanos(); }

  /**
   * The paired co-moments of (D, A), restored from the scan's exact state: a new accumulator, mergeable across runs.
   */
  public WindowedCorrelation correlation() { return WindowedCorrelation.restore(scan.correlation()); }

  /** {@link ScanResult#firstSendPhaseMicros()}. */
  public long firstSendPhaseMicros() { return scan.firstSendPhaseMicros(); }

  /** {@link ScanResult#coverage()}. */
  public ConfirmCoverage.Result coverage() { return scan.coverage(); }

  /** {@link ScanResult#detail()}. */
  public ScanDetail detail() { return scan.detail(); }

  /** The sign check: a run is rejected when any complete event has a negative ack-referenced span. */
  public boolean rejected() {
    return sign().rejected();
  }

  /** Guard retention kept / taken ({@link GuardResult#retention()}), NaN when nothing was delivered. */
  public double retention() {
    return guard().retention().value();
  }

  /**
   * OpenMessaging Benchmark's median inflation of the run: the guard's median (nearest rank of the kept M, whole ms) in
   * us over the run's median flight T = recv_ns - send_ns in us; dimensionless; NaN when the guard kept nothing.
   */
  public double ombInflation() {
    GuardResult g = guard();
    return g.kept() == 0 ? Double.NaN : g.guardMedianMillis() * 1e3 / (g.medianFlightNanos() / 1e3);
  }

  /** Negative ack-referenced spans over complete events. */
  public Rate ackNegativeRate() {
    return new Rate(sign().ackNegative(), sign().complete());
  }

  /** This run's rho(D, A) alone. */
  public CorrelationResult rho() {
    return new WindowedCorrelation(Analysis.RHO_WINDOW).merge(correlation()).result();
  }

  /** A declared ledger column of the run ({@code ""} when its ledger lacks it). */
  public String field(LedgerSchema.Column column) {
    return row.field(column);
  }
}
