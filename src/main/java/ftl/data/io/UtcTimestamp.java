package ftl.data.io;

import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The ledgers' timestamps (type {@code datetime} in the data dictionary): a UTC instant written
 * {@code YYYY-MM-DDThh:mm:ss[.f]Z}, with 1 to 9 digits of fraction, as the instrument writes it
 * ({@link java.time.Instant#toString} of an instant truncated to the millisecond). The date and time must exist
 * (no 13th month, no 30 February, no 24:00 or leap second). Read with {@link LocalDateTime#of} from the matched
 * fields, not through a {@link java.time.format.DateTimeFormatter}: the formatter's first use cost a cold command
 * about 90 ms, and every ledger cell of this type is checked when the ledger is read.
 */
public final class UtcTimestamp {
  private UtcTimestamp() {}

  /** The written form. */
  public static final String FORM = "YYYY-MM-DDThh:mm:ss[.f]Z (UTC, 1 to 9 digits of fraction)";

  private static final Pattern PATTERN =
      Pattern.compile("([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\\.([0-9]{1,9}))?Z");

  /**
   * The instant {@code text} writes, in milliseconds since the epoch (a fraction below the millisecond dropped, as
   * {@link java.time.Instant#toEpochMilli} drops it); empty when it is not of the form or names no real date and time.
   */
  public static OptionalLong epochMillis(String text) {
    Matcher m = PATTERN.matcher(text);
    if (!m.matches()) {
      return OptionalLong.empty();
    }
    long seconds;
    try {
      seconds = LocalDateTime.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
          Integer.parseInt(m.group(3)),
          Integer.parseInt(m.group(4)), Integer.parseInt(m.group(5)), Integer.parseInt(m.group(6)))
          .toEpochSecond(ZoneOffset.UTC);
    } catch (DateTimeException e) {
      return OptionalLong.empty();
    }
    String fraction = m.group(7) == null ? "" : m.group(7);
    long millis = fraction.isEmpty() ? 0 : Long.parseLong((fraction + "00").substring(0, 3));
    return OptionalLong.of(seconds * 1000 + millis);
  }
}
