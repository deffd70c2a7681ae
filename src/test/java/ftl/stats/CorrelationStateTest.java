package ftl.stats;

import static ftl.data.ledger.Events.event;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.ledger.Event;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link WindowedCorrelation#state()} and {@link WindowedCorrelation#restore}: a stored run summary must give
 * back a correlation that reports and merges bit for bit as the one the scan built.
 */
class CorrelationStateTest {

  private static final CorrelationWindow WINDOW = new CorrelationWindow(0, 5_000_000, -5_000_000, 5_000_000);

  /** A correlation fed a sequence of pairs, named for the report. */
  record Fed(String label, WindowedCorrelation correlation) {
    @Override
    public String toString() {
      return label;
    }
  }

  static Stream<Fed> fedCases() {
    WindowedCorrelation empty = new WindowedCorrelation(WINDOW);
    WindowedCorrelation one = new WindowedCorrelation(WINDOW);
    one.acceptPair(1_000, -2_000);
    WindowedCorrelation fixture = new WindowedCorrelation(new CorrelationWindow(100, 500, 0, 1000));
    EventFixtures.load("corr_window.csv").forEach(fixture::accept);
    WindowedCorrelation random = new WindowedCorrelation(WINDOW);
    SplittableRandom rnd = new SplittableRandom(7);
    for (int i = 0; i < 5_000; i++) {
      long d = rnd.nextLong(-100_000, 6_000_000);
      random.acceptPair(d, rnd.nextLong(-6_000_000, 6_000_000) - d / 3);
      if (i % 17 == 0) {
        random.accept(event(i, 1, Event.MISSING, 5, 1, 2, 1));
      }
    }
    return Stream.of(new Fed("no pairs", empty), new Fed("one pair", one), new Fed("fixture corr_window.csv", fixture),
        new Fed("5000 random pairs, some outside, some incomplete", random));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("fedCases")
  void restore_ofState_reportsAndMergesBitForBit(Fed c) {
    WindowedCorrelation restored = WindowedCorrelation.restore(c.correlation().state());
    assertThat(restored.state()).isEqualTo(c.correlation().state());
    assertThat(bits(restored.state())).containsExactlyElementsOf(bits(c.correlation().state()));
    assertThat(restored.result()).isEqualTo(c.correlation().result());
    // Merged into a run total, the restored copy adds exactly what the original adds.
    WindowedCorrelation viaOriginal = new WindowedCorrelation(c.correlation().state().window());
    viaOriginal.acceptPair(150, 20);
    viaOriginal.acceptPair(450, 900);
    WindowedCorrelation viaRestored = WindowedCorrelation.restore(viaOriginal.state());
    viaOriginal.merge(c.correlation());
    viaRestored.merge(restored);
    assertThat(bits(viaRestored.state())).containsExactlyElementsOf(bits(viaOriginal.state()));
  }

  @Test
  void restore_isIndependentOfItsSource() {
    WindowedCorrelation a = new WindowedCorrelation(WINDOW);
    a.acceptPair(10, 20);
    a.acceptPair(30, 10);
    WindowedCorrelation.State before = a.state();
    WindowedCorrelation b = WindowedCorrelation.restore(before);
    b.acceptPair(50, 50);
    assertThat(a.state()).isEqualTo(before);
    assertThat(b.state().pairs()).isEqualTo(3);
  }

  @Test
  void state_negativeCountOrNoWindow_throws() {
    assertThatThrownBy(() -> new WindowedCorrelation.State(WINDOW, -1, 0, 0, 0, 0, 0, 0, 0))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("pairs -1");
    assertThatThrownBy(() -> new WindowedCorrelation.State(WINDOW, 0, 0, 0, 0, 0, 0, -1, 0))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("outside -1");
    assertThatThrownBy(() -> new WindowedCorrelation.State(WINDOW, 0, 0, 0, 0, 0, 0, 0, -1))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("incomplete -1");
    assertThatThrownBy(() -> new WindowedCorrelation.State(null, 0, 0, 0, 0, 0, 0, 0, 0))
        .isInstanceOf(NullPointerException.class);
  }

  private static List<Long> bits(WindowedCorrelation.State s) {
    return List.of(s.window().minDisplacementNanos(), s.window().maxDisplacementNanos(), s.window().minAckSpanNanos(),
        s.window().maxAckSpanNanos(), s.pairs(), Double.doubleToRawLongBits(s.meanDisplacementNanos()),
        Double.doubleToRawLongBits(s.meanAckSpanNanos()), Double.doubleToRawLongBits(s.comomentDD()),
        Double.doubleToRawLongBits(s.comomentAA()), Double.doubleToRawLongBits(s.comomentDA()), s.outside(),
        s.incomplete());
  }
}
