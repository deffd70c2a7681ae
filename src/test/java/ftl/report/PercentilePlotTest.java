package ftl.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.stats.ExactHistogram;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** The points of a percentile plot: the ladder cut where its rank would be the last, then the maximum. */
class PercentilePlotTest {

  private static List<Double> percentiles(PercentilePlot p) {
    return p.points().stream().map(PercentilePlot.Point::percentile).toList();
  }

  @Test
  void of_oneValue_onlyTheMaximum() {
    PercentilePlot p = PercentilePlot.of(ExactHistogram.of(new long[] {7}));
    assertThat(p.points()).containsExactly(new PercentilePlot.Point(100, 700));
  }

  @Test
  void of_empty_noPoint() {
    assertThat(PercentilePlot.of(ExactHistogram.empty())).isEqualTo(PercentilePlot.EMPTY);
  }

  @Test
  void of_thousandValues_ladderUpTo99ThenMax() {
    // 1..1000: 1 / (1 - p) < 1000 keeps 0, 50, 90, 99 (99.9 would be rank 1000, the maximum)
    PercentilePlot p = PercentilePlot.of(ExactHistogram.of(LongStream.rangeClosed(1, 1000).toArray()));
    assertThat(percentiles(p)).containsExactly(0.0, 50.0, 90.0, 99.0, 100.0);
    assertThat(p.points().stream().map(PercentilePlot.Point::valueNanos).toList())
        .containsExactly(100L, 50_000L, 90_000L, 99_000L, 100_000L);
  }

  @Test
  void of_negativeValues_keptWithTheirSign() {
    PercentilePlot p = PercentilePlot.of(ExactHistogram.of(new long[] {-5, -1, 3}));
    assertThat(p.points()).containsExactly(new PercentilePlot.Point(0, -500), new PercentilePlot.Point(50, -100),
        new PercentilePlot.Point(100, 300));
  }

  @Test
  void constructor_pointsNotAscending_refused() {
    assertThatThrownBy(() -> new PercentilePlot(List.of(new PercentilePlot.Point(50, 2),
        new PercentilePlot.Point(0, 1))))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new PercentilePlot(List.of(new PercentilePlot.Point(0, 2),
        new PercentilePlot.Point(50, 1))))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new PercentilePlot.Point(100.5, 1)).isInstanceOf(IllegalArgumentException.class);
  }
}
