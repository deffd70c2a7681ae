package ftl.report;

import ftl.stats.ExactHistogram;
import java.util.ArrayList;
import java.util.List;

/**
 * The points of one span's percentile plot (HdrHistogram's plotter draws the same: value against percentile, the
 * percentile axis stretched by {@code 1 / (1 - p)} so the tail is read): nearest-rank percentiles ({@link
 * ExactHistogram#nearestRank}, the rule of {@link Spread}) at the fixed ladder {@link #LADDER}, then the largest value
 * as percentile 100. A ladder percentile is kept only while {@code 1 / (1 - p / 100) < n} for {@code n} values: past
 * that its rank is the last, and the point would repeat the maximum. Values in ns, multiples of
 * {@link Spread#RESOLUTION_NANOS}.
 *
 * @param points ascending in percentile; empty when there is no value
 */
public record PercentilePlot(List<Point> points) {

  /** The percentiles plotted below the maximum; 0 stands for the smallest value. */
  public static final List<Double> LADDER = List.of(0.0, 50.0, 90.0, 99.0, 99.9, 99.99, 99.999);

  /** No value, no point. */
  public static final PercentilePlot EMPTY = new PercentilePlot(List.of());

  public PercentilePlot {
    points = List.copyOf(points);
    for (int i = 1; i < points.size(); i++) {
      if (points.get(i).percentile() <= points.get(i - 1).percentile()
          || points.get(i).valueNanos() < points.get(i - 1).valueNanos()) {
        throw new IllegalArgumentException("points must ascend: " + points);
      }
    }
  }

  /**
   * One point.
   *
   * @param percentile in [0, 100]: 0 the smallest value, 100 the largest
   * @param valueNanos the value at that percentile, ns
   */
  public record Point(double percentile, long valueNanos) {
    public Point {
      if (!(percentile >= 0 && percentile <= 100)) {
        throw new IllegalArgumentException("percentile out of [0, 100]: " + percentile);
      }
    }
  }

  /** The plot of a histogram of values in units of {@link Spread#RESOLUTION_NANOS}. */
  public static PercentilePlot of(ExactHistogram units) {
    long n = units.total();
    if (n == 0) {
      return EMPTY;
    }
    List<Point> out = new ArrayList<>();
    for (int i = 0; i < LADDER.size(); i++) {
      double p = LADDER.get(i);
      if (1 / (1 - p / 100) >= n) {
        break;
      }
      long v = i == 0 ? units.min() : units.nearestRank(p); // the ladder's first rung, 0, is the smallest value
      out.add(new Point(p, Math.multiplyExact(v, Spread.RESOLUTION_NANOS)));
    }
    out.add(new Point(100, Math.multiplyExact(units.max(), Spread.RESOLUTION_NANOS)));
    return new PercentilePlot(out);
  }
}
