package ftl.quantity.section;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.stats.Rate;
import org.junit.jupiter.api.Test;

/** The retention bands of the OMB median-inflation section, decided exactly on the counts. */
class OmbInflationQuantitiesTest {

  @Test
  void band_boundaries_areDecidedOnTheCounts() {
    assertThat(OmbInflationQuantities.band(Rate.EMPTY)).as("nothing taken").isZero();
    assertThat(OmbInflationQuantities.band(new Rate(0, 100))).isEqualTo(1);
    assertThat(OmbInflationQuantities.band(new Rate(9, 100))).isEqualTo(1);
    assertThat(OmbInflationQuantities.band(new Rate(10, 100))).as("10 % opens the second band").isEqualTo(2);
    assertThat(OmbInflationQuantities.band(new Rate(49, 100))).isEqualTo(2);
    assertThat(OmbInflationQuantities.band(new Rate(50, 100))).isEqualTo(3);
    assertThat(OmbInflationQuantities.band(new Rate(989, 1000))).isEqualTo(3);
    assertThat(OmbInflationQuantities.band(new Rate(99, 100))).as("99 % opens the last band").isEqualTo(4);
    assertThat(OmbInflationQuantities.band(new Rate(1, 1))).isEqualTo(4);
  }

  @Test
  void bandName_lastBandIsClosed() {
    assertThat(OmbInflationQuantities.bandName(1)).isEqualTo("[0%, 10%)");
    assertThat(OmbInflationQuantities.bandName(4)).isEqualTo("[99%, 100%]");
  }
}
