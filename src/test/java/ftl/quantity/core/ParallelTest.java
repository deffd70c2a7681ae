package ftl.quantity.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

/** Work spread over the cores keeps item order, reports the first failure in order and never waits for itself. */
class ParallelTest {

  private static final Duration DEADLINE = Duration.ofMinutes(2);

  @Test
  void readEach_manyItems_resultsInItemOrder() {
    List<Integer> items = IntStream.range(0, 500).boxed().toList();
    assertThat(Parallel.readEach(items, i -> i * i)).isEqualTo(items.stream().map(i -> i * i).toList());
    assertThat(Parallel.readEach(List.<Integer>of(), i -> i)).isEmpty();
  }

  @Test
  void readEach_failures_throwsTheFirstInOrderAndStartsNoMore() {
    AtomicInteger started = new AtomicInteger();
    List<Integer> items = IntStream.range(0, 2000).boxed().toList();
    assertThatThrownBy(() -> Parallel.readEach(items, i -> {
      started.incrementAndGet();
      if (i == 3 || i == 1500) {
        throw new IllegalStateException("bad item " + i);
      }
      LockSupport.parkNanos(1_000_000); // 2,000 items take a second a core: time to cancel
      return i;
    })).hasMessage("bad item 3");
    assertThat(started.get()).as("items after the failure are cancelled").isLessThan(items.size());
    assertThatThrownBy(() -> Parallel.readEach(List.of(1), i -> {
      throw new AssertionError("an error passes as it was thrown");
    })).isInstanceOf(AssertionError.class);
  }

  @Test
  void readEach_fromAReaderThread_readsInlineAndNeverWaitsForItself() {
    Assertions.assertTimeoutPreemptively(DEADLINE, () -> {
      // every reader asks for more reads: with a pool that waited for itself this would never end
      List<Integer> outer = IntStream.range(0, 3 * Parallel.CORES).boxed().toList();
      List<Integer> sums = Parallel.readEach(outer, i -> Parallel.readEach(List.of(i, i + 1), x -> x).stream()
          .mapToInt(Integer::intValue).sum());
      assertThat(sums).isEqualTo(outer.stream().map(i -> 2 * i + 1).toList());
    });
  }

  @Test
  void computeEach_indicesAndFailures_inOrder() {
    assertThat(Parallel.computeEach(0, i -> i)).isEmpty();
    assertThat(Parallel.computeEach(1, i -> "only")).containsExactly("only");
    assertThat(Parallel.computeEach(100, i -> i + 1)).isEqualTo(IntStream.range(1, 101).boxed().toList());
    assertThatThrownBy(() -> Parallel.computeEach(50, i -> {
      if (i % 10 == 9) {
        throw new IllegalArgumentException("index " + i);
      }
      return i;
    })).hasMessage("index 9");
  }
}
