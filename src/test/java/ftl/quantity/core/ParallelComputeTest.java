package ftl.quantity.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.Campaign;
import ftl.data.DataSet;
import ftl.data.io.DataException;
import ftl.quantity.RealDataTest;
import ftl.quantity.Registry;
import ftl.quantity.core.Quantity.Scope;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.FutureTask;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Quantities computed on both cores, with campaigns read ahead on another thread, give what one-by-one computation
 * gives, in the same order; the first failure in list order is the one reported; a value shared by many quantities is
 * computed once. An earlier read-ahead deadlocked once (a fork-join worker waiting for a campaign that needed the
 * pool's only worker): each test here would hang, so each runs under a generous deadline.
 */
@Tag("slow") // computes every quantity of the archive many times: left out of the quick loop (mvn -Pquick test)
class ParallelComputeTest {

  private static final Duration DEADLINE = Duration.ofMinutes(5);

  private static DataSet data() {
    return DataSet.scan(Path.of("").toAbsolutePath().resolve("data"), "data");
  }

  @Test
  void allAfterReading_onEveryCore_equalsOneByOneOnTheArchiveData() {
    Assertions.assertTimeoutPreemptively(DEADLINE, () -> {
      // one by one on the archive's data as read once per test JVM (RealDataTest.ANALYSIS: every user of it
      // computes one quantity at a time), against a fresh analysis of the same files on every core
      Analysis serial = RealDataTest.ANALYSIS;
      DataSet data = serial.data();
      List<Quantity> qs = Registry.forData(data).all();
      List<String> expected = new ArrayList<>();
      for (Quantity q : qs) {
        expected.add(q.key() + "=" + Computed.of(q, serial).latex());
      }
      Analysis parallel = new Analysis(data);
      List<String> got = Computed.allAfterReading(qs, parallel).stream().map(c -> c.quantity().key() + "=" + c.latex())
          .toList();
      assertThat(got).isEqualTo(expected);
      assertThat(parallel.reads().values()).as("every events file read once").allMatch(n -> n == 1);
      assertThat(parallel.reads().keySet()).isEqualTo(serial.reads().keySet());
    });
  }

  @Test
  void all_severalFailures_throwsTheFirstInListOrder() {
    Analysis a = new Analysis(data());
    List<Quantity> qs = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      int n = i;
      qs.add(Quantity.key("test.q" + i).macro("TestQ").definition("test quantity " + i).unit(Unit.COUNT)
          .format(Format.GROUPED_INTEGER).scope(Scope.LEDGERS)
          .function("ftl.quantity.core.Computed#all").computes(x -> {
            if (n == 7 || n == 30) {
              throw new IllegalStateException("failure of " + n);
            }
            return new Value.Count(n);
          }));
    }
    for (int t = 0; t < 20; t++) {
      assertThatThrownBy(() -> Computed.all(qs, a)).hasMessage("failure of 7");
    }
    assertThat(Computed.all(qs.subList(0, 7), a)).extracting(c -> c.text())
        .containsExactly("0", "1", "2", "3", "4", "5", "6");
  }

  @Test
  void memo_askedFromManyThreadsAtOnce_computesOnceAndAllSeeIt() {
    Assertions.assertTimeoutPreemptively(DEADLINE, () -> {
      Analysis a = new Analysis(data());
      AtomicInteger computed = new AtomicInteger();
      List<Integer> seen = IntStream.range(0, 200).parallel().mapToObj(i -> a.<Integer>memo("shared", () -> {
        computed.incrementAndGet();
        // a value that itself needs the fork-join pool and a campaign, as a bootstrap over the runs does
        return IntStream.range(0, 1000).parallel().map(k -> k % 3).sum()
            + a.campaignRuns("delivery").size();
      })).toList();
      assertThat(computed).hasValue(1);
      assertThat(seen).containsOnly(seen.get(0));
      assertThatThrownBy(() -> a.memo("fails", () -> {
        throw new IllegalArgumentException("bad");
      })).hasMessage("bad");
      assertThatThrownBy(() -> a.memo("fails", () -> 1)).as("a failure is remembered like a value").hasMessage("bad");
    });
  }

  @Test
  void memo_waitersOnAndOffTheForkJoinPool_getTheValueAndErrorsAsThrown() throws Exception {
    Assertions.assertTimeoutPreemptively(DEADLINE, () -> {
      Analysis a = new Analysis(data());
      CountDownLatch started = new CountDownLatch(1);
      CountDownLatch release = new CountDownLatch(1);
      Thread computer = new Thread(() -> a.memo("slow", () -> {
        started.countDown();
        try {
          release.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        return 42;
      }));
      computer.start();
      started.await();
      // one waiter on a fork-join worker (managed block), one on a plain thread, while the value is not done
      ForkJoinTask<Integer> onPool = ForkJoinPool.commonPool()
          .submit(() -> a.<Integer>memo("slow", () -> -1));
      FutureTask<Integer> offPool = new FutureTask<>(() -> a.<Integer>memo("slow", () -> -1));
      new Thread(offPool).start();
      Thread.sleep(200);
      release.countDown();
      assertThat(onPool.get()).isEqualTo(42);
      assertThat(offPool.get()).isEqualTo(42);
      computer.join();
      assertThatThrownBy(() -> a.memo("error", () -> {
        throw new AssertionError("an error passes as it was thrown");
      })).isInstanceOf(AssertionError.class);
    });
  }

  @Test
  void allAfterReading_badDataRoot_throwsTheBadFilesError(@TempDir Path tmp) throws Exception {
    Assertions.assertTimeoutPreemptively(DEADLINE, () -> {
      Path root = tmp.resolve("data");
      for (String c : List.of("delivery", "payload")) {
        copy(Path.of("data", c), root.resolve(c));
      }
      Path events = Files.list(root.resolve("payload/events")).sorted().findFirst().orElseThrow();
      Files.write(events, new byte[] {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 1, 2, 3});
      Analysis a = new Analysis(DataSet.scan(root, "data"));
      assertThatThrownBy(() -> Computed.allAfterReading(Registry.forData(a.data()).all(), a))
          .isInstanceOf(DataException.class).hasMessageContaining(events.getFileName().toString());
    });
  }

  /**
   * The registry is made while the campaigns are read; when making it fails, that failure is thrown, but only after the
   * reading has ended: nothing of the command goes on behind it (the reading writes the cache, and a test's temporary
   * folder was once deleted under it).
   */
  @Test
  void allAfterReading_registryFails_throwsItsFailureAfterTheReadingEnded() {
    Assertions.assertTimeoutPreemptively(DEADLINE, () -> {
      DataSet data = data();
      Analysis a = new Analysis(data);
      assertThatThrownBy(() -> Computed.allAfterReading(() -> {
        throw new IllegalStateException("registry failed");
      }, a)).isInstanceOf(IllegalStateException.class).hasMessage("registry failed");
      assertThat(a.scannedCampaigns()).isEqualTo(data.campaigns().stream().map(Campaign::name)
          .collect(Collectors.toSet()));
      assertThatThrownBy(() -> Computed.allAfterReading(() -> {
        throw new AssertionError("an error, not an exception");
      }, a)).isInstanceOf(AssertionError.class);
    });
  }

  /** Each prefix of the quantities computed first names quantities of the archive's registry (none is stale). */
  @Test
  void heavyFirst_everyPrefixNamesQuantities() {
    List<String> keys = Registry.forData(data()).all().stream().map(Quantity::key).toList();
    for (String prefix : Computed.HEAVY_FIRST) {
      assertThat(keys).as(prefix).anyMatch(k -> k.startsWith(prefix));
    }
    assertThat(keys).anyMatch(k -> !Computed.heavy(k));
  }

  private static void copy(Path from, Path to) throws IOException {
    try (Stream<Path> s = Files.walk(from)) {
      for (Path p : s.toList()) {
        Path t = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(t);
        } else {
          Files.copy(p, t);
        }
      }
    }
  }
}
