package ftl.harness.run;

import java.time.Instant;

/**
 * The wall clock (CLOCK_REALTIME) in microseconds ({@code send_us}, {@code recv_us}, the phase alignment): a type of
 * its own, so it cannot be passed where the {@link MonotonicClock} is expected. On Linux, {@code Instant.now()} has
 * microsecond (or finer) resolution. Tests inject a simulated one; production uses {@link #SYSTEM}.
 */
@FunctionalInterface
public interface WallClock {
  /** {@link #micros()}. */
  WallClock SYSTEM = WallClock::micros;

  /** Microseconds since the epoch on this clock. */
  long nowMicros();

  /**
   * Microseconds since the epoch, truncated.
   *
   * <p><b>WARNING</b>: one {@code Instant.now()} (about 35 ns here). The {@code Instant} it builds is
   * normally scalar-replaced by the JIT; when it is not, it is a 24-byte TLAB allocation that dies at once.
   */
  static long micros() {
    Instant now = Instant.now();
    return now.getEpochSecond() * 1_000_000L + now.getNano() / 1_000;
  }
}
