package ftl.quantity.core;

import ftl.data.ledger.Identifiers;
import java.util.Locale;

/**
 * How every section spells the names of its entries from a campaign's and a condition's names: a LaTeX-safe macro
 * (digits spelled as words, so that {@code s1ms} becomes {@code SOneMs}), a key segment, a blocked campaign's key stem.
 * One function per spelling, so two sections never spell the same name two ways.
 */
public final class Naming {
  private Naming() {}

  /** A LaTeX-safe macro name: the prefix, then each word of campaign and condition capitalised, digits spelled. */
  public static String macro(String prefix, String campaign, String condition) {
    return prefix + Identifiers.macroWords(campaign + " " + condition);
  }

  /** A condition name as a key segment: characters other than letters, digits, '_' and '-' become '-'. */
  public static String slug(String condition) {
    return Identifiers.keySegment(condition);
  }

  /** The word with its first letter upper-cased ({@link Locale#ROOT}). */
  public static String cap(String s) {
    return s.substring(0, 1).toUpperCase(Locale.ROOT) + s.substring(1);
  }

  /**
   * The first segment of a blocked campaign's keys: its folder name in camelCase ({@code nats-manip -> natsManip}), the
   * folder name itself for one without a hyphen.
   */
  public static String keyOf(String campaign) {
    StringBuilder b = new StringBuilder();
    boolean up = false;
    for (char ch : campaign.toCharArray()) {
      if (ch == '-') {
        up = true;
      } else {
        b.append(up ? Character.toUpperCase(ch) : ch);
        up = false;
      }
    }
    return b.toString();
  }
}
