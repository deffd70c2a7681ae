package ftl.harness.run;

import ftl.harness.host.ProcFs;
import ftl.harness.replay.SendSchedule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.concurrent.locks.LockSupport;

/**
 * Paces sends by intended time: send {@code i} is due at {@code startNanos + i * intervalNanos}, whatever
 * happened to send {@code i-1}. A late send does not move the schedule, so the sends after it catch up
 * back to back and the lateness shows up as pacing lag instead of vanishing (no coordinated omission).
 *
 * <p>Waiting is two-stage: {@code parkNanos} until {@code spinNanos} before the due time (a park may
 * overshoot by tens of microseconds), then a spin on the clock with {@link Thread#onSpinWait()}. The clock
 * and the park are injected so the logic is testable without sleeping.
 */
public final class Pacer {

  /** Parks the calling thread for about the given nanoseconds (may return early or late). */
  @FunctionalInterface
  public interface Parker {
    void parkNanos(long nanos);
  }

  /**
   * Default spin margin: park until 200 µs before the due time, then spin. On the 2-core KVM guest a
   * {@code parkNanos} overshoots by 60–140 µs (p50–p99) even with the thread's timer slack at 1 ns (and by
   * 120–230 µs at the default 50 µs slack), so a 100 µs margin left a median lag of about 16 µs.
   */
  public static final long DEFAULT_SPIN_NANOS = 200_000L;

  /** Timer slack the pacing thread sets on itself ({@link #tightenTimerSlack()}), nanoseconds. */
  public static final long TIMER_SLACK_NANOS = 1L;

  private final MonotonicClock nanoClock;
  private final Parker parker;
  private final long spinNanos;

  public Pacer(MonotonicClock nanoClock, Parker parker, long spinNanos) {
    this.nanoClock = Objects.requireNonNull(nanoClock, "nanoClock");
    this.parker = Objects.requireNonNull(parker, "parker");
    if (spinNanos < 0) {
      throw new IllegalArgumentException("spinNanos must be >= 0");
    }
    this.spinNanos = spinNanos;
  }

  /**
   * The production pacer: {@code System.nanoTime}, {@code LockSupport.parkNanos}, {@link #DEFAULT_SPIN_NANOS} spin
   * margin.
   */
  public static Pacer system() {
    return new Pacer(MonotonicClock.SYSTEM, LockSupport::parkNanos, DEFAULT_SPIN_NANOS);
  }

  /**
   * Sets the calling thread's timer slack to {@link #TIMER_SLACK_NANOS} through {@code /proc/<tid>/timerslack_ns}
   * (Linux 4.6+), so its parks end closer to the requested time; returns the slack read back, or -1.
   */
  public static long tightenTimerSlack() {
    try {
      int tid = ProcFs.currentTid();
      Path p = Path.of("/proc", String.valueOf(tid), "timerslack_ns");
      Files.writeString(p, String.valueOf(TIMER_SLACK_NANOS));
      return Long.parseLong(Files.readString(p).trim());
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  /** Intended (due) time of send {@code index}: {@code startNanos + index * intervalNanos}. */
  public static long intendedNanos(long startNanos, long index, long intervalNanos) {
    return startNanos + index * intervalNanos;
  }

  /**
   * Intended (due) time of send {@code index} of a replay schedule: {@code startNanos + offset(index)}. As with a fixed
   * interval, the schedule never moves: a late send does not delay the ones after it (sends due at the same instant,
   * a burst of the replayed stream, go out back to back), and every send's lateness is recorded against this time.
   */
  public static long scheduledNanos(long startNanos, SendSchedule schedule, int index) {
    return startNanos + schedule.offsetNanos(index);
  }

  /**
   * Returns once the clock has reached {@code dueNanos}; returns at once if it already has (a late send is
   * never delayed further).
   *
   * @return the clock reading that ended the wait, {@code >= dueNanos}
   */
  public long awaitNanos(long dueNanos) {
    long now = nanoClock.nowNanos();
    long parkUntil = dueNanos - spinNanos;
    while (now < parkUntil) {
      parker.parkNanos(parkUntil - now);
      now = nanoClock.nowNanos();
    }
    while (now < dueNanos) {
      Thread.onSpinWait();
      now = nanoClock.nowNanos();
    }
    return now;
  }
}
