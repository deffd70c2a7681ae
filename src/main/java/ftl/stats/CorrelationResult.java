package ftl.stats;

import java.util.Objects;

/**
 * rho(D, A) of one run or condition: Pearson correlation of paired displacement {@code D = ack - send} and
 * ack-referenced span {@code A = recv - ack} inside a declared window, from paired co-moments in one pass
 * ({@link PairedMoments}).
 *
 * @param window the declared window
 * @param pairsInWindow complete events whose {@code (D, A)} lay inside the window and entered the co-moments
 * @param pairsOutside complete events whose {@code (D, A)} lay outside (counted, not used)
 * @param incomplete events without {@code ack_ns} or {@code recv_ns}, which have no pair
 * @param rho Pearson r in [-1, 1], dimensionless; {@code NaN} exactly when {@code undefined != NONE}
 * @param undefined why rho is undefined, or {@code NONE}
 */
public record CorrelationResult(CorrelationWindow window, long pairsInWindow, long pairsOutside, long incomplete,
                                double rho, Undefined undefined) {

  /** Why a correlation is undefined. */
  public enum Undefined {
    /** Defined. */
    NONE,
    /** Fewer than two pairs. */
    TOO_FEW_PAIRS,
    /** A co-moment overflowed to infinity (only reachable with doubles beyond about 1e154). */
    OVERFLOW,
    /** The first variable ({@code D}) has zero variance. */
    ZERO_VARIANCE_X,
    /** The second variable ({@code A}) has zero variance. */
    ZERO_VARIANCE_Y
  }

  public CorrelationResult {
    Objects.requireNonNull(window, "window");
    Objects.requireNonNull(undefined, "undefined");
    if (pairsInWindow < 0 || pairsOutside < 0 || incomplete < 0) {
      throw new IllegalArgumentException("pair counts must not be negative");
    }
    if (undefined == Undefined.NONE) {
      if (!(rho >= -1.0 && rho <= 1.0)) {
        throw new IllegalArgumentException("rho must be in [-1, 1]: " + rho);
      }
      if (pairsInWindow < 2) {
        throw new IllegalArgumentException("a defined rho needs at least two pairs, got " + pairsInWindow);
      }
    } else if (!Double.isNaN(rho)) {
      throw new IllegalArgumentException("an undefined rho must be NaN, got " + rho);
    }
  }

  /** True when rho is a number. */
  public boolean defined() {
    return undefined == Undefined.NONE;
  }

  /** Fraction of complete events inside the window, {@code pairsInWindow / (pairsInWindow + pairsOutside)}. */
  public Rate inWindow() {
    return new Rate(pairsInWindow, pairsInWindow + pairsOutside);
  }
}
