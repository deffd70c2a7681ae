package ftl.harness.plan;

import java.util.Locale;

/** Scheduling policy applied to the two stamping threads (producer I/O thread and consumer thread). */
public enum Priority {
  /** Left as the JVM created them: SCHED_OTHER, nice 0. */
  DEFAULT,
  /** SCHED_FIFO at {@link #FIFO_PRIORITY} on just the two stamping threads. */
  FIFO;

  /** Real-time priority used for {@link #FIFO}. */
  public static final int FIFO_PRIORITY = 50;

  public String word() { return name().toLowerCase(Locale.ROOT); }

  public static Priority ofWord(String w) {
    for (Priority p : values()) {
      if (p.word().equals(w)) {
        return p;
      }
    }
    throw new IllegalArgumentException("must be one of default, fifo (was \"" + w + "\")");
  }
}
