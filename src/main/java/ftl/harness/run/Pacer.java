package ftl.harness.run;

import java.util.Objects;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * Paces sends by intended time: send {@code i} is due at {@code startNanos + i * intervalNanos}, whatever
 * happened to send {@code i-1}. A late send does not move the schedule, so the sends after it catch up
 * back to back and the lateness shows up as pacing lag instead of vanishing (no coordinated omission).
 *
 * <p>Waiting is two-stage: {@code parkNanos} until {@link #spinNanos} before the due time (a park may
 * overshoot by tens of microseconds), then a spin on the clock with {@link Thread#onSpinWait()}. The clock
 * and the park are injected so the logic is testable without sleeping.
 */
public final class Pacer {

  /** Parks the calling thread for about the given nanoseconds (may return early or late). */
  @FunctionalInterface
  public interface Parker {
    void parkNanos(long nanos);
  }

  /** Default spin margin: park until 100 µs before the due time, then spin. */
  public static final long DEFAULT_SPIN_NANOS = 100_000L;

  private final LongSupplier nanoClock;
  private final Parker parker;
  private final long spinNanos;

  public Pacer(LongSupplier nanoClock, Parker parker, long spinNanos) {
    this.nanoClock = Objects.requireNonNull(nanoClock, "nanoClock");
    this.parker = Objects.requireNonNull(parker, "parker");
    if (spinNanos < 0) {
      throw new IllegalArgumentException("spinNanos must be >= 0");
    }
    this.spinNanos = spinNanos;
  }

  /** The production pacer: {@code System.nanoTime}, {@code LockSupport.parkNanos}, 100 µs spin margin. */
  public static Pacer system() {
    return new Pacer(System::nanoTime, LockSupport::parkNanos, DEFAULT_SPIN_NANOS);
  }

  /** Intended (due) time of send {@code index}: {@code startNanos + index * intervalNanos}. */
  public static long intendedNanos(long startNanos, long index, long intervalNanos) {
    return startNanos + index * intervalNanos;
  }

  /**
   * Returns once the clock has reached {@code dueNanos}; returns at once if it already has (a late send is
   * never delayed further).
   *
   * @return the clock reading that ended the wait, {@code >= dueNanos}
   */
  public long awaitNanos(long dueNanos) {
    long now = nanoClock.getAsLong();
    long parkUntil = dueNanos - spinNanos;
    while (now < parkUntil) {
      parker.parkNanos(parkUntil - now);
      now = nanoClock.getAsLong();
    }
    while (now < dueNanos) {
      Thread.onSpinWait();
      now = nanoClock.getAsLong();
    }
    return now;
  }

  public long spinNanos() { return spinNanos; }
}
