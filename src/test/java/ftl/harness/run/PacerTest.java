package ftl.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.harness.replay.SendSchedule;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Pacing logic on an injected clock: no sleeping, exact answers. */
class PacerTest {

  /**
   * A fake monotonic clock: every read advances it by {@code tickNanos}; a park advances it by the request plus an
   * overshoot.
   */
  static final class FakeTime {
    long now;
    final long tickNanos;
    final long parkOvershootNanos;
    final List<Long> parks = new ArrayList<>();

    FakeTime(long start, long tickNanos, long parkOvershootNanos) {
      this.now = start;
      this.tickNanos = tickNanos;
      this.parkOvershootNanos = parkOvershootNanos;
    }

    MonotonicClock clock() {
      return () -> {
        long t = now;
        now += tickNanos;
        return t;
      };
    }

    /** A negative overshoot is an early return of the first park only (parks after it are exact). */
    Pacer.Parker parker() {
      return n -> {
        parks.add(n);
        now += n + (parkOvershootNanos >= 0 || parks.size() == 1 ? parkOvershootNanos : 0);
      };
    }
  }

  @Test
  void intendedNanos_isStartPlusIndexTimesInterval() {
    assertThat(Pacer.intendedNanos(1_000, 0, 250_000)).isEqualTo(1_000);
    assertThat(Pacer.intendedNanos(1_000, 7, 250_000)).isEqualTo(1_751_000);
  }

  @Test
  void scheduledNanos_replaySchedule_isStartPlusOffsetAndABurstIsDueAtOnce() {
    SendSchedule s = new SendSchedule("0".repeat(64), List.of(), new long[] {0, 400, 400, 9_000});
    assertThat(Pacer.scheduledNanos(1_000, s, 0)).isEqualTo(1_000);
    assertThat(Pacer.scheduledNanos(1_000, s, 1)).isEqualTo(Pacer.scheduledNanos(1_000, s, 2)).isEqualTo(1_400);
    assertThat(Pacer.scheduledNanos(1_000, s, 3)).isEqualTo(10_000);
    // a late send does not move the schedule: the clock is past both due times of the burst, both return at once
    FakeTime t = new FakeTime(5_000, 10, 0);
    Pacer p = new Pacer(t.clock(), t.parker(), 100);
    assertThat(p.awaitNanos(Pacer.scheduledNanos(1_000, s, 1))).isEqualTo(5_000);
    assertThat(p.awaitNanos(Pacer.scheduledNanos(1_000, s, 2))).isEqualTo(5_010);
    assertThat(t.parks).isEmpty();
  }

  static Stream<Arguments> waits() {
    // label, start, due, tick, overshoot, spin margin, expected parks
    return Stream.of(
        Arguments.of("far ahead: one park to the spin margin, then spin", 0L, 1_000_000L, 20L, 0L, 100_000L, 1),
        Arguments.of("inside the spin margin: no park", 950_000L, 1_000_000L, 20L, 0L, 100_000L, 0),
        Arguments.of("park returns early: parks again", 0L, 1_000_000L, 20L, -500_000L, 100_000L, 2),
        Arguments.of("park overshoots past the due time: no spin", 0L, 1_000_000L, 20L, 300_000L, 100_000L, 1),
        Arguments.of("no spin margin: park only", 0L, 1_000_000L, 20L, 0L, 0L, 1));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("waits")
  void awaitNanos_case_returnsFirstReadingAtOrAfterDue(String label, long start, long due, long tick, long overshoot,
                                                       long spin, int expectedParks) {
    FakeTime t = new FakeTime(start, tick, overshoot);
    long woke = new Pacer(t.clock(), t.parker(), spin).awaitNanos(due);
    assertThat(woke).isGreaterThanOrEqualTo(due);
    if (overshoot <= 0) {
      assertThat(woke - due).as("wait ends within one clock tick of due").isLessThanOrEqualTo(tick);
    }
    assertThat(t.parks).hasSize(expectedParks);
    for (long p : t.parks) {
      assertThat(p).as("never parks past the spin margin").isLessThanOrEqualTo(due - spin - start);
    }
  }

  @Test
  void awaitNanos_alreadyLate_returnsAtOnceWithoutParking() {
    FakeTime t = new FakeTime(5_000_000, 20, 0);
    long woke = new Pacer(t.clock(), t.parker(), 100_000).awaitNanos(1_000_000);
    assertThat(woke).isEqualTo(5_000_000);
    assertThat(t.parks).isEmpty();
  }

  @Test
  void schedule_lateSend_doesNotShiftLaterIntendedTimes() {
    // Send 3 is delayed 2.6 intervals by a stall (a GC pause, say); sends 4..6 must keep their own due times
    // and go out back to back, so the stall shows up as lag of the sends it delayed (no coordinated omission).
    FakeTime t = new FakeTime(0, 10, 0);
    Pacer pacer = new Pacer(t.clock(), t.parker(), 100_000);
    long interval = 1_000_000;
    long[] lag = new long[8];
    for (int i = 0; i < lag.length; i++) {
      long due = Pacer.intendedNanos(0, i, interval);
      long sent = pacer.awaitNanos(due);
      lag[i] = sent - due;
      if (i == 3) {
        t.now += 2_600_000; // the stall after send 3
      }
    }
    assertThat(lag[4]).isBetween(1_600_000L, 1_600_100L);
    assertThat(lag[5]).isBetween(600_000L, 600_100L);
    assertThat(lag[6]).isLessThan(100L);
    assertThat(lag[7]).isLessThan(100L);
  }

  @Test
  void pacingLag_percentiles_nearestRank() {
    long[] lags = new long[100];
    for (int i = 0; i < 100; i++) {
      lags[i] = 100 - i; // 100..1
    }
    PacingLag lag = PacingLag.of(lags);
    assertThat(lag.p50Nanos()).isEqualTo(50);
    assertThat(lag.p99Nanos()).isEqualTo(99);
    assertThat(lag.maxNanos()).isEqualTo(100);
    assertThat(PacingLag.of(new long[0])).isEqualTo(new PacingLag(0, 0, 0, 0));
  }

  static Stream<Arguments> phases() {
    // label, nowMicros, phase, lead ns
    return Stream.of(
        Arguments.of("phase ahead in this ms", 1_000_000_100L, 900, 2_000_000L),
        Arguments.of("phase behind: next ms", 1_000_000_950L, 100, 2_000_000L),
        Arguments.of("phase zero", 1_000_000_999L, 0, 2_000_000L),
        Arguments.of("no lead", 1_000_000_500L, 500, 0L));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("phases")
  void alignedStartNanos_case_landsOnThePhaseAfterTheLead(String label, long nowMicros, int phase, long lead) {
    long nowNanos = 77_000_000_000L;
    long start = KafkaRun.alignedStartNanos(nowNanos, nowMicros, phase, lead);
    long startMicros = nowMicros + (start - nowNanos) / 1000;
    assertThat(Math.floorMod(startMicros, 1000L)).isEqualTo(phase);
    assertThat(start - nowNanos).isGreaterThanOrEqualTo(lead).isLessThan(lead + 1_001_000L);
  }

  @Test
  void key_roundTrip_carriesSeqIncludingNegativeWarmup() {
    for (long seq : new long[] {0, 1, 255, 256, -1, -500, Long.MIN_VALUE, Long.MAX_VALUE}) {
      assertThat(KafkaRun.seqOf(KafkaRun.key(seq))).isEqualTo(seq);
    }
    assertThat(KafkaRun.seqOf(null)).isEqualTo(Long.MIN_VALUE);
  }
}
