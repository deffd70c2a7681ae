package ftl.quantity.core;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.stats.ExactHistogram;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A condition's flight pool, merged in batches as runs arrive, is the union of its runs' histograms whatever the batch
 * size and however many runs arrive after the last full batch (synthetic histograms).
 */
class FlightPoolTest {

  @ParameterizedTest(name = "batch {0}")
  @ValueSource(ints = {1, 2, 7, 64, 1000})
  void pool_isTheUnionOfItsRuns_atAnyBatchSize(int batch) {
    SplittableRandom rnd = new SplittableRandom(batch);
    List<ExactHistogram> runs = new ArrayList<>();
    Analysis.FlightPool pool = new Analysis.FlightPool(batch);
    assertThat(pool.get()).isEqualTo(ExactHistogram.empty());
    long events = 0;
    for (int r = 0; r < 150; r++) {
      long[] sample = new long[rnd.nextInt(0, 300)];
      for (int i = 0; i < sample.length; i++) {
        sample[i] = rnd.nextLong(-50, 2_000);
      }
      events += sample.length;
      ExactHistogram h = ExactHistogram.of(sample);
      runs.add(h);
      pool.add(h);
      if (r == 70) { // asked for midway, then added to: later runs still count
        assertThat(pool.get()).isEqualTo(ExactHistogram.merge(runs));
      }
    }
    ExactHistogram expected = ExactHistogram.empty();
    for (ExactHistogram h : runs) {
      expected = expected.plus(h);
    }
    assertThat(pool.get()).isEqualTo(expected);
    assertThat(pool.get().total()).isEqualTo(events);
  }
}
