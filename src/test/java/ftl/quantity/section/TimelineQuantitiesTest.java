package ftl.quantity.section;

import ftl.quantity.core.TimelineRound;

import static ftl.data.ledger.Events.event;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.ledger.Event;
import ftl.quantity.RegistryFixtureTest;
import ftl.quantity.core.Computed;
import ftl.quantity.core.Value;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The timeline figure's rule (the sign campaign's rejected run at the median of their median flights, the window around
 * its first A &lt; 0 in the second half of its file) on synthetic events and on the synthetic data roots of {@link
 * RegistryFixtureTest}.
 */
class TimelineQuantitiesTest {

  /** An event sent at {@code i} ms with flight 400 us and displacement {@code dUs}; A &lt; 0 when dUs &gt; 400. */
  static Event ev(long seq, long dUs) {
    long send = 1_000_000_000L + seq * 1_000_000L;
    return event(seq, send, send + dUs * 1000, send + 400_000, 0, 0, 0);
  }

  static Event undelivered(long seq) {
    long send = 1_000_000_000L + seq * 1_000_000L;
    return event(seq, send, send + 100_000, Event.MISSING, 0, Event.MISSING, Event.MISSING);
  }

  static Optional<TimelineQuantities.Window> collect(List<Event> events) {
    TimelineQuantities.Collector k = new TimelineQuantities.Collector();
    events.forEach(k);
    return k.window("r1", "c1");
  }

  static List<Long> seqs(Optional<TimelineQuantities.Window> w) {
    return w.orElseThrow().rounds().stream().map(TimelineRound::seq).toList();
  }

  static Stream<Arguments> windows() {
    List<Event> late = new ArrayList<>();
    for (long s = 0; s < 20; s++) {
      late.add(ev(s, s == 10 || s == 12 ? 500 : 100));
    }
    List<Event> first = new ArrayList<>(List.of(ev(0, 600)));
    for (long s = 1; s < 12; s++) {
      first.add(ev(s, 100));
    }
    return Stream.of(
        Arguments.of("negative late in the run: 3 before, 8 in all", late,
        List.of(7L, 8L, 9L, 10L, 11L, 12L, 13L, 14L), 2L),
        Arguments.of("negative first: none before, 8 in all", first, List.of(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L), 1L),
        Arguments.of("an undelivered event before it is drawn, not a candidate",
            List.of(undelivered(0), ev(1, 100), ev(2, 700), ev(3, 100)), List.of(0L, 1L, 2L, 3L), 1L));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("windows")
  void collector_eventsInFileOrder_windowByTheRule(String label, List<Event> events, List<Long> expectedSeqs,
      long late) {
    Optional<TimelineQuantities.Window> w = collect(events);
    assertThat(seqs(w)).isEqualTo(expectedSeqs);
    assertThat(w.orElseThrow().ackAfterRecv()).isEqualTo(late);
    assertThat(w.orElseThrow().rounds().get(0).sendMicros()).isZero();
  }

  @Test
  void collector_from_skipsNegativesBeforeIt_andFindsNoneWhenAllAreEarlier() {
    List<Event> events = new ArrayList<>();
    for (long s = 0; s < 8; s++) {
      events.add(ev(s, s == 1 || s == 5 ? 600 : 100)); // A < 0 at seq 1 and 5
    }
    TimelineQuantities.Collector late = new TimelineQuantities.Collector(4);
    events.forEach(late);
    assertThat(late.window("r", "c").orElseThrow().firstNegative().seq()).isEqualTo(5);
    assertThat(late.window("r", "c").orElseThrow().rounds()).extracting(TimelineRound::seq)
        .containsExactly(2L, 3L, 4L, 5L, 6L, 7L);
    TimelineQuantities.Collector tooLate = new TimelineQuantities.Collector(6);
    events.forEach(tooLate);
    assertThat(tooLate.window("r", "c")).isEmpty();
  }

  @Test
  void collector_noNegative_noWindow() {
    assertThat(collect(List.of(ev(0, 100), ev(1, 200), undelivered(2)))).isEmpty();
  }

  @Test
  void round_stampsRelativeToTheOrigin_cellsPrintedWithOneDecimal() {
    TimelineRound r = TimelineRound.of(ev(2, 500), 1_000_000_000L);
    assertThat(r).isEqualTo(new TimelineRound(2, 2000.0, 2500.0, 2400.0));
    assertThat(r.ackAfterRecv()).isTrue();
    assertThat(r.cells()).isEqualTo(new TimelineRound.Cells("2", "2000.0", "2500.0", "2400.0", "1"));
    TimelineRound u = TimelineRound.of(event(3, 1_000_000_000L, Event.MISSING, Event.MISSING, 0, 0, 0),
        1_000_000_000L);
    assertThat(u.ackAfterRecv()).isFalse();
    assertThat(u.cells()).isEqualTo(new TimelineRound.Cells("3", "0.0", "nan", "nan", "0"));
  }

  @Test
  void round_invalid_isRefused() {
    assertThatThrownBy(() -> new TimelineRound(-1, 0, 0, 0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new TimelineRound(0, Double.NaN, 0, 0)).isInstanceOf(IllegalArgumentException.class);
  }

  static Stream<Arguments> registry() {
    return Stream.of(
        // full: the rejected runs of modeA are d1, f1, d2, f2, d4, d5, f5a, every one with median flight 400 us, so the
        // lower median in ledger order is the 4th, f2: 4 events, A < 0 only at seq 2 (D 500 us > T 400 us), which is in
        // the second half (index 2 >= 4 / 2); the window starts 2 before it (the file's start) and holds all 4 events
        Arguments.of("full", "timeline.rounds", "4"),
        Arguments.of("full", "timeline.roundsBefore", "2"),
        Arguments.of("full", "timeline.ackAfterRecv", "1"),
        Arguments.of("full", "timeline.firstNegative.ackLate", "100 \u00b5s"),
        Arguments.of("full", "timeline.firstNegative.seq", "2"),
        Arguments.of("full", "timeline.run.negativeRate", "25.00%"),
        Arguments.of("full", "timeline.run.events", "4"),
        // bare: the only ok run of modeA is never delivered, so no run is rejected
        Arguments.of("bare", "timeline.rounds", "n/a: no ok run of campaign modeA has an event with A < 0"),
        // minimal: no modeA campaign
        Arguments.of("minimal", "timeline.rounds", "n/a: modeA"));
  }

  @ParameterizedTest(name = "{0} {1} = {2}")
  @MethodSource("registry")
  void compute_fixtureRoot_matchesHandComputedText(String root, String key, String expected) {
    Computed c = RegistryFixtureTest.compute(root, key);
    if (expected.startsWith("n/a: ")) {
      assertThat(((Value.Unavailable) c.value()).reason()).contains(expected.substring(5));
    } else {
      assertThat(c.text()).isEqualTo(expected);
    }
  }

  @Test
  void rows_fixtureRoot_areTheWindowsCellsOrNone() {
    assertThat(TimelineQuantities.rows(RegistryFixtureTest.analysis("full"))).containsExactly(
        new TimelineRound.Cells("0", "0.0", "100.0", "400.0", "0"),
        new TimelineRound.Cells("1", "1000.0", "1300.0", "1400.0", "0"),
        new TimelineRound.Cells("2", "2000.0", "2500.0", "2400.0", "1"),
        new TimelineRound.Cells("3", "3000.0", "3200.0", "3400.0", "0"));
    assertThat(TimelineQuantities.rows(RegistryFixtureTest.analysis("bare"))).isEmpty();
  }
}
