package ftl.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.ledger.Event;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class SignCheckTest {

  @Test
  void of_rejectedFixture_countsEveryClassAndRejects() {
    SignCheckResult r = SignCheck.of(EventFixtures.load("sign_rejected.csv"));
    assertThat(r).isEqualTo(new SignCheckResult(12, 9, 2, 2, 1, 3, 0));
    assertThat(r.rejected()).isTrue();
    assertThat(r.ackNegativeRate()).isEqualTo(new Rate(3, 9));
    assertThat(r.sendNegativeRate()).isEqualTo(new Rate(0, 9));
  }

  @Test
  void of_cleanFixture_zeroAckSpanIsNotNegative() {
    SignCheckResult r = SignCheck.of(EventFixtures.load("sign_clean.csv"));
    assertThat(r).isEqualTo(new SignCheckResult(6, 6, 0, 0, 0, 0, 0));
    assertThat(r.rejected()).isFalse();
  }

  /** One event's stamps and its expected classification. */
  record Stamps(String label, long send, long ack, long recv, boolean complete, boolean ackNeg, boolean sendNeg) {
    @Override
    public String toString() {
      return label;
    }
  }

  static Stream<Stamps> boundaries() {
    long m = Event.MISSING;
    return Stream.of(
        new Stamps("ordered send < ack < recv", 0, 1, 2, true, false, false),
        new Stamps("ack equals recv: A = 0", 0, 5, 5, true, false, false),
        new Stamps("recv one ns before ack: A = -1", 0, 5, 4, true, true, false),
        new Stamps("recv before send: T < 0 and A < 0", 10, 11, 9, true, true, true),
        new Stamps("recv before send, ack earlier still: T < 0, A >= 0", 10, 5, 9, true, false, true),
        new Stamps("recv equals send: T = 0", 10, 10, 10, true, false, false),
        new Stamps("stamps at the ends of the long range, A's subtraction would overflow", -1, Long.MAX_VALUE,
            Long.MIN_VALUE + 1, true, true, true),
        new Stamps("send and ack at MIN+1, recv at MAX: spans positive though subtraction wraps", Long.MIN_VALUE + 1,
        Long.MIN_VALUE + 1, Long.MAX_VALUE,
            true, false, false),
        new Stamps("missing ack", 0, m, 5, false, false, false),
        new Stamps("missing recv", 0, 5, m, false, false, false),
        new Stamps("missing both", 0, m, m, false, false, false));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("boundaries")
  void accept_boundaryStamps_classifiesBySignNotBySubtraction(Stamps s) {
    SignCheck c = new SignCheck();
    c.accept(s.send(), s.ack(), s.recv());
    SignCheckResult r = c.result();
    assertThat(r.eventsTaken()).isEqualTo(1);
    assertThat(r.complete()).isEqualTo(s.complete() ? 1 : 0);
    assertThat(r.ackNegative()).isEqualTo(s.ackNeg() ? 1 : 0);
    assertThat(r.sendNegative()).isEqualTo(s.sendNeg() ? 1 : 0);
    assertThat(r.rejected()).isEqualTo(s.ackNeg());
    assertThat(r.missingAck()).isEqualTo(s.ack() == Event.MISSING ? 1 : 0);
    assertThat(r.missingRecv()).isEqualTo(s.recv() == Event.MISSING ? 1 : 0);
  }

  /** A seeded synthetic run. */
  record RunCase(String label, List<Event> events) {
    @Override
    public String toString() {
      return label;
    }
  }

  static Stream<RunCase> randomRuns() {
    SplittableRandom rnd = new SplittableRandom(5_0001L);
    List<RunCase> cases = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      RandomEvents.Shape shape = i % 3 == 0 ? RandomEvents.Shape.EXTREME : RandomEvents.Shape.REALISTIC;
      int n = rnd.nextInt(0, 300);
      cases.add(new RunCase("run " + i + " (" + shape + ", " + n + " events)", RandomEvents.run(rnd, n, shape)));
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("randomRuns")
  void of_randomRun_agreesWithBigIntegerBruteForce(RunCase c) {
    long complete = 0;
    long ackNeg = 0;
    long sendNeg = 0;
    long noAck = 0;
    long noRecv = 0;
    for (Event e : c.events()) {
      noAck += e.hasAck() ? 0 : 1;
      noRecv += e.hasRecv() ? 0 : 1;
      if (e.complete()) {
        complete++;
        BigInteger a = BigInteger.valueOf(e.recvNanos()).subtract(BigInteger.valueOf(e.ackNanos()));
        BigInteger t = BigInteger.valueOf(e.recvNanos()).subtract(BigInteger.valueOf(e.sendNanos()));
        ackNeg += a.signum() < 0 ? 1 : 0;
        sendNeg += t.signum() < 0 ? 1 : 0;
      }
    }
    SignCheckResult r = SignCheck.of(c.events());
    assertThat(r.eventsTaken()).isEqualTo(c.events().size());
    assertThat(r.complete()).isEqualTo(complete);
    assertThat(r.ackNegative()).isEqualTo(ackNeg);
    assertThat(r.sendNegative()).isEqualTo(sendNeg);
    assertThat(r.missingAck()).isEqualTo(noAck);
    assertThat(r.missingRecv()).isEqualTo(noRecv);
    assertThat(r.rejected()).isEqualTo(ackNeg > 0);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("randomRuns")
  void merge_splitRun_equalsOnePass(RunCase c) {
    int cut = c.events().size() / 3;
    SignCheck left = new SignCheck();
    SignCheck right = new SignCheck();
    c.events().subList(0, cut).forEach(left::accept);
    c.events().subList(cut, c.events().size()).forEach(right::accept);
    SignCheckResult merged = left.merge(right).result();
    assertThat(merged).isEqualTo(SignCheck.of(c.events()));
    SignCheckResult a = SignCheck.of(c.events().subList(0, cut));
    SignCheckResult b = SignCheck.of(c.events().subList(cut, c.events().size()));
    assertThat(SignCheckResult.pooled(List.of(a, b))).isEqualTo(merged);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("randomRuns")
  void derivedSpans_everyCompleteEvent_ackSpanIsFlightMinusDisplacementExactly(RunCase c) {
    for (Event e : c.events()) {
      if (e.complete()) {
        assertThat(e.ackSpanNanos()).isEqualTo(e.flightNanos() - e.displacementNanos());
      }
    }
  }

  @Test
  void countRejected_mixedRuns_countsRunsWithAnyAckNegative() {
    SignCheckResult bad = SignCheck.of(EventFixtures.load("sign_rejected.csv"));
    SignCheckResult good = SignCheck.of(EventFixtures.load("sign_clean.csv"));
    assertThat(SignCheckResult.countRejected(List.of(bad, good, bad))).isEqualTo(2);
    assertThat(SignCheckResult.countRejected(List.of())).isZero();
    SignCheckResult pooled = SignCheckResult.pooled(List.of(bad, good));
    assertThat(pooled).isEqualTo(new SignCheckResult(18, 15, 2, 2, 1, 3, 0));
    assertThat(pooled.rejected()).isTrue();
    assertThat(SignCheckResult.pooled(List.of())).isEqualTo(SignCheckResult.EMPTY);
    assertThat(SignCheckResult.EMPTY.ackNegativeRate().defined()).isFalse();
  }

  @Test
  void accept_missingSend_throws() {
    assertThatThrownBy(() -> new SignCheck().accept(Event.MISSING, 1, 2)).hasMessageContaining("send_ns");
  }

  /** Invalid count combinations the record must refuse. */
  static Stream<long[]> invalidCounts() {
    return Stream.of(
        new long[] {-1, 0, 0, 0, 0, 0, 0},
        new long[] {0, -1, 0, 0, 0, 0, 0},
        new long[] {0, 0, -1, 0, 0, 0, 0},
        new long[] {0, 0, 0, -1, 0, 0, 0},
        new long[] {0, 0, 0, 0, -1, 0, 0},
        new long[] {0, 0, 0, 0, 0, -1, 0},
        new long[] {0, 0, 0, 0, 0, 0, -1},
        new long[] {2, 0, 1, 2, 2, 0, 0}, // missingBoth > missingAck
        new long[] {2, 0, 2, 1, 2, 0, 0}, // missingBoth > missingRecv
        new long[] {5, 3, 1, 0, 0, 0, 0}, // does not conserve
        new long[] {3, 3, 0, 0, 0, 4, 0}, // ackNegative > complete
        new long[] {3, 3, 0, 0, 0, 0, 4}); // sendNegative > complete
  }

  @ParameterizedTest
  @MethodSource("invalidCounts")
  void constructor_inconsistentCounts_throws(long[] c) {
    assertThatThrownBy(() -> new SignCheckResult(c[0], c[1], c[2], c[3], c[4], c[5], c[6]))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
