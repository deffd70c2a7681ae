package ftl.stats;

import static ftl.data.ledger.Events.event;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.ledger.Event;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The grid law with a producer clock offset: {@link GridLaw#predictWithOffset} and {@link GridLaw#expectedWithOffset}.
 */
class GridLawOffsetTest {

  private static final long US = 1_000L;
  private static final long MS = 1_000_000L;

  /** A constant-latency case with its verdict counts worked out by hand (kept, zero, one-tick, deeper). */
  record Known(String label, long s, long latency, long first, long offset, long kept, long zero, long one,
      long deeper) {
    @Override
    public String toString() {
      return label;
    }
  }

  static Stream<Known> known() {
    return Stream.of(
        // b = 1: M = floor((phi + L - offset) / q) with producer phase phi = (first + offset) mod q
        new Known("b=1, no offset, phase 0, L=400us: dropped as zero", MS, 400 * US, 0, 0, 0, 1, 0, 0),
        new Known("b=1, no offset, phase 700us, L=400us: kept", MS, 400 * US, 700 * US, 0, 1, 0, 0, 0),
        new Known("b=1, +700us, first 100us, L=300us: phi 800, M=0", MS, 300 * US, 100 * US, 700 * US, 0, 1, 0, 0),
        new Known("b=1, +700us, first 500us, L=300us: phi 200, M=-1", MS, 300 * US, 500 * US, 700 * US, 0, 0, 1, 0),
        new Known("b=1, +1500us, first 100us, L=300us: create tick 1, recv tick 0", MS, 300 * US, 100 * US, 1500 * US,
        0, 0, 1, 0),
        new Known("b=1, +1500us, first 600us, L=300us: M=-2", MS, 300 * US, 600 * US, 1500 * US, 0, 0, 0, 1),
        new Known("b=1, -1500us, L=300us: always kept", MS, 300 * US, 250 * US, -1500 * US, 1, 0, 0, 0),
        new Known("b=1, -300us, first 100us, L=300us: phi 800, M=1", MS, 300 * US, 100 * US, -300 * US, 1, 0, 0, 0),
        // b = 4: phases 50, 300, 550, 800 us after the offset; M = floor((phi - 400) / 1000)
        new Known("b=4, +700us, first 100us, L=300us: two zero, two one-tick", 1250 * US, 300 * US, 100 * US, 700 * US,
        0, 2, 2, 0),
        new Known("b=4, +300us, first 100us, L=300us: phases 150..900, offset cancels latency", 1250 * US, 300 * US,
        100 * US, 300 * US, 0, 4, 0, 0),
        new Known("b=4, negative first send", 1250 * US, 300 * US, -1150 * US, 700 * US, 0, 2, 2, 0),
        new Known("L >= q + offset: every phase kept", 1250 * US, 2000 * US, 0, 700 * US, 4, 0, 0, 0));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("known")
  void predictWithOffset_handWorkedCases_giveKnownCounts(Known c) {
    GridLaw.OffsetPrediction p = GridLaw.predictWithOffset(c.s(), MS, c.latency(), c.first(), c.offset());
    assertThat(p).isEqualTo(new GridLaw.OffsetPrediction(c.kept(), c.zero(), c.one(), c.deeper(), p.phases()));
    assertThat(p.retention()).isEqualTo(ExactFraction.of(c.kept(), p.phases()));
    assertThat(p.oneTickShare()).isEqualTo(ExactFraction.of(c.one(), p.phases()));
  }

  /** Brute force: the b sends of one cycle, each verdict from floor((t + L) / q) - floor((t + offset) / q). */
  private static long[] bruteForce(long s, long q, long latency, long first, long offset) {
    long b = GridLaw.reduce(s, q).denominator();
    long[] counts = new long[4];
    for (long i = 0; i < b; i++) {
      long t = first + i * s;
      long m = Math.floorDiv(t + latency, q) - Math.floorDiv(t + offset, q);
      counts[m >= 1 ? 0 : m == 0 ? 1 : m == -1 ? 2 : 3]++;
    }
    return counts;
  }

  @Test
  void predictWithOffset_randomCases_equalBruteForceOverOneCycle() {
    SplittableRandom rnd = new SplittableRandom(13);
    long[] intervals = {MS, 2 * MS, 500 * US, 250 * US, 1250 * US, 700 * US, 1013 * US, 1100 * US, 3 * MS / 2};
    for (int k = 0; k < 3000; k++) {
      long s = intervals[rnd.nextInt(intervals.length)];
      long latency = rnd.nextLong(0, 3 * MS);
      long first = rnd.nextLong(-5 * MS, 5 * MS);
      long offset = rnd.nextLong(-3 * MS, 3 * MS);
      GridLaw.OffsetPrediction p = GridLaw.predictWithOffset(s, MS, latency, first, offset);
      long[] b = bruteForce(s, MS, latency, first, offset);
      assertThat(new long[] {p.kept(), p.zero(), p.oneTickNegative(), p.deeperNegative()})
          .as("s=%d L=%d first=%d offset=%d", s, latency, first, offset).containsExactly(b);
    }
  }

  @Test
  void predictWithOffset_zeroOffset_keptEqualsPredict() {
    SplittableRandom rnd = new SplittableRandom(5);
    for (int k = 0; k < 2000; k++) {
      long s = rnd.nextLong(50 * US, 3 * MS);
      long latency = rnd.nextLong(0, 2 * MS);
      long first = rnd.nextLong(0, 10 * MS);
      assertThat(GridLaw.predictWithOffset(s, MS, latency, first, 0).kept())
          .isEqualTo(GridLaw.predict(s, MS, latency, first).keptPhases());
    }
  }

  @Test
  void predictWithOffset_badInputs_areRejected() {
    assertThatThrownBy(() -> GridLaw.predictWithOffset(MS, MS, -1, 0, 0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("latency");
    assertThatThrownBy(() -> GridLaw.predictWithOffset(MS, MS, 0, 0, 1L << 41))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("2^40");
    assertThatThrownBy(() -> GridLaw.predictWithOffset(MS, MS, 1L << 41, 0, 0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> GridLaw.predictWithOffset(1L << 42, 1L << 41, 0, 0, 0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> GridLaw.predictWithOffset(0, MS, 0, 0, 0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new GridLaw.OffsetPrediction(1, 1, 1, 0, 2)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("sum to 2");
    assertThatThrownBy(() -> new GridLaw.OffsetPrediction(-1, 1, 1, 1, 2)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new GridLaw.OffsetPrediction(1, -1, 1, 1, 2)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new GridLaw.OffsetPrediction(1, 1, -1, 1, 2)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new GridLaw.OffsetPrediction(1, 1, 1, -1, 2)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void expectedWithOffset_oneSendFiveFlights_countsEachVerdict() {
    // send at 500 us, producer 700 us ahead: CreateTime tick 1; flights 100 and 300 land in tick 0 (M = -1),
    // 500 in tick 1 (M = 0), 1500 and 2500 in ticks 2 and 3 (kept)
    GridLaw.ExpectedGuard g = GridLaw.expectedWithOffset(new long[] {500}, 700, new long[] {100, 300, 500, 1500, 2500});
    assertThat(g).isEqualTo(new GridLaw.ExpectedGuard(1, 5, 2, 1, 2, 0));
    assertThat(g.expectedKept()).isEqualTo(0.4);
    assertThat(g.expectedOneTickNegative()).isEqualTo(0.4);
    assertThat(g.retention()).isEqualTo(0.4);
    assertThat(g.oneTickShare()).isEqualTo(0.4);
  }

  @Test
  void expectedWithOffset_randomRuns_equalDirectCount() {
    SplittableRandom rnd = new SplittableRandom(99);
    for (int k = 0; k < 300; k++) {
      long offset = rnd.nextLong(-2500, 2500);
      long[] sends = new long[rnd.nextInt(0, 40)];
      long t = rnd.nextLong(1_000_000_000L, 2_000_000_000L);
      for (int i = 0; i < sends.length; i++) {
        t += rnd.nextLong(200, 1500);
        sends[i] = t;
      }
      long[] flights = new long[rnd.nextInt(1, 30)];
      for (int i = 0; i < flights.length; i++) {
        flights[i] = rnd.nextLong(0, 3000);
      }
      Arrays.sort(flights);
      long[] direct = new long[4];
      for (long send : sends) {
        for (long f : flights) {
          long m = Math.floorDiv(send + f, 1000) - Math.floorDiv(send + offset, 1000);
          direct[m >= 1 ? 0 : m == 0 ? 1 : m == -1 ? 2 : 3]++;
        }
      }
      GridLaw.ExpectedGuard g = GridLaw.expectedWithOffset(sends, offset, flights);
      assertThat(new long[] {g.kept(), g.zero(), g.oneTickNegative(), g.deeperNegative()}).containsExactly(direct);
    }
  }

  @Test
  void predictRun_withTheRunsOffset_agreesWhereTheOffsetFreeReplayDoesNot() {
    // send at 500 us, flight 300 us, producer clock 600 us behind: CreateTime tick -1, receive tick 0, M = 1 (kept)
    Event e = event(0, 1_000_000L, 1_100_000L, 1_300_000L, 500L, 800L, -1L);
    assertThat(GridLaw.predictRun(List.of(e), -600)).isEqualTo(new GridLaw.RunPrediction(1, 1, 1, 1, 0));
    assertThat(GridLaw.predictRun(List.of(e))).isEqualTo(new GridLaw.RunPrediction(1, 0, 1, 0, 0));
  }

  @Test
  void expectedWithOffset_noEvents_zerosAndUndefinedShares() {
    GridLaw.ExpectedGuard g = GridLaw.expectedWithOffset(new long[0], 700, new long[] {1});
    assertThat(g.events()).isZero();
    assertThat(g.retention()).isNaN();
    assertThat(g.oneTickShare()).isNaN();
  }

  @Test
  void expectedWithOffset_badSample_isRejected() {
    assertThatThrownBy(() -> GridLaw.expectedWithOffset(new long[] {1}, 0, new long[0]))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("empty");
    assertThatThrownBy(() -> GridLaw.expectedWithOffset(new long[] {1}, 0, new long[] {2, 1}))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("sorted");
    assertThatThrownBy(() -> new GridLaw.ExpectedGuard(1, 0, 0, 0, 0, 0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new GridLaw.ExpectedGuard(-1, 1, 0, 0, 0, 0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new GridLaw.ExpectedGuard(1, 1, -1, 1, 1, 0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new GridLaw.ExpectedGuard(1, 1, 1, -1, 1, 0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new GridLaw.ExpectedGuard(1, 1, 1, 1, -1, 0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new GridLaw.ExpectedGuard(1, 1, 1, 1, 0, -1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new GridLaw.ExpectedGuard(1, 1, 1, 1, 0, 0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("sum");
    assertThatThrownBy(() -> GridLaw.expectedWithOffset(null, 0, new long[] {1}))
        .isInstanceOf(NullPointerException.class);
  }
}
