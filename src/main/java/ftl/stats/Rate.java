package ftl.stats;

import java.util.Collection;

/**
 * A count out of a total, kept as the two integers so rates pool exactly.
 *
 * <p>Formula: {@code value = count / total}; dimensionless, in [0, 1]. Degenerate case: {@code total = 0}
 * gives {@code NaN} from {@link #value()} and {@code false} from {@link #defined()}; the caller counts it as
 * undefined. Pooling adds numerators and denominators ({@link #plus}), never averages rates.
 *
 * @param count events that have the property (negative spans, kept samples, ...), {@code 0 <= count <= total}
 * @param total events examined, {@code >= 0}
 */
public record Rate(long count, long total) {

  /** The empty rate 0/0. */
  public static final Rate EMPTY = new Rate(0, 0);

  public Rate {
    if (count < 0) {
      throw new IllegalArgumentException("count must not be negative: " + count);
    }
    if (total < count) {
      throw new IllegalArgumentException("count " + count + " exceeds total " + total);
    }
  }

  /** True when {@code total > 0}, so {@link #value()} is a number. */
  public boolean defined() {
    return total > 0;
  }

  /** {@code count / total}, dimensionless in [0, 1]; {@code NaN} when {@code total = 0}. */
  public double value() {
    return total == 0 ? Double.NaN : (double) count / (double) total;
  }

  /** Pooled rate: {@code (count + other.count) / (total + other.total)}; exact, throws on long overflow. */
  public Rate plus(Rate other) {
    return new Rate(Math.addExact(count, other.count), Math.addExact(total, other.total));
  }

  /** Pooled rate over many: sum of counts over sum of totals; {@link #EMPTY} for an empty collection. */
  public static Rate pooled(Collection<Rate> rates) {
    Rate sum = EMPTY;
    for (Rate r : rates) {
      sum = sum.plus(r);
    }
    return sum;
  }
}
