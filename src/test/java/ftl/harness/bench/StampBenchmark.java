package ftl.harness.bench;

import ftl.harness.run.StampBook;
import ftl.harness.run.WallClock;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Cost of one stamp beside {@code System.nanoTime()} alone (JMH, average time per call, ns).
 * Not a unit test (surefire runs *Test classes only). Run after {@code mvn test-compile}:
 * <pre>
 * mvn -q -o dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile=/tmp/ftl-test.cp
 * java -cp target/test-classes:target/classes:$(cat /tmp/ftl-test.cp) org.openjdk.jmh.Main StampBenchmark -prof gc
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms256m", "-Xmx256m"})
public class StampBenchmark {
  private static final int SLOTS = 1 << 16;
  private StampBook book;
  private int slot;

  @Setup
  public void setUp() {
    book = StampBook.system(0, SLOTS);
  }

  /** Baseline: the monotonic clock alone. */
  @Benchmark
  public long nanoTime() {
    return System.nanoTime();
  }

  /** The wall clock in microseconds ({@code Instant.now()}). */
  @Benchmark
  public long wallMicros() {
    return WallClock.micros();
  }

  /** The send stamp as the pacing thread takes it: nanoTime + wall clock + three array stores. */
  @Benchmark
  public long stampSend() {
    int s = slot = (slot + 1) & (SLOTS - 1);
    return book.stampSend(s, 42L);
  }

  /** The ack stamp as the producer callback takes it: nanoTime + a store + a volatile counter. */
  @Benchmark
  public void stampAck() {
    int s = slot = (slot + 1) & (SLOTS - 1);
    book.stampAck(s, null);
  }
}
