package ftl.harness.replay;

import ftl.harness.plan.Durations;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The options of a schedule derivation (see {@link ReplayDerivation}).
 *
 * @param meanGapNanos  target mean time between two consecutive sends, nanoseconds, {@value
 *     #MIN_MEAN_GAP_NANOS}..{@value #MAX_MEAN_GAP_NANOS}
 * @param excludedTypes StatsBomb {@code type.id}s left out of the schedule (sorted; may be empty)
 * @param maxEvents     keep only the first this many selected events (0 = all)
 */
public record ReplayOptions(long meanGapNanos, SortedSet<Integer> excludedTypes, int maxEvents) {

  public static final long MIN_MEAN_GAP_NANOS = 1_000L;
  public static final long MAX_MEAN_GAP_NANOS = 1_000_000_000L;
  /**
   * The administrative event types left out by default, which mark no play on the ball: 35 Starting XI,
   * 18 Half Start, 34 Half End, 36 Tactical Shift, 19 Substitution, 26 Player On, 27 Player Off, 40 Injury Stoppage.
   */
  public static final SortedSet<Integer> DEFAULT_EXCLUDED =
      Collections.unmodifiableSortedSet(new TreeSet<>(List.of(18, 19, 26, 27, 34, 35, 36, 40)));

  public ReplayOptions {
    Objects.requireNonNull(excludedTypes, "excludedTypes");
    if (meanGapNanos < MIN_MEAN_GAP_NANOS || meanGapNanos > MAX_MEAN_GAP_NANOS) {
      throw new IllegalArgumentException("--mean-gap must be 1us..1s (was " + Durations.format(meanGapNanos) + ")");
    }
    if (maxEvents < 0) {
      throw new IllegalArgumentException("--max-events must be 0 (all) or positive (was " + maxEvents + ")");
    }
    excludedTypes = Collections.unmodifiableSortedSet(new TreeSet<>(excludedTypes));
  }

  /** Parses an exclusion list: {@code none}, {@code default}, or comma-separated type ids ({@code 35,18}). */
  public static SortedSet<Integer> parseTypes(String text) {
    String s = text.trim();
    if (s.equals("none")) {
      return new TreeSet<>();
    }
    if (s.equals("default")) {
      return new TreeSet<>(DEFAULT_EXCLUDED);
    }
    SortedSet<Integer> out = new TreeSet<>();
    for (String part : s.split(",", -1)) {
      if (!part.trim().matches("[0-9]{1,6}")) {
        throw new IllegalArgumentException("--exclude-types: \"" + part
            + "\" is not a type id (give none, default, or ids like 35,18)");
      }
      out.add(Integer.parseInt(part.trim()));
    }
    return out;
  }

  /** The canonical command-line spelling, the same for equal options whatever was typed. */
  public List<String> canonicalArgs() {
    List<String> a = new ArrayList<>();
    a.add("--mean-gap");
    a.add(Durations.format(meanGapNanos));
    a.add("--exclude-types");
    a.add(excludedTypes.isEmpty() ? "none" : excludedTypes.stream().map(String::valueOf)
        .collect(Collectors.joining(",")));
    a.add("--max-events");
    a.add(String.valueOf(maxEvents));
    return a;
  }
}
