package ftl.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Known answers of the measured 1/D law: slopes of exact lines, bands worked out by hand. */
class DisplacementLawTest {
  private static final RateRatio.Bootstrap BOOT = new RateRatio.Bootstrap(200, 7, 0.95);

  @Test
  void fit_displacementConstant_hasSlopeZeroAndIntervalZero() {
    DisplacementLaw.Fit f = DisplacementLaw.fit(new double[] {100, 200, 300, 400}, new double[] {50, 50, 50, 50}, BOOT);
    assertThat(f.slope()).isCloseTo(0.0, within(1e-12));
    assertThat(f.interceptNanos()).isCloseTo(50.0, within(1e-9));
    assertThat(f.lower()).isCloseTo(0.0, within(1e-12));
    assertThat(f.upper()).isCloseTo(0.0, within(1e-12));
    assertThat(f.defined()).isTrue();
    assertThat(f.runs()).isEqualTo(4);
    // D/T = 50/T inside the fitted flights only
    assertThat(f.relativeError(200)).isCloseTo(0.25, within(1e-12));
    assertThat(f.relativeError(50)).isNaN();
    assertThat(f.relativeError(500)).isNaN();
  }

  @Test
  void fit_displacementTwoThirdsOfFlight_hasSlopeTwoThirds() {
    DisplacementLaw.Fit f = DisplacementLaw.fit(new double[] {300, 600, 900}, new double[] {200, 400, 600}, BOOT);
    assertThat(f.slope()).isCloseTo(2.0 / 3.0, within(1e-12));
    // resamples drawing one flight three times have no slope: left out and counted
    assertThat(f.undefinedResamples()).isPositive();
    assertThat(f.lower()).isCloseTo(2.0 / 3.0, within(1e-9));
    assertThat(f.upper()).isCloseTo(2.0 / 3.0, within(1e-9));
    assertThat(f.relativeError(600)).isCloseTo(2.0 / 3.0, within(1e-12));
  }

  @Test
  void fit_oneFlightOrOnePoint_isUndefined() {
    DisplacementLaw.Fit same = DisplacementLaw.fit(new double[] {300, 300}, new double[] {1, 2}, BOOT);
    assertThat(same.defined()).isFalse();
    assertThat(same.lower()).isNaN();
    assertThat(same.relativeError(300)).isNaN();
    assertThat(DisplacementLaw.fit(new double[] {300}, new double[] {1}, BOOT).defined()).isFalse();
  }

  @Test
  void fit_lengthsDiffer_isRefused() {
    assertThatThrownBy(() -> DisplacementLaw.fit(new double[] {1, 2}, new double[] {1}, BOOT))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("differ");
  }

  @Test
  void fitRecord_inconsistentValues_areRefused() {
    assertThatThrownBy(() -> new DisplacementLaw.Fit(-1, 0, 0, 0, 0, 0, 0, 0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new DisplacementLaw.Fit(1, 0, 0, 0, 0, -1, 0, 0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new DisplacementLaw.Fit(1, 0, 0, 2, 1, 0, 0, 0))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void bands_runsByFlight_giveMediansPerBand() {
    double[] t = {100, 200, 1000, 3000};
    double[] d = {50, 100, 800, 3000};
    List<DisplacementLaw.Band> b = DisplacementLaw.bands(t, d, new double[] {0, 500, 2000, Double.POSITIVE_INFINITY, });
    assertThat(b).hasSize(3);
    assertThat(b.get(0).runs()).isEqualTo(2);
    assertThat(b.get(0).medianFlightNanos()).isEqualTo(150.0);
    assertThat(b.get(0).medianDisplacementNanos()).isEqualTo(75.0);
    assertThat(b.get(0).medianRatio()).isEqualTo(0.5);
    assertThat(b.get(1).medianRatio()).isEqualTo(0.8);
    assertThat(b.get(2).medianRatio()).isEqualTo(1.0);
    List<DisplacementLaw.Band> empty = DisplacementLaw.bands(t, d, new double[] {5000, 6000});
    assertThat(empty.get(0).runs()).isZero();
    assertThat(empty.get(0).medianRatio()).isNaN();
  }

  @Test
  void bands_invalid_areRefused() {
    assertThatThrownBy(() -> DisplacementLaw.bands(new double[] {0}, new double[] {1}, new double[] {0, 1}))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("positive");
    assertThatThrownBy(() -> new DisplacementLaw.Band(2, 1, 0, 0, 0, 0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new DisplacementLaw.Band(1, 2, -1, 0, 0, 0)).isInstanceOf(IllegalArgumentException.class);
  }
}
