package ftl.harness.replay;

/**
 * One event of a StatsBomb events file, reduced to what a send schedule needs.
 *
 * @param index           the event's {@code index} (1-based order within the match, as StatsBomb numbers it)
 * @param period          the event's {@code period}: 1 and 2 the halves, 3 and 4 extra time, 5 the shoot-out
 * @param timestampMillis the event's {@code timestamp} ("HH:MM:SS.mmm", time since the start of its period) in
 *     milliseconds
 * @param typeId          the event's {@code type.id} (35 Starting XI, 30 Pass, 42 Ball Receipt*, ...)
 * @param line            line of the event's opening brace in the file, for error messages
 */
public record MatchEvent(long index, int period, long timestampMillis, int typeId, long line) {
  /** The largest period StatsBomb uses (5, the penalty shoot-out). */
  public static final int MAX_PERIOD = 5;

  public MatchEvent {
    if (period < 1 || period > MAX_PERIOD) {
      throw new IllegalArgumentException("period must be 1.." + MAX_PERIOD + " (was " + period + ")");
    }
    if (timestampMillis < 0) {
      throw new IllegalArgumentException("timestamp must not be negative (was " + timestampMillis + " ms)");
    }
  }
}
