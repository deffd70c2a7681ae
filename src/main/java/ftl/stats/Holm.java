package ftl.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Holm's step-down correction of a family of p-values for the family-wise error rate.
 *
 * <p>Formula: with the {@code m} p-values sorted ascending, {@code p_(1) <= .. <= p_(m)}, the adjusted values are
 * {@code p'_(i) = max_{j <= i} min(1, (m - j + 1) p_(j))}, returned in the input order; dimensionless, in
 * {@code [0, 1]}, monotone in the order of the inputs and never below them. A hypothesis is rejected at family-wise
 * level {@code alpha} when its adjusted value is at most {@code alpha}. Tied p-values get the same adjusted value.
 * Source: Holm 1979, "A simple sequentially rejective multiple test procedure", Scand. J. Statist. 6:65–70; the same
 * values as R's {@code p.adjust(p, method = "holm")}.
 *
 * <p>Degenerate cases: an empty family gives an empty array; a family of one is returned unchanged. A NaN p-value is
 * refused: leave untested hypotheses out of the family (and count them) before correcting.
 */
public final class Holm {
  private Holm() {}

  /**
   * Holm-adjusted p-values, in the input order (class javadoc).
   *
   * @param p the family's p-values, each in {@code [0, 1]}
   * @throws IllegalArgumentException when a p-value is NaN or outside {@code [0, 1]}
   */
  public static double[] adjust(double[] p) {
    int m = p.length;
    Integer[] order = new Integer[m];
    for (int i = 0; i < m; i++) {
      if (!(p[i] >= 0 && p[i] <= 1)) {
        throw new IllegalArgumentException("a p-value lies in [0, 1] (leave untested hypotheses out before"
            + " correcting): " + p[i]);
      }
      order[i] = i;
    }
    Arrays.sort(order, Comparator.comparingDouble(i -> p[i]));
    double[] out = new double[m];
    double running = 0;
    for (int r = 0; r < m; r++) {
      running = Math.max(running, Math.min(1.0, (m - r) * p[order[r]]));
      out[order[r]] = running;
    }
    return out;
  }

  /**
   * Holm-adjusted p-values of the family's hypotheses that have a p-value, by name in the input's order: a NaN p
   * (a hypothesis not tested) is left out of the family and of the result, as {@link #adjust} requires.
   *
   * @param p each hypothesis' p-value by name, NaN for one not tested
   */
  public static Map<String, Double> adjustTested(Map<String, Double> p) {
    List<String> names = new ArrayList<>();
    List<Double> tested = new ArrayList<>();
    p.forEach((k, v) -> {
      if (!Double.isNaN(v)) {
        names.add(k);
        tested.add(v);
      }
    });
    double[] adj = adjust(tested.stream().mapToDouble(Double::doubleValue).toArray());
    Map<String, Double> out = new LinkedHashMap<>();
    for (int i = 0; i < names.size(); i++) {
      out.put(names.get(i), adj[i]);
    }
    return out;
  }
}
