package ftl.data.ledger;

import ftl.data.io.DataException;
import ftl.data.io.Echo;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Identifiers that come from data: campaign folder names, run ids, condition names, and the identifier-like
 * ledger columns ({@link #LEDGER_COLUMNS}: priority, geometry, acks, instrument). They reach registry keys,
 * LaTeX macro names, generated tables and the figure data that pgfplots reads, so they are held to a
 * whitelist rather than escaped: an ASCII letter or digit, then letters, digits, {@code . _ - = ,} (the
 * no-JVM cross-check names conditions {@code s=1ms,phase=0us}), at most {@value #MAX_LENGTH} characters: no
 * space, no TeX special character but {@code _} (escaped where typeset), nothing outside ASCII. Anything else
 * is bad data.
 */
public final class Identifiers {
  /** Longest identifier accepted. */
  public static final int MAX_LENGTH = 64;

  /** What the whitelist allows, for messages. */
  public static final String RULE =
      "an ASCII letter or digit, then letters, digits, '.', '_', '-', '=' or ',', at most "
      + MAX_LENGTH + " characters";

  private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._=,-]*");

  /** Ledger columns whose values are identifiers (checked when not empty). */
  public static final List<String> LEDGER_COLUMNS = Stream.of(LedgerSchema.RUN_ID, LedgerSchema.CONDITION,
      LedgerSchema.PRIORITY, LedgerSchema.GEOMETRY, LedgerSchema.ACKS, LedgerSchema.INSTRUMENT)
      .map(LedgerSchema.Column::name).toList();

  private Identifiers() {}

  /**
   * True when {@code s} is a safe identifier. The rule is {@link #SAFE}; a scan of the characters
   * ({@link #plainSafe}) accepts the identifiers that follow it without building a matcher, and the expression
   * decides every other one.
   */
  public static boolean safe(String s) {
    return s != null && !s.isEmpty() && s.length() <= MAX_LENGTH && (plainSafe(s) || SAFE.matcher(s).matches());
  }

  /**
   * A fast sufficient test for {@link #SAFE}: an ASCII letter or digit, then ASCII letters, digits and
   * {@code . _ = , -}. False for anything else, which {@link #SAFE} then decides.
   */
  static boolean plainSafe(String s) {
    int n = s.length();
    if (n == 0 || !asciiAlnum(s.charAt(0))) {
      return false;
    }
    for (int i = 1; i < n; i++) {
      char c = s.charAt(i);
      if (!asciiAlnum(c) && c != '.' && c != '_' && c != '=' && c != ',' && c != '-') {
        return false;
      }
    }
    return true;
  }

  private static boolean asciiAlnum(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
  }

  /** The rule {@link #safe} applies, by its regular expression alone (tests hold {@link #plainSafe} to it). */
  static boolean safeByRule(String s) {
    return s != null && !s.isEmpty() && s.length() <= MAX_LENGTH && SAFE.matcher(s).matches();
  }

  /**
   * Returns {@code value} when it is a safe identifier.
   *
   * @param what what the value is, for the message ({@code condition}, {@code campaign folder name})
   * @throws DataException naming file and line otherwise
   */
  public static String require(String value, String what, String file, long line) {
    if (!safe(value)) {
      throw new DataException(file, line, what + " \"" + Echo.of(value) + "\" is not a safe identifier (" + RULE + ")",
          null);
    }
    return value;
  }

  private static final String[] DIGITS = {"Zero", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight",
      "Nine"};

  /**
   * Identifier words as a LaTeX-safe macro fragment: each run of letters and digits, capitalised, digits
   * spelled ({@code s1ms} becomes {@code SOneMs}); other characters separate words. Two identifiers that
   * give the same fragment cannot both name quantities (see {@code ftl.quantity.section.ConditionQuantities}).
   */
  public static String macroWords(String identifiers) {
    StringBuilder sb = new StringBuilder();
    for (String part : identifiers.split("[^A-Za-z0-9]+")) {
      StringBuilder w = new StringBuilder();
      for (char ch : part.toCharArray()) {
        if (ch >= '0' && ch <= '9') {
          w.append(DIGITS[ch - '0']);
        } else if (w.length() == 0) {
          w.append(Character.toUpperCase(ch));
        } else {
          w.append(ch);
        }
      }
      if (w.length() > 0) {
        w.setCharAt(0, Character.toUpperCase(w.charAt(0)));
      }
      sb.append(w);
    }
    return sb.toString();
  }

  /**
   * An identifier as one key segment: characters other than letters, digits, '_' and '-' become '-', trimmed of '-'.
   */
  public static String keySegment(String identifier) {
    return identifier.replaceAll("[^A-Za-z0-9_-]+", "-").replaceAll("^-+|-+$", "");
  }
}
