package ftl.harness.run;

import java.time.Instant;

/** The wall clock (CLOCK_REALTIME) in microseconds. On Linux, {@code Instant.now()} has microsecond (or finer) resolution. */
public final class WallClock {
  private WallClock() {}

  /**
   * Microseconds since the epoch, truncated.
   *
   * <p><b>WARNING</b>: one {@code Instant.now()} (about 35 ns here). The {@code Instant} it builds is
   * normally scalar-replaced by the JIT; when it is not, it is a 24-byte TLAB allocation that dies at once.
   */
  public static long micros() {
    Instant now = Instant.now();
    return now.getEpochSecond() * 1_000_000L + now.getNano() / 1_000;
  }
}
