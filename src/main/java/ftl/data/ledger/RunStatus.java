package ftl.data.ledger;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** A run's status in its ledger. Only {@link #OK} runs enter the analysis; the others are counted. */
public enum RunStatus {
  OK, FAILED, ABORTED;

  /** The word written in the ledger. */
  public String word() { return name().toLowerCase(Locale.ROOT); }

  /** The ledger words, in declaration order. */
  public static List<String> words() {
    return Arrays.stream(values()).map(RunStatus::word).toList();
  }

  /** Parses a ledger word; {@code null} if it is not one of {@code ok}, {@code failed}, {@code aborted}. */
  public static RunStatus ofWord(String word) {
    for (RunStatus s : values()) {
      if (s.word().equals(word)) {
        return s;
      }
    }
    return null;
  }
}
