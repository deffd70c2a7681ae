package ftl.quantity.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.stats.ExactHistogram;
import ftl.stats.Rate;
import ftl.stats.SmoothLimit;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A run's detail: its unit, its consistency with its flight sum, and what pooling keeps. */
class ScanDetailTest {

  private static ScanDetail detail(long unit, ExactHistogram flights, long sumFlights) {
    return new ScanDetail(new SmoothLimit.Sum(0, sumFlights, 1_000_000), Rate.EMPTY, unit, flights, List.of(),
        List.of(),
        ExactHistogram.empty(), ExactHistogram.empty(), ExactHistogram.empty());
  }

  @Test
  void flightUnitFor_interval_isItsGcdWith1000NsOr1000WithoutOne() {
    assertThat(ScanDetail.flightUnitFor(0)).isEqualTo(1000);
    assertThat(ScanDetail.flightUnitFor(-5)).isEqualTo(1000);
    assertThat(ScanDetail.flightUnitFor(1_250_000)).isEqualTo(1000);
    assertThat(ScanDetail.flightUnitFor(333_500)).isEqualTo(500);
    assertThat(ScanDetail.flightUnitFor(7)).isEqualTo(1);
  }

  @Test
  void constructor_badUnitOrFlightsDisagreeingWithTheSum_isRefused() {
    ExactHistogram two = ExactHistogram.of(new long[] {1, 2});
    assertThatThrownBy(() -> detail(0, two, 2)).hasMessageContaining("unit must be positive");
    assertThatThrownBy(() -> detail(1000, two, 3)).hasMessageContaining("holds 2 flights, the sum 3");
    assertThat(detail(1000, ExactHistogram.empty(), 3).flights()).as("a pooled detail has no histogram").isEqualTo(3);
  }

  @Test
  void pooled_keepsOwnCountsOfBothSchedulesAndDropsTheHistogram() {
    ScanDetail d = detail(1000, ExactHistogram.of(new long[] {1, 2}), 2);
    long[] own = {2, 1};
    long[] intended = {1};
    ScanDetail p = d.pooled(own, intended);
    own[0] = 9;
    intended[0] = 9;
    assertThat(p.flightUnits().total()).isZero();
    assertThat(p.gridOwnAtLeast()).containsExactly(2L, 1L);
    assertThat(p.gridOwnAtLeastIntended()).containsExactly(1L);
    assertThat(p.flights()).isEqualTo(2);
    assertThat(p).isEqualTo(detail(1000, ExactHistogram.empty(), 2).pooled(new long[] {2, 1}, new long[] {1}));
  }
}
