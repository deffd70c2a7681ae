package ftl.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.ledger.Event;
import ftl.data.ledger.Events;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The negative spans split by how many messages each acknowledgment completed (events column ack_covered). */
class ConfirmCoverageTest {

  /**
   * A complete event: sent at 0, acknowledged at {@code ack}, received at {@code recv}, the confirm covering {@code n}.
   */
  private static Event event(long ack, long recv, long n) {
    return new Event(0, 0, ack, recv, 0, 1, 0, n);
  }

  @Test
  void accept_mixedEvents_countsOnlyCompleteEventsThatSay() {
    ConfirmCoverage c = new ConfirmCoverage();
    for (Event e : List.of(
        event(10, 5, 1),                // single, negative
        event(10, 20, 1),               // single, positive
        event(10, 10, 1),               // single, zero: not negative
        event(10, 5, 3),                // several, negative
        event(10, 5, 2),                // several, negative
        event(10, 30, 4),               // several, positive
        Events.event(0, 0, 10, 5, 0, 1, 0), // says nothing: in neither class
        new Event(0, 0, 10, Event.MISSING, 0, Event.MISSING, Event.MISSING, 2))) { // not complete
      c.accept(e);
    }
    ConfirmCoverage.Result r = c.result();
    assertThat(r).isEqualTo(new ConfirmCoverage.Result(3, 1, 3, 2));
    assertThat(r.singleNegativeRate()).isEqualTo(new Rate(1, 3));
    assertThat(r.severalShare()).isEqualTo(new Rate(3, 6));
    assertThat(r.negativeSeveralShare()).isEqualTo(new Rate(2, 3));
  }

  @Test
  void result_noEventSays_isNoneWithUndefinedRates() {
    ConfirmCoverage c = new ConfirmCoverage();
    c.accept(Events.event(0, 0, 10, 5, 0, 1, 0));
    assertThat(c.result()).isEqualTo(ConfirmCoverage.Result.NONE);
    assertThat(c.result().singleNegativeRate().defined()).isFalse();
    assertThat(c.result().severalShare().value()).isNaN();
    assertThat(c.result().negativeSeveralShare().value()).isNaN();
  }

  @Test
  void result_countsOutOfRange_areRefused() {
    assertThatThrownBy(() -> new ConfirmCoverage.Result(1, 2, 0, 0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("single 2 of 1");
    assertThatThrownBy(() -> new ConfirmCoverage.Result(1, 0, 1, 2)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new ConfirmCoverage.Result(1, -1, 0, 0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new ConfirmCoverage.Result(1, 0, 1, -1)).isInstanceOf(IllegalArgumentException.class);
  }
}
