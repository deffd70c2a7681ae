package ftl.data.registration;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * What a verdict row is, named so everywhere (docs/architecture.md#vocabulary, "Verdicts"). Only {@link #CONFIRMATORY}
 * rows are counted as evidence in a tally; an {@link #EXPLORATORY} row is dated and never called a test; a {@link
 * #CONSISTENCY} row holds by construction and is never counted.
 */
public enum VerdictKind {
  /** The criterion was registered before the data it judges (a commit before the first run, or the plan digest). */
  CONFIRMATORY("confirmatory"),
  /** The criterion was set after the data it judges: reported, dated, never a test. */
  EXPLORATORY("exploratory"),
  /** True by construction or by the design of the measurement, whatever the phenomenon: never counted. */
  CONSISTENCY("consistency");

  private final String word;

  VerdictKind(String word) {
    this.word = word;
  }

  /** The word a table or a listing writes. */
  public String word() { return word; }

  /** The words, in declaration order. */
  public static List<String> words() {
    return Arrays.stream(values()).map(VerdictKind::word).toList();
  }

  /** The kind written {@code word}, if any. */
  public static Optional<VerdictKind> of(String word) {
    return Arrays.stream(values()).filter(k -> k.word.equals(word)).findFirst();
  }
}
