package ftl.stats;

import static ftl.data.ledger.Events.event;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.ledger.Event;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The guard's counts without its samples: the same counts {@link GuardAccounting} gives. Synthetic samples. */
class GuardCounterTest {

  @Test
  void accept_countsEachClass() {
    GuardCounter t = new GuardCounter();
    for (long m : new long[] {3, 1, 0, 0, -1, -1, -2, -5}) {
      t.accept(m);
    }
    t.acceptWithout();
    GuardCounts c = t.counts();
    assertThat(c).isEqualTo(new GuardCounts(8, 2, 2, 4, 2, 1));
    assertThat(c.retention()).isEqualTo(new Rate(2, 8));
    assertThat(c.dropped()).isEqualTo(6);
    assertThat(c.plus(GuardCounts.EMPTY)).isEqualTo(c);
    assertThat(c.plus(new GuardCounts(3, 1, 1, 1, 0, 2))).isEqualTo(new GuardCounts(11, 3, 3, 5, 2, 3));
  }

  @Test
  void tally_equalsTheAccountingsCounts_mergedAndCleared() {
    SplittableRandom rnd = new SplittableRandom(7);
    GuardCounter tally = new GuardCounter();
    GuardAccounting accounting = new GuardAccounting();
    GuardCounter other = new GuardCounter();
    GuardAccounting otherAccounting = new GuardAccounting();
    for (int i = 0; i < 5_000; i++) {
      long m = rnd.nextLong(-4, 5);
      boolean second = rnd.nextBoolean();
      (second ? other : tally).accept(m);
      (second ? otherAccounting : accounting).acceptSample(m, rnd.nextLong(0, 1_000_000));
    }
    accounting.accept(event(1, 0, 10, Event.MISSING, 1_000_000, Event.MISSING, 1000));
    tally.acceptWithout();
    assertThat(tally.merge(other).counts()).isEqualTo(accounting.merge(otherAccounting).result().counts());
    tally.clear();
    assertThat(tally.counts()).isEqualTo(new GuardCounter().counts()).isEqualTo(new GuardCounts(0, 0, 0, 0, 0, 0));
    assertThat(tally.counts().retention().defined()).isFalse();
  }

  @Test
  void counts_refuseWhatDoesNotConserve() {
    assertThatThrownBy(() -> new GuardCounts(-1, 0, 0, 0, 0, 0)).hasMessageContaining("must not be negative");
    for (long[] c : new long[][] {{0, -1, 0, 0, 0, 0}, {0, 0, -1, 0, 0, 0}, {0, 0, 0, -1, 0, 0}, {0, 0, 0, 0, -1, 0},
        {0, 0, 0, 0, 0, -1}}) {
      assertThatThrownBy(() -> new GuardCounts(c[0], c[1], c[2], c[3], c[4], c[5]))
          .hasMessageContaining("must not be negative");
    }
    assertThatThrownBy(() -> new GuardCounts(3, 1, 1, 0, 0, 0)).hasMessageContaining("do not conserve");
    assertThatThrownBy(() -> new GuardCounts(3, 1, 0, 2, 3, 0)).hasMessageContaining("exceeds droppedNegative");
    assertThat(new GuardResult(3, 1, 0, 2, 1, 4, 2.0, -1.0, 5.0).counts()).isEqualTo(new GuardCounts(3, 1, 0, 2, 1, 4));
  }
}
