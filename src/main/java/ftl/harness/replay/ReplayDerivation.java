package ftl.harness.replay;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Derives a send schedule from the events of one StatsBomb match, deterministically (integer arithmetic only,
 * so the same input and options give the same bytes on any machine, locale and time zone).
 *
 * <ol>
 *   <li><b>Which events.</b> Every event whose {@code type.id} is not excluded (by default the administrative
 *       types of {@link ReplayOptions#DEFAULT_EXCLUDED}, which mark no play), in the order
 *       (period, timestamp, index).</li>
 *   <li><b>Match time.</b> An event's {@code timestamp} counts from the start of its period, so the periods
 *       are laid end to end: the length of period p is the largest timestamp of any event (excluded or not) in
 *       p, and an event's match time is the sum of the lengths of the earlier periods plus its own timestamp,
 *       in milliseconds. The half-time break is thus left out; events with equal timestamps stay equal.</li>
 *   <li><b>Compression.</b> With n selected events whose match times span S = m_last - m_first ms, send i
 *       is due {@code round((m_i - m_first) * g * (n - 1) / S)} ns after the first (ties rounded half up),
 *       where g is the target mean gap: the mean gap is exactly g and the relative spacing of the match is
 *       kept, its bursts (several events in one millisecond of play become sends due at the same instant) and
 *       its pauses alike. {@code --max-events N} keeps the first N selected events before compressing.</li>
 * </ol>
 */
public final class ReplayDerivation {
  private ReplayDerivation() {}

  /** Thrown when the events leave no schedule (fewer than 2 events selected, or all at the same instant). */
  public static final class NoSchedule extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public NoSchedule(String message) { super(message); }
  }

  /** The schedule of {@code events} (in file order) under {@code options}; {@code inputSha256} identifies the file. */
  public static SendSchedule derive(List<MatchEvent> events, ReplayOptions options, String inputSha256) {
    long[] periodLength = new long[MatchEvent.MAX_PERIOD + 1];
    for (MatchEvent e : events) {
      periodLength[e.period()] = Math.max(periodLength[e.period()], e.timestampMillis());
    }
    long[] base = new long[MatchEvent.MAX_PERIOD + 1];
    for (int p = 2; p <= MatchEvent.MAX_PERIOD; p++) {
      base[p] = base[p - 1] + periodLength[p - 1];
    }
    List<MatchEvent> chosen = new ArrayList<>();
    for (MatchEvent e : events) {
      if (!options.excludedTypes().contains(e.typeId())) {
        chosen.add(e);
      }
    }
    chosen.sort(Comparator.comparingInt(MatchEvent::period).thenComparingLong(MatchEvent::timestampMillis)
        .thenComparingLong(MatchEvent::index));
    if (options.maxEvents() > 0 && chosen.size() > options.maxEvents()) {
      chosen = chosen.subList(0, options.maxEvents());
    }
    int n = chosen.size();
    if (n < 2) {
      throw new NoSchedule("only " + n + " event" + (n == 1 ? " is" : "s are")
          + " selected; a schedule needs at least 2");
    }
    long first = base[chosen.get(0).period()] + chosen.get(0).timestampMillis();
    long last = base[chosen.get(n - 1).period()] + chosen.get(n - 1).timestampMillis();
    long span = last - first;
    if (span <= 0) {
      throw new NoSchedule("the " + n + " selected events all fall at the same instant; nothing to compress");
    }
    BigInteger scale = BigInteger.valueOf(options.meanGapNanos()).multiply(BigInteger.valueOf(n - 1L));
    BigDecimal divisor = BigDecimal.valueOf(span);
    long[] offsets = new long[n];
    for (int i = 0; i < n; i++) {
      MatchEvent e = chosen.get(i);
      long m = base[e.period()] + e.timestampMillis() - first;
      offsets[i] = new BigDecimal(BigInteger.valueOf(m).multiply(scale))
          .divide(divisor, 0, RoundingMode.HALF_UP).longValueExact();
    }
    return new SendSchedule(inputSha256, options.canonicalArgs(), offsets);
  }
}
