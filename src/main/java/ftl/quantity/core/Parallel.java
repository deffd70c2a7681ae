package ftl.quantity.core;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * How the analysis spreads its work over the machine's cores, with results that never depend on it: every result is
 * put at its item's index, and when items fail, the failure of the first failing item in order is the one thrown, as
 * a one-by-one loop would have thrown it.
 *
 * <p>Files are read by a pool of one thread per core ({@link #readEach}): reading an events file is CPU work (inflate,
 * SHA-256, parse), and a thread that waits for a campaign's files waits outside the pool, so it never holds a core
 * the files need. (Java's common fork-join pool has one worker on two cores; a thread waiting for its parallel stream
 * there was seen to leave one core idle.) Quantities are computed by threads that each take the next index
 * ({@link #computeEach}), so a slow quantity does not hold up a fixed share of the others.
 */
public final class Parallel {

  /** Threads of the file pool: one per core. */
  public static final int CORES = Runtime.getRuntime().availableProcessors();

  private static final ThreadGroup READERS = new ThreadGroup("ftl-file-readers");
  private static final AtomicInteger READER_IDS = new AtomicInteger();
  private static final ExecutorService FILES = Executors.newFixedThreadPool(CORES, task -> {
    Thread t = new Thread(READERS, task, "ftl-file-reader-" + READER_IDS.incrementAndGet());
    t.setDaemon(true);
    return t;
  });

  private Parallel() {}

  /**
   * {@code read} applied to every item on the file pool, results in item order. Called from a thread of the pool
   * itself (a read that needs another read), the items are read on that thread, in order, so the pool never waits
   * for itself. When an item fails, the items not yet started are cancelled.
   */
  public static <I, O> List<O> readEach(List<I> items, Function<I, O> read) {
    if (Thread.currentThread().getThreadGroup() == READERS) {
      List<O> out = new ArrayList<>(items.size());
      for (I item : items) {
        out.add(read.apply(item));
      }
      return out;
    }
    List<CompletableFuture<O>> futures = new ArrayList<>(items.size());
    for (I item : items) {
      futures.add(CompletableFuture.supplyAsync(() -> read.apply(item), FILES));
    }
    List<O> out = new ArrayList<>(items.size());
    try {
      for (CompletableFuture<O> f : futures) {
        out.add(joined(f));
      }
    } finally {
      futures.forEach(f -> f.cancel(false)); // done ones are not affected; after a failure the rest are not started
    }
    return out;
  }

  /**
   * {@code compute} of every index {@code 0..n-1} on {@link #CORES} threads (this one and fresh ones), each taking
   * the next index not yet taken; results by index.
   */
  public static <O> List<O> computeEach(int n, IntFunction<O> compute) {
    Object[] out = new Object[n];
    AtomicInteger next = new AtomicInteger();
    Runnable worker = () -> {
      for (int i = next.getAndIncrement(); i < n; i = next.getAndIncrement()) {
        try {
          out[i] = compute.apply(i);
        } catch (RuntimeException e) {
          out[i] = new Failed(e);
        }
      }
    };
    List<CompletableFuture<Void>> helpers = new ArrayList<>();
    for (int k = 1; k < Math.min(CORES, n); k++) {
      String name = "ftl-compute-" + k;
      helpers.add(CompletableFuture.runAsync(worker, task -> {
        Thread t = new Thread(task, name);
        t.setDaemon(true);
        t.start();
      }));
    }
    worker.run();
    CompletableFuture.allOf(helpers.toArray(CompletableFuture[]::new)).join();
    List<O> results = new ArrayList<>(n);
    for (Object o : out) {
      if (o instanceof Failed f) {
        throw f.failure();
      }
      @SuppressWarnings("unchecked")
      O value = (O) o;
      results.add(value);
    }
    return results;
  }

  /** An item's failure, kept at its index. */
  private record Failed(RuntimeException failure) {}

  /** The value of a read (waiting through interrupts); its failure as it was thrown. */
  private static <O> O joined(CompletableFuture<O> f) {
    try {
      return f.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof Error err) {
        throw err;
      }
      throw (RuntimeException) e.getCause(); // a read is a Function: it throws no checked exception
    }
  }
}
