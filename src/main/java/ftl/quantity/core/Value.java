package ftl.quantity.core;

import java.util.Objects;

/** The value of a quantity: a count, a real number, a range, a recorded text, or unavailable with the reason. */
public sealed interface Value {

  /** A whole number of runs, events or samples. */
  record Count(long count) implements Value {
    public Count {
      if (count < 0) {
        throw new IllegalArgumentException("a count cannot be negative: " + count);
      }
    }
  }

  /**
   * A real number (ratio, fraction, duration); never NaN or infinite (those are {@link Unavailable}).
   *
   * @param value the number
   * @param sampleSize for a share {@code k / n} of {@code n} units (runs, samples), {@code n}: the printed precision
   *     follows its standard error ({@link Format#PERCENT_2DP}); 0 when the value is not such a share
   */
  record Real(double value, long sampleSize) implements Value {
    public Real {
      if (!Double.isFinite(value)) {
        throw new IllegalArgumentException("a real value must be finite: " + value);
      }
      if (sampleSize < 0) {
        throw new IllegalArgumentException("a sample size cannot be negative: " + sampleSize);
      }
    }

    /** A real number that is not a share of counted units. */
    public Real(double value) {
      this(value, 0);
    }

    /**
     * The share {@code count / total} of {@code total} units, which prints as precisely as its standard error allows.
     */
    public static Real share(long count, long total) {
      if (total <= 0 || count < 0 || count > total) {
        throw new IllegalArgumentException("not a share: " + count + " of " + total);
      }
      return new Real((double) count / total, total);
    }
  }

  /** A closed range [low, high], as in "7 to 80x". */
  record Range(double low, double high) implements Value {
    public Range {
      if (!Double.isFinite(low) || !Double.isFinite(high) || low > high) {
        throw new IllegalArgumentException("not a range: " + low + " to " + high);
      }
    }
  }

  /**
   * A text a ledger records and the paper quotes as it stands, not a measurement: a software version such as a
   * server's ({@code server_version}). Printed verbatim (LaTeX-escaped), so it is typed nowhere in the texts.
   */
  record Text(String text) implements Value {
    public Text {
      Objects.requireNonNull(text);
      if (text.isBlank()) {
        throw new IllegalArgumentException("a recorded text cannot be blank");
      }
    }
  }

  /** Whether a pre-registered prediction held, with the numbers that decided it. */
  record Verdict(boolean held, String basis) implements Value {
    public Verdict {
      Objects.requireNonNull(basis);
    }
  }

  /**
   * A verdict on a claim that this host's data cannot test (e.g. one-tick negatives with one clock): printed
   * "not testable here", with the reason. A value, not a missing one: the verdict table states it.
   */
  record Untestable(String reason) implements Value {
    /**
     * How the reason of a verdict that later data can still decide begins (a protocol that accrues boots, issue #53:
     * below the boots it is judged at, a prediction is not yet testable, never held or failed).
     */
    public static final String NOT_YET = "not yet testable: ";
    /**
     * How the reason of a claim's summary begins when this archive's setting cannot test the claim at all (one host has
     * one clock, issue #59): printed "not testable here", never "no confirmatory test".
     */
    public static final String NOT_HERE = "not testable here: ";

    public Untestable {
      Objects.requireNonNull(reason);
    }

    /** Whether later data can still decide it ({@link #NOT_YET}). */
    public boolean pending() {
      return reason.startsWith(NOT_YET);
    }

    /** Whether the setting cannot test it at all ({@link #NOT_HERE}). */
    public boolean notHere() {
      return reason.startsWith(NOT_HERE);
    }

    /** How it is printed: "not yet testable" when {@link #pending}, else "not testable here". */
    public String word() {
      return pending() ? "not yet testable" : "not testable here";
    }
  }

  /** No value can be computed; the reason says why (e.g. no campaign data present). */
  record Unavailable(String reason) implements Value {
    public Unavailable {
      Objects.requireNonNull(reason);
    }
  }

  /** True unless {@link Unavailable}. */
  default boolean available() {
    return !(this instanceof Unavailable);
  }

  /** The value as a JSON-friendly object: a long, a double, a two-element array, a boolean, a string, or null. */
  default Object json() {
    if (this instanceof Count c) {
      return c.count();
    }
    if (this instanceof Real r) {
      return r.value();
    }
    if (this instanceof Range g) {
      return new double[] {g.low(), g.high()};
    }
    if (this instanceof Verdict v) {
      return v.held();
    }
    if (this instanceof Text t) {
      return t.text();
    }
    if (this instanceof Untestable u) {
      return u.word();
    }
    return null;
  }
}
