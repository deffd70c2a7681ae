package ftl.cache;

import ftl.quantity.core.ScannedRun;
import ftl.stats.GuardResult;
import ftl.stats.WindowedCorrelation;
import java.util.ArrayList;
import java.util.List;

/** Run results as flat lists of exact values, so two results compare field by field and doubles bit for bit. */
final class ScannedRuns {
  private ScannedRuns() {}

  /** Every field of a result: identity of campaign and row, counts, and the raw IEEE-754 bits of every double. */
  static List<Object> exact(ScannedRun r) {
    List<Object> out = new ArrayList<>();
    out.add(r.campaign().name());
    out.add(r.row());
    out.add(r.sha256());
    out.add(r.rows());
    out.add(r.sign());
    guard(out, r.guard());
    out.add(r.wallMicrosGuard());
    out.add(r.grid());
    out.add(Double.doubleToRawLongBits(r.medianDisplacementNanos()));
    out.add(Double.doubleToRawLongBits(r.medianAckSpanNanos()));
    WindowedCorrelation.State s = r.correlation().state();
    out.add(s.window());
    out.add(s.pairs());
    for (double d : new double[] {s.meanDisplacementNanos(), s.meanAckSpanNanos(), s.comomentDD(), s.comomentAA(),
        s.comomentDA()}) {
      out.add(Double.doubleToRawLongBits(d));
    }
    out.add(s.outside());
    out.add(s.incomplete());
    out.add(r.rho());
    out.add(r.firstSendPhaseMicros());
    out.add(r.detail().completeFlightsNanos());
    return out;
  }

  static List<List<Object>> exact(List<ScannedRun> runs) {
    return runs.stream().map(ScannedRuns::exact).toList();
  }

  private static void guard(List<Object> out, GuardResult g) {
    out.add(List.of(g.taken(), g.kept(), g.droppedZero(), g.droppedNegative(), g.oneTickNegative(), g.withoutM()));
    out.add(Double.doubleToRawLongBits(g.guardMedianMillis()));
    out.add(Double.doubleToRawLongBits(g.allSamplesMedianMillis()));
    out.add(Double.doubleToRawLongBits(g.medianFlightNanos()));
  }
}
