package ftl.harness.run;

/**
 * The monotonic clock of the stamping threads ({@code send_ns}, {@code ack_ns}, {@code recv_ns}), of the pacer and of
 * every deadline of a run: a type of its own, as Caffeine reads time through a {@code Ticker}, so it cannot be passed
 * where the {@link WallClock} is expected (both were {@code LongSupplier}s, interchangeable without a compile error).
 * Tests inject a simulated one; production uses {@link #SYSTEM}.
 */
@FunctionalInterface
public interface MonotonicClock {
  /** {@code System.nanoTime}. */
  MonotonicClock SYSTEM = System::nanoTime;

  /**
   * Nanoseconds from an arbitrary origin, never decreasing.
   *
   * <p><b>WARNING</b>: read on the stamping threads once per stamp; {@link #SYSTEM} costs one {@code clock_gettime}
   * (about 25 ns on this host through the vDSO), time that falls inside the span it stamps.
   */
  long nowNanos();
}
