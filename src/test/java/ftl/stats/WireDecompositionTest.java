package ftl.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * Five records worked by hand: (send, produce_resp, ack, fetch_resp, recv) in ns.
 * r0: G = +300, A = +150 (ordered, kept); r1: G = +100, A = -50 (client-side inversion);
 * r2: G = -20, A = -80 (broker order reversed); r3: G = 0, A = -10 (inversion: G >= 0); r4: a missing stamp (left out).
 */
class WireDecompositionTest {
  static final long M = WireDecomposition.MISSING;

  @Test
  void of_handWorkedRecords_splitsNegativesByTheBrokersOrder() {
    long[] send = {0, 0, 0, 0, 0};
    long[] prod = {100, 100, 100, 100, 100};
    long[] ack = {250, 250, 130, 110, M};
    long[] fetch = {400, 200, 80, 100, 90};
    long[] recv = {400, 200, 50, 100, 95};
    WireDecomposition w = WireDecomposition.of(send, prod, ack, fetch, recv);
    assertThat(w.records()).isEqualTo(4);
    assertThat(w.gapPositive()).isEqualTo(2);
    assertThat(w.gapNegative()).isEqualTo(1);
    assertThat(w.negative()).isEqualTo(3);
    assertThat(w.brokerReversed()).isEqualTo(1);
    assertThat(w.clientInversion()).isEqualTo(2);
    assertThat(w.gapMedianNanos()).isEqualTo(50.0); // G = {300, 100, -20, 0}: type 7 median 50
    assertThat(w.displacementMedianNanos()).isEqualTo(190.0); // D = {250, 250, 130, 110}
    assertThat(w.producerLateMedianNanos()).isEqualTo(90.0); // {150, 150, 30, 10}
    assertThat(w.consumerLateMedianNanos()).isEqualTo(0.0); // {0, 0, -30, 0}
    assertThat(w.gapPositiveShare()).isEqualTo(0.5);
    assertThat(w.gapNegativeShare()).isEqualTo(0.25);
  }

  @Test
  void of_anyMissingStamp_leavesTheRecordOut() {
    long[] one = {1};
    long[] none = {M};
    assertThat(WireDecomposition.of(none, one, one, one, one).records()).isZero();
    assertThat(WireDecomposition.of(one, none, one, one, one).records()).isZero();
    assertThat(WireDecomposition.of(one, one, none, one, one).records()).isZero();
    assertThat(WireDecomposition.of(one, one, one, none, one).records()).isZero();
    WireDecomposition w = WireDecomposition.of(one, one, one, one, none);
    assertThat(w.records()).isZero();
    assertThat(w.gapMedianNanos()).isNaN();
    assertThat(w.gapPositiveShare()).isNaN();
    assertThat(w.gapNegativeShare()).isNaN();
  }

  @Test
  void of_columnsOfDifferentLengths_refused() {
    long[] one = {1};
    long[] two = {1, 2};
    assertThatThrownBy(() -> WireDecomposition.of(one, two, one, one, one))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> WireDecomposition.of(one, one, two, one, one))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> WireDecomposition.of(one, one, one, two, one))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> WireDecomposition.of(one, one, one, one, two))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
