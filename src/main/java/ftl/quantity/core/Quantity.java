package ftl.quantity.core;

import java.util.Objects;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * One registry entry: everything the paper may say about one number.
 *
 * @param key dotted key, e.g. {@code events.ackNegative}
 * @param macro LaTeX macro name without backslash, letters only, e.g. {@code NegAckSpans}
 * @param definition one line saying what is counted or computed, over which runs
 * @param unit the unit of the value
 * @param format how the value is printed
 * @param scope which data the computation reads (drives laziness and the list of source files)
 * @param function the function that computes it, named for provenance (e.g. {@code ftl.stats.SignCheck#ackNegative})
 * @param computation the computation itself, over the lazily scanned data
 */
public record Quantity(String key, String macro, String definition, Unit unit, Format format, Scope scope,
                       String function, Function<Analysis, Value> computation) {

  private static final Pattern KEY = Pattern.compile("[a-z][A-Za-z0-9]*(\\.[A-Za-z0-9][A-Za-z0-9_-]*)*");
  private static final Pattern MACRO = Pattern.compile("[A-Za-z]+");

  /** Which data a quantity reads. */
  public enum Scope {
    /** Ledgers only: no event file is opened. */
    LEDGERS,
    /** Every event file of the ok runs of the Kafka instrument. */
    KAFKA_EVENTS,
    /** Every event file of the ok runs of the no-JVM cross-check. */
    NOJVM_EVENTS,
    /** Every event file of the ok runs of the Java instrument on the other messaging systems (RabbitMQ, NATS). */
    SYSTEM_EVENTS,
    /** A table outside the campaigns (e.g. the harness audit). */
    TABLE,
    /** The real OpenMessaging Benchmark runs ({@code omb-real}) and the matched campaign's events. */
    OMB_REAL,
    /**
     * The runs of the tools people run on the other systems: OpenMessaging Benchmark's RabbitMQ and NATS drivers
     * ({@code omb-rabbitmq}, {@code omb-nats}) and RabbitMQ PerfTest ({@code perftest}).
     */
    TOOL_RUNS
  }

  public Quantity {
    Objects.requireNonNull(key);
    Objects.requireNonNull(macro);
    Objects.requireNonNull(definition);
    Objects.requireNonNull(unit);
    Objects.requireNonNull(format);
    Objects.requireNonNull(scope);
    Objects.requireNonNull(function);
    Objects.requireNonNull(computation);
    if (!KEY.matcher(key).matches()) {
      throw new IllegalArgumentException("quantity key must be dotted camelCase: " + key);
    }
    if (!MACRO.matcher(macro).matches()) {
      throw new IllegalArgumentException("macro name must be letters only (LaTeX): " + macro);
    }
    if (definition.isBlank()) {
      throw new IllegalArgumentException("quantity " + key + " needs a definition");
    }
  }
}
