package ftl.quantity.core;

import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.function.Supplier;

/**
 * A quantity with its value and printed forms.
 *
 * @param quantity the registry entry
 * @param value what the computation gave
 * @param text the plain-text form a reader quotes (e.g. {@code 62,264})
 * @param latex the LaTeX form the macro expands to
 * @param definition the definition every output prints: the quantity's own, with the campaigns it pooled named
 *     ({@link Definitions#of})
 */
public record Computed(Quantity quantity, Value value, String text, String latex, String definition) {

  /** A computed quantity printed with its declared definition (no pooled campaigns named). */
  public Computed(Quantity quantity, Value value, String text, String latex) {
    this(quantity, value, text, latex, quantity.definition());
  }

  /** Computes one quantity over the analysis. */
  public static Computed of(Quantity q, Analysis a) {
    Value v = a.compute(q);
    return new Computed(q, v, q.format().text(v, q.unit()), q.format().latex(v, q.unit()), Definitions.of(a, q));
  }

  /**
   * Every quantity of {@code quantities} over the analysis, in their order, computed on both cores (the values do
   * not depend on which thread computes what: computations are pure, shared values are computed once,
   * {@link Analysis#memo}). When computations fail, the failure of the first failing quantity in list order is thrown,
   * as a computation one by one would have thrown it.
   */
  public static List<Computed> all(List<Quantity> quantities, Analysis a) {
    // computed in another order than they are listed (results are put back in list order): the quantities that start
    // a long shared computation first, so that no core is left idle at the end while one of them finishes
    int n = quantities.size();
    int[] order = new int[n];
    int k = 0;
    for (int pass = 0; pass < 2; pass++) {
      for (int i = 0; i < n; i++) {
        if (heavy(quantities.get(i).key()) == (pass == 0)) {
          order[k++] = i;
        }
      }
    }
    List<Computed> inOrder = Parallel.computeEach(n, j -> of(quantities.get(order[j]), a));
    Computed[] out = new Computed[n];
    for (int j = 0; j < n; j++) {
      out[order[j]] = inOrder.get(j);
    }
    return List.of(out);
  }

  /**
   * Key prefixes of the quantities {@link #all} starts first: those that start the longest computations (the OMB
   * prediction over its matched runs' flights, the collapse's bootstraps and permutation tests, the threats' and the
   * audit's scans, the exposure and clock-offset predictions, the held-out grid law), measured with a per-quantity
   * timer on the archive's data. Order changes no value (computations are pure and shared values computed once;
   * {@code ParallelComputeTest}): only the time, warm {@code list --json} 2.35 -> 2.23 s.
   */
  static final List<String> HEAVY_FIRST = List.of("ombReal.heldout", "collapse.", "threat.",
      "audit.", "exposure.", "clockoffset.", "gridlaw.heldout");

  static boolean heavy(String key) {
    return HEAVY_FIRST.stream().anyMatch(key::startsWith);
  }

  /**
   * {@link #all} after every campaign has been read ({@link Analysis#readAll}): for commands that compute every
   * quantity.
   */
  public static List<Computed> allAfterReading(List<Quantity> quantities, Analysis a) {
    return allAfterReading(() -> quantities, a);
  }

  /**
   * {@link #all} of the quantities {@code registry} makes, after every campaign has been read: the campaigns are read
   * (on a thread of their own, which hands the files to the file pool) while this thread makes the registry, so the
   * registry's making no longer delays the first file. A failure of the registry is thrown first, then one of the
   * reading, as when the two ran one after the other.
   */
  public static List<Computed> allAfterReading(Supplier<List<Quantity>> registry,
                                                         Analysis a) {
    FutureTask<Void> reading = new FutureTask<>(a::readAll, null);
    Thread reader = new Thread(reading, "ftl-read-all");
    reader.setDaemon(true); // a failing registry leaves it behind: it must not keep the JVM alive
    reader.start();
    List<Quantity> quantities;
    try {
      quantities = registry.get();
    } catch (RuntimeException | Error e) {
      // the registry's failure is the command's; the reading is waited for first (its own outcome dropped), so none
      // of it outlives the command: it writes the cache, perhaps into a folder about to be deleted
      try {
        reading.get();
      } catch (InterruptedException interrupted) {
        Thread.currentThread().interrupt();
      } catch (ExecutionException dropped) {
        // reported no more than before, when the reading came after the registry
      }
      throw e;
    }
    Analysis.await(reading, "the reading of every campaign");
    return all(quantities, a);
  }

  public boolean available() {
    return value.available();
  }
}
